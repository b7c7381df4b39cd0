"""Clash with the Aborigines with the Space Domain option, on the episode tests' empty board."""

from __future__ import annotations

import pytest

from distant_galaxy import load_scenario
from tests.aborigines.conftest import Board

#: RS.1 «в каждую пустую систему»: the overlay's ``systems: every`` — each space cell farther than
#: 2 from a portal and 1 from a planet or home system — 178 on Clash's map, in reading order.
#: Computed here independently of the plugin (the map's sites and cell types).


def empty_systems(scenario):
    grid = scenario.grid
    near = [(tuple(s["pos"]), {"portal": 2, "planet": 1, "system": 1}[s["kind"]])
            for s in scenario.map_sites if s.get("kind") in ("portal", "planet", "system")]
    return [(x, y) for y in range(grid.height) for x in range(grid.width)
            if grid.cell_type((x, y)) == "space"
            and all(grid.distance((x, y), p) > d for p, d in near)]


@pytest.fixture(scope="session")
def scenario():
    return load_scenario("aborigine-clash", options=["space-domain"])


class DomainBoard(Board):
    """The empty board; the markers laid at set-up stay where they are."""

    def markers(self):
        return self.state.attrs["space_domain"]

    def lay(self, at, face):
        """Put a marker of a known face at ``at`` (as the game's own: a secret of no seat)."""
        sid = f"test:{at[0]},{at[1]}:{len(self.state.secrets)}"
        self.game.hide(sid, face, "none", public={"at": list(at)})
        self.state.attrs["space_domain"] = {**self.markers(), f"{at[0]},{at[1]}": sid}
        self.touch()
        return sid


@pytest.fixture
def board(scenario):
    return DomainBoard(scenario)
