"""Bench: compiled rules against the equivalent hand-written Python lambdas.

Run ``python bench/bench_rules.py`` from the repository root. The target is a ratio (compiled
time / lambda time) of at most 2 for each expression.
"""

from __future__ import annotations

import sys
import timeit
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from distant_galaxy.rules import Attr, RuleEnv, ViewType, compile_expr, default_registry


@dataclass
class Player:
    points: int
    seat: int


@dataclass
class Unit:
    type: str
    speed: int
    owner: int


VIEWS = {
    "player": ViewType("player", {"points": Attr.field("points", "int"),
                                  "seat": Attr.field("seat", "int")}),
    "unit": ViewType("unit", {"type": Attr.field("type", "str"), "speed": Attr.field("speed", "int"),
                              "owner": Attr.field("owner", "int")}),
}
ENV = RuleEnv(default_registry(), {"player": "player", "unit": "unit", "limit": "int"}, VIEWS)
CASES = [
    ("player.points + 2 >= limit and unit.speed > 1",
     lambda ctx: ctx["player"].points + 2 >= ctx["limit"] and ctx["unit"].speed > 1),
    ('unit.type == "scout" and unit.owner == player.seat',
     lambda ctx: ctx["unit"].type == "scout" and ctx["unit"].owner == ctx["player"].seat),
    ("(unit.speed + 1) * 2 - player.points // 3",
     lambda ctx: (ctx["unit"].speed + 1) * 2 - ctx["player"].points // 3),
]


def _time(fn: object, ctx: dict, number: int) -> float:
    """Seconds per call of ``fn(ctx)`` (best of 5), timed with the same statement for both."""
    timer = timeit.Timer("fn(ctx)", globals={"fn": fn, "ctx": ctx})
    return min(timer.repeat(number=number, repeat=5)) / number


def main(number: int = 200_000) -> list[tuple[str, float, float, float]]:
    """Time each case; print and return rows (source, compiled ns, lambda ns, ratio)."""
    ctx = {"player": Player(13, 0), "unit": Unit("scout", 3, 0), "limit": 15}
    rows = []
    for source, reference in CASES:
        rule = compile_expr(source, ENV)
        assert rule(ctx) == reference(ctx), source
        compiled = _time(rule, ctx, number)
        manual = _time(reference, ctx, number)
        rows.append((source, compiled * 1e9, manual * 1e9, compiled / manual))
    width = max(len(r[0]) for r in rows)
    print(f"{'expression':<{width}}  {'rule ns':>8}  {'lambda ns':>9}  {'ratio':>5}")
    for source, compiled, manual, ratio in rows:
        print(f"{source:<{width}}  {compiled:8.1f}  {manual:9.1f}  {ratio:5.2f}")
    return rows


if __name__ == "__main__":
    main()
