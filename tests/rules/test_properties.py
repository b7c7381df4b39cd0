"""Property tests: arbitrary text never crashes the compiler; arithmetic matches Python."""

from __future__ import annotations

import operator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from distant_galaxy.errors import RuleError, RuleRuntimeError
from distant_galaxy.rules import RuleEnv, compile_effect, compile_expr

from .models import Player, Unit, World, make_env

ENV: RuleEnv = make_env(World([Player(1, 2, 0)]), [])
TOKENS = [
    "player", "unit", "units", "limit", "a", "x", "_x", "plyer", "points", "speed", "owner",
    "resources", "distance", "line_of", "emit", "abs", "min", "max", "sum", "count", "any", "all",
    "u", "in", "not", "and", "or", "if", "else", "for", "where", "true", "none", ".", ",", "(",
    ")", "[", "]", "+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", "<=", ">", ">=", "=",
    "+=", "-=", ";", "0", "1", "15", "2.5", "2d6", "0d6", '"s"', "'t'", "\n", " ", "@", "__class__",
]
soup = st.lists(st.sampled_from(TOKENS), max_size=25).map(" ".join)
nospace_soup = st.lists(st.sampled_from(TOKENS), max_size=25).map("".join)


def compile_safely(text: str) -> None:
    for compile_rule in (compile_expr, compile_effect):
        try:
            compile_rule(text, ENV)
        except RuleError as err:
            assert err.pos is not None and err.pos.line >= 1 and err.pos.col >= 1
            err.format()


@settings(deadline=2000, max_examples=300)
@given(st.text(max_size=60))
def test_random_text_only_raises_rule_errors(text: str) -> None:
    compile_safely(text)


@settings(deadline=2000, max_examples=500)
@given(st.one_of(soup, nospace_soup))
def test_token_soup_only_raises_rule_errors(text: str) -> None:
    compile_safely(text)


@settings(deadline=2000, max_examples=200)
@given(soup)
def test_compiled_soup_runs_or_raises_runtime_errors(text: str) -> None:
    try:
        rule = compile_expr(text, ENV)
    except RuleError:
        return
    ctx: dict[str, Any] = {
        "player": Player(3, 4, 0), "unit": Unit(), "units": [Unit(), Unit("tank", 1, 0)],
        "limit": 5, "a": 2, "x": "x", "$roll": lambda n, m, t: n,
    }
    try:
        rule(ctx)
    except RuleRuntimeError:
        pass


# -- random well-formed arithmetic compared with Python's own result --------------------------
OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
       "%": operator.mod, "/": operator.truediv, "==": operator.eq, "<": operator.lt,
       ">=": operator.ge, "!=": operator.ne}


def leaves() -> st.SearchStrategy[str]:
    return st.one_of(st.integers(0, 50).map(str), st.just("limit"), st.just("player.points"),
                     st.sampled_from(["1.5", "0.25"]))


def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(children, st.sampled_from(sorted(OPS)), children, st.booleans()).map(
        lambda t: f"({t[0]} {t[1]} {t[2]})" if t[3] else f"{t[0]} {t[1]} {t[2]}")
    unary = children.map(lambda c: f"-({c})")
    power = st.tuples(st.integers(0, 9), st.integers(0, 3)).map(lambda t: f"{t[0]} ** {t[1]}")
    logic = st.tuples(children, st.sampled_from(["and", "or"]), children).map(
        lambda t: f"({t[0]} {t[1]} {t[2]})")
    cond = st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})")
    negate = children.map(lambda c: f"(not {c})")
    return st.one_of(binary, unary, power, logic, cond, negate)


arith = st.recursive(leaves(), extend, max_leaves=12)


def python_value(text: str, ctx: dict[str, Any]) -> tuple[str, Any]:
    """Python's own result for ``text`` (digits, operators and two names only)."""
    try:
        value = eval(text, {"__builtins__": {}}, ctx)  # test oracle: digits and operators only
    except ZeroDivisionError:
        return ("error", None)
    return ("ok", value)


@settings(deadline=2000, max_examples=400)
@given(arith)
def test_arithmetic_matches_python(text: str) -> None:
    player = Player(7, 0, 0)
    try:
        rule = compile_expr(text, ENV)
    except RuleError as err:  # a constant division by zero is refused at load (issue 15, item 4)
        assert err.message == "division by zero" and err.pos is not None and err.pos.col >= 1
        return
    expected = python_value(text, {"limit": 4, "player": player})
    try:
        got = ("ok", rule({"limit": 4, "player": player}))
    except RuleRuntimeError as err:
        assert "division by zero" in str(err)
        got = ("error", None)
    assert got == expected
    if got[0] == "ok":
        assert type(got[1]) is type(expected[1])
