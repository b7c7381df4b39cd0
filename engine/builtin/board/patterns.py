"""Movement patterns of the generic ``move`` action: directions, compiled patterns, move tables.

Owns the vocabulary of a pattern (relative and absolute directions, their groups, a seat's facing),
the compilation of one YAML pattern into a ``MovePattern`` (errors with positions), and the
precomputed per-seat tables (every cell's reachable steps and slide rays) that
``distant_galaxy.builtin.board.kinds.MoveKind`` reads on its hot paths. The pattern syntax is described in
``distant_galaxy.builtin.board.section``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from distant_galaxy.rules.hints import suggest

if TYPE_CHECKING:
    from distant_galaxy.core.actions import Action
    from distant_galaxy.core.grid import Grid
    from distant_galaxy.scenario.model import Scenario

Pos = tuple[int, int]

#: Relative directions as (right, forward) steps.
RELATIVE: dict[str, tuple[int, int]] = {
    "forward": (0, 1), "backward": (0, -1), "left": (-1, 0), "right": (1, 0),
    "forward-left": (-1, 1), "forward-right": (1, 1),
    "backward-left": (-1, -1), "backward-right": (1, -1),
}
#: Absolute directions as (dx, dy) on screen (y grows downward: north is up).
ABSOLUTE: dict[str, tuple[int, int]] = {
    "north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
    "north-east": (1, -1), "north-west": (-1, -1), "south-east": (1, 1), "south-west": (-1, 1),
}
GROUPS: dict[str, list[str]] = {
    "orthogonal": ["forward", "backward", "left", "right"],
    "diagonal": ["forward-left", "forward-right", "backward-left", "backward-right"],
    "any": list(RELATIVE),
}
#: A seat's forward direction → (right vector, forward vector).
FACING: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "north": ((1, 0), (0, -1)), "south": ((-1, 0), (0, 1)),
    "east": ((0, 1), (1, 0)), "west": ((0, -1), (-1, 0)),
}


class MovePattern:
    """One movement pattern, compiled."""

    __slots__ = ("capture_ok", "leap", "move_ok", "slide", "steps", "text", "vectors")

    def __init__(self, vectors: list[tuple[str, tuple[int, int]]], steps: int | None,
                 slide: bool, leap: bool, only: str | None, text: str):
        self.vectors = vectors  # (name, (a, b)); relative: (right, forward); absolute: (dx, dy)
        self.steps, self.slide, self.leap = steps, slide, leap
        self.move_ok = only != "capture"
        self.capture_ok = only != "move"
        self.text = text


def compile_pattern(sc: Scenario, path: tuple[str | int, ...], pat: dict[str, Any],
                    sub: tuple[str | int, ...]) -> MovePattern:
    """Compile one YAML movement pattern of the action at ``path`` (``sub`` locates it within).

    Raises the scenario's ``SourceError`` for an unknown direction, a pattern without
    ``directions`` or ``offsets``, or one with both.
    """
    vectors: list[tuple[str, tuple[int, int]]] = []
    for k, name in enumerate(pat.get("directions", [])):
        for n in GROUPS.get(name, [name]):
            if n in RELATIVE:
                vectors.append((n, RELATIVE[n]))
            elif n in ABSOLUTE:
                vectors.append((n, ABSOLUTE[n]))
            else:  # (at the item, as the schema's error of it: one error said once)
                raise sc.error(f"unknown direction '{n}'"
                               f"{suggest(str(n), [*GROUPS, *RELATIVE, *ABSOLUTE])}",
                               *path, *sub, "directions", k)
    for off in pat.get("offsets", []):
        vectors.append((f"offset {off[0]},{off[1]}", (int(off[0]), int(off[1]))))
    if not vectors:
        raise sc.error("a pattern needs 'directions' or 'offsets'", *path, *sub)
    slide = bool(pat.get("slide", False))
    leap = bool(pat.get("leap", False)) or "offsets" in pat
    steps = pat.get("steps")
    if steps is None and not slide:
        steps = 1
    text = ", ".join(n for n, _ in vectors)
    if slide:
        text = f"slide {text}" + (f" up to {steps}" if steps else "")
    elif steps != 1:
        text = f"{steps} steps {text}"
    if pat.get("only"):
        text += f" ({pat['only']} only)"
    if "offsets" in pat and pat.get("directions"):
        raise sc.error("a pattern has either 'directions' or 'offsets'", *path, *sub)
    return MovePattern(vectors, steps, slide, leap, pat.get("only"), text)


def oriented(name: str, v: tuple[int, int], forward: dict[str, str],
             seat: str) -> tuple[int, int]:
    """The screen vector (dx, dy) of direction ``name`` for ``seat``: absolute directions as they
    are, relative ones ``(right, forward)`` turned to the seat's forward direction."""
    if name in ABSOLUTE:
        return v
    right, fwd = FACING[forward[seat]]
    return (v[0] * right[0] + v[1] * fwd[0], v[0] * right[1] + v[1] * fwd[1])


SeatTables = dict[str, dict[Pos, tuple[Any, ...]]]


def build_seat_tables(grid: Grid, patterns: dict[str, list[MovePattern]],
                      stop_cells: dict[str, frozenset[Pos]], forward: dict[str, str], seat: str,
                      intern: Callable[..., Action],
                      ) -> tuple[SeatTables, SeatTables | None, SeatTables | None]:
    """Precompute one seat's moves: ``(tables, jumps, codes)``.

    ``tables``: unit type -> cell -> (steps, rays, dedup): ``steps`` are (to, between, move_ok,
    capture_ok, action); ``rays`` are (cells, move_ok, capture_ok, stop) for slides; ``dedup``
    says two patterns reach the same cell. ``jumps``: unit type -> cell -> steps, when no pattern
    of the seat slides or overlaps (else None). ``codes``: unit type -> cell -> (to, code,
    action) when no jump has cells in between either, code 1 moves only, 2 captures only, 3 both
    (else None). ``intern(key, *args)`` gives the action of a step (``stop_cells``: where each
    unit type may stop).
    """
    tables: SeatTables = {}
    for unit, pats in patterns.items():
        stop = stop_cells[unit]
        per_cell: dict[Pos, tuple[Any, ...]] = {}
        for (x, y) in grid.all_cells():
            steps: list[tuple[Any, ...]] = []
            rays: list[tuple[Any, ...]] = []
            for pat in pats:
                for name, v in pat.vectors:
                    dx, dy = oriented(name, v, forward, seat)
                    if pat.slide:
                        cells = []
                        k = 1
                        while pat.steps is None or k <= pat.steps:
                            c = (x + dx * k, y + dy * k)
                            if not grid.in_bounds(c):
                                break
                            cells.append(c)
                            k += 1
                        if cells:
                            rays.append((tuple(cells), pat.move_ok, pat.capture_ok,
                                         stop))
                        continue
                    n = pat.steps or 1
                    to = (x + dx * n, y + dy * n)
                    if not grid.in_bounds(to) or to not in stop:
                        continue
                    between = () if pat.leap else tuple(
                        (x + dx * k, y + dy * k) for k in range(1, n))
                    act = intern(((x, y), to), (x, y), to)
                    steps.append((to, between, pat.move_ok, pat.capture_ok, act))
            targets = [s[0] for s in steps] + [c for r in rays for c in r[0]]
            dedup = len(set(targets)) != len(targets)
            per_cell[(x, y)] = (tuple(steps), tuple(rays), dedup)
        tables[unit] = per_cell
    simple = all(not rays and not dedup for per_cell in tables.values()
                 for _, rays, dedup in per_cell.values())
    jumps = {unit: {c: e[0] for c, e in per_cell.items()}
             for unit, per_cell in tables.items()} if simple else None
    adjacent = simple and all(not s[1] for per_cell in tables.values()
                              for e in per_cell.values() for s in e[0])
    codes = {unit: {c: tuple((s[0], s[2] + 2 * s[3], s[4]) for s in e[0]
                             if s[2] or s[3])
                    for c, e in per_cell.items()}
             for unit, per_cell in tables.items()} if adjacent else None
    return tables, jumps, codes
