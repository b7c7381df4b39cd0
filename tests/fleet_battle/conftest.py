"""Constructed positions for the episode 6 tests: a game of fleet-battle (one civilization seat,
red, unless told) whose board is cleared and filled by hand, the dice forced."""

from __future__ import annotations

from typing import Any

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.harness.rule_tests import apply_test_setup

CIV, ABO = "civilizations", "aborigines"


def battle(tokens: list[dict[str, Any]], seats: int = 1, attrs: dict[str, Any] | None = None,
           variant: str | None = None, options: tuple[str, ...] = (), seed: int = 1) -> Game:
    """A game whose board holds only ``tokens`` (each ``{id, type, at, fleet}`` plus token
    attributes such as ``hull`` or ``state``)."""
    scenario = load_scenario("fleet-battle", variant, list(options))
    game = Game(scenario, seats=scenario.seat_ids(seats), seed=seed)
    specs = []
    for t in tokens:
        extra = {k: v for k, v in t.items() if k not in ("id", "type", "at", "owner", "fleet")}
        owner = t.get("owner", "red" if t["fleet"] == CIV else None)
        specs.append({"id": t["id"], "type": t["type"], "at": t["at"], "owner": owner,
                      "attrs": {"fleet": t["fleet"], "state": "ok", **extra}})
    apply_test_setup(game, {"clear": True, "tokens": specs, "attrs": attrs or {}})
    game.events.clear()
    return game


def of(game: Game, type_: str) -> list[dict[str, Any]]:
    """The events of a type."""
    return [e for e in game.events if e["type"] == type_]


@pytest.fixture(scope="session")
def scenario():
    return load_scenario("fleet-battle")
