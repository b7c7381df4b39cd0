"""``dg serve`` as a real process on a free port: links, tokens, actions, double submissions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.serve.served import Served, get, post, start, wait_for


@pytest.fixture
def ttt(tmp_path: Path):
    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "1",
                    "--save", "g.json", "--log", "g.jsonl"], tmp_path)
    yield served
    served.stop()


def act(served: Served, seat: str, action: str, decision: int) -> tuple[int, dict]:
    return post(served.base + "/api/act", {"token": served.token(seat), "action": action,
                                            "decision": decision})


def test_links_name_each_human_seat_and_the_spectators(ttt: Served) -> None:
    assert set(ttt.links) == {"x", "o", "spectators"}
    assert ttt.token("x") != ttt.token("o") and len(ttt.token("x")) >= 20
    status, index = get(ttt.base + "/")
    assert status == 200 and ttt.token("x") not in index and ttt.token("o") not in index


def test_a_seat_plays_and_a_second_answer_to_the_same_decision_is_refused(ttt: Served) -> None:
    status, snap = get(f"{ttt.base}/api/state?token={ttt.token('x')}")
    assert status == 200 and snap["your_turn"] and snap["decision"] == 0
    assert {"text": "place 1,1", "verb": "place", "unit": None, "cells": [[1, 1]]} in snap["actions"]
    assert act(ttt, "x", "place 1,1", 0) == (200, {"ok": True, "decision": 1})
    status, body = act(ttt, "x", "place 0,0", 0)
    assert status == 409 and body["decision"] == 1 and "already decided" in body["error"]
    status, body = act(ttt, "x", "place 0,0", 1)
    assert status == 403 and body["error"] == "not your decision"
    status, body = act(ttt, "o", "place 1,1", 1)
    assert status == 400 and not body["ok"]
    status, snap = get(f"{ttt.base}/api/state?token={ttt.token('o')}")
    assert snap["decision"] == 1 and snap["your_turn"]


def test_a_wrong_or_missing_token_gets_403_and_changes_nothing(ttt: Served) -> None:
    for body in ({"token": "nope", "action": "place 1,1", "decision": 0},
                 {"action": "place 1,1", "decision": 0}):
        status, answer = post(ttt.base + "/api/act", body)
        assert status == 403 and not answer["ok"]
    assert get(f"{ttt.base}/api/state?token=nope")[0] == 403
    assert get(f"{ttt.base}/api/events?token=nope")[0] == 403
    assert get(f"{ttt.base}/play/nope")[0] == 403
    status, snap = get(f"{ttt.base}/api/state")
    assert status == 200 and snap["decision"] == 0 and snap["you"] is None and snap["actions"] == []


def test_the_stream_pushes_every_change(ttt: Served) -> None:
    url = f"{ttt.base}/api/events?token={ttt.token('o')}"
    first = wait_for(url, lambda s: True)
    assert first["decision"] == 0 and not first["your_turn"]
    assert act(ttt, "x", "place 0,0", 0)[0] == 200
    snap = wait_for(url, lambda s: s["decision"] == 1)
    assert snap["your_turn"] and any("x" in line for line in snap["narration"])


def test_the_page_and_its_files_are_served(ttt: Served) -> None:
    status, page = get(ttt.links["x"])
    assert status == 200 and "<html" in page
    assert get(ttt.watch)[0] == 200
    assert get(ttt.base + "/static/../host.py")[0] == 404


def test_bots_play_their_seats_on_the_server(tmp_path: Path) -> None:
    served = start(["asteroid-belt", "--seat", "orange=human", "--seed", "3"], tmp_path)
    try:
        assert set(served.links) == {"orange", "spectators"}
        url = f"{served.base}/api/events?token={served.token('orange')}"
        snap = wait_for(url, lambda s: s["your_turn"])
        assert snap["you"] == "orange" and snap["actions"] and "<svg" in snap["svg"]
        assert all(a["cells"] for a in snap["actions"] if a["verb"] == "deploy")
        end = next(a for a in snap["actions"] if a["verb"] == "end")
        status, _ = post(served.base + "/api/act", {"token": served.token("orange"),
                                                    "action": end["text"],
                                                    "decision": snap["decision"]})
        assert status == 200
        again = wait_for(url, lambda s: s["your_turn"] and s["decision"] > snap["decision"] + 1)
        assert any("turn" in line for line in again["narration"])
        assert list(tmp_path.glob("serve-asteroid-belt-*.json"))
    finally:
        served.stop()


def test_hot_seat_one_link_for_every_human_seat_and_the_hand_over(tmp_path: Path) -> None:
    served = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "1",
                    "--hot-seat"], tmp_path)
    try:
        assert set(served.links) == {"hot-seat", "spectators"}
        token = served.token("hot-seat")
        _, snap = get(f"{served.base}/api/state?token={token}")
        assert snap["you"] == "x" and snap["your_turn"] and snap["hot_seat"]
        assert snap["handover"] is None
        status, _ = post(served.base + "/api/act", {"token": token, "action": "place 0,0",
                                                    "decision": 0})
        assert status == 200
        _, snap = get(f"{served.base}/api/state?token={token}")
        assert snap["you"] == "o" and snap["handover"] == "pass to o, then click"
        # between hand-overs nothing of o's view is sent until o says "I am here"
        assert snap["masked"] and not snap["your_turn"]
        assert (snap["svg"], snap["board"], snap["narration"], snap["actions"]) == ("", "", [], [])
        assert get(f"{served.base}/api/narration?token={token}")[1]["lines"] == []
        _, snap = get(f"{served.base}/api/state?token={token}&seat=o")
        assert not snap["masked"] and snap["your_turn"] and "<svg" in snap["svg"]
        assert any("0,0" in line for line in snap["narration"])
        status, _ = post(served.base + "/api/act", {"token": token, "action": "place 1,1",
                                                    "decision": 1})
        assert status == 200
        _, snap = get(f"{served.base}/api/state?token={token}&seat=o")  # now x's hand-over
        assert snap["you"] == "x" and snap["masked"] and snap["svg"] == ""
    finally:
        served.stop()


def test_the_narration_route_gives_a_seat_everything_since_its_last_decision(ttt: Served) -> None:
    assert act(ttt, "x", "place 0,0", 0)[0] == 200
    status, body = get(f"{ttt.base}/api/narration?token={ttt.token('o')}")
    _, snap = get(f"{ttt.base}/api/state?token={ttt.token('o')}")
    assert status == 200 and body["decision"] == 1 and body["you"] == "o"
    assert body["lines"] == snap["narration"] and snap["narration_left_out"] == 0
    assert get(f"{ttt.base}/api/narration?token=nope")[0] == 403
    assert get(f"{ttt.base}/api/narration")[0] == 403  # a spectator has no last decision
