"""The verbs of a player's own turn: move, attack, target, mine, deploy, create, elite-create,
liquidate, use (elite tokens), reinforce. Shuttle verbs are in ``shuttles``, the defenders' verbs
in ``defenders``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from distant_galaxy import Action, ActionKind, require
from distant_galaxy.scenario.setup import add_to_pool
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.combat import attack_cells, fight
from distant_galaxy_episodes.asteroid_belt.movement import reachable, speed

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Site, Token

MAIN = frozenset({"main"})
Pos = tuple[int, int]


def your_units(game: Game, seat: str, shuttles: bool | None = None) -> str:
    """``E2 at 3,2, S4 aboard H1, …`` (shuttles: None = all, True = only, False = none)."""
    out = []
    for t in game.state.tokens.values():
        if t.owner != seat or (shuttles is not None and model.is_shuttle(game, t) != shuttles):
            continue
        where = f"at {t.pos[0]},{t.pos[1]}" if t.pos is not None else f"aboard {t.carrier}"
        out.append(f"{t.id} ({t.type}) {where}")
    return ", ".join(out) or "none on the board"


def own_token(game: Game, seat: str, tid: str, what: str = "unit") -> Token:
    tok = game.state.tokens.get(tid)
    kind = True if what == "shuttle" else None
    require(tok is not None, f"there is no {what} '{tid}'; your {what}s: "
                             f"{your_units(game, seat, kind)}")
    require(tok.owner == seat, f"{tok.id} is not yours; your {what}s: "  # type: ignore[union-attr]
                               f"{your_units(game, seat, kind)}")
    return tok  # type: ignore[return-value]


def _active_units(game: Game, seat: str) -> list[Token]:
    return [t for t in model.units_of(game, seat) if model.ready(game, t)]


# -- move (R7.30, R7.31, D7.5, D7.6) -----------------------------------------------------------
class Move(ActionKind):
    verb = "move"
    usage = "move UNIT x,y"
    doc = ("Move a unit up to its speed along cells it may use (lanes; plain cells for elites; "
           "crossing asteroids and portals); costs the unit type's move cost once (R7.30, D7.5).")
    phases = MAIN
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        st = model.stamp(game)
        res = game.state.players[seat].counters.get("resources", 0)
        for tok in _active_units(game, seat):
            if tok.attrs.get("moved") == st:
                continue
            if int(model.utype(game, tok.type).get("move_cost", 0)) > res:
                continue
            for cell in reachable(game, tok.type, tok.pos, speed(game, tok)):  # type: ignore[arg-type]
                yield Action("move", (tok.id, f"{cell[0]},{cell[1]}"))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_token(game, seat, action.arg(0))
        to = model.cell(game, action, 1)
        require(not model.is_shuttle(game, tok), f"{tok.id} is a shuttle: roll, then fly it")
        require(tok.pos is not None, f"{tok.id} is aboard a shuttle: use unload")
        require(model.ready(game, tok), f"{tok.id} was created this turn by the elite and acts "
                                        "from your next turn (R7.70)")
        require(tok.attrs.get("moved") != model.stamp(game),
                f"{tok.id} has already moved this turn (D7.6)")
        cost = int(model.utype(game, tok.type).get("move_cost", 0))
        have = game.state.players[seat].counters.get("resources", 0)
        require(cost <= have, f"moving {tok.id} costs {cost} resources, you have {have} (D7.5)")
        require(game.scenario.grid.in_bounds(to), f"{to[0]},{to[1]} is off the map")
        paths = reachable(game, tok.type, tok.pos, speed(game, tok))
        if to not in paths:
            ctype = game.scenario.grid.cell_type(to)
            require(model.may_stop(game, tok.type, to),
                    f"a {tok.type} may not stop on a {ctype} cell (R7.30)")
            require(model.free(game, to), f"{to[0]},{to[1]} is occupied (R7.31)")
            require(False, f"{tok.id} cannot reach {to[0]},{to[1]} within {speed(game, tok)} "
                           "cells along cells it may use (R7.30)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        to = model.cell(game, action, 1)
        frm = tok.pos
        path = reachable(game, tok.type, frm, speed(game, tok))[to]  # type: ignore[arg-type]
        cost = int(model.utype(game, tok.type).get("move_cost", 0))
        if cost:
            game.change_counter(seat, "resources", -cost, f"move of {tok.id}", rule="D7.5")
        game.state.move_token(tok, to)
        tok.attrs["moved"] = model.stamp(game)
        game.emit("move", token=tok.id, unit=tok.type, seat=seat, frm=list(frm),  # type: ignore[arg-type]
                  to=list(to), path=[list(p) for p in path], cost=cost, rule="R7.30")


# -- attack (R7.20, R7.21, R7.43, R7.50, R7.51) ---------------------------------------------------
def attack_targets(game: Game, seat: str, tok: Token) -> list[Token]:
    """Enemy tokens ``tok`` may attack now."""
    st = game.state
    if tok.pos is None:
        return []
    if model.is_shuttle(game, tok):
        out = []
        for cell in game.scenario.grid.neighbours(tok.pos):
            other = st.token_at(cell)
            if other is not None and other.owner not in (None, seat) \
                    and model.is_shuttle(game, other):
                out.append(other)
        return out
    out = []
    for cell in attack_cells(game, tok.type, tok.pos):
        other = st.token_at(cell)
        if other is not None and other.owner != seat and not model.is_shuttle(game, other):
            out.append(other)
    return out


class Attack(ActionKind):
    verb = "attack"
    usage = "attack UNIT x,y"
    doc = ("Attack the enemy on x,y: orthogonally adjacent; a scout also diagonally or two cells "
           "away in a line, without risk (R7.20, R7.21); a shuttle attacks an adjacent shuttle "
           "(R7.43). One roll each, +1 for assault and elite (R7.50, R7.51).")
    phases = MAIN
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        st = model.stamp(game)
        for tok in list(game.state.tokens.values()):
            if tok.owner != seat or tok.pos is None or tok.attrs.get("attacked") == st \
                    or not model.ready(game, tok):
                continue
            for other in attack_targets(game, seat, tok):
                yield Action("attack", (tok.id, f"{other.pos[0]},{other.pos[1]}"))  # type: ignore[index]

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_token(game, seat, action.arg(0))
        at = model.cell(game, action, 1)
        require(tok.pos is not None, f"{tok.id} is aboard a shuttle and cannot attack")
        require(model.ready(game, tok), f"{tok.id} acts from your next turn (R7.70)")
        require(tok.attrs.get("attacked") != model.stamp(game),
                f"{tok.id} has already attacked this turn (D7.6)")
        other = game.state.token_at(at)
        require(other is not None, f"there is nothing to attack on {at[0]},{at[1]}")
        require(other.owner != seat, "you cannot attack your own unit")  # type: ignore[union-attr]
        require(other in attack_targets(game, seat, tok),
                f"{tok.id} cannot attack {at[0]},{at[1]}: "
                + ("a shuttle attacks only an adjacent enemy shuttle (R7.43)"
                   if model.is_shuttle(game, tok) else
                   "only orthogonally adjacent enemies (scouts: also diagonal or two away in a "
                   "line) (R7.20, R7.21)"))

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        other = game.state.token_at(model.cell(game, action, 1))
        assert other is not None
        tok.attrs["attacked"] = model.stamp(game)
        if model.is_shuttle(game, tok):
            from distant_galaxy_episodes.asteroid_belt.shuttles import shuttle_bonus

            a_extra, d_extra = shuttle_bonus(game, tok, other)
            fight(game, tok, other, rule="R7.43", att_extra=a_extra, def_extra=d_extra,
                  kind="shuttle")
        else:
            fight(game, tok, other, rule="R7.50")


def _site_list(game: Game, acts: Iterable[Action]) -> str:
    out = []
    for a in acts:
        s = game.state.sites[a.args[0]]
        out.append(f"{s.id} (class {model.kind(game, s).get('class')}) at {s.pos[0]},{s.pos[1]}")
    return ", ".join(out) or "none now (a unit of yours must be within 2 cells)"


# -- target (R7.10, R7.11) --------------------------------------------------------------------
def near(game: Game, seat: str, site: Site, r: int) -> bool:
    grid = game.scenario.grid
    return any(grid.distance(t.pos, site.pos) <= r for t in model.units_of(game, seat))  # type: ignore[arg-type]


class Target(ActionKind):
    verb = "target"
    usage = "target ASTEROID"
    doc = ("Put your Target marker on an asteroid with a unit of yours within 2 cells, replacing "
           "another player's Target if any (R7.10, R7.11).")
    phases = MAIN
    arity = (1, 1)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        r = int(model.param(game, "target_range", 2))
        for site in model.asteroids(game):
            name, who = model.marker(site)
            if name in ("mine", "flag") or (name == "target" and who == seat):
                continue
            if near(game, seat, site, r):
                yield Action("target", (site.id,))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        site = model.find_site(game, action.arg(0))
        require(site is not None and model.is_asteroid(game, site),
                f"'{action.arg(0)}' is not an asteroid (give its id or x,y); you may target: "
                f"{_site_list(game, self.legal(game, seat))}")
        name, who = model.marker(site)  # type: ignore[arg-type]
        require(name != "mine", f"{site.id} already has a mine (R7.15)")  # type: ignore[union-attr]
        require(name != "flag", f"{site.id} is flagged: build a mine instead (R7.14)")  # type: ignore[union-attr]
        require(not (name == "target" and who == seat), f"{site.id} is already your target")  # type: ignore[union-attr]
        r = int(model.param(game, "target_range", 2))
        require(near(game, seat, site, r),  # type: ignore[arg-type]
                f"you need a unit within {r} cells of {site.id} (R7.10)")  # type: ignore[union-attr]

    def apply(self, game: Game, seat: str, action: Action) -> None:
        site = model.find_site(game, action.arg(0))
        assert site is not None
        _, who = model.marker(site)
        model.set_marker(game, site, "target", seat, "R7.11",
                         f"{seat} targets {site.id}"
                         + (f", replacing {who}'s target" if who else ""))


# -- mine (R7.14, R7.15, R7.16, R7.60, R7.63) ----------------------------------------------------
def capture_resources(game: Game, site: Site) -> int:
    base = int(model.kind(game, site).get("resources", 0))
    return max(0, base + int(model.cfg(game).get("capture_resources_delta", 0)))


class Mine(ActionKind):
    verb = "mine"
    usage = "mine ASTEROID"
    doc = ("Replace a Flag (anyone's) by your Mine with a unit within 2 cells: gain the class's "
           "points and resources (R7.14, R7.1, R7.60).")
    phases = MAIN
    arity = (1, 1)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        r = int(model.param(game, "mine_range", 2))
        for site in model.asteroids(game):
            if "flag" in site.markers and near(game, seat, site, r):
                yield Action("mine", (site.id,))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        site = model.find_site(game, action.arg(0))
        require(site is not None and model.is_asteroid(game, site),
                f"'{action.arg(0)}' is not an asteroid (give its id or x,y); you may mine: "
                f"{_site_list(game, self.legal(game, seat))}")
        require("flag" in site.markers,  # type: ignore[union-attr]
                f"{site.id} has no Flag: capture it first (Target, then beat the defenders, R7.13)")  # type: ignore[union-attr]
        r = int(model.param(game, "mine_range", 2))
        require(near(game, seat, site, r), f"you need a unit within {r} cells of {site.id} (R7.14)")  # type: ignore[arg-type, union-attr]

    def apply(self, game: Game, seat: str, action: Action) -> None:
        site = model.find_site(game, action.arg(0))
        assert site is not None
        flagger = site.markers.get("flag")
        model.set_marker(game, site, "mine", seat, "R7.14",
                         f"{seat} builds a mine on {site.id}"
                         + (f", stealing {flagger}'s capture" if flagger != seat else ""))
        site.owner = seat
        pts = int(model.kind(game, site).get("points", 0))
        res = capture_resources(game, site)
        if pts:
            game.change_counter(seat, "points", pts, f"mine on {site.id}", rule="R7.1")
        if res:
            game.change_counter(seat, "resources", res, f"mine on {site.id}", rule="R7.60")
        p = game.state.players[seat]
        fresh = dict(p.attrs.get("fresh", {}))
        fresh[site.id] = res
        p.attrs["fresh"] = fresh
        p.attrs["fresh_turn"] = model.stamp(game)


# -- deploy and create (R7.34, R7.35, R7.16, D7.7) ---------------------------------------------
def _cells_near(game: Game, site: Site, unit: str) -> list[Pos]:
    return [c for c in game.scenario.grid.within(site.pos, 1)
            if model.free(game, c) and model.may_stop(game, unit, c)]


def fresh_budget(game: Game, seat: str) -> dict[str, int]:
    p = game.state.players[seat]
    if p.attrs.get("fresh_turn") != model.stamp(game):
        return {}
    return dict(p.attrs.get("fresh", {}))


class Deploy(ActionKind):
    verb = "deploy"
    usage = "deploy TYPE x,y"
    doc = "Bring a unit of your reserve onto a free cell next to your start base (R7.34)."
    phases = MAIN
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        base = model.base_of(game, seat)
        if base is None:
            return
        for unit, n in sorted(game.state.players[seat].pools.get("reserve", {}).items()):
            if n > 0:
                for c in _cells_near(game, base, unit):
                    yield Action("deploy", (unit, f"{c[0]},{c[1]}"))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        unit, at = action.arg(0), model.cell(game, action, 1)
        reserve = game.state.players[seat].pools.get("reserve", {})
        require(reserve.get(unit, 0) > 0,
                f"you have no {unit} in reserve (reserve: "
                f"{', '.join(f'{n} {u}' for u, n in sorted(reserve.items()) if n) or 'empty'})")
        base = model.base_of(game, seat)
        require(base is not None, "you have no start base")
        require(at in game.scenario.grid.within(base.pos, 1),  # type: ignore[union-attr]
                f"{at[0]},{at[1]} is not next to your start base {base.id} (R7.34)")  # type: ignore[union-attr]
        require(model.free(game, at), f"{at[0]},{at[1]} is occupied (R7.31)")
        require(model.may_stop(game, unit, at),
                f"a {unit} may not stand on a {game.scenario.grid.cell_type(at)} cell (R7.30)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        unit, at = action.arg(0), model.cell(game, action, 1)
        add_to_pool(game, seat, "reserve", unit, -1, "deployed from the start base")
        tok = game.state.add_token(unit, seat, at, prefix=unit[:1].upper())
        game.emit("place", token=tok.id, unit=unit, owner=seat, to=list(at),
                  reason="leaves the start base", rule="R7.34")


def _source_pool(game: Game, seat: str, unit: str) -> str | None:
    """Where a created unit comes from: repair first, else a new one within the limit (D7.7)."""
    p = game.state.players[seat]
    if p.pools.get("repair", {}).get(unit, 0) > 0:
        return "repair"
    limit = model.utype(game, unit).get("limit")
    if limit is None or model.owned_count(game, seat, unit) < int(limit):
        return "new"
    return None


def _create_places(game: Game, seat: str, unit: str) -> dict[Pos, str | None]:
    """Cells where ``unit`` may be created for pay: next to the base (None) or a fresh mine."""
    out: dict[Pos, str | None] = {}
    cost = model.unit_cost(game, seat, unit)
    for sid, budget in fresh_budget(game, seat).items():
        if budget >= cost:
            for c in _cells_near(game, game.state.sites[sid], unit):
                out.setdefault(c, sid)
    base = model.base_of(game, seat)
    if base is not None:
        for c in _cells_near(game, base, unit):
            out[c] = None
    return out


def place_created(game: Game, seat: str, unit: str, at: Pos, cost: int, reason: str,
                  rule: str) -> Token:
    src = _source_pool(game, seat, unit)
    assert src is not None
    if cost:
        game.change_counter(seat, "resources", -cost, reason, rule=rule)
    if src == "repair":
        add_to_pool(game, seat, "repair", unit, -1, "back from repair")
    tok = game.state.add_token(unit, seat, at, prefix=unit[:1].upper())
    game.emit("place", token=tok.id, unit=unit, owner=seat, to=list(at), source=src,
              cost=cost, reason=reason, rule=rule)
    return tok


class Create(ActionKind):
    verb = "create"
    usage = "create TYPE x,y"
    doc = ("Pay for a unit (from repair, or a new one within the pool limit) next to your start "
           "base, or next to a mine built this turn with that mine's fresh resources "
           "(R7.35, R7.16, D7.7; faction prices R7.70–R7.72).")
    phases = MAIN
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        res = game.state.players[seat].counters.get("resources", 0)
        for unit in model.civ_types(game):
            if model.unit_cost(game, seat, unit) > res or _source_pool(game, seat, unit) is None:
                continue
            for c in _create_places(game, seat, unit):
                yield Action("create", (unit, f"{c[0]},{c[1]}"))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        unit, at = action.arg(0), model.cell(game, action, 1)
        require(unit in model.civ_types(game),
                f"unknown unit type '{unit}' (types: {', '.join(model.civ_types(game))})")
        cost = model.unit_cost(game, seat, unit)
        have = game.state.players[seat].counters.get("resources", 0)
        require(cost <= have, f"a {unit} costs {cost} resources, you have {have}")
        require(_source_pool(game, seat, unit) is not None,
                f"you already have the most {unit} units allowed (D7.7)")
        require(at in _create_places(game, seat, unit),
                f"{at[0]},{at[1]}: create units on a free cell next to your start base, or next "
                "to a mine you built this turn if its fresh resources pay (R7.35, R7.16)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        unit, at = action.arg(0), model.cell(game, action, 1)
        cost = model.unit_cost(game, seat, unit)
        sid = _create_places(game, seat, unit)[at]
        rule = "R7.35"
        if sid is not None:
            base = model.base_of(game, seat)
            if not (base is not None and at in game.scenario.grid.within(base.pos, 1)):
                p = game.state.players[seat]
                fresh = dict(p.attrs.get("fresh", {}))
                fresh[sid] -= cost
                p.attrs["fresh"] = fresh
                rule = "R7.16"
        place_created(game, seat, unit, at, cost, f"create {unit}", rule)


# -- the elite's faction creation (R7.23, R7.70–R7.72) -------------------------------------------
def _elite(game: Game, seat: str) -> Token | None:
    for t in game.state.tokens.values():
        if t.owner == seat and t.pos is not None and model.utype(game, t.type).get("abilities"):
            return t
    return None


def _elite_spec(game: Game, seat: str) -> dict:
    fac = game.scenario.factions.get(game.state.players[seat].faction or "", {}) or {}
    return fac.get("elite_creates") or {}


def _elite_cells(game: Game, seat: str) -> list[Pos]:
    el = _elite(game, seat)
    spec = _elite_spec(game, seat)
    if el is None or not spec or not model.ready(game, el):
        return []
    unit = spec["unit"]
    out: list[Pos] = []
    for site in model.asteroids(game):
        if site.owner == seat and game.scenario.grid.distance(el.pos, site.pos) <= 1:  # type: ignore[arg-type]
            out.extend(c for c in _cells_near(game, site, unit) if c not in out)
    return out


class EliteCreate(ActionKind):
    verb = "elite-create"
    usage = "elite-create x,y"
    doc = ("Your elite, standing next to a mine of yours, creates its faction's unit next to that "
           "mine, paid from your resources, once per turn (R7.23, R7.70–R7.72).")
    phases = MAIN
    arity = (1, 1)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        p = game.state.players[seat]
        spec = _elite_spec(game, seat)
        if not spec or p.attrs.get("elite_made") == model.stamp(game):
            return
        unit = spec["unit"]
        if model.unit_cost(game, seat, unit) > p.counters.get("resources", 0) \
                or _source_pool(game, seat, unit) is None:
            return
        for c in _elite_cells(game, seat):
            yield Action("elite-create", (f"{c[0]},{c[1]}",))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        at = model.cell(game, action, 0)
        spec = _elite_spec(game, seat)
        require(bool(spec), "your faction's elite creates no units")
        require(_elite(game, seat) is not None, "your elite is not on the board")
        p = game.state.players[seat]
        require(p.attrs.get("elite_made") != model.stamp(game),
                "your elite has already created units this turn (R7.70–R7.72)")
        unit = spec["unit"]
        cost = model.unit_cost(game, seat, unit)
        require(cost <= p.counters.get("resources", 0), f"a {unit} costs {cost} resources")
        require(_source_pool(game, seat, unit) is not None,
                f"you already have the most {unit} units allowed (D7.7)")
        require(at in _elite_cells(game, seat),
                f"{at[0]},{at[1]}: the elite must stand next to a mine of yours and the unit is "
                "placed on a free cell next to that mine (R7.23)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        at = model.cell(game, action, 0)
        spec = _elite_spec(game, seat)
        unit = spec["unit"]
        p = game.state.players[seat]
        p.attrs["elite_made"] = model.stamp(game)
        rule = {"orange": "R7.70", "purple": "R7.71", "green": "R7.72"}.get(p.faction or "",
                                                                           "R7.23")
        count = int(spec.get("count", 1))
        if spec.get("bonus_die"):
            roll = game.dice.roll(int(spec["bonus_die"]), purpose="elite creation: how many",
                                  rule=rule)
            if roll >= int(spec.get("bonus_at_least", 99)):
                count = int(spec.get("bonus_count", count))
        cells = [at] + [c for c in _elite_cells(game, seat) if c != at]
        made = 0
        for c in cells:
            if made >= count:
                break
            cost = model.unit_cost(game, seat, unit)
            if cost > p.counters.get("resources", 0) or _source_pool(game, seat, unit) is None \
                    or not model.free(game, c):
                break
            tok = place_created(game, seat, unit, c, cost, f"elite creates {unit}", rule)
            if spec.get("ready") == "next_turn":
                tok.attrs["fresh"] = model.stamp(game)
            made += 1
        game.emit("elite_created", seat=seat, unit=unit, count=made, asked=count,
                  ready=spec.get("ready", "now"), rule=rule)


# -- liquidate (R7.33) --------------------------------------------------------------------------
class Liquidate(ActionKind):
    verb = "liquidate"
    usage = "liquidate UNIT"
    doc = "Remove one of your own units that is in the way; it goes to repair (R7.33)."
    phases = MAIN
    arity = (1, 1)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for t in model.units_of(game, seat):
            yield Action("liquidate", (t.id,))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_token(game, seat, action.arg(0))
        require(not model.is_shuttle(game, tok) and tok.pos is not None,
                f"{tok.id} is not one of your units on the board")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        model.to_repair(game, game.state.tokens[action.arg(0)], "liquidated by its owner", "R7.33")


# -- the elite's ability tokens (R7.22, D7.4) ---------------------------------------------------
class Use(ActionKind):
    verb = "use"
    usage = "use ABILITY"
    doc = ("Spend one of your elite's one-use tokens (the token goes to repair): reroll, shield "
           "or boost, as defined in asteroid_belt.abilities (R7.22, D7.4).")
    phases = MAIN
    arity = (1, 1)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        if _elite(game, seat) is None:
            return
        p = game.state.players[seat]
        for name in p.attrs.get("abilities", []):
            yield Action("use", (name,))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        p = game.state.players[seat]
        name = action.arg(0)
        require(name in p.attrs.get("abilities", []),
                f"you have no '{name}' token left (left: "
                f"{', '.join(p.attrs.get('abilities', [])) or 'none'})")
        require(_elite(game, seat) is not None, "your elite must be on the board")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        p = game.state.players[seat]
        name = action.arg(0)
        spec = model.cfg(game).get("abilities", {}).get(name, {})
        p.attrs["abilities"] = [a for a in p.attrs.get("abilities", []) if a != name]
        p.attrs["used_abilities"] = [*list(p.attrs.get("used_abilities", [])), name]
        effect = spec.get("effect")
        if effect == "speed":
            p.attrs["boost_turn"] = model.stamp(game)
            p.attrs["boost"] = int(spec.get("value", 0))
        else:
            p.attrs["armed"] = [*list(p.attrs.get("armed", [])), name]
        game.emit("ability_used", seat=seat, ability=name, effect=effect,
                  token_to="repair", rule="R7.22")


# -- reinforcement (R7.61) ---------------------------------------------------------------------
def may_reinforce(game: Game, seat: str) -> str | None:
    """None when the seat may ask for reinforcement, else why not."""
    p = game.state.players[seat]
    if p.attrs.get("reinforced"):
        return "you already had your one reinforcement (R7.61)"
    if any(t.owner == seat and not model.is_shuttle(game, t) for t in game.state.tokens.values()):
        return "you still have units on the board (R7.61)"
    if any(n > 0 for n in p.pools.get("reserve", {}).values()):
        return "you still have units in reserve (R7.61)"
    res = p.counters.get("resources", 0)
    for unit in model.civ_types(game):
        if model.unit_cost(game, seat, unit) <= res and _source_pool(game, seat, unit):
            return f"you can still pay for a {unit} (R7.61)"
    return None


class Reinforce(ActionKind):
    verb = "reinforce"
    usage = "reinforce"
    doc = ("Once per game, with no units left and no resources to create one: one unit of every "
           "type into your reserve and 20 resources (R7.61).")
    phases = MAIN
    arity = (0, 0)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        if may_reinforce(game, seat) is None:
            yield Action("reinforce")

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        why = may_reinforce(game, seat)
        require(why is None, why or "")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        p = game.state.players[seat]
        p.attrs["reinforced"] = True
        for unit in model.civ_types(game):
            src = _source_pool(game, seat, unit)
            if src == "repair":
                add_to_pool(game, seat, "repair", unit, -1, "reinforcement (R7.61)")
            if src is not None:
                add_to_pool(game, seat, "reserve", unit, 1, "reinforcement (R7.61)")
        game.change_counter(seat, "resources",
                            int(model.param(game, "reinforcement_resources", 20)),
                            "reinforcement", rule="R7.61")
