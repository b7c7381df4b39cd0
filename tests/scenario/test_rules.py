"""The rules of a scenario (distant_galaxy.scenario.rules.ScenarioRules): victory conditions per
player or once, ``winner`` expressions and draws, the moment a condition is checked, triggers,
the result at the round limit, and compile errors collected together."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, ScenarioErrors, ScenarioRules

STRIP = """\
seats: [{id: x}, {id: o}, {id: z}]
players: {min: 2, max: 3}
counters: {score: {initial: 0}}
map: {topology: square4, width: 3, height: 1, fill: floor}
cell_types: {floor: {stop: ["*"]}}
unit_types: {mark: {}}
actions:
  - {id: place, kind: place, piece: mark}
"""

MOMENTS = ("after_action", "after_phase", "no_legal_action", "end_of_turn", "end_of_round")


def _victory(**fields: str) -> str:
    inner = ", ".join(f"{k}: {v}" for k, v in fields.items())
    return f"victory:\n  - {{id: v, reason: the reason, {inner}}}\n"


def test_a_condition_using_player_is_tried_for_each_player_from_the_active_seat(make_scenario):
    scenario = make_scenario(STRIP, _victory(**{"if": '\'player.seat != "x"\''}))
    game = Game(scenario, seed=1)  # x is active: o comes next, before z
    assert scenario.rules.check_victory(game, "after_action") == {
        "winner": "o", "reason": "the reason", "victory": "v"}


def test_a_per_player_condition_false_for_all_gives_no_result(make_scenario):
    scenario = make_scenario(STRIP, _victory(**{"if": "player.score > 0"}))
    game = Game(scenario, seed=1)
    assert scenario.rules.check_victory(game, "after_action") is None
    game.change_counter("z", "score", 1, "test")
    assert scenario.rules.check_victory(game, "after_action")["winner"] == "z"


def test_a_condition_without_player_is_evaluated_once_and_the_deciding_seat_wins(make_scenario):
    scenario = make_scenario(STRIP, _victory(**{"if": "count(u in units) == 1"}))
    game = Game(scenario, seed=1)
    game.apply("place 0,0")  # x's decision goes on (the action does not end the turn)
    assert game.result["winner"] == "x" and game.result["reason"] == "the reason"


def test_a_winner_expression_names_the_seat(make_scenario):
    scenario = make_scenario(STRIP, _victory(**{"if": "count(u in units) == 1",
                                                "winner": "'next_seat(seat)'"}))
    game = Game(scenario, seed=1)
    game.apply("place 0,0")
    assert game.result["winner"] == "o"


def test_a_winner_of_none_is_a_draw(make_scenario):
    scenario = make_scenario(STRIP, _victory(**{"if": "count(u in units) == 1",
                                                "winner": "none"}))
    game = Game(scenario, seed=1)
    game.apply("place 0,0")
    assert game.over and game.result["winner"] is None


def test_draw_true_makes_a_draw_even_for_a_per_player_condition(make_scenario):
    # The module reads `draw:` and `rule:`; the scenario schema does not offer them (yet), so
    # they are put into the loaded data and the rules compiled again.
    scenario = make_scenario(STRIP, _victory(**{"if": "player.seat == 'o'"}))
    scenario.data["victory"][0].update(draw=True, rule="R1.1")
    rules = ScenarioRules(scenario)
    game = Game(scenario, seed=1)
    assert rules.check_victory(game, "after_action") == {
        "winner": None, "reason": "the reason", "victory": "v", "rule": "R1.1"}


@pytest.mark.parametrize(("when", "moments"), [
    (None, MOMENTS),
    ("after_action", ("after_action",)),
    ("end_of_turn", ("end_of_turn",)),
    ("end_of_round", ("end_of_round",)),
])
def test_when_says_at_which_moments_a_condition_is_checked(make_scenario, when, moments):
    fields = {"if": "'true'"} | ({"when": when} if when else {})
    scenario = make_scenario(STRIP, _victory(**fields))
    rules = scenario.rules
    assert [m for m in MOMENTS if rules.checks_at(m)] == list(moments)


def test_a_condition_is_not_checked_outside_its_moment(make_scenario):
    scenario = make_scenario(STRIP, _victory(**{"if": "'true'", "when": "end_of_round"}))
    game = Game(scenario, seed=1)
    assert scenario.rules.check_victory(game, "after_action") is None
    assert scenario.rules.check_victory(game, "end_of_round")["winner"] == "x"


def test_conditions_are_tried_in_their_order(make_scenario):
    scenario = make_scenario(STRIP, """\
        victory:
          - {id: first, if: "false", reason: never}
          - {id: second, if: "true", winner: '"z"', reason: second}
          - {id: third, if: "true", winner: '"o"', reason: third}
        """)
    game = Game(scenario, seed=1)
    assert scenario.rules.check_victory(game, "after_action")["victory"] == "second"


def test_a_trigger_runs_its_effect_on_its_event_type_with_the_event_fields(make_scenario):
    scenario = make_scenario(STRIP, """\
        triggers:
          - {id: left-edge, on: place, if: "event.to[0] == 0", do: "player.score += 5"}
          - {id: on-dice, on: dice, do: "player.score += 100"}
        """)
    game = Game(scenario, seed=1)
    events = game.apply("place 1,0")
    assert [e["type"] for e in events] == ["place"]  # the condition is false: nothing fired
    events = game.apply("place 0,0")
    assert [e["type"] for e in events] == ["place", "trigger", "counter"]
    assert events[1] == {"type": "trigger", "id": "left-edge", "on": "place"}
    assert events[2]["reason"] == "trigger left-edge" and events[2]["value"] == 5
    assert game.state.players["x"].counters["score"] == 5


def test_the_limit_result_ranks_by_the_counter_or_is_a_draw(make_scenario):
    scenario = make_scenario(STRIP, "limits: {rounds: 3, rank_by: score}\n")
    game = Game(scenario, seed=1)
    rules = scenario.rules
    assert rules.limit_result(game) == {"winner": None,
                                        "reason": "round limit 3 reached; tie on score"}
    game.change_counter("o", "score", 2, "test")
    game.change_counter("z", "score", 1, "test")
    assert rules.limit_result(game) == {"winner": "o",
                                        "reason": "round limit 3 reached; most score (2)"}
    unranked = make_scenario(STRIP, "limits: {rounds: 3}\n")
    assert unranked.rules.limit_result(Game(unranked, seed=1)) == {
        "winner": None, "reason": "round limit 3 reached; draw"}


def test_compile_errors_of_every_rule_come_together(make_scenario):
    with pytest.raises(ScenarioErrors) as err:
        make_scenario(STRIP, """\
            victory:
              - {id: a, if: "nosuch", reason: r}
              - {id: b, if: "true", winner: "1 +", reason: r}
            triggers:
              - {id: t, on: place, if: "event.to[0] ==", do: "player.score += 1"}
              - {id: u, on: place, do: "player.nothing = 1"}
            """)
    messages = [e.message for e in err.value.errors]
    assert len(messages) == 4, messages
    assert "unknown name 'nosuch'" in messages[0]
    assert "syntax error" in messages[1] and "syntax error" in messages[2]
    assert "nothing" in messages[3]
    lines = [e.pos.line for e in err.value.errors]
    assert lines == sorted(lines) and len(set(lines)) == 4  # each at its own line


def test_a_plugin_compiles_its_own_strings_with_positions_and_errors_collected(make_scenario):
    scenario = make_scenario(STRIP, 'params: {bonus: "player.score + 1", broken: "1 +"}\n')
    rules = scenario.rules
    good = rules.expr(scenario.params["bonus"], "params", "bonus")
    assert good is not None and rules.errors == []
    assert rules.expr(scenario.params["broken"], "params", "broken") is None
    assert rules.effect("player.score += ", "params", "broken") is None
    rules.report("a plugin's own complaint", "params", "bonus", hint="fix it")
    assert len(rules.errors) == 3
    assert rules.errors[0].pos.line == rules.errors[1].pos.line == scenario.pos("params").line
    assert rules.errors[2].message == "a plugin's own complaint"
    assert rules.errors[2].hint == "fix it"
