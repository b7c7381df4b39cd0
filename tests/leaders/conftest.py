"""Episode 5 with the Leaders option, on the empty board of the episode's tests."""

from __future__ import annotations

import pytest

from distant_galaxy import load_scenario
from tests.aborigines.conftest import Board


@pytest.fixture(scope="session")
def scenario():
    return load_scenario("aborigine-clash", options=["leaders"])


class LeaderBoard(Board):
    """The empty board; every leader starts on its seat's home planet (ships were removed)."""

    def leaders(self):
        return self.state.attrs["leaders"]

    def put_leader(self, lid, ship=None, planet=None, holder=None):
        rec = self.leaders()[lid]
        rec.update(ship=ship, planet=planet)
        if holder:
            rec["holder"] = holder
        self.touch()
        return rec


@pytest.fixture
def board(scenario):
    b = LeaderBoard(scenario)
    for rec in b.leaders().values():       # the starting ships were removed with the tokens
        if rec["ship"]:
            rec["ship"] = None
            rec["planet"] = "system-2" if rec["seat"] == "red" else "system-3"
    b.touch()
    return b
