"""Playouts of the search bot and how a finished (or cut-off) playout is scored.

A playout plays on a copy of the game until it ends or ``depth`` plies have been played. A game
that ended scores 1 for its winner and 0 for the other seats (a draw: ``1/seats`` each). A winner
that is no seat is a side: it scores 1 for every seat whose ``side`` (the scenario's ``seats:``)
it names — episode 5's civilizations win together — and 0 for the others (the Aborigines, an
automatic side, win against every seat). A playout cut off
at ``depth`` is scored by the scenario's own verdict at its round limit (the ``dg_limit_result``
hook, else the ``limits:`` section's ``rank_by``) — the one generic judgement of a game not yet
over that every scenario has; where that verdict is a draw, the cut-off playout is one too.

``graded`` scoring (``mcts:…,score=graded``) adds how far each seat has come towards its
victory: what a plugin's ``dg_progress`` says (by seat or by side; episode 5: the zones held and
the portals closed), else the scenario's own victory thresholds — a victory condition of the form
``player.COUNTER >= N`` (``N`` a number or ``params.NAME``; Asteroid Belt's
``player.points >= params.track_length``) gives each seat its progress ``COUNTER / N``. A cut-off
playout scores the average of the verdict and ``1/2 + lead`` (the seat's progress less the best
other party's, within 0..1). A scenario with neither is scored by the verdict alone.
"""

from __future__ import annotations

import hashlib
import random
import re
import time
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.hidden import HiddenInformation
from distant_galaxy.stash import StashKey

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.play.controllers import Controller
    from distant_galaxy.scenario.model import Scenario


class KeyedDice:
    """Dice keyed by the turn and the action (``mcts:…,dice=keyed``): common random numbers
    that survive a change of line.

    A world's dice are one stream (``state.seed``, ``state.rolls``): one more die rolled early in
    a line (an attack instead of a move) shifts every later die, so two candidates' playouts of
    one sample soon roll different dice for the same events and their difference is mostly luck.
    Keyed, the dice of every action are drawn afresh from ``(sample seed, turn, action, n)``
    before it is applied — ``turn`` counts the hand-overs to another seat since the sample began,
    ``n`` how often that action was already applied in this turn — so the same action in the same
    turn rolls the same dice in every candidate's playout, whatever came before it (the automatic
    phases a turn's ``end`` runs, e.g. episode 5's Aborigine turn, included). Distinct keys give
    independent dice, so a world is still a fair sample of the game's chance."""

    __slots__ = ("seat", "seed", "seen", "turn")

    def __init__(self, seed: int, seat: str | None):
        self.seed, self.seat, self.turn = seed, seat, 0
        self.seen: dict[str, int] = {}

    def reseed(self, game: Game, seat: str, action: object) -> None:
        """Set ``game``'s dice for ``action``, about to be applied by ``seat``."""
        if seat != self.seat:
            self.seat, self.turn = seat, self.turn + 1
            self.seen.clear()
        text = str(action)
        n = self.seen.get(text, 0)
        self.seen[text] = n + 1
        digest = hashlib.blake2b(f"{self.seed}|{self.turn}|{n}|{text}".encode(),
                                 digest_size=8).digest()
        game.state.seed = int.from_bytes(digest, "big") >> 1
        game.state.rolls = 0


class OutOfTime(Exception):
    """A playout given ``until`` reached that CPU time (``time.process_time``) before its end."""


def playout(game: Game, depth: int, rng: random.Random,
            policy: dict[str, Controller] | None = None, keyed: KeyedDice | None = None,
            until: float | None = None) -> bool:
    """Play ``game`` on for at most ``depth`` plies (random actions, or each seat's controller
    in ``policy``); whether it ended. ``keyed``: each action's dice are keyed by its turn and
    itself (:class:`KeyedDice`); ``until``: raise :class:`OutOfTime` at a ply begun at or after
    that CPU time (a search's cap)."""
    if not policy and keyed is None and until is None:
        return _random_playout(game, depth, rng)
    for _ in range(depth):
        if game.state.result is not None:
            return True
        if until is not None and time.process_time() >= until:
            raise OutOfTime(until)
        pend = game.state.pending
        if pend is None:
            return False
        ctrl = policy.get(pend.seat) if policy else None
        # a controller lists what it needs (``legal_of``); the whole list only for a random
        # pick (the turn loop opens no decision without a legal action: ``list_new_decision``)
        action = ctrl.choose(game) if ctrl is not None else None
        if action is None:
            legal = game.legal_actions()
            if not legal:
                return game.state.result is not None
            action = legal[rng.randrange(len(legal))]
        if keyed is not None:
            keyed.reseed(game, pend.seat, action)
        game.apply(action)
    return game.state.result is not None


def _random_playout(game: Game, depth: int, rng: random.Random) -> bool:
    """:func:`playout` by random actions alone (the search's most common case), its loop
    kept short."""
    draw = rng.random
    for _ in range(depth):
        state = game.state
        if state.result is not None:
            return True
        legal = game.legal_actions()
        if state.pending is None or not legal:
            return state.result is not None
        game.apply(legal[int(draw() * len(legal))])
    return game.state.result is not None


#: ``player.COUNTER >= N`` (N a number or ``params.NAME``): a victory threshold on a counter.
THRESHOLD = re.compile(r"^\s*player\.(\w+)\s*>=\s*(\d+(?:\.\d+)?|params\.\w+)\s*$")

#: the scenario's victory thresholds on counters (counter, value), found once per scenario.
THRESHOLDS = StashKey[list[tuple[str, float]]]()


def outcome(game: Game, seats: list[str], graded: bool = False) -> dict[str, float]:
    """Each seat's score of a playout: from the result, else from the scenario's limit verdict
    (``graded``: averaged with the seats' progress towards the victory thresholds)."""
    result = game.state.result
    if result is not None:
        return score(result, seats, seat_sides(game.scenario))
    scores = score(verdict(game), seats, seat_sides(game.scenario))
    if graded:
        lead = progress_lead(game, seats)
        if lead is not None:
            return {s: (scores[s] + min(1.0, max(0.0, 0.5 + lead[s]))) / 2 for s in seats}
    return scores


def tempo(scores: dict[str, float], plies: int, depth: int, weight: float) -> dict[str, float]:
    """``scores`` of a playout of ``plies`` plies (out of ``depth``) with a tempo term
    (``mcts:…,tempo=T``): win sooner, lose later — a score ``s`` becomes
    ``s + T·f·(1 - 2s)`` with ``f = plies / depth`` (at most 1), so a win is worth 1 less up
    to ``T`` the longer it took and a loss up to ``T`` more the longer it was held off; two
    lines that end alike are then told apart by how soon."""
    if not weight:
        return scores
    f = min(1.0, plies / depth) if depth else 1.0
    return {s: v + weight * f * (1.0 - 2.0 * v) for s, v in scores.items()}


def thresholds(scenario: Scenario) -> list[tuple[str, float]]:
    """The victory conditions ``player.COUNTER >= N`` of ``scenario``: (counter, N) each."""
    found = scenario.stash.get(THRESHOLDS, None)
    if found is None:
        found = []
        for item in scenario.data.get("victory") or []:
            m = THRESHOLD.match(str(item.get("if", ""))) if "winner" not in item else None
            if m is None:
                continue
            bound = m.group(2)
            value = scenario.params.get(bound[len("params."):]) if bound.startswith("params.") \
                else float(bound)
            if isinstance(value, (int, float)) and value > 0:
                found.append((m.group(1), float(value)))
        scenario.stash[THRESHOLDS] = found
    return found


def progress_lead(game: Game, seats: list[str]) -> dict[str, float] | None:
    """Each seat's progress towards its victory (0..1) less the best other party's: from the
    plugins' ``dg_progress`` (by seat or by side), else from the scenario's thresholds
    ``player.COUNTER >= N``; None when neither says anything."""
    told = game.hook.dg_progress(game=game) if "dg_progress" in game.hooked else None
    if told:
        sides = seat_sides(game.scenario)
        party = {s: s if s in told else sides.get(s, s) for s in seats}
        return {s: told.get(party[s], 0.0) - max((v for k, v in told.items() if k != party[s]),
                                                 default=0.0) for s in seats}
    found = thresholds(game.scenario)
    if not found or len(seats) < 2:
        return None
    players = game.state.players
    prog = {s: max(min(1.0, players[s].counters.get(c, 0) / n) for c, n in found) for s in seats}
    return {s: prog[s] - max(prog[o] for o in seats if o != s) for s in seats}


def seat_sides(scenario: Scenario) -> dict[str, str]:
    """Seat → the side it plays for (the ``side`` of its ``seats:`` entry), where declared."""
    return {str(s["id"]): str(s["side"]) for s in scenario.seats if s.get("side")}


def verdict(game: Game) -> dict[str, Any]:
    """Who the scenario would declare the winner if its round limit were reached now."""
    res = game.hook.dg_limit_result(game=game) if "dg_limit_result" in game.hooked else None
    if res is None:
        res = game.scenario.limit_result(game)
    return res


def score(result: dict[str, Any], seats: list[str], sides: dict[str, str] | None = None
          ) -> dict[str, float]:
    """1 for the winning seat (or every seat of the winning side: ``sides`` maps a seat to its
    side; a result's own ``sides`` may list a side's seats), 0 for the others; a draw gives each
    seat ``1/len(seats)``."""
    winner = result.get("winner")
    if winner is None:
        share = 1.0 / len(seats) if seats else 0.0
        return dict.fromkeys(seats, share)
    listed = result.get("sides")
    winners: set[Any] = {winner}
    if isinstance(listed, dict) and isinstance(listed.get(winner), (list, tuple)):
        winners |= set(listed[winner])
    side_of = sides or {}
    return {s: 1.0 if s in winners or side_of.get(s) in winners else 0.0 for s in seats}


def needs_hidden_value(exc: BaseException) -> bool:
    """Whether ``exc`` (or what caused it: ``Game.apply`` wraps a rule's fault) is a read of a
    hidden value refused by a view's copy."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, HiddenInformation):
            return True
        seen = seen.__cause__
    return False
