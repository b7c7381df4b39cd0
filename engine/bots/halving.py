"""The search bot's root by sequential halving over common dice (``mcts:…,root=halving``).

UCT spreads a small budget thinly: at one CPU second a decision of Asteroid Belt has room for some
eighty playouts, and the difference two moves make to the chance of winning is a few per cent —
far below the noise of the handful of playouts each gets when every sample has its own dice.
This root compares candidates *in pairs*, the way a player weighs two plans against the same
luck:

* **Candidates.** The default bot's choice (``prior``, where the scenario has a default bot), then
  up to ``candidates - 1`` other legal actions, one verb after the other (a random action of each
  verb, in the order the verbs are listed, then again), so that "end the turn", "attack" and
  "move" are each weighed, not fifty moves of one piece.
* **Common random numbers.** Sample ``i`` is one world for every candidate: the same seed of the
  copy's dice, the same determinization of what the seat cannot see, the same seeds of the
  playout bots' own random choices. Two candidates' playouts differ only by what the candidate
  changed, so their difference on one sample is mostly the candidate's doing.
* **Sequential halving** (Karnin, Koren and Somekh, 2013): the budget is split into
  ⌈log₂ n⌉ rounds; in each, every remaining candidate gets the same new samples, then the worse
  half is dropped (the prior is never dropped: it is the yardstick).
* **A cap** (``cap=1s``): where the samples would take more CPU time than that, the search stops
  at the cap — between playouts, or within one at its next ply (past the first sample) —, drops
  the sample being played and decides on the samples all remaining candidates share.
  ``plies=N`` is the same cut by work instead of time: past the first sample, the search stops
  where its playouts would play more than N plies in all (the candidate's own action counted) —
  reproducible, since it does not depend on the machine.
* **Keeping the prior unless beaten.** The best remaining candidate replaces the prior only if
  its mean lead over the prior on their common samples is more than ``margin`` standard errors
  of that lead: a deviation from a sound default must be shown, not guessed. With ``margin=0``
  the best mean wins.

Each sample is played out with the playout policy (``rollout=``, the default bot for
``rollout=default``) for ``depth`` plies and scored like the tree's playouts
(:func:`distant_galaxy.bots.rollout.outcome`, ``score=graded`` included). The samples' seeds are
draws of the bot's own seeded stream, so an iteration budget gives the same choice in any process;
the game's own dice are never touched. A sample whose line needs a hidden value that no plugin
offers (``dg_secret_values``; or with ``determinize=no``) stops there and scores a draw, as in
the tree.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from distant_galaxy.bots.rollout import (
    KeyedDice,
    OutOfTime,
    needs_hidden_value,
    outcome,
    playout,
    score,
    tempo,
)
from distant_galaxy.core.hidden import determinize
from distant_galaxy.errors import EngineError

if TYPE_CHECKING:
    from collections.abc import Callable

    from distant_galaxy.bots.budget import Budget
    from distant_galaxy.core.actions import Action
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.view import GameLike
    from distant_galaxy.play.controllers import Controller


def pick_candidates(legal: list[Action], prior: Action | None, k: int,
                    rng: random.Random, ranked: list[Action] | None = None) -> list[Action]:
    """The prior (if any) and up to ``k`` actions in all: first the default bot's next choices
    (``ranked``, best first: those that are legal, at most ``k - 1``), then other actions taken
    one verb after the other, a random one of each verb at a time."""
    chosen = [prior] if prior is not None else []
    for a in ranked or ():
        if len(chosen) >= k:
            break
        if a not in chosen and a in legal:
            chosen.append(a)
    groups: dict[str, list[Action]] = {}
    for a in legal:
        if a not in chosen:
            groups.setdefault(a.verb, []).append(a)
    while len(chosen) < k and groups:
        for verb in list(groups):
            pool = groups[verb]
            chosen.append(pool.pop(rng.randrange(len(pool))))
            if not pool:
                del groups[verb]
            if len(chosen) >= k:
                break
    return chosen


class Halving:
    """One decision's search: candidates, their samples' scores, the rounds."""

    def __init__(self, game: GameLike, seat: str, seats: list[str], budget: Budget,
                 policy: dict[str, Controller] | None, rng: random.Random,
                 tick: Callable[[int], None] | None = None):
        self.game, self.seat, self.seats, self.budget = game, seat, seats, budget
        self.policy, self.rng = policy, rng
        self.tick = tick  # told the playouts so far after each (the "thinking" line)
        self.seeds: list[int] = []          # sample i's seed, shared by every candidate
        self.scores: dict[Action, list[float]] = {}
        self.playouts = 0
        self.hidden_stops = 0  # samples stopped by a hidden value no plugin offered
        self.capped = False  # the CPU-time cap (``cap=``) or ``plies=`` was reached
        self.plies = 0  # plies played out in this decision's samples (``plies=``)
        self.c0 = time.process_time()

    def choose(self, legal: list[Action], prior: Action | None,
               ranked: list[Action] | None = None) -> Action:
        """The chosen action (see the module docstring); ``ranked``: the default bot's next
        choices, best first (``ranked=K``: its first K after the prior are candidates)."""
        b = self.budget
        alive = pick_candidates(legal, prior, max(2, b.candidates), self.rng, ranked)
        if len(alive) == 1:
            return alive[0]
        for a in alive:
            self.scores[a] = []
        rounds = max(1, math.ceil(math.log2(len(alive))))
        t0 = time.perf_counter()
        for r in range(rounds):
            self._round(alive, r, rounds, t0)
            if self.capped:
                break
            if r < rounds - 1:
                alive = self._halve(alive, prior)
        return self._final(alive, prior)

    def _round(self, alive: list[Action], r: int, rounds: int, t0: float) -> None:
        """Give every remaining candidate the same new samples: an equal share of the
        iterations (at least one sample), or of the seconds, of round ``r``."""
        b = self.budget
        if b.seconds is None:
            share = max(1, int((b.iterations or 1) / rounds / len(alive)))
            for _ in range(share):
                self._sample_all(alive)
                if self.capped:
                    return
            return
        until = t0 + b.seconds * (r + 1) / rounds
        self._sample_all(alive)
        while time.perf_counter() < until and not self.capped:
            self._sample_all(alive)

    def _sample_all(self, alive: list[Action]) -> None:
        """One more sample for the remaining candidates; each is given every sample drawn so
        far that it has not played yet (so all remaining candidates share the same samples)."""
        self.seeds.append(self.rng.getrandbits(63))
        for a in alive:
            if self._over_cap() and len(self.seeds) > 1:
                self._cut()
                return
            scores = self.scores[a]
            try:
                while len(scores) < len(self.seeds):
                    scores.append(self._playout(a, self.seeds[len(scores)]))
            except OutOfTime:  # the cap (or plies=) was reached in this sample's playout
                self._cut()
                return

    def _over_cap(self) -> bool:
        b = self.budget
        if b.plies is not None and self.plies >= b.plies:
            return True
        return b.cap is not None and time.process_time() - self.c0 >= b.cap

    def _cut(self) -> None:
        """Stop at the cap: the sample being played is dropped, so that every remaining
        candidate keeps exactly the same samples."""
        self.capped = True
        n = len(self.seeds) - 1
        del self.seeds[n:]
        for scores in self.scores.values():
            del scores[n:]

    def _playout(self, action: Action, seed: int) -> float:
        """The deciding seat's score of ``action`` in the world of ``seed``."""
        b = self.budget
        g = self.game.clone()
        g.state.seed, g.state.rolls = seed, 0
        luck = random.Random(seed)
        if b.determinize and g.state.secrets:
            determinize(g, luck)
        for i, bot in enumerate((self.policy or {}).values()):
            bot.rng.seed(seed + i + 1)  # the playout bots' own choices: common too
        self.playouts += 1
        if self.tick is not None:
            self.tick(self.playouts)
        keyed = KeyedDice(seed, self.seat) if b.dice == "keyed" else None
        try:
            if keyed is not None:
                keyed.reseed(g, self.seat, action)
            g.apply(action)
            if g.state.result is None:
                # past the first sample a playout stops at the cap (the sample is then dropped)
                until = self.c0 + b.cap if b.cap is not None and len(self.seeds) > 1 else None
                playout(g, self._depth_left(), luck, self.policy, keyed, until)
                self._check_plies(g)
        except EngineError as exc:
            if not needs_hidden_value(exc):
                raise
            self.hidden_stops += 1  # the line needs what this seat cannot see: a draw
            return score({"winner": None}, self.seats)[self.seat]
        finally:
            played = len(g.history) - len(self.game.history)
            self.plies += played
        scores = outcome(g, self.seats, b.score == "graded")
        return tempo(scores, played, b.depth + 1, b.tempo).get(self.seat, 0.0)

    def _depth_left(self) -> int:
        """The plies this playout may play after the candidate's action: ``depth``, or fewer
        where ``plies=`` would be reached first (past the first sample; at least 0)."""
        b = self.budget
        if b.plies is None or len(self.seeds) <= 1:
            return b.depth
        return max(0, min(b.depth, b.plies - self.plies - 1))

    def _check_plies(self, g: Game) -> None:
        """Raise :class:`OutOfTime` if ``plies=`` cut this playout short of its ``depth``."""
        b = self.budget
        if b.plies is None or len(self.seeds) <= 1 or g.state.result is not None:
            return
        played = len(g.history) - len(self.game.history) - 1
        if played < b.depth and self.plies + played + 1 >= b.plies:
            raise OutOfTime(b.plies)

    def _halve(self, alive: list[Action], prior: Action | None) -> list[Action]:
        """The better half by mean score over the common samples (ties: the earlier
        candidate); the prior stays whatever its rank."""
        ranked = sorted(alive, key=lambda a: -_mean(self.scores[a]))
        keep = ranked[:max(1, math.ceil(len(alive) / 2))]
        if prior is not None and prior in alive and prior not in keep:
            keep.append(prior)
        return [a for a in alive if a in keep]

    def _final(self, alive: list[Action], prior: Action | None) -> Action:
        """The best remaining candidate, unless it is not clearly better than the prior."""
        best = max(alive, key=lambda a: _mean(self.scores[a]))
        if prior is None or best == prior or prior not in alive:
            return best
        lead = [x - y for x, y in zip(self.scores[best], self.scores[prior], strict=True)]
        mean = _mean(lead)
        if mean <= 0:
            return prior
        if len(lead) < 2:
            return best if self.budget.margin == 0 else prior
        sd = math.sqrt(sum((d - mean) ** 2 for d in lead) / (len(lead) - 1))
        return best if mean > self.budget.margin * sd / math.sqrt(len(lead)) else prior


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0
