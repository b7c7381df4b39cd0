"""Fixtures of the play tests: small scenarios written inline, and a probe plugin installed the
way a third-party plugin is (entry-point metadata on ``sys.path``)."""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from distant_galaxy import Scenario, load_scenario
from distant_galaxy.plugins import refresh

HERE = Path(__file__).parent
HEAD = "format: 1\nid: probe\ntitle: Probe\n"
PROBE = "probe_play"


@pytest.fixture(scope="module")
def probe_plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The name under which tests/play/probe_plugin.py is installed for this module's tests."""
    root = tmp_path_factory.mktemp("probe-site")
    shutil.copy(HERE / "probe_plugin.py", root / "dg_probe_play.py")
    dist = root / "dg_probe_play-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: dg-probe-play\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[distant_galaxy.plugins]\n{PROBE} = dg_probe_play\n")
    sys.path.insert(0, str(root))
    refresh()
    yield PROBE
    sys.path.remove(str(root))
    sys.modules.pop("dg_probe_play", None)
    refresh()


@pytest.fixture
def make_scenario(tmp_path: Path) -> Callable[..., Scenario]:
    """Load a scenario from pieces of YAML, each dedented on its own (the ``format``, ``id`` and
    ``title`` lines are added)."""

    def make(*parts: str) -> Scenario:
        path = tmp_path / "probe.yaml"
        path.write_text(HEAD + "".join(textwrap.dedent(p) for p in parts), encoding="utf-8")
        return load_scenario(path)

    return make
