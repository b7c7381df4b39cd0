"""``dg join`` on a real terminal (a pseudo-terminal, the ``pty`` module): what a person types
while another seat decides is not sent at their next turn — it was typed before the board it
would answer was shown (the browser trial: ``place 1,1`` typed while waiting was played at once
when the turn came, unseen)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.serve.served import get, post, start

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")


class Screen:
    """``dg join`` in a pseudo-terminal: what it printed, and keys typed into it."""

    def __init__(self, link: str) -> None:
        self.leader, follower = pty.openpty()
        self.proc = subprocess.Popen([sys.executable, "-m", "distant_galaxy", "join", link],
                                     stdin=follower, stdout=follower, stderr=follower,
                                     env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"})
        os.close(follower)
        self.shown = ""

    def wait_for(self, text: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.shown:
            assert time.monotonic() < deadline, f"never shown: {text!r}\n{self.shown}"
            if select.select([self.leader], [], [], 0.1)[0]:
                try:
                    self.shown += os.read(self.leader, 65536).decode("utf-8", "replace")
                except OSError:
                    break

    def type(self, line: str) -> None:
        os.write(self.leader, (line + "\n").encode())

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        os.close(self.leader)


def test_what_was_typed_while_waiting_is_dropped_at_the_turn(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "2"],
                   tmp_path)
    x = Screen(served.links["x"])
    try:
        x.wait_for("x> ")
        x.type("place 0,0")
        x.wait_for("(waiting for o…)")
        x.type("place 1,1")                                   # typed ahead, board unseen
        time.sleep(0.5)
        status, _ = post(served.base + "/api/act", {"token": served.token("o"),
                                                    "action": "place 2,2", "decision": 1})
        assert status == 200
        x.wait_for("what you typed while waiting was not sent")
        x.wait_for("x> ")
        _, snap = get(f"{served.base}/api/state?token={served.token('x')}")
        assert snap["decision"] == 2 and snap["your_turn"]  # place 1,1 was not played
    finally:
        x.close()
        served.stop()


def test_joining_while_another_seat_decides_shows_the_board(tmp_path: Path) -> None:
    """The browser trial: a seat that joined (again) between its turns saw only "(waiting for
    x…)", and a spectator only the moves — both now see the board first."""
    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "2"],
                   tmp_path)
    post(served.base + "/api/act", {"token": served.token("x"), "action": "place 1,1",
                                    "decision": 0})
    post(served.base + "/api/act", {"token": served.token("o"), "action": "place 0,0",
                                    "decision": 1})
    o, spectator = Screen(served.links["o"]), Screen(served.watch)
    try:
        o.wait_for("(waiting for x…)")
        assert "0 o . .\r\n1 . x ." in o.shown[:o.shown.index("(waiting for x…)")]
        spectator.wait_for("0 o . .\r\n1 . x .")
    finally:
        o.close()
        spectator.close()
        served.stop()
