"""The dice race (effects on tokens, a ``do`` action) and a Connect Four (``column_only``) pass
the conformance checks every scenario must pass: seeded random play with invariants and illegal
input, save/restore, logs replayed and tampered (a small sample; `dg reliability` runs more)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distant_galaxy.cli.main import main

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"
CONNECT = """format: 1
id: connect
title: Connect Four
extends: tic-tac-toe
params: {size: 5, line: 4}
actions:
  - {id: place, kind: place, piece: mark, column_only: true, ends_turn: true}
"""


@pytest.mark.parametrize("name", ["dice-race", "connect"])
def test_reliability_of_token_effects_and_column_only(name, tmp_path, capsys):
    path = DATA / "dice-race.yaml"
    if name == "connect":
        path = tmp_path / "connect.yaml"
        path.write_text(CONNECT, encoding="utf-8")
    assert main(["reliability", "--games", "4", "--jobs", "1", "--scenario", str(path),
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["failures"] == [] and report["games"] == 4
