"""Load-time errors: each is a RuleError pointing inside the rule string, with a caret."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import PluginError, RuleError, SourcePos
from distant_galaxy.rules import Registry, RuleEnv, ViewType, compile_effect, compile_expr

POS = SourcePos("s.yaml", 10, 15, '  cost: "player.points +"')


def error_of(text: str, env: RuleEnv, pos: SourcePos | None = POS, effect: bool = False):
    with pytest.raises(RuleError) as info:
        (compile_effect if effect else compile_expr)(text, env, pos)
    return info.value


def test_syntax_error_at_end_points_after_the_text(env: RuleEnv) -> None:
    err = error_of("player.points +", env)
    assert err.pos == SourcePos("s.yaml", 10, 15 + len("player.points +"), POS.text)
    assert "unexpected end of text" in err.message
    assert "expected one of" in err.message and "a name" in err.message
    lines = str(err).splitlines()
    assert lines[0].startswith("s.yaml:10:30: syntax error")
    assert lines[1] == "    " + POS.text
    assert lines[2] == "    " + " " * 29 + "^"


@pytest.mark.parametrize(
    ("text", "offset", "fragment"),
    [
        ("player.points + * 2", 16, "unexpected '*'"),
        ("(unit.speed + 1", 15, "')'"),
        ("unit.speed + 1)", 14, "unexpected ')'"),
        ("a @ b", 2, "unexpected character '@'"),
        ("count(u units)", 8, "expected 'in'"),
        ('"unclosed', 0, "unexpected character"),
        ("f(a,,b)", 4, "unexpected ','"),
        ("1 2", 2, "unexpected '2'"),
    ],
)
def test_syntax_error_columns(text: str, offset: int, fragment: str, env: RuleEnv) -> None:
    err = error_of(text, env)
    assert (err.pos.line, err.pos.col) == (10, 15 + offset), err.message
    assert fragment in err.message


def test_error_on_a_later_line_of_a_multiline_rule(env: RuleEnv) -> None:
    text = "player.points >= 3 and\n  unit.sped > 1"
    err = error_of(text, env)
    assert (err.pos.file, err.pos.line, err.pos.col) == ("s.yaml", 11, 8)
    assert err.pos.text == "  unit.sped > 1"
    assert str(err).splitlines()[2] == "    " + " " * 7 + "^"
    err = error_of("a and\n  (b or", env)
    assert (err.pos.line, err.pos.col) == (11, 8)


def test_without_pos_errors_point_into_the_rule(env: RuleEnv) -> None:
    err = error_of("unit.sped", env, pos=None)
    assert err.pos == SourcePos("<rule>", 1, 6, "unit.sped")


def test_unknown_name_suggests(env: RuleEnv) -> None:
    err = error_of("plyer.points > 2", env)
    assert "unknown name 'plyer'; did you mean 'player'?" in err.message
    assert err.pos.col == 15


def test_a_seat_written_bare_is_told_to_be_a_string(env: RuleEnv) -> None:
    """``winner: red``: 'red' is a seat of the scenario (``known``), not a name of the rules."""
    seated = RuleEnv(env.registry, env.names, env.views, known={"seat": frozenset({"red"})})
    err = error_of("red", seated)
    assert "unknown name 'red': 'red' is a seat of this scenario" in err.message
    assert 'a rule writes it as a string, "red"' in err.message
    assert "known names" not in str(err)


def test_unknown_attribute_suggests(env: RuleEnv) -> None:
    err = error_of("player.pionts > 2", env)
    assert "unknown attribute 'pionts' of player; did you mean 'points'?" in err.message
    assert err.pos.col == 15 + 7
    err = error_of("unit.owner_player.resourcs", env)
    assert "did you mean 'resources'?" in err.message


def test_attribute_of_primitive_refused(env: RuleEnv) -> None:
    assert "has no attribute" in error_of("player.points.x", env).message
    assert "has no attribute" in error_of("units.x", env).message


def test_unknown_function(env: RuleEnv) -> None:
    err = error_of("distanse(unit.pos, unit.pos)", env)
    assert "unknown function 'distanse'; did you mean 'distance'?" in err.message
    assert err.pos.col == 15


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("distance(unit.pos)", "distance() is missing 'b'; expected distance(a, b)"),
        ("distance(1, 2, 3)", "takes 2 arguments, got 3; expected distance(a, b)"),
        ("distance(1, c=2)", "has no parameter 'c'"),
        ("distance(1, a=2)", "got argument 'a' twice"),
        ("abs()", "abs() is missing 'x'; expected abs(x)"),
        ("max(1)", "expected max(a, b, ...)"),
    ],
)
def test_wrong_arity(text: str, fragment: str, env: RuleEnv) -> None:
    err = error_of(text, env)
    assert fragment in err.message
    assert err.pos.col == 15


def test_underscore_names_refused(env: RuleEnv) -> None:
    err = error_of("player.__class__", env)
    assert "'__class__' starts with '_'" in err.message and err.pos.col == 15 + 7
    assert "'_x' starts with '_'" in error_of("_x + 1", env).message
    assert "starts with '_'" in error_of("params._secret", env).message
    assert "starts with '_'" in error_of("count(_u in units)", env).message
    assert "starts with '_'" in error_of("line_of(_n=1)", env).message


def test_assignment_to_read_only_attribute(env: RuleEnv) -> None:
    err = error_of("player.seat = 2", env, effect=True)
    assert "attribute 'player.seat' is read-only" in err.message
    assert err.pos.col == 15 + 7
    assert "read-only" in error_of("unit.speed += 1", env, effect=True).message


def test_assignment_in_expression_refused(env: RuleEnv) -> None:
    err = error_of("player.points = 3", env)
    assert "assignment '=' is not allowed in an expression" in err.message
    assert err.pos.col == 15 + 14
    assert err.hint and "effects" in err.hint
    assert "not allowed" in error_of("player.points += 3", env).message
    assert "';'" in error_of("a; b", env).message


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("limit = 3", "cannot assign to name 'limit'"),
        ("params.x = 3", "type of its owner is not known"),
        ("player.points == 3", "has no effect"),
        ("abs(3)", "is a function, not an effect"),
        ("player.pionts += 1", "did you mean 'points'"),
        ("emit(emit(1))", "effects can only be used as statements"),
        ("", "unexpected end of text"),
    ],
)
def test_bad_statements(text: str, fragment: str, env: RuleEnv) -> None:
    assert fragment in error_of(text, env, effect=True).message


def test_effect_in_expression_refused(env: RuleEnv) -> None:
    assert "is an effect" in error_of('emit("x")', env).message


def test_other_misuses(env: RuleEnv) -> None:
    assert "is a function" in error_of("abs + 1", env).message
    assert "is a value, not a function" in (error_of("limit(3)", env).hint or "")
    assert "only sum, min and max" in error_of("len(u for u in units)", env).message
    assert "bad dice" in error_of("0d6", env).message
    assert "too deeply nested" in error_of("-" * 200 + "1", env).message
    assert "too deeply nested" in error_of("(" * 300 + "1" + ")" * 300 + "+1" * 300, env).message
    assert "must be a string" in error_of(3, env).message  # type: ignore[arg-type]


def test_env_validation() -> None:
    with pytest.raises(PluginError, match="unknown type 'playr'"):
        RuleEnv(Registry(), {"player": "playr"}, {})
    with pytest.raises(PluginError, match="starts with '_'"):
        RuleEnv(Registry(), {"_p": "int"}, {})
    with pytest.raises(PluginError, match="named"):
        RuleEnv(Registry(), {}, {"a": ViewType("b", {})})
