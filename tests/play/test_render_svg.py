"""The board as a picture (distant_galaxy.play.render_svg): cells in their types' colours, hex
maps as hexes, sites with their class, owner and markers, units as their symbols in their owners'
colours, every text escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.play.render_svg import render_svg
from tests.conftest import DATA

HEX = DATA / "pictures" / "hex-hold.yaml"
NS = {"s": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g")
            if g.get("class", "").split()[:1] == [cls]]


@pytest.fixture
def hex_game() -> Game:
    return Game(load_scenario(HEX), seed=1)


def test_a_hex_map_is_drawn_as_hexes_in_the_cell_types_colours(hex_game):
    root = parse(render_svg(hex_game))
    cells = groups(root, "cell")
    assert len(cells) == 12  # 4 × 3
    shapes = {child.tag.split("}")[1] for g in cells for child in g if "title" not in child.tag}
    assert shapes == {"polygon"}
    fills = {g.get("class"): g.find("s:polygon", NS).get("fill") for g in cells}
    assert fills == {"cell space": "#f0f0ff", "cell nebula": "#9467bd"}  # "purple" by name
    assert cells[0].find("s:title", NS).text == "0,0: open space"
    # odd-r: row 1 is shifted right by half a hex
    x0 = float(cells[0].find("s:polygon", NS).get("points").split()[0].split(",")[0])
    x4 = float(cells[4].find("s:polygon", NS).get("points").split()[0].split(",")[0])
    assert x4 > x0


def test_a_site_shows_its_class_colour_owner_and_markers(hex_game):
    site = next(iter(hex_game.state.sites.values()))
    site.owner, site.markers = "amber", {"flag": "sky"}
    root = parse(render_svg(hex_game))
    (ring,) = groups(root, "site")
    circle = ring.find("s:circle", NS)
    assert (circle.get("fill"), circle.get("stroke"), circle.get("stroke-width")) == (
        "#996633", "#e69f00", "3")
    assert ring.find("s:text", NS).text == "3"
    assert "owner amber" in ring.find("s:title", NS).text
    (flag,) = groups(root, "marker")
    assert flag.find("s:circle", NS).get("fill") == "#56b4e9"  # the seat the marker names
    assert flag.find("s:text", NS).text == "F"


def test_units_take_their_symbol_and_their_owners_colour(hex_game):
    hex_game.apply("place 0,0")
    hex_game.apply("place 3,2")
    root = parse(render_svg(hex_game))
    units = groups(root, "unit")
    assert [u.find("s:polygon", NS).get("fill") for u in units] == ["#e69f00", "#56b4e9"]
    assert all(len(u.find("s:polygon", NS).get("points").split()) == 6 for u in units)  # hexagon
    assert units[0].find("s:text", NS).text == "S"
    assert units[0].find("s:title", NS).text.startswith("T1: amber Ship at 0,0")
    legend = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Amber Guild" in legend and "Sky League" in legend


def test_square_maps_are_squares_and_titles_are_escaped(make_scenario):
    scenario = make_scenario("""\
        seats: [{id: x, title: "<b>&co</b>"}, {id: o}]
        map: {topology: square4, rows: "..\\n..\\n", legend: {".": {cell: sq}}}
        cell_types: {sq: {stop: ["*"], title: "a <cell>"}}
        """)
    text = render_svg(Game(scenario, seed=1))
    root = parse(text)  # well-formed although titles hold markup
    assert len(groups(root, "cell")) == 4
    assert all(g.find("s:rect", NS) is not None for g in groups(root, "cell"))
    assert "&lt;b&gt;&amp;co&lt;/b&gt;" in text and "<b>" not in text


def test_a_seat_draws_the_view_the_game_offers(hex_game):
    hex_game.apply("place 0,0")
    seen = []
    hidden = hex_game.state.clone()
    hidden.tokens.clear()

    def view(seat):
        seen.append(seat)
        return SimpleNamespace(state=hidden)   # a view's masked state

    hex_game.view = view  # the seam of hidden information (game.view(seat))
    assert groups(parse(render_svg(hex_game)), "unit")  # no seat: the full state
    root = parse(render_svg(hex_game, seat="sky"))
    assert seen == ["sky"] and groups(root, "unit") == []
    assert "as sky sees it" in root.find("s:title", NS).text


def test_cells_sites_and_units_say_where_they_stand_for_a_page_to_click(hex_game):
    """The served page maps a click to an action by these attributes (docs/serve.md)."""
    hex_game.apply("place 3,2")
    root = parse(render_svg(hex_game))
    cells = groups(root, "cell")
    assert [g.get("data-cell") for g in cells[:5]] == ["0,0", "1,0", "2,0", "3,0", "0,1"]
    assert all(g.get("data-unit") is None for g in cells)
    (unit,) = groups(root, "unit")
    assert (unit.get("data-unit"), unit.get("data-cell")) == ("T1", "3,2")
    (site,) = groups(root, "site")
    pos = next(iter(hex_game.state.sites.values())).pos
    assert site.get("data-cell") == f"{pos[0]},{pos[1]}"
    assert site.get("data-site") == next(iter(hex_game.state.sites))


def test_the_picture_shows_what_a_plugin_shows_on_an_empty_cell_of_the_text_board():
    """The Space Domain's face-down markers (``?`` on the text board) were missing from the
    picture, so a browser player could not see where they lay (a new player's trial of dg
    serve)."""
    from distant_galaxy import Game, load_scenario
    from distant_galaxy.play.render import cell_glyph
    from distant_galaxy.play.render_svg import piece_records

    game = Game(load_scenario("aborigine-clash", None, ["space-domain"]), seed=2)
    view = game.view(game.state.seats[0])
    marks = [r for r in piece_records(view) if r.get("cls") == "glyph"]
    on_text = [p for p in game.scenario.grid.all_cells() if cell_glyph(view, p) == "?"]
    assert marks and sorted(r["cell"] for r in marks) == sorted(f"{x},{y}" for x, y in on_text)
    assert all(r["text"] == "?" and r["shape"] == "label" for r in marks)
    plain = Game(load_scenario("aborigine-clash"), seed=2)
    assert not [r for r in piece_records(plain.view(plain.state.seats[0]))
                if r.get("cls") == "glyph"]


def test_units_carry_the_ids_the_actions_name_them_by() -> None:
    """The browser trial: the fleet battle drew F1 and F2 both as "F", and the actions say
    "move F1 …": where an action takes a unit by its id, each unit shows its id; where none
    does (tic-tac-toe's marks are placed by cell), none is drawn."""
    fleet = Game(load_scenario("fleet-battle"), seed=2)
    root = parse(render_svg(fleet))
    units = groups(root, "unit")
    texts = {g.get("data-unit"): [t.text for t in g.iter("{http://www.w3.org/2000/svg}text")]
             for g in units}
    assert units and all(uid in shown for uid, shown in texts.items())
    ttt = Game(load_scenario("tic-tac-toe"), seed=1)
    ttt.apply("place 1,1")
    marks = groups(parse(render_svg(ttt)), "unit")
    assert [[t.text for t in g.iter("{http://www.w3.org/2000/svg}text")] for g in marks] == [["x"]]
