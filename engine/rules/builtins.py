"""General built-in functions of the rule language (game-free), in :func:`default_registry`.

The engine and plugins register game functions (``distance``, ``emit``...) into a registry of
their own or into a copy of this one; see :meth:`distant_galaxy.rules.Registry.update`.
"""

from __future__ import annotations

from typing import Any

from distant_galaxy.limits import MAX_LOOP_STEPS
from distant_galaxy.rules.registry import Registry

#: The most numbers one ``range(a, b)`` gives (a loop over it stays bounded).
MAX_RANGE = 100_000


def default_registry() -> Registry:
    """A new registry holding the built-ins: abs, clamp, len, max, min, range, round, str."""
    reg = Registry()

    @reg.function("abs", ["x"], "The absolute value of a number.", "abs(player.points - 10) <= 2",
                  returns="number", types=["number"])
    def _abs(ctx: dict, x: Any) -> Any:
        return abs(x)

    @reg.function("clamp", ["x", "low", "high"], "`x` limited to the range `low`..`high`.",
                  "clamp(unit.speed + 2d6, 1, 6)", returns="number",
                  types=["number", "number", "number"])
    def _clamp(ctx: dict, x: Any, low: Any, high: Any) -> Any:
        return max(low, min(x, high))

    @reg.function("len", ["collection"], "The number of elements of a list (or characters of a "
                  "string).", "len(units) >= 3", returns="int", types=["collection"])
    def _len(ctx: dict, collection: Any) -> int:
        return len(collection)

    @reg.function("max", ["a", "b"], "The largest of two or more numbers. (Over a collection: "
                  "`max(EXPR for u in units)`.)", "max(player.points, 5)", returns="number",
                  varargs=True)
    def _max(ctx: dict, *values: Any) -> Any:
        return max(values)

    @reg.function("min", ["a", "b"], "The smallest of two or more numbers. (Over a collection: "
                  "`min(EXPR for u in units)`.)", "min(unit.speed, 3)", returns="number",
                  varargs=True)
    def _min(ctx: dict, *values: Any) -> Any:
        return min(values)

    @reg.function("range", ["start", "stop"], "The whole numbers from `start` up to `stop - 1` "
                  f"(at most {MAX_RANGE:,} of them), to loop over: `for k in range(1, 8): ...`. "
                  f"A rule's loops take at most {MAX_LOOP_STEPS:,} steps in one run, the steps of "
                  "loops inside loops added up.",
                  "count(k in range(1, 8) where unit_at(x + k, y) != none)", returns="list[int]")
    def _range(ctx: dict, start: int, stop: int) -> list[int]:
        if stop - start > MAX_RANGE:
            raise ValueError(f"range({start}, {stop}) has more than {MAX_RANGE:,} numbers")
        return list(range(start, stop))

    @reg.function("round", ["x"], "`x` rounded to the nearest integer (halves to even).",
                  "round(player.points / 2)", returns="int", types=["number"])
    def _round(ctx: dict, x: Any) -> int:
        return round(x)

    @reg.function("str", ["x"], "`x` as text: a number's digits, `true`/`false`, `none`, a "
                  "string as it is (to join text and numbers: `\"round \" + str(round)`).",
                  'log("score: " + str(player.score))', returns="str")
    def _str(ctx: dict, x: Any) -> str:
        if isinstance(x, bool):
            return "true" if x else "false"
        if x is None:
            return "none"
        return str(x)

    return reg
