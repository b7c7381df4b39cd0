"""Shared fixtures. The example plugin (tests/example_plugin, a package of its own) is registered
for the suite through entry-point metadata: a ``.dist-info`` folder written on a path that is put
on ``sys.path`` — how an installed third-party plugin is found. Only its game plugin is registered
so: its scenario folder (``race.yaml``, also at tests/data/scenarios/race.yaml) stays out of the
shipped catalogue the suite plays; tests/test_install.py installs the package for real, scenario
folder included."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from distant_galaxy import plugins
from distant_galaxy.scenario import find

HERE = Path(__file__).parent
EXAMPLE = HERE / "example_plugin"
DATA = HERE / "data"


def install_example_plugin(root: Path) -> Path:
    """Write entry-point metadata for ``dg_example_race`` under ``root``; return the path."""
    dist = root / "dg_example_race-0.1.dist-info"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: dg-example-race\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        "[distant_galaxy.plugins]\nexample_race = dg_example_race\n")
    return root


@pytest.fixture(scope="session", autouse=True)
def example_plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = install_example_plugin(tmp_path_factory.mktemp("site"))
    for p in (str(root), str(EXAMPLE)):
        if p not in sys.path:
            sys.path.insert(0, p)
    plugins.refresh()
    find.refresh()
    yield root
    plugins.refresh()
    find.refresh()


@pytest.fixture
def race():
    from distant_galaxy import load_scenario

    return load_scenario(DATA / "scenarios" / "race.yaml")


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own (``DG_CACHE_DIR``), not made yet."""
    where = tmp_path / "cache"
    monkeypatch.setenv("DG_CACHE_DIR", str(where))
    return where
