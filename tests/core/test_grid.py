"""Tests of distant_galaxy.core.grid: positions, distances, neighbours, rings, areas, lines, paths, maps."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from distant_galaxy.core.grid import CellPermissions, Grid, MapError, Pos, format_pos, parse_pos

TOPOLOGIES = ("square4", "square8", "hex")


def _never(_: Pos) -> bool:
    return False


def _always(_: Pos) -> bool:
    return True


# --------------------------------------------------------------------------- positions


def test_parse_and_format_pos_round_trip() -> None:
    assert parse_pos("12,7") == (12, 7)
    assert parse_pos(" 3 , 4 ") == (3, 4)
    assert format_pos((12, 7)) == "12,7"
    assert parse_pos(format_pos((0, 19))) == (0, 19)


@pytest.mark.parametrize("text", ["", "3", "3,", "a,b", "-1,2", "1,2,3", "1_0,2", "１,2"])
def test_parse_pos_rejects_bad_text(text: str) -> None:
    with pytest.raises(ValueError, match="bad position"):
        parse_pos(text)


# --------------------------------------------------------------------------- construction


def test_grid_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="topology"):
        Grid(3, 3, "triangle")
    with pytest.raises(ValueError, match="at least 1x1"):
        Grid(0, 3, "hex")
    with pytest.raises(ValueError, match="rows"):
        Grid(2, 2, "square4", [["a", "b"]])
    with pytest.raises(ValueError, match="row 1"):
        Grid(2, 2, "square4", [["a", "b"], ["c"]])


def test_fill_and_cells() -> None:
    g = Grid(3, 2, "square8")
    assert g.cell_type((2, 1)) == "plain"
    g = Grid(2, 2, "square4", [["a", "b"], ["c", "d"]])
    assert g.cell_type((1, 0)) == "b"
    assert g.cell_type((0, 1)) == "c"
    assert g.all_cells() == ((0, 0), (1, 0), (0, 1), (1, 1))
    assert g.cell_types() == frozenset("abcd")
    with pytest.raises(ValueError, match="off the"):
        g.cell_type((2, 0))


def test_in_bounds() -> None:
    g = Grid(4, 3, "hex")
    assert g.in_bounds((0, 0)) and g.in_bounds((3, 2))
    assert not g.in_bounds((4, 0)) and not g.in_bounds((0, 3)) and not g.in_bounds((-1, 0))


def test_from_rows() -> None:
    legend = {".": "space", "A": "asteroid", "#": "rock"}
    g = Grid.from_rows(["..A  ", "#.A"], legend, "hex")
    assert (g.width, g.height, g.topology) == (3, 2, "hex")
    assert g.cell_type((2, 0)) == "asteroid"
    assert g.cell_type((0, 1)) == "rock"


def test_from_rows_ragged_row_names_row() -> None:
    with pytest.raises(MapError, match="row 2 has 2 cells, expected 3") as err:
        Grid.from_rows(["...", "...", ".."], {".": "space"}, "square4")
    assert err.value.row == 2 and err.value.col is None


def test_from_rows_unknown_character_names_row_and_column() -> None:
    with pytest.raises(MapError, match=r"row 1, column 2: unknown character 'x'") as err:
        Grid.from_rows(["...", "..x"], {".": "space"}, "square8")
    assert (err.value.row, err.value.col) == (1, 2)
    assert isinstance(err.value, ValueError)


def test_from_rows_empty() -> None:
    with pytest.raises(MapError, match="empty"):
        Grid.from_rows([], {".": "space"}, "square8")


# --------------------------------------------------------------------------- distances


@pytest.mark.parametrize(
    ("topology", "a", "b", "expected"),
    [
        ("square4", (0, 0), (3, 2), 5),
        ("square4", (2, 2), (1, 1), 2),
        ("square4", (4, 1), (4, 1), 0),
        ("square8", (0, 0), (3, 2), 3),
        ("square8", (2, 2), (1, 1), 1),
        ("square8", (5, 0), (0, 4), 5),
        ("hex", (0, 0), (3, 0), 3),
        ("hex", (0, 0), (0, 1), 1),  # south-east of an even row
        ("hex", (0, 0), (1, 1), 2),
        ("hex", (1, 1), (2, 0), 1),  # north-east of an odd row
        ("hex", (1, 1), (1, 0), 1),  # north-west of an odd row
        ("hex", (1, 1), (0, 0), 2),
        ("hex", (0, 0), (0, 2), 2),
        ("hex", (0, 0), (2, 4), 4),
        ("hex", (0, 0), (5, 5), 8),
        ("hex", (3, 3), (1, 3), 2),
    ],
)
def test_distance(topology: str, a: Pos, b: Pos, expected: int) -> None:
    g = Grid(8, 8, topology)
    assert g.distance(a, b) == expected
    assert g.distance(b, a) == expected


def test_orthogonal_distance_and_neighbour_kinds() -> None:
    sq = Grid(5, 5, "square8")
    assert sq.orthogonal_distance((0, 0), (2, 3)) == 5
    assert sq.is_orthogonal_neighbour((1, 1), (1, 2))
    assert not sq.is_orthogonal_neighbour((1, 1), (2, 2))
    assert sq.is_diagonal_neighbour((1, 1), (2, 2))
    assert not sq.is_diagonal_neighbour((1, 1), (1, 2))
    assert not sq.is_diagonal_neighbour((1, 1), (3, 3))
    hx = Grid(5, 5, "hex")
    assert hx.orthogonal_distance((0, 0), (2, 4)) == 4
    assert hx.is_orthogonal_neighbour((1, 1), (2, 0))
    assert not hx.is_diagonal_neighbour((1, 1), (2, 0))


# --------------------------------------------------------------------------- neighbours


@pytest.mark.parametrize(
    ("topology", "cell", "count"),
    [
        ("square4", (0, 0), 2),
        ("square4", (2, 0), 3),
        ("square4", (2, 2), 4),
        ("square8", (0, 0), 3),
        ("square8", (4, 4), 3),
        ("square8", (2, 0), 5),
        ("square8", (2, 2), 8),
        ("hex", (0, 0), 2),
        ("hex", (4, 0), 3),
        ("hex", (0, 1), 5),
        ("hex", (0, 2), 3),
        ("hex", (4, 1), 3),
        ("hex", (2, 2), 6),
        ("hex", (2, 3), 6),
    ],
)
def test_neighbour_counts(topology: str, cell: Pos, count: int) -> None:
    assert len(Grid(5, 5, topology).neighbours(cell)) == count


def test_neighbour_order() -> None:
    assert Grid(3, 3, "square4").neighbours((1, 1)) == ((1, 0), (2, 1), (1, 2), (0, 1))
    assert Grid(3, 3, "square8").neighbours((1, 1)) == (
        (1, 0),
        (2, 0),
        (2, 1),
        (2, 2),
        (1, 2),
        (0, 2),
        (0, 1),
        (0, 0),
    )
    hx = Grid(5, 5, "hex")
    # Even row: NE, E, SE, SW, W, NW.
    assert hx.neighbours((2, 2)) == ((2, 1), (3, 2), (2, 3), (1, 3), (1, 2), (1, 1))
    # Odd row (shifted right by half a cell).
    assert hx.neighbours((2, 1)) == ((3, 0), (3, 1), (3, 2), (2, 2), (1, 1), (2, 0))


@pytest.mark.parametrize("topology", TOPOLOGIES)
def test_neighbours_are_symmetric_and_at_distance_one(topology: str) -> None:
    g = Grid(6, 5, topology)
    for a in g.all_cells():
        for b in g.all_cells():
            assert (b in g.neighbours(a)) == (g.distance(a, b) == 1)
            assert (b in g.neighbours(a)) == (a in g.neighbours(b))


def test_neighbours_off_map() -> None:
    with pytest.raises(ValueError, match="off the"):
        Grid(3, 3, "square8").neighbours((3, 0))


# --------------------------------------------------------------------------- rings


def test_ring_clockwise_square8() -> None:
    g = Grid(5, 5, "square8")
    assert g.ring_clockwise((2, 2), 2) == [
        (2, 0),
        (3, 0),
        (4, 0),
        (4, 1),
        (4, 2),
        (4, 3),
        (4, 4),
        (3, 4),
        (2, 4),
        (1, 4),
        (0, 4),
        (0, 3),
        (0, 2),
        (0, 1),
        (0, 0),
        (1, 0),
    ]
    # Off-map cells are dropped, order kept.
    assert g.ring_clockwise((0, 0)) == [(1, 0), (1, 1), (0, 1)]
    assert g.ring_clockwise((2, 2), 0) == [(2, 2)]
    assert g.ring_clockwise((2, 2), 99) == []


def test_ring_clockwise_square4_is_a_diamond() -> None:
    g = Grid(5, 5, "square4")
    assert g.ring_clockwise((2, 2), 2) == [
        (2, 0),
        (3, 1),
        (4, 2),
        (3, 3),
        (2, 4),
        (1, 3),
        (0, 2),
        (1, 1),
    ]


def test_ring_clockwise_hex() -> None:
    g = Grid(7, 7, "hex")
    # Hand-drawn: starts two steps north-east of (3, 3), then clockwise on screen.
    assert g.ring_clockwise((3, 3), 2) == [
        (4, 1),
        (5, 2),
        (5, 3),
        (5, 4),
        (4, 5),
        (3, 5),
        (2, 5),
        (2, 4),
        (1, 3),
        (2, 2),
        (2, 1),
        (3, 1),
    ]
    assert g.ring_clockwise((2, 2)) == list(g.neighbours((2, 2)))


def test_clockwise_from_square8() -> None:
    g = Grid(5, 5, "square8")
    assert g.clockwise_from((1, 1), (0, 1)) == [
        (0, 1),
        (0, 0),
        (1, 0),
        (2, 0),
        (2, 1),
        (2, 2),
        (1, 2),
        (0, 2),
    ]
    # Corner: start off the map begins with the next in-bounds cell clockwise.
    assert g.clockwise_from((0, 0), (-1, 0)) == [(1, 0), (1, 1), (0, 1)]
    assert g.clockwise_from((0, 0), (0, 1)) == [(0, 1), (1, 0), (1, 1)]
    assert g.clockwise_from((2, 2), (4, 3), 2)[:3] == [(4, 3), (4, 4), (3, 4)]
    with pytest.raises(ValueError, match="not at distance"):
        g.clockwise_from((1, 1), (3, 3))


def test_full_ring_keeps_off_map_cells_in_their_direction() -> None:
    g = Grid(5, 5, "square8")
    assert g.full_ring((0, 0)) == [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0),
                                   (-1, -1)]
    assert [c for c in g.full_ring((0, 0)) if g.in_bounds(c)] == g.ring_clockwise((0, 0))
    assert len(g.full_ring((2, 2), 2)) == 16
    with pytest.raises(ValueError):
        g.full_ring((9, 9))


def test_clockwise_from_hex() -> None:
    g = Grid(5, 5, "hex")
    assert g.clockwise_from((2, 2), (1, 3)) == [(1, 3), (1, 2), (1, 1), (2, 1), (3, 2), (2, 3)]
    assert g.clockwise_from((2, 1), (2, 0)) == [(2, 0), (3, 0), (3, 1), (3, 2), (2, 2), (1, 1)]


# --------------------------------------------------------------------------- within


def test_within_radius() -> None:
    g = Grid(7, 7, "square8")
    assert len(g.within((3, 3), 1)) == 8
    assert len(g.within((3, 3), 2)) == 24
    assert g.within((3, 3), 2, include_center=True)[0] == (3, 3)
    assert len(g.within((3, 3), 2, include_center=True)) == 25
    assert g.within((3, 3), 0) == []
    assert g.within((3, 3), 0, include_center=True) == [(3, 3)]
    assert len(Grid(7, 7, "square4").within((3, 3), 2)) == 12
    assert len(Grid(7, 7, "hex").within((3, 3), 2)) == 18
    assert len(Grid(7, 7, "hex").within((3, 3), 1, include_center=True)) == 7
    with pytest.raises(ValueError, match="radius"):
        g.within((3, 3), -1)


def test_within_result_is_a_fresh_list() -> None:
    g = Grid(5, 5, "hex")
    first = g.within((2, 2), 1)
    first.clear()
    assert len(g.within((2, 2), 1)) == 6


@pytest.mark.parametrize("topology", TOPOLOGIES)
def test_within_matches_brute_force(topology: str) -> None:
    rng = random.Random(7)
    g = Grid(11, 9, topology)
    for _ in range(60):
        p = (rng.randrange(g.width), rng.randrange(g.height))
        r = rng.randrange(0, 9)
        centre = rng.random() < 0.5
        got = g.within(p, r, include_center=centre)
        lo = 0 if centre else 1
        expected = {q for q in g.all_cells() if lo <= g.distance(p, q) <= r}
        assert set(got) == expected
        assert len(got) == len(expected)
        dists = [g.distance(p, q) for q in got]
        assert dists == sorted(dists)
        for k in range(lo, r + 1):
            assert [q for q in got if g.distance(p, q) == k] == g.ring_clockwise(p, k)


# --------------------------------------------------------------------------- straight lines


def test_straight_line_square() -> None:
    g = Grid(6, 6, "square8")
    assert g.straight_line((0, 0), (3, 3)) == [(1, 1), (2, 2)]
    assert g.straight_line((3, 0), (0, 0)) == [(2, 0), (1, 0)]
    assert g.straight_line((1, 4), (1, 1)) == [(1, 3), (1, 2)]
    assert g.straight_line((4, 1), (1, 4)) == [(3, 2), (2, 3)]
    assert g.straight_line((0, 0), (2, 1)) is None
    assert g.straight_line((2, 2), (2, 2)) == []
    assert g.straight_line((2, 2), (3, 3)) == []
    assert Grid(6, 6, "square4").straight_line((0, 0), (2, 2)) == [(1, 1)]


def test_straight_line_hex() -> None:
    g = Grid(6, 6, "hex")
    assert g.straight_line((0, 0), (3, 0)) == [(1, 0), (2, 0)]
    assert g.straight_line((0, 0), (2, 4)) == [(0, 1), (1, 2), (1, 3)]
    assert g.straight_line((3, 0), (1, 3)) == [(2, 1), (2, 2)]
    assert g.straight_line((0, 0), (1, 1)) is None
    assert g.straight_line((0, 0), (0, 2)) is None


@pytest.mark.parametrize("topology", TOPOLOGIES)
def test_straight_line_cells_lie_between(topology: str) -> None:
    g = Grid(8, 8, topology)
    found = 0
    for a in g.all_cells():
        for b in g.all_cells():
            line = g.straight_line(a, b)
            if line is None:
                continue
            found += 1
            n = (
                g.distance(a, b)
                if topology != "square4"
                else max(abs(a[0] - b[0]), abs(a[1] - b[1]))
            )
            assert len(line) == max(n - 1, 0)
            for i, c in enumerate(line, start=1):
                assert g.in_bounds(c)
                assert g.distance(a, c) + g.distance(c, b) == g.distance(a, b)
                if topology != "square4":
                    assert g.distance(a, c) == i
    assert found > 64


# --------------------------------------------------------------------------- permissions


PERMS = {
    "space": {"stop": ["*"]},
    "asteroid": {"cross": ["*"]},
    "plain": {"stop": ["elite"], "cross": ["*"]},
    "nebula": {"stop": ["scout"]},
    "rock": {},
}


def test_cell_permissions() -> None:
    perms = CellPermissions(PERMS)
    none: frozenset[str] = frozenset()
    elite = frozenset({"elite"})
    scout = frozenset({"scout", "fast"})
    assert perms.may_enter("space", none) and perms.may_stop("space", none)
    assert perms.may_enter("asteroid", elite) and not perms.may_stop("asteroid", elite)
    assert perms.may_stop("plain", elite) and not perms.may_stop("plain", scout)
    assert perms.may_enter("plain", scout)
    # A tag allowed to stop may also enter; others may not even enter.
    assert perms.may_enter("nebula", scout) and perms.may_stop("nebula", scout)
    assert not perms.may_enter("nebula", elite)
    assert not perms.may_enter("rock", scout) and not perms.may_stop("rock", scout)
    assert perms.may_stop("space", none)  # cached answer
    assert perms.names == frozenset(PERMS)
    with pytest.raises(ValueError, match="unknown cell type"):
        perms.may_enter("lava", none)


def test_cell_permissions_reject_a_string_of_tags() -> None:
    with pytest.raises(ValueError, match="list of tags"):
        CellPermissions({"space": {"stop": "*"}})


# --------------------------------------------------------------------------- reachable


LEGEND = {"s": "space", "A": "asteroid", "#": "rock", ".": "plain"}
ROWS = ["sAss", "s#.s"]


def _movement(tags: frozenset[str]) -> tuple[Grid, Callable[[Pos], bool], Callable[[Pos], bool]]:
    g = Grid.from_rows(ROWS, LEGEND, "square4")
    can_enter, can_stop = CellPermissions(PERMS).predicates(g, tags)
    return g, can_enter, can_stop


def test_reachable_crosses_but_does_not_stop_on_asteroids() -> None:
    g, can_enter, can_stop = _movement(frozenset())
    got = g.reachable((0, 0), 3, can_enter, can_stop, _never)
    assert got == {
        (0, 1): ((0, 1),),
        (2, 0): ((1, 0), (2, 0)),
        (3, 0): ((1, 0), (2, 0), (3, 0)),
    }


def test_reachable_plain_only_for_elite() -> None:
    g, can_enter, can_stop = _movement(frozenset({"elite"}))
    got = g.reachable((0, 0), 3, can_enter, can_stop, _never)
    assert got[(2, 1)] == ((1, 0), (2, 0), (2, 1))
    assert (1, 0) not in got and (1, 1) not in got


def test_reachable_speed_limit() -> None:
    g, can_enter, can_stop = _movement(frozenset())
    assert g.reachable((0, 0), 0, can_enter, can_stop, _never) == {}
    assert g.reachable((0, 0), 1, can_enter, can_stop, _never) == {(0, 1): ((0, 1),)}
    four = g.reachable((0, 0), 4, can_enter, can_stop, _never)
    # Ties broken by neighbour order: from (2, 0) east (3, 0) is explored before south (2, 1).
    assert four[(3, 1)] == ((1, 0), (2, 0), (3, 0), (3, 1))


def test_reachable_occupied_cells_block() -> None:
    g, can_enter, can_stop = _movement(frozenset())
    occupied = {(1, 0)}
    got = g.reachable((0, 0), 10, can_enter, can_stop, occupied.__contains__)
    assert got == {(0, 1): ((0, 1),)}
    occupied = {(3, 0)}
    got = g.reachable((0, 0), 10, can_enter, can_stop, occupied.__contains__)
    assert (3, 0) not in got
    assert got[(3, 1)] == ((1, 0), (2, 0), (2, 1), (3, 1))


def test_reachable_start_is_not_tested_or_returned() -> None:
    g = Grid(3, 3, "square8")
    got = g.reachable((1, 1), 1, _always, _always, lambda p: p == (1, 1))
    assert (1, 1) not in got and len(got) == 8


def _reference_distances(
    g: Grid, start: Pos, can_enter: Callable[[Pos], bool], blocked: Callable[[Pos], bool]
) -> dict[Pos, int]:
    """Shortest step counts by naive relaxation over the whole map."""
    dist = {start: 0}
    changed = True
    while changed:
        changed = False
        for a in g.all_cells():
            if a not in dist:
                continue
            for b in g.all_cells():
                if g.distance(a, b) != 1 or not can_enter(b) or blocked(b):
                    continue
                if dist.get(b, 10**9) > dist[a] + 1:
                    dist[b] = dist[a] + 1
                    changed = True
    return dist


@pytest.mark.parametrize("topology", TOPOLOGIES)
def test_reachable_matches_reference(topology: str) -> None:
    rng = random.Random(3)
    types = ["space", "space", "space", "asteroid", "plain", "rock"]
    cells = [[rng.choice(types) for _ in range(8)] for _ in range(7)]
    g = Grid(8, 7, topology, cells)
    can_enter, can_stop = CellPermissions(PERMS).predicates(g, frozenset())
    occupied = {(rng.randrange(8), rng.randrange(7)) for _ in range(6)}
    for start in [(0, 0), (4, 3), (7, 6)]:
        occupied.discard(start)
        blocked = occupied.__contains__
        ref = _reference_distances(g, start, can_enter, blocked)
        for steps in (1, 3, 6):
            got = g.reachable(start, steps, can_enter, can_stop, blocked)
            expected = {p for p, d in ref.items() if 0 < d <= steps and can_stop(p)}
            assert set(got) == expected
            for dest, path in got.items():
                assert len(path) == ref[dest] and path[-1] == dest
                prev = start
                for c in path:
                    assert c in g.neighbours(prev) and can_enter(c) and not blocked(c)
                    prev = c
                assert g.shortest_path(start, dest, steps, can_enter, can_stop, blocked) == path


def test_shortest_path() -> None:
    g, can_enter, can_stop = _movement(frozenset())
    path = g.shortest_path((0, 0), (3, 1), 4, can_enter, can_stop, _never)
    assert path == ((1, 0), (2, 0), (3, 0), (3, 1))
    assert g.shortest_path((0, 0), (3, 1), 3, can_enter, can_stop, _never) is None
    assert g.shortest_path((0, 0), (1, 0), 5, can_enter, can_stop, _never) is None  # asteroid
    assert g.shortest_path((0, 0), (1, 1), 5, can_enter, can_stop, _never) is None  # rock
    assert g.shortest_path((0, 0), (9, 9), 5, can_enter, can_stop, _never) is None
    assert g.shortest_path((0, 0), (0, 0), 5, can_enter, can_stop, _never) == ()
    blocked = {(1, 0)}.__contains__
    assert g.shortest_path((0, 0), (3, 0), 9, can_enter, can_stop, blocked) is None


# --------------------------------------------------------------------------- render


def test_render_square() -> None:
    g = Grid.from_rows(["s#", "As"], LEGEND, "square8")
    text = g.render(lambda p: "#" if g.cell_type(p) == "rock" else ".")
    assert text == "  0 1\n0 . #\n1 . ."


def test_render_hex_indents_odd_rows_and_widens_for_big_numbers() -> None:
    g = Grid(11, 3, "hex")
    lines = g.render(lambda p: "o").splitlines()
    assert lines[0].split() == [str(x) for x in range(11)]
    assert lines[1] == "0  " + "  ".join("o" * 11)
    assert lines[2] == "1   " + "  ".join("o" * 11)
    assert lines[3] == "2  " + "  ".join("o" * 11)


@pytest.mark.parametrize("topology", TOPOLOGIES)
def test_grids_of_one_shape_share_their_geometry_and_keep_their_own_cells(topology: str) -> None:
    """A scenario's variants build their maps again: the cells and neighbours of a shape are
    made once (``_GEOMETRY``), each grid keeping its own cell types."""
    plain = Grid(5, 4, topology)
    rocky = Grid(5, 4, topology, cells=[["rock"] * 5 for _ in range(4)])
    assert rocky._nbrs is plain._nbrs and rocky.all_cells() is plain.all_cells()
    assert plain.cell_type((1, 1)) == "plain" and rocky.cell_type((1, 1)) == "rock"
    for p in plain.all_cells():  # the kept neighbours are the ring of radius 1
        assert plain.neighbours(p) == plain._ring(p, 1)
    assert Grid(4, 5, topology)._nbrs is not plain._nbrs  # another shape, its own
