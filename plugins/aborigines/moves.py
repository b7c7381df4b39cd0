"""Where an Aborigine ship goes inside a portal's zone (R5.52, R5.60, R5.63, R5.64, R5.20).

Cells are chosen by the turn's die (R5.52): die face *d* names the *d*-th neighbour of the portal,
clockwise from north (square8: N, NE, E, SE, S, SW; W and NW are reached only by the fallback);
a taken cell passes to the next one clockwise. Cells within ``preferred_radius`` (1) come before
the rest of the ``move_radius`` (2) ring, which starts in the die's direction (R5.60).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import cell_of
from distant_galaxy_episodes.aborigines.combat import aborigine_fires, adjacent_targets, target_key
from distant_galaxy_episodes.aborigines.model import ABORIGINES, model_of
from distant_galaxy_episodes.aborigines.vision import visible_enemies

if TYPE_CHECKING:
    from distant_galaxy import Game, Site, Token
    from distant_galaxy_episodes.aborigines.model import Model

Pos = tuple[int, int]
Decision = dict[str, Any]


def name_in_range(decision: Decision | None, thing: Token | Site, kind: str) -> None:
    """Write on the ship's ``ai_decision`` record the unit in range that its row aims at (the
    enemy ship it fires at, ``kind="ship"``; the planet it guards, ``kind="planet"``):
    ``in_range`` (id), ``in_range_kind``, ``in_range_owner``, ``in_range_unit`` (ships) and
    ``in_range_at``. An intent calls it before it emits anything, so the record is complete when
    it is logged (issue 11 item 13)."""
    if decision is None or thing.pos is None:
        return
    decision.update(in_range=thing.id, in_range_kind=kind, in_range_owner=thing.owner)
    if kind == "ship":
        decision["in_range_unit"] = getattr(thing, "type", None)
    decision["in_range_at"] = list(thing.pos)


def die_direction(game: Game, centre: Pos, die: int) -> tuple[int, int]:
    """The unit offset of the die's neighbour (face 1 = north, clockwise)."""
    ring = game.scenario.grid.full_ring(centre, 1)
    cell = ring[(die - 1) % len(ring)]
    return cell[0] - centre[0], cell[1] - centre[1]


def _stoppable(game: Game, type_: str, cell: Pos) -> bool:
    sc = game.scenario
    return sc.permissions.may_stop(sc.grid.cell_type(cell), sc.unit_tags.get(type_, frozenset()))


def ring_from_die(game: Game, centre: Pos, die: int, r: int) -> list[Pos]:
    """The ring of radius ``r`` around ``centre``, beginning in the die's direction, clockwise."""
    dx, dy = die_direction(game, centre, die)
    return game.scenario.grid.clockwise_from(centre, (centre[0] + r * dx, centre[1] + r * dy), r)


def entry_cells(game: Game, type_: str, portal: int, die: int,
                ignore: Token | None = None) -> list[Pos]:
    """Free cells of the portal a ship may take, in order (R5.52 die + clockwise fallback,
    radius 1 before radius 2, R5.60)."""
    m = model_of(game)
    st = game.state
    centre = m.portal_pos[portal]
    pref = m.param("preferred_radius")
    reach = m.param("move_radius")
    out = []
    for r in range(pref, reach + 1):
        for c in ring_from_die(game, centre, die, r):
            tid = st.board.get(c)
            if (tid is None or (ignore is not None and tid == ignore.id)) \
                    and _stoppable(game, type_, c):
                out.append(c)
    return out


def place(game: Game, ship: Token, cell: Pos, why: str, rule: str = "R5.52") -> None:
    frm = list(ship.pos) if ship.pos else None
    game.state.move_token(ship, cell)
    game.emit("ai_move", ship=ship.id, unit=ship.type, **{"from": frm}, to=list(cell),
              portal=model_of(game).zone_of.get(cell), why=why, rule=rule)


def _next_to_enemy(game: Game, cell: Pos) -> bool:
    st = game.state
    for c in game.scenario.grid.neighbours(cell):
        t = st.token_at(c)
        if t is not None and t.owner is not None:
            return True
    return False


def avoid_cells(game: Game, ship: Token, portal: int, die: int) -> list[Pos]:
    """Entry cells, those not next to an enemy first (R5.20: invaders keep away)."""
    cells = [c for c in entry_cells(game, ship.type, portal, die) if c != ship.pos]
    calm = [c for c in cells if not _next_to_enemy(game, c)]
    return calm + [c for c in cells if c not in calm]


def join(game: Game, ship: Token, portal: int, die: int) -> None:
    m = model_of(game)
    if m.portal_of(ship) == portal:
        game.emit("ai_move", ship=ship.id, unit=ship.type, to=list(cell_of(ship)), stay=True,
                  rule="R5.53")
        return
    cells = avoid_cells(game, ship, portal, die) if ship.type in m.n("avoiders", ["invader"]) \
        else [c for c in entry_cells(game, ship.type, portal, die)]
    if not cells:
        game.emit("ai_move", ship=ship.id, unit=ship.type, to=list(cell_of(ship)), stay=True,
                  why=f"no free cell at portal {portal}", rule="R5.52")
        return
    place(game, ship, cells[0], f"to portal {portal}, die cell with clockwise fallback")


def orbit_guards(game: Game, m: Model, portal: int) -> int:
    """Aborigine ships next to the Aborigine planets of the portal's zone (R5.42)."""
    st = game.state
    grid = game.scenario.grid
    n = 0
    for p in m.planets(st, portal):
        if p.owner != ABORIGINES:
            continue
        for c in grid.neighbours(p.pos):
            t = st.token_at(c)
            if t is not None and m.is_aborigine(t):
                n += 1
    return n


def guard_planet(game: Game, ship: Token, portal: int, die: int,
                 decision: Decision | None = None) -> None:
    """Row 1: stand next to the Aborigine planet of the zone (one ship goes); that planet is the
    decision's unit in range."""
    m = model_of(game)
    st = game.state
    grid = game.scenario.grid
    planets = [p for p in m.planets(st, portal) if p.owner == ABORIGINES]
    for p in planets:
        if ship.pos is not None and grid.distance(ship.pos, p.pos) == 1:
            name_in_range(decision, p, "planet")
            game.emit("ai_move", ship=ship.id, unit=ship.type, to=list(cell_of(ship)), stay=True,
                      why=f"already next to {p.id}", rule="R5.53")
            return
    for p in planets:
        for c in ring_from_die(game, p.pos, die, 1):
            if c not in st.board and c in m.zone_of and _stoppable(game, ship.type, c):
                name_in_range(decision, p, "planet")
                place(game, ship, c, f"next to its planet {p.id}", rule="R5.53")
                return
    if planets:
        name_in_range(decision, planets[0], "planet")
    join(game, ship, portal, die)


def attack(game: Game, ship: Token, portal: int, die: int, prefer: tuple[str, ...],
           decision: Decision | None = None) -> None:
    """Go next to the best visible enemy of the portal and fire once (R5.64); that enemy is the
    decision's unit in range (none when no enemy can be reached: the ship joins the portal)."""
    m = model_of(game)
    st = game.state
    grid = game.scenario.grid
    centre = m.portal_pos[portal]
    reach = m.param("move_radius")
    enemies = [e for e in visible_enemies(m, game.scenario, st, ship, portal)]
    cells: list[Pos] = []
    if m.portal_of(ship) == portal:
        cells.append(cell_of(ship))
    cells += entry_cells(game, ship.type, portal, die)
    best: tuple | None = None
    for idx, c in enumerate(cells):
        if grid.distance(c, centre) > reach:
            continue
        targets = [t for t in adjacent_targets(game, ship, c, portal, prefer) if t in enemies]
        if not targets:
            continue
        t = targets[0]
        key = (*target_key(game, m, c, portal, t, prefer)[:2], idx)
        if best is None or key < best[0]:
            best = (key, c, t)
    if best is None:
        join(game, ship, portal, die)
        return
    _, cell, target = best
    name_in_range(decision, target, "ship")
    if cell != ship.pos:
        place(game, ship, cell, f"next to {target.id} to attack (R5.64)", rule="R5.64")
    aborigine_fires(game, ship, target, why="R5.64: nearest adjacent enemy clockwise, radius 1 "
                    "before 2, orthogonal before diagonal")


def strike_and_evade(game: Game, ship: Token, die: int,
                     decision: Decision | None = None) -> None:
    """R5.20: an invader fires at an adjacent enemy (the decision's unit in range); after a miss
    it moves elsewhere in its zone."""
    m = model_of(game)
    home = m.portal_of(ship)
    assert home is not None, f"{ship.id} is outside every portal zone"
    targets = adjacent_targets(game, ship, cell_of(ship), home)
    if not targets:
        return
    name_in_range(decision, targets[0], "ship")
    hit = aborigine_fires(game, ship, targets[0], why="R5.20: an invader attacks an adjacent "
                          "enemy")
    if hit or ship.id not in game.state.tokens:
        return
    cells = avoid_cells(game, ship, home, die)
    if cells:
        place(game, ship, cells[0], "moves away after a failed attack (R5.20)", rule="R5.20")
