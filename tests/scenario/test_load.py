"""Loading a scenario (distant_galaxy.scenario.load): by id, by path, with a variant or through
``extends:``, and every problem of a file reported at once with file, line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import (
    EngineError,
    PluginError,
    Scenario,
    ScenarioError,
    ScenarioErrors,
    load_scenario,
)

GOOD = """\
seats: [{id: x}, {id: o}]
map: {topology: square4, width: 2, height: 2, fill: floor}
cell_types: {floor: {stop: ["*"]}}
"""


def _line_of(path: Path, fragment: str) -> int:
    """The 1-based number of the first line of ``path`` holding ``fragment``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if fragment in line)


def test_a_shipped_scenario_by_id():
    scenario = load_scenario("tic-tac-toe")
    assert isinstance(scenario, Scenario)
    assert scenario.id == "tic-tac-toe" and scenario.title == "Tic-tac-toe"
    assert scenario.path.name == "tic-tac-toe.yaml" and scenario.variant is None
    assert (scenario.grid.width, scenario.grid.height) == (3, 3)


def test_a_file_by_path_as_text_or_path(write_scenario):
    path = write_scenario(GOOD)
    for name in (path, str(path)):
        scenario = load_scenario(name)
        assert scenario.id == "probe" and scenario.path == path
        assert scenario.seat_ids() == ["x", "o"]


def test_a_variant_overlays_the_file():
    big = load_scenario("tic-tac-toe", "big")
    assert big.variant == "big"
    assert big.params == {"size": 4, "line": 4}
    assert (big.grid.width, big.grid.height) == (4, 4)
    assert load_scenario("tic-tac-toe").params == {"size": 3, "line": 3}  # the base is untouched


def test_an_unknown_variant_names_the_known_ones():
    with pytest.raises(EngineError, match=r"unknown variant 'huge' \(known variants: big\)"):
        load_scenario("tic-tac-toe", "huge")


def test_a_mod_extends_a_shipped_scenario_by_id(write_scenario):
    path = write_scenario("extends: tic-tac-toe\nparams: {size: 5}\n", name="mod.yaml")
    mod = load_scenario(path)
    assert mod.id == "probe" and mod.title == "Probe"
    assert mod.params == {"size": 5, "line": 3}
    assert mod.grid.width == 5
    assert [a for a in mod.action_kinds() if a != "end"] == ["place"]  # inherited


def test_an_unknown_id_suggests_the_nearest():
    with pytest.raises(ScenarioError) as err:
        load_scenario("tic-tac-to")
    assert err.value.message == "unknown scenario 'tic-tac-to'"
    assert err.value.hint == "did you mean 'tic-tac-toe'?"


def test_an_id_near_nothing_lists_the_known_ones():
    with pytest.raises(ScenarioError) as err:
        load_scenario("zzzz")
    assert err.value.hint.startswith("known: ")
    assert "tic-tac-toe" in err.value.hint and "breakthrough" in err.value.hint


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(ScenarioError, match="no such scenario file"):
        load_scenario(tmp_path / "nowhere.yaml")


def test_schema_errors_come_together_with_their_positions(write_scenario):
    path = write_scenario("""\
        seats: [{id: x}]
        map: {topology: square4, width: 2, height: 2, fill: floor}
        cell_types: {floor: {stop: 3}}
        speed: 12
        """)
    path.write_text(path.read_text().replace("id: probe", "id: Bad_Id"))
    with pytest.raises(ScenarioErrors) as err:
        load_scenario(path)
    found = {e.pos.line: e for e in err.value.errors}
    assert sorted(found) == [_line_of(path, "Bad_Id"), _line_of(path, "stop: 3"),
                             _line_of(path, "speed")]
    bad_id = found[_line_of(path, "Bad_Id")]
    assert "Bad_Id" in bad_id.message and bad_id.pos.col == len("id: ") + 1
    stop = found[_line_of(path, "stop: 3")]
    assert "expected a list" in stop.message
    assert stop.pos.col == path.read_text().splitlines()[stop.pos.line - 1].index("3") + 1
    assert str(path) in str(err.value)  # every error names the file


def test_rule_errors_come_together_pointing_inside_the_strings(write_scenario):
    path = write_scenario(GOOD, """\
        victory:
          - {id: a, if: "nosuch > 1", reason: r}
          - {id: b, if: "player.gold >= 1", reason: r}
        triggers:
          - {id: t, on: place, do: "1 +"}
        """)
    with pytest.raises(ScenarioErrors) as err:
        load_scenario(path)
    errors = err.value.errors
    assert [e.pos.line for e in errors] == [_line_of(path, "nosuch"), _line_of(path, "gold"),
                                            _line_of(path, "1 +")]
    assert "unknown name 'nosuch'" in errors[0].message
    assert "unknown attribute 'gold' of player" in errors[1].message
    assert "syntax error" in errors[2].message
    text = path.read_text().splitlines()
    assert errors[0].pos.col == text[errors[0].pos.line - 1].index("nosuch") + 1


def test_a_yaml_syntax_error_has_a_position(write_scenario):
    path = write_scenario(GOOD, "victory: [{id: a\n")
    with pytest.raises(EngineError) as err:
        load_scenario(path)
    assert "YAML syntax error" in str(err.value)
    assert f"{path}:" in str(err.value)


def test_an_unknown_plugin_is_refused_with_the_installed_ones(write_scenario):
    """... at the item of ``plugins:`` that names it (it had no position: a new plugin
    developer's trial; the README promises file:line:col for every error)."""
    path = write_scenario(GOOD, "plugins: [example_race, no_such_plugin]\n")
    with pytest.raises(PluginError, match="plugin 'no_such_plugin' is not installed") as err:
        load_scenario(path)
    assert isinstance(err.value, ScenarioError)
    line = path.read_text().splitlines().index("plugins: [example_race, no_such_plugin]") + 1
    assert str(err.value).startswith(f"{path}:{line}:25: plugin 'no_such_plugin'")


def test_reading_once_reads_each_file_once_inside_the_block_only(tmp_path: Path) -> None:
    """``reading_once`` (``dg validate``): inside it a second read of a file gives the document
    read first, even when the file changed meanwhile; outside it, and after it, every read is
    fresh."""
    from distant_galaxy.scenario.load import read_scenario, reading_once

    path = tmp_path / "s.yaml"
    path.write_text(GOOD, encoding="utf-8")
    first = read_scenario(path)[1]
    assert read_scenario(path)[1] is not first  # no block: read again
    with reading_once():
        inside = read_scenario(path)[1]
        path.write_text(GOOD + "title: changed\n", encoding="utf-8")
        with reading_once():  # a nested block shares the outer one's documents
            assert read_scenario(path)[1] is inside
        assert read_scenario(path)[1] is inside
    after = read_scenario(path)[1]
    assert after is not inside and after.data["title"] == "changed"


@pytest.mark.parametrize("text", ["", "# only a comment\n"])
def test_an_empty_file_says_so_and_what_a_scenario_starts_with(tmp_path, text):
    """A new author's trial: an empty file got the schema's own description as its hint."""
    path = tmp_path / "empty.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert info.value.format().splitlines()[0] == f"{path}:1:1: the file is empty (or holds " \
        "only comments)"
    assert "a scenario starts with format: 1, id: ..., title: ..." in str(info.value.hint)
