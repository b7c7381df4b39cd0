"""Passenger shuttles (R7.40b, R7.41, R7.42, D7.9, R7.43) and the Aborigine cargo shuttle
(R7.44, R7.45).

A passenger shuttle is a token on a red cell; its passengers are tokens with no cell, carried by it.
Its speed is a die rolled each turn (``roll``), then it ``fly``s along red cells and portals. The
cargo shuttle is not a token: ``state.attrs["cargo"]`` holds the id of the portal it waits at.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from distant_galaxy import ActorVerb, Arg, StashKey, TypedAction, cell_of, verb_rule
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.actions import SHUTTLE, UNIT, move_refusal, movers
from distant_galaxy_episodes.asteroid_belt.model import BeltVerb, MapCell
from distant_galaxy_episodes.asteroid_belt.movement import (
    check_memo,
    memo_of,
    path_into,
    reach,
    reachable,
    speed,
    stops,
)
from distant_galaxy_episodes.asteroid_belt.removal import destroy_shuttle

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Scenario, Site, Token

Pos = tuple[int, int]
cells = model.cells
aboard = model.aboard
#: Tries of the die that sends the cargo shuttle to another portal before it stays (a guard
#: against forced dice repeating the same portal, not a rule).
RELOCATION_TRIES = 50


def shuttle_type(game: GameLike) -> str:
    return str(model.cfg(game).get("shuttle_type", "shuttle"))


def capacity(game: Game, shuttle: Token) -> int:
    """How many units a shuttle carries (R7.40b; the shuttle type's ``capacity``)."""
    return int(model.utype(game, shuttle.type)["capacity"])


def _shuttle_stat(scenario: Scenario, stat: str) -> int:
    sec = scenario.data.get(model.SECTION, {})
    return int(scenario.unit_types[sec.get("shuttle_type", "shuttle")][stat])


#: cell → the ids of the class-3 asteroids next to it (a map fact, once per scenario and cell).
DOCKS_NEAR = StashKey[dict[Pos, tuple[str, ...]]]()


def docks_near(game: GameLike, pos: Pos) -> list[Site]:
    """Class-3 (``shuttle_dock``) asteroids next to a cell."""
    cache = game.scenario.stash.get(DOCKS_NEAR, None)
    if cache is None:
        cache = game.scenario.stash[DOCKS_NEAR] = {}
    ids = cache.get(pos)
    if ids is None:
        grid = game.scenario.grid
        ids = cache[pos] = tuple(s.id for s in model.docks(game)
                                 if grid.distance(s.pos, pos) == 1)
    sites = game.state.sites
    return [sites[i] for i in ids]


def load_range(game: Game, tok: Token, shuttle: Token) -> int:
    """A unit's reach into or out of a shuttle: its speed, plus the shuttle's
    :func:`dock_bonus` (R7.42)."""
    return load_range_at(game, tok, cell_of(shuttle))


def load_range_at(game: GameLike, tok: Token, at: Pos) -> int:
    """The :func:`load_range` of ``tok`` for a shuttle on the cell ``at``."""
    return speed(game, tok) + dock_bonus_at(game, at)


def dock_bonus(game: Game, shuttle: Token) -> int:
    """``params.dock_reach_bonus`` when the shuttle is next to a class-3 asteroid, else 0."""
    return dock_bonus_at(game, cell_of(shuttle))


def dock_bonus_at(game: GameLike, at: Pos) -> int:
    """The :func:`dock_bonus` of a shuttle on the cell ``at``."""
    return model.param(game, "dock_reach_bonus") if docks_near(game, at) else 0


def leave_if_empty(game: Game, shuttle: Token, rule: str = "R7.42") -> None:
    if shuttle.id in game.state.tokens and not aboard(game, shuttle):
        at = list(shuttle.pos) if shuttle.pos else None
        game.state.remove_token(shuttle)
        game.emit("shuttle_leaves", token=shuttle.id, seat=shuttle.owner, at=at,
                  reason="empty", rule=rule)


# -- activation (R7.41, D7.9) ------------------------------------------------------------------
#: radius → {cell: the ids of the class-3 asteroids within the radius of it} (a map fact).
DOCKS_WITHIN = StashKey[dict[int, dict[Pos, frozenset[str]]]]()


def docks_within(game: GameLike, r: int) -> dict[Pos, frozenset[str]]:
    """For every cell within ``r`` of a class-3 asteroid, those asteroids' ids: once per
    scenario and radius (``model.cells_near`` of each dock, turned round)."""
    cache = game.scenario.stash.setdefault(DOCKS_WITHIN, {})
    found = cache.get(r)
    if found is None:
        sets: dict[Pos, set[str]] = {}
        for site in model.docks(game):
            for c in model.cells_near(game, site.pos, r):
                sets.setdefault(c, set()).add(site.id)
        found = cache[r] = {c: frozenset(ids) for c, ids in sets.items()}
    return found


def activation_cells(game: GameLike, seat: str) -> dict[Pos, tuple[str, int]]:
    """Free red cells where ``seat`` may activate a shuttle → (class-3 asteroid, cost)."""
    out: dict[Pos, tuple[str, int]] = {}
    if len(model.shuttles_of(game, seat)) >= model.param(game, "max_shuttles"):
        return out
    r = model.param(game, "shuttle_range")
    cost = model.param(game, "activation_cost")
    grid = game.scenario.grid
    board, may = game.state.board, stops(game, shuttle_type(game))
    within = docks_within(game, r)
    near: set[str] = set()  # the docks with a unit of the seat within r
    for t in model.units_of(game, seat):
        near.update(within.get(cell_of(t), ()))
    if not near:
        return out
    for site in model.docks(game):
        if site.id not in near:
            continue
        c = 0 if site.owner == seat else cost
        for cell in grid.neighbours(site.pos):
            if cell not in board and cell in may and (cell not in out or out[cell][1] > c):
                out[cell] = (site.id, c)
    return out


def activate_refusal(game: Game, seat: str, at: Pos, where: dict[Pos, tuple[str, int]]
                     ) -> str | None:
    """Why the seat may not activate a shuttle on ``at`` now (``where``: its activation cells)."""
    if at not in where:  # (none when the seat has its most shuttles)
        n = model.param(game, "max_shuttles")
        if len(model.shuttles_of(game, seat)) >= n:
            return f"you already have {model.plural(n, 'shuttle')} (D7.9)"
        return (f"{at[0]},{at[1]} is not a free red cell next to a {model.dock_name(game.scenario)}"
                " asteroid that one of your units is near (R7.41)")
    cost, have = where[at][1], model.resources(game, seat)
    if cost > have:
        return f"activation costs {cost} resources, you have {have} (R7.41)"
    return None


class Activate(BeltVerb):
    verb = "activate"
    args = (MapCell(),)
    exact = True  # its candidates: the activation cells the seat may pay for

    def __init__(self, scenario: Scenario):
        p = scenario.params
        self.doc = (f"Activate a passenger shuttle on a free red cell next to a "
                    f"{model.dock_name(scenario)} asteroid that a unit of yours is near (within "
                    f"{cells(p['shuttle_range'])}): {p['activation_cost']} resources, free if the "
                    f"asteroid is your mine; at most {model.plural(p['max_shuttles'], 'shuttle')} each "
                    "(R7.41, D7.9).")

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        where = activation_cells(game, seat)
        return [(c,) for c in where if activate_refusal(game, seat, c, where) is None]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return activate_refusal(game, seat, move.args[0], activation_cells(game, seat))

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        (at,) = move.args
        sid, cost = activation_cells(game, seat)[at]
        if cost:
            game.change_counter(seat, "resources", -cost, f"shuttle activation at {sid}",
                                rule="R7.41")
        near = model.unit_near(game, seat, game.state.sites[sid].pos,
                               model.param(game, "shuttle_range"))
        tok = game.state.add_token(shuttle_type(game), seat, at, prefix="H")
        game.emit("shuttle_activated", token=tok.id, seat=seat, at=list(at), site=sid, cost=cost,
                  unit=near.id if near else None, rule="R7.41")


# -- loading and unloading (R7.42) -------------------------------------------------------------
def board_path(game: Game, tok: Token, sh: Token, reach: int) -> tuple[Pos, ...] | None:
    """The path of ``tok`` into the cell of the shuttle ``sh`` within ``reach`` cells (its
    ``load_range``), if it can get there (R7.42)."""
    start, goal = cell_of(tok), cell_of(sh)
    if game.scenario.grid.distance(start, goal) > reach:
        return None
    return path_into(game, tok.type, start, goal, reach)


def room_refusal(game: Game, sh: Token) -> str | None:
    """Why the shuttle ``sh`` takes no unit aboard now (not a shuttle, full), or None."""
    if not model.is_shuttle(game, sh):
        return f"{sh.id} is not a shuttle"
    cap = capacity(game, sh)
    return f"{sh.id} is full ({cap} units, R7.40b)" if len(aboard(game, sh)) >= cap else None


def board_refusal(game: Game, seat: str, tok: Token, sh: Token) -> str | None:
    """Why the seat's ``tok`` may not board its ``sh`` now (boarding is the unit's move), or
    None."""
    why = room_refusal(game, sh) or move_refusal(game, seat, tok)
    if why is None and board_path(game, tok, sh, load_range(game, tok, sh)) is None:
        why = f"{tok.id} cannot reach {sh.id} within {load_range(game, tok, sh)} cells (R7.42)"
    return why


def _dock_reach(scenario: Scenario) -> str:
    return (f"reach +{scenario.params['dock_reach_bonus']} next to a {model.dock_name(scenario)} "
            "asteroid")


class Board(BeltVerb):
    verb = "board"
    args = (UNIT, SHUTTLE)
    exact = True  # its candidates: the units that may move into the shuttles with room

    def __init__(self, scenario: Scenario):
        self.doc = (f"Move a unit into your shuttle's cell (its move; {_dock_reach(scenario)}); "
                    f"up to {_shuttle_stat(scenario, 'capacity')} aboard (R7.42, R7.40b).")

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        room = [(sh, dock_bonus(game, sh)) for sh in model.shuttles_of(game, seat)
                if room_refusal(game, sh) is None]  # load_range: speed + the shuttle's bonus
        return [(tok, sh) for tok in (movers(game, seat) if room else ()) for sh, bonus in room
                if board_path(game, tok, sh, speed(game, tok) + bonus) is not None]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return board_refusal(game, seat, *move.args)

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, sh = move.args
        path = board_path(game, tok, sh, load_range(game, tok, sh))
        cost = model.move_cost(game, tok.type)
        if cost:
            game.change_counter(seat, "resources", -cost, f"{tok.id} boards {sh.id}", rule="D7.5")
        frm = cell_of(tok)
        game.state.move_token(tok, None, carrier=sh.id)
        model.mark_done(game, tok, "moved")
        game.emit("board", token=tok.id, unit=tok.type, shuttle=sh.id, frm=list(frm),
                  path=[list(p) for p in path or ()], cost=cost, aboard=len(aboard(game, sh)),
                  rule="R7.42")


def carrier_of(game: Game, tok: Token) -> Token:
    """The shuttle carrying ``tok`` (the caller knows it is aboard one)."""
    assert tok.carrier is not None, f"{tok.id} is not aboard a shuttle"
    return game.state.tokens[tok.carrier]


def unload_cells(game: Game, tok: Token) -> dict[Pos, tuple[Pos, ...]]:
    """Cells ``tok`` may get out of its shuttle to, with paths (R7.42)."""
    sh = carrier_of(game, tok)
    return reachable(game, tok.type, cell_of(sh), load_range(game, tok, sh))


def unload_refusal(game: Game, seat: str, tok: Token) -> str | None:
    """Why the seat's ``tok`` may not get out of a shuttle now (wherever), or None."""
    if tok.carrier is None:
        return f"{tok.id} is not aboard a shuttle"
    if model.done(game, tok, "moved"):
        return f"{tok.id} has already moved (D7.6)"
    cost = model.move_cost(game, tok.type)
    if cost > model.resources(game, seat):
        return f"moving {tok.id} costs {cost} resources (D7.5)"
    return None


class Unload(BeltVerb, ActorVerb):
    verb = "unload"
    args = (UNIT, MapCell())
    prepare, actor_refusal = verb_rule(check_memo), verb_rule(unload_refusal)

    def __init__(self, scenario: Scenario):
        self.doc = (f"Move a unit out of its shuttle to a cell it may use (its move; "
                    f"{_dock_reach(scenario)}). An empty shuttle leaves the board (R7.42).")

    def actors(self, game: Game, seat: str) -> list[Token]:  # aboard (no others)
        return [t for t in game.state.tokens.values() if t.owner == seat and t.carrier is not None]

    def targets(self, game: Game, seat: str, tok: Token) -> tuple[Pos, ...]:
        sh = carrier_of(game, tok)
        return reach(game, tok.type, cell_of(sh), load_range(game, tok, sh),
                     memo_of(game)).cells

    def target_refusal(self, game: Game, seat: str, tok: Token, at: Pos) -> str:
        return (f"{tok.id} cannot get out to {at[0]},{at[1]} (a free cell it may stop on, within "
                "its reach from the shuttle, R7.42)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, at = move.args
        sh = carrier_of(game, tok)
        path = unload_cells(game, tok)[at]
        cost = model.move_cost(game, tok.type)
        if cost:
            game.change_counter(seat, "resources", -cost, f"{tok.id} leaves {sh.id}", rule="D7.5")
        game.state.move_token(tok, at, carrier=None)
        model.mark_done(game, tok, "moved")
        game.emit("unload", token=tok.id, unit=tok.type, shuttle=sh.id,
                  frm=list(cell_of(sh)), to=list(at), path=[list(p) for p in path],
                  cost=cost, rule="R7.42")
        leave_if_empty(game, sh)


# -- flying (R7.40b) ---------------------------------------------------------------------------
def roll_refusal(game: Game, seat: str, sh: Token) -> str | None:
    """Why the seat may not roll the speed of its ``sh`` now, or None."""
    if not model.is_shuttle(game, sh):
        return f"{sh.id} is not a shuttle"
    if model.done(game, sh, "rolled"):
        return f"{sh.id} already rolled its speed this turn"
    if not aboard(game, sh):
        return f"{sh.id} is empty: board units first"
    return None


class OnShuttle(BeltVerb, ActorVerb):
    """A verb of one shuttle of the seat (``actor_refusal``: a predicate of the shuttle)."""

    args: tuple[Arg, ...] = (SHUTTLE,)

    def actors(self, game: Game, seat: str) -> list[Token]:
        return model.shuttles_of(game, seat)


class Roll(OnShuttle):
    verb = "roll"
    actor_refusal = verb_rule(roll_refusal)

    def __init__(self, scenario: Scenario):
        self.doc = (f"Roll your shuttle's speed die for this turn (1–"
                    f"{_shuttle_stat(scenario, 'speed_die')} cells, R7.40b); then 'fly' it.")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        (sh,) = move.args
        die = int(model.utype(game, sh.type)["speed_die"])
        game.will_edit(sh)
        sh.attrs["speed"] = game.dice.roll(die, purpose=f"speed of shuttle {sh.id}",
                                           rule="R7.40b")
        model.mark_done(game, sh, "rolled")


def fly_cells(game: Game, sh: Token) -> dict[Pos, tuple[Pos, ...]]:
    """Cells the shuttle ``sh`` may fly to with its rolled speed, with paths (R7.40b)."""
    return reachable(game, sh.type, cell_of(sh), int(sh.attrs.get("speed", 0)))


def fly_refusal(game: Game, seat: str, sh: Token) -> str | None:
    """Why the seat may not fly its ``sh`` now (wherever), or None."""
    if not model.is_shuttle(game, sh):
        return f"{sh.id} is not a shuttle"
    if not model.done(game, sh, "rolled"):
        return f"roll {sh.id}'s speed first ('roll {sh.id}')"
    if model.done(game, sh, "flown"):
        return f"{sh.id} has already flown this turn"
    return None


class Fly(OnShuttle):
    verb = "fly"
    args = (SHUTTLE, MapCell())
    doc = "Fly your shuttle up to its rolled speed along red cells, through portals (R7.40b)."
    prepare, actor_refusal = verb_rule(check_memo), verb_rule(fly_refusal)

    def targets(self, game: Game, seat: str, sh: Token) -> tuple[Pos, ...]:  # (R7.40b)
        return reach(game, sh.type, cell_of(sh), sh.attrs.get("speed", 0), memo_of(game)).cells

    def target_refusal(self, game: Game, seat: str, sh: Token, at: Pos) -> str:
        return (f"{sh.id} cannot reach {at[0]},{at[1]}: {sh.attrs.get('speed')} cells along red "
                "cells and portals, to a free red cell (R7.40b)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        sh, at = move.args
        frm = cell_of(sh)
        path = fly_cells(game, sh)[at]
        game.state.move_token(sh, at)
        model.mark_done(game, sh, "flown")
        game.emit("move", token=sh.id, unit=sh.type, seat=seat, frm=list(frm), to=list(at),
                  path=[list(p) for p in path], cost=0, aboard=[t.id for t in aboard(game, sh)],
                  rule="R7.40b")


# -- the cargo shuttle (R7.44, R7.45) ---------------------------------------------------------
def cargo_portal(game: GameLike) -> Site | None:
    sid = game.state.attrs.get("cargo")
    return game.state.sites.get(sid) if sid else None


def relocate_cargo(game: Game, purpose: str, rule: str, avoid: str | None = None) -> None:
    """The cargo shuttle jumps to the portal a die picks (reroll if it must be another)."""
    ports = sorted(model.portals(game), key=lambda s: (s.pos[1], s.pos[0]))
    if not ports:
        return
    for _ in range(RELOCATION_TRIES):
        n = game.dice.roll(len(ports), purpose=purpose, rule=rule)
        site = ports[n - 1]
        if site.id != avoid or len(ports) == 1:
            break
    old = game.state.attrs.get("cargo")
    game.state.attrs["cargo"] = site.id
    game.emit("cargo_moves", frm=old, to=site.id, at=list(site.pos), rule=rule)


def raid_outcome(row: dict, n_aboard: int) -> str:
    """The outcome of a cargo_raid row (R7.44): ``outcome``, unless the row has a condition on
    the units aboard (``if_aboard_at_most`` / ``if_aboard_at_least``) that does not hold, then
    its ``otherwise``. Row 2 reads "destroyed if at most 1 aboard, otherwise escape"."""
    holds = True
    if "if_aboard_at_most" in row:
        holds = holds and n_aboard <= int(row["if_aboard_at_most"])
    if "if_aboard_at_least" in row:
        holds = holds and n_aboard >= int(row["if_aboard_at_least"])
    return str(row.get("outcome") if holds else row.get("otherwise", row.get("outcome")))


def raid_refusal(game: Game, seat: str, sh: Token) -> str | None:
    """Why the seat may not raid the cargo shuttle with its ``sh`` now, or None."""
    if not model.is_shuttle(game, sh):
        return f"{sh.id} is not a shuttle"
    port = cargo_portal(game)
    if port is None:
        return "there is no cargo shuttle in this game (R7.63)"
    if model.done(game, sh, "raided"):
        return f"{sh.id} already raided this turn"
    if sh.pos is None or game.scenario.grid.distance(sh.pos, port.pos) != 1:
        return (f"{sh.id} must be next to the cargo shuttle at {port.id} "
                f"({port.pos[0]},{port.pos[1]}) (R7.44)")
    return None


class Raid(OnShuttle):
    verb = "raid"
    actor_refusal = verb_rule(raid_refusal)
    doc = ("Raid the Aborigine cargo shuttle from your shuttle next to its portal: roll on the "
           "cargo_raid table; it then jumps to a portal chosen by a die (R7.44, R7.45).")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        (sh,) = move.args
        model.mark_done(game, sh, "raided")
        port = cargo_portal(game)
        n_aboard = len(aboard(game, sh))
        roll, row = game.dice.roll_table(game.scenario.tables["cargo_raid"],
                                         purpose=f"cargo raid by {sh.id}", rule="R7.44")
        outcome = raid_outcome(row, n_aboard)
        game.emit("raid", shuttle=sh.id, seat=seat, roll=roll, aboard=n_aboard, outcome=outcome,
                  portal=port.id if port else None, rule="R7.44")
        if outcome == "destroyed":
            destroy_shuttle(game, sh, "destroyed raiding the cargo shuttle", "R7.44")
        elif outcome == "loot":
            game.change_counter(seat, "resources", int(row.get("resources", 0)),
                                "cargo raid loot", rule="R7.44")
        # R7.45: "При каждой попытке нападения шаттл меняет ... портал (вне зависимости от
        # результата атаки)": after every raid, whatever the result, to another portal.
        relocate_cargo(game, "cargo shuttle jumps to portal", "R7.45",
                       avoid=port.id if port else None)
