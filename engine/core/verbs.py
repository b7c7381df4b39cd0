"""Typed actions: a :class:`Verb` declares its arguments' types and states its rule once.

A verb's arguments are declared as :class:`Arg` objects — :class:`UnitArg` (a token, by id),
:class:`CellArg` (``x,y``), :class:`NumberArg`, :class:`NameArg` (one of a scenario's list) and
:class:`SiteArg` (a site, by id). The engine parses an action's text once into a
:class:`TypedAction` whose ``args`` are the typed values (a ``Token``, a cell tuple, an int…),
and derives from the verb's two rule methods everything an :class:`ActionKind` must answer:

- ``candidates(game, seat)``: the argument tuples worth trying now (typed values);
- ``refusal(game, seat, move)``: why ``move`` is not legal now, or None.

``legal`` is the candidates the refusal accepts; ``check`` parses the text (a malformed or unknown
argument is refused by its :class:`Arg`), then raises the refusal; ``apply`` parses and calls
``perform(game, seat, move)``. A verb may keep a faster ``legal`` of its own: the conformance
harness compares it with the derived one (:meth:`Verb.derived_legal`) on every scenario.

>>> class Step(Verb):
...     verb, args = "step", (CellArg("to"),)
...     def candidates(self, game, seat):
...         return [((1, 0),), ((0, 1),)]
...     def refusal(self, game, seat, move):
...         (to,) = move.args
...         return None if to != (0, 1) else "not up"
>>> Step().usage
'step x,y'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from distant_galaxy.core.actions import END, Action, ActionKind, format_arg, parse_pos
from distant_galaxy.errors import IllegalAction, MalformedAction
from distant_galaxy.stash import StashKey

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Site, Token
    from distant_galaxy.scenario.model import Scenario

Pos = tuple[int, int]


# -- argument types --------------------------------------------------------------------------
class Arg:
    """One declared argument: its ``name`` (the usage word), its ``kind`` (``unit``, ``cell``,
    ``number``, ``name``, ``site``, or ``word`` for a legacy kind's text), how its text parses
    into a value (``parse``), the value's text (``text``) and its domain for a fixed action index
    space (``domain``: the texts it may take, or None for a cell slot)."""

    kind: ClassVar[str] = "word"
    #: how the usage line writes the argument when no ``name`` is given
    default_name: ClassVar[str] = "WORD"

    def __init__(self, name: str | None = None):
        self.name = name or self.default_name

    def parse(self, game: Game, seat: str, text: str) -> Any:
        """The typed value of ``text`` (an :class:`~distant_galaxy.errors.ActionError` saying
        why there is none)."""
        return text

    def text(self, value: Any) -> str:
        """The text form of a value (the inverse of :meth:`parse`)."""
        return format_arg(value)

    def domain(self, scenario: Scenario) -> list[str] | None:
        """Every text the argument may take in ``scenario``, or None when the argument stands for
        a cell (a cell, or a token by the cell it stands on): the adapters' index space."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


class WordArg(Arg):
    """A word kept as text (what a legacy :class:`ActionKind`'s arguments are)."""


class CellArg(Arg):
    """A cell ``x,y`` → ``(x, y)``."""

    kind = "cell"
    default_name = "x,y"

    def parse(self, game: Game, seat: str, text: str) -> Pos:
        return parse_pos(text)


class NumberArg(Arg):
    """A whole number (``lo``..``hi`` when given: its domain)."""

    kind = "number"
    default_name = "N"

    def __init__(self, name: str | None = None, lo: int | None = None, hi: int | None = None):
        super().__init__(name)
        self.lo, self.hi = lo, hi

    def parse(self, game: Game, seat: str, text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise MalformedAction(f"{self.name} must be a number, got {text!r}") from None

    def domain(self, scenario: Scenario) -> list[str] | None:
        if self.lo is None or self.hi is None:
            return []
        return [str(n) for n in range(self.lo, self.hi + 1)]


class NameArg(Arg):
    """One name of a scenario's list (``choices(scenario)``: unit types, abilities…), kept as
    text; a name not in it is refused here (``what`` names the list in the message)."""

    kind = "name"
    default_name = "NAME"

    def __init__(self, name: str | None = None,
                 choices: Callable[[Scenario], Iterable[str]] | None = None, what: str = "name"):
        super().__init__(name)
        self.choices, self.what = choices, what
        #: the scenario's names as a set, made once per scenario (a parse is on every apply)
        self._known = StashKey[frozenset[str]]()

    def parse(self, game: Game, seat: str, text: str) -> str:
        stash = game.scenario.stash
        known = stash.get(self._known, None)
        if known is None:
            known = stash[self._known] = frozenset(self.domain(game.scenario) or ())
        if known and text not in known:
            raise IllegalAction(f"unknown {self.what} '{text}' "
                                f"({', '.join(self.domain(game.scenario) or ())})")
        return text

    def domain(self, scenario: Scenario) -> list[str] | None:
        return list(self.choices(scenario)) if self.choices is not None else []


class _ById(Arg):
    """An object of the state by its id (``find`` may replace the look-up: a plugin's own,
    whose refusal lists the seat's objects; by default an unknown id is refused)."""

    def __init__(self, name: str | None = None,
                 find: Callable[[Game, str, str], Any] | None = None, what: str | None = None):
        super().__init__(name)
        self.find, self.what = find, what or self.kind

    def parse(self, game: Game, seat: str, text: str) -> Any:
        """The object (``find`` may return None: its verb's refusal then says why)."""
        if self.find is not None:
            return self.find(game, seat, text)
        found = self.table(game).get(text)
        if found is None:
            raise IllegalAction(f"there is no {self.what} '{text}'")
        return found

    def table(self, game: Game) -> dict[str, Any]:
        raise NotImplementedError  # pragma: no cover - each subclass says where it looks

    def text(self, value: Any) -> str:
        return value if isinstance(value, str) else str(value.id)


class UnitArg(_ById):
    """A token by id → the ``Token`` (``find(game, seat, text) -> Token | None`` may replace the
    look-up)."""

    kind = "unit"
    default_name = "UNIT"

    def table(self, game: Game) -> dict[str, Token]:
        return game.state.tokens


class SiteArg(_ById):
    """A site by id → the ``Site`` (``find`` as for :class:`UnitArg`)."""

    kind = "site"
    default_name = "SITE"

    def table(self, game: Game) -> dict[str, Site]:
        return game.state.sites

    def domain(self, scenario: Scenario) -> list[str] | None:
        return sorted(s.get("id") or f"{s['kind']}-{i + 1}"
                      for i, s in enumerate(scenario.map_sites))


# -- the typed action ---------------------------------------------------------------------------
class TypedAction:
    """An action parsed once: its verb's ``kind``, ``args`` (the typed values, in order) and
    ``params`` (the declared :class:`Arg` of each). ``action`` is its text form
    (:class:`~distant_galaxy.core.actions.Action`); ``arguments()`` pairs each declaration with
    its value, for a user interface that shows which token or cell an action names."""

    __slots__ = ("_action", "args", "kind")

    def __init__(self, kind: ActionKind, args: tuple[Any, ...], action: Action | None = None):
        self.kind = kind
        self.args = args
        self._action = action

    @property
    def verb(self) -> str:
        return self.kind.verb

    @property
    def params(self) -> tuple[Arg, ...]:
        return params_of(self.kind, len(self.args))

    @property
    def action(self) -> Action:
        act = self._action
        if act is None:
            act = self._action = Action(self.kind.verb, tuple(
                p.text(v) for p, v in zip(self.params, self.args, strict=True)))
        return act

    def arguments(self) -> list[tuple[Arg, Any]]:
        """``[(declared Arg, typed value), …]`` in order."""
        return list(zip(self.params, self.args, strict=True))

    def __str__(self) -> str:
        return str(self.action)

    def __repr__(self) -> str:
        return f"TypedAction({str(self.action)!r}, args={self.args!r})"


def params_of(kind: ActionKind, n: int = 0) -> tuple[Arg, ...]:
    """The declarations of ``n`` arguments of ``kind``: its ``args``, the last one repeated when
    its arity allows more (a chain of cells); a legacy kind's: ``n`` words."""
    declared = getattr(kind, "args", None)
    if declared is None:
        return tuple(WordArg(f"ARG{i + 1}") for i in range(n))
    if n > len(declared) and declared:
        return (*declared, *(declared[-1],) * (n - len(declared)))
    return declared


def typed(game: Game, action: Action | str) -> TypedAction:
    """``action`` (or its text) parsed into its typed arguments for the pending seat of
    ``game``: a :class:`Verb`'s by its declarations, a legacy kind's as words. Raises the
    :class:`~distant_galaxy.errors.ActionError` of a malformed or unknown argument."""
    act = game.parse(action) if isinstance(action, str) else action
    kind = game.kinds[act.verb]
    pend = game.state.pending
    seat = pend.seat if pend is not None else ""
    if isinstance(kind, Verb):
        return kind.typed(game, seat, act)
    return TypedAction(kind, act.args, act)


# -- the verb ---------------------------------------------------------------------------------
class Verb(ActionKind):
    """An action kind that declares its arguments (``args``) and states its rule once.

    Define ``candidates`` (typed argument tuples), ``refusal`` (a reason or None) and
    ``perform`` (the effect, given the :class:`TypedAction`). ``usage`` and ``arity`` follow from
    ``args`` unless set (an ``arity`` that allows more arguments than declared repeats the last
    declaration: a chain of cells). ``legal``, ``check`` and ``apply`` are derived; a verb may define a
    faster ``legal`` (the conformance harness compares it with :meth:`derived_legal`).
    """

    args: tuple[Arg, ...] = ()
    #: True when every candidate is legal (``candidates`` applies the rule itself): ``legal``
    #: then lists them without asking ``refusal``, and the harness checks that it may.
    exact: ClassVar[bool] = False

    effect_methods: ClassVar[tuple[str, ...]] = ("apply", "perform")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "args" in cls.__dict__ or "verb" in cls.__dict__:
            if "usage" not in cls.__dict__:
                cls.usage = " ".join((cls.verb, *(a.name for a in cls.args)))
            if "arity" not in cls.__dict__:
                cls.arity = (len(cls.args), len(cls.args))

    # -- the rule: a subclass defines these ----------------------------------------------------
    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        """The argument tuples (typed values) worth trying now."""
        raise NotImplementedError(f"{type(self).__name__} defines no candidates()")

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        """Why ``move`` is not legal now, or None when it is (default: always legal)."""
        return None

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        """Apply ``move`` (checked already) and report it through ``game.emit``."""
        raise NotImplementedError(f"{type(self).__name__} defines no perform()")

    # -- derived --------------------------------------------------------------------------------
    def typed(self, game: Game, seat: str, action: Action) -> TypedAction:
        """``action`` parsed into typed arguments (the arity first, then each argument)."""
        args, n = self.args, len(action.args)
        lo, hi = self.arity or (len(args), len(args))
        if not lo <= n <= hi:
            raise MalformedAction(f"{action}: usage is '{self.usage or self.verb}'")
        if n != len(args):  # (an arity beyond the declared arguments repeats the last one)
            args = params_of(self, n)
        return TypedAction(self, tuple([a.parse(game, seat, t)
                                        for a, t in zip(args, action.args, strict=True)]), action)

    def derived_legal(self, game: Game, seat: str) -> list[Action]:
        """The candidates that ``refusal`` accepts, as actions (what ``legal`` is by default)."""
        out = []
        for values in self.candidates(game, seat):
            move = TypedAction(self, tuple(values))
            if self.refusal(game, seat, move) is None:
                out.append(move.action)
        return out

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        if self.exact:
            verb, args = self.verb, self.args
            return [Action(verb, tuple(a.text(v) for a, v in zip(args, values, strict=True)))
                    for values in self.candidates(game, seat)]
        return self.derived_legal(game, seat)

    def has_fast_legal(self) -> bool:
        """Whether ``legal`` is not the derived one (its own, or ``exact``): the conformance
        harness then compares it with :meth:`derived_legal`."""
        return self.exact or type(self).legal is not Verb.legal

    def check(self, game: Game, seat: str, action: Action) -> None:
        reason = self.refusal(game, seat, self.typed(game, seat, action))
        if reason is not None:
            raise IllegalAction(reason)

    def apply(self, game: Game, seat: str, action: Action) -> None:
        self.perform(game, seat, self.typed(game, seat, action))


class EndAction(Verb):
    """``end``: close the current decision (end of the phase or of a hand-over)."""

    verb = "end"
    doc = "End your part of the current phase (your turn, or the defence you were handed)."
    pure = True
    journaled = True

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return ((),)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        return (END,) if game.may_end_decision() else ()

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        if game.may_end_decision():
            return None
        end = game.scenario.phases[game.state.phase].get("end", True)
        if isinstance(end, str):  # the phase's ``end:`` is a rule, false now
            return f"'end' is not allowed now: this phase's end: \"{end}\" is false"
        return "this decision cannot be ended by 'end': make a move"

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        game.end_decision()

    def apply(self, game: Game, seat: str, action: Action) -> None:
        game.end_decision()


__all__ = ["Arg", "CellArg", "EndAction", "NameArg", "NumberArg", "SiteArg", "TypedAction",
           "UnitArg", "Verb", "WordArg", "params_of", "typed"]
