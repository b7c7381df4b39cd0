"""The scenario's map: a readable text map with a legend, or a size and a fill cell type.

``rows`` is a block of text, one line a row, one character a cell; the ``legend`` says what each
character is: ``{cell: <cell type>, site: <site kind>, id: <site id>, label: <text>}``. Sizes may be
numbers or names of ``params`` (so ``breakthrough`` can be played on 6×6). Sites found on the map
become the game's sites, numbered in reading order per kind unless the legend gives an ``id``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.core.grid import Grid
from distant_galaxy.errors import ScenarioError, SourcePos
from distant_galaxy.rules.hints import suggest

if TYPE_CHECKING:
    from distant_galaxy.scenario.model import Scenario


def param_value(scenario: Scenario, value: Any, *path: str | int) -> int:
    """An integer written directly or as ``params.NAME``."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.startswith("params."):
        name = value[len("params."):]
        if name in scenario.params:
            got = scenario.params[name]
            if isinstance(got, int) and not isinstance(got, bool):
                return int(got)
            raise scenario.error(f"parameter '{name}' must be a whole number, got {got!r}",
                                 "params", name)
        raise scenario.error(f"unknown integer parameter '{name}'", *path,
                             hint=f"params: {', '.join(scenario.params) or 'none'}")
    raise scenario.error(f"expected a number or 'params.NAME', got {value!r}", *path)


def build_map(scenario: Scenario) -> tuple[Grid, list[dict[str, Any]]]:
    """The grid and the list of sites ``{kind, pos, id?, attrs}`` found on it."""
    m = scenario.data.get("map", {})
    topology = m.get("topology", "square8")
    if "rows" in m:
        return _from_rows(scenario, m, topology)
    width = param_value(scenario, m.get("width", 8), "map", "width")
    height = param_value(scenario, m.get("height", 8), "map", "height")
    for side, value in (("width", width), ("height", height)):
        if value < 1:
            raise scenario.error(f"map {side} must be at least 1, got {value}",
                                 *_size_place(m, side))
    # too large: where a parameter gives a side, at the parameter (a mod's params: {size: 400}
    # was reported at the map of the scenario it extends)
    places = [_size_place(m, side) for side in ("width", "height")]
    _check_size(scenario, width, height, next((p for p in places if p[0] == "params"), ("map",)))
    fill = m.get("fill", "plain")
    if fill not in scenario.cell_types:
        raise scenario.error(f"unknown cell type '{fill}'{suggest(str(fill), scenario.cell_types)}",
                             "map", "fill",
                             hint=f"cell types: {', '.join(scenario.cell_types) or 'none'}")
    return Grid(width, height, topology, fill=fill), []


def _size_place(m: dict[str, Any], side: str) -> tuple[str, ...]:
    """Where a side of the map is given: ``("params", NAME)`` for ``params.NAME``, else the
    map's key."""
    value = m.get(side)
    if isinstance(value, str) and value.startswith("params."):
        return ("params", value[len("params."):])
    return ("map", side)


def _from_rows(scenario: Scenario, m: dict[str, Any], topology: str
               ) -> tuple[Grid, list[dict[str, Any]]]:
    legend: dict[str, Any] = m.get("legend", {})
    for key, entry in legend.items():
        cell = entry.get("cell") if isinstance(entry, dict) else entry
        if cell not in scenario.cell_types:
            raise scenario.error(f"legend '{key}': unknown cell type '{cell}'"
                                 f"{suggest(str(cell), scenario.cell_types)}",
                                 "map", "legend", key,
                                 hint=f"cell types: {', '.join(scenario.cell_types) or 'none'}")
        site = entry.get("site") if isinstance(entry, dict) else None
        if site is not None and site not in scenario.site_kinds:
            raise scenario.error(f"legend '{key}': unknown site kind '{site}'",
                                 "map", "legend", key)
    lines = [ln.rstrip() for ln in str(m["rows"]).splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    origin = scenario.pos("map", "rows")
    if not lines:
        raise ScenarioError("the map has no rows", origin)
    width = len(lines[0])
    _check_size(scenario, width, len(lines), ("map", "rows"))
    cells: list[list[str]] = []
    sites: list[dict[str, Any]] = []
    for y, line in enumerate(lines):
        where = _row_pos(origin, y, 0, line)
        if len(line) != width:
            raise ScenarioError(f"map row {y} has {len(line)} cells, row 0 has {width}", where)
        row = []
        for x, ch in enumerate(line):
            entry = legend.get(ch)
            if entry is None:
                raise ScenarioError(f"map row {y}, column {x}: '{ch}' is not in the legend",
                                    _row_pos(origin, y, x, line),
                                    hint="add it under map.legend")
            if not isinstance(entry, dict):
                entry = {"cell": entry}
            row.append(entry["cell"])
            if entry.get("site"):
                site = {"kind": entry["site"], "pos": (x, y), "attrs": {}}
                if entry.get("id"):
                    site["id"] = entry["id"]
                if entry.get("label"):
                    site["attrs"]["label"] = entry["label"]
                sites.append(site)
        cells.append(row)
    sites = _number_sites(sites)
    seen: set[str] = set()
    for site in sites:
        if site["id"] in seen:
            key = next(k for k, e in legend.items() if isinstance(e, dict) and e.get("id") == site["id"])
            raise scenario.error(f"legend '{key}' gives the id '{site['id']}' to several cells; "
                                 "a legend id may stand on one cell only", "map", "legend", key)
        seen.add(site["id"])
    return Grid(width, len(cells), topology, cells=cells), sites


def _row_pos(origin: SourcePos, y: int, x: int, line: str) -> SourcePos:
    text = " " * max(origin.col - 1, 0) + line
    return SourcePos(origin.file, origin.line + y, origin.col + x, text)


def _number_sites(sites: list[dict[str, Any]]) -> list[dict[str, Any]]:
    counts: dict[str, int] = {}
    for s in sites:
        if "id" not in s:
            counts[s["kind"]] = counts.get(s["kind"], 0) + 1
            s["id"] = f"{s['kind']}-{counts[s['kind']]}"
    return sites


MAX_CELLS = 100_000
"""Largest map, in cells (a bigger one is refused at load instead of stalling the engine)."""


def _check_size(scenario: Scenario, width: int, height: int, path: tuple[str, ...]) -> None:
    if width * height > MAX_CELLS:
        raise scenario.error(f"map too large: {width}x{height} cells, at most {MAX_CELLS}", *path)
