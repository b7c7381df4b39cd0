"""The listings agree with the kinds' one predicates (``…_refusal``) asked about every
candidate, and with the plain definitions their shortcuts replace, position by position along
seeded games."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, TypedAction, cell_of
from distant_galaxy_episodes.asteroid_belt import actions, defenders, model, movement, shuttles
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario

LINEUPS = [(2, ["greedy", "random"]), (3, ["random", "greedy", "random"])]


def _positions(seats: int, bots: list[str], seed: int, steps: int = 400):
    sc = scenario()
    names = sc.seat_ids(seats)
    game = Game(sc, seats=names, seed=seed, record=False)
    kinds = sc.bots()
    ctrls = {s: kinds[b](s, seed) for s, b in zip(names, bots, strict=True)}
    for _ in range(steps):
        if game.over:
            return
        yield game
        game.apply(ctrls[game.pending.seat].choose(game))


def _reference_activation_cells(game, seat):
    """``activation_cells`` as it was written before the map fact ``docks_within``."""
    out = {}
    if len(model.shuttles_of(game, seat)) >= model.param(game, "max_shuttles"):
        return out
    r = model.param(game, "shuttle_range")
    cost = model.param(game, "activation_cost")
    grid = game.scenario.grid
    mine = [cell_of(t) for t in model.units_of(game, seat)]
    for site in model.docks(game):
        if not any(grid.distance(at, site.pos) <= r for at in mine):
            continue
        c = 0 if site.owner == seat else cost
        for cell in grid.neighbours(site.pos):
            if model.free(game, cell) and model.may_stop(game, shuttles.shuttle_type(game), cell) \
                    and (cell not in out or out[cell][1] > c):
                out[cell] = (site.id, c)
    return out


def _reference_in_the_way(game, seat, tok):
    """R7.33 as it reads, without the listing's shortcuts: freeing the cell of ``tok`` lets
    another unit of the seat that may move end on a cell it cannot reach now, or ``tok`` takes
    the last cell next to the start base that a unit of the reserve could leave to."""
    freed = cell_of(tok)
    for other in actions.movers(game, seat):
        here, steps = cell_of(other), movement.speed(game, other)
        if other is not tok and set(movement.reachable(game, other.type, here, steps, freed)) \
                - set(movement.reachable(game, other.type, here, steps)):
            return True
    base = model.base_of(game, seat)
    if base is None or freed not in game.scenario.grid.within(base.pos, 1):
        return False
    reserve = game.state.players[seat].pools.get("reserve", {})
    return any(n > 0 and not actions.deploy_cells(game, seat, u)
               and model.may_stop(game, u, freed) for u, n in reserve.items())


@pytest.mark.parametrize(("seats", "bots"), LINEUPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_main_listings_agree_with_their_predicates(seats, bots, seed):
    checked = 0
    for game in _positions(seats, bots, seed):
        pend = game.pending
        if pend.kind != "main":
            continue
        seat, k = pend.seat, game.kinds
        checked += 1
        assert [a.args[0] for a in k["mine"].legal(game, seat)] == [
            s.id for s in model.asteroids(game) if actions.mine_refusal(game, seat, s) is None]
        assert [a.args for a in k["create"].legal(game, seat)] == [
            (u, f"{c[0]},{c[1]}") for u in model.civ_types(game)
            if actions.payment_refusal(game, seat, u) is None
            for c in actions._create_places(game, seat, u)]
        assert [a.args[0] for a in k["liquidate"].legal(game, seat)] == [
            t.id for t in model.units_of(game, seat) if _reference_in_the_way(game, seat, t)]
        assert shuttles.activation_cells(game, seat) == _reference_activation_cells(game, seat)
        base = model.base_of(game, seat)
        reserve = game.state.players[seat].pools.get("reserve", {})
        deploy = k["deploy"]
        assert [a.args for a in deploy.legal(game, seat)] == [
            (u, f"{c[0]},{c[1]}") for u in sorted(reserve)
            for c in game.scenario.grid.within(base.pos, 1)
            if deploy.refusal(game, seat, TypedAction(deploy, (u, c))) is None]
        assert [a.args for a in k["unload"].legal(game, seat)] == [
            (t.id, f"{c[0]},{c[1]}") for t in game.state.tokens.values()
            if t.owner == seat and shuttles.unload_refusal(game, seat, t) is None
            for c in shuttles.unload_cells(game, t)]
    assert checked > 50


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_defence_tests_agree_with_the_lists(seed):
    checked = 0
    for game in _positions(2, ["random", "random"], seed, 600):
        if game.pending.kind != "defence":
            continue
        checked += 1
        assert defenders.may_place(game) == bool(defenders.place_options(game))
        owed = defenders.strikes_owed(game)
        why = defenders.end_refusal(game)
        assert (why is None) == (not defenders.place_options(game) and not owed)
    assert checked > 20
