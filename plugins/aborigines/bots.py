"""A civilization bot: capture, colonize, shoot invaders first, move towards the nearest goal
(free zone planets, unguarded Aborigine planets, invaders) using open portals as shortcuts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy import Action, Controller
from distant_galaxy_episodes.aborigines.model import ABORIGINES, model_of

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game

Pos = tuple[int, int]
ATTACK_VALUE = {"invader": 30, "guard": 20, "hunter": 5}


class CivBot(Controller):
    """Greedy: the best-scoring legal action, ``end`` when nothing helps."""

    name = "civ"

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        m = model_of(game)
        st = game.state
        grid = game.scenario.grid
        goals = self.goals(game)
        open_p = [p for n, p in m.portal_pos.items() if not m.blocked(st, n)]

        def to_portal(pos: Pos) -> int:
            return min((grid.distance(pos, p) - 1 for p in open_p), default=99)

        goal_gate = [(g, to_portal(g)) for g in goals]

        def cost(pos: Pos) -> int:
            if not goals:
                return 0
            here = to_portal(pos)
            return min(min(max(grid.distance(pos, g) - 1, 0), here + 1 + gp)
                       for g, gp in goal_gate)

        best, best_score = None, 0.0
        for a in acts:
            score = 0.0
            if a.verb == "capture":
                score = 100
            elif a.verb == "colonize":
                score = 90
            elif a.verb == "attack":
                me, target = st.tokens[a.args[0]], st.tokens[a.args[1]]
                score = 40 + ATTACK_VALUE.get(target.type, 10)
                if target.type == "hunter" and "cruiser" not in game.scenario.unit_tags.get(
                        me.type, ()):
                    score -= 30
            elif a.verb == "hack":
                score = 45
            elif a.verb in ("move", "jump"):
                tok = st.tokens[a.args[0]]
                gain = cost(tok.pos) - cost(a.pos(1))
                score = gain + (0.5 if a.verb == "jump" else 0) + self.rng.random() * 0.1
                if gain <= 0:
                    score = 0
            if score > best_score:
                best, best_score = a, score
        return best if best is not None else Action("end")

    @staticmethod
    def goals(game: Game) -> list[Pos]:
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
