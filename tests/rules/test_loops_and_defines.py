"""Effects that loop and branch, local names, and named expressions (``define:``) — issue 31,
item 1: ``for VAR in COLL [where COND]: BODY``, ``if COND: BODY``, blocks ``{ a; b }``,
``n = value``, and defines with parameters, which may not call themselves."""

from __future__ import annotations

import re
from typing import Any

import pytest

from distant_galaxy.errors import RuleError, RuleRuntimeError
from distant_galaxy.rules import RuleEnv, compile_effect, compile_expr
from distant_galaxy.rules.defines import read_defines


def _env(env: RuleEnv, section: dict[str, str]) -> RuleEnv:
    defines, errors = read_defines(section, lambda key: None, lambda name: None)
    assert not errors, [e.format() for e in errors]
    return RuleEnv(env.registry, env.names, env.views, env.constants, defines)


def test_a_loop_runs_its_body_for_each_element(env: RuleEnv, ctx: dict) -> None:
    compile_effect("for u in units: player.points += u.speed", env)(ctx)
    assert ctx["player"].points == 10 + 3 + 1 + 2
    assert "u" not in ctx  # the variable is gone after the loop


def test_a_loop_filters_and_a_block_runs_in_order(env: RuleEnv, ctx: dict) -> None:
    compile_effect('for u in units where u.type == "scout": { player.points += 1; '
                   "player.resources += u.speed }", env)(ctx)
    assert (ctx["player"].points, ctx["player"].resources) == (12, 3 + 3 + 2)


def test_a_semicolon_after_a_one_statement_body_ends_the_loop(env: RuleEnv, ctx: dict) -> None:
    compile_effect("for u in units: player.points += 1; player.resources += 1", env)(ctx)
    assert (ctx["player"].points, ctx["player"].resources) == (13, 4)


def test_nested_loops_and_a_condition(env: RuleEnv, ctx: dict) -> None:
    compile_effect("for a in units: for b in units where a.speed > b.speed: "
                   "if a.type != b.type: player.points += 1", env)(ctx)
    assert ctx["player"].points == 10 + 2  # scout 3 > tank 1, scout 2 > tank 1


def test_a_local_name_holds_a_value_for_the_statements_after_it(env: RuleEnv,
                                                                ctx: dict) -> None:
    compile_effect("n = player.points; player.points = 0; player.resources += n", env)(ctx)
    assert (ctx["player"].points, ctx["player"].resources) == (0, 13)


def test_a_local_inside_a_block_is_unknown_after_it(env: RuleEnv) -> None:
    with pytest.raises(RuleError, match="unknown name 'n'"):
        compile_effect("if true: { n = 1 }; player.points = n", env)


def test_a_name_of_the_rules_cannot_be_assigned(env: RuleEnv) -> None:
    with pytest.raises(RuleError, match="cannot assign to name 'player'"):
        compile_effect("player = 3", env)


def test_a_loop_over_a_number_is_a_clear_error(env: RuleEnv, ctx: dict) -> None:
    """Refused at load (issue 31's audit): a number is never a list."""
    with pytest.raises(RuleError, match=r"^<rule>:1:10: cannot go through a whole number \(3\)"):
        compile_effect("for u in 3: player.points += 1", env)
    with pytest.raises(RuleError, match="cannot go through a whole number"):
        compile_expr("count(u in limit)", env)
    with pytest.raises(RuleRuntimeError, match=r"^<rule>:1:10: .* a whole number is not a list"):
        compile_effect("for u in params.bonus: player.points += 1", env)(ctx)


def test_range_is_bounded(env: RuleEnv, ctx: dict) -> None:
    assert compile_expr("sum(k for k in range(1, 5))", env)(ctx) == 10
    with pytest.raises(Exception, match="more than 100,000 numbers"):
        compile_expr("len(range(0, 1000000))", env)(ctx)


def test_a_define_is_called_like_a_function(env: RuleEnv, ctx: dict) -> None:
    denv = _env(env, {"sq(a)": "a * a", "dist2(a, b)": "sq(a) + sq(b)",
                      "fast(u)": "u.speed >= 2", "two": "[1, 2]"})
    assert compile_expr("dist2(3, 4) + sum(k for k in two)", denv)(ctx) == 28
    assert compile_expr("count(u in units where fast(u))", denv)(ctx) == 2
    compile_effect("for k in two: player.points += sq(k)", denv)(ctx)
    assert ctx["player"].points == 15


def test_a_define_evaluates_each_argument_once(env: RuleEnv, ctx: dict,
                                               rolls: list[Any]) -> None:
    denv = _env(env, {"twice(a)": "a + a"})
    assert compile_expr("twice(1d6)", denv)(ctx) == 12 and len(rolls) == 1


def test_a_define_parameter_hides_the_name_it_shares(env: RuleEnv, ctx: dict) -> None:
    denv = _env(env, {"bump(player)": "player + 1"})
    assert compile_expr("bump(5) + player.points", denv)(ctx) == 16


def test_a_define_body_is_checked_where_it_is_used(env: RuleEnv) -> None:
    denv = _env(env, {"bad(u)": "u.speeed"})
    with pytest.raises(RuleError, match="unknown attribute 'speeed'"):
        compile_expr("bad(units[0]) > 1", denv.extended({}))
    with pytest.raises(RuleError, match=r"takes 1 argument, got 2; defined as bad\(u\)"):
        compile_expr("bad(1, 2)", denv)


@pytest.mark.parametrize(("section", "message"), [
    ({"me(n)": "n + me(n - 1)"}, r"define 'me' calls 'me', which leads back to it \(me → me\)"),
    ({"a(n)": "b(n)", "b(n)": "a(n) + 1"}, r"\(a → b → a\)"),
    ({"flat": "flat + 1"}, r"\(flat → flat\)"),
])
def test_a_define_may_not_call_itself(section: dict[str, str], message: str) -> None:
    _, errors = read_defines(section, lambda key: None, lambda name: None)
    assert len(errors) == 1
    assert errors[0].pos is not None
    assert re.search(message, errors[0].format())


def test_malformed_defines_are_refused() -> None:
    _, errors = read_defines({"f(x,": "1", "g(x, x)": "x", "if": "1", "h(a)": "a +"},
                             lambda key: None, lambda name: None)
    texts = "\n".join(e.format() for e in errors)
    assert "define 'f(x,'" in texts and "same parameter twice" in texts
    assert "reserved word" in texts and "syntax error" in texts
