"""``dg validate`` semantic checks of the plugin (D7.8, R7.2) with file:line:col positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.errors import ScenarioErrors
from distant_galaxy.scenario.load import load_scenario

SRC = Path(__file__).resolve().parents[2] / "scenarios" / "asteroid-belt.yaml"


def test_D7_8_shipped_field_is_valid_with_every_variant():
    """D7.8: the standard field has 10/6/8/4/5 asteroids, 6 portals; every variant loads."""
    sc = load_scenario(SRC)
    kinds = [s["kind"] for s in sc.map_sites]
    assert [kinds.count(f"asteroid-{c}") for c in range(1, 6)] == [10, 6, 8, 4, 5]
    assert kinds.count("portal") == 6
    for v in ("quick", "hard"):
        load_scenario(SRC, v)
    assert SRC.read_text().startswith("# yaml-language-server: $schema=../schemas/")


def _mutated(tmp_path: Path, old: str, new: str) -> Path:
    text = SRC.read_text()
    assert old in text
    p = tmp_path / "ab.yaml"
    p.write_text(text.replace(old, new, 1).replace("../schemas/", "../../schemas/"))
    return p


def test_D7_8_class_count_mismatch_is_reported_with_position(tmp_path):
    """D7.8: a class count that differs from the map is an error pointing at the count."""
    p = _mutated(tmp_path, "on_field: 10}", "on_field: 11}")
    msg = _refused(p)
    assert "has 10 asteroids of this class" in msg and f"{p}:" in msg


def test_R7_2_start_base_must_be_class5_in_a_corner(tmp_path):
    """R7.2: a start base label on a non-class-5 asteroid is refused at its map cell."""
    p = _mutated(tmp_path, '"O": {cell: asteroid, site: asteroid-5, label: base-orange}',
                 '"O": {cell: asteroid, site: asteroid-1, label: base-orange}')
    assert "must be a class-5 asteroid" in _refused(p)


def test_D7_8_unreachable_asteroid_is_reported(tmp_path):
    """D7.8: an asteroid no ordinary unit can come within 2 cells of is an error."""
    text = SRC.read_text()
    p = tmp_path / "ab.yaml"
    # cut the lanes around the class-4 asteroid at 22,7 (right edge)
    text = text.replace("    .4:::::@:::5:::@:::::.4\n", "    .4:::::@:::5:::@::::..4\n")
    text = text.replace("    ..:...1~...:...~.2..:..\n", "    ..:...1~...:...~.2..:..\n")
    lines = text.splitlines(keepends=True)
    out = []
    for ln in lines:
        if ln.startswith("    ") and len(ln.strip()) == 23 and ln.strip()[20] == ":":
            ln = ln[:4 + 20] + "." + ln[4 + 21:]
        out.append(ln)
    p.write_text("".join(out).replace("../schemas/", "../../schemas/"))
    assert "cannot be reached" in _refused(p)


def test_R7_2_corner_distance_is_the_scenarios(tmp_path):
    """R7.2 "по углам": a start base 3 cells from the corner is refused with the shipped
    ``params.base_corner_range`` (2) and accepted when the scenario writes 3 (issue 10 item 7)."""
    row = "    O::.:.......:.:.....::P\n"
    moved = "    :::O:.......:.:.....::P\n"
    p = _mutated(tmp_path, row, moved)
    msg = _refused(p)
    assert "start base 'base-orange' is not in a corner: more than 2 cells" in msg
    text = p.read_text().replace("  base_corner_range: 2 ", "  base_corner_range: 3 ")
    p.write_text(text)
    sc = load_scenario(p)
    assert sc.params["base_corner_range"] == 3


def test_R7_2_corner_distance_must_be_written(tmp_path):
    """Every number the checks read is in the scenario: a missing one is reported."""
    p = _mutated(tmp_path, "  base_corner_range: 2 ", "  unused_number: 2 ")
    assert "params.base_corner_range must be a whole number (R7.2)" in _refused(p)


def test_faction_bot_overrides_are_checked(tmp_path):
    """A faction's ``bot:`` names weights of ``asteroid_belt.bot`` and gives numbers; a typo is
    reported at its key with the known names (issue 11 item 19)."""
    p = _mutated(tmp_path, "    bot: {move_reserve_resources: 10}\n",
                 "    bot: {goal_flg: 2.0, attack_min_score: high}\n")
    msg = _refused(p)
    assert "unknown bot weight 'goal_flg'" in msg and "goal_flag" in msg
    assert "bot weight 'attack_min_score' must be a number" in msg
    assert f"{p}:" in msg


def _refused(path: Path) -> str:
    """The text of the errors loading ``path`` gives (it must give some)."""
    with pytest.raises(ScenarioErrors) as exc:
        load_scenario(path)
    return str(exc.value)


def _mod(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "belt-mod.yaml"
    p.write_text("format: 1\nid: belt-mod\nextends: asteroid-belt\n" + text, encoding="utf-8")
    return p


def test_unit_numbers_the_plugin_reads_are_whole_numbers_in_range(tmp_path):
    """The episode modder's trial: ``speed: "fast"`` validated and stopped the game in the
    greedy bot; ``speed: -3``, ``cost: null`` and a new unit type's misspelt ``sped`` validated
    and played on nonsense (R7 units table, D7.5)."""
    p = _mod(tmp_path, "unit_types:\n  assault: {speed: fast, move_cost: -1}\n"
                       "  scout: {cost: null}\n"
                       "  miner: {title: Miner, tags: [civ], glyph: W, sped: 3, cost: 12,\n"
                       "          move_cost: 1, attack_bonus: 0, defence_bonus: 0}\n"
                       "asteroid_belt:\n  unit_types: [engineer, assault, scout, elite, miner]\n")
    msg = _refused(p)
    assert (f"{p}:5:20: unit type 'assault': speed must be a whole number of at least 1 (cells "
            "a move), not 'fast'") in msg
    assert "unit type 'assault': move_cost must be a whole number of at least 0" in msg
    assert "unit type 'scout' has no cost (resources to create one)" in msg
    assert "unit type 'miner' has no speed (cells a move)" in msg


def test_asteroid_numbers_the_plugin_reads_are_whole_numbers_in_range(tmp_path):
    """The episode modder's trial: ``resources: -5`` on an asteroid class validated, and a
    capture there would have taken resources away (R7.14); income, on_field too (D7.2, D7.8)."""
    p = _mod(tmp_path, "site_kinds:\n  asteroid-1: {resources: -5}\n"
                       "  asteroid-5: {income: -2, points: 1.5}\n")
    msg = _refused(p)
    assert (f"{p}:5:27: site kind 'asteroid-1': resources must be a whole number of at least 0 "
            "(resources of its capture, R7.14), not -5") in msg
    assert "site kind 'asteroid-5': income must be a whole number of at least 0" in msg
    assert "site kind 'asteroid-5': points must be a whole number of at least 0" in msg


def test_no_seat_starts_with_more_units_of_a_type_than_its_limit_D7_7(tmp_path):
    """D7.7 "Pool limits per player: 6 engineers, 4 assault, 4 scouts, 1 elite": a mod's grant
    of 6 more engineers (8 with the reserve's 2), or a faction's bonus elite beside the reserve's
    one, is refused at the line that passes the limit (it validated, and the seat played on
    beyond it)."""
    p = _mod(tmp_path, "setup:\n  grants:\n    - {seat: orange, pool: reserve, unit: engineer, "
                       "n: 6, reason: a bigger start}\n"
                       "factions:\n  purple: {pools: {reserve: {elite: 1}}}\n")
    msg = _refused(p)
    assert (f"{p}:6:56: seat 'orange' starts with 8 engineer units, more than the limit of 6 "
            "a player may have (unit_types.engineer.limit, D7.7)") in msg
    assert f"{p}:8:37: seat 'purple' starts with 2 elite units" in msg
    assert "'green'" not in msg
