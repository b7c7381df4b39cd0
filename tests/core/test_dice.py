"""Dice: seeded determinism, uniform range, forced values, tables from YAML, purpose on every roll."""

from __future__ import annotations

from collections import Counter

import pytest

from distant_galaxy.core.dice import Dice, draw, parse_dice, table_lookup
from distant_galaxy.errors import EngineError


class _State:
    def __init__(self, seed: int):
        self.seed, self.rolls = seed, 0


def _dice(seed: int = 1) -> tuple[Dice, list]:
    events: list = []
    return Dice(_State(seed), lambda t, **f: events.append({"type": t, **f})), events


def test_same_seed_same_rolls():
    a, _ = _dice(42)
    b, _ = _dice(42)
    assert [a.roll(6, "x") for _ in range(50)] == [b.roll(6, "x") for _ in range(50)]


def test_different_seeds_differ():
    a, _ = _dice(1)
    b, _ = _dice(2)
    assert [a.roll(6, "x") for _ in range(20)] != [b.roll(6, "x") for _ in range(20)]


def test_known_values_do_not_drift():
    """The generator is part of the save/log format: these values must never change."""
    counter, out = 0, []
    for _ in range(8):
        v, counter = draw(7, counter, 6)
        out.append(v)
    assert out == KNOWN_SEED7


def test_roughly_uniform():
    d, _ = _dice(3)
    counts = Counter(d.roll(6, "x") for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < c < 1200 for c in counts.values())


def test_every_roll_is_logged_with_purpose():
    d, events = _dice()
    d.roll(6, "combat attack", rule="R7.50")
    assert events[0]["type"] == "dice" and events[0]["purpose"] == "combat attack"
    assert events[0]["rule"] == "R7.50" and 1 <= events[0]["value"] <= 6


def test_forced_values_come_first_and_are_marked():
    d, events = _dice()
    d.force([6, 4])
    assert d.roll(6, "a") == 6 and d.roll(6, "b") == 4
    assert events[0]["forced"] and events[1]["forced"]
    d.roll(6, "c")
    assert "forced" not in events[2]


def test_forced_value_must_fit_the_die():
    d, _ = _dice()
    d.force([7])
    with pytest.raises(EngineError, match="not on a d6"):
        d.roll(6, "x")


def test_tables():
    table = {"die": 6, "rows": [{"roll": 1, "r": "a"}, {"roll": [2, 5], "r": "b"}, {"roll": 6, "r": "c"}]}
    assert table_lookup(table, 1)["r"] == "a"
    assert table_lookup(table, 4)["r"] == "b"
    d, _ = _dice()
    d.force([6])
    assert d.roll_table(table, "t") == (6, {"roll": 6, "r": "c"})
    assert parse_dice("2d6") == (2, 6) and parse_dice(6) == (1, 6)
    with pytest.raises(EngineError):
        parse_dice("two dice")


KNOWN_SEED7 = [4, 4, 3, 3, 4, 2, 6, 3]
