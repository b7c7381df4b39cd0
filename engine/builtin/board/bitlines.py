"""Lines, rows and columns of a seat's pieces read from an integer bitmask of its cells.

The mask is ``GameState.bits_of(seat, stride)``: bit ``y * stride + x`` is set for each cell of
the seat's tokens, with ``stride`` = the grid's width + 1, so the bit after each row's last cell is
always clear and a shift never carries a cell round to the next row. ``line_of``,
``pieces_on_row`` and ``pieces_on_column`` (``distant_galaxy.builtin.board.section``) use these
in pure games instead of testing cells one by one; the answers are the same.
"""

from __future__ import annotations

#: (n, stride) -> per direction (east, south, south-east, south-west), the shifts that test a
#: run of n: ``m &= m >> shift`` for each, starting from the mask (runs double in length).
_PLANS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
_MASKS: dict[tuple[int, int, int], int] = {}


def _plan(n: int, stride: int) -> tuple[tuple[int, ...], ...]:
    plan = _PLANS.get((n, stride))
    if plan is None:
        plan = []
        for d in (1, stride, stride + 1, stride - 1):
            shifts, have = [], 1
            while have < n:
                k = min(have, n - have)
                shifts.append(d * k)
                have += k
            plan.append(tuple(shifts))
        plan = _PLANS[(n, stride)] = tuple(plan)
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
