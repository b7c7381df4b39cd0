"""Undo in a served game (``POST /api/undo``, the page's "Undo …" button, ``undo`` in
``dg join``): the seat deciding takes back its last action of the decision, as ``dg run``'s
prompt does — not past a die roll or a revealed value (``Game.undo``) — and the save and the log
follow, as after an action."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.serve.served import Served, get, post, start
from tests.serve.test_join import dg


@pytest.fixture
def belt(tmp_path: Path):
    served = start(["asteroid-belt", "--players", "2", "--seat", "orange=human",
                    "--seat", "purple=human", "--seed", "1", "--save", "g.json",
                    "--log", "g.jsonl"], tmp_path)
    yield served
    served.stop()


def state(served: Served, seat: str) -> dict:
    status, snap = get(f"{served.base}/api/state?token={served.token(seat)}")
    assert status == 200
    return snap


def deploy(snap: dict) -> str:
    """An action that leaves the decision open and rolls no die (a ship put on the board)."""
    return next(a["text"] for a in snap["actions"] if a["verb"] == "deploy")


def undo(served: Served, seat: str, decision: int) -> tuple[int, dict]:
    return post(served.base + "/api/undo", {"token": served.token(seat), "decision": decision})


def test_the_seat_deciding_takes_back_its_last_action(belt: Served, tmp_path: Path) -> None:
    first = state(belt, "orange")
    assert first["your_turn"] and first["decision"] == 0 and first["undo"] is None
    text = deploy(first)
    status, body = post(belt.base + "/api/act", {"token": belt.token("orange"), "action": text,
                                                  "decision": 0})
    assert status == 200 and body["decision"] == 1
    after = state(belt, "orange")
    assert after["your_turn"] and after["undo"] == text       # the page's "Undo …" button
    assert state(belt, "purple")["undo"] is None              # not to the seat waiting
    assert json.loads((tmp_path / "g.json").read_text())["actions"][-1][1] == text

    assert undo(belt, "purple", 1)[0] == 403                  # not purple's decision
    status, body = undo(belt, "orange", 0)                    # a stale decision number
    assert status == 409 and "already decided" in body["error"]
    assert undo(belt, "orange", 1) == (200, {"ok": True, "decision": 0, "undone": text})

    again = state(belt, "orange")
    assert again["decision"] == 0 and again["undo"] is None
    assert [a["text"] for a in again["actions"]] == [a["text"] for a in first["actions"]]
    assert json.loads((tmp_path / "g.json").read_text())["actions"] == []   # the save follows
    log = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert [r["kind"] for r in log if r["kind"] in ("action", "undo")] == ["action", "undo"]
    status, body = undo(belt, "orange", 0)                    # nothing left: the engine's reason
    assert status == 409 and body["error"].startswith("nothing to undo")


def test_undo_needs_a_seat_token(belt: Served) -> None:
    assert post(belt.base + "/api/undo", {"decision": 0})[0] == 403
    assert post(belt.base + "/api/undo", {"token": "nope", "decision": 0})[0] == 403
    assert post(belt.base + "/api/undo", {"token": belt.token("orange")})[0] == 400


def test_join_undoes_at_its_prompt(tmp_path: Path) -> None:
    served = start(["asteroid-belt", "--players", "2", "--seat", "orange=human", "--seed", "1"],
                   tmp_path)
    try:
        first = deploy(state(served, "orange"))
        joined = dg(["join", served.links["orange"]], tmp_path,
                    f"help\nundo\n{first}\nundo\nquit\n")
    finally:
        served.stop()
    assert joined.returncode == 0, joined.stderr
    out = joined.stdout
    assert "nothing to undo now" in out                      # before any action of the decision
    assert f"undone: {first}" in out
    assert "undo          take back your last action of this decision" in out   # 'help'
    assert out.count("orange> ") >= 4                        # the prompt again after the undo


def test_an_undo_the_save_cannot_keep_is_refused_and_the_game_stays(tmp_path: Path) -> None:
    """A full disk at an undo: 503, the action stays done (the save and the log as they were);
    once there is space the same undo is taken, and logged once."""
    served = start(["asteroid-belt", "--players", "2", "--seat", "orange=human",
                    "--seat", "purple=human", "--seed", "1", "--save", "g.json",
                    "--log", "g.jsonl"], tmp_path, faulty=True)
    try:
        text = deploy(state(served, "orange"))
        post(served.base + "/api/act", {"token": served.token("orange"), "action": text,
                                        "decision": 0})
        save, log = (tmp_path / "g.json").read_bytes(), (tmp_path / "g.jsonl").read_bytes()
        (tmp_path / "DISK-FULL").touch()
        status, body = undo(served, "orange", 1)
        assert status == 503 and "your action was not taken back" in body["error"]
        assert (tmp_path / "g.json").read_bytes() == save
        assert (tmp_path / "g.jsonl").read_bytes() == log
        snap = state(served, "orange")
        assert snap["decision"] == 1 and snap["undo"] == text and "undo was not done" in \
            snap["warning"]
        (tmp_path / "DISK-FULL").unlink()
        assert undo(served, "orange", 1)[0] == 200
        assert state(served, "orange")["warning"] is None
    finally:
        served.stop()
    records = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert [r["kind"] for r in records if r["kind"] in ("action", "undo")] == ["action", "undo"]
