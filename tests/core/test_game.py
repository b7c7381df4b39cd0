"""Game: legal actions, apply validates first (illegal → unchanged hash), undo, the turn loop."""

from __future__ import annotations

import gc
import weakref

import pytest

from distant_galaxy import (
    ActionError,
    EngineError,
    Game,
    IllegalAction,
    MalformedAction,
    load_scenario,
)
from distant_galaxy.core.actions import Action
from distant_galaxy.core.game import PLAY_HOOKS
from distant_galaxy.scenario.find import scenarios_dir


def _game(race, seed=5):
    return Game(race, seed=seed, seats=["red", "blue"])


def test_action_text_round_trips():
    for text in ["move E1 12,7", "end", "attack S2 4,4"]:
        assert str(Action.parse(text)) == text
    assert Action.of("move", "E1", (12, 7)) == Action.parse("move E1 12,7")
    assert Action.parse("move E1 12,7").pos(1) == (12, 7)
    with pytest.raises(MalformedAction):
        Action.parse("move E1 twelve").pos(1)
    with pytest.raises(MalformedAction):
        Action.parse("   ")


def test_legal_actions_of_the_pending_seat(race):
    game = _game(race)
    assert game.pending.seat == "red"
    assert {str(a) for a in game.legal_actions()} == {"end", "step", "roll"}


@pytest.mark.parametrize("text", ["fly", "step 3", "", "move T1 1,1", "step;rm -rf"])
def test_bad_actions_leave_the_state_unchanged(race, text):
    game = _game(race)
    before = game.state.hash()
    with pytest.raises(ActionError) as err:
        game.apply(text)
    assert str(err.value)
    assert game.state.hash() == before
    assert game.history == []


def test_wrong_seat_is_refused(race):
    game = _game(race)
    before = game.state.hash()
    with pytest.raises(IllegalAction, match="red's decision"):
        game.apply("step", seat="blue")
    assert game.state.hash() == before


def test_failing_apply_restores_everything(race):
    """A plugin bug in apply must not leave a half-applied action."""
    game = _game(race)
    before = game.state.hash()
    kind = game.kinds["step"]
    original = kind.apply

    def broken(g, seat, action):
        original(g, seat, action)
        raise RuntimeError("boom")

    kind.apply = broken
    try:
        with pytest.raises(EngineError, match=r"step: RuntimeError: boom \(at core/test_game.py:"
                           r"\d+ in broken\), while applying it"):
            game.apply("step")
    finally:
        del kind.apply
    assert game.state.hash() == before
    assert game.events[-1]["type"] != "move"


def test_a_listed_action_refused_while_applying_it_names_the_kind(race):
    """The plugin developer trial: a kind's apply that moved a piece onto an occupied cell (an
    IllegalAction of the state) stopped ``dg run`` with the state's words alone — no action, no
    kind, no plugin. An action the game listed as legal and then refused is the kind's fault,
    named as other faults are; an action typed in and refused keeps its own words."""
    game = _game(race)
    before = game.state.hash()
    kind = game.kinds["step"]

    def refusing(g, seat, action):
        raise IllegalAction("cell 1,1 is occupied by blue's runner T2")

    kind.apply = refusing
    try:
        listed = next(a for a in game.legal_actions() if a.verb == "step")
        with pytest.raises(EngineError, match=r"step: IllegalAction: cell 1,1 is occupied by "
                           r"blue's runner T2 \(at core/test_game.py:\d+ in refusing\), while "
                           r"applying it \(action kind \w+ of [\w.]+\); the action was taken "
                           r"back") as err:
            game.apply(listed)
        assert not isinstance(err.value, IllegalAction)
        with pytest.raises(IllegalAction, match=r"^cell 1,1 is occupied by blue's runner T2$"):
            game.apply("step")  # typed: the action's own refusal, as a player would be told
    finally:
        del kind.apply
    assert game.state.hash() == before and game.history == []


def test_undo_takes_back_the_last_action(race):
    game = _game(race)
    before = game.state.hash()
    game.apply("step")
    assert game.can_undo()
    game.undo()
    assert game.state.hash() == before
    assert not game.can_undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()


def test_no_undo_past_a_die_roll(race):
    game = _game(race)
    game.apply("step")
    game.dice.force([1])
    game.apply("roll")
    assert not game.can_undo()


def test_turns_rotate_and_end_passes(race):
    game = _game(race)
    game.apply("end")
    assert game.pending.seat == "blue" and game.state.round == 1
    game.apply("end")
    assert game.pending.seat == "red" and game.state.round == 2


def test_victory_from_yaml(race):
    game = _game(race)
    game.dice.force([6, 1, 6])
    game.apply("roll")   # red 0 → 6
    game.apply("roll")   # blue 0 → 1
    game.apply("roll")   # red 6 → 9: wins
    assert game.over and game.result["winner"] == "red"
    assert game.result["reason"] == "reached the last column"
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply("end")


def test_round_limit_ends_in_a_draw(race):
    game = _game(race)
    while not game.over:
        game.apply("end")
    assert game.result["winner"] is None
    assert "round limit 40" in game.result["reason"]
    assert game.state.round == 40


def test_hand_over_and_back(race):
    game = _game(race)
    game.hand_over("blue", "main", "test")
    assert game.pending.seat == "blue"
    game.apply("end")
    assert game.pending.seat == "red"


def test_clone_is_a_separate_game(race):
    game = _game(race)
    copy = game.clone()
    copy.apply("step")
    assert game.state.token_at((0, 0)) is not None
    assert copy.state.token_at((1, 0)) is not None


# -- fast paths from documented facts -----------------------------------------------------------
def test_a_game_is_pure_only_when_nothing_but_the_engine_changes_it(race, tmp_path):
    classic = load_scenario("tic-tac-toe")
    assert not classic.hooked & PLAY_HOOKS
    assert Game(classic, seed=1).pure
    game = _game(race)
    assert "dg_turn_start" in game.hooked and not game.pure  # the race's plugin resets a flag
    assert game.clone().pure is False
    text = (scenarios_dir() / "classic" / "tic-tac-toe.yaml").read_text(encoding="utf-8")
    mod = tmp_path / "ttt-trigger.yaml"
    mod.write_text(text.replace("id: tic-tac-toe", "id: ttt-trigger")
                   + "triggers:\n  - {id: note, on: place, do: 'log(\"placed\")'}\n",
                   encoding="utf-8")
    triggered = Game(load_scenario(mod), seed=1)
    assert not triggered.pure
    triggered.apply("place 1,1")
    assert [e["message"] for e in triggered.events if e["type"] == "note"] == ["placed"]


def test_a_rules_run_time_fault_is_told_in_its_own_words_with_its_position(tmp_path):
    """Issue 15, item 3: a rule that fails in play (a string where a number is wanted, known only
    at run time) refuses the action with the rule's file:line:col — not as an "internal error" —
    and leaves the game as it was."""
    from distant_galaxy import EngineError, Game, load_scenario

    mod = tmp_path / "mod.yaml"
    mod.write_text(
        "format: 1\nid: ttt-fault\ntitle: t\nextends: tic-tac-toe\n"
        "triggers:\n  - id: bad\n    on: place\n    do: 'log(line_of(event.unit, seat))'\n",
        encoding="utf-8")
    game = Game(load_scenario(mod), seed=1)
    before = game.state.hash()
    with pytest.raises(EngineError) as err:
        game.apply("place 1,1")
    text = str(err.value)
    assert "internal error" not in text
    assert f"{mod}:8:" in text and "line_of" in text
    assert game.state.hash() == before and game.history == []


def test_finish_keeps_extra_fields_in_the_result_and_the_game_over_event(make_scenario):
    """Issue 13: ``Game.finish(winner, reason, rule, **extra)``: a plugin's own fields (episode
    6's ``tier`` and ``sides``) join the result; the engine's fields are never replaced."""
    game = Game(make_scenario("seats: [{id: a}, {id: b}]\n"
                              "map: {topology: square4, width: 1, height: 1, fill: void}\n"
                              "cell_types: {void: {}}\n"), seed=1)
    game.finish("a", "points", "RB.6", tier="minor success", sides={"a": 10, "b": 9},
                round=99, type="nope")
    assert game.result["tier"] == "minor success" and game.result["sides"] == {"a": 10, "b": 9}
    assert game.result["round"] == 1 and "type" not in game.result
    over = game.events[-1]
    assert over["type"] == "game_over" and over["tier"] == "minor success"


TOP_ROW = """format: 1
id: top-row
title: Tic-tac-toe counting top-row marks
extends: tic-tac-toe
counters:
  top: {initial: 0}
triggers:
  - id: top-row
    on: place
    if: "event.to[1] == 0"
    do: "player.top += 1"
"""


def test_triggers_fire_in_games_and_copies_that_keep_no_record(tmp_path):
    # a trigger fires on an action's events: a copy made for search (record=False) must keep
    # them, or it would play another game than the one it copies
    path = tmp_path / "top-row.yaml"
    path.write_text(TOP_ROW, encoding="utf-8")
    scenario = load_scenario(str(path))
    recorded = Game(scenario, seed=1)
    unrecorded = Game(scenario, seed=1, record=False)
    copy = recorded.clone()
    for game in (recorded, unrecorded, copy):
        game.apply("place 1,0")
        assert game.state.players["x"].counters["top"] == 1
    assert copy.state.hash() == recorded.state.hash() == unrecorded.state.hash()


def test_a_game_without_triggers_keeps_no_events_when_not_recording():
    game = Game(load_scenario("tic-tac-toe"), seed=1, record=False)
    game.apply("place 1,0")
    assert game.events == [] and game.clone().events == []


def test_a_game_nobody_holds_is_freed_without_the_cyclic_collector():
    """A game and its turn loop and dice form no reference cycle: a copy that a bot or a
    playout drops is freed at once (Python's cyclic collector would otherwise find it later,
    at a cost that grows with every dropped copy)."""
    start = Game(load_scenario("tic-tac-toe"), seed=1, record=False)
    enabled = gc.isenabled()
    gc.disable()
    try:
        copy = start.clone()
        copy.apply(copy.legal_actions()[4])
        assert copy.loop.game is copy
        gone = weakref.ref(copy)
        del copy
        assert gone() is None
    finally:
        if enabled:
            gc.enable()
