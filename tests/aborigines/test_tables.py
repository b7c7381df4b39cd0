"""The tables are data: compile errors point into the YAML; reordering rows needs no Python."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import load_scenario
from distant_galaxy.errors import ScenarioErrors
from distant_galaxy_episodes.aborigines.combat import aborigine_need
from distant_galaxy_episodes.aborigines.priorities import decide

SRC = Path(__file__).resolve().parents[2] / "scenarios" / "aborigine-clash.yaml"


def _variant(tmp_path, old, new):
    text = SRC.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "mod.yaml"
    p.write_text(text.replace(old, new), encoding="utf-8")
    return p


def test_bad_row_reported_with_file_line_col(tmp_path):
    p = _variant(tmp_path, 'if: "captured(portal) and orbit_guards(portal) == 0"\n        intent: "guard_planet(ship, portal)"\n      - id: I2',
                 'if: "captured(portal) and orbit_guard(portal) == 0"\n        intent: "guard_planet(ship, portal)"\n      - id: I2')
    with pytest.raises(ScenarioErrors) as exc:
        load_scenario(p)
    text = str(exc.value)
    assert "mod.yaml:" in text and "orbit_guard" in text
    line = next(i for i, ln in enumerate(p.read_text().splitlines(), 1) if "orbit_guard(" in ln)
    assert f"mod.yaml:{line}:" in text


def test_reordered_rows_change_behaviour_without_python(tmp_path):
    # put the invader's "fewest enemies" row first: it now always fires
    text = SRC.read_text(encoding="utf-8")
    start = text.index("      - id: I3\n")
    end = text.index("    guard:\n")
    i3 = text[start:end]
    text = text[:start] + text[end:]
    anchor = "    invader:\n"
    text = text.replace(anchor, anchor + i3, 1)
    p = tmp_path / "reordered.yaml"
    p.write_text(text, encoding="utf-8")
    from tests.aborigines.conftest import Board

    b = Board(load_scenario(p))
    b.put("invader", (18, 2))
    ship = b.put("invader", (7, 2))
    ev = decide(b.game, ship, 1)
    assert ev["row"] == "I3" and ev["stay"]     # I2 would have sent it to portal 2


def test_hunter_gives_the_bonus_to_others_only_R5_22(board):
    h = board.put("hunter", (7, 2))
    e = board.put("destroyer", (8, 2), owner="red")
    assert aborigine_need(board.game, h, e)[0] == 5
