"""The greedy bot: values asteroids by points and resources for distance and defenders, builds
mines (steals flags), attacks when the odds are good, deploys and creates units, uses shuttles for
cargo raids when worth it, and plays the Aborigine defenders sensibly when handed the defence.

It looks at the legal actions only (no search), one decision at a time, so it is fast.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from distant_galaxy.core.actions import Action, parse_pos
from distant_galaxy.play.controllers import Controller
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.shuttles import aboard, cargo_portal

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Site, Token

Pos = tuple[int, int]


@lru_cache(maxsize=64)
def odds(att_bonus: int, def_bonus: int) -> tuple[float, float, float]:
    """(win, draw, lose) of an attacker with these bonuses, one d6 each (R7.50, R7.51)."""
    w = d = lo = 0
    for a in range(1, 7):
        for b in range(1, 7):
            x, y = a + att_bonus, b + def_bonus
            if x > y:
                w += 1
            elif x == y:
                d += 1
            else:
                lo += 1
    return w / 36, d / 36, lo / 36


def _bonus(game: Game, tok: Token, key: str) -> int:
    return int(model.utype(game, tok.type).get(key, 0))


def _value(game: Game, site: Site) -> float:
    k = model.kind(game, site)
    return 3.0 * float(k.get("points", 0)) + float(k.get("resources", 0)) / 10.0


class GreedyBot(Controller):
    """See the module docstring."""

    name = "greedy"

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        pend = game.pending
        by: dict[str, list[Action]] = {}
        for a in acts:
            by.setdefault(a.verb, []).append(a)
        if pend is not None and pend.kind == "defence":
            return self._defence(game, by) or Action("end")
        return self._main(game, pend.seat if pend else game.state.active_seat, by) \
            or (by["end"][0] if "end" in by else self.rng.choice(acts))

    # -- the defenders (R7.12, D7.3) -------------------------------------------------------------
    def _defence(self, game: Game, by: dict[str, list[Action]]) -> Action | None:
        st = game.state
        if "place" in by:
            invaders = [t for t in model.units_of(game, st.active_seat)]

            def score(a: Action) -> tuple[int, float]:
                at = parse_pos(a.args[2])
                near = [t for t in invaders
                        if game.scenario.grid.is_orthogonal_neighbour(at, t.pos)]
                weakest = min((_bonus(game, t, "defence_bonus") for t in near), default=9)
                return (-len(near) and 1, -weakest) if near else (0, -9.0)  # type: ignore[return-value]
            return max(by["place"], key=score)
        best, best_s = None, 0.0
        for a in by.get("strike", []):
            d = st.tokens[a.args[0]]
            t = st.token_at(parse_pos(a.args[1]))
            if t is None:
                continue
            w, _, lo = odds(_bonus(game, d, "attack_bonus"), _bonus(game, t, "defence_bonus"))
            safe = bool(model.utype(game, d.type).get("safe_attack"))
            s = w - (0 if safe else lo) + 0.01 * (10 - _bonus(game, t, "defence_bonus"))
            if s > best_s:
                best, best_s = a, s
        return best

    # -- a player's own turn ---------------------------------------------------------------------
    def _main(self, game: Game, seat: str, by: dict[str, list[Action]]) -> Action | None:
        st = game.state
        res = st.players[seat].counters.get("resources", 0)
        if "mine" in by:
            return max(by["mine"], key=lambda a: _value(game, model.find_site(game, a.args[0])))  # type: ignore[arg-type]
        if "reinforce" in by:
            return by["reinforce"][0]
        act = self._attack(game, seat, by)
        if act is not None:
            return act
        act = self._shuttle(game, seat, by)
        if act is not None:
            return act
        if "target" in by:
            mine_targets = sum(1 for s in model.asteroids(game) if s.markers.get("target") == seat)
            if mine_targets < 2:
                return max(by["target"], key=lambda a: self._target_score(game, seat, a.args[0]))
        if "deploy" in by:
            return max(by["deploy"],
                       key=lambda a: int(model.utype(game, a.args[0]).get("speed", 0)))
        if "elite-create" in by and res >= 30:
            return by["elite-create"][0]
        if "create" in by:
            on_board = len(model.units_of(game, seat))
            fresh = [a for a in by["create"] if self._near_fresh(game, seat, a)]
            pool = fresh or (by["create"] if res >= 30 and on_board < 12 else [])
            if pool:
                return max(pool, key=lambda a: (_bonus(game, Tok(a.args[0]), "attack_bonus"),
                                                -model.unit_cost(game, seat, a.args[0])))
        act = self._move(game, seat, by, res)
        if act is not None:
            return act
        return None

    def _near_fresh(self, game: Game, seat: str, a: Action) -> bool:
        base = model.base_of(game, seat)
        at = parse_pos(a.args[1])
        return base is None or game.scenario.grid.distance(base.pos, at) > 1

    def _target_score(self, game: Game, seat: str, sid: str) -> float:
        site = game.state.sites[sid]
        dfd = len(site.attrs.get("reserve_defenders", [])) + 1
        return _value(game, site) / dfd

    def _attack(self, game: Game, seat: str, by: dict[str, list[Action]]) -> Action | None:
        st = game.state
        best, best_s = None, 0.05
        for a in by.get("attack", []):
            t = st.tokens[a.args[0]]
            o = st.token_at(parse_pos(a.args[1]))
            if o is None:
                continue
            if model.is_shuttle(game, t):
                w, _, lo = odds(1 if len(aboard(game, t)) > len(aboard(game, o)) else 0,
                                1 if len(aboard(game, o)) > len(aboard(game, t)) else 0)
                s = w - lo
            else:
                w, _, lo = odds(_bonus(game, t, "attack_bonus"), _bonus(game, o, "defence_bonus"))
                safe = bool(model.utype(game, t.type).get("safe_attack"))
                gain = 1.5 if o.owner is None else 1.0
                s = gain * w - (0 if safe else lo * (1.5 if model.utype(game, t.type).get(
                    "abilities") else 1.0))
            if s > best_s:
                best, best_s = a, s
        if best is not None:
            t = st.tokens[best.args[0]]
            p = st.players[seat]
            if model.utype(game, t.type).get("abilities") and "reroll" in by.get("use", []) \
                    and "reroll" not in p.attrs.get("armed", []):
                pass
            if model.utype(game, t.type).get("abilities"):
                for u in by.get("use", []):
                    if u.args[0] in ("reroll", "shield") and not p.attrs.get("armed"):
                        return u
        return best

    def _shuttle(self, game: Game, seat: str, by: dict[str, list[Action]]) -> Action | None:
        st = game.state
        if "raid" in by:
            sh = st.tokens[by["raid"][0].args[0]]
            if len(aboard(game, sh)) >= 2:
                return by["raid"][0]
        if "roll" in by:
            return by["roll"][0]
        port = cargo_portal(game)
        if "fly" in by and port is not None:
            grid = game.scenario.grid
            return min(by["fly"], key=lambda a: grid.distance(parse_pos(a.args[1]), port.pos))
        if "unload" in by:
            for a in by["unload"]:
                sh = st.tokens[st.tokens[a.args[0]].carrier]  # type: ignore[index]
                if port is None or sh.attrs.get("raided") == model.stamp(game):
                    return a
        if "board" in by:
            for a in by["board"]:
                sh = st.tokens[a.args[1]]
                if len(aboard(game, sh)) < 2:
                    return a
        if "activate" in by and port is not None and not model.shuttles_of(game, seat):
            free = [a for a in by["activate"] if self._activation_free(game, seat, a)]
            for a in free:
                trial = game.clone()
                trial.apply(a)
                boards = [b for b in trial.legal_actions() if b.verb == "board"]
                if len({b.args[0] for b in boards}) >= 2:
                    return a
        return None

    def _activation_free(self, game: Game, seat: str, a: Action) -> bool:
        from distant_galaxy_episodes.asteroid_belt.shuttles import activation_cells

        cell = parse_pos(a.args[0])
        return activation_cells(game, seat).get(cell, ("", 1))[1] == 0

    def _goal(self, game: Game, seat: str, tok: Token) -> Pos | None:
        grid = game.scenario.grid
        best, best_s = None, -1.0
        for site in model.asteroids(game):
            name, who = model.marker(site)
            if name == "mine":
                continue
            d = grid.distance(site.pos, tok.pos)  # type: ignore[arg-type]
            v = _value(game, site) * (3.0 if name == "flag" else 1.0)
            if name == "target" and who != seat:
                v *= 0.7
            dfd = len(site.attrs.get("reserve_defenders", [])) + sum(
                1 for t in game.state.tokens.values() if t.attrs.get("site") == site.id)
            s = v / (1.0 + dfd) / (2.0 + d)
            if s > best_s:
                best, best_s = site.pos, s
        return best

    def _move(self, game: Game, seat: str, by: dict[str, list[Action]], res: int
              ) -> Action | None:
        moves = by.get("move", [])
        if not moves:
            return None
        st = game.state
        grid = game.scenario.grid
        per: dict[str, list[Action]] = {}
        for a in moves:
            per.setdefault(a.args[0], []).append(a)
        base = model.base_of(game, seat)
        fallback: Action | None = None
        for tid, options in per.items():
            tok = st.tokens[tid]
            cost = int(model.utype(game, tok.type).get("move_cost", 0))
            if cost and res - cost < 3:
                continue
            # 1. a cell from which this unit can attack an Aborigine defender or an enemy unit
            strike = self._strike_cells(game, seat, tok)
            if strike and tok.attrs.get("attacked") != model.stamp(game):
                here = tok.pos in strike
                hits = [a for a in options if parse_pos(a.args[1]) in strike]
                if hits and not here:
                    return max(hits, key=lambda a: strike[parse_pos(a.args[1])])
                if here:
                    continue
            goal = self._goal(game, seat, tok)
            if goal is None:
                continue
            best = min(options, key=lambda a: self._move_score(game, parse_pos(a.args[1]),
                                                               goal))
            if self._move_score(game, parse_pos(best.args[1]), goal) < \
                    self._move_score(game, tok.pos, goal) - 0.1:  # type: ignore[arg-type]
                return best
            if base is not None and fallback is None \
                    and grid.distance(tok.pos, base.pos) <= 1:  # type: ignore[arg-type]
                away = [a for a in options
                        if grid.distance(parse_pos(a.args[1]), base.pos) > 1]
                if away:
                    fallback = min(away, key=lambda a: grid.distance(parse_pos(a.args[1]),
                                                                     goal))
        return fallback

    def _strike_cells(self, game: Game, seat: str, tok: Token) -> dict[Pos, float]:
        """Cells from which ``tok`` could attack a defender (or an enemy near our targets)."""
        from distant_galaxy_episodes.asteroid_belt.combat import attack_cells

        st = game.state
        grid = game.scenario.grid
        out: dict[Pos, float] = {}
        pattern = model.utype(game, tok.type).get("attack", ["orthogonal"])
        reach = int(model.utype(game, tok.type).get("speed", 2)) + 2
        for t in st.tokens.values():
            if t.pos is None or t.owner is not None or grid.distance(t.pos, tok.pos) > reach:  # type: ignore[arg-type]
                continue
            w, _, lo = odds(_bonus(game, tok, "attack_bonus"), _bonus(game, t, "defence_bonus"))
            safe = bool(model.utype(game, tok.type).get("safe_attack"))
            val = w - (0 if safe else lo)
            if val <= -0.05:
                continue
            for c in attack_cells(game, tok.type, t.pos):
                # symmetric patterns: a cell that ``t`` sees with our pattern sees ``t`` too
                if c == tok.pos or (model.free(game, c) and model.may_stop(game, tok.type, c)):
                    out[c] = max(out.get(c, -1.0), val)
        del pattern
        return out

    def _move_score(self, game: Game, at: Pos, goal: Pos) -> float:
        d = game.scenario.grid.distance(at, goal)
        s = float(max(d, 1)) if d > 0 else 3.0
        if self._adjacent_defender(game, at) is not None:
            s -= 0.5
        return s

    def _adjacent_defender(self, game: Game, at: Pos) -> Token | None:
        for c in game.scenario.grid.neighbours(at):
            t = game.state.token_at(c)
            if t is not None and t.owner is None \
                    and game.scenario.grid.is_orthogonal_neighbour(at, c):
                return t
        return None


class Tok:
    """A stand-in token of a type (for bonus look-ups)."""

    def __init__(self, type_: str):
        self.type = type_
