"""The scenario's rule strings, compiled once at load: victory conditions, triggers, limits.

``victory:`` items are ``{id, if, winner?, draw?, reason, when?, rule?, score?}``. A condition that uses
``player`` is evaluated for every player in turn order (from the active seat), and that player
wins; otherwise it is evaluated once, and ``winner`` (a rule expression giving a seat) or
``draw: true`` says the outcome. ``when`` is ``always`` (after every action and phase, the
default), ``end_of_turn`` or ``end_of_round``.

``triggers:`` items are ``{id, on: <event type>, if?, do}``: after every action the new events of
that type (one of :mod:`distant_galaxy.scenario.events`' catalogue) run the effect, with the
event as ``event`` (its fields as ``event.to``, ``event.seat``…). ``seat``/``player`` are the
seat that acted (the one whose action made the event, even when the action ended its turn), and
``next_player`` the player who decides next: the one whose decision is pending after the action,
or, when the action ended the decision, the seat after the acting one in turn order.

``limits: {rounds: N, rank_by: <counter>}``: at the round limit the player with the most of that
counter wins (a tie is a draw); without ``rank_by`` it is a draw.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import RuleError, RuleRuntimeError, ScenarioErrors, SourceError
from distant_galaxy.rules import Effect, Expr, compile_effect, compile_expr
from distant_galaxy.rules.hints import suggest
from distant_galaxy.scenario.bindings import build_env
from distant_galaxy.scenario.context import RuleContext, game_context
from distant_galaxy.scenario.event_fields import check_trigger
from distant_galaxy.scenario.events import scenario_events
from distant_galaxy.scenario.map import param_value
from distant_galaxy.scenario.never_true import never_true
from distant_galaxy.scenario.origins import shipped_plugin_of

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.scenario.model import Scenario

WHEN_ALWAYS = {"after_action", "after_phase", "no_legal_action", "end_of_turn", "end_of_round"}


@dataclass
class Victory:
    id: str
    cond: Expr
    per_player: bool
    winner: Expr | None
    draw: bool
    reason: str
    when: str
    rule: str | None
    steady: bool = False  # uses no seat, player, round or turn: see ``check_victory``
    #: the condition is a call alone of a function that is false while no decision is pending
    #: (``FunctionSpec.needs_decision``, e.g. ``no_legal_move()``): not evaluated then
    needs_decision: bool = False
    #: per player and ``Expr.own_call``: its value is a function of the player's cells on the
    #: board (in a pure game, where ``GameState.bits_of`` is exact), ``own(ctx, seat)`` calls
    #: its function directly (see ``_seat_caller``)
    own: Callable[[RuleContext, str], Any] | None = field(default=None, repr=False)
    #: for an ``own`` condition, seat -> the bitmasks of its cells (``bits_of``) for which it was
    #: found false (at most :data:`FALSE_CELLS` of them, then forgotten): with the same cells it
    #: is still false, not evaluated again
    false_cells: dict[str, set[int]] = field(default_factory=dict, repr=False, compare=False)
    #: steady and ``Expr.cell_seats``: its value is a function of these seats' cells alone
    cell_seats: tuple[str, ...] | None = field(default=None, repr=False)
    #: for a ``cell_seats`` condition, the bitmasks of those seats' cells (one seat: its mask;
    #: more: a tuple of them) when it was last found false: with the same cells it is still
    #: false, in any game of the scenario — not evaluated again (None: not yet evaluated)
    false_key: Any = field(default=None, repr=False, compare=False)


#: How ``check_victory`` evaluates a condition: once per action while it stays false (steady),
#: once per player, or once; once per player whose cells changed (``Victory.own``); steady,
#: and only when the cells of the seats it reads changed (``Victory.cell_seats``).
STEADY, PER_PLAYER, ONCE, OWN_CELLS, CELLS = 0, 1, 2, 3, 4
#: How many bitmasks ``Victory.false_cells`` keeps per seat before it starts again.
FALSE_CELLS = 1 << 14
_new_dict = dict.__new__

#: The names whose value changes when a turn passes (a condition using none of them is "steady").
TURN_NAMES = frozenset({"seat", "player", "round", "turn"})


def _direct(cond: Expr) -> Callable[[RuleContext], Any]:
    """``cond`` itself, or for a call alone with constant arguments (``Expr.const_call``) its
    function called directly with their values — the rule's own call on an error, which says
    what went wrong and where."""
    const_call = getattr(cond, "const_call", None)
    if const_call is None:
        compare_call = getattr(cond, "compare_call", None)
        return cond if compare_call is None else _direct_compare(cond, compare_call)
    fn, values = const_call
    if not values:
        def direct(ctx: RuleContext) -> Any:
            try:
                return fn(ctx)
            except Exception:
                return cond(ctx)
    else:
        def direct(ctx: RuleContext) -> Any:
            try:
                return fn(ctx, *values)
            except Exception:
                return cond(ctx)
    return direct


def _direct_compare(cond: Expr, compare_call: tuple[Any, ...]) -> Callable[[RuleContext], Any]:
    """``cond``, a comparison of a call with constant arguments and a constant
    (``Expr.compare_call``), as that function called directly and compared — the rule's own
    evaluation on an error, which says what went wrong and where."""
    op, fn, values, const, left = compare_call
    if left and len(values) == 2:
        x, y = values

        def direct(ctx: RuleContext) -> Any:
            try:
                return op(fn(ctx, x, y), const)
            except Exception:
                return cond(ctx)
    elif left:
        def direct(ctx: RuleContext) -> Any:
            try:
                return op(fn(ctx, *values), const)
            except Exception:
                return cond(ctx)
    else:
        def direct(ctx: RuleContext) -> Any:
            try:
                return op(const, fn(ctx, *values))
            except Exception:
                return cond(ctx)
    return direct


def _seat_caller(own_call: tuple[Callable[..., Any], int, tuple[Any, ...]]
                 ) -> Callable[[RuleContext, str], Any]:
    """``own(ctx, seat)``: the function of an ``Expr.own_call`` (function, index of the seat
    argument, the arguments' values) called with the seat, as the rule calls it."""
    fn, index, values = own_call
    if len(values) == 1:
        def own(ctx: RuleContext, seat: str) -> Any:
            return fn(ctx, seat)
    elif len(values) == 2 and index == 1:
        x = values[0]

        def own(ctx: RuleContext, seat: str) -> Any:
            return fn(ctx, x, seat)
    elif len(values) == 2:
        y = values[1]

        def own(ctx: RuleContext, seat: str) -> Any:
            return fn(ctx, seat, y)
    else:
        before, after = values[:index], values[index + 1:]

        def own(ctx: RuleContext, seat: str) -> Any:
            return fn(ctx, *before, seat, *after)
    return own


@dataclass
class Trigger:
    id: str
    on: str
    cond: Expr | None
    effect: Effect


#: The warning of a scenario no game of which can end (``dg validate``; ``dg run`` with bots).
ENDLESS = "no game of this scenario can end: it has no victory condition and no round limit"


class ScenarioRules:
    """Compiled rules of one scenario; all compile errors are collected and raised together."""

    def __init__(self, scenario: Scenario, collect: bool = False):
        """Compile every rule string of ``scenario``; raise ScenarioErrors listing every mistake
        (with ``collect``: keep them in ``errors`` instead, for the loader to report with the
        plugins' checks)."""
        self.scenario = scenario
        self.errors: list[SourceError] = []
        #: what is not wrong but is likely a mistake (``dg validate`` prints it; the game plays)
        self.warnings: list[SourceError] = []
        #: whether no game of the scenario can end (no victory, no round limit: :meth:`_no_ending`
        #: warns of it; checked for the scenario's base form only)
        self.endless = False
        scenario.unit_types = self._unit_stats(scenario)
        self.env = build_env(scenario, self.errors,  # (the `define:` section's mistakes)
                             elsewhere=shipped_plugin_of)
        self._when_cache: dict[str, list[Victory]] = {}
        self._plans: dict[str, tuple[tuple[Victory, Expr, int, bool], ...]] = {}
        #: victory id -> its ``score:`` (a number per seat, shown with the result)
        self.scores: dict[str, Expr] = {}
        self.victories = [v for i, item in enumerate(scenario.data.get("victory", []))
                          if (v := self._victory(i, item)) is not None]
        self.triggers = [t for i, item in enumerate(scenario.data.get("triggers", []))
                         if (t := self._trigger(i, item)) is not None]
        #: the phases whose ``end:`` is a rule (when the seat may play ``end``), by index
        self.phase_ends = self._phase_ends(scenario)
        # the plugins' own rule strings (the built-in board plugin's: `actions:`, `setup.fill`)
        scenario.pm.hook.dg_compile_rules(scenario=scenario, rules=self)
        self._same_letters(scenario)
        if scenario.variant is None or scenario.options:
            self._check_test_facts()
        if scenario.variant is None and not scenario.options:
            self._unused_defines(scenario)
            self._no_ending(scenario)
        if self.errors and not collect:
            raise ScenarioErrors(self.errors)

    def _no_ending(self, scenario: Scenario) -> None:
        """Warn of a scenario that no game of can end: no victory condition, no plugin that
        judges victory, no round limit (the game author's trial: it validated, and its first
        game stopped when a seat had no legal action)."""
        if self.victories or "dg_check_victory" in scenario.hooked \
                or scenario.limits.get("rounds"):
            return
        self.endless = True
        self.warnings.append(scenario.error(
            ENDLESS,
            hint="a victory: [{id: ..., if: ..., reason: ...}], or limits: {rounds: N} "
                 "(docs/authoring.md)"))

    def _unused_defines(self, scenario: Scenario) -> None:
        """Warn of a define that no rule of the file names (its variants' and options'
        overlays, its tests and the other defines included): likely a misspelt call or a
        leftover (the game author's ``reserve(s)`` was read by nobody)."""
        defines = scenario.data.get("define")
        if not isinstance(defines, dict):
            return
        texts = [t for key, value in scenario.data.items() if key != "define"
                 for t in _strings(value)] + [str(v) for v in defines.values()]
        for key in defines:
            name = str(key).split("(", 1)[0].strip()
            word = re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)")
            if name and not any(word.search(t) for t in texts):
                self.warnings.append(scenario.key_error(
                    f"define '{name}' is used by no rule of the scenario", "define", key,
                    hint="a misspelt call, or a leftover to remove"))

    def _same_letters(self, scenario: Scenario) -> None:
        """Warn of seats drawn with the same letter on the text board (a seat's ``glyph:``,
        else the first letter of its id): black's and blue's pieces would look alike."""
        first: dict[str, str] = {}
        for i, seat in enumerate(scenario.seats):
            if not isinstance(seat, dict) or not seat.get("id"):
                continue
            letter = scenario.seat_letter(str(seat["id"]))
            other = first.setdefault(letter, str(seat["id"]))
            if other != seat["id"]:
                self.warnings.append(scenario.error(
                    f"seats {other} and {seat['id']} are both drawn as '{letter}' on the board",
                    "seats", i, hint=f"give one a letter of its own: {{id: {seat['id']}, "
                                     "glyph: X}"))

    # -- compiling -------------------------------------------------------------------------
    def _unit_stats(self, scenario: Scenario) -> dict[str, dict[str, Any]]:
        """The unit types with each stat written ``params.NAME`` replaced by the parameter's
        number, as the map's ``width:`` is (a stat that stayed text would start a token's
        counter at 0); an unknown or non-numeric parameter is an error at its place."""
        out: dict[str, dict[str, Any]] = {}
        for name, spec in scenario.unit_types.items():
            if not isinstance(spec, dict):
                out[name] = spec
                continue
            stats = dict(spec)
            for key, value in spec.items():
                if isinstance(value, str) and value.startswith("params."):
                    try:
                        stats[key] = param_value(scenario, value, "unit_types", name, key)
                    except SourceError as exc:
                        self.errors.append(exc)
            out[name] = stats
        return out

    def report(self, message: str, *path: str | int, hint: str | None = None,
               key: bool = False) -> None:
        """Record an error about the value written at ``path`` (reported with the others);
        ``key``: about the mapping key that ends ``path`` (a misspelt name used as a key),
        placed on the key rather than on its value."""
        error = self.scenario.key_error if key else self.scenario.error
        self.errors.append(error(message, *path, hint=hint))

    def expr(self, text: Any, *path: str | int, names: dict[str, str] | None = None
             ) -> Expr | None:
        """Compile an expression written at ``path``; errors are collected."""
        env = self.env.extended(names) if names else self.env
        try:
            return compile_expr(str(text), env, self.scenario.pos(*path))
        except RuleError as exc:
            self.errors.append(exc)
            return None

    def effect(self, text: Any, *path: str | int, names: dict[str, str] | None = None
               ) -> Effect | None:
        env = self.env.extended(names) if names else self.env
        try:
            return compile_effect(str(text), env, self.scenario.pos(*path))
        except RuleError as exc:
            self.errors.append(exc)
            return None

    def _check_test_facts(self) -> None:
        """Compile the ``tests:`` facts (``dg test`` runs them; ``dg validate`` finds their
        mistakes, e.g. ``params.track_lenght``, with the others): the base scenario compiles
        those of the cases that name no option; a scenario played with options, those of the
        cases that name exactly these options (and its variant): their names may exist only
        there (an option's plugin registers its rule functions)."""
        for i, case in enumerate(self.scenario.data.get("tests", []) or []):
            if not self._case_fits(case):
                continue
            facts = (case.get("expect") or {}).get("facts", []) if isinstance(case, dict) else []
            for j, text in enumerate(facts or []):
                self.expr(text, "tests", i, "expect", "facts", j)

    def _case_fits(self, case: Any) -> bool:
        """Whether the test ``case``'s facts are compiled in this scenario (see above)."""
        named = case.get("options") if isinstance(case, dict) else None
        named = set(named) if isinstance(named, list) else set()
        if not self.scenario.options:
            return not named
        return (named == set(self.scenario.options)
                and (case.get("variant") or None) == self.scenario.variant)

    def _victory(self, i: int, item: dict[str, Any]) -> Victory | None:
        cond = self.expr(item["if"], "victory", i, "if")
        winner = self.expr(item["winner"], "victory", i, "winner") if "winner" in item else None
        if cond is None or ("winner" in item and winner is None):
            return None
        if winner is not None:
            winner = self._seat_valued(winner, i)
        if "score" in item:
            score = self.expr(item["score"], "victory", i, "score")
            if score is not None:
                self.scores[str(item.get("id", f"victory-{i + 1}"))] = score
        self._check_winner(i, item)
        part = never_true(str(item["if"]))
        if part is not None:
            self.warnings.append(self.scenario.error(
                f"this condition can never be true: its comparisons of {part} exclude each other",
                "victory", i, "if", hint="check the numbers and the < > signs"))
        per_player = "player" in cond.names
        call = getattr(cond, "call", None)
        steady = not per_player and not (cond.names & TURN_NAMES)
        return Victory(item.get("id", f"victory-{i + 1}"), cond, per_player,
                       winner, bool(item.get("draw", False)), item.get("reason", "victory"),
                       item.get("when", "always"), item.get("rule"), steady,
                       bool(call is not None and call.needs_decision),
                       _seat_caller(own) if per_player and (
                           own := getattr(cond, "own_call", None)) is not None else None,
                       cell_seats=getattr(cond, "cell_seats", None) if steady else None)

    def _seat_valued(self, winner: Expr, i: int) -> Any:
        """``winner`` checked: a type that is never a seat is refused at load (``winner: '3'``),
        a value that is no seat nor side (nor none, a draw) at run time, at its place."""
        seats = [str(s["id"]) for s in self.scenario.seats]
        sides = {str(s["side"]) for s in self.scenario.seats if s.get("side")}
        if winner.type in ("int", "float", "number", "bool") or winner.type.startswith("list"):
            self.report(f"the winner must be a seat (or none), not a value of type {winner.type}",
                        "victory", i, "winner", hint=f"seats: {', '.join(seats)}; a seat is "
                        "written in quotes inside the YAML string: winner: '\"x\"'")
            return winner
        pos = self.scenario.pos("victory", i, "winner")
        known = set(seats) | sides

        def checked(ctx: RuleContext) -> Any:
            value = winner(ctx)
            if value is not None and value not in known:
                raise RuleRuntimeError(f"{pos}: the winner {value!r} (from the rule "
                                       f"{winner.source!r}) is not a seat of this game nor "
                                       f"none; seats: {', '.join(seats)}")
            return value

        return checked

    def _check_winner(self, i: int, item: dict[str, Any]) -> None:
        """A ``winner`` written as a quoted seat (``'"purple"'``) must be one of the seats."""
        text = str(item.get("winner", "")).strip()
        match = re.fullmatch(r"\"([^\"\\]*)\"|'([^'\\]*)'", text)
        if match is None:
            return
        seat = match.group(1) if match.group(1) is not None else match.group(2)
        seats = [str(s["id"]) for s in self.scenario.seats]
        if seat not in seats:
            self.report(f"the winner '{seat}' is not a seat of this scenario{suggest(seat, seats)}",
                        "victory", i, "winner", hint=f"seats: {', '.join(seats)}")

    def _trigger(self, i: int, item: dict[str, Any]) -> Trigger | None:
        names = {"event": "dict", "next_player": "player"}
        cond = self.expr(item["if"], "triggers", i, "if", names=names) if "if" in item else None
        eff = self.effect(item["do"], "triggers", i, "do", names=names)
        if eff is None or ("if" in item and cond is None):
            return None
        self.errors.extend(check_trigger(item, scenario_events(self.scenario),
                                         lambda key: self.scenario.pos("triggers", i, key)))
        return Trigger(item.get("id", f"trigger-{i + 1}"), item["on"], cond, eff)

    # -- evaluating ------------------------------------------------------------------------
    def _phase_ends(self, scenario: Scenario) -> dict[int, Expr]:
        """The ``end:`` rules of the phases, compiled (``true``/``false`` stay constants)."""
        found: dict[int, Expr] = {}
        for i, phase in enumerate(scenario.data.get("phases") or []):
            end = phase.get("end") if isinstance(phase, dict) else None
            if isinstance(end, str) and (rule := self.expr(end, "phases", i, "end")) is not None:
                found[i] = rule
        return found

    def end_allowed(self, game: Game, phase: int, seat: str) -> bool:
        """Whether ``seat`` may play ``end`` now in the decision of phase ``phase``, whose
        ``end:`` is a rule: its verdict with ``seat`` and ``player``."""
        rule = self.phase_ends[phase]
        return bool(rule(RuleContext(game, seat=seat, player=game.state.players[seat])))

    def _victories_when(self, when: str) -> list[Victory]:
        """The victories checked at ``when``, in order (cached per moment)."""
        found = self._when_cache.get(when)
        if found is None:
            found = self._when_cache[when] = [v for v in self.victories if v.when == when or (
                v.when == "always" and when in WHEN_ALWAYS)]
        return found

    def checks_at(self, when: str) -> bool:
        """Whether any victory condition is checked at ``when`` (else the check is skipped)."""
        return bool(self._victories_when(when))

    def checks_idle_at(self, when: str) -> bool:
        """Whether a condition checked at ``when`` can hold while no decision is pending (one
        that is not ``needs_decision``); else the check is skipped then."""
        return any(not v.needs_decision for v in self._victories_when(when))

    def cells_only_idle_at(self, when: str) -> bool:
        """Whether every condition checked at ``when`` while no decision is pending is a
        function of some seats' cells alone (``cell_seats``, ``own``; the ``needs_decision``
        ones are not checked then): in a pure game passing the turn moves only the turn, round
        and phase, so such a check, done as the action left the state, finds nothing new after
        the turn passes (the turn loop does not repeat it then)."""
        return all(v.needs_decision or v.cell_seats or v.own is not None
                   for v in self._victories_when(when))

    def _plan(self, when: str) -> tuple[tuple[Victory, Expr, int, bool], ...]:
        """The victories checked at ``when`` as (victory, condition, how, needs_decision), how
        being :data:`STEADY`, :data:`OWN_CELLS`, :data:`PER_PLAYER` or :data:`ONCE` (cached per
        moment)."""
        plan = self._plans.get(when)
        if plan is None:
            plan = self._plans[when] = tuple(
                (v, _direct(v.cond), CELLS if v.cell_seats else
                 STEADY if v.steady else OWN_CELLS if v.own is not None else
                 PER_PLAYER if v.per_player else ONCE, v.needs_decision)
                for v in self._victories_when(when))
        return plan

    def check_victory(self, game: Game, when: str) -> dict[str, Any] | None:
        plan = self._plans.get(when)
        if plan is None:
            plan = self._plan(when)
        if not plan:
            return None
        st = game.state
        order: list[str] | None = None
        shared: RuleContext | None = None  # one context for the conditions without `player`
        steady: RuleContext | None = None
        cells: RuleContext | None = None  # one bare context for the ``cell_seats`` conditions
        # Within one action of a game where only the engine changes the state, the state stays
        # as the action left it from the first victory check on; only the turn, round and phase
        # advance, and the pending decision is set. A steady condition found false is then still
        # false at a later check with the same pending decision and dice count: not evaluated
        # again (``game.victory_memo`` is None outside such an action). Steady conditions share
        # one context for the whole action (memo[None]): what they read stays as it is.
        memo: dict[Any, Any] | None = game.victory_memo
        known: set[str] | None = None  # the steady conditions found false at this moment
        idle = st.pending is None
        for v, cond, how, needs_decision in plan:
            if idle and needs_decision:
                continue  # false while no decision is pending: nothing to evaluate
            if how == CELLS:
                if game.pure and (masks := st.masks(game.scenario.grid.width + 1)) is not None:
                    # a function of some seats' cells alone, in a pure game (exact masks): not
                    # evaluated again while they are the cells it was last found false with
                    reads = v.cell_seats or ()  # (set: the plan says CELLS)
                    key = masks.get(reads[0], 0) if len(reads) == 1 else \
                        tuple([masks.get(seat, 0) for seat in reads])
                    if key == v.false_key:
                        continue  # the same cells as when it was last found false
                    if cells is None:
                        cells = _new_dict(RuleContext)  # all its calls read: the game
                        cells["$game"] = game
                    if cond(cells):
                        return self._outcome(v, game_context(game), None)
                    v.false_key = key
                    continue
                how = STEADY  # (a plugin's game: as any steady condition)
            if how == STEADY and memo is not None:
                if known is None:
                    mkey = (id(st.pending), st.rolls)
                    known = memo.get(mkey)
                    if known is None:
                        known = memo[mkey] = set()
                if v.id in known:
                    continue
                if steady is None:
                    steady = memo.get(None)
                    if steady is None:
                        steady = memo[None] = game_context(game)
                if cond(steady):
                    return self._outcome(v, steady, None)
                known.add(v.id)
            elif how == OWN_CELLS and game.pure and (
                    masks := st.masks(game.scenario.grid.width + 1)) is not None:
                # a function of the seat's cells (``Victory.own``) in a pure game, where the
                # masks are exact: not evaluated for a seat whose cells are the same as when it
                # was found false; else its function called directly
                false_cells, own = v.false_cells, v.own
                first, more = None, False
                for seat in st.seats:
                    tried = false_cells.get(seat)
                    if tried is None or masks.get(seat, 0) not in tried:
                        if first is not None:
                            more = True
                            break
                        first = seat
                if first is None:
                    continue  # every seat's cells as they were: still false
                if more:
                    if order is None:  # every seat from the active one (``seats[turn]``) on
                        seats, turn = st.seats, st.turn
                        order = seats[turn:] + seats[:turn] if turn else seats
                    todo: Any = order
                else:
                    todo = (first,)
                ctx = _new_dict(RuleContext)  # (``seat_context``, inlined: the same dict)
                ctx["$game"] = game
                players = st.players
                for seat in todo:
                    bits = masks.get(seat, 0)
                    tried = false_cells.get(seat)
                    if tried is not None and bits in tried:
                        continue
                    ctx["seat"] = seat
                    ctx["player"] = players[seat]
                    try:
                        found = own(ctx, seat)  # type: ignore[misc]
                    except Exception:  # the rule itself says what went wrong, and where
                        found = cond(ctx)
                    if found:
                        return self._outcome(v, ctx, seat)
                    if tried is None:
                        tried = false_cells[seat] = set()
                    elif len(tried) >= FALSE_CELLS:
                        tried.clear()
                    tried.add(bits)
            elif how == PER_PLAYER or how == OWN_CELLS:
                if order is None:  # every seat from the active one (``seats[turn]``) on
                    seats, turn = st.seats, st.turn
                    order = seats[turn:] + seats[:turn] if turn else seats
                players = st.players
                ctx = _new_dict(RuleContext)  # (``seat_context``, inlined: the same dict)
                ctx["$game"] = game
                for seat in order:  # one context, its seat and player set for each in turn
                    ctx["seat"] = seat  # (a rule leaves the context as it found it)
                    ctx["player"] = players[seat]
                    if cond(ctx):
                        return self._outcome(v, ctx, seat)
            else:
                if shared is None:
                    shared = game_context(game)
                if cond(shared):
                    return self._outcome(v, shared, None)
        return None

    def _outcome(self, v: Victory, ctx: RuleContext, seat: str | None) -> dict[str, Any]:
        if v.draw:
            winner = None
        elif v.winner is not None:
            winner = v.winner(ctx)
        else:
            winner = seat if seat is not None else ctx["seat"]
        out: dict[str, Any] = {"winner": winner, "reason": v.reason, "victory": v.id}
        if v.rule:
            out["rule"] = v.rule
        return out

    def run_triggers(self, game: Game, events: list[dict[str, Any]]) -> None:
        if not self.triggers:
            return
        st = game.state
        acting = game.history[-1][0] if game.history else None
        if acting not in st.players:
            acting = st.pending.seat if st.pending else st.active_seat
        after = st.pending.seat if st.pending else st.seat_after(acting, 1)
        pending = st.players.get(after)
        for ev in list(events):
            for t in self.triggers:
                if ev.get("type") != t.on:
                    continue
                ctx = RuleContext(game, event=ev, seat=acting, player=st.players[acting],
                                  next_player=pending)
                ctx["$reason"] = f"trigger {t.id}"
                if t.cond is None or t.cond(ctx):
                    game.emit("trigger", id=t.id, on=t.on)
                    t.effect(ctx)

    def limit_result(self, game: Game) -> dict[str, Any]:
        limits = self.scenario.limits
        rounds = limits.get("rounds")
        key = limits.get("rank_by")
        reason = f"round limit {rounds} reached"
        if not key:
            return {"winner": None, "reason": reason + "; draw"}
        st = game.state
        scores = sorted(((st.players[s].counters.get(key, 0), s) for s in st.seats), reverse=True)
        if len(scores) > 1 and scores[0][0] == scores[1][0]:
            return {"winner": None, "reason": f"{reason}; tie on {key}"}
        return {"winner": scores[0][1], "reason": f"{reason}; most {key} ({scores[0][0]})"}


def _strings(value: Any) -> list[str]:
    """Every text in ``value`` (a YAML value: mappings' values, lists' items)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _strings(v)]
    if isinstance(value, list):
        return [t for v in value for t in _strings(v)]
    return []
