"""The verbs of a player's own turn: move, attack, target, mine, deploy, create, elite-create,
liquidate, use (elite tokens), reinforce. Shuttle verbs are in ``shuttles``, the defenders' verbs
in ``defenders``.

Each verb is a typed :class:`~distant_galaxy.Verb`: it declares its arguments (a unit of the
seat, a cell on the map, an asteroid, a unit type…) and states its rule once, mostly as one
predicate, ``…_refusal``, that says why an action is not legal, or None. A verb of an actor and
its targets (``move``, ``attack``, ``deploy``, ``create``) is an
:class:`~distant_galaxy.ActorVerb`: the actors worth asking, the actor's refusal, its targets
and a message for a refused target, from which the engine derives the listing. The others list
exact candidates built from their refusal function, with what the asteroids or units share
worked out once (``in_range``, ``in_the_way``). Help texts are built from the scenario's numbers
when the kinds are made for a scenario.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from distant_galaxy import (
    Action,
    ActorVerb,
    IllegalAction,
    NameArg,
    SiteArg,
    TypedAction,
    UnitArg,
    add_to_pool,
    cell_of,
    verb_rule,
)
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.attacks import (
    attack_reach,
    describe_patterns,
)
from distant_galaxy_episodes.asteroid_belt.combat import fight, shuttle_bonus
from distant_galaxy_episodes.asteroid_belt.model import BeltVerb, MapCell
from distant_galaxy_episodes.asteroid_belt.movement import (
    REACH,
    Reach,
    blocking_cells,
    check_memo,
    checked_memo,
    opens_a_move,
    reach,
    speed,
    stops,
)
from distant_galaxy_episodes.asteroid_belt.removal import to_repair

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Scenario, Site, Token

MAIN = model.MAIN
Pos = tuple[int, int]
cells = model.cells


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
    """The seat's token ``tid``, or IllegalAction listing the seat's units (or shuttles)."""
    tok = game.state.tokens.get(tid)
    if tok is None or tok.owner != seat:
        kind = True if what == "shuttle" else None
        head = f"there is no {what} '{tid}'" if tok is None else f"{tok.id} is not yours"
        raise IllegalAction(f"{head}; your {what}s: {your_units(game, seat, kind)}")
    return tok


def own_shuttle(game: Game, seat: str, tid: str) -> Token:
    """The seat's token ``tid``, or IllegalAction listing the seat's shuttles."""
    return own_token(game, seat, tid, "shuttle")


#: The arguments the verbs share: a unit or a shuttle of the seat (refusals list them), one of
#: the civilizations' unit types.
UNIT, SHUTTLE = UnitArg("UNIT", find=own_token), UnitArg("SHUTTLE", find=own_shuttle)
UNIT_TYPE = NameArg("TYPE", lambda sc: sc.data.get(model.SECTION, {}).get("unit_types", []),
                    "unit type")


# -- move (R7.30, R7.31, D7.5, D7.6) -----------------------------------------------------------
def move_refusal(game: Game, seat: str, tok: Token) -> str | None:
    """Why the seat's ``tok`` may not move now, or None."""
    if tok.type in model.facts(game).shuttles:
        return f"{tok.id} is a shuttle: roll, then fly it"
    if tok.pos is None:
        return f"{tok.id} is aboard a shuttle: use unload"
    why = model.turn_refusal(game, tok, "moved")
    if why is not None:
        return why
    cost, have = model.move_cost(game, tok.type), game.state.players[seat].counters.get(
        "resources", 0)  # (model.resources, one call less: a hot path)
    if cost > have:
        return f"moving {tok.id} costs {cost} resources, you have {have} (D7.5)"
    return None


def movers(game: Game, seat: str, units: list[Token] | None = None) -> list[Token]:
    """The seat's units that may move now (``move_refusal`` is None), in token order
    (``units``: the seat's ``units_of``, when the caller has them)."""
    return [t for t in (units if units is not None else model.units_of(game, seat))
            if move_refusal(game, seat, t) is None]


class Move(BeltVerb, ActorVerb):
    verb = "move"
    args = (UNIT, MapCell())
    doc = ("Move a unit up to its speed along cells it may use (lanes; plain cells for elites; "
           "crossing asteroids and portals); costs the unit type's move cost once (R7.30, D7.5).")
    prepare, actor_refusal = verb_rule(check_memo), verb_rule(move_refusal)

    def actors(self, game: Game, seat: str) -> list[Token]:
        return model.units_of(game, seat)

    def targets(self, game: Game, seat: str, tok: Token) -> tuple[Pos, ...]:
        at: Pos = tok.pos  # type: ignore[assignment]  # (an allowed actor is on the board)
        return reach(game, tok.type, at, speed(game, tok), game.stash[REACH]).cells  # (prepared)

    def target_refusal(self, game: Game, seat: str, tok: Token, to: Pos) -> str:
        if not model.may_stop(game, tok.type, to):
            return f"a {tok.type} may not stop on a {game.scenario.grid.cell_type(to)} cell (R7.30)"
        if not model.free(game, to):
            return f"{to[0]},{to[1]} is occupied (R7.31)"
        return (f"{tok.id} cannot reach {to[0]},{to[1]} within {speed(game, tok)} cells along "
                "cells it may use (R7.30)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, to = move.args
        frm = cell_of(tok)
        path = reach(game, tok.type, frm, speed(game, tok)).path(to)
        cost = model.move_cost(game, tok.type)
        if cost:
            game.change_counter(seat, "resources", -cost, f"move of {tok.id}", rule="D7.5")
        game.state.move_token(tok, to)
        model.mark_done(game, tok, "moved")
        game.emit("move", token=tok.id, unit=tok.type, seat=seat, frm=list(frm),
                  to=list(to), path=[list(p) for p in path], cost=cost, rule="R7.30")


# -- attack (R7.20, R7.21, R7.43, R7.50, R7.51) ---------------------------------------------------
def attack_refusal(game: Game, seat: str, tok: Token) -> str | None:
    """Why the seat's ``tok`` may not attack now (whatever the target), or None."""
    if tok.pos is None:
        return f"{tok.id} is aboard a shuttle and cannot attack"
    return model.turn_refusal(game, tok, "attacked")


def attack_doc(scenario: Scenario) -> str:
    """The attack verb's help: each unit type's patterns, safe attackers, the die and bonuses."""
    civ = list(scenario.data.get(model.SECTION, {}).get("unit_types", []))
    spec = scenario.unit_types
    ways = "; ".join(f"{u}: {describe_patterns(scenario, u)}" for u in civ if u in spec)
    safe = [u for u in civ if spec.get(u, {}).get("safe_attack")]
    by_bonus: dict[int, list[str]] = {}
    for u in civ:
        if spec.get(u, {}).get("attack_bonus"):
            by_bonus.setdefault(int(spec[u]["attack_bonus"]), []).append(u)
    bonus = "; ".join(f"+{b} for {model.joined(us)}" for b, us in by_bonus.items())
    die = scenario.data[model.SECTION]["combat_die"]
    return (f"Attack the enemy on x,y in your unit's attack pattern ({ways})"
            + (f"; {model.joined(safe)} without risk" if safe else "")
            + " (R7.20, R7.21); a shuttle attacks an adjacent shuttle (R7.43). "
            f"One d{die} roll each" + (f", {bonus}" if bonus else "") + " (R7.50, R7.51).")


class Attack(BeltVerb, ActorVerb):
    verb = "attack"
    args = (UNIT, MapCell())
    actor_refusal = verb_rule(attack_refusal)
    targets_first = True  # (most units have no enemy in reach)

    def __init__(self, scenario: Scenario):
        self.doc = attack_doc(scenario)
        self.shuttles = frozenset(u for u, d in scenario.unit_types.items()
                                  if (d or {}).get("shuttle"))

    def actors(self, game: Game, seat: str) -> list[Token]:
        return [t for t in game.state.tokens.values() if t.owner == seat and t.pos is not None]

    def targets(self, game: Game, seat: str, tok: Token) -> list[Pos]:
        """The cells of the enemies ``tok`` may attack now: a unit, the enemy units in its
        attack pattern (the cells in between free unless it leaps, R7.20, R7.21); a shuttle,
        the enemy shuttles next to it (R7.43)."""
        board, tokens, shuttles = game.state.board, game.state.tokens, self.shuttles
        at: Pos = tok.pos  # type: ignore[assignment]  # (an allowed actor is on the board)
        if tok.type in shuttles:
            return [c for c in game.scenario.grid.neighbours(at) if (tid := board.get(c))
                    and tokens[tid].owner not in (None, seat) and tokens[tid].type in shuttles]
        out = []
        for c, between in attack_reach(game, tok.type, at):
            tid = board.get(c)
            if tid is not None and tokens[tid].owner != seat and tokens[tid].type not in shuttles \
                    and not (between and any(b in board for b in between)):
                out.append(c)
        return out

    def target_refusal(self, game: Game, seat: str, tok: Token, at: Pos) -> str:
        other = game.state.token_at(at)
        if other is None:
            return f"there is nothing to attack on {at[0]},{at[1]}"
        if other.owner == seat:
            return "you cannot attack your own unit"
        why = ("a shuttle attacks only an adjacent enemy shuttle (R7.43)"
               if model.is_shuttle(game, tok) else f"{tok.type} units attack only enemies "
               f"{describe_patterns(game.scenario, tok.type)} (R7.20, R7.21)")
        return f"{tok.id} cannot attack {at[0]},{at[1]}: {why}"

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, at = move.args
        other = game.state.token_at(at)
        assert other is not None
        model.mark_done(game, tok, "attacked")
        if model.is_shuttle(game, tok):
            a_extra, d_extra = shuttle_bonus(game, tok, other)
            fight(game, tok, other, rule="R7.43", att_extra=a_extra, def_extra=d_extra,
                  kind="shuttle")
        else:
            fight(game, tok, other, rule="R7.50")


def _site_list(game: Game, acts: Iterable[Action], r: int) -> str:
    out = []
    for a in acts:
        s = game.state.sites[a.args[0]]
        out.append(f"{s.id} (class {model.kind(game, s).get('class')}) at {s.pos[0]},{s.pos[1]}")
    return ", ".join(out) or f"none now (a unit of yours must be within {cells(r)})"


class Asteroid(SiteArg):
    """An asteroid by id, label or ``x,y``; an unknown one is refused with the asteroids the
    verb may take now (``range_param``: the reach its refusal names)."""

    def __init__(self, verb: str, range_param: str):
        super().__init__("ASTEROID")
        self.verb, self.range_param = verb, range_param

    def parse(self, game: Game, seat: str, text: str) -> Site:
        site = model.find_site(game, text)
        if site is None or not model.is_asteroid(game, site):
            legal = game.kinds[self.verb].legal(game, seat)
            raise IllegalAction(f"'{text}' is not an asteroid (give its id or x,y); you may "
                                f"{self.verb}: "
                                f"{_site_list(game, legal, model.param(game, self.range_param))}")
        return site


# -- target (R7.10, R7.11) --------------------------------------------------------------------
def in_range(game: Game, seat: str, r: int) -> set[str]:
    """The ids of the asteroids within ``r`` cells of a unit of the seat."""
    near = model.asteroids_near(game, r)
    return {sid for t in model.units_of(game, seat) for sid in near.get(cell_of(t), ())}


def target_refusal(game: Game, seat: str, site: Site, near: set[str] | None = None
                   ) -> str | None:
    """Why the seat may not put its Target on the asteroid ``site`` now, or None (``near``:
    the seat's ``in_range`` of the target range, when the caller has it)."""
    marks = site.markers  # (model.marker: a mine, else a flag, else a target)
    if "mine" in marks:
        return f"{site.id} already has a mine (R7.15)"
    if "flag" in marks:
        return f"{site.id} is flagged: build a mine instead (R7.14)"
    if marks.get("target") == seat:
        return f"{site.id} is already your target"
    r = model.param(game, "target_range")
    if site.id not in (near if near is not None else in_range(game, seat, r)):
        return f"you need a unit within {cells(r)} of {site.id} (R7.10)"
    return None


class OnAsteroid(BeltVerb):
    """A verb on one asteroid (``Asteroid``, within the reach of the param ``range_param``): its
    refusal is the predicate ``rule(game, seat, site)``, its help ``help`` with ``{within}`` the
    reach in cells; its candidates, the asteroids ``rule`` allows (exact)."""

    rule: Callable[..., str | None]
    range_param: ClassVar[str]
    help: ClassVar[str]
    exact = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        cls.args = (Asteroid(cls.verb, cls.range_param),)
        super().__init_subclass__(**kwargs)

    def __init__(self, scenario: Scenario):
        self.doc = self.help.format(within=cells(scenario.params[self.range_param]))

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return type(self).rule(game, seat, move.args[0])


class Target(OnAsteroid):
    verb, range_param, rule = "target", "target_range", verb_rule(target_refusal)
    help = ("Put your Target marker on an asteroid with a unit of yours within {within}, "
            "replacing another player's Target if any (R7.10, R7.11).")

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        near = in_range(game, seat, model.param(game, "target_range"))
        return [(s,) for s in model.asteroids(game)
                if s.id in near and target_refusal(game, seat, s, near) is None]

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        (site,) = move.args
        _, who = model.marker(site)
        unit = model.unit_near(game, seat, site.pos, model.param(game, "target_range"))
        model.set_marker(game, site, "target", seat, "R7.11",
                         f"{seat} targets {site.id}"
                         + (f", replacing {who}'s target" if who else ""),
                         unit=unit.id if unit else None)


# -- mine (R7.14, R7.15, R7.16, R7.60, R7.63) ----------------------------------------------------
def capture_resources(game: GameLike, site: Site) -> int:
    base = int(model.kind(game, site).get("resources", 0))
    return max(0, base + int(model.cfg(game).get("capture_resources_delta", 0)))


def moved_near(game: Game, seat: str, site: Site, r: int, units: list[Token] | None = None
               ) -> bool:
    """R7.14: a unit of the seat made a move this turn and stands within ``r`` of ``site``
    ("необходимо сделать ход своим отрядом вблизи поверженного объекта"; ``units``: the
    seat's ``units_of``, when the caller has them)."""
    return model.unit_near(game, seat, site.pos, r, moved=True, units=units) is not None


def mine_refusal(game: Game, seat: str, site: Site, units: list[Token] | None = None
                 ) -> str | None:
    """Why the seat may not build its Mine on the asteroid ``site`` now, or None."""
    if "flag" not in site.markers:
        return f"{site.id} has no Flag: capture it first (Target, then beat the defenders, R7.13)"
    r = model.param(game, "mine_range")
    if not moved_near(game, seat, site, r, units):
        return (f"make a move this turn with a unit of yours to within {cells(r)} of {site.id} "
                "first (R7.14: 'сделать ход своим отрядом вблизи')")
    return None


class Mine(OnAsteroid):
    help = ("Replace a Flag (anyone's) by your Mine with a unit that moved this turn and stands "
            "within {within}: gain the class's points and resources (R7.14, R7.1, R7.60).")
    verb, range_param, rule = "mine", "mine_range", verb_rule(mine_refusal)

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        flagged = [s for s in model.asteroids(game) if "flag" in s.markers]
        if not flagged:
            return ()
        units = model.units_of(game, seat)
        return [(s,) for s in flagged if mine_refusal(game, seat, s, units) is None]

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        (site,) = move.args
        flagger = site.markers.get("flag")
        unit = model.unit_near(game, seat, site.pos, model.param(game, "mine_range"), moved=True)
        model.set_marker(game, site, "mine", seat, "R7.14",
                         f"{seat} builds a mine on {site.id}"
                         + (f", stealing {flagger}'s capture" if flagger != seat else ""),
                         unit=unit.id if unit else None)
        game.will_edit(site)
        site.owner = seat
        pts = int(model.kind(game, site).get("points", 0))
        res = capture_resources(game, site)
        if pts:
            game.change_counter(seat, "points", pts, f"mine on {site.id}", rule="R7.1")
        if res:
            game.change_counter(seat, "resources", res, f"mine on {site.id}", rule="R7.60")
        start_fresh_budget(game, seat, site, res)


# -- deploy and create (R7.34, R7.35, R7.16, D7.7) ---------------------------------------------
def _cells_near(game: Game, site: Site, unit: str) -> list[Pos]:
    board, may = game.state.board, stops(game, unit)  # may: model.may_stop, once per scenario
    return [c for c in game.scenario.grid.within(site.pos, 1) if c not in board and c in may]


def start_fresh_budget(game: Game, seat: str, site: Site, res: int) -> None:
    """R7.16, R7.35: the resources just got from *this* mine may pay for units placed next to
    it, this turn only ("полученные именно с этой шахты ресурсы"). Budgets of mines built in an
    earlier turn are dropped; another mine built this same turn keeps its own."""
    p = game.state.players[seat]
    now = model.stamp(game)
    fresh = dict(p.attrs.get("fresh", {})) if p.attrs.get("fresh_turn") == now else {}
    fresh[site.id] = res
    game.will_edit(p)
    p.attrs["fresh"] = fresh
    p.attrs["fresh_turn"] = now


def fresh_budget(game: Game, seat: str) -> dict[str, int]:
    """Mine id → what is left of its fresh resources, for the mines the seat built this turn."""
    p = game.state.players[seat]
    if p.attrs.get("fresh_turn") != model.stamp(game):
        return {}
    return dict(p.attrs.get("fresh", {}))


def reserve_refusal(game: Game, seat: str, unit: str) -> str | None:
    """Why the seat may not bring a ``unit`` of its reserve onto the board now, or None."""
    reserve = game.state.players[seat].pools.get("reserve", {})
    if reserve.get(unit, 0) <= 0:
        left = ", ".join(f"{n} {u}" for u, n in sorted(reserve.items()) if n) or "empty"
        return f"you have no {unit} in reserve (reserve: {left})"
    return None if model.base_of(game, seat) is not None else "you have no start base"


def deploy_cells(game: Game, seat: str, unit: str) -> list[Pos]:
    """The free cells next to the seat's start base where a ``unit`` may stand (R7.34)."""
    base = model.base_of(game, seat)
    board, may = game.state.board, stops(game, unit)  # may: model.may_stop, once per scenario
    return [] if base is None else [c for c in game.scenario.grid.within(base.pos, 1)
                                    if c not in board and c in may]


class Deploy(BeltVerb, ActorVerb):
    verb = "deploy"
    args = (UNIT_TYPE, MapCell())
    doc = "Bring a unit of your reserve onto a free cell next to your start base (R7.34)."
    actor_refusal = verb_rule(reserve_refusal)
    targets = verb_rule(deploy_cells)

    def actors(self, game: Game, seat: str) -> list[str]:  # the types in reserve (no others)
        return sorted(u for u, n in game.state.players[seat].pools.get("reserve", {}).items()
                      if n > 0)

    def target_refusal(self, game: Game, seat: str, unit: str, at: Pos) -> str:
        base = model.base_of(game, seat)
        assert base is not None  # (reserve_refusal)
        if at not in game.scenario.grid.within(base.pos, 1):
            return f"{at[0]},{at[1]} is not next to your start base {base.id} (R7.34)"
        if not model.free(game, at):
            return f"{at[0]},{at[1]} is occupied (R7.31)"
        return f"a {unit} may not stand on a {game.scenario.grid.cell_type(at)} cell (R7.30)"

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        unit, at = move.args
        add_to_pool(game, seat, "reserve", unit, -1, "deployed from the start base")
        tok = game.state.add_token(unit, seat, at, prefix=model.id_prefix(game, unit))
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
                  rule: str, mine: str | None = None) -> Token:
    """Pay for and place a created unit; ``mine`` names the mine whose fresh budget paid
    (R7.16), logged with the ``place`` event."""
    src = _source_pool(game, seat, unit)
    assert src is not None
    if cost:
        game.change_counter(seat, "resources", -cost, reason, rule=rule)
    if src == "repair":
        add_to_pool(game, seat, "repair", unit, -1, "back from repair")
    tok = game.state.add_token(unit, seat, at, prefix=model.id_prefix(game, unit))
    extra = {"mine": mine} if mine is not None else {}
    game.emit("place", token=tok.id, unit=unit, owner=seat, to=list(at), source=src,
              cost=cost, reason=reason, rule=rule, **extra)
    return tok


def payment_refusal(game: Game, seat: str, unit: str) -> str | None:
    """Why the seat may not pay for one more ``unit`` now (its price, the pool limit), or None."""
    cost, have = model.unit_cost(game, seat, unit), model.resources(game, seat)
    if cost > have:
        return f"a {unit} costs {cost} resources, you have {have}"
    if _source_pool(game, seat, unit) is None:
        return f"you already have the most {unit} units allowed (D7.7)"
    return None


class Create(BeltVerb, ActorVerb):
    verb = "create"
    args = (UNIT_TYPE, MapCell())
    doc = ("Pay for a unit (from repair, or a new one within the pool limit) next to your start "
           "base, or next to a mine built this turn with that mine's fresh resources "
           "(R7.35, R7.16, D7.7; faction prices R7.70–R7.72).")
    actor_refusal = verb_rule(payment_refusal)  # (an unknown type: refused by UNIT_TYPE)

    def actors(self, game: Game, seat: str) -> list[str]:
        return model.civ_types(game)

    def targets(self, game: Game, seat: str, unit: str) -> Iterable[Pos]:
        return _create_places(game, seat, unit)

    def target_refusal(self, game: Game, seat: str, unit: str, at: Pos) -> str:
        return (f"{at[0]},{at[1]}: create units on a free cell next to your start base, or next "
                "to a mine you built this turn if its fresh resources pay (R7.35, R7.16)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        unit, at = move.args
        cost = model.unit_cost(game, seat, unit)
        sid = _create_places(game, seat, unit)[at]   # None: next to the start base (R7.35)
        if sid is not None:
            p = game.state.players[seat]
            fresh = dict(p.attrs.get("fresh", {}))
            fresh[sid] -= cost
            game.will_edit(p)
            p.attrs["fresh"] = fresh
        place_created(game, seat, unit, at, cost, f"create {unit}",
                      "R7.35" if sid is None else "R7.16", mine=sid)


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
        if site.owner == seat and game.scenario.grid.distance(cell_of(el), site.pos) <= 1:
            out.extend(c for c in _cells_near(game, site, unit) if c not in out)
    return out


def elite_refusal(game: Game, seat: str) -> str | None:
    """Why the seat's elite may not create its faction's unit now (wherever), or None."""
    spec = _elite_spec(game, seat)
    if not spec:
        return "your faction's elite creates no units"
    if _elite(game, seat) is None:
        return "your elite is not on the board"
    if game.state.players[seat].attrs.get("elite_made") == model.stamp(game):
        return "your elite has already created units this turn (R7.70–R7.72)"
    return payment_refusal(game, seat, spec["unit"])


class EliteCreate(BeltVerb):
    verb = "elite-create"
    args = (MapCell(),)
    doc = ("Your elite, standing next to a mine of yours, creates its faction's unit next to that "
           "mine, paid from your resources, once per turn (R7.23, R7.70–R7.72).")
    exact = True  # its candidates: the elite's cells when its refusal is None

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return [(c,) for c in _elite_cells(game, seat)] if elite_refusal(game, seat) is None else []

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        (at,) = move.args
        return elite_refusal(game, seat) or (
            None if at in _elite_cells(game, seat) else
            f"{at[0]},{at[1]}: the elite must stand next to a mine of yours and the unit is placed "
            "on a free cell next to that mine (R7.23)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        (at,) = move.args
        spec = _elite_spec(game, seat)
        unit = spec["unit"]
        p = game.state.players[seat]
        game.will_edit(p)
        p.attrs["elite_made"] = model.stamp(game)
        rule = {"orange": "R7.70", "purple": "R7.71", "green": "R7.72"}.get(p.faction or "",
                                                                           "R7.23")
        count = int(spec["count"])
        if spec.get("bonus_die"):
            roll = game.dice.roll(int(spec["bonus_die"]), purpose="elite creation: how many",
                                  rule=rule)
            if roll >= int(spec["bonus_at_least"]):
                count = int(spec["bonus_count"])
        places = [at] + [c for c in _elite_cells(game, seat) if c != at]
        made = 0
        for c in places:
            if made >= count:
                break
            cost = model.unit_cost(game, seat, unit)
            if cost > p.counters.get("resources", 0) or _source_pool(game, seat, unit) is None \
                    or not model.free(game, c):
                break
            tok = place_created(game, seat, unit, c, cost, f"elite creates {unit}", rule)
            if spec.get("ready") == "next_turn":
                model.mark_done(game, tok, "created")
            made += 1
        game.emit("elite_created", seat=seat, unit=unit, count=made, asked=count,
                  ready=spec.get("ready", "now"), rule=rule)


# -- liquidate (R7.33) --------------------------------------------------------------------------
Mobile = list[tuple["Token", Pos, int, Reach]]


def mobile(game: Game, seat: str, units: list[Token] | None = None) -> Mobile:
    """The seat's ``movers`` with their cell, speed and :func:`reach`."""
    out, memo = [], checked_memo(game)
    for t in movers(game, seat, units):
        here, steps = cell_of(t), speed(game, t)
        out.append((t, here, steps, reach(game, t.type, here, steps, memo)))
    return out


def _blocks_the_base(game: Game, seat: str, tok: Token) -> bool:
    """``tok`` takes the last cell next to the start base a reserve unit could leave to."""
    reserve = game.state.players[seat].pools.get("reserve", {})
    return any(n > 0 and not deploy_cells(game, seat, u)
               and model.may_stop(game, u, cell_of(tok)) for u, n in reserve.items())


def in_the_way(game: Game, seat: str, units: list[Token] | None = None) -> set[Pos]:
    """The cells of the seat's units that stand in the way (R7.33): freeing one lets another
    unit of the seat that may still move end on a cell it cannot reach now (the freed cell, or
    one behind it), or it is the last cell next to the start base a reserve unit could leave
    to. Each mover's search is asked only about the seat's cells next to it
    (``blocking_cells``): a mover never helps itself there, so the first mover that a cell
    helps is enough (``units``: the seat's ``units_of``, when the caller has them)."""
    units = units if units is not None else model.units_of(game, seat)
    taken = [cell_of(t) for t in units]
    out: set[Pos] = set()
    for other, here, steps, now in mobile(game, seat, units):
        for at in blocking_cells(game, now, taken):
            if at not in out and opens_a_move(game, other.type, here, steps, at, now):
                out.add(at)
    base = model.base_of(game, seat)
    if base is not None:
        exits = set(game.scenario.grid.within(base.pos, 1))
        out.update(at for t, at in zip(units, taken, strict=True)
                   if at in exits and at not in out and _blocks_the_base(game, seat, t))
    return out


def liquidate_refusal(game: Game, seat: str, tok: Token, way: set[Pos] | None = None
                      ) -> str | None:
    """R7.33: "Если какой-то из своих отрядов занимает нужную клетку и мешает передвижению ...,
    его можно ликвидировать" — only a unit of yours that is in the way (``in_the_way``; ``way``:
    it, when the caller has it) may be liquidated."""
    if not model.is_unit_on_board(game, tok):
        return f"{tok.id} is not one of your units on the board"
    if cell_of(tok) not in (way if way is not None else in_the_way(game, seat)):
        return (f"{tok.id} is not in the way: only a unit of yours that takes a cell another of "
                "your units needs to move (or the last free cell next to your start base) may be "
                "liquidated (R7.33)")
    return None


class Liquidate(BeltVerb):
    verb = "liquidate"
    args = (UNIT,)
    doc = ("Remove one of your own units that is in the way of another of your units' move (or "
           "of your start base's last exit); it goes to repair (R7.33).")
    exact = True  # its candidates: the units in the way

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        units = model.units_of(game, seat)
        way = in_the_way(game, seat, units)
        return [(t,) for t in units if t.pos in way]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return liquidate_refusal(game, seat, move.args[0])

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        to_repair(game, move.args[0], "liquidated by its owner", "R7.33")


# -- the elite's ability tokens (R7.22, D7.4) ---------------------------------------------------
def use_refusal(game: Game, seat: str, name: str) -> str | None:
    """Why the seat may not spend its elite's ``name`` token now, or None."""
    held = game.state.players[seat].attrs.get("abilities", [])
    if name not in held:
        return f"you have no '{name}' token left (left: {', '.join(held) or 'none'})"
    if _elite(game, seat) is None:
        return "your elite must be on the board"
    return None


class Use(BeltVerb):
    verb = "use"
    args = (NameArg("ABILITY", lambda sc: sc.data.get(model.SECTION, {}).get("abilities", {}),
                    "ability"),)
    doc = ("Spend one of your elite's one-use tokens (the token goes to repair): reroll, shield "
           "or boost, as defined in asteroid_belt.abilities (R7.22, D7.4).")

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return [(name,) for name in game.state.players[seat].attrs.get("abilities", [])]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return use_refusal(game, seat, move.args[0])

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        p = game.state.players[seat]
        (name,) = move.args
        spec = model.cfg(game).get("abilities", {}).get(name, {})
        game.will_edit(p)
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


class Reinforce(BeltVerb):
    verb = "reinforce"

    def __init__(self, scenario: Scenario):
        self.doc = ("Once per game, with no units left and no resources to create one: one unit "
                    "of every type into your reserve and "
                    f"{scenario.params['reinforcement_resources']} resources (R7.61).")

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return ((),)

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return may_reinforce(game, seat)

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        p = game.state.players[seat]
        game.will_edit(p)
        p.attrs["reinforced"] = True
        for unit in model.civ_types(game):
            src = _source_pool(game, seat, unit)
            if src == "repair":
                add_to_pool(game, seat, "repair", unit, -1, "reinforcement (R7.61)")
            if src is not None:
                add_to_pool(game, seat, "reserve", unit, 1, "reinforcement (R7.61)")
        game.change_counter(seat, "resources", model.param(game, "reinforcement_resources"),
                            "reinforcement", rule="R7.61")
