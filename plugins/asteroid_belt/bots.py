"""The greedy bot: values asteroids by points and resources for distance and defenders, builds
mines (steals flags), attacks when the odds are good, deploys and creates units, uses shuttles for
cargo raids and to carry units towards far goals (transport.py) when worth it, and plays the
Aborigine defenders sensibly when handed the defence.

It looks at the legal actions only (no search), one decision at a time, so it is fast. Its
weights are the scenario's (``asteroid_belt.bot`` with a faction's ``factions.<id>.bot``
overrides, described in plugins/asteroid_belt/checks.py and docs/asteroid-belt.md), so a mod can
tune the bot without Python.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, overload

from distant_galaxy import Action, Controller, StashKey, cell_of, parse_pos
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.attacks import attack_cells
from distant_galaxy_episodes.asteroid_belt.combat import combat_die, shuttle_bonus
from distant_galaxy_episodes.asteroid_belt.movement import lend
from distant_galaxy_episodes.asteroid_belt.shuttles import activation_cells, cargo_portal, load_range_at
from distant_galaxy_episodes.asteroid_belt.transport import nearest_stop, networks, ride_gain

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Site, Token

Pos = tuple[int, int]
aboard = model.aboard
_CELLS: dict[str, Pos] = {}  # "x,y" → (x, y): the bot reads the cells of many actions


def _trial(game: GameLike, action: Action) -> Game:
    """A clone of ``game`` with ``action`` applied (and ``game``'s reach memo lent to it)."""
    trial = game.clone()
    lend(game, trial)
    trial.apply(action)
    return trial


def _legal_of(game: GameLike, verb: str) -> list[Action]:
    """The legal actions of one verb in the pending decision: those of
    ``game.legal_actions()``, in its order, without listing the other verbs."""
    return game.legal_of(verb)


class ByVerb:
    """The pending decision's legal actions by verb, as a read-only mapping of the verbs that
    have some (``by["move"]``, ``"mine" in by``, ``by.get("unload", [])``): each verb is listed
    when first asked (``Game.legal_of``), so a decision settled by the first verbs the bot
    looks at lists no others."""

    __slots__ = ("game", "lists")

    def __init__(self, game: GameLike):
        self.game = game
        self.lists: dict[str, list[Action]] = {}

    def _of(self, verb: str) -> list[Action]:
        found = self.lists.get(verb)
        if found is None:
            found = self.lists[verb] = self.game.legal_of(verb)
        return found

    def __contains__(self, verb: str) -> bool:
        return bool(self._of(verb))

    def __getitem__(self, verb: str) -> list[Action]:
        found = self._of(verb)
        if not found:
            raise KeyError(verb)
        return found

    @overload
    def get(self, verb: str) -> list[Action] | None: ...
    @overload
    def get(self, verb: str, default: list[Action]) -> list[Action]: ...

    def get(self, verb: str, default: list[Action] | None = None) -> list[Action] | None:
        return self._of(verb) or default


def _pos(text: str) -> Pos:
    """``parse_pos`` of a legal action's cell, remembered."""
    found = _CELLS.get(text)
    if found is None:
        found = _CELLS[text] = parse_pos(text)
    return found


@lru_cache(maxsize=256)
def odds(die: int, att_bonus: int, def_bonus: int) -> tuple[float, float, float]:
    """(win, draw, lose) of an attacker with these bonuses, one die of ``die`` sides each
    (R7.50, R7.51)."""
    w = d = lo = 0
    for a in range(1, die + 1):
        for b in range(1, die + 1):
            x, y = a + att_bonus, b + def_bonus
            if x > y:
                w += 1
            elif x == y:
                d += 1
            else:
                lo += 1
    n = die * die
    return w / n, d / n, lo / n


#: faction id → the bot's weights for it (the defaults with the faction's overrides), on first use.
FACTION_WEIGHTS = StashKey[dict[str, dict[str, Any]]]()


def weights(game: GameLike, seat: str | None = None) -> dict[str, Any]:
    """The bot's weights, from the scenario: ``asteroid_belt.bot``, with the overrides of the
    seat's faction (``factions.<id>.bot``) when a seat is given (issue 11 item 19)."""
    base: dict[str, Any] = model.cfg(game)["bot"]
    if seat is None:
        return base
    fac = game.state.players[seat].faction or ""
    cache = game.scenario.stash.setdefault(FACTION_WEIGHTS, {})
    found = cache.get(fac)
    if found is None:
        spec = game.scenario.factions.get(fac) or {}
        found = cache[fac] = {**base, **(spec.get("bot") or {})}
    return found


def combat_odds(game: GameLike, att_bonus: int, def_bonus: int) -> tuple[float, float, float]:
    """(win, draw, lose) of an attacker with these bonuses, with the scenario's combat die."""
    return odds(combat_die(game), att_bonus, def_bonus)


def _bonus(game: GameLike, tok: Token | Tok, key: str) -> int:
    return int(model.utype(game, tok.type).get(key, 0))


#: (faction, site kind) → what an asteroid of that kind is worth to the bot (``_value``).
VALUES = StashKey[dict[tuple[str, str], float]]()


def _value(game: GameLike, site: Site, seat: str) -> float:
    """An asteroid's worth to ``seat``'s bot: its class's points and resources by the weights
    (a fact of the scenario per faction and site kind, computed once)."""
    cache = game.scenario.stash.setdefault(VALUES, {})
    key = (game.state.players[seat].faction or "", site.kind)
    found = cache.get(key)
    if found is None:
        k, w = model.kind(game, site), weights(game, seat)
        found = cache[key] = w["value_points"] * float(k.get("points", 0)) \
            + float(k.get("resources", 0)) / w["value_resources_per"]
    return found


class GreedyBot(Controller):
    """See the module docstring."""

    name = "greedy"

    def __init__(self, seat: str, seed: int = 0):
        super().__init__(seat, seed)
        # what one decision computes once: (state object, seat, cell) → goal; defenders per site
        self._goals: dict[tuple[int, str, Pos], Pos | None] = {}
        self._guards: tuple[int, dict[str, int]] | None = None
        self._cells: dict[tuple[int, str], dict[Pos, tuple[str, int]]] = {}  # activation cells
        self._rides: dict[tuple[int, str, str, Pos, int], bool] = {}  # _worth_a_ride
        self._beside: dict[tuple[int, Pos], Token | None] = {}  # _adjacent_defender
        self._aims: dict[tuple[int, str], list[tuple[Pos, float]]] = {}  # _candidates
        self._w: dict[str, Any] | None = None  # weights(game, self.seat), once per decision

    def choose(self, game: GameLike) -> Action:
        # the state may have changed since the last decision
        self._goals, self._guards, self._cells = {}, None, {}
        self._rides, self._beside, self._aims, self._w = {}, {}, {}, None
        pend = game.pending
        by = ByVerb(game)
        if pend is not None and pend.kind == "defence":
            return self._defence(game, by) or Action("end")
        return self._main(game, pend.seat if pend else game.state.active_seat, by) \
            or (by["end"][0] if "end" in by else self.rng.choice(game.legal_actions()))

    def _weights(self, game: GameLike) -> dict[str, Any]:
        """``weights(game, self.seat)``, once per decision (the same for the game's copies)."""
        w = self._w
        if w is None:
            w = self._w = weights(game, self.seat)
        return w

    # -- the defenders (R7.12, D7.3) -------------------------------------------------------------
    def _defence(self, game: GameLike, by: ByVerb) -> Action | None:
        st = game.state
        w = self._weights(game)
        if "place" in by:
            invaders = model.units_of(game, st.active_seat)

            def score(a: Action) -> tuple[bool, int]:
                """Next to an invader first, then next to the weakest defence."""
                at = _pos(a.args[2])
                near = [_bonus(game, t, "defence_bonus") for t in invaders
                        if game.scenario.grid.is_orthogonal_neighbour(at, cell_of(t))]
                return (True, -min(near)) if near else (False, 0)
            return max(by["place"], key=score)
        # R7.12: when the guards must strike, "end" is not offered until they have: take the
        # best strike whatever its score
        best, best_s = None, (w["defend_min_score"] if "end" in by else float("-inf"))
        for a in by.get("strike", []):
            d = st.tokens[a.args[0]]
            t = st.token_at(_pos(a.args[1]))
            if t is None:
                continue
            win, _, lo = combat_odds(game, _bonus(game, d, "attack_bonus"),
                                     _bonus(game, t, "defence_bonus"))
            safe = bool(model.utype(game, d.type).get("safe_attack"))
            s = win - (0 if safe else lo) \
                + w["defend_weak_target"] * (w["defend_weak_pivot"] - _bonus(game, t, "defence_bonus"))
            if s > best_s:
                best, best_s = a, s
        return best

    # -- a player's own turn ---------------------------------------------------------------------
    def _main(self, game: GameLike, seat: str, by: ByVerb) -> Action | None:
        st = game.state
        w = self._weights(game)
        res = st.players[seat].counters.get("resources", 0)
        if "mine" in by:
            return max(by["mine"], key=lambda a: _value(game, st.sites[a.args[0]], seat))
        act = self._mine_move(game, seat, by)
        if act is not None:
            return act
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
            if mine_targets < w["max_open_targets"]:
                return max(by["target"], key=lambda a: self._target_score(game, seat, a.args[0]))
        if "deploy" in by:
            return max(by["deploy"],
                       key=lambda a: int(model.utype(game, a.args[0]).get("speed", 0)))
        if res >= w["elite_create_min_resources"] and "elite-create" in by:
            return by["elite-create"][0]
        if "create" in by:
            on_board = len(model.units_of(game, seat))
            fresh = [a for a in by["create"] if self._near_fresh(game, seat, a)]
            pool = fresh or (by["create"] if res >= w["create_min_resources"]
                             and on_board < w["max_units_on_board"] else [])
            if pool:
                return max(pool, key=lambda a: (_bonus(game, Tok(a.args[0]), "attack_bonus"),
                                                -model.unit_cost(game, seat, a.args[0])))
        return self._move(game, seat, by, res)

    def _flags(self, game: GameLike) -> list[Site]:
        return [s for s in model.asteroids(game) if "flag" in s.markers]

    def _mine_move(self, game: GameLike, seat: str, by: ByVerb) -> Action | None:
        """R7.14: a mine needs a move near the Flag this turn — the move (or unload) that ends
        within ``mine_range`` of the best Flag; else a liquidation that opens such a move."""
        flags = self._flags(game)
        if not flags:
            return None
        r = model.param(game, "mine_range")
        res = game.state.players[seat].counters.get("resources", 0)
        best: dict[Pos, float] = {}  # cell → the best Flag within r of it
        for f in flags:
            v = _value(game, f, seat)
            for c in model.cells_near(game, f.pos, r):
                if c not in best or v > best[c]:
                    best[c] = v

        def gain(a: Action) -> float:
            return best.get(_pos(a.args[1]), 0.0)
        tokens = game.state.tokens
        costs: dict[str, int] = {}  # unit type → move_cost

        def paid(a: Action) -> bool:
            unit = tokens[a.args[0]].type
            if unit not in costs:
                costs[unit] = model.move_cost(game, unit)
            return costs[unit] <= res
        scored = []  # (gain, action) of the paid moves and unloads that gain, in their order
        for a in by.get("move", []) + by.get("unload", []):
            g = gain(a)
            if g > 0 and paid(a):
                scored.append((g, a))
        if scored:
            return max(scored, key=lambda ga: ga[0])[1]
        return self._liquidate_for(game, by, flags, r)

    def _liquidate_for(self, game: GameLike, by: ByVerb, flags: list[Site],
                       r: int) -> Action | None:
        """A liquidation after which some unit can move within ``r`` of a Flag (R7.33)."""
        grid = game.scenario.grid
        for a in by.get("liquidate", []):
            tok = game.state.tokens[a.args[0]]
            if not any(grid.distance(cell_of(tok), f.pos) <= r + 4 for f in flags):
                continue
            trial = _trial(game, a)
            for m in _legal_of(trial, "move"):
                if any(grid.distance(_pos(m.args[1]), f.pos) <= r
                                            for f in flags):
                    return a
        return None

    def _near_fresh(self, game: GameLike, seat: str, a: Action) -> bool:
        base = model.base_of(game, seat)
        at = _pos(a.args[1])
        return base is None or game.scenario.grid.distance(base.pos, at) > 1

    def _target_score(self, game: GameLike, seat: str, sid: str) -> float:
        site = game.state.sites[sid]
        dfd = len(site.attrs.get("reserve_defenders", [])) + 1
        return _value(game, site, seat) / dfd

    def _attack(self, game: GameLike, seat: str, by: ByVerb) -> Action | None:
        st = game.state
        w = self._weights(game)
        best, best_s = None, w["attack_min_score"]
        for a in by.get("attack", []):
            t = st.tokens[a.args[0]]
            o = st.token_at(_pos(a.args[1]))
            if o is None:
                continue
            if model.is_shuttle(game, t):
                win, _, lo = combat_odds(game, *shuttle_bonus(game, t, o))
                s = win - lo
            else:
                win, _, lo = combat_odds(game, _bonus(game, t, "attack_bonus"),
                                         _bonus(game, o, "defence_bonus"))
                safe = bool(model.utype(game, t.type).get("safe_attack"))
                gain = w["attack_gain_aborigine"] if o.owner is None else w["attack_gain_unit"]
                risk = w["attack_risk_elite"] if model.utype(game, t.type).get("abilities") \
                    else w["attack_risk_unit"]
                s = gain * win - (0 if safe else lo * risk)
            if s > best_s:
                best, best_s = a, s
        if best is not None and model.utype(game, st.tokens[best.args[0]].type).get("abilities"):
            p = st.players[seat]
            for u in by.get("use", []):
                if u.args[0] in ("reroll", "shield") and not p.attrs.get("armed"):
                    return u
        return best

    def _shuttle(self, game: GameLike, seat: str, by: ByVerb) -> Action | None:
        act = self._transport(game, seat, by)
        if act is not None:
            return act
        st = game.state
        passengers = self._weights(game)["raid_passengers"]
        if "raid" in by:
            sh = st.tokens[by["raid"][0].args[0]]
            if len(aboard(game, sh)) >= passengers:
                return by["raid"][0]
        if "roll" in by:
            return by["roll"][0]
        port = cargo_portal(game)
        if port is not None and "fly" in by:
            grid = game.scenario.grid
            return min(by["fly"], key=lambda a: grid.distance(_pos(a.args[1]), port.pos))
        if "unload" in by:
            for a in by["unload"]:
                carrier = st.tokens[a.args[0]].carrier
                if carrier is not None and (port is None or st.tokens[carrier].attrs.get(
                        "raided") == model.stamp(game)):
                    return a
        if "board" in by:
            for a in by["board"]:
                sh = st.tokens[a.args[1]]
                if len(aboard(game, sh)) < passengers:
                    return a
        if port is not None and not model.shuttles_of(game, seat) and "activate" in by:
            free = [a for a in by["activate"] if self._activation_free(game, seat, a)
                    and len(self._may_board(game, seat, _pos(a.args[0]))) >= passengers]
            for a in free:
                trial = _trial(game, a)
                boards = _legal_of(trial, "board")
                if len({b.args[0] for b in boards}) >= passengers:
                    return a
        return None

    # -- passenger shuttles for transport (issue 11 item 19) --------------------------------------
    def _raiding(self, game: GameLike, sh: Token) -> bool:
        """A shuttle goes for the cargo shuttle when it has a cargo portal to go to and enough
        passengers (``raid_passengers``)."""
        return cargo_portal(game) is not None \
            and len(aboard(game, sh)) >= self._weights(game)["raid_passengers"]

    def _ride_goal(self, game: GameLike, seat: str, sh: Token) -> Pos | None:
        """Where a transport shuttle's passengers head (its first passenger's goal), or None when
        the shuttle raids or a ride no longer saves ``transport_min_gain`` cells."""
        riders = aboard(game, sh)
        if not riders or self._raiding(game, sh):
            return None
        at = cell_of(sh)
        goal = self._goal(game, seat, riders[0], at)
        if goal is None:
            return None
        return goal

    def _transport(self, game: GameLike, seat: str, by: ByVerb) -> Action | None:
        """Carry units towards their goals: unload by the goal, else roll and fly towards it;
        board a unit a ride brings ``transport_min_gain`` cells closer; activate a shuttle for
        such a unit when it can pay (and keep ``move_reserve_resources``)."""
        st, grid = game.state, game.scenario.grid
        for sh in model.shuttles_of(game, seat):
            goal = self._ride_goal(game, seat, sh)
            if goal is None:
                continue
            at = cell_of(sh)
            best = nearest_stop(game, at, goal)
            arrived = best is None or grid.distance(at, goal) <= best + 1
            if arrived or model.done(game, sh, "flown"):
                outs = [a for a in by.get("unload", []) if st.tokens[a.args[0]].carrier == sh.id]
                if outs:
                    near = min(outs, key=lambda a: grid.distance(_pos(a.args[1]), goal))
                    if arrived or grid.distance(_pos(near.args[1]), goal) \
                            < grid.distance(at, goal):
                        return near
                continue
            for a in by.get("roll", []):
                if a.args[0] == sh.id:
                    return a
            flights = [a for a in by.get("fly", []) if a.args[0] == sh.id]
            if flights:
                return min(flights, key=lambda a: grid.distance(_pos(a.args[1]), goal))
        return self._board_for_ride(game, seat, by) or self._activate_for_ride(game, seat, by)

    def _worth_a_ride(self, game: GameLike, seat: str, tok: Token, network: Pos) -> bool:
        if tok.pos is None or model.done(game, tok, "moved"):
            return False
        # the same answer on every cell of one network (ride_gain reads the network's stops)
        key = (id(game.state), seat, tok.id, tok.pos, id(networks(game).get(network)))
        found = self._rides.get(key)
        if found is None:
            goal = self._goal(game, seat, tok)
            found = self._rides[key] = goal is not None and ride_gain(
                game, tok.pos, network, goal) >= weights(game, seat)["transport_min_gain"]
        return found

    def _board_for_ride(self, game: GameLike, seat: str, by: ByVerb
                        ) -> Action | None:
        st = game.state
        for a in by.get("board", []):
            tok, sh = st.tokens[a.args[0]], st.tokens[a.args[1]]
            riders = aboard(game, sh)
            if riders and self._ride_goal(game, seat, sh) is None:
                continue   # a raiding shuttle: the raid logic fills it
            if self._worth_a_ride(game, seat, tok, cell_of(sh)) and (
                    not riders or self._goal(game, seat, tok) == self._ride_goal(game, seat, sh)):
                return a
        return None

    def _activate_for_ride(self, game: GameLike, seat: str, by: ByVerb
                           ) -> Action | None:
        if model.shuttles_of(game, seat) or "activate" not in by:
            return None
        w = weights(game, seat)
        res = model.resources(game, seat)
        found = self._activation_cells(game, seat)
        for a in by["activate"]:
            at = _pos(a.args[0])
            if res - found[at][1] < w["move_reserve_resources"]:
                continue
            # when no unit worth a ride could board, the trial would find none: skip it
            if not any(self._worth_a_ride(game, seat, t, at)
                       for t in self._may_board(game, seat, at)):
                continue
            trial = _trial(game, a)
            if any(self._worth_a_ride(game, seat, game.state.tokens[b.args[0]], at)
                   for b in _legal_of(trial, "board")):
                return a
        return None

    def _may_board(self, game: GameLike, seat: str, at: Pos) -> list[Token]:
        """The seat's units within their load range of a shuttle activated on ``at`` (R7.42:
        speed, plus the dock bonus; ``board_path``'s first test). Only these could board it,
        so a trial activation (a copy of the game) is played only where they are enough."""
        grid = game.scenario.grid
        return [t for t in model.units_of(game, seat)
                if grid.distance(cell_of(t), at) <= load_range_at(game, t, at)]

    def _activation_cells(self, game: GameLike, seat: str) -> dict[Pos, tuple[str, int]]:
        """``activation_cells`` of the seat, once per decision."""
        key = (id(game.state), seat)
        found = self._cells.get(key)
        if found is None:
            found = self._cells[key] = activation_cells(game, seat)
        return found

    def _activation_free(self, game: GameLike, seat: str, a: Action) -> bool:
        found = self._activation_cells(game, seat).get(_pos(a.args[0]))
        return found is not None and found[1] == 0

    def _goal(self, game: GameLike, seat: str, tok: Token, at: Pos | None = None) -> Pos | None:
        """The asteroid ``tok`` heads for (seen from ``at``, default its cell); the same answer
        for the same cell within one decision (kept in ``_goals``)."""
        here = at if at is not None else cell_of(tok)
        key = (id(game.state), seat, here)
        if key in self._goals:
            return self._goals[key]
        found = self._goals[key] = self._find_goal(game, seat, here)
        return found

    def _defenders(self, game: GameLike) -> dict[str, int]:
        """Site id → its defenders on the board (one pass over the tokens per decision)."""
        if self._guards is not None and self._guards[0] == id(game.state):
            return self._guards[1]
        guards: dict[str, int] = {}
        for t in game.state.tokens.values():
            sid = t.attrs.get("site")
            if sid is not None:
                guards[sid] = guards.get(sid, 0) + 1
        self._guards = (id(game.state), guards)
        return guards

    def _candidates(self, game: GameLike, seat: str) -> list[tuple[Pos, float]]:
        """The asteroids a unit of ``seat`` may head for (no mine), in map order, each with its
        worth for its defenders (``_find_goal``'s score before the distance), once per
        decision."""
        key = (id(game.state), seat)
        found = self._aims.get(key)
        if found is not None:
            return found
        w = self._weights(game)
        guards = self._defenders(game)
        found = self._aims[key] = []
        for site in model.asteroids(game):
            name, who = model.marker(site)
            if name == "mine":
                continue
            v = _value(game, site, seat) * (w["goal_flag"] if name == "flag" else 1.0)
            if name == "target" and who != seat:
                v *= w["goal_foreign_target"]
            dfd = len(site.attrs.get("reserve_defenders", [])) + guards.get(site.id, 0)
            found.append((site.pos, v / (w["goal_defender_offset"] + dfd)))
        return found

    def _find_goal(self, game: GameLike, seat: str, here: Pos) -> Pos | None:
        distance = game.scenario.grid.distance
        offset = self._weights(game)["goal_distance_offset"]
        best: Pos | None = None
        best_s = 0.0
        for pos, worth in self._candidates(game, seat):
            s = worth / (offset + distance(pos, here))
            if best is None or s > best_s:
                best, best_s = pos, s
        return best

    def _move(self, game: GameLike, seat: str, by: ByVerb, res: int
              ) -> Action | None:
        moves = by.get("move", [])
        if not moves:
            return None
        st = game.state
        grid = game.scenario.grid
        w = self._weights(game)
        per: dict[str, list[Action]] = {}
        for a in moves:
            per.setdefault(a.args[0], []).append(a)
        base = model.base_of(game, seat)
        fallback: Action | None = None
        for tid, options in per.items():
            tok = st.tokens[tid]
            here = cell_of(tok)
            cost = model.move_cost(game, tok.type)
            if cost and res - cost < w["move_reserve_resources"]:
                continue
            # 1. a cell from which this unit can attack an Aborigine defender or an enemy unit
            strike = self._strike_cells(game, seat, tok)
            if strike and not model.done(game, tok, "attacked"):
                hits = [a for a in options if _pos(a.args[1]) in strike]
                if hits and here not in strike:
                    return max(hits, key=lambda a: strike[_pos(a.args[1])])
                if here in strike:
                    continue
            goal = self._goal(game, seat, tok)
            if goal is None:
                continue
            best = min(options, key=lambda a: self._move_score(game, _pos(a.args[1]), goal, w))
            if self._move_score(game, _pos(best.args[1]), goal, w) < \
                    self._move_score(game, here, goal, w) - w["move_min_gain"]:
                return best
            if base is not None and fallback is None and grid.distance(here, base.pos) <= 1:
                away = [a for a in options
                        if grid.distance(_pos(a.args[1]), base.pos) > 1]
                if away:
                    fallback = min(away, key=lambda a: grid.distance(_pos(a.args[1]),
                                                                     goal))
        return fallback

    def _strike_cells(self, game: GameLike, seat: str, tok: Token) -> dict[Pos, float]:
        """Cells from which ``tok`` could attack a defender (or an enemy near our targets)."""
        st = game.state
        grid = game.scenario.grid
        w = self._weights(game)
        here = cell_of(tok)
        out: dict[Pos, float] = {}
        reach = int(model.utype(game, tok.type).get("speed", 0)) + w["strike_reach"]
        for t in st.tokens.values():
            if t.pos is None or t.owner is not None or grid.distance(t.pos, here) > reach:
                continue
            win, _, lo = combat_odds(game, _bonus(game, tok, "attack_bonus"),
                                     _bonus(game, t, "defence_bonus"))
            safe = bool(model.utype(game, tok.type).get("safe_attack"))
            val = win - (0 if safe else lo)
            if val <= w["strike_min_value"]:
                continue
            for c in attack_cells(game, tok.type, t.pos):
                # symmetric patterns: a cell that ``t`` sees with our pattern sees ``t`` too
                if c == here or (model.free(game, c) and model.may_stop(game, tok.type, c)):
                    out[c] = max(out.get(c, -1.0), val)
        return out

    def _move_score(self, game: GameLike, at: Pos, goal: Pos, w: dict[str, Any] | None = None
                    ) -> float:
        """Lower is better: the distance to the goal, less a bonus next to a defender (``w``:
        the bot's weights, when the caller has them)."""
        if w is None:
            w = self._weights(game)
        d = game.scenario.grid.distance(at, goal)
        s = float(max(d, 1)) if d > 0 else float(w["move_on_goal"])
        if self._adjacent_defender(game, at) is not None:
            s -= w["move_near_defender"]
        return s

    def _adjacent_defender(self, game: GameLike, at: Pos) -> Token | None:
        key = (id(game.state), at)
        if key not in self._beside:
            self._beside[key] = self._find_defender(game, at)
        return self._beside[key]

    def _find_defender(self, game: GameLike, at: Pos) -> Token | None:
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
