"""A game: scenario + state + dice + events, the turn loop, legal actions, apply and undo.

Flow: ``Game(scenario, seed=…)`` sets up the state and advances through automatic phases to the
first pending decision. ``legal_actions()`` lists what the pending seat may do; ``apply(action)``
checks it (an illegal action raises and leaves the state exactly as it was), applies it, records
events, checks victory and advances again. ``undo()`` restores the state before the last action of
the current decision, unless a die was rolled since.

Fast paths are chosen from documented facts, never from which plugins are loaded: the hooks some
plugin implements (``Scenario.hooked``; the others are not called) and whether the game is
:attr:`Game.pure` (only the engine changes its state during play).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from distant_galaxy.core import hidden
from distant_galaxy.core.actions import END, Action, ActionKind
from distant_galaxy.core.dice import Dice
from distant_galaxy.core.journal import Journal, journaled
from distant_galaxy.core.state import GameState, Pending, Player, Site, Token, copy_attrs
from distant_galaxy.core.turns import HANDOVERS, TurnLoop
from distant_galaxy.core.verbs import EndAction
from distant_galaxy.core.view import GameView
from distant_galaxy.errors import (
    ActionError,
    EngineError,
    IllegalAction,
    MalformedAction,
    fault_text,
)
from distant_galaxy.stash import Stash
from distant_galaxy.text import close_matches

if TYPE_CHECKING:
    from distant_galaxy.scenario.model import Scenario

Event = dict[str, Any]

#: The fields every result has (``Game.finish``); a plugin's extra fields come after them.
RESULT_FIELDS = frozenset({"winner", "reason", "round", "rule", "counters"})
#: A game's log sink: called with each log record. A sink that also has a ``flush()`` method is
#: told when a group of records is complete (the set-up, an action with its events, an undo):
#: ``LogWriter`` makes the group durable then, not at every record.
Sink = Callable[[dict[str, Any]], None]

#: Why nothing is left to undo after an action that rolled a die or showed a hidden value
#: (``Game.undo``): what was rolled or seen is never taken back.
UNDO_SEALED = {"dice": "your last action rolled a die, and a roll is never taken back",
               "reveal": "your last action revealed a hidden value, and what was seen is "
                         "never taken back"}
#: The hooks the engine calls while a game is played (``apply`` and the turn loop). A game where
#: no plugin implements any of them is one of the conditions of :attr:`Game.pure`.
PLAY_HOOKS = frozenset({"dg_run_phase", "dg_phase_applies", "dg_decision_reason", "dg_turn_start",
                        "dg_after_action", "dg_check_victory", "dg_limit_result"})


class Game:
    """One game of a scenario. Separate games never share state or plugin data.

    Besides ``scenario``, ``state``, ``dice``, ``events`` and ``history``, a game has documented
    attributes that the engine's fast paths read (all but ``victory_memo`` are set at creation and
    shared by clones):

    ``hooked``
        the names of the hooks some plugin of the scenario implements (``Scenario.hooked``); the
        turn loop and ``apply`` do not call the others.
    ``hooks_in_play``
        whether some plugin implements a hook of :data:`PLAY_HOOKS` (else none is called).
    ``pure``
        True when nothing but the engine changes the state while the game is played: the
        scenario has no triggers, no plugin implements a hook of :data:`PLAY_HOOKS`, and every
        action kind declares :attr:`~distant_galaxy.core.actions.ActionKind.pure`. Then the owner
        index (``GameState.pieces_of``, ``bits_of``) is exact, an action kind's ``touches``
        gives a cheap undo record (cheaper still for a kind with ``adds_only``: its ``apply``
        only adds tokens), and a victory condition found false is not evaluated again within one
        action (``victory_memo``). The classic games are pure.
    ``victory_moments``
        per moment of the turn loop (``after_action``, ``end_of_turn``…), whether a victory check
        there can find anything (a plugin's ``dg_check_victory`` or a condition checked then).
    ``victory_idle``
        the same while no decision is pending (a condition that is ``needs_decision``, such as
        ``no_legal_move()``, is false then).
    ``victory_memo``
        during one action of a pure game, what ``ScenarioRules.check_victory`` remembers between
        its checks; None outside such an action.
    """

    def __init__(self, scenario: Scenario, seats: list[str] | None = None, seed: int = 0,
                 variant: str | None = None, sink: Sink | None = None,
                 state: GameState | None = None, record: bool = True,
                 secret: str | None = None):
        self.scenario = scenario
        # the game's secret, which hidden values are drawn from (core/hidden.py): None derives it
        # from the seed; a state that holds one (a save's) keeps its own
        self.bag_secret = secret
        self.variant = variant or scenario.variant
        self.options: tuple[str, ...] = scenario.options  # in the scenario's order
        self.hook = scenario.pm.hook
        self.kinds: dict[str, ActionKind] = scenario.action_kinds()
        self.sink = sink
        # a scenario's triggers fire on the events of an action: kept even when not recorded
        self.record = record or bool(scenario.rules.triggers)
        self.stash = Stash()  # plugins' own data about this game object (not saved)
        self.events: list[Event] = []
        self.history: list[tuple[str, str]] = []  # (seat, action text) of every applied action
        self._undo: list[tuple[GameState | _Light | AddedRecord | Journal, int, int]] = []
        # The cached legal actions are valid for (version, state object, pending object).
        self._legal_key: tuple[int, GameState, Pending] | None = None
        self._legal: list[Action] = []
        self._settled_key: tuple[int, GameState, Pending] | None = None
        # legal_of's lists per verb, valid for (version, state object, pending object) too
        self._verb_key: tuple[int, GameState, Pending] | None = None
        self._by_verb: dict[str, list[Action]] = {}
        self._verbs_settled = False  # _any_legal listed the new decision's first verbs
        self._version = 0
        self._flushed = 0
        self._undo_why: str | None = None  # why there is nothing to undo (once undo is empty)
        self.hooked: frozenset[str] = scenario.hooked
        self.hooks_in_play: bool = bool(self.hooked & PLAY_HOOKS)
        self.pure: bool = _is_pure(scenario, self.kinds)
        self.journaled: bool = journaled(scenario, self.kinds, PLAY_HOOKS)
        self.victory_memo: dict[Any, Any] | None = None
        self.victory_moments: dict[str, bool] = _victory_moments(scenario)
        self.victory_idle: dict[str, bool] = _victory_moments(scenario, idle=True)
        self._kinds_at: dict[str, list[ActionKind]] = {}  # decision -> kinds (static ones only)
        # decision -> its kinds, end kinds first / by verb (static ones only): _any_legal, legal_of
        self._end_first: dict[str, list[ActionKind]] = {}
        self._verbs_at: dict[str, dict[str, ActionKind]] = {}
        self._static_kinds = all(type(k).available is ActionKind.available
                                 for k in self.kinds.values())
        self.loop = TurnLoop(self)
        if state is None:
            self.state = scenario.new_state(seats, seed)
            self.dice = self._make_dice()
            self.emit("setup", scenario=scenario.id, variant=self.variant,
                      seats=list(self.state.seats), seed=seed)
            scenario.generic_setup(self)
            self.hook.dg_setup(game=self)  # the built-in board plugin's `setup.fill` first
            self.loop.start()
            self.flush()
        else:
            self.state = state
            self.dice = self._make_dice()

    @classmethod
    def set_up(cls, scenario: Scenario, seats: list[str] | None = None, seed: int = 0,
               variant: str | None = None, secret: str | None = None
               ) -> tuple[Game, list[Event]]:
        """A new game at its first decision and its set-up events as log records (each with
        ``"kind": "event"``, as a sink is given them). The game has no sink yet: a caller that
        logs writes its header first (it describes the state at the first decision), then these
        records, then sets ``game.sink``."""
        game = cls(scenario, seats=seats, seed=seed, variant=variant, secret=secret)
        return game, [{**ev, "kind": "event"} for ev in game.events]

    # -- events ------------------------------------------------------------------------------
    def emit(self, type_: str, **fields: Any) -> Event:
        """Record an event (it goes to the log sink and to the current action's event list)."""
        ev: Event = {"type": type_, **fields}
        if self.record:
            self.events.append(ev)
        return ev

    def flush(self) -> None:
        """Send the events not yet logged to the sink (after set-up and after each action), then
        tell the sink that a group of records is complete (its ``flush()``, if it has one: a
        log writer makes the group durable then; see :data:`Sink`)."""
        sink = self.sink
        if sink is not None:
            for ev in self.events[self._flushed:]:
                sink({**ev, "kind": "event"})  # an event field never replaces the kind
            done = getattr(sink, "flush", None)
            if done is not None:
                done()
        self._flushed = len(self.events)

    def change_counter(self, seat: str, counter: str, delta: int, reason: str,
                       rule: str | None = None, allow_below_min: bool = False) -> int:
        """Add ``delta`` to a player's counter, log it with the reason and the new balance."""
        player = self.state.players[seat]
        if self.state.journal is not None:
            self.state.journal.save(player)
        spec = self.scenario.counters.get(counter, {})
        new = player.counters.get(counter, 0) + delta
        lo, hi = spec.get("min"), spec.get("max")
        if lo is not None and new < lo and not allow_below_min:
            raise IllegalAction(f"{seat} has {player.counters.get(counter, 0)} {counter}, "
                                f"{-delta} needed ({reason})")
        if hi is not None and new > hi:
            new = hi
        player.counters[counter] = new
        fields: dict[str, Any] = {"seat": seat, "counter": counter, "delta": delta,
                                  "value": new, "reason": reason}
        if rule:
            fields["rule"] = rule
        self.emit("counter", **fields)
        return new

    def token_counter(self, token: Token, counter: str) -> int:
        """A token's counter (``unit_counters:``): its own value once changed, else its unit
        type's stat of that name (the value it was placed with), else 0."""
        if counter in token.attrs:
            return int(token.attrs[counter])
        stat = self.scenario.unit_types.get(token.type, {}).get(counter, 0)
        return stat if isinstance(stat, int) and not isinstance(stat, bool) else 0

    def change_token_counter(self, token: Token, counter: str, delta: int, reason: str,
                             rule: str | None = None) -> int:
        """Add ``delta`` to a token's counter (kept within the ``min``/``max`` of its
        ``unit_counters:`` entry), log a ``token_counter`` event with the reason and the new
        value, and return the new value."""
        spec = self.scenario.unit_counters.get(counter) or {}
        old = self.token_counter(token, counter)
        new = old + delta
        lo, hi = spec.get("min"), spec.get("max")
        if lo is not None and new < lo:
            new = lo
        if hi is not None and new > hi:
            new = hi
        if self.state.journal is not None:
            self.state.journal.save(token)
        token.attrs[counter] = new
        fields: dict[str, Any] = {"token": token.id, "unit": token.type, "counter": counter,
                                  "delta": new - old, "value": new, "reason": reason}
        if rule:
            fields["rule"] = rule
        self.emit("token_counter", **fields)
        return new

    def will_edit(self, obj: Token | Site | Player) -> None:
        """Call before editing a token, site or player of the state in place by other means than
        the engine's methods (a journaled kind's ``apply``, a ``DG_JOURNALED`` plugin's hooks): the
        action's journal keeps its values for undo (nothing to do outside an action)."""
        journal = self.state.journal
        if journal is not None:
            journal.save(obj)

    def _make_dice(self) -> Dice:
        dice = Dice(self.state, _Emit(self))  # (not ``self.emit``: no reference cycle)
        dice.on_roll = self._undo.clear
        return dice

    # -- hidden information (core/hidden.py, core/view.py) -------------------------------------
    def view(self, seat: str | None) -> GameView:
        """What ``seat`` may see of this game: controllers are given this, never the game.
        ``None``: what every player may see (the public: ``dg show``, ``dg render``, replays)."""
        return GameView(self, seat)

    def hide(self, sid: str, value: Any, see: str | list[str] = "none",
             owner: str | None = None, public: dict[str, Any] | None = None) -> None:
        """Keep ``value`` as the secret ``sid``: ``see`` is "none", "owner", "all" or seats."""
        hidden.hide(self, sid, value, see, owner, public)

    def secret(self, sid: str) -> Any:
        """The value of a secret (HiddenInformation in a copy made from a seat's view)."""
        return hidden.read(self.state.secrets, sid)

    def knows(self, sid: str) -> bool:
        """Whether this game holds the value of ``sid`` (False in a copy of a seat's view)."""
        return hidden.known(self.state.secrets, sid)

    def reveal(self, sid: str, reason: str, rule: str | None = None,
               to: list[str] | None = None) -> Any:
        """Show a secret to everybody (or to the seats ``to``), logged; returns its value."""
        return hidden.reveal(self, sid, reason, rule, to)

    def shuffle_bag(self, bag: str, contents: dict[str, int], purpose: str,
                    rule: str | None = None) -> list[str]:
        """Shuffle a bag (item → count) in secret, commit to its order in the log."""
        return hidden.shuffle_bag(self, bag, contents, purpose, rule)

    @property
    def version(self) -> int:
        """A number that changes whenever the state may have changed (views cache by it)."""
        return self._version

    # -- decisions ---------------------------------------------------------------------------
    @property
    def pending(self) -> Pending | None:
        return self.state.pending

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result

    def may_end_decision(self) -> bool:
        return self.loop.may_end()

    def end_decision(self) -> None:
        """End the pending seat's decision (its turn, in a one-phase game) at once (what
        ``ends_turn: true`` does): at the last phase the turn passes now — the action's
        victory checked first, then ``turn_end`` and the next seat's ``turn_start`` (and its
        ``dg_turn_start``) — so ``dg_after_action`` and triggers, which run after the kind's
        ``apply``, see the next turn's state; a reaction within the acting seat's turn belongs
        in ``perform``, before this call."""
        self.loop.end_decision()

    def hand_over(self, seat: str, kind: str, reason: str) -> None:
        """Hand the decision to ``seat`` for a while (``end`` gives it back)."""
        self.loop.hand_over(seat, kind, reason)

    def state_changed(self) -> None:
        """Call after editing ``game.state`` by hand (tests, tools): forgets cached legal actions
        and the state's derived owner index."""
        self._version += 1
        self.state.forget_index()

    def kinds_for(self, decision: str) -> list[ActionKind]:
        found = self._kinds_at.get(decision)
        if found is not None:
            return found
        found = [k for k in self.kinds.values() if k.available(self, decision)]
        if self._static_kinds:  # availability by phase only: the same list for every decision
            self._kinds_at[decision] = found
        return found

    def legal_actions(self) -> list[Action]:
        """The legal actions of the pending decision (empty when the game is over)."""
        st = self.state
        pend = st.pending
        if pend is None or st.result is not None:
            return []
        key = self._legal_key
        if key is not None and key[0] == self._version and key[1] is st and key[2] is pend:
            return self._legal
        acts: list[Action] = []
        kinds = self._kinds_at.get(pend.kind)
        key = self._verb_key
        if key is not None and key[0] == self._version and key[1] is self.state \
                and key[2] is pend:  # some verbs listed already (legal_of, _any_legal)
            return self._from_verbs(pend, kinds)
        for kind in kinds if kinds is not None else self.kinds_for(pend.kind):
            if type(kind) is EndAction:  # the built-in `end`: no generator for a yes/no
                end = self.scenario.phases[st.phase].get("end", True)
                if (st.attrs and st.attrs.get(HANDOVERS)) \
                        or (end if end.__class__ is bool else self.loop.may_end()):  # may_end
                    acts.append(END)
                continue
            acts.extend(kind.legal(self, pend.seat))
        self._legal_key, self._legal = (self._version, st, pend), acts
        return acts

    def _from_verbs(self, pend: Pending, kinds: list[ActionKind] | None) -> list[Action]:
        """``legal_actions`` when some verbs of this state were listed by ``legal_of``: their
        lists, the other kinds listed now. The whole list replaces the verbs' lists (a later
        ``legal_of`` groups it: the same objects)."""
        acts: list[Action] = []
        by = self._by_verb
        for kind in kinds if kinds is not None else self.kinds_for(pend.kind):
            listed = by.get(kind.verb)
            if listed is not None:
                acts.extend(listed)
            elif type(kind) is EndAction:
                if self.loop.may_end():
                    acts.append(END)
            else:
                acts.extend(kind.legal(self, pend.seat))
        self._legal_key, self._legal = (self._version, self.state, pend), acts
        self._verb_key = None
        return acts

    def legal_of(self, verb: str) -> list[Action]:
        """The legal actions of one verb in the pending decision: those of
        :meth:`legal_actions`, in its order, listing only that verb's kind (a bot that looks at
        a few verbs need not list the others). Made once per state; ``check`` and ``apply``
        know these very objects as listed. The caller must not change the list."""
        st, pend = self.state, self.state.pending
        if pend is None or st.result is not None:
            return []
        by, key = self._by_verb, self._verb_key
        if key is None or key[0] != self._version or key[1] is not st or key[2] is not pend:
            by = self._by_verb = {}
            self._verb_key = (self._version, st, pend)
            full = self._legal_key
            if full is not None and full[0] == self._version and full[1] is st \
                    and full[2] is pend:  # listed whole already: group that list
                for act in self._legal:
                    group = by.get(act.verb)
                    if group is None:
                        group = by[act.verb] = []
                    group.append(act)
                for kind in self.kinds_for(pend.kind):
                    by.setdefault(kind.verb, [])
        found = by.get(verb)
        if found is None:
            verbs = self._verbs_at.get(pend.kind)
            if verbs is None:  # verb -> kind of this decision
                verbs = {k.verb: k for k in self.kinds_for(pend.kind)}
                if self._static_kinds:
                    self._verbs_at[pend.kind] = verbs
            kind = verbs.get(verb)
            if kind is None:
                found = []
            elif type(kind) is EndAction:  # as legal_actions lists it
                found = [END] if self.loop.may_end() else []
            else:
                found = list(kind.legal(self, pend.seat))
            by[verb] = found
        return found

    def list_new_decision(self) -> bool:
        """Whether the decision the turn loop just opened has a legal action.

        A pure game lists its legal actions; as nothing changes the state after this until
        ``apply`` returns, ``apply`` keeps that list for the new decision instead of listing it
        again. A plugin game does not list the decision whole: it lists its kinds one by one,
        ``end`` kinds first, until one has a legal action, and keeps those lists (whoever
        decides lists the rest as it needs: :meth:`legal_actions`, or :meth:`legal_of` for a
        few verbs)."""
        pend = self.state.pending
        if not self.pure and pend is not None and self.state.result is None:
            return self._any_legal(pend)
        if self.legal_actions():
            self._settled_key = self._legal_key
            return True
        return False

    def _any_legal(self, pend: Pending) -> bool:
        """Whether some kind of the pending decision has a legal action: the kinds are listed
        one by one, ``end`` kinds first (they have one action at most), until one has some;
        their lists are kept for the decision as ``legal_of``'s (``apply`` keeps them valid
        when it returns: nothing changes the state after this)."""
        order = self._end_first.get(pend.kind)
        if order is None:
            kinds = self.kinds_for(pend.kind)
            order = [k for k in kinds if isinstance(k, EndAction)] \
                + [k for k in kinds if not isinstance(k, EndAction)]
            if self._static_kinds:
                self._end_first[pend.kind] = order
        by: dict[str, list[Action]] = {}
        self._verb_key, self._by_verb = (self._version, self.state, pend), by
        for kind in order:
            if type(kind) is EndAction:  # the built-in `end`, as legal_actions lists it
                found = by[kind.verb] = [END] if self.loop.may_end() else []
            else:
                found = by[kind.verb] = list(kind.legal(self, pend.seat))
            if found:
                self._verbs_settled = True
                return True
        return False

    def parse(self, text: str) -> Action:
        """Parse an action text and check that its verb exists in this scenario."""
        action = Action.parse(text)
        if action.verb not in self.kinds:
            verbs = sorted(v for v in self.kinds if v != END.verb or _may_ever_end(self.scenario))
            close = close_matches(action.verb, verbs)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise MalformedAction(f"unknown action '{action.verb}'{hint} (the actions of this "
                                  f"game: {', '.join(verbs)})")
        return action

    def check(self, action: Action | str) -> Action:
        """Raise the reason why ``action`` is not legal now, or return it parsed."""
        if isinstance(action, str):
            action = self.parse(action)
        st = self.state
        pend = st.pending
        key = self._legal_key
        if key is not None and key[2] is pend and key[1] is st and key[0] == self._version \
                and pend is not None and st.result is None:
            for listed in self._legal:  # one of the listed legal actions of this decision
                if listed is action:
                    return action
        key = self._verb_key
        if key is not None and key[2] is pend and key[1] is st and key[0] == self._version \
                and pend is not None and st.result is None:
            for listed in self._by_verb.get(action.verb, ()):  # listed by legal_of, this state
                if listed is action:
                    return action
        if self.state.result is not None:
            raise IllegalAction(f"{action}: the game is over")
        if pend is None:
            raise IllegalAction(f"{action}: no decision is pending")
        kind = self.kinds.get(action.verb)
        if kind is None:
            raise MalformedAction(f"unknown action '{action.verb}'")
        if not kind.available(self, pend.kind):
            raise IllegalAction(f"{action}: '{action.verb}' is not possible in the "
                                f"{pend.kind} decision of {pend.seat}")
        key = self._legal_key
        if key is not None and key[0] == self._version and key[1] is self.state \
                and key[2] is pend:
            if action in self._legal:
                return action
        kind.check(self, pend.seat, action)
        return action

    def apply(self, action: Action | str, seat: str | None = None) -> list[Event]:
        """Check and apply ``action`` for the pending seat; return the events it caused.

        Raises an :class:`~distant_galaxy.errors.ActionError` (the state is then unchanged) when the action
        is malformed or illegal, or when ``seat`` is given and is not the pending seat.
        """
        st = self.state
        pend = st.pending
        key = self._legal_key
        listed = False  # one of the listed legal actions of this decision (by identity)
        if key is not None and key[2] is pend and key[1] is st and key[0] == self._version \
                and pend is not None and st.result is None:
            for known in self._legal:
                if known is action:
                    listed = True
                    break
        if not listed:
            action = self.check(action)
        assert pend is not None
        if seat is not None and seat != pend.seat:
            raise IllegalAction(f"{action}: it is {pend.seat}'s decision, not {seat}'s")
        kind = self.kinds[action.verb]
        pure = self.pure
        touches = getattr(kind, "touches", None) if pure else None
        if touches is not None:  # the kind says what it changes: a cheap undo record suffices
            return self._apply_light(action, pend, kind, touches)
        snapshot: GameState | _Light | Journal
        if self.journaled:  # every edit is saved into the journal first (core/journal.py)
            snapshot = self.state.journal = Journal(self.state)
        else:
            snapshot = self.state.clone()
        start = len(self.events)
        phase_index = self.state.phase  # the action record names the phase it was decided in
        undo_depth = len(self._undo)
        self._version += 1  # the state changes from here: the cached legal actions are stale
        self._settled_key = None
        self._verbs_settled = False
        if pure:  # only this action changes the state until apply returns: see check_victory
            self.victory_memo = {}
        try:
            self.history.append((pend.seat, str(action)))
            rolls_before = self.state.rolls
            kind.apply(self, pend.seat, action)
            if not pure:  # plugins' hooks and the scenario's triggers
                if self.hooks_in_play and "dg_after_action" in self.hooked:
                    self.hook.dg_after_action(game=self, seat=pend.seat, action=action)
                if self.scenario.rules.triggers:
                    self.scenario.rules.run_triggers(self, self.events[start:])
            self.loop.after_action(self)
        except ActionError as exc:
            self._restore(snapshot, start)
            self.history.pop()
            if listed:  # refused after the game listed it as legal: a fault of the kind's code
                raise _applying_fault(action, kind, exc) from exc
            raise
        except EngineError as exc:  # a rule's run-time fault, a plugin's refused result: its own words
            self._restore(snapshot, start)
            self.history.pop()
            raise EngineError(f"{action}: {exc}") from exc
        except Exception as exc:  # a bug in a plugin must not leave a half-applied action
            self._restore(snapshot, start)
            self.history.pop()
            raise _applying_fault(action, kind, exc) from exc
        except BaseException:  # Ctrl-C in the middle of an action: take it back whole
            self._restore(snapshot, start)
            self.history.pop()
            raise
        finally:
            self.victory_memo = None
            self.state.journal = None
        self._version += 1
        settled = self._settled_key
        if settled is not None and settled is self._legal_key and settled[1] is self.state \
                and settled[2] is self.state.pending:
            # the turn loop listed the new decision's actions after the last change: still valid
            self._legal_key = (self._version, settled[1], settled[2])
        verbs = self._verb_key
        if self._verbs_settled and verbs is not None and verbs[1] is self.state \
                and verbs[2] is self.state.pending:  # the same for the verbs _any_legal listed
            self._verb_key = (self._version, verbs[1], verbs[2])
        return self._settle(pend, str(action), phase_index, snapshot, start, undo_depth,
                            rolls_before)

    def _apply_light(self, action: Action, pend: Pending, kind: ActionKind,
                     touches: Callable[..., tuple[tuple[str, ...], tuple[str, ...]]]
                     ) -> list[Event]:
        """``apply`` in a pure game for a kind that says what it changes (``touches``): the
        same steps with a cheap undo record (:class:`_Light`, a tuple for a kind that only adds
        tokens) and nothing a pure game skips
        (no plugin hook, no trigger, no journal of edits: the record is the state's ``journal``
        only to be told of a removal)."""
        st = self.state
        token_ids, seats = touches(self, pend.seat, action)
        adds_only = getattr(kind, "adds_only", False)
        snapshot: _Light | AddedRecord
        if adds_only and not token_ids:  # (the record built in place: once per placed piece)
            attrs, secrets = st.attrs, st.secrets
            snapshot = (st, len(st.tokens), len(st.board), st.pending, st.round, st.turn,
                        st.phase, st.next_id, st.rolls, st.result,
                        copy_attrs(attrs) if attrs else None, dict(secrets) if secrets else None,
                        [p.clone() for s in seats if (p := st.players.get(s)) is not None]
                        if seats else ())
        else:  # told of a removal before it happens (``_Light.removing``)
            snapshot = st.journal = _Light(st, token_ids, seats, adds_only)
        events, history = self.events, self.history
        start = len(events)
        phase_index = st.phase  # the action record names the phase it was decided in
        undo_depth = len(self._undo)
        self._version += 1  # the state changes from here: the cached legal actions are stale
        self._settled_key = None
        self.victory_memo = {}  # only this action changes the state: see check_victory
        text = str(action)
        history.append((pend.seat, text))
        rolls_before = st.rolls
        try:
            kind.apply(self, pend.seat, action)
            self.loop.after_action(self)
        except BaseException as exc:  # take the action back whole, as ``apply`` does
            st.journal = None
            self._restore(snapshot, start)
            history.pop()
            self.victory_memo = None
            if isinstance(exc, ActionError) or not isinstance(exc, Exception):
                raise
            if isinstance(exc, EngineError):  # a rule's run-time fault: its own words
                raise EngineError(f"{action}: {exc}") from exc
            raise _applying_fault(action, kind, exc) from exc
        st.journal = None
        self.victory_memo = None
        self._version += 1
        st = self.state
        settled = self._settled_key
        if settled is not None and settled is self._legal_key and settled[1] is st \
                and settled[2] is st.pending:
            # the turn loop listed the new decision's actions after the last change: still valid
            self._legal_key = (self._version, st, settled[2])
        return self._settle(pend, text, phase_index, snapshot, start, undo_depth, rolls_before)

    def _settle(self, pend: Pending, text: str, phase_index: int,
                snapshot: GameState | _Light | AddedRecord | Journal, start: int, undo_depth: int,
                rolls_before: int) -> list[Event]:
        """The end of a successful ``apply``: the action's log record, then the undo record
        kept — unless the action rolled a die, revealed a hidden value or ended the decision —
        and its events."""
        events = self.events
        if self.sink is not None:
            self.sink(self._action_record(pend, text, phase_index))
            self.flush()
        else:
            self._flushed = len(events)
        sealed = "dice" if self.state.rolls != rolls_before else (
            _sealing_event(events, start) if len(events) > start else None)
        now = self.state.pending
        if sealed is not None or now is None or \
                (now is not pend and (now.seat != pend.seat or now != pend)):
            self._undo.clear()
            self._undo_why = UNDO_SEALED[sealed] if sealed is not None else \
                "your last action ended the decision"
        else:
            del self._undo[undo_depth:]
            self._undo.append((snapshot, start, len(self.history) - 1))
        return events[start:]

    def _action_record(self, pend: Pending, text: str, phase_index: int) -> dict[str, Any]:
        """The log record of an applied action: the seat, the text, the phase it was decided in
        and, when the decision was handed over within that phase, the decision's kind."""
        phases = self.scenario.phases
        phase = str(phases[phase_index]["id"]) if 0 <= phase_index < len(phases) else pend.kind
        record: dict[str, Any] = {"kind": "action", "seat": pend.seat, "action": text,
                                  "phase": phase}
        if pend.kind != phase:
            record["decision"] = pend.kind
        return record

    def _restore(self, snapshot: GameState | _Light | AddedRecord | Journal, events_len: int
                 ) -> None:
        if isinstance(snapshot, tuple):
            state = _restore_added(snapshot)
        elif isinstance(snapshot, (_Light, Journal)):
            state = snapshot.restore()
        else:
            state = snapshot
        self.state = state
        self.dice.state = state
        del self.events[events_len:]
        self._flushed = min(self._flushed, events_len)
        self._version += 1

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> str:
        """Take back the last action of the current decision (not past a die roll); returns the
        text of the action taken back."""
        if not self._undo:
            why = self._undo_why or "no action of this decision yet"
            raise IllegalAction(f"nothing to undo: {why}")
        snapshot, start, hist = self._undo.pop()
        self._restore(snapshot, start)
        undone = self.history[hist][1]
        del self.history[hist:]
        if not self._undo:
            self._undo_why = "no earlier action of this decision"
        if self.sink is not None:
            self.sink({"kind": "undo"})
        pend = self.state.pending
        self.emit("undo", seat=pend.seat if pend else None, action=undone)
        self.flush()
        return undone

    # -- copies --------------------------------------------------------------------------------
    def clone(self, record: bool = False) -> Game:
        """A copy for search and bots: same scenario and state, no log, no undo history.

        ``record=False`` (the default) keeps no events — except in a scenario with triggers,
        whose rules fire on the events of each action: there the copy keeps them, so that it
        plays exactly as the game would."""
        g = Game.__new__(Game)
        g.scenario, g.variant, g.hook, g.kinds = self.scenario, self.variant, self.hook, self.kinds
        g.options = self.options
        g.sink, g.events, g.history = None, [], list(self.history)
        g.record = record or bool(self.scenario.rules.triggers)  # as in __init__
        g.stash = Stash()
        g._undo, g._legal_key, g._legal, g._version, g._flushed = [], None, [], 0, 0
        g._undo_why, g._settled_key = None, None
        g._verb_key, g._by_verb, g._end_first = None, {}, self._end_first
        g._verbs_settled, g._verbs_at = False, self._verbs_at
        g.hooked, g.hooks_in_play, g.pure = self.hooked, self.hooks_in_play, self.pure
        g.journaled = self.journaled
        g.victory_memo = None
        g.victory_moments, g._kinds_at, g._static_kinds = self.victory_moments, self._kinds_at, \
            self._static_kinds
        g.victory_idle = self.victory_idle
        g.loop = TurnLoop(g, self.loop)
        if self.pure:  # the copy starts with the owner index and bitmasks that the generic
            # kinds and rule functions read (``GameState.bits_of``, stride = width + 1): made
            # once on this state and copied, not rebuilt in every copy
            self.state.bits_of(None, self.scenario.grid.width + 1)
        g.state = self.state.clone()
        g.dice = g._make_dice()
        return g

    def finish(self, winner: str | None, reason: str, rule: str | None = None,
               **extra: Any) -> None:
        """End the game now with ``winner`` (None: a draw) and the reason. ``extra`` fields
        (JSON values, e.g. episode 6's ``tier`` and ``sides``) join the result and the
        ``game_over`` event; they never replace the engine's own fields."""
        if self.state.result is not None:
            return
        result: dict[str, Any] = {"winner": winner, "reason": reason, "round": self.state.round}
        if rule:
            result["rule"] = rule
        result["counters"] = {s: dict(self.state.players[s].counters) for s in self.state.seats}
        for key, value in extra.items():
            if key not in RESULT_FIELDS and key != "type":
                result[key] = value
        if self.state.secrets:  # every bag's order and salt, for the referee
            hidden.reveal_bags(self)
        self.state.result = result
        self.state.pending = None
        self.emit("game_over", **result)


class _Emit:
    """``game.emit`` for the game's dice, holding the game weakly (the game holds its dice), so
    that a game and its dice form no reference cycle (see ``TurnLoop.game``)."""

    __slots__ = ("game",)

    def __init__(self, game: Game):
        self.game = weakref.ref(game)

    def __call__(self, type_: str, **fields: Any) -> Event:
        game = self.game()
        assert game is not None, "the game of these dice is gone"
        return game.emit(type_, **fields)


def _victory_moments(scenario: Scenario, idle: bool = False) -> dict[str, bool]:
    """Per moment of the turn loop, whether a victory check can find anything there (a plugin's
    ``dg_check_victory`` always can; else the scenario's conditions checked at that moment);
    with ``idle``, while no decision is pending."""
    rules = scenario.rules
    plugged = "dg_check_victory" in scenario.hooked
    checks = rules.checks_idle_at if idle else rules.checks_at
    return {when: plugged or checks(when)
            for when in ("after_action", "after_phase", "no_legal_action", "end_of_turn",
                         "end_of_round")}


def _may_ever_end(scenario: Scenario) -> bool:
    """Whether ``end`` can ever be played: a phase that does not forbid it, or a plugin (whose
    hand-overs may be ended). Tic-tac-toe's only phase says ``end: false``: its unknown-action
    message lists ``place`` alone."""
    return bool(scenario.data.get("plugins")) or any(
        phase.get("end", True) is not False for phase in scenario.phases)


def _applying_fault(action: object, kind: ActionKind, exc: Exception) -> EngineError:
    """The error of an action that failed with ``exc`` (not an engine error: a bug of a plugin or
    of the engine), taken back: what was raised where, and the action kind that was applying."""
    return EngineError(f"{action}: {fault_text(exc)}, while applying it (action kind "
                       f"{type(kind).__name__} of {type(kind).__module__}); the action was taken "
                       "back")


def _is_pure(scenario: Scenario, kinds: dict[str, ActionKind]) -> bool:
    """Whether nothing but the engine can change a game's state during play (see
    :attr:`Game.pure`): no trigger, no plugin hook that runs during play, only pure kinds. Then
    an action kind that declares what it touches (``touches(game, seat, action) -> (token ids,
    seats)``) gets a cheap undo record."""
    return not scenario.rules.triggers and not (scenario.hooked & PLAY_HOOKS) \
        and all(kind.pure for kind in kinds.values())


class _Light:
    """A cheap undo record: the state's containers (shallow), its scalars, and copies of the
    tokens (their place, type and counters) and players an action declared it touches.
    ``restore()`` puts it all back in place.

    The token dict is copied only if the action removes a token: the state calls
    :meth:`removing` before its first removal (this record is the state's ``journal`` while the
    action is applied); without one, the dict only gained entries at its end, and ``restore()``
    drops them. With ``adds_only`` (a kind whose ``apply`` only adds tokens: it never moves or
    removes one, ``PlaceKind``) the board is not copied either: its size is kept, and
    ``restore()`` drops the entries added after it (nothing was deleted, so the rest is in its
    order). Records are restored last first (undo, or a refused action at once), so the dicts a
    restore finds in the state are the ones the action left."""

    __slots__ = ("attrs", "board", "n_board", "n_tokens", "pending", "players", "scalars",
                 "secrets", "state", "tokens", "touched")

    def __init__(self, state: GameState, token_ids: tuple[str, ...], seats: tuple[str, ...],
                 adds_only: bool = False):
        self.state = state
        st = self.state  # (the compiled build reads its fields in C: game.pxd types it)
        toks = st.tokens
        self.tokens = None  # the token dict as it was, copied at the first removal
        self.n_tokens = len(toks)
        if adds_only:
            self.board, self.n_board = None, len(st.board)
        else:
            self.board, self.n_board = st.board.copy(), -1
        self.pending = st.pending
        self.scalars = (st.round, st.turn, st.phase, st.next_id, st.rolls,
                        st.result)
        attrs = st.attrs
        self.attrs = copy_attrs(attrs) if attrs else None  # None: restored as a new {}
        # entries are replaced, never edited: a shallow copy is enough (None: restored as a new {})
        self.secrets = dict(st.secrets) if st.secrets else None
        touched = []
        if token_ids:
            for tid in token_ids:
                t = toks.get(tid)
                if t is not None:
                    touched.append((t, t.pos, t.carrier, t.type,
                                    t.attrs.copy() if t.attrs else None))
        self.touched = touched
        self.players = [p.clone() for s in seats if (p := st.players.get(s)) is not None] \
            if seats else ()

    def save(self, obj: Token | Site | Player) -> None:
        """Nothing to keep: the action declared what it touches (``touches``)."""

    def removing(self, state: GameState) -> None:
        """``state`` is about to remove a token: keep its token dict as it is (once)."""
        if self.tokens is None:
            self.tokens = state.tokens.copy()

    def restore(self) -> GameState:
        st = self.state
        tokens = self.tokens if self.tokens is not None else st.tokens
        _truncate(tokens, self.n_tokens)  # drop what was added (the first n are the old ones)
        if self.n_board >= 0:  # adds only: the same board, what was added dropped
            board = st.board
            _truncate(board, self.n_board)
        else:
            board = self.board
        st.tokens, st.board, st.pending = tokens, board, self.pending
        st.attrs = self.attrs if self.attrs is not None else {}
        st.secrets = self.secrets if self.secrets is not None else {}
        st.round, st.turn, st.phase, st.next_id, st.rolls, st.result = self.scalars
        for tok, pos, carrier, type_, attrs in self.touched:
            tok.pos, tok.carrier, tok.type = pos, carrier, type_
            tok.attrs = attrs if attrs is not None else {}
        for p in self.players:
            st.players[p.seat] = p
        st.forget_index()  # the owner index followed the action: rebuilt when next used
        return st


# The undo record of an action of a kind that only adds tokens (``adds_only``) and touches no
# token: what :class:`_Light` keeps in that case, as one plain tuple built in place by
# ``Game._apply_light`` (no object made on every placed piece) — the state, the sizes of its
# token and board dicts, its scalars and pending decision, copies of ``attrs`` and ``secrets``
# (None: empty) and of the touched players. ``_restore_added`` puts it back.
if TYPE_CHECKING:
    AddedRecord = tuple[GameState, int, int, Pending | None, int, int, int, int, int,
                        dict[str, Any] | None, dict[str, Any] | None, dict[str, Any] | None,
                        list[Player] | tuple[()]]


def _restore_added(record: AddedRecord) -> GameState:
    """Put back the state an :data:`AddedRecord` was made of (what the action added dropped)."""
    st = record[0]
    (_, n_tokens, n_board, st.pending, st.round, st.turn, st.phase, st.next_id,
     st.rolls, st.result, attrs, secrets, players) = record
    _truncate(st.tokens, n_tokens)  # drop what was added (in place: the dicts the action
    _truncate(st.board, n_board)  # left, as records are restored last first)
    st.attrs = attrs if attrs is not None else {}
    st.secrets = secrets if secrets is not None else {}
    for p in players:
        st.players[p.seat] = p
    st.forget_index()  # the owner index followed the action: rebuilt when next used
    return st


def _sealing_event(events: list[Event], start: int) -> str | None:
    """``"dice"`` or ``"reveal"`` when one of the events from ``start`` on is a die roll or a
    hidden value shown to some seat: what was rolled or seen is never taken back (a loop, not a
    generator: the compiled build's ``_settle`` is a cpdef method, which may hold no closure)."""
    for i in range(start, len(events)):
        kind = events[i]["type"]
        if kind == "dice" or kind == "reveal":
            return kind
    return None


def _truncate(d: dict[Any, Any], n: int) -> None:
    """Delete the entries of ``d`` after its first ``n`` (the ones added since it had ``n``)."""
    if len(d) > n:
        for key in list(d)[n:]:
            del d[key]


__all__ = ["PLAY_HOOKS", "EndAction", "Game"]
