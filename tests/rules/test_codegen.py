"""Generated rule functions (rules/codegen.py) agree with the closures on every expression.

Each expression is compiled twice, once as generated code and once with the closures only
(:func:`~distant_galaxy.rules.codegen.closures_only`), and both are run on the same contexts:
the values (and their types) must be equal, or both must raise the same exception with the same
message; the dice rolled and the context left behind must be the same too. A table of chosen
expressions covers every form, the error paths and the size limits; a property test adds
random expressions over values of every type.
"""

from __future__ import annotations

import operator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from distant_galaxy.errors import RuleError
from distant_galaxy.limits import MAX_INT_BITS
from distant_galaxy.rules import RuleEnv, code_cache, codegen, compile_effect, compile_expr

from .models import Player, Unit, World, make_env

WORLD = World([Player(10, 3, 0), Player(4, 1, 1)])
ENV: RuleEnv = make_env(WORLD, [])
BIG = 1 << (MAX_INT_BITS - 2)  # a product of two of them breaks the limit
#: Values the untyped names (a, b, c, x, y, cond) take in the contexts.
VALUES = [0, 1, -3, 7, 2.5, -0.5, True, False, None, "s", "", [1, 2], (), {"k": 1}, BIG, -BIG,
          1 << (MAX_INT_BITS // 2), (1 << (MAX_INT_BITS // 2)) - 1, 1 << (MAX_INT_BITS - 1),
          Unit()]


def contexts() -> list[dict[str, Any]]:
    """Contexts for the table: typical values, every value of VALUES in turn, missing names."""
    units = [Unit("scout", 3, 0, (0, 0)), Unit("tank", 1, 1, (2, 1)), Unit("scout", 2, 0, (5, 5))]
    base = {"player": WORLD.players[0], "unit": units[0], "units": units, "limit": 12,
            "a": True, "b": False, "c": 0, "x": "X", "y": "Y", "cond": 1,
            "params": {"bonus": 2}, "round_no": 3}
    found = [base, {}, {"limit": 5}, {**base, "unit": Unit("tank", BIG, 1)},
             {**base, "player": Player(-(1 << 2100), 0, 1), "limit": 1 << 2100}]
    for i, value in enumerate(VALUES):
        other = VALUES[(i * 7 + 3) % len(VALUES)]
        found.append({**base, "a": value, "b": other, "c": value, "x": other, "y": value,
                      "cond": value, "limit": value})
    return found


def outcome(rule: Any, ctx: dict[str, Any]) -> tuple[Any, ...]:
    """What running ``rule`` on a copy of ``ctx`` gives: value and type, or the error, plus
    the dice rolled and the context afterwards."""
    rolls: list[tuple[int, int, str]] = []
    ctx = {**ctx, "$roll": lambda n, m, text: rolls.append((n, m, text)) or n}
    try:
        value = rule(ctx)
        result: tuple[Any, ...] = ("value", value, type(value))
    except Exception as exc:  # the closures' own exceptions, whatever they are
        result = ("error", type(exc), str(exc))
    del ctx["$roll"]
    return (*result, rolls, sorted(ctx))


def both(text: str) -> tuple[Any, Any]:
    """``text`` compiled as generated code and with the closures only."""
    generated = compile_expr(text, ENV)
    with codegen.closures_only():
        closures = compile_expr(text, ENV)
    return generated, closures


def same_outcomes(text: str, ctxs: list[dict[str, Any]]) -> None:
    generated, closures = both(text)
    assert not codegen.is_generated(closures)
    for ctx in ctxs:
        assert outcome(generated, ctx) == outcome(closures, ctx), (text, ctx)


TABLE = [
    # the bench's rules
    "player.points + 2 >= limit and unit.speed > 1",
    'unit.type == "scout" and unit.owner == player.seat',
    "(unit.speed + 1) * 2 - player.points // 3",
    # every operator on names of any type (limits, types, division, strings, lists)
    "a + b", "a - b", "a * b", "a / b", "a // b", "a % b", "a ** 2", "2 ** a", "a ** b",
    "a * 3", "3 * a", "a * -2", "a * 1.5", "1.5 * a", "a * 0", "a * true", "a * limit",
    "limit * limit", "limit * 3 * 3", "(limit + 1) * (limit - 1)", "x * 2", "x * limit",
    "a == b", "a != b", "a < b", "a <= b", "a > b", "a >= b", "a in b", "a not in b",
    "a < b < c", "a <= limit < b", "1 < limit <= 12 != a", 'a in ["X", 1, none]',
    '"s" not in x', "a[0]", "x[a]", "params[x]", "params.bonus + a", "-a", "+a", "--a",
    "not a", "a and b", "a or b", "a and b or c", "not (a or b) and c", "a if cond else b",
    "(a if b else c) if cond else -a", "unit.speed * unit.speed", "unit.speed * 2 + 1",
    "player.points * player.points * limit", "player.points // (limit - 12)",
    "player.points / (limit - 12)", "player.points % limit", "unit.pos.x", "a.points",
    "unit.owner_player.points + unit.owner_player.resources * 2", "units[1].speed * a",
    # names on their own, missing names, calls and comprehensions inside operators
    "limit", "a and limit", "not limit", "-limit", "a if limit else b", "limit < a < b",
    "player.points + limit", "x + y", "[a, b, limit]", "[a, 1] + [b]",
    "count(u in units where u.speed * a > 2) + 1", "sum(u.speed * 2 for u in units) - a",
    "any(u in units where u.type == x or u.owner == a)", "max(u.speed for u in units) * 2",
    "abs(a) + 1", "distance(unit.pos, units[1].pos) * 2 <= limit", "len(x) * 2",
    "2d6 + a", "a and 1d6 > 3", "1d6 * 1d6 if cond else 0", "count(u in a) * 2",
    "clamp(a, 0, 5) * limit", "min(a, b) + max(limit, 3)",
]


@pytest.mark.parametrize("text", TABLE)
def test_table_agrees_with_the_closures(text: str) -> None:
    same_outcomes(text, contexts())


@pytest.mark.parametrize("text", [
    "player.points + 2 >= limit and unit.speed > 1", "a * b", "-a", "not a", "a if b else c",
    "a < b < c", "unit.speed + 1", "player.points", "a[0]",
])
def test_operators_are_generated(text: str) -> None:
    assert codegen.is_generated(compile_expr(text, ENV))


@pytest.mark.parametrize("text", ["limit", "a", "3", "abs(a)", "count(u in units)", "2d6",
                                  "[a, b]"])
def test_rules_without_operators_keep_their_closure(text: str) -> None:
    assert not codegen.is_generated(compile_expr(text, ENV))


def test_parts_evaluated_alone_are_generated() -> None:
    """Arguments of calls and the bodies of comprehensions are generated functions too."""
    rule = compile_expr("count(u in units where u.speed > 1 and u.owner == player.seat)", ENV)
    cells = [c.cell_contents for c in rule.__closure__ or ()]
    assert any(codegen.is_generated(c) for c in cells)


def test_effect_values_are_generated_and_agree() -> None:
    for text in ("player.points += unit.speed * 2", "player.resources = limit * a - 1"):
        for ctx in contexts()[:3] + contexts()[5:12]:
            effects = []
            for generated in (True, False):
                player = Player(10, 3, 0)
                run_ctx = {**ctx, "player": player, "$roll": lambda n, m, t: n}
                if generated:
                    effect = compile_effect(text, ENV)
                else:
                    with codegen.closures_only():
                        effect = compile_effect(text, ENV)
                try:
                    effect(run_ctx)
                    effects.append(("ok", player.points, player.resources))
                except Exception as exc:
                    effects.append(("error", type(exc), str(exc)))
            assert effects[0] == effects[1], (text, ctx)


def test_deepest_rules_are_generated() -> None:
    """The deepest rules the compiler accepts are within what Python's parser takes."""
    for text in ("(" * 78 + "limit * a" + " * b)" * 78, "(a * " * 78 + "a" + ")" * 78):
        assert codegen.is_generated(compile_expr(text, ENV))
        same_outcomes(text, contexts()[:8])


def test_code_python_refuses_keeps_the_closures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should Python refuse the generated text, the rule keeps its closures."""
    def refuse(*args: Any) -> None:
        raise SyntaxError("too many nested parentheses")

    monkeypatch.setenv("DG_CACHE_DIR", "")  # no code kept from an earlier run
    monkeypatch.setattr(code_cache, "compile", refuse, raising=False)
    rule = compile_expr("limit * a + 987654321", ENV)  # a shape of its own (no cached code)
    assert not codegen.is_generated(rule) and rule({"limit": 2, "a": 3}) == 987654327


def test_generated_text_holds_no_rule_text() -> None:
    """Strings of the rule reach the function as repr of their value, names as repr of keys:
    a rule that looks like Python code stays a string."""
    text = "x == \"') or __import__('os') or ('\" and limit * 2 > 1"
    same_outcomes(text, contexts()[:6])
    assert codegen.is_generated(compile_expr(text, ENV))


# -- random expressions -------------------------------------------------------------------
BINARY = ["+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">=", "in", "not in",
          "and", "or"]


def leaves() -> st.SearchStrategy[str]:
    names = ["a", "b", "c", "x", "limit", "player.points", "unit.speed", "unit.type", "cond",
             "units[0].speed", "params.bonus", "unit.owner_player.seat"]
    constants = ["0", "1", "2", "3", "7", "2.5", '"s"', "none", "true", "[1, 2]", "2d6"]
    return st.sampled_from(names + constants)


def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(children, st.sampled_from(BINARY), children).map(
        lambda t: f"({t[0]} {t[1]} {t[2]})")
    chain = st.tuples(children, children, children).map(lambda t: f"({t[0]} < {t[1]} <= {t[2]})")
    unary = st.tuples(st.sampled_from(["-", "+", "not "]), children).map(
        lambda t: f"({t[0]}{t[1]})")
    cond = st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})")
    power = children.map(lambda c: f"({c} ** 2)")
    call = children.map(lambda c: f"abs({c})")
    select = children.map(lambda c: f"count(u in units where u.speed * {c})")
    return st.one_of(binary, chain, unary, cond, power, call, select)


@settings(deadline=None, max_examples=300)
@given(st.recursive(leaves(), extend, max_leaves=10), st.sampled_from(VALUES),
       st.sampled_from(VALUES))
def test_random_expressions_agree_with_the_closures(text: str, one: Any, other: Any) -> None:
    try:
        generated, closures = both(text)
    except RuleError:
        return
    base = contexts()[0]
    for ctx in ({**base, "a": one, "b": other, "c": one, "x": other, "cond": other},
                {**base, "limit": one, "a": other}, {"a": one}):
        assert outcome(generated, ctx) == outcome(closures, ctx), (text, ctx)


def test_inline_operators_are_the_closures_operators() -> None:
    """Every operator written inline is one the closures run as the plain Python operator."""
    assert codegen.INLINE[operator.add] == "+" and len(set(codegen.INLINE.values())) == len(
        codegen.INLINE)


def test_a_call_with_an_argument_to_inline_is_one_generated_function() -> None:
    """A registered function's call whose arguments have operators (``abs(a + 1)``) is one
    generated function (``codegen.call``) that gives what the call's closures give: values,
    an argument's failure and the function's own, arguments from left to right."""
    for text in ("abs(a + 1)", "abs(1 // a)", "abs(x * 2)", "max(a + 1, limit * 2, 3)",
                 "max(a, b - 1)", "abs(player.points - limit)"):
        assert codegen.is_generated(compile_expr(text, ENV)), text
        same_outcomes(text, contexts())
    assert not codegen.is_generated(compile_expr("abs(a)", ENV))  # nothing to inline
