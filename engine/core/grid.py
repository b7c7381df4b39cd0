"""Board geometry: positions, square and hex grids, distances, areas, lines and path finding.

This module owns everything about *where* cells are and how units may walk between them. It knows
nothing of tokens, players or rules: occupancy and movement permissions come in as callables, and
:class:`CellPermissions` turns a scenario's cell-type table into such permissions.

Conventions
-----------
* A position is ``Pos = tuple[int, int] = (x, y)``: ``x`` the column, ``y`` the row, both 0-based,
  ``y`` growing downward (row 0 is the top line of a text map). Text form ``"x,y"``.
* Topologies:

  - ``"square4"``: orthogonal neighbours, distance = Manhattan (orthogonal steps);
  - ``"square8"``: king moves, distance = Chebyshev (king steps);
  - ``"hex"``: pointy-top hexes in the *odd-r* offset layout (odd rows are shifted right by half a
    cell, exactly as a text map shows them); distance = hex steps (via axial/cube coordinates).

* Clockwise order (y grows downward, so "clockwise" is as seen on screen):

  - square grids start at the cell straight above (north): square8 ``N, NE, E, SE, S, SW, W, NW``,
    square4 ``N, E, S, W``; rings of radius ``r`` start at ``(x, y - r)``;
  - hex grids have no north neighbour, so they start at the north-east neighbour:
    ``NE, E, SE, SW, W, NW``; rings of radius ``r`` start ``r`` steps to the north-east.

  ``neighbours(p)`` is exactly ``ring_clockwise(p, 1)``.

Hot-path methods (``neighbours``, ``distance``, ``ring_clockwise``, ``within``) use tables
precomputed once per grid or cached per radius; ``reachable`` is a BFS bounded by the step count.

>>> g = Grid(5, 4, "square8")
>>> g.neighbours((0, 0))
((1, 0), (1, 1), (0, 1))
>>> g.distance((0, 0), (3, 2))
3
>>> format_pos(parse_pos(" 3, 2 "))
'3,2'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache

__all__ = [
    "TOPOLOGIES",
    "CellPermissions",
    "Grid",
    "MapError",
    "Pos",
    "format_pos",
    "parse_pos",
]

Pos = tuple[int, int]
TOPOLOGIES = ("square4", "square8", "hex")

_POS_RE = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*", re.ASCII)
_CACHED_RADIUS = 6  # rings and areas up to this radius are cached per grid


class MapError(ValueError):
    """A text map is malformed. ``row`` and ``col`` are 0-based (``col`` may be None)."""

    def __init__(self, message: str, row: int, col: int | None = None):
        self.row = row
        self.col = col
        super().__init__(message)


# --------------------------------------------------------------------------- positions


def parse_pos(text: str) -> Pos:
    """Parse ``"x,y"`` (spaces allowed around the numbers) into a position.

    >>> parse_pos("12,7")
    (12, 7)
    """
    m = _POS_RE.fullmatch(text)
    if m is None:
        raise ValueError(
            f"bad position {text!r}: expected 'x,y' with two whole numbers, e.g. '3,4'"
        )
    return int(m.group(1)), int(m.group(2))


def format_pos(p: Pos) -> str:
    """The text form ``"x,y"`` of a position (the inverse of :func:`parse_pos`)."""
    return f"{p[0]},{p[1]}"


# --------------------------------------------------------------------------- distances


def _manhattan(a: Pos, b: Pos) -> int:
    """Orthogonal steps between two cells of a square grid."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _chebyshev(a: Pos, b: Pos) -> int:
    """King steps between two cells of a square grid."""
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    return max(dx, dy)


def _hex_distance(a: Pos, b: Pos) -> int:
    """Hex steps between two odd-r offset cells (axial q = x - floor(y / 2))."""
    ay = a[1]
    by = b[1]
    dq = (a[0] - (ay >> 1)) - (b[0] - (by >> 1))
    dr = ay - by
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


_DISTANCES: dict[str, Callable[[Pos, Pos], int]] = {
    "square4": _manhattan,
    "square8": _chebyshev,
    "hex": _hex_distance,
}

#: Every cell and each cell's neighbours, by grid shape (width, height, topology): the same for
#: every grid of that shape (a scenario's variants and options build their maps again), shared
#: and never edited; emptied when :data:`_GEOMETRY_LIMIT` shapes are kept.
_GEOMETRY: dict[tuple[int, int, str], tuple[tuple[Pos, ...], dict[Pos, tuple[Pos, ...]]]] = {}
_GEOMETRY_LIMIT = 64


# --------------------------------------------------------------------------- rings

# Unit steps. Square: (dx, dy). Hex: axial (dq, dr).
_N, _NE, _E, _SE = (0, -1), (1, -1), (1, 0), (1, 1)
_S, _SW, _W, _NW = (0, 1), (-1, 1), (-1, 0), (-1, -1)
_HEX_NE, _HEX_E, _HEX_SE = (1, -1), (1, 0), (0, 1)
_HEX_SW, _HEX_W, _HEX_NW = (-1, 1), (-1, 0), (0, -1)


def _ring_plan(topology: str, r: int) -> tuple[Pos, list[tuple[Pos, int]]]:
    """Start offset and (step, count) segments walking a ring of radius ``r`` clockwise."""
    if topology == "square8":
        return (0, -r), [(_E, r), (_S, 2 * r), (_W, 2 * r), (_N, 2 * r), (_E, r)]
    if topology == "square4":
        return (0, -r), [(_SE, r), (_SW, r), (_NW, r), (_NE, r)]
    start = (r * _HEX_NE[0], r * _HEX_NE[1])
    steps = (_HEX_SE, _HEX_SW, _HEX_W, _HEX_NW, _HEX_NE, _HEX_E)
    return start, [(step, r) for step in steps]


@lru_cache(maxsize=256)
def _ring_offsets(topology: str, r: int) -> tuple[Pos, ...]:
    """Offsets (square: dx, dy; hex: axial dq, dr) of a ring of radius ``r``, clockwise."""
    if r == 0:
        return ((0, 0),)
    (cx, cy), segments = _ring_plan(topology, r)
    out: list[Pos] = []
    for (sx, sy), count in segments:
        for _ in range(count):
            out.append((cx, cy))
            cx += sx
            cy += sy
    return tuple(out)


# --------------------------------------------------------------------------- grid


class Grid:
    """A rectangular board of ``width`` x ``height`` cells, each with a cell-type name.

    ``cells[y][x]`` is the type of cell ``(x, y)``; without ``cells`` every cell is ``fill``.
    ``distance(a, b)`` and ``orthogonal_distance(a, b)`` are plain functions chosen by topology
    (stored on the instance, so calling them costs no method dispatch).
    """

    distance: Callable[[Pos, Pos], int]
    orthogonal_distance: Callable[[Pos, Pos], int]

    def __init__(
        self,
        width: int,
        height: int,
        topology: str,
        cells: list[list[str]] | None = None,
        fill: str = "plain",
    ):
        if topology not in TOPOLOGIES:
            raise ValueError(f"unknown topology {topology!r}: expected one of {TOPOLOGIES}")
        if width < 1 or height < 1:
            raise ValueError(f"grid size must be at least 1x1, got {width}x{height}")
        self.width = width
        self.height = height
        self.topology = topology
        self.is_hex = topology == "hex"
        self.cells = self._check_cells(cells, fill)
        self.distance = _DISTANCES[topology]
        self.orthogonal_distance = _hex_distance if self.is_hex else _manhattan
        self._max_radius = width + height
        self._ring_cache: dict[tuple[Pos, int], tuple[Pos, ...]] = {}
        self._within_cache: dict[tuple[Pos, int, bool], tuple[Pos, ...]] = {}
        shape = (width, height, topology)
        geometry = _GEOMETRY.get(shape)
        if geometry is None:
            every = tuple((x, y) for y in range(height) for x in range(width))
            geometry = (every, {p: self._ring(p, 1) for p in every})
            if len(_GEOMETRY) >= _GEOMETRY_LIMIT:
                _GEOMETRY.clear()
            _GEOMETRY[shape] = geometry
        self._all: tuple[Pos, ...] = geometry[0]
        self._nbrs: dict[Pos, tuple[Pos, ...]] = geometry[1]
        rows = self.cells
        self._types: dict[Pos, str] = {(x, y): rows[y][x] for (x, y) in self._all}

    def _check_cells(self, cells: list[list[str]] | None, fill: str) -> tuple[tuple[str, ...], ...]:
        """Validate ``cells`` against the size (or build it from ``fill``) as a tuple of rows."""
        if cells is None:
            return tuple((fill,) * self.width for _ in range(self.height))
        if len(cells) != self.height:
            raise ValueError(f"cells has {len(cells)} rows, expected height {self.height}")
        for y, row in enumerate(cells):
            if len(row) != self.width:
                raise ValueError(f"cells row {y} has {len(row)} cells, expected width {self.width}")
        return tuple(tuple(row) for row in cells)

    @classmethod
    def from_rows(cls, rows: list[str], legend: Mapping[str, str], topology: str) -> Grid:
        """Build a grid from a text map: one character per cell, mapped through ``legend``.

        Trailing whitespace of each row is ignored. Raises :class:`MapError` (a ``ValueError``)
        naming the row (and column) of a ragged row or an unknown character.

        >>> Grid.from_rows(["..#", ".##"], {".": "plain", "#": "rock"}, "square4").cell_type((2, 1))
        'rock'
        """
        lines = [row.rstrip() for row in rows]
        if not lines or not lines[0]:
            raise MapError("map is empty", 0)
        width = len(lines[0])
        cells: list[list[str]] = []
        for y, line in enumerate(lines):
            if len(line) != width:
                raise MapError(f"map row {y} has {len(line)} cells, expected {width} like row 0", y)
            cells.append([_legend_lookup(legend, ch, y, x) for x, ch in enumerate(line)])
        return cls(width, len(lines), topology, cells)

    # ----------------------------------------------------------------- basic queries

    def __repr__(self) -> str:
        return f"Grid({self.width}x{self.height}, {self.topology!r})"

    def in_bounds(self, p: Pos) -> bool:
        """Whether ``p`` is a cell of this grid."""
        return 0 <= p[0] < self.width and 0 <= p[1] < self.height

    def cell_type(self, p: Pos) -> str:
        """The cell-type name at ``p`` (ValueError if off the map)."""
        try:
            return self._types[p]
        except KeyError:
            raise self._off_map(p) from None

    def all_cells(self) -> tuple[Pos, ...]:
        """Every cell, row by row (y, then x)."""
        return self._all

    def cell_types(self) -> frozenset[str]:
        """The set of cell-type names used on this grid."""
        return frozenset(self._types.values())

    def type_map(self) -> Mapping[Pos, str]:
        """Every cell's type name, by cell, for look-ups without a call per cell (read it, never
        edit it)."""
        return self._types

    def neighbours(self, p: Pos) -> tuple[Pos, ...]:
        """Adjacent in-bounds cells, clockwise from north (hex: from north-east). O(1)."""
        try:
            return self._nbrs[p]
        except KeyError:
            raise self._off_map(p) from None

    def is_orthogonal_neighbour(self, a: Pos, b: Pos) -> bool:
        """Square: one orthogonal step apart. Hex: adjacent (every hex neighbour shares an edge)."""
        if self.is_hex:
            return _hex_distance(a, b) == 1
        return _manhattan(a, b) == 1

    def is_diagonal_neighbour(self, a: Pos, b: Pos) -> bool:
        """Square: one diagonal step apart. Always False on hex grids (they have no diagonals)."""
        if self.is_hex:
            return False
        return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1

    # ----------------------------------------------------------------- lines

    def straight_line(self, a: Pos, b: Pos) -> list[Pos] | None:
        """Cells strictly between ``a`` and ``b`` if they lie on one straight line, else None.

        Square grids (both topologies): a row, a column or a 45-degree diagonal. Hex: one of the
        three hex axes. ``a == b`` and adjacent cells give ``[]``. Order: from ``a`` towards ``b``.
        """
        if self.is_hex:
            return _hex_line(a, b)
        dx = b[0] - a[0]
        dy = b[1] - a[1]
        if dx and dy and abs(dx) != abs(dy):
            return None
        n = max(abs(dx), abs(dy))
        sx = (dx > 0) - (dx < 0)
        sy = (dy > 0) - (dy < 0)
        return [(a[0] + i * sx, a[1] + i * sy) for i in range(1, n)]

    # ----------------------------------------------------------------- rings and areas

    def ring_clockwise(self, p: Pos, r: int = 1) -> list[Pos]:
        """In-bounds cells at exactly distance ``r`` from ``p``, clockwise from north.

        Square grids start at ``(x, y - r)``; hex grids start ``r`` steps north-east of ``p``.
        ``r == 0`` gives ``[p]``. Cells off the map are skipped, the order of the others is kept.
        """
        self._require(p)
        return list(self._ring_cached(p, r))

    def clockwise_from(self, p: Pos, start: Pos, r: int = 1) -> list[Pos]:
        """The ring of radius ``r`` around ``p`` beginning at ``start`` and going clockwise.

        ``start`` (included first if it is on the map) must be at distance ``r`` from ``p``; it may
        be off the map, in which case the list begins with the next in-bounds cell clockwise.
        Useful for "the next free cell clockwise" fallbacks.
        """
        self._require(p)
        if r < 1 or self.distance(p, start) != r:
            raise ValueError(f"{format_pos(start)} is not at distance {r} from {format_pos(p)}")
        full = self._ring_raw(p, r)
        i = full.index(start)
        w, h = self.width, self.height
        return [c for c in full[i:] + full[:i] if 0 <= c[0] < w and 0 <= c[1] < h]

    def full_ring(self, p: Pos, r: int = 1) -> list[Pos]:
        """Every cell of the ring of radius ``r`` around ``p``, clockwise, off-map cells included.

        Unlike :meth:`ring_clockwise` nothing is skipped, so the ``i``-th cell lies in the same
        direction wherever ``p`` is, next to an edge too: ``full_ring(p)[face - 1]`` names the
        neighbour a die face points at (square grids: face 1 north, then clockwise).
        """
        self._require(p)
        return self._ring_raw(p, r)

    def within(self, p: Pos, r: int, include_center: bool = False) -> list[Pos]:
        """In-bounds cells at distance 1..r (0..r with ``include_center``) from ``p``.

        Ordered by distance, then clockwise as in :meth:`ring_clockwise`. Cost is proportional to
        the area of radius ``r`` (clipped to the map's size), never to the whole map.
        """
        self._require(p)
        if r < 0:
            raise ValueError(f"radius must be >= 0, got {r}")
        r = min(r, self._max_radius)
        key = (p, r, include_center)
        hit = self._within_cache.get(key)
        if hit is not None:
            return list(hit)
        out: list[Pos] = []
        for k in range(0 if include_center else 1, r + 1):
            out.extend(self._ring_cached(p, k))
        if r <= _CACHED_RADIUS:
            self._within_cache[key] = tuple(out)
        return out

    def _ring_cached(self, p: Pos, r: int) -> tuple[Pos, ...]:
        """In-bounds ring, cached for small radii."""
        if r < 0:
            raise ValueError(f"radius must be >= 0, got {r}")
        if r > self._max_radius:
            return ()
        if r > _CACHED_RADIUS:
            return self._ring(p, r)
        key = (p, r)
        ring = self._ring_cache.get(key)
        if ring is None:
            ring = self._ring_cache[key] = self._ring(p, r)
        return ring

    def _ring(self, p: Pos, r: int) -> tuple[Pos, ...]:
        """In-bounds cells of the ring of radius ``r`` around ``p``, clockwise."""
        w, h = self.width, self.height
        return tuple(c for c in self._ring_raw(p, r) if 0 <= c[0] < w and 0 <= c[1] < h)

    def _ring_raw(self, p: Pos, r: int) -> list[Pos]:
        """All cells (on or off the map) of the ring of radius ``r`` around ``p``, clockwise."""
        x, y = p
        offsets = _ring_offsets(self.topology, r)
        if not self.is_hex:
            return [(x + dx, y + dy) for dx, dy in offsets]
        q = x - (y >> 1)
        return [(q + dq + ((y + dr) >> 1), y + dr) for dq, dr in offsets]

    # ----------------------------------------------------------------- movement

    def reachable(
        self,
        start: Pos,
        max_steps: int,
        can_enter: Callable[[Pos], bool],
        can_stop: Callable[[Pos], bool],
        blocked: Callable[[Pos], bool],
    ) -> dict[Pos, tuple[Pos, ...]]:
        """Every cell a unit at ``start`` may end on within ``max_steps`` steps, with its path.

        Each step to a neighbour costs 1. A cell is entered (crossed or stopped on) only if
        ``can_enter(cell)`` and not ``blocked(cell)`` (occupied); ``can_stop(cell)`` is asked only
        of such cells. The start cell is never tested and never in the result. Each path is the
        tuple of cells after ``start`` ending at the destination, a shortest one; among equals the
        BFS that explores neighbours in clockwise order decides. Keys come in BFS order.
        """
        self._require(start)
        return {
            cell: path
            for cell, path in self._bfs(start, max_steps, can_enter, blocked)
            if can_stop(cell)
        }

    def shortest_path(
        self,
        start: Pos,
        goal: Pos,
        max_steps: int,
        can_enter: Callable[[Pos], bool],
        can_stop: Callable[[Pos], bool],
        blocked: Callable[[Pos], bool],
    ) -> tuple[Pos, ...] | None:
        """The path :meth:`reachable` would give for ``goal``, or None if it cannot be reached.

        ``goal == start`` gives ``()``. Stops searching as soon as ``goal`` is found.
        """
        self._require(start)
        if goal == start:
            return ()
        if not self.in_bounds(goal) or self.distance(start, goal) > max_steps:
            return None
        if not can_stop(goal):
            return None
        for cell, path in self._bfs(start, max_steps, can_enter, blocked):
            if cell == goal:
                return path
        return None

    def _bfs(
        self,
        start: Pos,
        max_steps: int,
        can_enter: Callable[[Pos], bool],
        blocked: Callable[[Pos], bool],
    ) -> Iterator[tuple[Pos, tuple[Pos, ...]]]:
        """Yield ``(cell, path)`` for every enterable cell within ``max_steps``, in BFS order."""
        nbrs = self._nbrs
        seen = {start}
        frontier: list[tuple[Pos, tuple[Pos, ...]]] = [(start, ())]
        for _ in range(max_steps):
            nxt: list[tuple[Pos, tuple[Pos, ...]]] = []
            for cell, base in frontier:
                for n in nbrs[cell]:
                    if n in seen:
                        continue
                    seen.add(n)
                    if not can_enter(n) or blocked(n):
                        continue
                    path = (*base, n)
                    nxt.append((n, path))
                    yield n, path
            if not nxt:
                return
            frontier = nxt

    # ----------------------------------------------------------------- drawing

    def render(self, glyph: Callable[[Pos], str],
               paint: Callable[[Pos, str], str] | None = None) -> str:
        """Draw the grid as text: column numbers on top, row numbers on the left.

        ``glyph(p)`` gives each cell's text (usually one character). Cells are separated by a
        space; on hex grids odd rows are indented by half a cell, as the odd-r layout shows them.
        ``paint(p, text)``, if given, wraps each cell's padded text (e.g. in colour codes) after
        the widths are measured.
        """
        glyphs = [[glyph((x, y)) for x in range(self.width)] for y in range(self.height)]
        cell_w = max(len(str(self.width - 1)), *(len(g) for row in glyphs for g in row))
        label_w = len(str(self.height - 1))
        half = " " * ((cell_w + 1) // 2) if self.is_hex else ""
        header = " " * label_w + " " + " ".join(str(x).rjust(cell_w) for x in range(self.width))
        lines = [header.rstrip()]
        for y, row in enumerate(glyphs):
            indent = half if y % 2 else ""
            cells = [g.rjust(cell_w) for g in row]
            if paint is not None:
                cells = [paint((x, y), c) for x, c in enumerate(cells)]
            body = " ".join(cells)
            lines.append(f"{str(y).rjust(label_w)} {indent}{body}".rstrip())
        return "\n".join(lines)

    # ----------------------------------------------------------------- helpers

    def _require(self, p: Pos) -> None:
        """Raise ValueError unless ``p`` is on the map."""
        if p not in self._types:
            raise self._off_map(p)

    def _off_map(self, p: Pos) -> ValueError:
        return ValueError(f"position {p!r} is off the {self.width}x{self.height} map")


def _legend_lookup(legend: Mapping[str, str], ch: str, y: int, x: int) -> str:
    """The cell type of map character ``ch`` at row ``y``, column ``x`` (MapError if unknown)."""
    try:
        return legend[ch]
    except KeyError:
        known = ", ".join(repr(k) for k in sorted(legend))
        raise MapError(
            f"map row {y}, column {x}: unknown character {ch!r} (legend has {known})", y, x
        ) from None


def _hex_line(a: Pos, b: Pos) -> list[Pos] | None:
    """Cells strictly between two hexes on one hex axis (odd-r offset), else None."""
    aq, ar = a[0] - (a[1] >> 1), a[1]
    dq = (b[0] - (b[1] >> 1)) - aq
    dr = b[1] - ar
    if dq and dr and dq != -dr:
        return None
    n = max(abs(dq), abs(dr))
    sq = (dq > 0) - (dq < 0)
    sr = (dr > 0) - (dr < 0)
    out = []
    for i in range(1, n):
        q, r = aq + i * sq, ar + i * sr
        out.append((q + (r >> 1), r))
    return out


# --------------------------------------------------------------------------- permissions


class CellPermissions:
    """Who may enter (cross) and stop on each cell type, by unit tags.

    Built from ``{cell_type: {"stop": [tags], "cross": [tags]}}`` (other keys are ignored).
    ``"*"`` means every unit; a tag allowed to stop may also enter and cross. Answers are cached
    per ``(cell_type, tags)``; ``tags`` must be hashable (a ``frozenset``).

    >>> perms = CellPermissions({"asteroid": {"cross": ["*"]}, "plain": {"stop": ["elite"]}})
    >>> perms.may_enter("asteroid", frozenset()), perms.may_stop("asteroid", frozenset())
    (True, False)
    >>> perms.may_stop("plain", frozenset({"elite"}))
    True
    """

    def __init__(self, cell_types: Mapping[str, Mapping[str, Iterable[str]]]):
        self._stop: dict[str, frozenset[str]] = {}
        self._cross: dict[str, frozenset[str]] = {}
        for name, spec in cell_types.items():
            self._stop[name] = _tag_set(name, spec, "stop")
            self._cross[name] = self._stop[name] | _tag_set(name, spec, "cross")
        self._enter_cache: dict[tuple[str, frozenset[str]], bool] = {}
        self._stop_cache: dict[tuple[str, frozenset[str]], bool] = {}

    @property
    def names(self) -> frozenset[str]:
        """The cell types this table knows."""
        return frozenset(self._stop)

    def may_enter(self, cell_type: str, tags: frozenset[str]) -> bool:
        """Whether a unit with ``tags`` may move into or through a cell of ``cell_type``."""
        key = (cell_type, tags)
        hit = self._enter_cache.get(key)
        if hit is None:
            hit = self._enter_cache[key] = _allows(self._lookup(self._cross, cell_type), tags)
        return hit

    def may_stop(self, cell_type: str, tags: frozenset[str]) -> bool:
        """Whether a unit with ``tags`` may end its move on a cell of ``cell_type``."""
        key = (cell_type, tags)
        hit = self._stop_cache.get(key)
        if hit is None:
            hit = self._stop_cache[key] = _allows(self._lookup(self._stop, cell_type), tags)
        return hit

    def predicates(
        self, grid: Grid, tags: frozenset[str]
    ) -> tuple[Callable[[Pos], bool], Callable[[Pos], bool]]:
        """``(can_enter, can_stop)`` position tests for ``grid`` and a unit with ``tags``.

        Ready to pass to :meth:`Grid.reachable`; each test is one or two dict lookups.
        """
        types = grid.type_map()
        enter = {t: self.may_enter(t, tags) for t in grid.cell_types()}
        stop = {t: self.may_stop(t, tags) for t in grid.cell_types()}
        return (lambda p: enter[types[p]]), (lambda p: stop[types[p]])

    @staticmethod
    def _lookup(table: dict[str, frozenset[str]], cell_type: str) -> frozenset[str]:
        try:
            return table[cell_type]
        except KeyError:
            raise ValueError(f"unknown cell type {cell_type!r}: no movement rules") from None


def _tag_set(name: str, spec: Mapping[str, Iterable[str]], key: str) -> frozenset[str]:
    """The tags listed under ``spec[key]`` (empty if absent); ValueError if not a list."""
    value = spec.get(key, ())
    if isinstance(value, str) or not isinstance(value, Iterable):
        # A scenario-data mistake: the engine reports those as ValueError subclasses.
        raise ValueError(
            f"cell type {name!r}: {key!r} must be a list of tags, got {value!r}"
        )
    return frozenset(value)


def _allows(allowed: frozenset[str], tags: frozenset[str]) -> bool:
    """Whether a tag set passes an allow-list (``"*"`` admits everyone)."""
    return "*" in allowed or not allowed.isdisjoint(tags)
