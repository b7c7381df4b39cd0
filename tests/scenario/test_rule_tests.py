"""The YAML rule tests (`tests:` in scenario files, run by `dg test`): the runner itself, and every
shipped scenario's cases pass."""

from __future__ import annotations

import pytest

from distant_galaxy.scenario.find import scenario_files
from distant_galaxy.scenario.rule_tests import run_file

SHIPPED = scenario_files()


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_scenario_rule_tests_pass(path):
    results = run_file(str(path))
    assert results, f"{path.name} carries no rule tests"
    failed = [f"{r.where} {r.name}: {r.problems}" for r in results if not r.ok]
    assert not failed, "\n".join(failed)


def test_a_failing_case_shows_expected_and_actual(tmp_path):
    from tests.conftest import DATA

    text = (DATA / "scenarios" / "race.yaml").read_text()
    text = text.replace("events: [{type: move, token: T1, path: [[1, 0]]}]",
                        "events: [{type: move, token: T1, path: [[2, 0]]}]")
    bad = tmp_path / "race.yaml"
    bad.write_text(text)
    results = run_file(str(bad))
    first = results[0]
    assert not first.ok
    assert "expected event not found" in first.problems[0]
    assert "path=[[1, 0]]" in first.problems[0]  # what actually happened is shown
    assert all(r.ok for r in results[1:])
