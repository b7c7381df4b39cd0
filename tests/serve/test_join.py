"""``dg join URL`` (issue 30, item 5): a seat played from another terminal with the prompt and
narration of ``dg run``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.serve.served import start

CELLS = [f"place {x},{y}" for y in range(3) for x in range(3)]


def dg(args: list[str], cwd: Path, stdin: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "distant_galaxy", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, timeout=120, env=env)


def first_prompt(text: str) -> str:
    return text[:text.index("x> ")]


def test_join_plays_a_seat_to_the_end_with_the_prompt_of_dg_run(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--seed", "4"], tmp_path)
    try:
        joined = dg(["join", served.links["x"]], tmp_path,
                    "help\nlist\nplace 7,7\nhelp place\nplace\n" + "\n".join(CELLS * 2))
    finally:
        served.stop()
    assert joined.returncode == 0, joined.stderr
    out = joined.stdout
    ran = dg(["run", "tic-tac-toe", "--seat", "x=human", "--seed", "4"], tmp_path, "quit\n")
    assert first_prompt(out) == first_prompt(ran.stdout)  # the same news, board, decision, list
    assert "--- o's turn (round 1) ---" in out             # what the bot did, told at x's next turn
    # the new player's trial: every other text was "not a legal action now", without a reason,
    # and 'help ACTION' was unknown; the server checks it and says why, as dg run does
    assert "not possible: place 7,7: cell 7,7 is off the board (3x3)" in out
    assert "place x,y — Put one of your marks on an empty cell." in out
    assert "'place' begins several actions: place 0,0 | place 1,0" in out
    assert "== the game is over: " in out


def test_join_refuses_a_wrong_link(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--seed", "4"], tmp_path)
    try:
        bad = dg(["join", served.base + "/play/not-a-token"], tmp_path, "")
        assert bad.returncode != 0 and "403" in bad.stderr
        odd = dg(["join", "ftp://example/x"], tmp_path, "")
        assert odd.returncode != 0 and "not a link of dg serve" in odd.stderr
    finally:
        served.stop()
