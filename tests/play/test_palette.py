"""The colours pictures and the colour terminal use (distant_galaxy.play.palette): what the
scenario says (``colour:``, ``symbol:``), else colour-named ids, else the palette."""

from __future__ import annotations

from distant_galaxy.play.palette import (
    CELL_PALETTE,
    NAMED,
    NEUTRAL,
    SEAT_PALETTE,
    SITE_DISTANCE,
    css_colour,
    palette_of,
    site_distance,
    tint,
)
from distant_galaxy.scenario.load import load_scenario

BODY = """\
seats: [{id: orange}, {id: p1, faction: rebels}, {id: p2, colour: "#123"}, {id: p3}]
factions: {rebels: {colour: teal}}
map: {topology: hex, rows: "..\\n..\\n", legend: {".": {cell: space}}}
cell_types: {space: {colour: "#0a0b0c"}, void: {}, red: {}}
site_kinds: {rock: {}}
unit_types: {ship: {symbol: diamond}, drone: {}}
"""


def test_css_colours_are_hex_or_known_names():
    assert css_colour("#ABC") == "#aabbcc"
    assert css_colour("#a0b1c2") == "#a0b1c2"
    assert css_colour("Orange") == NAMED["orange"]
    assert css_colour("#12") is None
    assert css_colour("notacolour") is None
    assert css_colour(3) is None


def test_the_scenario_says_the_colours_else_the_defaults(make_scenario):
    pal = palette_of(make_scenario(BODY))
    assert pal.seats == {"orange": NAMED["orange"], "p1": NAMED["teal"], "p2": "#112233",
                         "p3": SEAT_PALETTE[0]}
    assert pal.cells["space"] == "#0a0b0c" and pal.cells["void"] == CELL_PALETTE[1]
    assert pal.cells["red"] == tint(NAMED["red"]) == "#f3bebe"  # named after a colour: a tint
    assert pal.symbols == {"ship": "diamond", "drone": "circle"}
    assert pal.seat(None) == NEUTRAL and pal.seat("nobody") == NEUTRAL


def test_a_site_kinds_default_colour_keeps_away_from_every_seats():
    """The designer trial: Asteroid Belt's class-5 asteroids were drawn purple and class-3
    green, the colours of the purple and green seats' units."""
    for sid in ("asteroid-belt", "aborigine-clash"):
        pal = palette_of(load_scenario(sid))
        assert all(site_distance(site, seat) >= SITE_DISTANCE for site in pal.sites.values()
                   for seat in pal.seats.values()), sid
