"""The turn loop: rounds, seats in order, the scenario's phases, hand-overs, limits and victory.

A phase (scenario ``phases:``) is either automatic (``auto: NAME``, run by a plugin's
``dg_run_phase``) or a decision of a seat (``seat: active | next | previous``) that lasts until the
seat plays ``end`` or an action closes it. A decision can be handed to another seat for a while
(:meth:`TurnLoop.hand_over`); ``end`` gives it back. A decision with no legal action — when it
opens, or when an action leaves it open with nothing left to do — is handled as the scenario's
``no_legal_action:`` says (skipped by default, and logged); victory conditions are checked after
every action and at the end of turns and rounds. A hook that no plugin implements
(``game.hooked``; none at all when ``game.hooks_in_play`` is False) is not called, and a victory
check is skipped at a moment where nothing can be found (``game.victory_moments``;
``game.victory_idle`` while no decision is pending).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from distant_galaxy.core.state import Pending
from distant_galaxy.errors import ScenarioError

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game

HANDOVERS = "handovers"


class TurnLoop:
    """Moves a game from decision to decision. Holds no state of its own (all is in GameState)."""

    def __init__(self, game: Game, like: TurnLoop | None = None):
        """The loop of ``game``; ``like``: the loop of the game it is a copy of (same scenario),
        whose reusable parts it shares."""
        # The game owns its loop; the loop refers back to it weakly: no reference cycle, so a
        # game nobody holds any more (a bot's or a playout's copy) is freed at once instead of
        # waiting for Python's cyclic garbage collector.
        # Typed as never None: the loop is only used while its game is alive (the game calls
        # it); the property ``game`` asserts it for everyone else.
        self._game = cast("Callable[[], Game]", weakref.ref(game))
        # Pending objects are never mutated (the state and undo records share them): one per
        # (seat, phase) is reused instead of a new one at every decision (copies share them).
        self._pendings: dict[tuple[str, int], Pending] = like._pendings if like else {}
        #: whether a victory check done before a turn passes stands for after it: a pure game
        #: (only the engine changes the state: passing the turn moves only the turn, round and
        #: phase) whose idle ``after_action`` conditions read only seats' cells
        #: (``ScenarioRules.cells_only_idle_at``)
        self._only_cells: bool = like._only_cells if like else \
            game.pure and game.scenario.rules.cells_only_idle_at("after_action")

    @property
    def game(self) -> Game:
        """The game this loop moves on (held weakly: the game holds the loop)."""
        game = self._game()
        assert game is not None, "the game of this turn loop is gone"
        return game

    @property
    def phases(self) -> list[dict[str, Any]]:
        return self.game.scenario.phases

    def current_phase(self) -> dict[str, Any]:
        return self.phases[self.game.state.phase]

    def start(self) -> None:
        st = self.game.state
        self.game.emit("turn_start", seat=st.active_seat, round=st.round)
        if self.game.hooks_in_play and "dg_turn_start" in self.game.hooked:
            self.game.hook.dg_turn_start(game=self.game, seat=st.active_seat)
        self.advance()

    # -- decisions -------------------------------------------------------------------------
    def may_end(self) -> bool:
        st = self.game.state
        if st.attrs.get(HANDOVERS):
            return True
        game = self.game
        end = game.scenario.phases[st.phase].get("end", True)
        if end.__class__ is bool:
            return bool(end)
        seat = st.pending.seat if st.pending is not None else st.active_seat
        return game.scenario.rules.end_allowed(game, st.phase, seat)  # ``end:`` a rule

    def reason_now(self) -> str:
        """The pending decision's text as it stands now (a plugin may reword it as the decision
        goes on, e.g. the defenders left to place), for the human prompt."""
        st = self.game.state
        pend = st.pending
        if pend is None:
            return ""
        phase = self.current_phase()
        if self.game.hooks_in_play and "dg_decision_reason" in self.game.hooked \
                and pend.kind == phase["id"] and not st.attrs.get(HANDOVERS):
            fresh = self.game.hook.dg_decision_reason(game=self.game, phase=phase, seat=pend.seat)
            if fresh is not None:
                return str(fresh)
        return pend.reason

    def hand_over(self, seat: str, kind: str, reason: str) -> None:
        st = self.game.state
        assert st.pending is not None
        stack = list(st.attrs.get(HANDOVERS, []))
        stack.append(st.pending.to_json())
        st.attrs[HANDOVERS] = stack
        st.pending = Pending(seat, kind, reason)
        self.game.emit("hand_over", seat=seat, decision=kind, reason=reason)

    def end_decision(self, game: Game | None = None) -> None:
        """Close the pending decision: back to the seat it was handed over from, else on to
        the next phase (``game``: this loop's game, when the caller holds it already)."""
        if game is None:
            game = self._game()  # (the property, inlined: once per action)
        st = game.state
        stack = st.attrs.get(HANDOVERS) if st.attrs else None
        if stack:
            stack = list(stack)
            back = stack.pop()
            if stack:
                st.attrs[HANDOVERS] = stack
            else:
                del st.attrs[HANDOVERS]
            st.pending = Pending(**back)
            game.emit("hand_back", seat=back["seat"], decision=back["kind"])
            return
        st.pending = None
        phases = len(game.scenario.phases)
        if st.phase + 1 >= phases and st.result is None and game.victory_idle["after_action"]:
            # the turn is about to end: the action's own victory first, in the state the action
            # left — a winning action wins in its round, before the turn passes (no turn_end,
            # turn_start or next turn's hook) and before the end of the turn, of the round and a
            # round limit are looked at (a last move that wins is not a draw by the limit)
            if game.hooks_in_play:
                self.check_victory("after_action")
            else:  # no plugin checks victory: the compiled rules directly (as after_action)
                res = game.scenario.rules.check_victory(game, "after_action")
                if res is not None:
                    game.finish(res.get("winner"), res["reason"], res.get("rule"))
            if st.result is not None:
                return
        st.phase += 1  # the next phase (``_next_phase``, inlined: once per action)
        if st.phase >= phases:
            self._end_turn(game)

    def after_action(self, game: Game | None = None) -> None:
        """After an action: the victory check of the moment, then on to the next decision
        (``game``: this loop's game, when the caller holds it already)."""
        if game is None:
            game = self._game()
        st = game.state
        if (game.victory_moments if st.pending is not None else game.victory_idle)["after_action"]:
            if self._only_cells and st.pending is None and st.phase == 0 and st.result is None:
                # the action ended its turn (no decision open yet, the turn's first phase next):
                # ``end_decision`` looked for its victory before the turn passed, and in this
                # game passing the turn changes nothing the conditions read
                pass
            elif game.hooks_in_play or st.result is not None:
                self.check_victory("after_action")
            else:  # no plugin checks victory: the compiled rules directly (``check_victory``)
                res = game.scenario.rules.check_victory(game, "after_action")
                if res is not None:
                    game.finish(res.get("winner"), res["reason"], res.get("rule"))
        if st.pending is not None and st.result is None and not self.may_end() \
                and not self.game.list_new_decision():
            # the action left its decision open, and nothing is left to do in it (and no `end`)
            self._no_legal_action(st.pending.seat, self.current_phase())
        self.advance(game)

    # -- the loop ------------------------------------------------------------------------------
    def advance(self, game: Game | None = None) -> None:
        """Run automatic phases and skip empty decisions until a decision is pending or the end
        (``game``: this loop's game, when the caller holds it already)."""
        if game is None:
            game = self._game()
        st = game.state
        phases = game.scenario.phases
        guard = 0
        first_round = st.round
        while st.result is None and st.pending is None:
            guard += 1
            if guard > 10_000:
                raise self._stuck(game, first_round)
            phase = phases[st.phase]
            if phase.get("auto"):
                handled = game.hook.dg_run_phase(game=game, phase=phase)
                if not handled:
                    raise game.scenario.error(
                        f"no plugin runs the automatic phase '{phase['auto']}'", "phases",
                        st.phase, "auto", hint="a plugin named in 'plugins:' implements "
                        "dg_run_phase for it")
                self.check_victory("after_phase")
                if st.result is None and st.pending is None:
                    self._next_phase()
                continue
            who = phase.get("seat")
            seat = st.seats[st.turn] if who is None or who == "active" else self.phase_seat(phase)
            reason = None
            if game.hooks_in_play:
                hooked = game.hooked
                if "dg_phase_applies" in hooked and \
                        game.hook.dg_phase_applies(game=game, phase=phase, seat=seat) is False:
                    self._next_phase()
                    continue
                if "dg_decision_reason" in hooked:
                    reason = game.hook.dg_decision_reason(game=game, phase=phase, seat=seat)
            if reason is not None:
                pend = Pending(seat, phase["id"], reason)
            else:
                pend = self._pendings.get((seat, st.phase))
                if pend is None or pend.kind != phase["id"]:
                    pend = self._pendings[(seat, st.phase)] = Pending(seat, phase["id"],
                                                                      phase.get("doc", ""))
            st.pending = pend
            if not game.list_new_decision():
                self._no_legal_action(seat, phase)
            st = game.state

    def _stuck(self, game: Game, first_round: int) -> ScenarioError:
        """The error of a loop that skipped decision after decision without one ever pending:
        no seat has a legal action (the phase it is in, the round it began, the phase's place)."""
        st = game.state
        phase = game.scenario.phases[st.phase]
        return game.scenario.error(
            f"no seat has a legal action in phase '{phase.get('id')}' in round {first_round}: "
            f"every decision was skipped (up to round {st.round}), and the game cannot go on",
            "phases", st.phase,
            hint="give the phase an action that is always legal (or 'end'), a victory "
                 "condition for a seat without a legal action (no_legal_move()), or 'limits: "
                 "{rounds: N}'")

    def _no_legal_action(self, seat: str, phase: dict[str, Any]) -> None:
        """The pending decision (just opened, or left open by an action) has no legal action:
        check victory, else do what the scenario's ``no_legal_action:`` says — ``skip`` the
        decision (the default), ``pass`` (the turn ends) or ``lose`` (the next seat wins)."""
        game, st = self.game, self.game.state
        self.check_victory("no_legal_action")
        if st.result is not None:
            return
        how = game.scenario.data.get("no_legal_action", "skip")
        if how == "lose":
            game.finish(st.seat_after(seat, 1), f"{seat} has no legal action")
            return
        if st.attrs.get(HANDOVERS):  # (an open hand-over always allows `end`: not reached)
            del st.attrs[HANDOVERS]
        st.pending = None
        if how == "pass":
            game.emit("pass", seat=seat, decision=phase["id"], reason="no legal action")
            self._end_turn(game)
            return
        game.emit("decision_skipped", seat=seat, decision=phase["id"], reason="no legal action")
        self._next_phase()

    def phase_seat(self, phase: dict[str, Any]) -> str:
        st = self.game.state
        who = phase.get("seat", "active")
        if who == "active":
            return st.seats[st.turn]
        if who == "next":
            return st.seat_after(st.active_seat, 1)
        if who == "previous":
            return st.seat_after(st.active_seat, -1)
        return st.active_seat

    def _next_phase(self) -> None:
        game = self._game()
        st = game.state
        st.phase += 1
        if st.phase < len(game.scenario.phases):
            return
        self._end_turn(game)

    def _end_turn(self, game: Game) -> None:
        st = game.state
        if game.record:  # an unrecorded event goes nowhere: skip building it
            seat = st.seats[st.turn]  # the active seat
            # the state hash closes the turn: a replay that drifts is caught at this turn
            # (``emit``'s event, built in place: once a turn)
            game.events.append({"type": "turn_end", "seat": seat, "round": st.round,
                                "state_hash": st.hash()})
        moments = game.victory_moments if st.pending is not None else game.victory_idle
        if moments["end_of_turn"]:
            self.check_victory("end_of_turn")
            if st.result is not None:
                return
        st.phase = 0
        st.turn += 1
        if st.turn >= len(st.seats):
            st.turn = 0
            if moments["end_of_round"]:
                self.check_victory("end_of_round")
            if st.result is not None:
                return
            limit = game.scenario.limits.get("rounds")
            if limit is not None and st.round >= limit:
                self._limit_reached(limit)
                return
            st.round += 1
        if game.record:  # (``emit``'s event, built in place, as turn_end's)
            game.events.append({"type": "turn_start", "seat": st.seats[st.turn],
                                "round": st.round})
        if game.hooks_in_play and "dg_turn_start" in game.hooked:
            game.hook.dg_turn_start(game=game, seat=st.active_seat)

    def _limit_reached(self, limit: int) -> None:
        game = self.game
        res = game.hook.dg_limit_result(game=game)
        extra = _extra(res) if res is not None else {}  # a plugin's extra fields
        if res is None:
            res = game.scenario.limit_result(game)
        reason = res.get("reason", f"round limit {limit} reached")
        game.finish(res.get("winner"), reason, res.get("rule"), **extra)

    def check_victory(self, when: str) -> None:
        game = self._game()
        if game.state.result is not None:
            return
        res = game.hook.dg_check_victory(game=game) \
            if game.hooks_in_play and "dg_check_victory" in game.hooked else None
        if res is not None:  # a plugin's result: its extra fields join the result
            game.finish(res.get("winner"), res["reason"], res.get("rule"), **_extra(res))
            return
        res = game.scenario.rules.check_victory(game, when)  # the compiled rules directly
        if res is not None:
            game.finish(res.get("winner"), res["reason"], res.get("rule"))


def _extra(res: dict[str, Any]) -> dict[str, Any]:
    """A plugin result's fields beyond winner, reason and rule (``Game.finish``'s ``extra``;
    the scenario's own victory conditions add none)."""
    return {k: v for k, v in res.items() if k not in ("winner", "reason", "rule")}
