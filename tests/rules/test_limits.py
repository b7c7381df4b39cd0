"""Issue 16 item 1 and issue 15 item 4: rules cannot hang the compiler or exhaust memory.

Compile-time work is bounded (constant folding checks the size of what it makes), rule texts are
bounded in length and bracket depth before parsing, and evaluation checks every value an
operator makes against the limits of :mod:`distant_galaxy.limits`. A constant that breaks a limit
or divides by zero is a load-time error with its file:line:col; one that depends on the game
fails in play as a RuleRuntimeError naming the rule and the limit.
"""

from __future__ import annotations

import resource
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from distant_galaxy.errors import RuleError, RuleRuntimeError
from distant_galaxy.limits import (
    MAX_BRACKETS,
    MAX_INT_BITS,
    MAX_ITEMS,
    MAX_LOOP_STEPS,
    MAX_RULE_CHARS,
    MAX_STR,
)
from distant_galaxy.rules import compile_effect, compile_expr
from tests.attack_helpers import mod_with_rule, run_dg

from .models import Player, World, make_env

ENV = make_env(World([Player(1, 2, 0)]), [])

LOAD_TIME = [
    # rule, column of the error inside the rule (1-based), message fragment
    ("(10 ** 9999) ** 9999 > 0", 2, "integer too large"),
    ("(10 ** 3000) ** 3000 > 0", 2, "integer too large"),
    ("2 ** 4096 > 0", 1, "integer too large"),
    ("10 ** 600 * 10 ** 700 > 0", 1, "integer too large"),
    ('len("ab" * 1000000000) > 0', 5, "string too long"),
    ('len("ab" + "c" * 200000) > 0', 12, "string too long"),
    ("1 // 0 > 0", 1, "division by zero"),
    ("1 % 0 > 0", 1, "division by zero"),
    ("0 ** -1 > 0", 1, "division by zero"),
    ("1 / (2 - 2) > 0", 1, "division by zero"),
    ("1" * 5000 + " > 0", 1, "number too large: 5000 digits"),
    ("1" * 400 + ".5 > 0", 1, "number too large"),
    ("1d" + "9" * 5000 + " > 0", 1, "bad dice"),
    # issue 33 item 4: Python makes a complex number, which no comparison takes
    ("(-8) ** 0.5 > 0", 1, "has no real value"),
    ("(0 - 8) ** (1 / 3) > 0", 1, "has no real value"),
]


@pytest.mark.parametrize("rule, col, fragment", LOAD_TIME)
def test_constant_faults_are_load_time_errors_with_position(rule: str, col: int,
                                                            fragment: str) -> None:
    with pytest.raises(RuleError) as info:
        compile_expr(rule, ENV)
    assert fragment in info.value.message
    assert info.value.pos is not None and info.value.pos.col == col


@pytest.mark.parametrize("rule, fragment", [
    ("(10 ** 9999) ** 9999 > 0", "value too large: integer too large"),
    ("1 // 0 > 0", "division by zero"),
    ('len("ab" * 1000000000) > 0', "value too large: string too long"),
])
def test_dg_validate_refuses_at_the_position(tmp_path: Path, rule: str, fragment: str) -> None:
    """The 40-character rule that ran 13 minutes is refused at once with file:line:col, exit 1."""
    mod = mod_with_rule(tmp_path, rule)
    before = mod.read_bytes()
    result = run_dg(tmp_path, "validate", str(mod), timeout=60)
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    col = 10 + next(c for r, c, _ in LOAD_TIME if r == rule) - 1
    assert f"{mod}:7:{col}: {fragment}" in out
    assert "Traceback" not in out
    assert mod.read_bytes() == before


@pytest.mark.parametrize("rule, fragment", [
    ("(" * 100_000 + "1" + ")" * 100_000, "rule too long"),
    ("(" * 5000 + "1" + ")" * 5000, f"more than {MAX_BRACKETS} brackets"),
    ("[" * 1000 + "]" * 1000, f"more than {MAX_BRACKETS} brackets"),
])
def test_deep_or_long_rules_are_refused_before_parsing(rule: str, fragment: str) -> None:
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(RuleError, match=fragment):
        compile_expr(rule, ENV)
    with pytest.raises(RuleError, match=fragment):
        compile_effect(rule, ENV)
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - usage
    assert grown_kib < 50_000  # the parser never ran on it (it took 145 MB)


def test_brackets_inside_strings_do_not_count() -> None:
    rule = compile_expr('len("' + "(" * 500 + '") > 0', ENV)
    assert rule({}) is True


RUN_TIME = [
    ('len("ab" * limit * 1000000000) > 0', "string too long"),
    ("[1, 2] * (limit * 100000)", "list too long"),
    ("limit ** 100000", "too large"),
    ("(limit * 2) ** 3000", "integer too large"),
    ("limit * 2 ** 4000 * 2 ** 100", "integer too large"),
    ("limit // (limit - 3)", "division by zero"),
]


def test_string_formatting_is_refused_at_load() -> None:
    """``"%999999999d" % limit`` (Python's string formatting, not a rule) is a string by a number:
    refused when the rule loads, as every operator whose operands' types cannot go together."""
    with pytest.raises(RuleError, match="cannot take the remainder of a string"):
        compile_expr('"%999999999d" % limit', ENV)


@pytest.mark.parametrize("rule, fragment", RUN_TIME)
def test_values_made_in_play_are_bounded(rule: str, fragment: str) -> None:
    expr = compile_expr(rule, ENV)
    with pytest.raises(RuleRuntimeError) as info:
        expr({"limit": 3})
    assert fragment in str(info.value) and rule[:10] in str(info.value)


def test_effects_are_bounded_too() -> None:
    """``player.points *= player.points`` repeated cannot grow a counter past the limit."""
    player = Player(3, 0, 0)
    square = compile_effect("player.points *= player.points", ENV)
    with pytest.raises(RuleRuntimeError, match="integer too large"):
        for _ in range(20):
            square({"player": player})
    assert player.points.bit_length() <= MAX_INT_BITS


def test_loops_inside_loops_are_bounded_by_their_steps_in_all() -> None:
    """The game author's trial: ``for a in range(0, 1000): for b in range(0, 1000): …`` in a
    trigger took 18 GB in two minutes, two nested ``range(0, 100000)`` never ended. A rule's
    loops — ``for``, ``count``/``any``/``all``, ``sum``/``min``/``max`` — take at most
    MAX_LOOP_STEPS steps in one run, the steps of inner loops added up, then fail naming the
    rule and the loop."""
    player = Player(3, 0, 0)
    nested = compile_effect("for a in range(0, 1000): for b in range(0, 1000): player.points += 1",
                            ENV)
    ctx: dict = {"player": player}
    with pytest.raises(RuleRuntimeError) as info:
        nested(ctx)
    assert f"more than {MAX_LOOP_STEPS:,} loop steps in one run of the rule" in str(info.value)
    assert "range(0, 1000)" in str(info.value)
    assert player.points <= MAX_LOOP_STEPS and "$steps" not in ctx
    counted = compile_expr("sum(count(b in range(0, 1000)) for a in range(0, 1000)) > 0", ENV)
    with pytest.raises(RuleRuntimeError, match="loop steps"):
        counted({})
    # within the budget, loops one after another each have their own: both run whole
    each = MAX_LOOP_STEPS // 2 + 1
    side_by_side = compile_expr(f"count(a in range(0, {each})) + count(b in range(0, {each}))",
                                ENV)
    assert side_by_side({}) == 2 * each


def test_values_within_the_limits_still_work() -> None:
    assert compile_expr("2 ** 4095 > 0", ENV)({}) is True
    assert compile_expr(f'len("a" * {MAX_STR})', ENV)({}) == MAX_STR
    assert compile_expr(f"len([0] * {MAX_ITEMS})", ENV)({}) == MAX_ITEMS
    assert compile_expr("7 % 3 + 2 ** -1", ENV)({}) == 1.5
    assert compile_expr('"ab" + "cd"', ENV)({}) == "abcd"


# -- property: any rule up to the size limit compiles and runs within fixed bounds -------------
HEAVY = ["10", "9999", "3000", "1000000000", "limit", '"ab"', "[1, 2]", "**", "*", "+", "-",
         "//", "%", "(", ")", "len(", "[", "]", ",", "0", "-1", "2d6", ">", "and", "not",
         "if", "else", '"%d"', "max(", "sum(u for u in [1, 2])"]
heavy = st.lists(st.sampled_from(HEAVY), max_size=60).map(" ".join)
bracketed = st.integers(0, 3 * MAX_BRACKETS).map(lambda n: "(" * n + "2 ** 9999" + ")" * n)
sized = st.integers(0, MAX_RULE_CHARS // 10).map(lambda n: "2 ** 4000 * " * n + "1")


@settings(deadline=3000, max_examples=300)  # the deadline is the bound: each case well under it
@given(st.one_of(heavy, bracketed, sized))
def test_any_rule_compiles_and_runs_within_bounds_or_refuses_cleanly(text: str) -> None:
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for compile_rule in (compile_expr, compile_effect):
        try:
            rule = compile_rule(text, ENV)
        except RuleError as err:
            assert err.pos is not None and err.pos.line >= 1 and err.pos.col >= 1
            continue
        try:
            rule({"limit": 3, "player": Player(1, 2, 0), "$roll": lambda n, m, t: n * m})
        except RuleRuntimeError:
            pass
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - usage
    assert grown_kib < 100_000  # no value anywhere near a hundred megabytes was made
