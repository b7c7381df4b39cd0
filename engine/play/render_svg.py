"""The board as a picture: SVG of cells, sites with their class and markers, and units.

Drawn from what the scenario says: each cell type in its ``colour`` (else the palette's light
tones) with its ``title`` as a tooltip; each site as a ring in its kind's colour with its class (or
glyph) written inside, its owner's colour as the ring's border and one small badge per marker
(``mine``, ``flag``, ``target``… coloured by the seat the marker names); each unit as its type's
``symbol`` (circle, square, diamond, triangle, hexagon, star) in its owner's colour with its glyph
on it (or, where the scenario shows a unit counter — ``unit_counters: NAME: {show: true}``,
Kalah's seeds —, that counter's value). Square maps are drawn as squares, hex maps as pointy-top
hexes in the odd-r layout the text map uses. Colours and symbols: :mod:`distant_galaxy.play.palette`.

The picture is built in two layers of plain **records** (dicts: ``shape``, ``cx``, ``cy``,
``r``, ``fill``, ``stroke``, ``text``, ``title``, and ``cell`` ``"x,y"`` / ``unit`` ``ID`` /
``site`` ``ID`` where a record stands on a cell, is a unit or a site: they become ``data-cell`` /
``data-unit`` / ``data-site`` attributes, so a page can tell what was clicked):
:func:`board_records` for what never changes (the cells), :func:`piece_records` for what a step
changes (sites and units). :func:`render_svg` turns both into one SVG document; the replay viewer
(:mod:`distant_galaxy.play.replay_html`) ships the records of every step and its script draws them
the same way.

XML is written with the standard library's :mod:`xml.etree.ElementTree` rather than a drawing
library: it escapes every text and attribute (titles come from authors' files), it is always
there, and the few shapes needed are a handful of lines each (``svgwrite`` is archived; drawsvg
would add a dependency for nothing we use).

Hidden information: the picture shows the state it is given. ``seat`` is the seam for the
per-seat view (``game.view(seat)``): when the game offers one, that seat's view is drawn.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.verbs import UnitArg
from distant_galaxy.play.palette import Palette, palette_of
from distant_galaxy.play.render import shown_counter, shown_value
from distant_galaxy.stash import StashKey

if TYPE_CHECKING:
    from distant_galaxy.core.state import GameState
    from distant_galaxy.core.view import GameLike
    from distant_galaxy.scenario.model import Scenario

Pos = tuple[int, int]
Record = dict[str, Any]
CELL = 40.0  # side of a square cell, or twice a hex's radius
MARGIN = 24.0
SVG_NS = "http://www.w3.org/2000/svg"


# -- geometry ------------------------------------------------------------------------------------
def is_hex(scenario: Scenario) -> bool:
    return bool(scenario.grid.is_hex)


def centre(scenario: Scenario, pos: Pos) -> tuple[float, float]:
    """The centre of a cell in picture units (pointy-top hexes, odd rows shifted right)."""
    x, y = pos
    if is_hex(scenario):
        r = CELL / 2
        w = math.sqrt(3) * r
        return (MARGIN + w * (x + 0.5 * (y & 1)) + w / 2, MARGIN + 1.5 * r * y + r)
    return (MARGIN + CELL * x + CELL / 2, MARGIN + CELL * y + CELL / 2)


def size(scenario: Scenario) -> tuple[float, float]:
    """The picture's width and height (the board and its margins)."""
    g = scenario.grid
    if is_hex(scenario):
        r = CELL / 2
        w = math.sqrt(3) * r
        return (2 * MARGIN + w * (g.width + 0.5), 2 * MARGIN + 1.5 * r * (g.height - 1) + 2 * r)
    return (2 * MARGIN + CELL * g.width, 2 * MARGIN + CELL * g.height)


def polygon(cx: float, cy: float, r: float, corners: int, turn: float) -> str:
    """``points`` of a regular polygon around (cx, cy): ``corners`` corners, the first at
    ``turn`` degrees (0 = east, clockwise on screen)."""
    pts = []
    for i in range(corners):
        a = math.radians(turn + 360 * i / corners)
        pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(pts)


def star(cx: float, cy: float, r: float) -> str:
    pts = []
    for i in range(10):
        a = math.radians(-90 + 36 * i)
        rr = r if i % 2 == 0 else r * 0.45
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return " ".join(pts)


# -- records -------------------------------------------------------------------------------------
def board_records(scenario: Scenario, pal: Palette | None = None) -> list[Record]:
    """One record per cell (its type's colour and title), with the column and row labels."""
    pal = pal or palette_of(scenario)
    grid = scenario.grid
    out: list[Record] = []
    for y in range(grid.height):
        for x in range(grid.width):
            ctype = grid.cell_type((x, y))
            spec = scenario.cell_types.get(ctype, {})
            cx, cy = centre(scenario, (x, y))
            out.append({"shape": "hexcell" if is_hex(scenario) else "cell", "cx": cx, "cy": cy,
                        "r": CELL / 2, "fill": pal.cells.get(ctype, "#eeeeee"),
                        "stroke": "#b8b8b8", "cls": f"cell {ctype}", "cell": f"{x},{y}",
                        "title": f"{x},{y}: {spec.get('title', ctype)}"})
    for x in range(grid.width):
        cx, _ = centre(scenario, (x, 0))
        out.append({"shape": "label", "cx": cx, "cy": MARGIN - 8, "text": str(x)})
    for y in range(grid.height):
        _, cy = centre(scenario, (0, y))
        out.append({"shape": "label", "cx": MARGIN / 2, "cy": cy + 4, "text": str(y)})
    return out


def piece_records(game: GameLike, state: GameState | None = None,
                  pal: Palette | None = None) -> list[Record]:
    """The sites (ring, class, owner, markers) and the units on the board of ``state`` (default:
    the game's), in a stable order."""
    scenario = game.scenario
    st = state if state is not None else game.state
    pal = pal or palette_of(scenario)
    out: list[Record] = []
    for site in sorted(st.sites.values(), key=lambda s: (s.pos[1], s.pos[0], s.id)):
        out.extend(_site_records(scenario, pal, site))
    out.extend(_glyph_records(game, st))
    for tok in sorted((t for t in st.tokens.values() if t.pos is not None),
                      key=lambda t: (t.pos[1], t.pos[0], t.id)):  # type: ignore[index]
        out.append(_token_record(game, st, pal, tok))
    return out


def _glyph_records(game: GameLike, st: GameState) -> list[Record]:
    """What a plugin shows on an empty cell of the text board (``dg_cell_glyph``: a face-down
    Space Domain marker's ``?``), written on the cell: the picture shows what the text shows."""
    if "dg_cell_glyph" not in game.hooked or st is not game.state:
        return []
    scenario, hook = game.scenario, game.hook
    taken = {site.pos for site in st.sites.values()}
    out: list[Record] = []
    for pos in scenario.grid.all_cells():
        if pos in st.board or pos in taken:
            continue
        glyph = hook.dg_cell_glyph(game=game, pos=pos)
        if glyph:
            cx, cy = centre(scenario, pos)
            out.append({"shape": "label", "cx": cx, "cy": cy + 4, "text": str(glyph)[:3],
                        "title": f"{pos[0]},{pos[1]}: {glyph}", "cls": "glyph",
                        "cell": f"{pos[0]},{pos[1]}"})
    return out


def _site_records(scenario: Scenario, pal: Palette, site: Any) -> list[Record]:
    kind = scenario.site_kinds.get(site.kind, {})
    cx, cy = centre(scenario, site.pos)
    label = str(kind.get("class", kind.get("glyph", site.kind[:1].upper())))
    title = f"{site.id}: {kind.get('title', site.kind)}"
    if site.owner:
        title += f", owner {site.owner}"
    title += "".join(f", {k}: {v}" for k, v in site.markers.items())
    owner = pal.seats.get(str(site.owner)) if site.owner else None
    recs: list[Record] = [{"shape": "site", "cx": cx, "cy": cy, "r": CELL * 0.4,
                           "fill": pal.sites.get(site.kind, "#999999"),
                           "stroke": owner or "#444444", "wide": bool(owner), "text": label,
                           "title": title, "cls": f"site {site.kind}",
                           "cell": f"{site.pos[0]},{site.pos[1]}", "site": str(site.id)}]
    for i, (name, value) in enumerate(site.markers.items()):
        colour = pal.seats.get(str(value), "#222222")
        recs.append({"shape": "marker", "cx": cx + CELL * (0.32 - 0.22 * i), "cy": cy - CELL * 0.32,
                     "r": CELL * 0.12, "fill": colour, "stroke": "#ffffff",
                     "text": str(name)[:1].upper(), "title": f"{site.id}: {name} {value}",
                     "cls": f"marker {name}"})
    return recs


def _token_record(game: GameLike, st: GameState, pal: Palette, tok: Any) -> Record:
    scenario = game.scenario
    unit = scenario.unit_types.get(tok.type, {})
    cx, cy = centre(scenario, tok.pos)
    glyph = str(unit.get("glyph", tok.type[:1].upper())).lstrip("#") or (tok.owner or "?")[:1]
    aboard = sum(1 for t in st.tokens.values() if t.carrier == tok.id)
    title = f"{tok.id}: {tok.owner or 'neutral'} {unit.get('title', tok.type)} at " \
            f"{tok.pos[0]},{tok.pos[1]}" + (f", {aboard} aboard" if aboard else "")
    value = shown_value(game, tok)  # the counter the scenario shows replaces the glyph
    if value is not None:
        title += f", {shown_counter(scenario)} {value}"
    text = value if value is not None else glyph[:2]
    rec: Record = {"shape": pal.symbols.get(tok.type, "circle"), "cx": cx, "cy": cy,
                   "r": CELL * 0.3, "fill": pal.seat(tok.owner), "stroke": "#111111",
                   "text": text, "title": title, "cls": f"unit {tok.type}", "unit": str(tok.id),
                   "cell": f"{tok.pos[0]},{tok.pos[1]}"}
    if names_units(scenario):  # the id its actions name it by, small in the cell's corner
        rec.update(tag=str(tok.id), tx=cx + CELL * 0.47, ty=cy + CELL * 0.47)
    return rec


#: Whether a scenario's actions name units by their ids, found once per scenario.
NAMES_UNITS = StashKey[bool]()


def names_units(scenario: Any) -> bool:
    """Whether an action of the scenario takes a unit by its id (a :class:`UnitArg`: ``move R1
    3,4``): then each unit is drawn with its id, so that the board and the actions match (the
    browser trial: fleet F1 and F2 were both drawn "F")."""
    found = scenario.stash.get(NAMES_UNITS)
    if found is None:
        found = scenario.stash[NAMES_UNITS] = any(
            isinstance(arg, UnitArg) for kind in scenario.action_kinds().values()
            for arg in (getattr(kind, "args", None) or ()))
    return found


# -- SVG -----------------------------------------------------------------------------------------
def element(rec: Record) -> ET.Element:
    """The SVG element of one record (the replay's script mirrors this function)."""
    shape, cx, cy = rec["shape"], float(rec["cx"]), float(rec["cy"])
    r = float(rec.get("r", 0))
    g = ET.Element("g", {"class": str(rec.get("cls", shape)), **data_attributes(rec)})
    if rec.get("title"):
        ET.SubElement(g, "title").text = str(rec["title"])
    paint = {"fill": rec.get("fill", "none"), "stroke": rec.get("stroke", "none")}
    if shape == "label":
        _text(g, cx, cy, rec["text"], "#666666", 11)
        return g
    if shape == "cell":
        ET.SubElement(g, "rect", {"x": f"{cx - r:.1f}", "y": f"{cy - r:.1f}", "width": f"{2 * r:.1f}",
                                  "height": f"{2 * r:.1f}", **paint})
    elif shape == "hexcell":
        ET.SubElement(g, "polygon", {"points": polygon(cx, cy, r, 6, -90), **paint})
    elif shape in ("site", "circle", "marker"):
        width = "3" if rec.get("wide") else "1"
        ET.SubElement(g, "circle", {"cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "r": f"{r:.1f}",
                                    **paint, "stroke-width": width})
    elif shape == "square":
        ET.SubElement(g, "rect", {"x": f"{cx - r:.1f}", "y": f"{cy - r:.1f}",
                                  "width": f"{2 * r:.1f}", "height": f"{2 * r:.1f}", **paint})
    else:
        corners = {"diamond": (4, -90), "triangle": (3, -90), "hexagon": (6, 0)}
        n, turn = corners.get(shape, (0, 0))
        pts = star(cx, cy, r * 1.2) if n == 0 else polygon(cx, cy, r * 1.2, n, turn)
        ET.SubElement(g, "polygon", {"points": pts, **paint})
    if rec.get("text"):
        light = shape in ("site", "cell", "hexcell")
        _text(g, cx, cy + (4 if shape != "marker" else 3), rec["text"],
              "#111111" if light else "#ffffff", 12 if shape != "marker" else 8)
    if rec.get("tag"):
        _text(g, float(rec["tx"]), float(rec["ty"]), rec["tag"], "#111111", 9, anchor="end")
    return g


def data_attributes(rec: Record) -> dict[str, str]:
    """``data-cell="x,y"`` on a cell, a site and a unit, ``data-unit="ID"`` on a unit,
    ``data-site="ID"`` on a site: what a page needs to map a click to an action (the served
    page, :mod:`distant_galaxy.serve`)."""
    return {f"data-{key}": str(rec[key]) for key in ("cell", "unit", "site") if key in rec}


def _text(parent: ET.Element, x: float, y: float, text: str, colour: str, px: int,
          anchor: str = "middle") -> None:
    node = ET.SubElement(parent, "text", {"x": f"{x:.1f}", "y": f"{y:.1f}", "fill": colour,
                                          "font-size": str(px), "text-anchor": anchor,
                                          "font-family": "sans-serif", "font-weight": "bold"})
    node.text = str(text)


def legend_records(game: GameLike, pal: Palette | None = None) -> list[Record]:
    """One line per seat (its colour and title) under the board, then the round."""
    pal = pal or palette_of(game.scenario)
    _, height = size(game.scenario)
    out: list[Record] = []
    x = MARGIN + 8
    for seat in game.scenario.seats:
        if seat["id"] not in game.state.seats:
            continue
        title = str(seat.get("title", seat["id"]))
        out.append({"shape": "circle", "cx": x, "cy": height + 4, "r": 7.0,
                    "fill": pal.seat(seat["id"]), "stroke": "#111111", "title": title,
                    "cls": f"seat {seat['id']}"})
        out.append({"shape": "legend", "cx": x + 12, "cy": height + 8, "text": title})
        x += 36 + 7.5 * len(title)
    return out


def picture_size(game: GameLike, legend: list[Record]) -> tuple[float, float]:
    """The picture's width and height: the board, and the legend under it (wider on small maps)."""
    width, height = size(game.scenario)
    ends = [float(r["cx"]) + 7.5 * len(str(r.get("text", ""))) + MARGIN for r in legend]
    return max([width, *ends]), height + 24


def render_svg(game: GameLike, seat: str | None = None) -> str:
    """The board of ``game`` as an SVG document (a string). ``seat``: draw that seat's view
    where the game offers one (``game.view(seat)``); the full state otherwise."""
    view = getattr(game, "view", None)
    state = view(seat).state if seat is not None and callable(view) else None
    pal = palette_of(game.scenario)
    legend = legend_records(game, pal)
    width, height = picture_size(game, legend)
    svg = ET.Element("svg", {"xmlns": SVG_NS, "width": f"{width:.0f}", "height": f"{height:.0f}",
                             "viewBox": f"0 0 {width:.0f} {height:.0f}"})
    head = f"{game.scenario.title}, round {game.state.round}" + (
        f" (as {seat} sees it)" if seat else "")
    ET.SubElement(svg, "title").text = head
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
    for layer, recs in (("board", board_records(game.scenario, pal)),
                        ("pieces", piece_records(game, state, pal)),
                        ("legend", legend)):
        group = ET.SubElement(svg, "g", {"id": layer})
        for rec in recs:
            group.append(_legend_text(rec) if rec["shape"] == "legend" else element(rec))
    return ET.tostring(svg, encoding="unicode") + "\n"


def _legend_text(rec: Record) -> ET.Element:
    g = ET.Element("g", {"class": "legend"})
    node = ET.SubElement(g, "text", {"x": f"{rec['cx']:.1f}", "y": f"{rec['cy']:.1f}",
                                     "fill": "#222222", "font-size": "12",
                                     "font-family": "sans-serif"})
    node.text = str(rec["text"])
    return g
