"""No raw Python error reaches an author (issue 31, items 5 and 6): each mistake seen in the trial
becomes a message with the file, line and column and the part of the rule at fault."""

from __future__ import annotations

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError, ScenarioError
from distant_galaxy.rules.reasons import PYTHON_NAMES
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.validate import validate_one
from tests.attack_helpers import mod_with_rule, run_dg

STUCK = """\
format: 1
id: stuck
title: Stuck
players: {min: 2, max: 2}
seats: [{id: a, title: A}, {id: b, title: B}]
map: {topology: square8, width: 3, height: 3, fill: square}
cell_types: {square: {stop: ["*"], glyph: "."}}
unit_types: {mark: {glyph: m, title: Mark}}
phases: [{id: play, seat: active, end: false}]
actions:
  - {id: place, kind: place, piece: mark, where: "x > 5", ends_turn: true}
"""


def test_a_turn_loop_without_any_legal_action_names_the_phase_and_round(tmp_path):
    path = tmp_path / "stuck.yaml"
    path.write_text(STUCK, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        Game(load_scenario(str(path)), seed=1)
    text = info.value.format()
    assert "stuck.yaml:9:10: no seat has a legal action in phase 'play' in round 1" in text
    done = run_dg(tmp_path, "run", "stuck.yaml", "--quiet")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "no seat has a legal action in phase 'play' in round 1" in done.stderr


def test_an_attribute_of_none_points_at_the_call_that_gave_none(tmp_path):
    """``unit_at(4, 0)`` is off the 3×3 board: none. The message names that call and where it
    is, not Python's ``'NoneType' object has no attribute``."""
    game = Game(load_scenario(str(mod_with_rule(tmp_path, "unit_at(4, 0).x > 0"))), seed=1)
    with pytest.raises(EngineError) as info:
        game.apply(game.legal_actions()[0])
    assert "mod.yaml:7:10: 'unit_at(4, 0)' is none here" in str(info.value)
    assert "NoneType" not in str(info.value)


def test_text_and_a_number_added_is_a_load_time_error(tmp_path):
    errors = validate_one(str(mod_with_rule(tmp_path, '"score: " + 1 == "x"')))
    assert len(errors) == 1
    assert 'mod.yaml:7:10: cannot add a string ("score: ") and a whole number (1)' \
        in errors[0]
    assert "str(x)" in errors[0]


def _mod(tmp_path, body: str, name: str = "mod.yaml"):
    path = tmp_path / name
    path.write_text("format: 1\nid: mod\ntitle: Mod\nextends: tic-tac-toe\n" + body,
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("body, message", [
    ("victory:\n  - id: v\n    if: 'pieces(\"blak\") > 3'\n    reason: r\n",
     "mod.yaml:7:17: pieces(): 'blak' is not a seat of this scenario"),
    ("triggers:\n  - id: t\n    on: place\n    do: 'place_token(\"dsic\", \"x\", 0, 0)'\n",
     "mod.yaml:8:22: place_token(): 'dsic' is not a unit type of this scenario"),
    ("victory:\n  - id: v\n    if: 'true'\n    winner: '\"purple\"'\n    reason: r\n",
     "mod.yaml:8:14: the winner 'purple' is not a seat of this scenario"),
    # the modder trial: a unit type misspelt in a comparison made a rule that never held
    ("victory:\n  - id: v\n    if: 'count(u in units where u.type == \"mrak\") > 3'\n"
     "    reason: r\n",
     "mod.yaml:7:43: 'mrak' is not a unit type of this scenario; did you mean 'mark'?"),
    ("victory:\n  - id: v\n    if: 'count(u in units where \"mrak\" != u.type) > 3'\n"
     "    reason: r\n",
     "mod.yaml:7:33: 'mrak' is not a unit type of this scenario"),
    ("victory:\n  - id: v\n    if: 'count(u in units where u.type in [\"mark\", \"cross\"]) > 3'\n"
     "    reason: r\n",
     "mod.yaml:7:52: 'cross' is not a unit type of this scenario"),
])
def test_names_inside_rule_strings_are_checked_against_the_scenario(tmp_path, body, message):
    """A seat, unit type or pool named by a constant in a rule — a call's argument, a winner,
    one side of a comparison with ``u.type`` — must be the scenario's."""
    errors = validate_one(str(_mod(tmp_path, body)))
    assert len(errors) == 1 and message in errors[0], errors


def test_a_seat_typo_in_a_rule_tests_setup_is_reported_with_its_place(tmp_path):
    path = _mod(tmp_path, "counters: {score: {initial: 0}}\ntests:\n  - name: typo\n"
                "    setup: {counters: {xx: {score: 1}}}\n    expect: {facts: ['true']}\n")
    done = run_dg(tmp_path, "test", path.name)
    assert done.returncode == 1 and "Traceback" not in done.stderr + done.stdout
    assert "mod.yaml:8:28: unknown seat 'xx'" in done.stdout + done.stderr


def test_an_unknown_event_field_is_refused_at_load(tmp_path):
    path = _mod(tmp_path, "triggers:\n  - id: t\n    on: place\n    if: 'event.too[0] == 1'\n"
                "    do: 'log(\"x\")'\n")
    errors = validate_one(str(path))
    assert len(errors) == 1, errors
    assert "mod.yaml:8:16: a 'place' event has no field 'too'; did you mean 'to'?" in errors[0]


def test_a_unit_stat_written_as_a_parameter_is_its_number(tmp_path):
    """``seeds: params.seeds`` starts a token's counter at the parameter (it started at 0);
    an unknown parameter is refused where it is written."""
    body = ("params: {seeds: 4}\nunit_counters:\n  seeds: {min: 0}\nunit_types:\n"
            "  mark: {glyph: m, seeds: params.seeds}\n"
            "tests:\n  - name: sown\n    actions: ['place 0,0']\n"
            "    expect: {facts: ['unit_at(0, 0).seeds == 4']}\n")
    done = run_dg(tmp_path, "test", _mod(tmp_path, body).name)
    assert done.returncode == 0, done.stdout + done.stderr
    errors = validate_one(str(_mod(tmp_path, body.replace("params.seeds", "params.sedes"))))
    assert len(errors) == 1 and "mod.yaml:9:27: unknown integer parameter 'sedes'" in errors[0]


def test_a_victory_condition_that_can_never_be_true_is_a_warning(tmp_path):
    path = _mod(tmp_path, "victory:\n  - id: v\n    if: 'pieces(\"x\") >= 100 and pieces(\"x\") < 0'"
                "\n    reason: r\n")
    done = run_dg(tmp_path, "validate", path.name)
    assert done.returncode == 0, done.stdout + done.stderr  # a warning: the game still plays
    assert ("warning: mod.yaml:7:10: this condition can never be true: its comparisons of "
            'pieces("x") exclude each other') in done.stdout
    assert load_scenario(str(path)).rules.warnings
    for fine in ('pieces("x") >= 1 and pieces("x") <= 1', 'pieces("x") > 0 and pieces("o") < 0'):
        assert not load_scenario(str(_mod(tmp_path, "victory:\n  - id: v\n    if: '"
                                          + fine + "'\n    reason: r\n"))).rules.warnings


def test_an_unclosed_quote_is_blamed_on_the_line_it_opens(tmp_path):
    """Issue 31 item 6: PyYAML blamed an unclosed ``"`` on the line where the string happened to
    end (an indentation error six lines later); the message names the line the quote opens."""
    body = ("victory:\n  - id: v\n    if: \"pieces('x') > 3\n    reason: r\n  - id: w\n"
            "    if: 'true'\n    reason: r2\n  - id: z\n    if: \"true\"\n    reason: r3\n")
    errors = validate_one(str(_mod(tmp_path, body)))
    assert len(errors) == 1, errors
    assert ('mod.yaml:7:9: YAML syntax error: this " is not closed on its line, so the string '
            "runs on to line 13") in errors[0]


def test_the_missing_do_hint_is_a_line_of_its_own(tmp_path):
    """Issue 31 item 6: the hint of a ``do`` action without ``do:`` ends its line; the count of
    errors is a line of its own (on stderr)."""
    path = _mod(tmp_path, "actions:\n  - {id: roll, kind: do}\n")
    done = run_dg(tmp_path, "validate", path.name)
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "mod.yaml:6:5: a 'do' action needs 'do: EFFECT'" in lines[0]
    assert lines[-1] == "  hint: e.g. do: 'move_token(unit, unit.x + 1d6, unit.y)'"
    assert done.stdout.endswith("\n") and done.stderr == "1 error(s) in 1 scenario file(s)\n"


#: A trigger whose effect is written in each YAML style over three lines, ``FAULT`` put in
#: the last one.
STYLES = {
    "folded": "    do: >\n      n = 1;\n      m = 2;\n      player.score = FAULT\n",
    "literal": "    do: |\n      n = 1;\n      m = 2;\n      player.score = FAULT\n",
    "plain": "    do: n = 1;\n      m = 2;\n      player.score = FAULT\n",
    "single": "    do: 'n = 1;\n      m = 2;\n      player.score = FAULT'\n",
    "double": "    do: \"n = 1;\n      m = 2;\n      player.score = FAULT\"\n",
}


def _styled(tmp_path, style: str, fault: str) -> tuple[str, str]:
    """The mod's path and ``mod.yaml:LINE:22:``, the place of ``FAULT`` in it."""
    head = "counters: {score: {initial: 0}}\ntriggers:\n  - id: t\n    \"on\": place\n"
    path = _mod(tmp_path, head + STYLES[style].replace("FAULT", fault))
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "player.score =" in text)
    return str(path), f"mod.yaml:{line}:22: "


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_load_error_in_a_multi_line_rule_points_at_its_own_line(tmp_path, style):
    """The audit of issue 31: in a folded ``do: >`` rule a load-time type error was reported at
    8:134, its caret past the end of the line shown."""
    text = '"a"' if style == "single" else "'a'"  # a quote the YAML style leaves as it is
    path, place = _styled(tmp_path, style, text + " + 1")
    errors = validate_one(path)
    assert len(errors) == 1, errors
    lines = errors[0].splitlines()
    assert place + "cannot add a string" in lines[0], errors[0]
    assert lines[1].strip().startswith(f"player.score = {text} + 1")
    assert lines[2].index("^") == lines[1].index(text)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_run_time_error_in_a_multi_line_rule_points_at_its_own_line(tmp_path, style):
    """... and a none on the rule's last line was reported as file:8:149."""
    path, place = _styled(tmp_path, style, "unit_at(4, 0).x")
    game = Game(load_scenario(path), seed=1)
    with pytest.raises(EngineError) as info:
        game.apply("place 1,1")
    assert place + "'unit_at(4, 0)' is none here" in str(info.value)


@pytest.mark.parametrize("effect", [
    "player.score = max(unit_at(4, 0).x, 0)",  # a call's argument (the audit's case)
    "player.score = len(str(unit_at(4, 0).x))",  # an argument's argument
    "player.score = sum(unit_at(4, 0).x + k for k in range(0, 2))",  # a comprehension's body
    "for k in range(0, 2): player.score += unit_at(4, 0).x",  # a loop's body
    "if round > 0: { n = 1; player.score = n + unit_at(4, 0).x }",  # a condition's block
    "player.score = at(0)",  # a define's body (written on its own line)
])
def test_a_none_is_named_wherever_its_attribute_is_read(tmp_path, effect):
    """The audit of issue 31: ``max(unit_at(4, 3).seeds, 0)`` gave the raw ``AttributeError:
    'NoneType' object has no attribute 'attrs'`` without a place."""
    body = ("counters: {score: {initial: 0}}\ndefine:\n  at(k): 'k + unit_at(4, 0).x'\n"
            f"triggers:\n  - id: t\n    \"on\": place\n    do: '{effect}'\n")
    path = _mod(tmp_path, body)
    game = Game(load_scenario(str(path)), seed=1)
    with pytest.raises(EngineError) as info:
        game.apply("place 1,1")
    line, col = (7, 15) if "at(0)" in effect else (11, 10 + effect.index("unit_at"))
    assert f"mod.yaml:{line}:{col}: 'unit_at(4, 0)' is none here" in str(info.value)
    assert not any(name in str(info.value) for name in PYTHON_NAMES)


def test_a_winner_that_is_no_seat_is_refused(tmp_path):
    """``winner: '3'`` ended a game with "the 3 win": a number is refused at load; a value
    known only at run time that is no seat (nor none) is an error at the winner's place."""
    errors = validate_one(str(_mod(tmp_path, "victory:\n  - id: v\n    if: 'true'\n"
                                             "    winner: '3'\n    reason: r\n")))
    assert len(errors) == 1 and "mod.yaml:8:14: the winner must be a seat (or none)" in errors[0]
    path = _mod(tmp_path, "victory:\n  - id: v\n    if: 'round > 1'\n"
                          "    winner: '[1, \"x\"][0]'\n    reason: r\n")
    game = Game(load_scenario(str(path)), seed=1)
    game.apply("place 0,0")
    with pytest.raises(EngineError, match=r"mod\.yaml:8:14: the winner 1 .* is not a seat of "
                                          r"this game nor none; seats: x, o"):
        game.apply("place 1,1")


def test_a_seats_name_given_for_its_player_is_refused_at_load_with_player_of(tmp_path):
    """The game author's trial: ``pool(next_seat(seat), "bag", "stone")`` validated, and the
    game stopped on "a string has no attribute 'pools'"; a function taking a player (a unit, a
    site) refuses a text at load, and ``player_of(SEAT)`` is the seat's player."""
    wrong = 'pool(next_seat(seat), \\"reserve\\", \\"mark\\") > 99'
    errors = validate_one(str(_mod(tmp_path, f"victory:\n  - id: v\n    if: \"{wrong}\"\n"
                                              "    reason: r\n")))
    assert len(errors) == 1 and "mod.yaml:7:15: pool(): argument 'player' must be a player, " \
        "got a string" in errors[0] and "player_of(SEAT)" in errors[0], errors
    right = 'pool(player_of(next_seat(seat)), \\"reserve\\", \\"mark\\") > 99'
    good = _mod(tmp_path, "pools:\n  reserve: {title: Reserve}\nvictory:\n  - id: v\n"
                          f"    if: \"{right}\"\n    reason: r\n", name="good.yaml")
    assert validate_one(str(good)) == []
    game = Game(load_scenario(good), seed=1)
    for _ in range(5):
        game.apply(game.legal_actions()[0])               # the condition is evaluated each time
    assert game.state.result is None



def test_a_define_no_rule_names_is_a_warning_at_its_key(tmp_path):
    """The game author's trial: a define ``reserve(s)`` read by no rule validated silently (a
    misspelt call elsewhere, or a leftover). Defines named by another define, a variant's
    overlay or a test are used."""
    mod = _mod(tmp_path, "define:\n  reserve(s): 'count(u in units where u.owner == s)'\n"
                         "  inner: '1'\n  outer: 'inner + 1'\n  later: '2'\n"
                         "victory:\n  - id: v\n    if: 'outer > 5'\n    reason: r\n"
                         "variants:\n  odd:\n    description: d\n"
                         "    overlay: {victory: [{id: w, if: 'later > 5', reason: r}]}\n")
    problems = validate_one(str(mod))
    assert len(problems) == 1, problems
    assert "mod.yaml:6:3: define 'reserve' is used by no rule of the scenario" in problems[0]


def test_a_plugins_function_called_without_the_plugin_names_it(tmp_path):
    """The game author's trial: docs/rules.md listed ``adjacent_enemies`` among the engine's
    functions, and a classic game calling it met "unknown function" with no word of a plugin.
    The error says which plugin brings it, and the reference marks such functions."""
    errors = validate_one(str(mod_with_rule(tmp_path, "adjacent_enemies(none) > 0")))
    assert len(errors) == 1 and "unknown function 'adjacent_enemies'" in errors[0]
    assert "comes with a plugin: add it to the scenario, plugins: [aborigines]" in errors[0]
    from distant_galaxy.scenario.reference import render_shipped_reference
    text = render_shipped_reference()
    entry = text[text.index("### `adjacent_enemies(ship)`"):][:200]
    assert "only in a scenario with `plugins: [aborigines]`" in entry
    line_of = text[text.index("### `line_of("):][:200]
    assert "only in a scenario" not in line_of


def test_a_line_longer_than_the_board_is_a_warning_at_its_victory(tmp_path):
    """The game author's trial: ``line_of(params.line, …)`` with ``line: 10`` on a 9×9 board
    validated, and no game could be won by it."""
    mod = _mod(tmp_path, "params: {size: 3}\nvictory:\n  - id: line\n"
                         "    if: 'line_of(4, player.seat)'\n    reason: r\n")
    problems = validate_one(str(mod))
    assert len(problems) == 1, problems
    assert "mod.yaml:8:10: victory 'line': line_of(4, …) can never hold on a 3x3 board (its " \
        "longest line has 3 cells)" in problems[0]


def test_a_scenario_no_game_of_can_end_is_a_warning(tmp_path):
    """The game author's trial: a scenario without ``victory:`` and without a round limit
    validated; its first game stopped when a seat had no legal action."""
    path = tmp_path / "endless.yaml"
    path.write_text("format: 1\nid: endless\ntitle: Endless\nseats:\n  - {id: a}\n  - {id: b}\n"
                    "map: {topology: square4, width: 3, height: 3, fill: board}\n"
                    "cell_types:\n  board: {stop: ['*'], glyph: '.'}\n"
                    "unit_types:\n  stone: {glyph: S}\n"
                    "actions:\n  - {id: place, kind: place, piece: stone, ends_turn: true}\n",
                    encoding="utf-8")
    problems = validate_one(str(path))
    assert len(problems) == 1 and ("endless.yaml:1:1: no game of this scenario can end: it has "
                                   "no victory condition and no round limit") in problems[0]
