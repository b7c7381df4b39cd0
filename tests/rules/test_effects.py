"""Effect statements: assignments to settable attributes and effect calls."""

from __future__ import annotations

from typing import Any

import pytest

from distant_galaxy.errors import RuleError, RuleRuntimeError
from distant_galaxy.rules import Effect, RuleEnv, compile_effect


def test_augmented_and_plain_assignment(env: RuleEnv, ctx: dict) -> None:
    player = ctx["player"]
    effect = compile_effect("player.resources += 2", env)
    assert isinstance(effect, Effect) and effect(ctx) is None
    assert player.resources == 5
    compile_effect("player.points = player.points + unit.speed", env)(ctx)
    assert player.points == 13


@pytest.mark.parametrize(
    ("text", "expected"),
    [("player.points -= 4", 6), ("player.points *= 3", 30), ("player.points //= 3", 3),
     ("player.points %= 4", 2), ("player.points /= 4", 2.5)],
)
def test_every_augmented_operator(text: str, expected: Any, env: RuleEnv, ctx: dict) -> None:
    compile_effect(text, env)(ctx)
    assert ctx["player"].points == expected


def test_several_statements_and_effect_calls(env: RuleEnv, ctx: dict, events: list) -> None:
    effect = compile_effect(
        'player.resources += 2; emit("bonus", amount=2, by=player.seat);\n'
        "unit.owner_player.points = 1;", env)
    effect(ctx)
    assert ctx["player"].resources == 5
    assert events == [("bonus", {"amount": 2, "by": 0})]
    assert ctx["player"].points == 1
    assert effect.names == frozenset({"player", "unit"})
    assert effect.source.startswith("player.resources")


def test_effect_with_dice_and_comprehension(env: RuleEnv, ctx: dict, rolls: list) -> None:
    compile_effect("player.points += 1d6 + count(u in units where u.type == 'scout')", env)(ctx)
    assert ctx["player"].points == 10 + 6 + 2 and rolls == [(1, 6, "1d6")]


def test_effect_runtime_error(env: RuleEnv, ctx: dict) -> None:
    with pytest.raises(RuleRuntimeError, match="division by zero"):
        compile_effect("player.points //= 0", env)(ctx)
    with pytest.raises(RuleRuntimeError, match="cannot add a whole number and a string") as info:
        compile_effect('player.points += [unit.type, 1][0]', env)(ctx)
    assert str(info.value).startswith("<rule>:1:1: ") and "TypeError" not in str(info.value)
    with pytest.raises(RuleError, match=r"cannot add a whole number \(player.points\) and a"):
        compile_effect('player.points += unit.type', env)  # known at load
