"""A log walked step by step (distant_galaxy.play.steps): the set-up, then one step per action
with the log's events; the board at a round or a step; a foreign log is refused at its line."""

from __future__ import annotations

import json

import pytest

from distant_galaxy import load_scenario
from distant_galaxy.errors import EngineError, LogError
from distant_galaxy.play.runner import new_session, play
from distant_galaxy.play.steps import game_at, walk


@pytest.fixture
def ttt_log(tmp_path):
    path = tmp_path / "ttt.jsonl"
    session = new_session(load_scenario("tic-tac-toe"), 3, None, {}, path)
    assert play(session)
    return path


def test_a_step_per_action_with_the_events_that_followed_it(ttt_log):
    records = [json.loads(line) for line in ttt_log.read_text().splitlines()]
    actions = [r for r in records if r["kind"] == "action"]
    steps = [(game.state.hash(), step) for game, step in walk(ttt_log)]
    assert [s.index for _, s in steps] == list(range(len(actions) + 1))
    assert steps[0][1].action is None and steps[1][1].action == actions[0]["action"]
    assert steps[1][1].seat == "x" and steps[2][1].seat == "o"
    assert any(e["type"] == "place" for e in steps[1][1].events)
    assert any(e["type"] == "game_over" for e in steps[-1][1].events)


def test_the_board_at_a_round_or_a_step(ttt_log):
    assert len(game_at(ttt_log, step=0).state.tokens) == 0
    assert len(game_at(ttt_log, step=3).state.tokens) == 3
    start_of_2 = game_at(ttt_log, turn=2)
    assert start_of_2.state.round == 2 and len(start_of_2.state.tokens) == 2  # x and o played
    assert game_at(ttt_log).over
    with pytest.raises(EngineError, match="never reached round 99"):
        game_at(ttt_log, turn=99)
    with pytest.raises(EngineError, match="fewer than 99 actions"):
        game_at(ttt_log, step=99)


def test_an_action_that_fails_on_replay_is_reported_at_its_line(ttt_log, tmp_path):
    lines = ttt_log.read_text().splitlines()
    n = next(i for i, line in enumerate(lines) if '"kind": "action"' in line
             or '"kind":"action"' in line)
    rec = json.loads(lines[n])
    rec["action"] = "place 9,9"
    lines[n] = json.dumps(rec)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match=f"bad.jsonl:{n + 1}: the action failed on replay"):
        list(walk(bad))
