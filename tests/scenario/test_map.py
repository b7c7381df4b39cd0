"""The scenario's map (distant_galaxy.scenario.map): a text map with a legend, sites found on it,
or a size (numbers or ``params``) with a fill cell type; mistakes point at the cell or key."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import Game, ScenarioErrors, load_scenario
from distant_galaxy.scenario.map import MAX_CELLS

KINDS = """\
seats: [{id: x}]
cell_types: {space: {glyph: "."}, rock: {glyph: "#"}, port: {}}
site_kinds: {asteroid: {glyph: A}, portal: {glyph: P}}
"""

BELT = """\
map:
  topology: square8
  rows: |
    .#a.
    a..P
    ..p.
  legend:
    ".": {cell: space}
    "#": {cell: rock}
    "a": {cell: rock, site: asteroid, label: big}
    "P": {cell: port, site: portal, id: home}
    "p": {cell: port, site: portal}
"""


def _text_map(rows: list[str], legend: str = '".": {cell: space}') -> str:
    body = "".join(f"    {row}\n" for row in rows)
    return f"map:\n  topology: square8\n  rows: |\n{body}  legend:\n    {legend}\n"


def _only_error(path: Path):
    with pytest.raises(ScenarioErrors) as err:
        load_scenario(path)
    assert len(err.value.errors) == 1
    return err.value.errors[0]


def _where(path: Path, fragment: str) -> tuple[int, int]:
    """(line, column), 1-based, of the first occurrence of ``fragment`` in the file."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if fragment in line:
            return n, line.index(fragment) + 1
    raise AssertionError(fragment)


def test_a_text_map_gives_the_size_and_the_cell_types(make_scenario):
    grid = make_scenario(KINDS, BELT).grid
    assert (grid.width, grid.height) == (4, 3)
    assert grid.topology == "square8"
    assert [grid.cell_type((x, 0)) for x in range(4)] == ["space", "rock", "rock", "space"]
    assert grid.cell_type((3, 1)) == "port" and grid.cell_type((2, 2)) == "port"


def test_sites_are_numbered_per_kind_in_reading_order_unless_the_legend_names_them(make_scenario):
    scenario = make_scenario(KINDS, BELT)
    found = {s["id"]: (s["kind"], s["pos"]) for s in scenario.map_sites}
    assert found == {"asteroid-1": ("asteroid", (2, 0)), "asteroid-2": ("asteroid", (0, 1)),
                     "home": ("portal", (3, 1)), "portal-1": ("portal", (2, 2))}
    assert scenario.site_cells == {(2, 0): "asteroid", (0, 1): "asteroid", (3, 1): "portal",
                                   (2, 2): "portal"}
    sites = Game(scenario, seed=1).state.sites  # a game's sites are the map's
    assert sorted(sites) == sorted(found)
    assert sites["asteroid-2"].attrs == {"label": "big"} and sites["home"].attrs == {}
    assert all(s.owner is None and not s.markers for s in sites.values())


def test_a_size_may_name_params_and_a_variant_changes_it(make_scenario):
    scenario = make_scenario(KINDS, """\
        params: {w: 5, h: 2}
        map: {topology: hex, width: params.w, height: params.h, fill: rock}
        variants:
          tall: {description: Taller., overlay: {params: {h: 7}}}
        """)
    grid = scenario.grid
    assert (grid.width, grid.height, grid.is_hex) == (5, 2, True)
    assert {grid.cell_type((x, y)) for x in range(5) for y in range(2)} == {"rock"}
    assert scenario.map_sites == []
    assert load_scenario(scenario.path, "tall").grid.height == 7


def test_a_short_row_is_refused_at_its_line(write_scenario):
    path = write_scenario(KINDS, _text_map(["..", "..."]))
    err = _only_error(path)
    assert err.message == "map row 1 has 3 cells, row 0 has 2"
    assert (err.pos.line, err.pos.col) == _where(path, "...")


def test_a_character_missing_from_the_legend_is_refused_at_its_cell(write_scenario):
    path = write_scenario(KINDS, _text_map(["..", ".?"]))
    err = _only_error(path)
    assert err.message == "map row 1, column 1: '?' is not in the legend"
    assert (err.pos.line, err.pos.col) == _where(path, "?")
    assert err.hint == "add it under map.legend"
    assert err.format().splitlines()[-2].strip() == "^"  # the caret under the cell


@pytest.mark.parametrize(("legend", "message"), [
    ('".": {cell: lava}', "legend '.': unknown cell type 'lava'"),
    ('".": {cell: space, site: comet}', "legend '.': unknown site kind 'comet'"),
])
def test_a_legend_naming_unknown_types_is_refused(write_scenario, legend, message):
    path = write_scenario(KINDS, _text_map([".."], legend))
    err = _only_error(path)
    assert err.message == message
    assert err.pos.line == _where(path, legend)[0]


def test_a_legend_id_may_stand_on_one_cell_only(write_scenario):
    path = write_scenario(KINDS, _text_map(["PP"], '"P": {cell: space, site: portal, id: home}'))
    err = _only_error(path)
    assert "gives the id 'home' to several cells" in err.message


def test_an_empty_map_is_refused(write_scenario):
    path = write_scenario(KINDS, 'map: {topology: square4, rows: "\\n\\n", legend: {".": {cell: space}}}\n')
    assert _only_error(path).message == "the map has no rows"


@pytest.mark.parametrize(("params", "size", "message", "hint"), [
    ("{w: 2}", "width: params.w, height: params.hh", "unknown integer parameter 'hh'",
     "params: w"),
    ('{w: 2, h: "wide"}', "width: params.w, height: params.h",
     "parameter 'h' must be a whole number, got 'wide'", None),
])
def test_a_size_parameter_must_exist_and_be_a_whole_number(write_scenario, params, size, message, hint):
    path = write_scenario(KINDS, f"params: {params}\nmap: {{topology: square4, {size}, fill: space}}\n")
    with pytest.raises(ScenarioErrors) as err:
        load_scenario(path)
    assert [e.message for e in err.value.errors] == [message]
    assert err.value.errors[0].hint == hint


def test_a_size_that_is_no_whole_number_is_refused_by_the_schema(write_scenario):
    path = write_scenario(KINDS, "map: {topology: square4, width: 2, height: 2.5, fill: space}\n")
    err = _only_error(path)
    assert err.message.startswith("map.height:")
    assert (err.pos.line, err.pos.col) == _where(path, "2.5")


def test_an_unknown_fill_is_refused_at_the_fill(write_scenario):
    path = write_scenario(KINDS, "map: {topology: square4, width: 2, height: 2, fill: lava}\n")
    err = _only_error(path)
    assert err.message == "unknown cell type 'lava'"
    assert (err.pos.line, err.pos.col) == _where(path, "lava")


def test_a_map_larger_than_the_limit_is_refused(write_scenario):
    side = int(MAX_CELLS ** 0.5) + 1
    path = write_scenario(KINDS, f"map: {{topology: square4, width: {side}, height: {side}, "
                                 "fill: space}\n")
    err = _only_error(path)
    assert err.message == f"map too large: {side}x{side} cells, at most {MAX_CELLS}"
    edge = write_scenario(KINDS, f"map: {{topology: square4, width: {MAX_CELLS}, height: 1, "
                                 "fill: space}\n", name="edge.yaml")
    assert load_scenario(edge).grid.width == MAX_CELLS  # exactly the limit is allowed


def test_a_map_made_too_large_by_a_mods_parameter_is_reported_at_the_parameter(tmp_path):
    """A new author's trial: ``params: {size: 400}`` in a mod of tic-tac-toe was reported at
    the map of tic-tac-toe.yaml, a line the author cannot edit; now at the mod's ``size``."""
    mod = tmp_path / "big.yaml"
    mod.write_text("format: 1\nid: big\ntitle: B\nextends: tic-tac-toe\nparams: {size: 400}\n",
                   encoding="utf-8")
    with pytest.raises(ScenarioErrors) as info:
        load_scenario(mod)
    first = info.value.errors[0].format().splitlines()[0]
    assert first == f"{mod}:5:16: map too large: 400x400 cells, at most 100000"
