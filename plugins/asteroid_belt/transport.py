"""What a passenger-shuttle ride is worth to the greedy bot (issue 11 item 19): the shuttle routes
of the map (red cells and portals, R7.40b) split into connected networks, and how many cells a
ride along one saves a unit on its way to a goal.

The networks are found once per scenario from the cell permissions of the shuttle type (tokens
are ignored: they move), so a mod's map and cell types give its own routes.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from distant_galaxy import StashKey
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.shuttles import shuttle_type

if TYPE_CHECKING:
    from distant_galaxy import GameLike

Pos = tuple[int, int]
#: cell a shuttle may enter → the cells a shuttle may stop on in the same network.
NETWORKS = StashKey[dict[Pos, tuple[Pos, ...]]]()


def networks(game: GameLike) -> dict[Pos, tuple[Pos, ...]]:
    """Each shuttle cell → the stop cells of its connected network (made on first use)."""
    sc = game.scenario
    found = sc.stash.get(NETWORKS, None)
    if found is not None:
        return found
    stype = shuttle_type(game)
    tags = sc.unit_tags[stype]
    grid, perms = sc.grid, sc.permissions
    enter = [c for c in grid.all_cells() if perms.may_enter(grid.cell_type(c), tags)]
    out: dict[Pos, tuple[Pos, ...]] = {}
    for start in enter:
        if start in out:
            continue
        seen, todo = {start}, deque([start])
        while todo:
            p = todo.popleft()
            for c in grid.neighbours(p):
                if c not in seen and perms.may_enter(grid.cell_type(c), tags):
                    seen.add(c)
                    todo.append(c)
        stops = tuple(sorted(c for c in seen if model.may_stop(game, stype, c)))
        for c in seen:
            out[c] = stops
    sc.stash[NETWORKS] = out
    return out


#: (id of a network's stops, goal) → the distance from the goal to the nearest of those stops.
NEAREST = StashKey[dict[tuple[int, Pos], int]]()


def nearest_stop(game: GameLike, network: Pos, goal: Pos) -> int | None:
    """The distance from ``goal`` to the nearest stop of the network of cell ``network`` (a map
    fact: once per scenario, network and goal)."""
    stops = networks(game).get(network)
    if not stops:
        return None
    cache = game.scenario.stash.get(NEAREST, None)
    if cache is None:
        cache = game.scenario.stash[NEAREST] = {}
    key = (id(stops), goal)  # the stops tuples live as long as the scenario's NETWORKS
    found = cache.get(key)
    if found is None:
        grid = game.scenario.grid
        found = cache[key] = min(grid.distance(c, goal) for c in stops)
    return found


def ride_gain(game: GameLike, frm: Pos, network: Pos, goal: Pos) -> float:
    """Cells a ride on the network of ``network`` saves a unit at ``frm`` going to ``goal``: its
    distance now less the distance from the network's stop nearest the goal (0 without one)."""
    d = nearest_stop(game, network, goal)
    if d is None:
        return 0.0
    return float(game.scenario.grid.distance(frm, goal) - d)
