"""Seeded dice: one generator per game, every roll with a purpose, forced values for tests.

The generator is SplitMix64 over ``(seed, roll counter)``: its whole state is two integers kept in
the game state (``state.seed``, ``state.rolls``), so a save, a clone or a replay continues the same
sequence on any machine, in any process, whatever ``PYTHONHASHSEED`` is.

Dice tables (die, ranges → outcome) come from scenario YAML; :func:`table_lookup` reads them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from distant_galaxy.errors import EngineError

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def splitmix64(x: int) -> int:
    """One SplitMix64 output for the input ``x`` (a pure function)."""
    z = (x + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def draw(seed: int, counter: int, sides: int) -> tuple[int, int]:
    """A uniform value in 1..sides from the stream ``seed`` at ``counter``; returns (value, next)."""
    limit = (1 << 64) - ((1 << 64) % sides)
    while True:
        r = splitmix64((seed * 0x100000001B3 + counter * _GOLDEN) & _MASK)
        counter += 1
        if r < limit:
            return r % sides + 1, counter


_DICE_RE = re.compile(r"^\s*(\d*)d(\d+)\s*$")


def parse_dice(spec: str | int) -> tuple[int, int]:
    """``"2d6"`` → (2, 6); ``6`` → (1, 6)."""
    if isinstance(spec, int):
        return 1, spec
    m = _DICE_RE.match(spec)
    if not m:
        raise EngineError(f"not a dice expression: {spec!r} (expected e.g. 'd6' or '2d6')")
    return int(m.group(1) or 1), int(m.group(2))


class Dice:
    """The game's dice. ``roll`` records every roll as an event through ``emit``.

    ``state`` is any object with integer attributes ``seed`` and ``rolls`` (the game state).
    ``force(values)`` queues values that the next rolls return instead of random ones (tests and
    rule tests in YAML use it); forced rolls are logged with ``forced: true``.
    """

    def __init__(self, state: Any, emit: Callable[..., Any]):
        self.state = state
        self.emit = emit
        self.forced: list[int] = []
        self.on_roll: Callable[[], None] | None = None

    def force(self, values: list[int]) -> None:
        self.forced.extend(values)

    def roll(self, sides: int, purpose: str, rule: str | None = None, **info: Any) -> int:
        """Roll one die with ``sides`` faces for ``purpose``; log it; return the value."""
        forced = bool(self.forced)
        if forced:
            value = self.forced.pop(0)
            if not 1 <= value <= sides:
                raise EngineError(f"forced die value {value} is not on a d{sides}")
        else:
            value, self.state.rolls = draw(self.state.seed, self.state.rolls, sides)
        fields: dict[str, Any] = {"purpose": purpose, "die": f"d{sides}", "value": value}
        if rule:
            fields["rule"] = rule
        if forced:
            fields["forced"] = True
        fields.update(info)
        self.emit("dice", **fields)
        if self.on_roll is not None:
            self.on_roll()
        return value

    def roll_many(self, count: int, sides: int, purpose: str, rule: str | None = None) -> int:
        """Sum of ``count`` dice, each logged."""
        return sum(self.roll(sides, purpose, rule) for _ in range(count))

    def roll_table(self, table: dict[str, Any], purpose: str, rule: str | None = None
                   ) -> tuple[int, dict[str, Any]]:
        """Roll the table's die and return (roll, the matching row)."""
        count, sides = parse_dice(table.get("die", 6))
        value = self.roll_many(count, sides, purpose, rule)
        return value, table_lookup(table, value)


def table_lookup(table: dict[str, Any], value: int) -> dict[str, Any]:
    """The row of a dice table whose ``roll`` (an int or [lo, hi]) covers ``value``."""
    for row in table["rows"]:
        r = row["roll"]
        lo, hi = (r, r) if isinstance(r, int) else (r[0], r[1])
        if lo <= value <= hi:
            return row
    raise EngineError(f"no row of the table covers the roll {value}")
