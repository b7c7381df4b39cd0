"""Fixtures of the rule tests: an environment over hand-made players and units."""

from __future__ import annotations

from typing import Any

import pytest

from distant_galaxy.rules import RuleEnv

from .models import Player, Unit, World, make_env


@pytest.fixture
def world() -> World:
    return World([Player(10, 3, 0), Player(4, 1, 1)])


@pytest.fixture
def events() -> list[Any]:
    return []


@pytest.fixture
def env(world: World, events: list[Any]) -> RuleEnv:
    return make_env(world, events)


@pytest.fixture
def rolls() -> list[tuple[int, int, str]]:
    return []


@pytest.fixture
def ctx(world: World, rolls: list[tuple[int, int, str]]) -> dict[str, Any]:
    units = [Unit("scout", 3, 0, (0, 0)), Unit("tank", 1, 1, (2, 1)), Unit("scout", 2, 0, (5, 5))]

    def roll(n: int, m: int, text: str) -> int:
        rolls.append((n, m, text))
        return n * m  # the maximum, deterministic

    return {
        "player": world.players[0], "unit": units[0], "units": units, "limit": 12,
        "a": True, "b": False, "c": 0, "x": "X", "y": "Y", "cond": 1,
        "params": {"bonus": 2}, "round_no": 3, "$roll": roll,
    }
