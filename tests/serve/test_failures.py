"""Failures are visible and lose nothing (issue 30 audit, item 4), on a real server process.

A save that cannot be written (the disk full, the save's place taken by a folder) takes the
action back: the person is told why (503), the game, the save file and the log are as they
were, the pages and the server's terminal are warned; once the save can be written the game goes
on (bots try again by themselves) and its log is one ``dg replay`` confirms. A bot that raises
an unexpected exception stops its game, said on the terminal and on every page. The terminal
says when a seat connects and leaves and how the game ended.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.serve.served import Served, get, post, snapshots, start

PEOPLE = ["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "5",
          "--save", "g.json", "--log", "g.jsonl"]


def act(served: Served, seat: str, text: str, decision: int) -> tuple[int, dict]:
    return post(served.base + "/api/act", {"token": served.token(seat), "action": text,
                                            "decision": decision})


def replays(folder: Path, log: str = "g.jsonl") -> None:
    done = subprocess.run([sys.executable, "-m", "distant_galaxy", "replay", log], cwd=folder,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "replay matches" in done.stdout, done.stdout + done.stderr


def play_out(served: Served, decision: int) -> None:
    """x takes column 0 (o answers in column 1) from ``decision`` (0 or 1) to the end."""
    moves = ["place 0,0", "place 1,0", "place 0,1", "place 1,1", "place 0,2"]
    for i in range(decision, len(moves)):
        status, answer = act(served, "xo"[i % 2], moves[i], i)
        assert status == 200, answer


def test_a_full_disk_refuses_the_action_and_keeps_everything_as_it_was(tmp_path: Path) -> None:
    served = start(PEOPLE, tmp_path, faulty=True)
    try:
        assert act(served, "x", "place 0,0", 0)[0] == 200
        save, log = (tmp_path / "g.json").read_bytes(), (tmp_path / "g.jsonl").read_bytes()
        (tmp_path / "DISK-FULL").touch()
        status, answer = act(served, "o", "place 1,0", 1)
        assert status == 503 and not answer["ok"] and answer["decision"] == 1
        assert "could not be written (No space left on device)" in answer["error"]
        assert "not applied" in answer["error"]
        assert (tmp_path / "g.json").read_bytes() == save  # the save as it was
        assert (tmp_path / "g.jsonl").read_bytes() == log  # nothing logged of the action
        _, snap = get(f"{served.base}/api/state?token={served.token('o')}")
        assert snap["decision"] == 1 and snap["your_turn"] and snap["error"] is None
        assert "place 1,0" in [a["text"] for a in snap["actions"]]  # the cell is still free
        assert "cannot be written" in snap["warning"]
        assert "cannot be written (No space left on device)" in served.wait_said("g.json")
        (tmp_path / "DISK-FULL").unlink()  # space freed: the same action is applied now
        play_out(served, 1)
        _, end = get(served.base + "/api/state")
        assert end["result"]["winner"] == "x" and end["warning"] is None
        served.wait_said("the game is over: x wins")
    finally:
        served.stop()
    replays(tmp_path)


def test_a_save_taken_by_a_folder_is_told_to_the_person_and_the_game_waits(tmp_path: Path
                                                                            ) -> None:
    served = start(PEOPLE, tmp_path)
    try:
        (tmp_path / "g.json").unlink()
        (tmp_path / "g.json").mkdir()  # the save cannot be written there (even as root)
        status, answer = act(served, "x", "place 0,0", 0)
        assert status == 503 and "g.json could not be written" in answer["error"]
        assert get(served.base + "/api/state")[1]["decision"] == 0
        (tmp_path / "g.json").rmdir()
        play_out(served, 0)
    finally:
        served.stop()
    replays(tmp_path)


def test_a_bot_waits_for_a_save_it_can_write_then_goes_on(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=random", "--seed", "5",
                    "--save", "g.json", "--log", "g.jsonl", "--pace", "2"], tmp_path,
                   faulty=True)
    try:
        assert act(served, "x", "place 1,1", 0)[0] == 200
        (tmp_path / "DISK-FULL").touch()  # the bot waits 2 s (--pace) before it acts
        said = served.wait_said("cannot be written")
        assert "o's last action was not applied" in said and "the bots try again" in said
        url = f"{served.base}/api/events?token={served.token('x')}"
        snap = next(s for s in snapshots(url) if s["warning"])
        assert snap["decision"] == 1 and snap["error"] is None
        (tmp_path / "DISK-FULL").unlink()
        while snap["result"] is None:
            snap = next(s for s in snapshots(url) if s["your_turn"] or s["result"])
            if snap["result"] is None:
                status, _ = act(served, "x", snap["actions"][0]["text"], snap["decision"])
                assert status == 200
        assert snap["warning"] is None
        served.wait_said("the save is written again")
        served.wait_said("the game is over")
    finally:
        served.stop()
    replays(tmp_path)


def test_a_bot_that_raises_stops_its_game_on_every_page_and_the_terminal(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=random", "--seed", "5",
                    "--save", "g.json"], tmp_path, faulty=True)
    try:
        (tmp_path / "BOT-BUG").touch()
        assert act(served, "x", "place 0,0", 0)[0] == 200
        url = f"{served.base}/api/events?token={served.token('x')}"
        snap = next(s for s in snapshots(url) if s["error"])
        assert ("seat o's controller 'random' (distant_galaxy.play.controllers) failed: "
                "ZeroDivisionError") in snap["error"]  # in dg run's words
        assert not snap["your_turn"] and snap["decision"] == 1
        said = served.wait_said("the game is stopped")
        assert "faulty.py:" in said and "dg serve --resume g.json" in said
        assert act(served, "x", "place 1,1", 1)[0] == 403  # not x's decision: o's, stopped
        (tmp_path / "BOT-BUG").unlink()
    finally:
        served.stop()
    again = start(["--resume", "g.json"], tmp_path)  # the bot fixed: the game goes on
    try:
        _, snap = get(f"{again.base}/api/state?token={again.token('x')}")
        assert snap["error"] is None
    finally:
        again.stop()


def test_the_terminal_says_who_connects_and_leaves_and_how_to_stop(tmp_path: Path) -> None:
    served = start(PEOPLE, tmp_path)
    try:
        assert "Ctrl-C stops the server" in served.said()
        assert "saved to: g.json" in served.said() and "log: g.jsonl" in served.said()
        stream = snapshots(f"{served.base}/api/events?token={served.token('o')}")
        next(stream)
        served.wait_said(" o connected")
        stream.close()
        served.wait_said(" o left")
    finally:
        served.stop()
    served.proc.wait(10)
    served.wait_said("stopped; the game is saved in g.json (dg serve --resume g.json")


def test_a_folder_in_the_way_of_the_log_is_refused_before_serving(tmp_path: Path) -> None:
    (tmp_path / "g.jsonl").mkdir()
    done = subprocess.run([sys.executable, "-m", "distant_galaxy", "serve", *PEOPLE, "--port",
                           "0"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "g.jsonl" in done.stderr
    shutil.rmtree(tmp_path / "g.jsonl")
    assert sorted(p.name for p in tmp_path.iterdir()) == []
