"""Lines, rows and columns read from bitmasks agree with testing the cells one by one."""

from __future__ import annotations

import random

from distant_galaxy.builtin.board import bitlines
from distant_galaxy.builtin.board.bitlines import count_column, count_row, has_line, line_checker

_DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _random_board(rng: random.Random, density: float
                  ) -> tuple[int, int, int, set[tuple[int, int]], int]:
    """A random board of 1..9 × 1..9 cells (a padding column: stride w + 1): its width,
    height, stride, taken cells and their bitmask."""
    w, h = rng.randint(1, 9), rng.randint(1, 9)
    stride = w + 1
    cells = {(x, y) for y in range(h) for x in range(w) if rng.random() < density}
    return w, h, stride, cells, sum(1 << (y * stride + x) for x, y in cells)


def _line_by_cells(cells: set[tuple[int, int]], n: int) -> bool:
    for x, y in cells:
        for dx, dy in _DIRS:
            k = 1
            while (x + dx * k, y + dy * k) in cells:
                k += 1
            if k >= n:
                return True
    return False


def test_has_line_agrees_with_the_cells_on_random_boards():
    rng = random.Random(7)
    for _ in range(3000):
        w, h, stride, cells, bits = _random_board(rng, 0.35)
        for n in range(0, 7):
            assert has_line(bits, n, stride) == (bool(cells) and _line_by_cells(cells, n)), \
                (w, h, sorted(cells), n)


def test_rows_and_columns_count_the_cells():
    rng = random.Random(3)
    for _ in range(500):
        w, h, stride, cells, bits = _random_board(rng, 0.5)
        for row in range(-1, h + 1):
            assert count_row(bits, row, stride) == sum(1 for c in cells if c[1] == row)
        for col in range(-1, w + 1):
            assert count_column(bits, col, stride, h) == sum(1 for c in cells if c[0] == col)


def test_line_checker_agrees_with_has_line():
    """The per-grid test (a table on small grids, the shifts written out on larger ones) gives
    has_line's answers."""
    rng = random.Random(11)
    for w, h in ((3, 3), (2, 3), (4, 4), (7, 6), (8, 8), (1, 5), (9, 2)):
        stride = w + 1
        for n in range(0, 6):
            check = line_checker(n, stride, h)
            for _ in range(300):
                cells = {(x, y) for y in range(h) for x in range(w) if rng.random() < 0.4}
                bits = sum(1 << (y * stride + x) for x, y in cells)
                found = check[bits] if isinstance(check, tuple) else check(bits)
                assert found is has_line(bits, n, stride), (w, h, n, sorted(cells))


def test_both_forms_of_the_line_test_agree_with_has_line():
    """The executed text (the pure build's test) and the closure over the shifts (the compiled
    build's, lines of 2 to 4) give has_line's answers, whichever build this is."""
    rng = random.Random(5)
    for w, h in ((7, 6), (8, 8), (4, 4), (9, 2), (1, 5)):
        stride = w + 1
        for n in (2, 3, 4):
            forms = (bitlines._executed(n, stride), bitlines._unrolled(bitlines._plan(n, stride)))
            for _ in range(300):
                cells = {(x, y) for y in range(h) for x in range(w) if rng.random() < 0.4}
                bits = sum(1 << (y * stride + x) for x, y in cells)
                for form in forms:
                    assert form(bits) is has_line(bits, n, stride), (w, h, n, sorted(cells))
