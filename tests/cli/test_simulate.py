"""``dg simulate`` (distant_galaxy.cli.handlers.simulate): the same JSON on one worker and on
two, ``--compare`` of a mod, the outputs, and a user's mistakes as one line each."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET

import pytest

from distant_galaxy.cli.main import main
from tests.conftest import DATA

GOLD = str(DATA / "scenarios" / "gold-race.yaml")
RICH_RED = str(DATA / "scenarios" / "gold-race-rich-red.yaml")


def simulate_json(capsys, *argv: str) -> dict:
    assert main(["simulate", *argv, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress and no timing line with --json
    return json.loads(captured.out)


def test_same_json_for_one_and_two_workers(capsys):
    """Issue 18, done when: asteroid-belt, identical JSON for --jobs 1 and --jobs 2 (the suite
    plays 20 games; docs/simulate.md has the 200-game run)."""
    argv = ("asteroid-belt", "--games", "20", "--players", "2", "--variant", "quick", "--rotate")
    one = simulate_json(capsys, *argv, "--jobs", "1")
    two = simulate_json(capsys, *argv, "--jobs", "2")
    assert one == two
    case = one["cases"][0]
    assert case["finished"] == 20 and case["variant"] == "quick"
    assert sum(r["count"] for r in case["seat_wins"]) + case["draws"]["count"] == 20


def test_a_mod_with_twice_the_starting_gold_differs_significantly(capsys):
    """Issue 18, done when: the mod gives red twice the starting gold (6 more at the end of its
    first turn, tests/data/scenarios/gold-race-rich-red.yaml); --compare finds it."""
    report = simulate_json(capsys, GOLD, "--games", "200", "--rotate", "--compare", RICH_RED,
                           "--jobs", "1")
    comp = report["compare"]
    assert comp["scenario"] == "gold-race-rich-red"
    red, blue = comp["cases"][0]["seat_wins"]
    assert red["seat"] == "red" and red["significant"] and red["ci"][0] > 0.1
    assert blue["significant"] and blue["ci"][1] < -0.1
    assert comp["cases"][0]["rounds"]["significant"]  # the rich seat finishes sooner
    base = report["cases"][0]["seat_wins"][0]
    assert base["ci"][0] < 0.5 < base["ci"][1]  # rotated seats: the base race is even


def test_same_seeds_same_numbers_and_seed_k_for_game_k(capsys):
    a = simulate_json(capsys, "tic-tac-toe", "--games", "30", "--first-seed", "10", "--jobs", "1")
    b = simulate_json(capsys, "tic-tac-toe", "--games", "30", "--first-seed", "10", "--jobs", "1")
    assert a == b and a["seeds"] == [10, 39]


def test_every_variant_and_seat_counts(capsys):
    report = simulate_json(capsys, "tic-tac-toe", "--variant", "all", "--games", "5",
                           "--jobs", "1", "--seat", "o=first")
    assert [(c["variant"], c["players"]) for c in report["cases"]] == [(None, 2), ("big", 2)]
    assert report["cases"][0]["bots"] == {"x": "random", "o": "first"}


def test_text_markdown_and_svg(capsys, tmp_path):
    out = tmp_path / "chart.svg"
    assert main(["simulate", GOLD, "--games", "40", "--jobs", "1", "--compare", RICH_RED,
                 "--svg", str(out)]) == 0
    text = capsys.readouterr().out
    assert "95 % interval" in text and "compared with" in text and "significant" in text
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg") and len(root) > 10
    assert main(["simulate", GOLD, "--games", "10", "--jobs", "1", "--markdown"]) == 0
    md = capsys.readouterr().out
    assert "| variant | players | games |" in md and "| base | 2 | 10 |" in md


def test_a_saved_report_is_printed_again(capsys, tmp_path):
    report = simulate_json(capsys, GOLD, "--games", "10", "--jobs", "1")
    saved = tmp_path / "r.json"
    saved.write_text(json.dumps(report), encoding="utf-8")
    assert main(["simulate", "--report", str(saved), "--markdown"]) == 0
    assert "| base | 2 | 10 |" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "message"), [
    (["tic-tac-toe", "--variant", "huge"], "--variant huge: tic-tac-toe has no such variant "
     "(variants: big; or base, all)"),
    (["tic-tac-toe", "--players", "3"], "--players 3: tic-tac-toe is played by 2 to 2 players"),
    (["tic-tac-toe", "--seat", "z=random"], "--seat z=random: no seat 'z' (seats: x, o)"),
    (["tic-tac-toe", "--seat", "x=clever"], "--seat x=clever: no bot 'clever'"),
    (["tic-tac-toe", "--seat", "x=human"], "--seat x=human: a simulation plays bots only"),
    (["tic-tac-toe", "--seat", "x=mcts:zz"], "--seat x=mcts:zz: mcts:zz: a budget is a number of "
     "iterations (mcts:200) or seconds per decision (mcts:0.5s)"),
    (["tic-tac-toe", "--seat", "x=random:3"], "--seat x=random:3: the bot 'random' takes no "
     "parameter (got 'random:3')"),
    (["tic-tac-toe", "--games", "0"], "--games must be at least 1"),
    (["tic-tac-toe", "--compare", str(DATA / "scenarios" / "dice-race.yaml")],
     "with 2 players it has no seat 'x'"),
    (["--report", "nothing.json"], "nothing.json: not a dg simulate --json report"),
    ([], "name a scenario"),
    (["asteroid-belt", "--players", "2", "--seat", "green=random"],  # (was ignored)
     "--seat green: no such seat in these games (seats: orange, purple)"),
    (["tic-tac-toe", "--report", "r.json"], "--report FILE prints a saved report again and "
     "plays nothing"),
])
def test_mistakes_are_one_line(capsys, argv, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", *argv, "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_bot_with_its_parameters_same_json_for_one_and_two_workers(capsys):
    """Issue 20 item 2: match series of the search bot at a budget are played by dg simulate
    (``--seat x=mcts:…``, as dg run takes it), reproducibly with an iteration budget."""
    argv = ("tic-tac-toe", "--seat", "x=mcts:150,c=1.2", "--seat", "o=random", "--games", "6",
            "--rotate")
    one = simulate_json(capsys, *argv, "--jobs", "1")
    assert simulate_json(capsys, *argv, "--jobs", "2") == one
    (case,) = one["cases"]
    assert case["bots"] == {"x": "mcts:150,c=1.2", "o": "random"}
    wins = {w["seat"]: w["count"] for w in case["seat_wins"]}
    assert wins["x"] >= 4 > wins["o"]


def test_a_game_that_fails_is_reported_and_the_exit_code_says_so(capsys):
    assert main(["simulate", "tic-tac-toe", "--games", "2", "--jobs", "1", "--max-actions",
                 "2"]) == 1
    assert "FAILED seed 0: the game did not end within 2 actions" in capsys.readouterr().out


def test_progress_goes_to_stderr_on_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["simulate", "tic-tac-toe", "--games", "50", "--jobs", "1"]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("tic-tac-toe: 50 games per table")  # the report alone on stdout
    assert "50 games in" in out.err


def test_a_rotated_game_of_the_report_plays_again_with_dg_run(capsys):
    """The designer trial: a report named no game, and a rotated game (an odd seed here) could
    not be played again. Each ending names example games with their seed and turn order, and
    ``dg run --seed S --order …`` plays one exactly (the same winner, rounds and actions)."""
    report = simulate_json(capsys, "tic-tac-toe", "--games", "6", "--rotate", "--jobs", "1")
    case = report["cases"][0]
    game = case["games_of_note"]["longest"]
    assert game["order"] == ["o", "x"] or game["seed"] % 2 == 0
    assert main(["run", "tic-tac-toe", "--seed", str(game["seed"]), "--order",
                 ",".join(game["order"]), "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert (played["rounds"], played["actions"]) == (game["rounds"], game["actions"])
    odd = next(g for r in case["reasons"] for g in r["examples"] if g["seed"] % 2)
    assert odd["order"] == ["o", "x"]  # rotated by seed mod seats
    assert main(["run", "tic-tac-toe", "--seed", str(odd["seed"]), "--order", "o,x",
                 "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert (played["rounds"], played["actions"]) == (odd["rounds"], odd["actions"])
