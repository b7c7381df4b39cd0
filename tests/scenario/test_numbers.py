"""Dice tables a roll could fall through (distant_galaxy.scenario.numbers): the episode
modder's trial rewrote one row of a table and met ``dg run: no row of the table covers the roll
1`` only when the die came up, with no file or line."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import ScenarioErrors, load_scenario

MOD = """format: 1
id: raid-mod
extends: asteroid-belt
tables:
  cargo_raid:
    rows:
      - {roll: 6, outcome: loot, resources: 50}
      - {roll: [5, 7], outcome: loot, resources: 30}
"""


def test_a_table_with_faces_no_row_covers_is_an_error_at_its_rows(tmp_path: Path) -> None:
    mod = tmp_path / "raid-mod.yaml"
    mod.write_text(MOD, encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(mod)
    texts = [e.format() for e in info.value.errors]
    assert any(t.startswith(f"{mod}:7:7: tables.cargo_raid: no row covers the rolls 1, 2, 3, 4 "
                            "of its d6: the game would stop when the die shows them")
               and "in a mod, rows: replaces the base's whole list" in t for t in texts), texts
    assert any("tables.cargo_raid: row 2's roll 5..7 is not a face of its d6 (1..6)" in t
               for t in texts), texts


@pytest.mark.parametrize("name", ["asteroid-belt", "aborigine-clash"])
def test_the_shipped_tables_cover_their_dice(name: str) -> None:
    from distant_galaxy.scenario.numbers import dice_table_errors, dice_tables

    scenario = load_scenario(name)
    assert list(dice_tables(scenario.data)) and dice_table_errors(scenario) == []


def test_a_counter_starting_outside_its_bounds_is_an_error(tmp_path: Path) -> None:
    """The episode modder's trial: ``resources: {initial: -10}`` (``min: 0``) validated, and
    the game stopped on the first income saying "-2 needed"."""
    mod = tmp_path / "poor.yaml"
    mod.write_text("format: 1\nid: poor\nextends: asteroid-belt\ncounters:\n"
                   "  resources: {initial: -10}\n", encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(mod)
    assert [e.format().splitlines()[0] for e in info.value.errors] == [
        f"{mod}:5:24: counters.resources: initial -10 is below its min 0"]


@pytest.mark.parametrize("players, message", [
    ("{min: 3, max: 2}", "6:16: players: min 3 is more than max 2"),
    ("{min: 2, max: 3}", "6:24: players: max 3 is more than the 2 seats of the scenario"),
])
def test_a_player_count_no_game_can_have_is_an_error(tmp_path: Path, players: str,
                                                     message: str) -> None:
    """The game author's trial: ``players: {min: 3, max: 2}`` validated, then ``dg run`` played
    two seats and ``--players 2`` said "for 3 to 2 players"; ``max: 3`` of two seats validated
    and ``--players 3`` played two."""
    mod = tmp_path / "count.yaml"
    mod.write_text(f"format: 1\nid: count\nextends: tic-tac-toe\ntitle: Count\n\n"
                   f"players: {players}\n", encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(mod)
    (error,) = info.value.errors
    assert error.format().startswith(f"{mod}:{message}")
