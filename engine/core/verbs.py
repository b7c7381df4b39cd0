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

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from distant_galaxy.core.actions import END, Action, ActionKind, format_arg, parse_pos
from distant_galaxy.errors import IllegalAction, MalformedAction, PluginError
from distant_galaxy.stash import StashKey

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Site, Token
    from distant_galaxy.scenario.model import Scenario

Pos = tuple[int, int]
T = TypeVar("T")


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

    def key(self, value: Any) -> Hashable:
        """What tells two values apart in the verb's table of made actions: the value itself
        (a cell, a name, a number); an object of the state, its id. Two values of one key must
        have the same :meth:`text`."""
        return value

    def cells(self, value: Any) -> list[Pos]:
        """The board cells a person clicks to give this value (``dg serve``'s page): a cell
        argument's cell, a column's cells; none by default."""
        return []

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

    def text(self, value: Any) -> str:
        return f"{value[0]},{value[1]}"

    def cells(self, value: Any) -> list[Pos]:
        return [(value[0], value[1])]


class NumberArg(Arg):
    """A whole number (``lo``..``hi`` when given: its domain)."""

    kind = "number"
    default_name = "N"

    def __init__(self, name: str | None = None, lo: int | None = None, hi: int | None = None):
        super().__init__(name)
        self.lo, self.hi = lo, hi

    def parse(self, game: Game, seat: str, text: str) -> int:
        """The number; refused when it is not one, or outside ``lo``..``hi`` where given."""
        try:
            n = int(text)
        except ValueError:
            raise MalformedAction(f"{self.name} must be a number, got {text!r}") from None
        lo, hi = self.lo, self.hi
        if (lo is not None and n < lo) or (hi is not None and n > hi):
            raise IllegalAction(self.out_of_range(n))
        return n

    def out_of_range(self, n: int) -> str:
        """Why ``n`` is refused when it is outside ``lo``..``hi`` (a subclass may word it)."""
        lo, hi = self.lo, self.hi
        bounds = (f"from {lo} to {hi}" if lo is not None and hi is not None
                  else f"at least {lo}" if lo is not None else f"at most {hi}")
        return f"{self.name} must be {bounds}, got {n}"

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

    def key(self, value: Any) -> Hashable:
        try:
            return value.id  # (an object of the state; its id as text: the text itself)
        except AttributeError:
            return value


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


#: How many actions a verb keeps made (:meth:`Verb.action_of`) before its table starts again: a
#: verb serves every game of its scenario, and token ids only grow, so the table fills up over a
#: batch of games (Asteroid Belt's ``move``: 14,000 actions after 50 games, 29,000 after 300) and
#: what it holds is memory a long ``dg simulate`` keeps (about 350 bytes an action). 8,192 holds
#: what one game lists many times over; past it the next listings make their actions again.
MADE_LIMIT = 1 << 13
#: How many tuples of targets an :class:`ActorVerb` remembers with their actions (the tuples a
#: memo keeps: the searches of the units' moves) before it starts again; an entry keeps its
#: tuple alive, so the bound is one of memory too.
LISTED_LIMIT = 1 << 10


class _Row:
    """The made actions of one first argument: its text, the actions by the keys of the other
    arguments (``made``) and the action of the first argument alone (``alone``)."""

    __slots__ = ("alone", "made", "text")

    def __init__(self, text: str):
        self.text = text
        self.made: dict[Hashable, Action] = {}
        self.alone: Action | None = None


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
        try:
            values = tuple([a.parse(game, seat, t) for a, t in zip(args, action.args, strict=True)])
        except MalformedAction as exc:  # the argument's own words, with the action and its usage
            text = str(exc)
            if text.startswith(f"{action}:"):
                raise
            raise MalformedAction(f"{action}: {text} (usage: '{self.usage or self.verb}')"
                                  ) from None
        return TypedAction(self, values, action)

    def derived_legal(self, game: Game, seat: str) -> list[Action]:
        """The candidates that ``refusal`` accepts, as actions (what ``legal`` is by default)."""
        out = []
        for values in self.candidates(game, seat):
            values = tuple(values)
            if self.refusal(game, seat, TypedAction(self, values)) is None:
                out.append(self.action_of(values))
        return out

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        try:
            if not self.exact:
                return self.derived_legal(game, seat)
            found = self.candidates(game, seat)
            return self.actions_of(found) if found else []
        except (TypeError, IndexError) as exc:  # perhaps candidates of the wrong shape
            wrong = self._wrong_candidate(game, seat)
            if wrong is None:
                raise
            raise PluginError(wrong) from exc

    def _wrong_candidate(self, game: Game, seat: str) -> str | None:
        """What is wrong with the first of :meth:`candidates` that is not a tuple of argument
        values (``[3]`` where ``[(3,)]`` was meant), or None when they are all tuples."""
        lo, hi = self.arity or (len(self.args), len(self.args))
        for values in self.candidates(game, seat):
            if not isinstance(values, (tuple, list)) or not lo <= len(values) <= hi:
                count = f"{lo}" if lo == hi else f"{lo} to {hi}"
                example = f", e.g. ({values!r},)" if hi == 1 else ""
                return (f"verb '{self.verb}' ({type(self).__name__} of {type(self).__module__}): "
                        f"candidates() gave {values!r}, not a tuple of {count} argument "
                        f"value(s){example}")
        return None

    def actions_of(self, candidates: Iterable[tuple[Any, ...]]) -> list[Action]:
        """:meth:`action_of` of each candidate, in order (the table looked up once for all)."""
        args, out, rows = self.args, [], self._rows
        if rows is None:
            rows = self._made_table()
        n = len(args)
        if n not in (1, 2) or self.arity != (n, n):  # no arguments, or a chain of cells
            return [self.action_of(values) for values in candidates]
        keys = self._keys or self._key_functions()
        first_key, second_key = keys[0], keys[-1]
        for values in candidates:
            value = values[0]
            row = rows.get(value if first_key is None else first_key(value))
            if row is None:
                act = None
            elif n == 1:
                act = row.alone
            else:
                value = values[1]
                act = row.made.get(value if second_key is None else second_key(value))
            out.append(act if act is not None else self.action_of(values))
        return out

    # -- the verb's table of made actions ---------------------------------------------------------
    _rows: dict[Hashable, _Row] | None = None
    _made = 0
    _bare: Action | None = None

    def action_of(self, values: tuple[Any, ...] | list[Any]) -> Action:
        """The action of typed argument ``values``, made once and kept by the verb: every
        listing, of every game of the scenario, hands out the same object (an action is text
        only). The table holds :data:`MADE_LIMIT` actions at most, then starts again."""
        n, args = len(values), self.args
        if n == 0:
            act = self._bare
            if act is None:
                act = self._bare = Action(self.verb)
            return act
        if n != len(args) or n > 2:  # a chain of cells, or three arguments and more
            return self._action_of_many(values)
        keys = self._keys or self._key_functions()
        rows = self._rows
        if rows is None:
            rows = self._made_table()
        value, to_key = values[0], keys[0]
        key = value if to_key is None else to_key(value)
        row = rows.get(key)
        if row is None:
            row = rows[key] = _Row(args[0].text(value))
        if n == 1:
            act = row.alone
            if act is None:
                act = row.alone = Action(self.verb, (row.text,))
                self._count_made()
            return act
        value, to_key = values[1], keys[1]
        key = value if to_key is None else to_key(value)
        act = row.made.get(key)
        if act is None:
            act = row.made[key] = Action(self.verb, (row.text, args[1].text(value)))
            self._count_made()
        return act

    def _action_of_many(self, values: tuple[Any, ...] | list[Any]) -> Action:
        """:meth:`action_of` for three arguments and more (the other arguments' keys as one
        tuple, with their count first: no such key equals a single argument's)."""
        n = len(values)
        params = params_of(self, n)
        rows = self._made_table()
        key = params[0].key(values[0])
        row = rows.get(key)
        if row is None:
            row = rows[key] = _Row(params[0].text(values[0]))
        rest = (n, *(p.key(v) for p, v in zip(params[1:], values[1:], strict=True)))
        act = row.made.get(rest)
        if act is None:
            act = row.made[rest] = Action(self.verb, (row.text, *(
                p.text(v) for p, v in zip(params[1:], values[1:], strict=True))))
            self._count_made()
        return act

    _keys: tuple[Callable[[Any], Hashable] | None, ...] | None = None

    def _key_functions(self) -> tuple[Callable[[Any], Hashable] | None, ...]:
        """Each declared argument's ``key``, or None where it is the value itself (no call)."""
        keys = self._keys = tuple(None if type(a).key is Arg.key else a.key for a in self.args)
        return keys

    def _made_table(self) -> dict[Hashable, _Row]:
        """The verb's table of made actions by first argument (a new one when there is none)."""
        rows = self._rows
        if rows is None:
            rows = self._rows = {}
        return rows

    def forget_made(self) -> None:
        """Empty the verb's table of made actions (the next listings make them again: equal
        actions, as an action is text only)."""
        self._rows, self._made = None, 0

    def _count_made(self) -> None:
        """One more action made: past :data:`MADE_LIMIT`, the next look-up starts a new table."""
        self._made += 1
        if self._made > MADE_LIMIT:
            self._rows, self._made = None, 0

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


def verb_rule(function: Callable[..., T]) -> Callable[..., T]:
    """A rule function of a plugin (``move_refusal(game, seat, tok)``) as a rule method of an
    :class:`ActorVerb` (``actor_refusal = verb_rule(move_refusal)``): the function itself,
    called without ``self`` (a ``staticmethod``), so a listing makes one call per actor."""
    return staticmethod(function)  # type: ignore[return-value]  # (a method to the checker)


class ActorVerb(Verb):
    """A verb whose rule is an *actor* that may act and the *targets* it may take: ``VERB ACTOR``
    or ``VERB ACTOR TARGET`` (``args``: one or two declarations). State the rule once, as:

    - ``actors(game, seat)``: the actors worth asking, in order (a unit of the seat, a unit
      type, an asteroid…); an actor left out is one ``actor_refusal`` refuses (narrow it for
      speed: the seat's units on the board rather than every token);
    - ``actor_refusal(game, seat, actor)``: why ``actor`` may not act now, or None (the whole
      rule for the actor: it also judges actors that ``actors`` leaves out);
    - ``targets(game, seat, actor)``: the targets an allowed actor may take now, in order (for a
      two-argument verb: cells of its reach, units it may attack…); a tuple the verb keeps
      (a memo's) is cheapest: listed again, it gives the same actions without a look-up each;
    - ``target_refusal(game, seat, actor, target)``: why a target that ``targets`` does not
      give is refused (a message only: the rule is ``targets``).

    From these the verb derives ``candidates`` (exact: the allowed actors with their targets),
    ``refusal`` (the actor's, then the target's) and a fast ``legal`` that asks each actor once
    and hands out the actions made once (:meth:`Verb.action_of`); the conformance harness
    compares that list with the rule, as for any fast ``legal``.

    >>> class Push(ActorVerb):
    ...     verb, args = "push", (UnitArg(), CellArg())
    ...     def actors(self, game, seat):
    ...         return [t for t in game.state.tokens.values() if t.owner == seat]
    ...     def actor_refusal(self, game, seat, tok):
    ...         return None if tok.owner == seat else f"{tok.id} is not yours"
    ...     def targets(self, game, seat, tok):
    ...         return [c for c in game.scenario.grid.neighbours(tok.pos)
    ...                 if c not in game.state.board]
    >>> Push().usage
    'push UNIT x,y'
    """

    exact: ClassVar[bool] = True
    #: True when ``targets`` is cheap and may be asked about every actor of ``actors`` (refused
    #: or not): ``legal`` then asks it first, and the actor's refusal only for an actor with
    #: targets (the same list: an actor without targets has no action either way).
    targets_first: ClassVar[bool] = False
    #: whether the class defines its own ``prepare`` (set for each subclass)
    _prepares: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._prepares = cls.prepare is not ActorVerb.prepare
    #: (id of a tuple of targets ``targets`` gave, the actor's key) → (the tuple, its actions):
    #: the tuple kept alive here, so its id stands for it (a clone's actors share the entry)
    _listed: dict[tuple[int, Hashable], tuple[tuple[Any, ...], tuple[Action, ...]]] | None = None

    def forget_made(self) -> None:
        """Empty the table of made actions and the memo of listed targets."""
        super().forget_made()
        self._listed = None

    # -- the rule: a subclass defines these (methods; a rule function of the same arguments
    # without ``self`` is given as ``actor_refusal = verb_rule(move_refusal)``) ----------------
    def prepare(self, game: Game, seat: str) -> None:
        """Called once in a listing (``legal``, ``candidates``) or a ``refusal`` before
        ``targets`` is first asked: nothing changes the state until they return, so a memo
        that ``targets`` reads (the searches of the units' moves) may be checked against the
        state here, once, rather than for every actor. Default: nothing."""

    def actor_refusal(self, game: Game, seat: str, actor: Any) -> str | None:
        """Why ``actor`` may not act now, or None (the whole rule for the actor, also for
        actors that ``actors`` leaves out; an actor that names nothing, its argument's ``find``
        having given None, comes as its text). Default: every actor may."""
        return None

    def targets(self, game: Game, seat: str, actor: Any) -> Iterable[Any]:
        """The targets the allowed ``actor`` may take now, in order (a verb of one argument,
        the actor alone, has none)."""
        raise NotImplementedError(f"{type(self).__name__} defines no targets()")

    def actors(self, game: Game, seat: str) -> Iterable[Any]:
        """The actors worth asking, in order (every one that may act among them)."""
        raise NotImplementedError(f"{type(self).__name__} defines no actors()")

    def target_refusal(self, game: Game, seat: str, actor: Any, target: Any) -> str:
        """Why ``target`` (not among ``targets``) is refused to the allowed ``actor``; a target
        that names nothing (its argument's ``find`` gave None) comes as its text."""
        first, second = self.args[0], self.args[1]
        return (f"{first.text(actor)} may not {self.verb} {second.text(target)} now "
                f"(usage: {self.usage})")

    # -- derived --------------------------------------------------------------------------------
    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        """The allowed actors, each with its targets (exact: every one is legal)."""
        refuse, alone = self.actor_refusal, len(self.args) == 1
        if not alone:
            self.prepare(game, seat)
        return [(actor,) if alone else (actor, target) for actor in self.actors(game, seat)
                if refuse(game, seat, actor) is None
                for target in ((None,) if alone else self.targets(game, seat, actor))]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        # (an argument its ``find`` found nothing for comes as its text, for the message)
        actor = move.args[0] if move.args[0] is not None else move.action.args[0]
        why = self.actor_refusal(game, seat, actor)
        if why is not None or len(move.args) == 1:
            return why
        target = move.args[1]
        self.prepare(game, seat)
        if target in self.targets(game, seat, actor):
            return None
        return self.target_refusal(game, seat, actor,
                                   target if target is not None else move.action.args[1])

    def legal(self, game: Game, seat: str) -> list[Action]:
        out: list[Action] = []
        refuse, first, rows = self.actor_refusal, self.args[0], self._rows
        if rows is None:
            rows = self._made_table()
        keys = self._keys or self._key_functions()
        listed = self._listed
        if listed is None:
            listed = self._listed = {}
        prepare = self._prepares  # (before the first targets)
        first_key = keys[0]
        if len(keys) == 1:
            for actor in self.actors(game, seat):
                if refuse(game, seat, actor) is None:
                    row = rows.get(actor if first_key is None else first_key(actor))
                    act = row.alone if row is not None else None
                    out.append(act if act is not None else self.action_of((actor,)))
            return out
        targets, second_key, first_targets = self.targets, keys[1], self.targets_first
        second, verb = self.args[1], self.verb
        for actor in self.actors(game, seat):
            if not first_targets and refuse(game, seat, actor) is not None:
                continue
            if prepare:
                self.prepare(game, seat)
                prepare = False
            found = targets(game, seat, actor)
            if not found or (first_targets and refuse(game, seat, actor) is not None):
                continue
            key = actor if first_key is None else first_key(actor)
            if type(found) is tuple:  # a tuple listed before for this actor: the same actions
                hit = listed.get((id(found), key))
                if hit is not None and hit[0] is found:
                    out.extend(hit[1])
                    continue
            row = rows.get(key)
            if row is None:
                row = rows[key] = _Row(first.text(actor))
            made, acts = row.made, []
            for target in found:
                act = made.get(target_key := target if second_key is None else second_key(target))
                if act is None:  # (action_of, inline: the first listings make many)
                    act = made[target_key] = Action(verb, (row.text, second.text(target)))
                    self._count_made()
                acts.append(act)
            if type(found) is tuple:
                if len(listed) >= LISTED_LIMIT:
                    listed.clear()
                listed[id(found), key] = (found, tuple(acts))
            out.extend(acts)
        return out


class EndAction(Verb):
    """``end``: close the current decision (end of the phase or of a hand-over)."""

    verb = "end"
    doc = "End your part of the current phase (your turn, or the defence you were handed)."
    pure = True
    journaled = True

    _bare = END  # (its one action: ``action_of(())``)

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return ((),)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        """``end`` when the refusal has nothing against it (the derived list of its one
        candidate, without the loop)."""
        move = self._move
        if move is None:
            move = self._move = TypedAction(self, ())
        return (END,) if self.refusal(game, seat, move) is None else ()

    _move: TypedAction | None = None  # (``end`` typed, made once)

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


__all__ = ["ActorVerb", "Arg", "CellArg", "EndAction", "NameArg", "NumberArg", "SiteArg",
           "TypedAction", "UnitArg", "Verb", "WordArg", "params_of", "typed", "verb_rule"]
