import pickle

from distant_galaxy.errors import (
    SHOWN_LINE,
    IllegalAction,
    RuleError,
    ScenarioError,
    ScenarioErrors,
    SourcePos,
)
from tests.attack_helpers import mod_with_rule, run_dg


def test_errors_survive_pickling():
    """Parallel runs send errors between processes."""
    errs = ScenarioErrors([ScenarioError("bad {", SourcePos("f.yaml", 1, 2, "x {")),
                           RuleError("r", None, "a hint")])
    back = pickle.loads(pickle.dumps(errs))
    assert str(back) == str(errs) and back.errors[0].pos.line == 1
    assert str(pickle.loads(pickle.dumps(IllegalAction("nope")))) == "nope"


def test_a_long_line_is_cut_around_the_caret():
    """Issue 33 item 5: an error about a 5,000-digit integer echoed the whole line (5,196
    bytes); the shown line is cut around the caret, as compilers do, and the caret still points
    at the column."""
    line = "    if: '" + "1" * 5000 + " > 0'"
    for col in (10, 2600, 5009, 5013):
        text = ScenarioError("number too large", SourcePos("m.yaml", 7, col, line)).format()
        shown, caret = text.splitlines()[1:3]
        assert len(shown) <= 4 + SHOWN_LINE and len(text) < 300
        assert shown[caret.index("^")] == line[col - 1]
    short = ScenarioError("bad", SourcePos("m.yaml", 1, 3, "x: {")).format().splitlines()
    assert short[1:] == ["    x: {", "      ^"]


def test_dg_validate_of_a_5000_digit_number_is_a_short_message(tmp_path):
    result = run_dg(tmp_path, "validate", str(mod_with_rule(tmp_path, "1" * 5000 + " > 0")))
    assert result.returncode == 1
    assert "number too large: 5000 digits" in result.stdout
    assert len(result.stdout + result.stderr) < 1000
    assert max(len(x) for x in result.stdout.splitlines()) <= 4 + SHOWN_LINE + 60
