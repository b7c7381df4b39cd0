"""``dg run … --seat X=mcts`` on a terminal shows one "thinking" line while the bot searches
(issue 32 item 4), rewritten in place on stderr and cleared; pipes, ``--quiet``, ``--json`` and
the log never see it. Played in a real pseudo-terminal (the ``pty`` module)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")

RUN = [sys.executable, "-m", "distant_galaxy", "run", "tic-tac-toe", "--seed", "3",
       "--seat", "x=mcts:0.3s", "--seat", "o=random"]


def on_a_terminal(*extra: str) -> str:
    """What the terminal shows of the run: stdout and stderr both on one pty."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([*RUN, *extra], stdin=follower, stdout=follower, stderr=follower,
                            env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"})
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the child closed its side
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.wait(timeout=60) == 0
    return b"".join(chunks).decode("utf-8", "replace")


def test_a_terminal_shows_the_thinking_line_and_clears_it(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    shown = on_a_terminal("--log", str(log))
    assert "\rx thinking… " in shown and "/0.3 s, " in shown and "\r\x1b[K" in shown
    assert "o thinking" not in shown  # the random bot does not search
    assert "thinking" not in log.read_text(encoding="utf-8")


@pytest.mark.parametrize("flag", ["--quiet", "--json"])
def test_quiet_and_json_show_no_thinking_line(flag: str) -> None:
    assert "thinking" not in on_a_terminal(flag)


def test_a_pipe_shows_no_thinking_line() -> None:
    done = subprocess.run(RUN, capture_output=True, text=True, timeout=60, check=True)
    assert "thinking" not in done.stdout + done.stderr
