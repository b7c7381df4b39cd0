"""``setup.grants`` (engine/scenario/setup.py): more of a counter or of a pool's unit for single
seats at the start, each logged with its reason; checked by the schema with positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.errors import ScenarioErrors

MOD = """\
format: 1
id: granted-belt
extends: asteroid-belt
setup:
  grants:
{grants}
"""


def _scenario(tmp_path: Path, *grants: str):
    path = tmp_path / "mod.yaml"
    path.write_text(MOD.format(grants="\n".join(f"    - {g}" for g in grants)), encoding="utf-8")
    return load_scenario(str(path))


def test_grants_add_to_a_counter_and_a_pool_and_are_logged(tmp_path):
    scenario = _scenario(tmp_path,
                         "{seat: purple, counter: resources, n: 5, reason: head start, rule: X.1}",
                         "{seat: orange, pool: reserve, unit: engineer, n: 1, reason: one more}",
                         "{seat: green, counter: resources, n: 0, reason: nothing}",
                         "{seat: green, counter: resources, n: 7, reason: not in the game}")
    game = Game(scenario, seats=["orange", "purple"], seed=1)
    counter = [e for e in game.events if e["type"] == "counter" and e["reason"] == "head start"]
    assert counter == [{"type": "counter", "seat": "purple", "counter": "resources", "delta": 5,
                        "value": 35, "reason": "head start", "rule": "X.1"}]
    pool = [e for e in game.events if e["type"] == "pool" and e["reason"] == "one more"]
    assert pool == [{"type": "pool", "seat": "orange", "pool": "reserve", "unit": "engineer",
                     "delta": 1, "value": 3, "reason": "one more"}]
    assert not [e for e in game.events if e.get("reason") in ("nothing", "not in the game")]


def test_a_grant_must_name_a_counter_or_a_pool_and_unit_that_exist(tmp_path):
    with pytest.raises(ScenarioErrors) as info:
        _scenario(tmp_path, "{seat: purple, counter: resource, n: 5, reason: typo}",
                  "{seat: purple, counter: resources, pool: reserve, unit: scout, n: 1, "
                  "reason: both}")
    text = str(info.value)
    assert "mod.yaml:6:" in text and "resource" in text and "mod.yaml:7:" in text
