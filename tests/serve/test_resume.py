"""Nothing lost (issue 30, item 4): reconnecting gives the current state and the pending decision;
after ``kill -9`` of the server ``dg serve --resume SAVE`` goes on from the last decision with the
same links, and the log it writes is one ``dg replay`` confirms."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.serve.served import Served, get, post, snapshots, start

MOVES = ["place 0,0", "place 1,1", "place 0,1", "place 2,2", "place 0,2"]  # x wins down column 0


def act(served: Served, seat: str, text: str, decision: int) -> int:
    status, answer = post(served.base + "/api/act", {"token": served.token(seat), "action": text,
                                                     "decision": decision})
    assert status == 200, answer
    return int(answer["decision"])


def first(url: str) -> dict:
    stream = snapshots(url)
    snap = next(stream)
    stream.close()  # the connection goes: the client has left
    return snap


def test_a_client_that_reconnects_gets_the_state_and_its_pending_decision(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "5"],
                   tmp_path)
    try:
        url = f"{served.base}/api/events?token={served.token('o')}"
        assert first(url)["decision"] == 0
        act(served, "x", MOVES[0], 0)        # while o is away
        snap = first(url)                    # o comes back with the same link
        assert snap["decision"] == 1 and snap["your_turn"] and snap["you"] == "o"
        assert "place 1,1" in [a["text"] for a in snap["actions"]]
        assert any("x" in line and "0,0" in line for line in snap["narration"])
        _, public = get(served.base + "/api/state")
        assert {s["seat"]: s["connected"] for s in public["seats"]} == {"x": False, "o": False}
    finally:
        served.stop()


def test_kill_9_then_resume_goes_on_from_the_last_decision(tmp_path: Path) -> None:
    args = ["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "9",
            "--save", "g.json", "--log", "g.jsonl"]
    served = start(args, tmp_path)
    decision = 0
    for i, text in enumerate(MOVES[:3]):
        decision = act(served, "xo"[i % 2], text, decision)
    links = dict(served.links)
    served.kill()                                        # SIGKILL: no chance to save anything
    assert served.proc.returncode == -9
    again = start(["--resume", "g.json", "--log", "g.jsonl"], tmp_path)
    try:
        assert again.links["x"].rsplit("/", 1)[1] == links["x"].rsplit("/", 1)[1]
        assert again.links["o"].rsplit("/", 1)[1] == links["o"].rsplit("/", 1)[1]
        _, snap = get(f"{again.base}/api/state?token={again.token('o')}")
        assert snap["decision"] == 3 and snap["your_turn"]
        decision = act(again, "o", MOVES[3], 3)
        act(again, "x", MOVES[4], decision)
        _, end = get(f"{again.base}/api/state")
        assert end["result"]["winner"] == "x"
    finally:
        again.stop()
    replay = subprocess.run([sys.executable, "-m", "distant_galaxy", "replay", "g.jsonl"],
                            cwd=tmp_path, capture_output=True, text=True)
    assert replay.returncode == 0 and "replay matches" in replay.stdout, replay.stderr
    shown = subprocess.run([sys.executable, "-m", "distant_galaxy", "show", "g.json"],
                           cwd=tmp_path, capture_output=True, text=True)
    assert shown.returncode == 0 and "x wins" in shown.stdout


def test_resume_without_log_goes_on_writing_the_log_the_game_was_started_with(tmp_path: Path
                                                                             ) -> None:
    """The log's path is kept beside the save (SAVE.links): after kill -9, ``--resume SAVE``
    alone writes it again from the save and appends the rest; ``dg replay`` confirms it."""
    logs = tmp_path / "logs"
    logs.mkdir()
    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "9",
                    "--save", "g.json", "--log", "logs/g.jsonl"], tmp_path)
    decision = 0
    for i, text in enumerate(MOVES[:3]):
        decision = act(served, "xo"[i % 2], text, decision)
    served.kill()
    elsewhere = tmp_path / "elsewhere"  # resumed from another folder: the path is absolute
    elsewhere.mkdir()
    again = start(["--resume", "../g.json"], elsewhere)
    try:
        assert f"log: {logs / 'g.jsonl'}" in again.said()
        assert "saved to: ../g.json" in again.said()
        decision = act(again, "o", MOVES[3], 3)
        act(again, "x", MOVES[4], decision)
        again.wait_said("the game is over: x wins")
    finally:
        again.stop()
    assert not list(elsewhere.iterdir())
    replay = subprocess.run([sys.executable, "-m", "distant_galaxy", "replay", "logs/g.jsonl"],
                            cwd=tmp_path, capture_output=True, text=True)
    assert replay.returncode == 0 and "replay matches" in replay.stdout, replay.stderr


def test_the_log_of_an_uninterrupted_game_replays(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--seed", "4", "--log", "g.jsonl"],
                   tmp_path)
    try:
        url = f"{served.base}/api/events?token={served.token('x')}"
        after = -1
        for snap in snapshots(url):
            if snap["result"] is not None:
                break
            if snap["your_turn"] and snap["decision"] > after:  # not a stale message
                after = act(served, "x", snap["actions"][0]["text"], snap["decision"])
    finally:
        served.stop()
    replay = subprocess.run([sys.executable, "-m", "distant_galaxy", "replay", "g.jsonl"],
                            cwd=tmp_path, capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr



def test_a_finished_game_is_not_resumed_and_its_log_stays_complete(tmp_path: Path) -> None:
    """Resuming a finished game wrote its log again from the save and left it without its
    result: the log no longer replayed (a new player's trial of dg serve)."""
    served = start(["tic-tac-toe", "--seed", "5", "--save", "g.json", "--log", "g.jsonl"],
                   tmp_path)
    try:
        served.wait_said("the game is over")
    finally:
        served.stop()
    log = (tmp_path / "g.jsonl").read_bytes()
    done = subprocess.run([sys.executable, "-m", "distant_galaxy", "serve", "--resume", "g.json",
                           "--port", "0"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("dg serve: g.json: the game is over (")
    assert "nothing to serve" in done.stderr
    assert (tmp_path / "g.jsonl").read_bytes() == log
