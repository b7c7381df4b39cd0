"""``dg run``, ``dg resume``, ``dg show``, ``dg replay`` (:mod:`distant_galaxy.cli.commands.play`):
clear one-line errors, never a traceback."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from distant_galaxy.build import json_header
from tests.cli.conftest import RACE, child_env


def test_run_json_result(dg):
    out = dg("run", RACE, "--seed", "3", "--players", "2", "--json")
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["scenario"] == "example-race" and res["seed"] == 3
    assert "winner" in res and res["reason"] and res["rounds"] >= 1
    assert {k: res[k] for k in ("engine", "build")} == json_header()  # which engine and build played


def test_run_shows_the_board_and_result(dg):
    out = dg("run", RACE, "--seed", "3", "--players", "2")
    assert out.returncode == 0, out.stderr
    assert "round" in out.stdout and ("wins" in out.stdout or "draw" in out.stdout)


@pytest.mark.parametrize("args, message", [
    (("run", "no-such-scenario"), "unknown scenario"),
    (("run", RACE, "--seat", "purple=human"), "no such seat"),
    (("run", RACE, "--seat", "red=wizard"), "unknown controller"),
    (("run", RACE, "--players", "7"), "2 to 3 players"),
    (("run", RACE, "--variant", "nope"), "variant"),
    (("show", "missing.save"), "cannot read"),
    (("replay", "missing.jsonl"), "cannot read"),
])
def test_user_mistakes_give_one_clear_line(dg, args, message):
    out = dg(*args)
    assert out.returncode != 0
    assert message in out.stderr
    assert "Traceback" not in out.stderr


def test_save_show_resume_and_replay(dg, tmp_path):
    out = dg("run", RACE, "--seed", "5", "--players", "2", "--log", "g.jsonl", "--save", "g.save",
             "--quiet")
    assert out.returncode == 0, out.stderr
    shown = dg("show", "g.save")
    assert shown.returncode == 0 and "R" in shown.stdout
    again = dg("replay", "g.jsonl")
    assert again.returncode == 0 and "matches" in again.stdout


def test_human_seat_plays_from_the_prompt(dg):
    moves = "help\nstep\nundo\nstep\nbogus\nend\n" + "roll\n" * 60
    out = dg("run", RACE, "--seed", "2", "--players", "2", "--seat", "red=human",
             "--save", "h.save", stdin=moves)
    assert out.returncode == 0, out.stderr
    assert "legal actions:" in out.stdout and "undone: step" in out.stdout
    assert "not possible" in out.stdout
    assert "Traceback" not in out.stderr


def test_human_quit_saves_and_resume_continues(dg):
    out = dg("run", RACE, "--seed", "2", "--players", "2", "--seat", "red=human",
             "--save", "q.save", stdin="step\nquit\n")
    assert out.returncode == 0 and "saved to q.save" in out.stdout
    res = dg("resume", "q.save", "--seat", "red=random", "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["reason"]


def test_a_resumed_game_is_not_told_again_from_its_start(dg):
    """dg resume --log replays the saved actions into the log: the person is shown the board
    where the game stopped, not every move since the set-up again."""
    out = dg("run", "tic-tac-toe", "--seed", "2", "--seat", "x=human", "--seat", "o=human",
             "--save", "t.save", stdin="place 0,0\nplace 1,1\nquit\n")
    assert out.returncode == 0 and "mark T1 placed at 0,0" in out.stdout, out.stdout
    res = dg("resume", "t.save", "--log", "t.jsonl", stdin="quit\n")
    assert res.returncode == 0, res.stderr
    assert "placed at" not in res.stdout and "turn (round 1)" not in res.stdout
    assert "x> " in res.stdout
    assert res.stdout.startswith("== resumed t.save: Tic-tac-toe, round 2, 2 actions played; x "
                                 "decides: play\n")  # where it stands


def test_resume_with_a_log_writes_a_complete_replayable_log(dg, tmp_path):
    out = dg("run", RACE, "--seed", "2", "--players", "2", "--seat", "red=human",
             "--save", "r.save", stdin="step\nend\nstep\nquit\n")
    assert out.returncode == 0, out.stderr
    res = dg("resume", "r.save", "--seat", "red=random", "--log", "whole.jsonl", "--quiet")
    assert res.returncode == 0, res.stderr
    again = dg("replay", "whole.jsonl")
    assert again.returncode == 0 and "matches" in again.stdout
    header = json.loads((tmp_path / "whole.jsonl").read_text().splitlines()[0])
    assert header["controllers"]["red"] == "random"  # who plays on, not the person (issue 34)


def test_a_bot_only_run_shows_a_line_per_action_and_quiet_hides_it(dg):
    """Issue 11, items 17 and 18: each action is told; an unchanged board is not reprinted."""
    out = dg("run", "tic-tac-toe", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert "x: place " in out.stdout and "o: place " in out.stdout
    lines = out.stdout.splitlines()
    boards = ["\n".join(lines[i:i + 4]) for i, line in enumerate(lines) if line == "  0 1 2"]
    assert len(boards) >= 2 and all(a != b for a, b in itertools.pairwise(boards))
    quiet = dg("run", "tic-tac-toe", "--seed", "1", "--quiet")
    assert "x: place" not in quiet.stdout and "seed 1" in quiet.stdout


def test_a_bot_only_run_shows_the_boards_key_with_its_first_board_only(dg):
    """The board's key (``dg_legend_lines``) is printed once, under the first board; the boards
    of the later rounds leave it out."""
    out = dg("run", "aborigine-clash", "--players", "2", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("legend: 1-6 portal") == 1
    assert out.stdout.count("centre: ") > 1  # boards after the first, without the key


def test_a_fault_in_play_keeps_the_game_when_asked_to_save(tmp_path, race):
    """A plugin's fault stops the game after its action was taken back: with ``--save`` the game
    is saved first, as for a log that cannot be written (nothing is lost); without it, the
    message says nothing was kept (a new plugin developer's trial lost the game)."""
    import argparse

    from distant_galaxy import Controller, EngineError
    from distant_galaxy.cli.handlers.play import _drive
    from distant_galaxy.play.runner import new_session
    from distant_galaxy.play.saves import read_save

    class Broken(Controller):
        name = "broken"

        def choose(self, game):
            if len(game.history) >= 3:
                raise KeyError("x")
            return game.legal_actions()[0]

    args = argparse.Namespace(json=False, quiet=True)
    for save_to in (None, str(tmp_path / "g.save")):
        session = new_session(race, 3, ["red", "blue"], {})
        session.controllers = {s: Broken(s, 3) for s in session.controllers}
        with pytest.raises(EngineError) as caught:
            _drive(session, args, save_to=save_to)
        text = str(caught.value)
        assert "controller 'broken'" in text and "KeyError: 'x' (at cli/test_play.py:" in text
        if save_to is None:
            assert text.endswith("the game stopped (nothing was kept: use --save FILE to keep "
                                 "a game)")
        else:
            assert text.endswith(f"saved first to {save_to} (dg resume {save_to})")
            assert len(read_save(save_to)["actions"]) == 3


def _ctrl_c_reaches() -> None:
    """In the child before it starts: SIGINT's default action again. A job started in the
    background by a non-interactive shell (a CI script's ``… &``) ignores SIGINT, and so would
    Python in the child: it installs its KeyboardInterrupt handler only over the default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_a_bots_decision_saves_the_game_and_exits_130(tmp_path):
    """A real process, a real SIGINT while the search bot thinks: the game is saved (--save),
    the words say it was interrupted, the exit status is 130 as for any interrupted command,
    and the save goes on with ``dg resume``."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "distant_galaxy", "run", "connect-four", "--seed", "5",
           "--seat", "red=mcts:1000000", "--save", "g.json"]
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_reaches)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline()  # the board is shown: the game is under way
        time.sleep(0.5)  # red's first decision (a million iterations) has begun
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted: game stopped; saved to g.json (dg resume g.json)" in out
    resumed = subprocess.run([sys.executable, "-m", "distant_galaxy", "resume", "g.json",
                              "--seat", "red=random", "--quiet"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr


def test_a_logged_game_stopped_names_resume_with_its_log(dg):
    """The new player's trial: ``dg resume g.save`` without ``--log`` left the log where the game
    had stopped (``dg replay``: incomplete); the hint now names the log."""
    out = dg("run", "tic-tac-toe", "--seat", "x=human", "--save", "g.save", "--log", "g.jsonl",
             stdin="quit\n")
    assert out.returncode == 0, out.stderr
    assert "game stopped; saved to g.save (dg resume g.save --log g.jsonl)" in out.stdout
    again = dg("resume", "g.save", "--seat", "x=random", "--log", "g.jsonl", "--quiet")
    assert again.returncode == 0, again.stderr
    assert dg("replay", "g.jsonl").returncode == 0


def test_the_game_authors_slips_at_the_command_line_are_answered_with_a_guess(dg, tmp_path):
    """The game author's trial: ``--seat blak=human`` and ``--seat black=mcst`` were refused
    without a guess, ``--variant`` of a scenario without variants said "(known variants:
    (none))", ``dg show`` of a scenario file said "corrupt save", and ``dg reliability FILE``
    was an unrecognized argument."""
    seat = dg("run", "connect-four", "--seat", "rde=human")
    assert "--seat rde: no such seat in this game; did you mean 'red'?" in seat.stderr
    bot = dg("run", "connect-four", "--seat", "red=mcst")
    assert "unknown controller 'mcst' for seat red; did you mean 'mcts'?" in bot.stderr
    (tmp_path / "plain.yaml").write_text("format: 1\nid: plain\nextends: tic-tac-toe\n",
                                         encoding="utf-8")
    variant = dg("run", "kalah", "--variant", "big")
    assert variant.stderr.startswith("dg run: --variant 'big': unknown variant 'big': ")
    assert variant.stderr.rstrip().endswith("kalah.yaml has no variants")
    shown = dg("show", "plain.yaml")
    assert "plain.yaml: this is a scenario file, not a save: 'dg run plain.yaml --save " \
        "game.json'" in shown.stderr
    played = dg("reliability", "plain.yaml", "--games", "2", "--jobs", "1")
    assert played.returncode == 0, played.stderr
    assert "failures           : 0" in played.stdout


def test_a_hot_seat_without_secrets_tells_each_event_once(dg):
    """The campaign player's trial: at a hot seat each person's news ran from their own last
    decision, so the other's move (and the set-up) was told twice on the one terminal; where
    nothing is hidden, the terminal tells each event once."""
    out = dg("run", "tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "1",
             stdin="place 0,0\nplace 1,1\nquit\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("x mark T1 placed at 0,0") == 1
    assert out.stdout.count("--- x's turn (round 1) ---") == 1
    assert out.stdout.count("o mark T2 placed at 1,1") == 1


def test_an_extra_argument_shows_the_usage_of_the_command_it_was_given_to(dg):
    """The campaign player's trial: `dg campaign play 7` printed dg's own usage
    (`usage: dg [-h] [--version] COMMAND ...`), not that of `dg campaign play`."""
    out = dg("campaign", "play", "7")
    assert out.returncode == 2
    assert "usage: dg campaign play " in out.stderr
    assert "dg campaign play: error: unrecognized arguments: 7" in out.stderr
    told = json.loads(dg("campaign", "play", "7", "--json").stdout)
    assert told == {"error": "unrecognized arguments: 7", "command": "campaign", "exit": 2}


def test_a_seat_given_twice_with_two_controllers_is_refused(dg):
    """The campaign player's trial: `--seat monarchy=human --seat monarchy=bot` — the last won,
    silently."""
    out = dg("run", "tic-tac-toe", "--seat", "x=human", "--seat", "x=random")
    assert out.returncode == 2 and "--seat x is given twice (human, then random)" in out.stderr
    assert dg("run", "tic-tac-toe", "--seat", "x=random", "--seat", "x=random").returncode == 0


def test_a_hot_seat_end_is_told_once_and_a_turn_that_never_comes_is_not_announced(dg):
    """The second trial: a drawn hot-seat tic-tac-toe printed `--- o's turn (round 5) ---` (o
    has no move: the board is full) and then the end once per person."""
    moves = ["1,1", "0,0", "2,0", "0,2", "0,1", "2,1", "1,0", "1,2", "2,2"]
    out = dg("run", "tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "1",
             stdin="".join(f"place {m}\n" for m in moves))
    assert out.returncode == 0, out.stderr
    assert "--- o's turn (round 5) ---" not in out.stdout
    assert out.stdout.count("== the game is over: ") == 1
    assert out.stdout.count("*** the game is drawn") == 1


def test_legend_at_the_prompt_prints_the_boards_key(dg):
    """The second trial: 'legend' got "did you mean 'end'?"; the key was shown with the first
    board only, and 'help' did not say how to see it again."""
    out = dg("run", "aborigine-clash", "--players", "2", "--seed", "1", "--seat", "red=human",
             stdin="legend\nhelp\nquit\n")
    after = out.stdout.split("red> ", 1)[1]
    assert after.startswith("legend: 1-6 portal")
    assert "legend   what the board's letters and signs mean" in after


ENDLESS = """\
format: 1
id: nothing
title: Nothing ends
players: {min: 2, max: 2}
seats: [{id: red}, {id: blue}]
map: {topology: square4, width: 3, height: 3, fill: plain}
cell_types:
  plain: {glyph: "."}
"""


def test_bots_in_a_game_that_cannot_end_are_told_before_they_start(tmp_path):
    """A new author's trial: dg validate warned, and dg run then said nothing for 37 s before
    'the game did not end within 1000000 actions'. It says so at once now (the run is not
    waited for: it still plays to the limit)."""
    path = tmp_path / "nothing.yaml"
    path.write_text(ENDLESS, encoding="utf-8")
    child = subprocess.Popen([sys.executable, "-m", "distant_galaxy", "run", str(path), "--seed",
                              "1", "--quiet"], stderr=subprocess.PIPE, text=True,
                             env=child_env(), cwd=tmp_path)
    try:
        first = child.stderr.readline()
    finally:
        child.kill()
        child.communicate()
    assert first.startswith("warning: no game of this scenario can end"), first
    assert "until the limit of 1,000,000 actions" in first


def test_small_things_a_new_author_met(dg, tmp_path):
    """A new author's trial: a folder given as a scenario, dg test of a file with no tests,
    and `help foo` at the prompt listing 'end' where a phase refuses it."""
    (tmp_path / "mods").mkdir()
    out = dg("validate", "mods")
    assert out.returncode != 0 and "mods: a folder, not a scenario file" in out.stdout
    (tmp_path / "nothing.yaml").write_text(ENDLESS, encoding="utf-8")
    out = dg("test", "nothing.yaml")
    assert "nothing.yaml: no tests (a scenario's tests: list" in out.stdout, out.stdout
    out = dg("run", "tic-tac-toe", "--seed", "1", "--seat", "x=human", stdin="help foo\nquit\n")
    assert "no action 'foo' in this game (its actions: place)" in out.stdout, out.stdout


def test_a_game_quit_with_a_log_and_no_save_says_the_log_is_no_save(dg):
    """A player's trial: 'nothing was kept' was said of a game whose log had been written."""
    out = dg("run", "tic-tac-toe", "--seed", "1", "--seat", "x=human", "--log", "only.jsonl",
             stdin="quit\n")
    assert out.returncode == 0
    assert out.stdout.rstrip().endswith("game stopped; its log only.jsonl holds it so far, but "
                                        "a log cannot be resumed (use --save FILE to keep a "
                                        "game)")
