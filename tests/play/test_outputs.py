"""play/outputs.py: ``--save`` and ``--log`` never write over what a player would lose."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distant_galaxy.cli.main import main
from distant_galaxy.errors import EngineError
from distant_galaxy.play.outputs import check_outputs, check_written


def saved(tmp_path, result):
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"magic": "distant-galaxy-save", "header": {"scenario": "race",
                                "seed": 4}, "actions": [["x", "pass"]],
                                "state": {"result": result}}))
    return path


def test_nothing_there_an_empty_file_and_a_device_may_be_written(tmp_path):
    (tmp_path / "empty.json").write_text("")
    check_outputs(tmp_path / "new.json", tmp_path / "new.jsonl")
    check_outputs(tmp_path / "empty.json", "/dev/null")


def test_a_finished_games_save_and_a_log_of_ours_are_replaced(tmp_path):
    log = tmp_path / "g.jsonl"
    log.write_text('{"kind":"header","scenario":"race"}\n{"kind":"result","winner":"x"}\n')
    check_outputs(saved(tmp_path, {"winner": "x"}), log)


def test_an_unfinished_games_log_is_kept_but_for_its_own_resumed_game(tmp_path):
    """A player's trial: --log g.jsonl of another game replaced the log of a game still to be
    resumed (dg resume g.json --log g.jsonl, its own hint)."""
    log = tmp_path / "g.jsonl"
    log.write_text('{"kind":"header","scenario":"race","seed":4,"seats":["x","o"],'
                   '"variant":null,"options":[]}\n{"kind":"event","type":"setup"}\n')
    with pytest.raises(EngineError, match=r"the log of an unfinished game is there \(race, "
                       r"seed 4\), which its save resumes with 'dg resume SAVE --log "):
        check_outputs(None, log)
    own = saved(tmp_path, None)  # race, seed 4
    data = json.loads(own.read_text())
    data["header"].update({"seats": ["x", "o"], "variant": None, "options": []})
    own.write_text(json.dumps(data))
    check_outputs(None, log, resumed=own)
    data["header"]["seed"] = 5
    own.write_text(json.dumps(data))
    with pytest.raises(EngineError, match="the log of an unfinished game is there"):
        check_outputs(None, log, resumed=own)


def test_an_unfinished_games_save_is_refused_and_resume_named(tmp_path):
    path = saved(tmp_path, None)
    with pytest.raises(EngineError, match=r"an unfinished game is saved there \(race, seed 4, "
                       r"1 action\); 'dg resume .*g.json' goes on with it"):
        check_outputs(path, None)
    check_outputs(path, None, resumed=path)  # dg resume g.json saves back to g.json


@pytest.mark.parametrize("flag", ["save", "log"])
def test_a_file_not_of_dg_is_refused(tmp_path, flag):
    other = tmp_path / "notes.md"
    other.write_text("# my notes\n")
    args = (other, None) if flag == "save" else (None, other)
    with pytest.raises(EngineError, match=f"notes.md: the file there is not a {flag} of dg's "
                       "and would be lost; remove it first"):
        check_outputs(*args)


def test_a_save_is_no_log_and_a_log_no_save(tmp_path):
    path = saved(tmp_path, {"winner": "x"})
    with pytest.raises(EngineError, match="is a save, not a log"):
        check_outputs(None, path)
    log = tmp_path / "g.jsonl"
    log.write_text('{"kind":"header"}\n')
    with pytest.raises(EngineError, match="is a game's log, not a save"):
        check_outputs(log, None)


def test_one_file_for_both_and_the_resumed_save_as_log_are_refused(tmp_path):
    with pytest.raises(EngineError, match="--save and --log name the same file"):
        check_outputs(tmp_path / "g.json", tmp_path / "g.json")
    path = saved(tmp_path, None)
    with pytest.raises(EngineError, match="is the save being resumed"):
        check_outputs(None, path, resumed=path)


def test_dg_run_leaves_an_unfinished_save_and_a_scenario_as_they_were(tmp_path, capsys,
                                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    assert main(["run", "tic-tac-toe", "--seed", "6", "--seat", "x=human", "--save",
                 "g.json"]) == 0
    kept = (tmp_path / "g.json").read_text()
    capsys.readouterr()
    assert main(["run", "tic-tac-toe", "--seed", "7", "--quiet", "--save", "g.json"]) == 2
    assert "an unfinished game is saved there (tic-tac-toe, seed 6, 0 actions)" in \
        capsys.readouterr().err
    assert (tmp_path / "g.json").read_text() == kept
    scenario = tmp_path / "mine.yaml"
    scenario.write_text("format: 1\n")
    assert main(["run", "tic-tac-toe", "--seed", "7", "--quiet", "--log", "mine.yaml"]) == 2
    assert scenario.read_text() == "format: 1\n" and not (tmp_path / "g.jsonl").exists()


def test_a_picture_page_or_schema_replaces_its_kind_only(tmp_path):
    """dg render --svg, dg replay --html, dg schema -o: one written before is replaced; a
    save, a log or a document there is refused, as is the very file being read."""
    svg, page, schema = tmp_path / "b.svg", tmp_path / "r.html", tmp_path / "s.json"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg"><g id="board"></g></svg>')
    page.write_text('<!DOCTYPE html>\n<html><script id="replay-data"></script></html>')
    schema.write_text('{"$id": "urn:distant-galaxy-engine:schemas:x", "$schema": "s"}')
    check_written(svg, "--svg", "svg")
    check_written(page, "--html", "html")
    check_written(schema, "--output", "schema")
    check_written(tmp_path / "new.svg", "--svg", "svg")
    with pytest.raises(EngineError, match=r"--html .*b\.svg: the file there is not a replay "
                       "page of dg's"):
        check_written(svg, "--html", "html")
    with pytest.raises(EngineError, match="is not a scenario schema of dg's"):
        check_written(saved(tmp_path, None), "--output", "schema")
    mine = tmp_path / "logo.svg"  # a player's own picture (a player's trial: replaced)
    mine.write_text('<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"/></svg>')
    with pytest.raises(EngineError, match=r"logo\.svg: the file there is not a board picture"):
        check_written(mine, "--svg", "svg")
    log = tmp_path / "g.jsonl"
    log.write_text('{"kind":"header"}\n')
    with pytest.raises(EngineError, match=r"--html .*g\.jsonl: that is the file being read"):
        check_written(log, "--html", "html", read=(log,))


def test_dg_replay_html_over_its_own_log_leaves_the_log(dg_log, capsys):
    log, kept = dg_log, dg_log.read_text()
    assert main(["replay", str(log), "--html", str(log)]) == 2
    assert "that is the file being read" in capsys.readouterr().err
    assert log.read_text() == kept


@pytest.fixture
def dg_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["run", "tic-tac-toe", "--seed", "3", "--quiet", "--log", "g.jsonl"]) == 0
    return tmp_path / "g.jsonl"


def test_the_shipped_schema_may_be_written_again():
    """Its $defs come first (sorted keys): the $schema key is far into the file."""
    shipped = Path(__file__).resolve().parents[2] / "schemas" / "scenario.full.schema.json"
    check_written(shipped, "--output", "schema")
