"""Reachable cells memoised until the board changes, and the map facts computed once (issue 19,
item 3): the answers are the ones computed afresh, whoever changes the board."""

from __future__ import annotations

from distant_galaxy.core.game import Game
from distant_galaxy_episodes.asteroid_belt import model, movement
from distant_galaxy_episodes.asteroid_belt.movement import (
    REACH,
    frontier,
    opens_a_move,
    path_into,
    reachable,
    speed,
)
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario

from .conftest import Table


def _fresh(game, unit, start, steps, freed=None):
    sc = game.scenario
    enter, stop = sc.permissions.predicates(sc.grid, sc.unit_tags[unit])
    board = game.state.board
    return game.scenario.grid.reachable(
        start, steps, enter, stop,
        board.__contains__ if freed is None else (lambda p: p != freed and p in board))


def _row_of_four(game):
    """A cell x,y where a scout may stop on x-1..x+2 (so the tests need no map coordinates)."""
    grid = game.scenario.grid
    for x, y in grid.all_cells():
        if all(grid.in_bounds((x + d, y)) and model.may_stop(game, "scout", (x + d, y))
               for d in (-1, 0, 1, 2)):
            return x, y
    raise AssertionError("no free row of four cells")


def test_reachable_is_memoised_and_forgotten_when_a_piece_moves():
    t = Table().clear()
    game = t.game
    x, y = _row_of_four(game)
    uid = t.put("scout", "orange", (x, y))
    t.put("scout", "purple", (x + 1, y))
    first = reachable(game, "scout", (x, y), 2)
    assert first == _fresh(game, "scout", (x, y), 2) and (x + 1, y) not in first
    assert reachable(game, "scout", (x, y), 2) is first  # memoised
    game.state.move_token(game.state.tokens[uid], (x - 1, y))  # the board changes: memo emptied
    after = reachable(game, "scout", (x, y), 2)
    assert after is not first and after == _fresh(game, "scout", (x, y), 2)
    freed = reachable(game, "scout", (x - 1, y), 3, freed=(x + 1, y))
    assert freed == _fresh(game, "scout", (x - 1, y), 3, freed=(x + 1, y))
    assert (x + 1, y) in freed


def test_a_removed_piece_and_a_clone_see_their_own_board():
    t = Table().clear()
    game = t.game
    x, y = _row_of_four(game)
    blocker = t.put("scout", "purple", (x + 1, y))
    t.put("scout", "orange", (x, y))
    before = reachable(game, "scout", (x, y), 1)
    clone = game.clone()
    assert clone.stash.get(REACH, None) is None  # a clone starts with an empty memo
    game.state.remove_token(game.state.tokens[blocker])
    assert (x + 1, y) not in before and (x + 1, y) in reachable(game, "scout", (x, y), 1)
    assert reachable(clone, "scout", (x, y), 1) == before


def test_map_facts_agree_with_the_scenario():
    game = Table().game
    sc = game.scenario
    f = model.facts(game)
    assert f is model.facts(Table().game)  # once per scenario
    assert f.shuttles == {u for u, d in sc.unit_types.items() if d.get("shuttle")}
    sites = list(game.state.sites.values())
    assert [s.id for s in model.portals(game)] == \
        [s.id for s in sites if sc.site_kinds[s.kind].get("portal")]
    assert [s.id for s in model.docks(game)] == \
        [s.id for s in model.asteroids(game) if sc.site_kinds[s.kind].get("shuttle_dock")]
    assert model.docks(game)  # the shipped map has class-3 asteroids
    for s in sites:
        assert model.site_at(game, s.pos) is s
    assert model.site_at(game, (0, 0)) is None or model.site_at(game, (0, 0)).pos == (0, 0)


def test_cells_near_are_the_cells_within_the_radius():
    game = Table().game
    grid = game.scenario.grid
    site = model.asteroids(game)[0]
    near = model.cells_near(game, site.pos, 2)
    assert near == {c: grid.distance(c, site.pos) for c in grid.all_cells()
                    if grid.distance(c, site.pos) <= 2}
    assert model.cells_near(game, site.pos, 2) is near and model.cells_near(game, site.pos, -1) == {}


def test_freeing_a_cell_outside_the_frontier_changes_nothing():
    """What the liquidation check (R7.33) skips: freeing a taken cell a unit cannot step onto
    within its speed leaves its reachable cells as they were."""
    game = Table(seats=3, seed=4).game
    kinds = game.scenario.bots()
    bots = {s: kinds["greedy"](s, 4) for s in game.state.seats}
    for _ in range(120):  # a crowded mid-game position
        game.apply(bots[game.pending.seat].choose(game))
    checked = skipped = 0
    for tok in [t for t in game.state.tokens.values() if t.pos and t.owner]:
        if model.is_shuttle(game, tok):
            continue
        steps = speed(game, tok)
        front = frontier(game, tok.type, tok.pos, steps)
        for at in game.state.board:
            same = reachable(game, tok.type, tok.pos, steps, freed=at) == \
                reachable(game, tok.type, tok.pos, steps)
            checked += 1
            if at not in front:
                skipped += 1
                assert same, (tok.id, at)
    assert checked > skipped > 0


def _greedy_positions(sc, seed: int, every: int):
    """Every ``every``-th position of a seeded 3-seat game of greedy bots (at most 240 plies)."""
    seats = ["orange", "purple", "green"]
    game = Game(sc, seats=seats, seed=seed, record=False)
    bots = {s: sc.bots()["greedy"](s, seed) for s in seats}
    for n in range(240):
        if game.over:
            return
        if n % every == 0:
            yield game
        game.apply(bots[game.pending.seat].choose(game))  # type: ignore[union-attr]


def test_opens_a_move_is_the_difference_of_the_two_reachable_sets():
    """``opens_a_move`` (R7.33 without listing both sets) agrees with comparing
    ``reachable(…, freed=…)`` and ``reachable(…)`` for every unit and every taken cell near it,
    along seeded games."""
    sc = scenario()
    grid, checked, opened = sc.grid, 0, 0
    for game in _greedy_positions(sc, seed=3, every=3):
        for tok in model.units_of(game, game.state.active_seat):
            for steps in (1, 2, 3, 4):  # the memo kept across moves is the fresh answer
                assert reachable(game, tok.type, tok.pos, steps) == \
                    _fresh(game, tok.type, tok.pos, steps)
                for at in list(game.state.board):
                    if at == tok.pos or grid.distance(at, tok.pos) > steps + 1:
                        continue
                    want = bool(set(reachable(game, tok.type, tok.pos, steps, freed=at))
                                - set(reachable(game, tok.type, tok.pos, steps)))
                    assert opens_a_move(game, tok.type, tok.pos, steps, at) is want
                    checked += 1
                    opened += want
    assert checked > 500 and 0 < opened < checked


def test_path_into_is_the_grid_shortest_path_into_the_goal():
    """``path_into`` (read from the memoised search) gives ``Grid.shortest_path``'s answer with
    the goal enterable and free, for every unit and every shuttle-like goal cell near it."""
    sc = scenario()
    grid, checked, found = sc.grid, 0, 0
    for game in _greedy_positions(sc, seed=4, every=4):
        board = game.state.board
        for tok in model.units_of(game, game.state.active_seat):
            enter, _ = sc.permissions.predicates(grid, sc.unit_tags[tok.type])
            for goal in list(board):
                for steps in (1, 3, 5):
                    if goal == tok.pos or grid.distance(goal, tok.pos) > steps:
                        continue
                    want = grid.shortest_path(
                        tok.pos, goal, steps, lambda p, g=goal, e=enter: p == g or e(p),
                        lambda p, g=goal: p == g,
                        lambda p, g=goal, b=board: p != g and p in b)
                    assert path_into(game, tok.type, tok.pos, goal, steps) == want
                    checked += 1
                    found += want is not None
    assert checked > 300 and 0 < found < checked


def test_the_maps_neighbours_are_symmetric():
    """``path_into`` answers "no path" from the goal's neighbours: it relies on this."""
    for sc in (scenario(), scenario("hard")):
        grid = sc.grid
        for c in grid.all_cells():
            assert all(c in grid.neighbours(n) for n in grid.neighbours(c))


def test_a_searchs_paths_are_grid_reachables_along_seeded_games():
    """The parents worked out from a search's distances give ``Grid.reachable``'s paths."""
    sc = scenario()
    seats = ["orange", "purple", "green"]
    game = Game(sc, seats=seats, seed=6, record=False)
    bots = {s: sc.bots()["greedy" if s != "purple" else "random"](s, 6) for s in seats}
    checked = 0
    for n in range(300):
        if game.over:
            break
        if n % 3 == 0:
            for tok in model.units_of(game, game.state.active_seat):
                for steps in (1, 2, 4):
                    got = movement.search(movement.ways(game, tok.type), tok.pos, steps,
                                          game.state.board).paths()
                    want = _fresh(game, tok.type, tok.pos, steps)
                    assert got == want and list(got) == list(want)
                    checked += 1
        game.apply(bots[game.pending.seat].choose(game))  # type: ignore[union-attr]
    assert checked > 300
