"""Clash with the Aborigines with the Space Domain option, on the episode tests' empty board."""

from __future__ import annotations

import pytest

from distant_galaxy import load_scenario
from tests.aborigines.conftest import Board

#: The twelve empty systems of the option's overlay (RS.1), in its order.
SYSTEMS = [(8, 0), (16, 0), (0, 4), (24, 4), (12, 3), (7, 8), (17, 8), (12, 13), (1, 12),
           (23, 12), (8, 16), (16, 16)]


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
