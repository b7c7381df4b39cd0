"""``--json`` on ``dg list``, ``dg validate`` and ``dg test``, and a stopped game's JSON (issue 17,
item 4): one JSON document on stdout, the text forms unchanged without it."""

from __future__ import annotations

import json

import pytest

from distant_galaxy.build import json_header
from tests.cli.conftest import RACE
from tests.conftest import DATA

BROKEN = str(DATA / "broken" / "every_stage.yaml")


def test_list_json_names_every_scenario_with_its_facts(dg):
    out = dg("list", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert {k: doc[k] for k in ("engine", "build")} == json_header()  # which engine and build ran
    by_id = {s["id"]: s for s in doc["scenarios"]}
    assert {"tic-tac-toe", "asteroid-belt", "aborigine-clash"} <= set(by_id)
    assert by_id["asteroid-belt"]["variants"] and by_id["tic-tac-toe"]["players"] == "2-2"


def test_validate_json_gives_file_line_column_message_and_suggestion(dg):
    out = dg("validate", "--json", BROKEN)
    assert out.returncode == 1
    doc = json.loads(out.stdout)
    assert doc["ok"] is False and doc["files"] == 1
    first = doc["errors"][0]
    assert (first["file"], first["line"], first["column"]) == (BROKEN, 5, 1)
    assert first["message"] == "unknown key 'colour' at the top level"
    assert first["suggestion"].startswith("known keys: ")
    typo = next(e for e in doc["errors"] if "turn_ned" in e["message"])
    assert typo["suggestion"].startswith("did you mean 'turn_end'?")
    assert out.stderr == ""


def test_validate_json_of_valid_files(dg):
    doc = json.loads(dg("validate", "--json", "tic-tac-toe").stdout)
    assert doc == {**json_header(), "ok": True, "files": 1, "errors": []}


def test_test_json_reports_every_case(dg):
    out = dg("test", "--json", "aborigine-clash")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["failed"] == 0 and doc["passed"] == len(doc["cases"]) > 0
    assert all(c["ok"] and c["where"].count(":") >= 2 for c in doc["cases"])


def test_a_stopped_game_still_prints_json(dg):
    out = dg("run", RACE, "--seed", "2", "--players", "2", "--seat", "red=human", "--json",
             "--save", "q.save", stdin="step\nquit\n")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)  # the prompt went to stderr
    assert doc["stopped"] is True and doc["saved_to"] == "q.save" and doc["seed"] == 2


def test_list_json_names_the_campaigns_too(dg):
    doc = json.loads(dg("list", "--json").stdout)
    entry = next(c for c in doc["campaigns"] if c["id"] == "global")
    assert entry["path"].endswith("global.yaml") and "5 aborigine-clash" in entry["stages"]


def test_validate_json_reports_a_broken_campaign_with_file_line_column(dg, tmp_path):
    text = (DATA / "campaigns" / "duo.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text(text.replace("variant: quick", "variant: quik"), encoding="utf-8")
    out = dg("validate", "--json", str(broken))
    assert out.returncode == 1 and out.stderr == ""
    doc = json.loads(out.stdout)
    assert doc["ok"] is False and doc["files"] == 0 and doc["campaigns"] == 1
    (error,) = doc["errors"]
    assert (error["file"], error["line"], error["column"]) == (str(broken), 22, 14)
    assert error["message"] == "asteroid-belt has no variant 'quik'"


def test_validate_json_without_paths_checks_the_shipped_campaigns(dg):
    doc = json.loads(dg("validate", "--json").stdout)
    assert doc["ok"] is True and doc["campaigns"] >= 1 and doc["files"] >= 6


def test_an_error_with_json_is_a_json_object_on_stdout(dg):
    """Issue 33 item 6: ``dg run nonexistent --json`` printed plain text on stderr and nothing
    on stdout; now one JSON object on stdout too, with the same exit code."""
    for args, fragment in ((("run", "nonexistent", "--json"), "unknown scenario 'nonexistent'"),
                           (("run", RACE, "--seed", "-1", "--json"), "a seed is a whole number"),
                           (("resume", "no-such.save", "--json"), "no-such.save")):
        out = dg(*args)
        assert out.returncode == 2, out
        doc = json.loads(out.stdout)
        assert fragment in doc["error"] and doc["command"] == args[0] and doc["exit"] == 2
        assert fragment in out.stderr
    plain = dg("run", "nonexistent")
    assert plain.returncode == 2 and plain.stdout == "" and "unknown scenario" in plain.stderr


def test_list_shows_each_scenarios_seats(dg):
    """Issue 30: a newcomer finds the seat names ``--seat`` takes (tic-tac-toe's x and o) in
    ``dg list``; its JSON gains a ``seats`` field and keeps every other one."""
    doc = json.loads(dg("list", "--json").stdout)
    by_id = {s["id"]: s for s in doc["scenarios"]}
    assert by_id["tic-tac-toe"]["seats"] == [{"id": "x", "title": "Crosses", "faction": None},
                                             {"id": "o", "title": "Noughts", "faction": None}]
    assert [s["id"] for s in by_id["asteroid-belt"]["seats"]] == ["orange", "purple", "green"]
    assert {"id", "title", "path", "provider", "variants", "options", "option_sets", "plugins",
            "extends", "alias", "players", "variant_players"} <= set(by_id["tic-tac-toe"])
    text = dg("list").stdout
    assert "seats: x (Crosses), o (Noughts)" in text
    assert "dg list" in dg("serve", "--help").stdout and "default 8000" in dg("serve", "--help").stdout


def test_an_unknown_option_names_the_sub_command(dg):
    """Issue 33 item 5 (audit): an option the top-level parser refuses reported ``"command":
    "dg"``; it names the sub-command the line asked for."""
    out = dg("list", "--json", "--bogus")
    assert out.returncode == 2
    assert json.loads(out.stdout) == {"error": "unrecognized arguments: --bogus",
                                      "command": "list", "exit": 2}


def test_an_internal_error_with_json_is_a_json_object_too(monkeypatch, capsys):
    """Issue 33 item 5 (audit): an unexpected exception printed no JSON; with --json every
    failure gives the JSON object on stdout with the exit code (the traceback on stderr)."""
    from distant_galaxy.cli.main import INTERNAL_ERROR, main
    from distant_galaxy.cli.spec import Command

    def broken(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(Command, "load_handler", lambda self: broken)
    assert main(["list", "--json"]) == INTERNAL_ERROR == 1
    out, err = capsys.readouterr()
    assert json.loads(out) == {"error": "internal error: RuntimeError: a bug", "command": "list",
                               "exit": 1}
    assert "Traceback" in err and "RuntimeError: a bug" in err
    with pytest.raises(RuntimeError):  # without --json: the traceback, as before
        main(["list"])


def test_dg_traceback_shows_the_story_of_a_fault_reported_as_an_error(monkeypatch, capsys):
    """A plugin's fault is one line naming what was raised and where; ``DG_TRACEBACK=1`` adds the
    whole traceback (a plugin author's bug hunt), the exit code the same."""
    from distant_galaxy.cli.main import main
    from distant_galaxy.cli.spec import Command
    from distant_galaxy.errors import PluginError, fault_text

    def broken(args):
        try:
            {}["x"]
        except KeyError as exc:
            raise PluginError(f"plugin p, hook h: {fault_text(exc)}") from exc

    monkeypatch.setattr(Command, "load_handler", lambda self: broken)
    assert main(["list"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dg list: plugin p, hook h: KeyError: 'x' (at cli/test_json.py:")
    assert "Traceback" not in err
    monkeypatch.setenv("DG_TRACEBACK", "1")
    assert main(["list"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" in err and "{}[\"x\"]" in err and err.rstrip().splitlines()[-1].startswith(
        "dg list: plugin p, hook h: KeyError")


def test_run_json_names_the_rule_that_ended_the_game(dg):
    """The designer trial: the rule id was in the log's game_over, not in dg run --json."""
    out = dg("run", "aborigine-clash", "--seed", "5", "--players", "2", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["rule"] and doc["rule"].startswith("R5.")


def test_perft_and_replay_speak_json_for_scripts(dg, tmp_path):
    """The designer trial: perft and replay had no --json."""
    out = dg("perft", "tic-tac-toe", "2", "--divide", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert (doc["count"], doc["depth"], doc["divide"]["place 1,1"]) == (72, 2, 8)
    assert doc["engine"] and doc["build"]
    log = tmp_path / "g.jsonl"
    assert dg("run", "tic-tac-toe", "--seed", "4", "--quiet", "--log", str(log)).returncode == 0
    good = json.loads(dg("replay", str(log), "--json").stdout)
    assert good["ok"] and good["line"] is None and good["records"] > 3
    lines = log.read_text().splitlines()
    k = next(i for i, x in enumerate(lines) if '"kind":"action"' in x)
    lines[k] = lines[k].replace('"action":"place ', '"action":"place 9')  # tampered
    log.write_text("\n".join(lines) + "\n")
    out = dg("replay", str(log), "--json")
    bad = json.loads(out.stdout)
    assert out.returncode == 1 and not bad["ok"] and bad["line"] == k + 1 and bad["message"]
