"""Actions: small frozen values with a text form that parses back, and the kinds that handle them.

An :class:`Action` is a verb and its arguments as text, e.g. ``move E1 12,7``. Every verb belongs to
an :class:`ActionKind` (engine built-ins and plugin ones) that lists the legal actions of a decision,
checks one action (raising :class:`~distant_galaxy.errors.IllegalAction` with the reason) and applies it.
A kind states its rule once: either ``legal`` (then ``check`` is membership in it) or ``check``
with ``candidates`` (then ``legal`` is the candidates that pass ``check``); :func:`require` raises
the reason and returns the value it tested, narrowed.

>>> a = Action.parse("move E1 12,7")
>>> a.verb, a.args
('move', ('E1', '12,7'))
>>> str(a)
'move E1 12,7'
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from distant_galaxy.errors import IllegalAction, MalformedAction

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game

Pos = tuple[int, int]
T = TypeVar("T")
#: The release that removes :class:`ActionKind` as a base class of plugins' kinds (a class that
#: subclasses it directly, not through :class:`~distant_galaxy.core.verbs.Verb`, is warned).
ACTIONKIND_REMOVED_IN = "0.3"
#: Whether this module runs compiled (``DG_COMPILE=1``): its functions then have no frame of
#: their own, and a warning's ``stacklevel`` counts one less.
COMPILED = not __file__.endswith(".py")


@dataclass(frozen=True, slots=True)
class Action:
    """A verb and its arguments; ``str(action)`` is its text form."""

    verb: str
    args: tuple[str, ...] = ()
    # the text form, made on first use (an action never changes, so it never goes stale)
    _text: str | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse ``"verb arg arg"``; raises :class:`MalformedAction` on empty or odd text."""
        if not isinstance(text, str):
            raise MalformedAction(f"an action is text, got {type(text).__name__}")
        parts = text.split()
        if not parts:
            raise MalformedAction("empty action")
        verb = parts[0].lower()
        if not verb.replace("-", "").replace("_", "").isalnum():
            raise MalformedAction(f"{text!r}: the verb must be a word, got {parts[0]!r}")
        return cls(verb, tuple(parts[1:]))

    @classmethod
    def of(cls, verb: str, *args: Any) -> Action:
        """Build an action from Python values; positions become ``x,y``."""
        return cls(verb, tuple(format_arg(a) for a in args))

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = " ".join((self.verb, *self.args))
            object.__setattr__(self, "_text", text)
        return text

    def pos(self, i: int) -> Pos:
        """Argument ``i`` read as a position ``x,y``."""
        return parse_pos(self.arg(i), self)

    def arg(self, i: int) -> str:
        if i >= len(self.args):
            raise MalformedAction(f"{self}: missing argument {i + 1}")
        return self.args[i]

    def int(self, i: int) -> int:
        """Argument ``i`` read as a whole number, or :class:`MalformedAction`."""
        text = self.arg(i)
        try:
            return int(text)
        except ValueError:
            raise MalformedAction(f"{self}: argument {i + 1} must be a number, got {text!r}") from None


def format_arg(value: Any) -> str:
    if isinstance(value, tuple) and len(value) == 2:
        return f"{value[0]},{value[1]}"
    return str(value)


def parse_pos(text: str, action: Action | None = None) -> Pos:
    """``"12,7"`` → (12, 7), or :class:`MalformedAction`."""
    bits = text.split(",")
    if len(bits) == 2:
        try:
            return int(bits[0]), int(bits[1])
        except ValueError:
            pass
    where = f"{action}: " if action is not None else ""
    raise MalformedAction(f"{where}{text!r} is not a cell; write it as x,y (e.g. 12,7)")


class ActionKind:
    """How one verb works: the protocol the engine asks for everything (``legal``, ``check``,
    ``apply``). Plugins write a :class:`~distant_galaxy.core.verbs.Verb` (typed arguments, the
    rule stated once), which implements it; subclassing ``ActionKind`` directly is deprecated
    (it keeps working for one release: docs/plugins.md, "Typed actions").

    ``phases`` limits the decisions (phase ids or hand-over kinds) in which the verb exists; None
    means every decision. ``legal`` lists the legal actions; ``check`` raises
    :class:`IllegalAction` saying why an action is not allowed; ``apply`` changes the state (after a
    successful ``check``) and reports what happened through ``game.emit``. ``doc`` is the verb's
    help; a kind made for a scenario may set its own on the instance, built from the scenario's
    numbers.

    Write the rule once. Either define ``legal`` — the default ``check`` accepts exactly the listed
    actions — or define ``check`` (with :func:`require`, one reason per condition) and
    ``candidates``, the actions worth checking — the default ``legal`` lists the candidates that
    pass ``check``. A kind may also define both, e.g. a fast ``legal`` over precomputed tables and a
    ``check`` that explains a refusal.

    ``pure`` (default False) declares that ``apply`` changes the game only through the engine's
    own methods (``GameState.add_token``/``move_token``/``remove_token``, ``Game.change_counter``,
    ``add_to_pool``, ``Game.end_decision``, ``Game.emit``), which keep the state's derived owner
    index exact; a game whose kinds are all pure may take the engine's fast paths (see
    ``Game.pure``). A subclass that defines its own ``apply`` is not pure unless it says so again.

    ``journaled`` (default False) declares that ``apply`` edits a token, site or player of the
    state in place only through the engine's methods or after ``Game.will_edit(obj)``; a game
    whose kinds (and play-hook plugins) all say so takes a journal as its undo record instead of
    a copy of the whole state (``distant_galaxy.core.journal``). Reset by a new ``apply`` too.
    """

    verb: str = ""
    usage: str = ""
    doc: str = ""
    phases: frozenset[str] | None = None
    arity: tuple[int, int] | None = None
    pure: bool = False
    journaled: bool = False

    #: The methods whose new definition in a subclass withdraws ``pure`` and ``journaled`` until
    #: the subclass declares them again (a Verb's ``perform`` too).
    effect_methods: ClassVar[tuple[str, ...]] = ("apply",)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if ActionKind in cls.__bases__ and cls.__module__ != "distant_galaxy.core.verbs":
            warnings.warn(f"{cls.__module__}.{cls.__qualname__} subclasses ActionKind, which is "
                          f"deprecated and will be removed in distant_galaxy "
                          f"{ACTIONKIND_REMOVED_IN}: write a distant_galaxy.Verb (docs/plugins.md, "
                          "'Action kinds: typed verbs')", DeprecationWarning,
                          stacklevel=1 if COMPILED else 2)  # (the class statement)
        if any(m in cls.__dict__ for m in cls.effect_methods):
            if "pure" not in cls.__dict__:
                cls.pure = False  # a new apply makes no promise until the subclass declares it
            if "journaled" not in cls.__dict__:
                cls.journaled = False

    def available(self, game: Game, decision: str) -> bool:
        """Whether the verb exists in this decision at all (phase filter)."""
        return self.phases is None or decision in self.phases

    def candidates(self, game: Game, seat: str) -> Iterable[Any]:
        """The actions of this verb worth checking now (for the default ``legal``; a
        :class:`~distant_galaxy.core.verbs.Verb`'s are typed argument tuples)."""
        raise NotImplementedError(f"{type(self).__name__} defines neither legal() nor candidates()")

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        """The legal actions of ``seat`` now. Default: the candidates that pass ``check``."""
        if type(self).check is ActionKind.check:
            raise NotImplementedError(f"{type(self).__name__} defines neither legal() nor check()")
        out = []
        for action in self.candidates(game, seat):
            try:
                self.check(game, seat, action)
            except IllegalAction:
                continue
            out.append(action)
        return out

    def check(self, game: Game, seat: str, action: Action) -> None:
        """Raise :class:`IllegalAction` saying why ``action`` is not legal now. Default: it must be
        one of the listed legal ones."""
        if action not in set(self.legal(game, seat)):
            raise IllegalAction(f"{action}: not allowed now")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        raise NotImplementedError  # pragma: no cover - every kind overrides it

    def forget_made(self) -> None:
        """Let go of what the kind keeps for the games of its scenario (made actions, memos):
        called between the games of a batch (``Scenario.forget_made_actions``), so that a long
        run's memory does not grow with the games played. Default: nothing kept."""

    def check_arity(self, action: Action) -> None:
        if self.arity is None:
            return
        lo, hi = self.arity
        if not lo <= len(action.args) <= hi:
            raise MalformedAction(f"{action}: usage is '{self.usage or self.verb}'")


#: The one ``end`` action.
END = Action("end")


def require(condition: T | None, message: str) -> T:
    """Raise :class:`IllegalAction` with ``message`` unless ``condition`` holds (is truthy); return
    it, so the value is narrowed for what follows::

        tok = require(game.state.tokens.get(tid), f"there is no unit '{tid}'")   # a Token
    """
    if not condition:
        raise IllegalAction(message)
    return condition
