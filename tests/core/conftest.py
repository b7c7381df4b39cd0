"""Fixtures of the core tests: small scenarios written inline as YAML."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from distant_galaxy import Scenario, load_scenario

HEAD = "format: 1\nid: probe\ntitle: Probe\n"


@pytest.fixture
def make_scenario(tmp_path: Path) -> Callable[..., Scenario]:
    """Load a scenario from pieces of YAML, each dedented on its own (the ``format``, ``id`` and
    ``title`` lines are added)."""

    def make(*parts: str) -> Scenario:
        path = tmp_path / "probe.yaml"
        path.write_text(HEAD + "".join(textwrap.dedent(p) for p in parts), encoding="utf-8")
        return load_scenario(path)

    return make
