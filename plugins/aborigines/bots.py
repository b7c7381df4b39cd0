"""A civilization bot: capture, colonize, shoot invaders first, move towards the nearest goal
(free zone planets, unguarded Aborigine planets, invaders) using open portals as shortcuts.

Its weights are the scenario's (``aborigines.bots.civ``, docs/aborigine-clash.md "The civ bot"),
read once per scenario into :class:`Weights` (kept in ``scenario.stash``). With the Leaders option
it also plays ``board`` and ``land`` and weighs the danger to its leaders (``leader_bot.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from distant_galaxy import Action, Controller, StashKey, cell_of
from distant_galaxy_episodes.aborigines import leader_bot
from distant_galaxy_episodes.aborigines.cell_values import cell_bonus
from distant_galaxy_episodes.aborigines.model import ABORIGINES, model, model_of

if TYPE_CHECKING:
    from distant_galaxy import GameLike, Scenario

Pos = tuple[int, int]


@dataclass(frozen=True)
class Weights:
    """What the ``civ`` bot scores each kind of action (the best positive score is played)."""

    capture: float
    colonize: float
    hack: float
    attack: float                 # plus the target's value
    targets: dict[str, float]     # value of attacking an Aborigine ship, by unit type
    other_target: float           # value of a target type not in ``targets``
    hunter_penalty: float         # taken off when a ship that is no cruiser attacks the Hunter
    jump: float                   # added to a jump's gain (cells nearer a goal)
    jitter: float                 # at most this much random noise on a move, to break ties

    @classmethod
    def of(cls, scenario: Scenario) -> Weights:
        """The weights of ``scenario`` (built on first use, kept in its stash)."""
        found = scenario.stash.get(WEIGHTS, None)
        if found is None:
            found = scenario.stash[WEIGHTS] = cls.read(model(scenario).cfg["bots"]["civ"])
        return found

    @classmethod
    def read(cls, cfg: dict[str, Any]) -> Weights:
        """The weights written in a ``bots.civ`` section."""
        return cls(cfg["capture"], cfg["colonize"], cfg["hack"], cfg["attack"],
                   dict(cfg["targets"]), cfg["other_target"], cfg["hunter_penalty"],
                   cfg["jump"], cfg["jitter"])


#: ``scenario.stash`` key of the scenario's :class:`Weights`.
WEIGHTS = StashKey[Weights]()


#: How many sets of goals :meth:`CivBot.distance_to_goals` remembers costs for (then it forgets).
_COST_MEMO = 256


class CivBot(Controller):
    """Greedy: the best-scoring legal action, ``end`` when nothing helps."""

    name = "civ"

    def __init__(self, seat: str, seed: int = 0):
        super().__init__(seat, seed)
        # (goals, open portals) -> cell -> cost: the costs of cells by the goals they were
        # computed for (a search's playouts meet the same goals again and again); bounded
        self._costs: dict[tuple[tuple[Pos, ...], tuple[Pos, ...]], dict[Pos, int]] = {}

    def choose(self, game: GameLike) -> Action:
        best, best_score = None, 0.0
        for a, score in self.scored(game):
            if score > best_score:
                best, best_score = a, score
        return best if best is not None else Action("end")

    def ranked(self, game: GameLike) -> list[Action]:
        """The actions this bot would play, best first: every legal action it scores above 0
        (ties in the order of the legal actions), then ``end`` — what it plays when nothing
        helps. The first is what :meth:`choose` plays, with the same draws of its jitter. (A
        search bot takes its candidates from it: docs/bots.md, ``ranked=``.)"""
        scored = [(a, s) for a, s in self.scored(game) if s > 0]
        scored.sort(key=lambda item: -item[1])
        out = [a for a, _ in scored]
        end = Action("end")
        if end not in out and end in game.legal_actions():
            out.append(end)
        return out

    def scored(self, game: GameLike) -> list[tuple[Action, float]]:
        """Every legal action with its score (in the order of the legal actions; the jitter of
        moves is drawn from the bot's generator in that order)."""
        w = Weights.of(game.scenario)
        lw = leader_bot.LeaderWeights.of(game.scenario)   # the Leaders option's, or None
        cost = self.distance_to_goals(game)
        bonus = cell_bonus(game, self.seat)  # what options say a cell is worth (markers)
        st = game.state
        out: list[tuple[Action, float]] = []
        for a in game.legal_actions():
            score = 0.0
            if a.verb == "capture":
                score = w.capture
            elif a.verb == "colonize":
                score = w.colonize
            elif a.verb == "attack":
                me, target = st.tokens[a.args[0]], st.tokens[a.args[1]]
                score = w.attack + w.targets.get(target.type, w.other_target)
                if target.type == "hunter" and "cruiser" not in game.scenario.unit_tags.get(
                        me.type, ()):
                    score -= w.hunter_penalty
            elif a.verb == "hack":
                score = w.hack
            elif a.verb in ("move", "jump"):
                tok = st.tokens[a.args[0]]
                gain = cost(cell_of(tok)) - cost(a.pos(1))
                score = gain + (w.jump if a.verb == "jump" else 0) + self.rng.random() * w.jitter
                extra = bonus.get(a.pos(1), 0.0) if bonus else 0.0
                if extra:
                    score += extra
                if gain <= 0 and extra <= 0:
                    score = 0
            if lw is not None:
                score = leader_bot.adjust(game, lw, a, score)
            out.append((a, score))
        return out

    def distance_to_goals(self, game: GameLike) -> Callable[[Pos], int]:
        """``cost(pos)``: steps from ``pos`` to next to the nearest goal, straight or through
        open portals (to a portal, one jump, from the portal by the goal); 0 without a goal.
        The costs found are remembered by the goals and open portals they depend on (a search's
        playouts meet the same ones again and again)."""
        m = model_of(game)
        goals = tuple(self.goals(game))
        open_p = tuple(p for n, p in m.portal_pos.items() if not m.blocked(game.state, n))
        if not goals:
            return lambda pos: 0
        key = (goals, open_p)
        known = self._costs.get(key)
        if known is None:
            if len(self._costs) >= _COST_MEMO:
                self._costs.clear()
            known = self._costs[key] = {}
        distance = game.scenario.grid.distance
        gates: list[tuple[Pos, int]] | None = None  # each goal and its portal's distance

        def cost(pos: Pos) -> int:
            nonlocal gates
            hit = known.get(pos)
            if hit is not None:
                return hit
            if not open_p:
                found = min(max(distance(pos, g) - 1, 0) for g in goals)
            else:
                if gates is None:
                    gates = [(g, min(distance(g, p) - 1 for p in open_p)) for g in goals]
                here = min(distance(pos, p) - 1 for p in open_p)
                found = min(min(max(distance(pos, g) - 1, 0), here + 1 + gate)
                            for g, gate in gates)
            known[pos] = found
            return found

        return cost

    @staticmethod
    def goals(game: GameLike) -> list[Pos]:
        """Free zone planets and Aborigine planets, then every invader on the board."""
        m = model_of(game)
        st = game.state
        out: list[Pos] = []
        for sid in m.planet_zone:
            site = st.sites[sid]
            if site.owner is None or site.owner == ABORIGINES:
                out.append(site.pos)
        out += [t.pos for t in st.tokens.values()
                if t.pos is not None and t.owner is None and t.type == "invader"]
        return out

