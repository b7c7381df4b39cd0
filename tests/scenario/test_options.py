"""Scenarios played with options (issue 12 item 1): ``load_scenario(name, variant, options)``, an
option's plugins, the rule tests that name options, ``dg validate`` and the catalogue."""

from __future__ import annotations

from distant_galaxy import Game, ScenarioErrors, load_scenario
from distant_galaxy.harness.rule_tests import run_file
from distant_galaxy.scenario.catalog import catalog
from distant_galaxy.scenario.validate import option_sets, validate_one

BASE = """\
seats: [{id: red}, {id: blue}]
map: {topology: square4, width: 10, height: 3, fill: track}
cell_types: {track: {stop: ["*"]}}
unit_types: {runner: {tags: [runner], glyph: R}}
setup:
  tokens:
    - {type: runner, owner: red, at: "0,0"}
    - {type: runner, owner: blue, at: "0,1"}
victory:
  - id: finish
    if: "count(u in units where u.owner == player.seat and u.x == 9) > 0"
    reason: reached the last column
limits: {rounds: 5}
options:
  dice:
    title: Dice race
    description: the runners roll a die (the example plugin's verbs)
    plugins: [example_race]
    overlay: {race: {die: 6}}
  short:
    description: a shorter game
    overlay: {limits: {rounds: 2}}
"""


def test_the_signature_of_load_scenario_still_takes_a_variant_alone():
    assert load_scenario("tic-tac-toe", "big").options == ()
    both = load_scenario("tic-tac-toe", "big", ["four"])
    assert both.variant == "big" and both.options == ("four",)
    assert both.params == {"size": 4, "line": 4}  # big and four agree: no conflict


def test_options_in_any_order_give_one_scenario():
    one = load_scenario("tic-tac-toe", options=["four", "wide"])
    two = load_scenario("tic-tac-toe", options=("wide", "four"))
    assert one.options == two.options == ("wide", "four")
    assert one.data == two.data and one.params == {"size": 4, "line": 4}
    assert (one.grid.width, one.grid.height) == (4, 4)
    assert Game(one, seed=1).options == ("wide", "four")


def test_an_option_brings_its_plugin_and_its_section(write_scenario):
    path = write_scenario(BASE)
    base = load_scenario(path)
    assert "roll" not in base.action_kinds() and base.data.get("plugins") is None
    dice = load_scenario(path, options=["dice"])
    assert dice.data["plugins"] == ["example_race"]
    assert {"step", "roll"} <= set(dice.action_kinds())
    game = Game(dice, seed=2)
    game.dice.force([6])
    game.apply("roll")
    assert any(e["type"] == "move" for e in game.events)


def test_without_its_option_a_plugins_section_is_an_error(write_scenario):
    path = write_scenario(BASE, "race: {die: 6}\n")
    try:
        load_scenario(path)
    except ScenarioErrors as exc:
        assert "race" in str(exc)
    else:
        raise AssertionError("the race section needs the option's plugin")
    assert load_scenario(path, options=["dice"]).data["race"] == {"die": 6}


def test_the_rule_tests_of_tic_tac_toe_run_with_their_options():
    results = run_file("tic-tac-toe")
    assert all(r.ok for r in results), [r.problems for r in results if not r.ok]
    names = [r.name for r in results]
    assert any(n.startswith("wide:") for n in names) and any("four" in n for n in names)


def test_a_rule_tests_facts_compile_where_its_options_apply(write_scenario):
    path = write_scenario(BASE, """\
tests:
  - name: the option's plugin section is there
    options: [dice]
    seats: 2
    dice: [3]
    actions: ["roll"]
    expect:
      facts: ['count(u in units where u.owner == "red" and u.x == 3) == 1']
""")
    results = run_file(path)
    assert len(results) == 1 and results[0].ok, results[0].problems


def test_a_rule_test_naming_an_unknown_option_is_refused_at_load(write_scenario):
    path = write_scenario(BASE, """tests:
  - name: an unknown option
    options: [dize]
    expect: {}
""")
    try:
        load_scenario(path)
    except ScenarioErrors as exc:
        (err,) = exc.errors
        assert "unknown option 'dize'; did you mean 'dice'?" in err.message
        assert (err.pos.line, err.pos.col) == (BASE.count("\n") + 3 + 3, 15)
    else:
        raise AssertionError("an unknown option in a test is an error")


def test_validate_checks_every_option_and_their_combination(write_scenario):
    broken = BASE.replace("overlay: {limits: {rounds: 2}}", "overlay: {limits: {rounds: -2}}")
    problems = validate_one(str(write_scenario(broken)))
    assert problems and all(p.startswith("[options ") for p in problems)
    assert any(p.startswith("[options short]") for p in problems)
    assert any(p.startswith("[options dice+short]") for p in problems)
    assert validate_one("tic-tac-toe") == []
    data = load_scenario("tic-tac-toe").data
    assert (None, ("wide", "four")) in option_sets(data) and ("big", ("four",)) in option_sets(data)


def test_the_catalogue_lists_each_scenarios_options():
    entry = next(e for e in catalog() if e["id"] == "tic-tac-toe")
    assert list(entry["options"]) == ["wide", "four"]
    assert entry["options"]["wide"]["title"] == "Wide board"
    assert entry["option_sets"] == [("wide",), ("four",), ("wide", "four")]
    episodes = {e["id"]: e for e in catalog() if e["id"] in ("asteroid-belt", "aborigine-clash")}
    assert episodes["asteroid-belt"]["options"] == {}
    assert list(episodes["aborigine-clash"]["options"]) == ["leaders", "space-domain"]
    assert episodes["aborigine-clash"]["option_sets"] == [
        ("leaders",), ("space-domain",), ("leaders", "space-domain")]
