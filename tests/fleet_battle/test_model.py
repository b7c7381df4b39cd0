"""The fleets' models as the rules see them (plugins/fleet_battle/model.py): the crewed models
listed straight from the tokens, and the unit types' facts read once per scenario."""

from __future__ import annotations

from distant_galaxy import Game, load_scenario
from distant_galaxy_episodes.fleet_battle.model import (
    OK,
    TYPE_FACTS,
    active_models,
    fleet_names,
    models,
    stat,
    type_facts,
)


def _played(plies: int) -> Game:
    scenario = load_scenario("fleet-battle")
    game = Game(scenario, seed=5, record=False)
    bots = scenario.bots()
    ctrl = {s: bots["fleet"](s, 5) for s in game.state.seats}
    while not game.over and len(game.history) < plies:
        game.apply(ctrl[game.state.pending.seat].choose(game))
    return game


def test_active_models_are_the_crewed_models_in_the_order_of_models() -> None:
    game = _played(60)
    for fleet in fleet_names(game.scenario):
        crewed = [m.token for m in models(game, fleet) if m.state == OK and m.token is not None]
        assert active_models(game, fleet) == crewed and crewed


def test_a_models_type_facts_are_its_unit_types_and_kept_by_the_scenario() -> None:
    game = _played(0)
    sc = game.scenario
    for m in models(game):
        assert (m.start_hull, m.cost, m.size, m.transport) == (
            int(stat(sc, m.type, "hull")), int(stat(sc, m.type, "cost")),
            str(stat(sc, m.type, "size")), bool(stat(sc, m.type, "transport", False)))
        assert sc.stash[TYPE_FACTS][m.type] == type_facts(sc, m.type)
