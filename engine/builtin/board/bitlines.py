"""Lines, rows and columns of a seat's pieces read from an integer bitmask of its cells.

The mask is ``GameState.bits_of(seat, stride)``: bit ``y * stride + x`` is set for each cell of
the seat's tokens, with ``stride`` = the grid's width + 1, so the bit after each row's last cell is
always clear and a shift never carries a cell round to the next row. ``line_of``,
``pieces_on_row`` and ``pieces_on_column`` (``distant_galaxy.builtin.board.section``) use these
in pure games instead of testing cells one by one; the answers are the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: (n, stride) -> per direction (east, south, south-east, south-west), the shifts that test a
#: run of n: ``m &= m >> shift`` for each, starting from the mask (runs double in length).
_PLANS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
_MASKS: dict[tuple[int, int, int], int] = {}


def _plan(n: int, stride: int) -> tuple[tuple[int, ...], ...]:
    plan = _PLANS.get((n, stride))
    if plan is None:
        steps: list[tuple[int, ...]] = []
        for d in (1, stride, stride + 1, stride - 1):
            shifts, have = [], 1
            while have < n:
                k = min(have, n - have)
                shifts.append(d * k)
                have += k
            steps.append(tuple(shifts))
        plan = _PLANS[(n, stride)] = tuple(steps)
    return plan


def has_line(bits: int, n: int, stride: int) -> bool:
    """Whether ``bits`` holds ``n`` cells in a straight line (a row, a column or a diagonal)."""
    if n <= 1:
        return bits != 0
    if bits.bit_count() < n:
        return False
    plan = _PLANS.get((n, stride))
    if plan is None:
        plan = _plan(n, stride)
    if n <= 4:  # one shift per direction for a pair, two for three or four: unrolled
        if n == 2:
            for (a,) in plan:
                if bits & (bits >> a):
                    return True
            return False
        for a, b in plan:
            m = bits & (bits >> a)
            if m & (m >> b):
                return True
        return False
    for shifts in plan:
        m = bits
        for shift in shifts:
            m &= m >> shift
            if not m:
                break
        else:
            return True
    return False


#: What :func:`line_checker` gives: the answers by mask (a table), or a function of the mask.
LineTest = tuple[bool, ...] | Callable[[int], bool]
#: (n, stride, height) -> the test of :func:`line_checker` (one per grid and line length)
_CHECKERS: dict[tuple[int, int, int], LineTest] = {}
#: Grids of at most this many bits (``stride * height``) get a table of every mask.
TABLE_BITS = 12
#: Whether this module runs compiled (the optional build, ``DG_COMPILE=1``): then a line of at
#: most 4 is tested by :func:`_unrolled`'s function, compiled with the module, which is faster
#: there than the text :func:`_make_checker` executes (interpreted in either build); in the
#: pure build the executed text is the faster one.
COMPILED = not __file__.endswith(".py")


def line_checker(n: int, stride: int, height: int) -> LineTest:
    """``has_line(bits, n, stride)`` for the masks of a grid ``stride - 1`` cells wide and
    ``height`` high, made once per process and grid: on grids of at most :data:`TABLE_BITS`
    bits (a 3×3 board) a table, the answer for every mask below its length (``table[bits]``;
    a larger mask, a piece beyond the grid's rows, is for :func:`has_line`); else a function
    of the mask, the shifts of :func:`has_line` written out for this ``n`` and ``stride``.
    Same answers (tested)."""
    check = _CHECKERS.get((n, stride, height))
    if check is None:
        check = _CHECKERS[(n, stride, height)] = _make_checker(n, stride, height)
    return check


def _make_checker(n: int, stride: int, height: int) -> LineTest:
    size = 1 << (stride * height)
    if size <= 1 << TABLE_BITS:
        return tuple(has_line(b, n, stride) for b in range(size))
    if n <= 1:
        return bool
    if COMPILED and n <= 4:
        return _unrolled(_plan(n, stride))
    return _executed(n, stride)


def _executed(n: int, stride: int) -> Callable[[int], bool]:
    """The test of a line of ``n`` (> 1) as a function written for this ``n`` and ``stride``
    and executed: one expression of shifts and masks."""
    terms = " or ".join(_term(shifts, k) for k, shifts in enumerate(_plan(n, stride)))
    text = f"def check(b):\n    return bool({terms})\n"
    namespace: dict[str, Any] = {"__builtins__": {"bool": bool}}
    exec(compile(text, "<line checker>", "exec"), namespace)  # a text of integers only
    return namespace["check"]


def _unrolled(plan: tuple[tuple[int, ...], ...]) -> Callable[[int], bool]:
    """The same test as :func:`_executed` for a ``plan`` of lines of 2 to 4 (one or two shifts
    per direction) as a closure over the shifts: no text executed, so it is compiled with this
    module in the compiled build."""
    if len(plan[0]) == 1:
        (a,), (b,), (c,), (d,) = plan

        def pair(bits: int) -> bool:
            return bool(bits & (bits >> a) or bits & (bits >> b) or bits & (bits >> c)
                        or bits & (bits >> d))
        return pair
    (a1, a2), (b1, b2), (c1, c2), (d1, d2) = plan

    def check(bits: int) -> bool:
        m = bits & (bits >> a1)
        if m & (m >> a2):
            return True
        m = bits & (bits >> b1)
        if m & (m >> b2):
            return True
        m = bits & (bits >> c1)
        if m & (m >> c2):
            return True
        m = bits & (bits >> d1)
        return bool(m & (m >> d2))
    return check


def _term(shifts: tuple[int, ...], k: int) -> str:
    """Non-zero when ``b`` has a run the ``shifts`` test (``m &= m >> shift`` for each, from
    ``m = b``, stopping at zero): ``(t := b & (b >> s0)) and (t & (t >> s1))``…"""
    parts, m = [], "b"
    for i, shift in enumerate(shifts):
        if i == len(shifts) - 1:
            parts.append(f"({m} & ({m} >> {shift}))")
        else:
            parts.append(f"(t{k}_{i} := {m} & ({m} >> {shift}))")
            m = f"t{k}_{i}"
    return f"({' and '.join(parts)})"


def count_row(bits: int, row: int, stride: int) -> int:
    """How many cells of ``bits`` are on row ``row`` (y)."""
    if row < 0:
        return 0
    return ((bits >> (row * stride)) & ((1 << (stride - 1)) - 1)).bit_count()


def count_column(bits: int, column: int, stride: int, height: int) -> int:
    """How many cells of ``bits`` are on column ``column`` (x) of a grid ``height`` rows high."""
    if not 0 <= column < stride - 1:
        return 0
    key = (column, stride, height)
    mask = _MASKS.get(key)
    if mask is None:
        mask = sum(1 << (y * stride + column) for y in range(height))
        if len(_MASKS) < 4096:
            _MASKS[key] = mask
    return (bits & mask).bit_count()
