"""The rule tests written in scenarios/asteroid-belt.yaml run through `dg test`'s runner: the
capture sequence Target → defenders → Flag → Mine (R7.11–R7.14, R7.52), a competitor stealing
the flag (R7.14), and the worked combat examples of R7.50 (6 vs 4, 2 vs 5, 3 vs 3)."""

from __future__ import annotations

from distant_galaxy.harness.rule_tests import run_file
from distant_galaxy.scenario.find import find_by_id


def test_R7_11_to_R7_14_and_R7_50_yaml_cases_pass():
    results = run_file(str(find_by_id("asteroid-belt")))
    names = " | ".join(r.name for r in results)
    assert "steal" in names.lower() or "competitor" in names.lower(), names
    assert all(r.ok for r in results), [(r.name, r.problems) for r in results if not r.ok]
