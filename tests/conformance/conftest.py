"""Conformance suite fixtures: one case per scenario, variant and set of options that ``dg list`` shows.

The cases come from :func:`distant_galaxy.scenario.catalog.catalog` (through ``distant_galaxy.harness.reliability.shipped_cases``),
so a newly shipped scenario or variant is covered without touching the suite, plus the example race
of tests/data/scenarios/race.yaml (its plugin is registered by tests/conftest.py).

``DG_CONFORMANCE_GAMES`` sets the random games per case (default 2, the CI budget); the report in
docs/reliability.md comes from ``python bench/reliability.py --games 1000``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from distant_galaxy.harness.reliability import Case, file_cases, shipped_cases

TESTS = Path(__file__).resolve().parents[1]
RACE = TESTS / "data" / "scenarios" / "race.yaml"
EXAMPLE = TESTS / "example_plugin"

GAMES = int(os.environ.get("DG_CONFORMANCE_GAMES", "2"))
"""Random games per scenario/variant (seeds 1..GAMES)."""


def all_cases() -> list[Case]:
    return shipped_cases() + file_cases(RACE)


CASES = all_cases()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", CASES, ids=[c.label for c in CASES])
    if "seed" in metafunc.fixturenames:
        metafunc.parametrize("seed", range(1, GAMES + 1))


@pytest.fixture
def plugin_env(example_plugin: Path) -> dict[str, str]:
    """Environment for a child ``python -m distant_galaxy`` that also finds the example plugin."""
    env = dict(os.environ)
    paths = [str(example_plugin), str(EXAMPLE), str(TESTS.parent)]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env
