"""Counts and articles in the episode 7 event lines (issue 11 item 18: no "+1 points",
"1 resources", "2 scout"): the engine's ``count_of`` from the public surface."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy_episodes.asteroid_belt.describe import describe


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(load_scenario("asteroid-belt"), seed=1)


def _site_of_class(game: Game, cls: str) -> str:
    return next(s.id for s in game.state.sites.values() if s.kind == f"asteroid-{cls}")


def test_a_class_1_mine_is_worth_1_point_R7_14(game):
    sid = _site_of_class(game, "1")
    line = describe(game, {"type": "marker", "site": sid, "marker": "mine", "seat": "purple",
                           "old": "flag", "old_seat": "orange", "reason": "", "rule": "R7.14"})
    assert "(+1 point, +15 resources)" in line, line


def test_one_resource_and_one_unit_are_singular(game):
    line = describe(game, {"type": "place", "token": "E7", "unit": "engineer", "to": [3, 3],
                           "owner": "orange", "source": "new", "cost": 1, "rule": "R7.35"})
    assert "(new, 1 resource)" in line, line
    line = describe(game, {"type": "elite_created", "seat": "orange", "count": 1,
                           "unit": "scout", "asked": 2, "ready": "next_turn", "rule": "R7.70"})
    assert "elite created 1 scout (of 2 asked" in line, line
    line = describe(game, {"type": "elite_created", "seat": "orange", "count": 2,
                           "unit": "scout", "asked": 2, "ready": "now", "rule": "R7.70"})
    assert "elite created 2 scouts (of 2 asked" in line, line
    line = describe(game, {"type": "shuttle_activated", "seat": "orange", "token": "S1",
                           "at": [2, 2], "site": None, "cost": 1, "rule": "R7.40"})
    assert "(1 resource)" in line, line
