from __future__ import annotations

import pytest

from distant_galaxy import load_scenario


@pytest.fixture(scope="session")
def ttt():
    return load_scenario("tic-tac-toe")
