"""The pools of the set-up name pools and unit types the scenario has
(distant_galaxy.scenario.setup.pool_errors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import ScenarioErrors, load_scenario


def test_a_pool_of_an_unknown_unit_type_is_an_error_at_its_key(tmp_path: Path) -> None:
    """The episode modder's trial: ``setup.pools "*": {reserve: {minr: 1}}`` validated, and the
    game stopped with ``KeyError: 'minr'`` in the plugin's movement."""
    mod = tmp_path / "pools.yaml"
    mod.write_text("format: 1\nid: pools\nextends: asteroid-belt\nsetup:\n  pools:\n"
                   '    "*": {reserve: {scot: 1}, repare: {engineer: 1}}\n', encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(mod)
    texts = [e.format().splitlines()[0] for e in info.value.errors]
    assert any(t.endswith("unknown unit type 'scot' in pool 'reserve'; did you mean 'scout'?")
               for t in texts), texts
    assert any(t.endswith("unknown pool 'repare'; did you mean 'repair'?") for t in texts), texts
