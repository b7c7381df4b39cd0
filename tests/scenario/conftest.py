"""Fixtures of the scenario tests: small scenario files written inline as YAML."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from distant_galaxy import Scenario, load_scenario

HEAD = "format: 1\nid: probe\ntitle: Probe\n"


@pytest.fixture
def write_scenario(tmp_path: Path) -> Callable[..., Path]:
    """Write a scenario file from pieces of YAML, each dedented on its own; the ``format``,
    ``id`` and ``title`` lines come first (so the pieces start on line 4)."""

    def write(*parts: str, name: str = "probe.yaml") -> Path:
        path = tmp_path / name
        path.write_text(HEAD + "".join(textwrap.dedent(p) for p in parts), encoding="utf-8")
        return path

    return write


@pytest.fixture
def make_scenario(write_scenario: Callable[..., Path]) -> Callable[..., Scenario]:
    """Load a scenario written by ``write_scenario``."""

    def make(*parts: str) -> Scenario:
        return load_scenario(write_scenario(*parts))

    return make
