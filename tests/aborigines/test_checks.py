"""The scenario's own checks: the priority tables compiled in ``dg_compile_rules`` (all errors
together, with positions) and ``dg_validate_scenario`` (checks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import ScenarioErrors, load_scenario
from distant_galaxy_episodes.aborigines.priorities import TABLES

SRC = Path(__file__).resolve().parents[2] / "scenarios" / "aborigine-clash.yaml"


def _mod(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "mod.yaml"
    p.write_text("format: 1\nid: checks-mod\nextends: aborigine-clash\n" + text, encoding="utf-8")
    return p


def test_tables_are_compiled_into_the_stash(scenario):
    tables = scenario.stash[TABLES]
    assert [r.id for r in tables["invader"]] == ["I0", "I1", "I2", "I3"]
    assert tables["guard"][1].intent.source == "attack(ship, portal, [])"
    line = SRC.read_text(encoding="utf-8").splitlines().index("      - id: H1") + 1
    # ai_decision's row_at: the file's name and line, never the machine's path to it
    assert tables["hunter"][0].where == f"aborigine-clash.yaml:{line}"


def test_every_bad_row_is_reported_together(tmp_path):
    text = SRC.read_text(encoding="utf-8")
    text = text.replace('rank: "-enemies(ship, portal)"', 'rank: "-enemy(ship, portal)"')
    text = text.replace('intent: "strike_and_evade(ship)"', 'intent: "strike(ship)"')
    p = tmp_path / "two.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioErrors) as exc:
        load_scenario(p)
    assert len(exc.value.errors) == 2
    assert "enemy" in str(exc.value) and "strike" in str(exc.value)


def test_a_table_for_an_unknown_type_and_a_missing_table(tmp_path):
    p = _mod(tmp_path, "aborigines:\n  priorities:\n    hunter: null\n    drone: []\n")
    with pytest.raises(ScenarioErrors) as exc:
        load_scenario(p)
    text = str(exc.value)
    assert "priority table for unknown ship type 'drone'" in text
    assert "no priority table for ship type 'hunter'" in text
    guessed = _mod(tmp_path, "aborigines:\n  priorities:\n    gaurd:\n"
                             "      - {if: 'true', do: 'stay(ship)'}\n")
    with pytest.raises(ScenarioErrors) as exc:  # the episode modder's trial: no guess was made
        load_scenario(guessed)
    assert "hint: did you mean 'guard'? unit types:" in str(exc.value)
    # and the error stood at the table's first row, not at the misspelt key
    assert f"{guessed}:{_line_of(guessed, 'gaurd')}:5: priority table for unknown ship type" \
        in str(exc.value)


def _line_of(path, text):
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_the_reinforcement_table_must_exist(tmp_path):
    with pytest.raises(ScenarioErrors, match="no dice table 'nope'"):
        load_scenario(_mod(tmp_path, "aborigines: {reinforcement_table: nope}\n"))


def test_ship_numbers_are_whole_numbers_in_range(tmp_path):
    """The episode modder's trial: a destroyer's ``speed: "two"`` and a guard's ``vision: -1``
    validated (only a missing cruiser speed was caught)."""
    p = _mod(tmp_path, "unit_types:\n  destroyer: {speed: two}\n  guard: {vision: -1}\n")
    with pytest.raises(ScenarioErrors) as exc:
        load_scenario(p)
    msg = str(exc.value)
    assert (f"{p}:5:22: unit type 'destroyer': speed must be a whole number of at least 1 "
            "(cells per move), not 'two'") in msg
    assert "unit type 'guard': vision must be a whole number of at least 0 (cells it sees, " \
           "R5.60), not -1" in msg


def test_victory_counts_and_faces_the_die_can_show(tmp_path):
    """The episode modder's trial: ``closed_portals: 0`` validated and the Aborigines won in
    round 1; ``attack: {base: 7}`` validated and no shot could hit ("needs 7+, base 7-6")."""
    p = _mod(tmp_path, "aborigines:\n  victory: {closed_portals: 0}\n  attack: {base: 7}\n")
    with pytest.raises(ScenarioErrors) as exc:
        load_scenario(p)
    msg = str(exc.value)
    assert "aborigines.victory.closed_portals: must be at least 1, got 0" in msg
    assert (f"{p}:6:18: aborigines.attack.base: face 7 is beyond the die (d6): no roll would "
            "ever succeed") in msg


def test_a_reinforcement_row_bringing_an_unknown_ship_is_an_error(tmp_path):
    """The episode modder's trial: ``arrives: [hunterr]`` validated."""
    rows = "".join(f"      - {{roll: {n}, arrives: [{'hunterr' if n == 6 else 'invader'}]}}\n"
                   for n in range(1, 7))
    p = _mod(tmp_path, "tables:\n  reinforcements:\n    rows:\n" + rows)
    with pytest.raises(ScenarioErrors) as exc:
        load_scenario(p)
    msg = str(exc.value)
    assert ("tables.reinforcements: row 6 brings 'hunterr', not an Aborigine ship type "
            "(invader, guard, hunter)") in msg and "did you mean 'hunter'?" in msg
