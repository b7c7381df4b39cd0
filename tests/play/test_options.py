"""What the log and a save record of a game's options (issue 12 item 1): the header names them in
the scenario's order, ``scenario_sha256`` covers them, replay re-applies them, and a save made
with options is refused on a scenario loaded without them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distant_galaxy import EngineError, SaveError, load_scenario
from distant_galaxy.play.log import read_log, scenario_digest
from distant_galaxy.play.records import check_records
from distant_galaxy.play.runner import header_options, new_session, play, replay_log
from distant_galaxy.play.saves import load_game, read_save, save_game


def _played(tmp_path: Path, options: list[str], seed: int = 4, name: str = "g.jsonl"):
    scenario = load_scenario("tic-tac-toe", options=options)
    log = tmp_path / name
    session = new_session(scenario, seed, None, {}, log)
    assert play(session)
    return session, log


def test_the_header_names_the_options_in_the_scenarios_order(tmp_path):
    _, log = _played(tmp_path, ["four", "wide"])
    records = read_log(log)
    header = records[0][1]
    assert header["options"] == ["wide", "four"] and header["variant"] is None
    check_records(records, log)  # the header with options fits the event schema
    assert header_options(header) == ("wide", "four")
    assert header["initial"]["players"][0]["seat"] == "x"


def test_a_game_without_options_says_so():
    scenario = load_scenario("tic-tac-toe")
    assert scenario.options == ()
    session = new_session(scenario, 1, None, {}, None)
    assert session.header["options"] == []


def test_the_scenario_identity_covers_the_options():
    base = scenario_digest(load_scenario("tic-tac-toe"))
    wide = scenario_digest(load_scenario("tic-tac-toe", options=["wide"]))
    both = scenario_digest(load_scenario("tic-tac-toe", options=["wide", "four"]))
    again = scenario_digest(load_scenario("tic-tac-toe", options=["four", "wide"]))
    assert len({base, wide, both}) == 3 and both == again
    # big sets size 4 and line 4, as wide and four together do: another identity all the same
    big = scenario_digest(load_scenario("tic-tac-toe", "big"))
    big_four = scenario_digest(load_scenario("tic-tac-toe", "big", ["four"]))
    assert big != big_four


def test_replay_re_applies_the_headers_options(tmp_path):
    _, log = _played(tmp_path, ["wide", "four"], seed=7)
    report = replay_log(log)
    assert report.ok, report.message


@pytest.mark.parametrize("change", [[], ["wide"], ["four", "wide"]])
def test_a_log_whose_options_were_changed_is_caught_at_line_1(tmp_path, change):
    _, log = _played(tmp_path, ["wide", "four"], seed=7)
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["options"] = change
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    report = replay_log(log)
    assert not report.ok and report.line == 1
    assert "does not match" in report.message or "failed" in report.message


def test_a_log_naming_an_unknown_option_is_a_clear_error(tmp_path):
    _, log = _played(tmp_path, ["wide"], seed=2)
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["options"] = ["wider"]
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(EngineError, match="unknown option 'wider'; did you mean 'wide'"):
        replay_log(log)


def test_a_save_records_the_options_and_restores_only_with_them(tmp_path):
    scenario = load_scenario("tic-tac-toe", options=["wide"])
    session = new_session(scenario, 3, None, {}, None)
    game = session.game
    for text in ("place 3,3", "place 0,0"):
        game.apply(text)
    path = tmp_path / "g.save"
    save_game(game, session.header, path)
    payload = read_save(path)
    assert payload["header"]["options"] == ["wide"]
    again = load_game(path, payload, load_scenario("tic-tac-toe",
                                                   options=header_options(payload["header"])))
    assert again.state.hash() == game.state.hash() and again.options == ("wide",)
    with pytest.raises(SaveError, match="changed since the game was saved"):
        load_game(path, payload, load_scenario("tic-tac-toe"))
