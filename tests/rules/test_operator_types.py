"""Operators checked against their operands' types at load, and the ``str()`` function (issue 31,
items 5 and 6): ``"a" + 1`` and ``player.points >= "100"`` are load-time errors naming both
operands; operands of unknown type are left to the run-time checks."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import RuleError
from distant_galaxy.rules import compile_expr
from tests.rules.models import Player, World, make_env

ENV = make_env(World([Player(1, 2, 0)]), [])


@pytest.mark.parametrize("rule, message", [
    ('"a" + 1', 'cannot add a string ("a") and a whole number (1)'),
    ('player.points >= "100"', 'cannot compare a whole number (player.points) and a string'),
    ('limit == "3"', "cannot compare a whole number (limit) and a string"),
    ('1 < limit < "x"', 'cannot compare a whole number (limit) and a string ("x")'),
    ('"ab" - 1', "cannot subtract a string"),
    ("none + 1", "cannot add none"),
    ('"ab" * "c"', "cannot multiply a string"),
    ('2 ** "x"', "cannot raise a whole number (2) by a string"),
])
def test_operands_that_cannot_go_together_are_refused_at_load(rule: str, message: str) -> None:
    with pytest.raises(RuleError, match="^<rule>:1:1: " + message.replace("(", r"\(")
                       .replace(")", r"\)")) as info:
        compile_expr(rule, ENV)
    assert info.value.hint and ("str(x)" in info.value.hint or "none" in info.value.hint)


@pytest.mark.parametrize("rule", ['"ab" * limit', "a + 1", 'x >= "100"', "limit + 1.5",
                                  "true + 1", 'limit == none', '"a" + "b"'])
def test_operands_that_may_go_together_compile(rule: str) -> None:
    compile_expr(rule, ENV)


@pytest.mark.parametrize("rule, value", [('"round " + str(limit)', "round 3"),
                                         ("str(2.5)", "2.5"), ("str(true)", "true"),
                                         ("str(none)", "none"), ('str("x")', "x")])
def test_str_makes_text_of_any_value(rule: str, value: str) -> None:
    expr = compile_expr(rule, ENV)
    assert expr.type == "str" and expr({"limit": 3}) == value
