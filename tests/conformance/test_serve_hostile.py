"""Hostile input for ``dg serve`` (issue 33, item 7; issue 30): bad tokens, oversized and
malformed bodies, wrong decision numbers, concurrent submissions. Each is refused with its status
and changes nothing: the decision, the save file's bytes stay as they were. Bodies are bounded
(16 KiB), read no further than that."""

from __future__ import annotations

import http.client
import json
import threading
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason='dg serve needs the extra: pip install ".[serve]"')
pytest.importorskip("uvicorn", reason='dg serve needs the extra: pip install ".[serve]"')

from tests.serve.served import Served, get, post, start


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("hostile")
    s = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "2",
               "--save", "g.json"], folder)
    s.folder = folder  # type: ignore[attr-defined]
    yield s
    s.stop()


def unchanged(served: Served):
    """A check that the game and its save are as they were when it was made."""
    save = served.folder / "g.json"  # type: ignore[attr-defined]
    before, decision = save.read_bytes(), get(served.base + "/api/state")[1]["decision"]

    def check() -> None:
        assert save.read_bytes() == before
        assert get(served.base + "/api/state")[1]["decision"] == decision
    return check


def raw_post(served: Served, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    host, port = served.base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        conn.request("POST", "/api/act", body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


@pytest.mark.parametrize("token", ["", "x", "A" * 5000, "../../etc/passwd", None, 17, ["t"],
                                   {"t": 1}, "\u0000", "' OR 1=1 --"])
def test_bad_tokens_get_403(served: Served, token: object) -> None:
    check = unchanged(served)
    status, answer = post(served.base + "/api/act", {"token": token, "action": "place 1,1",
                                                     "decision": 0})
    assert status == 403 and answer["ok"] is False
    check()


@pytest.mark.parametrize("query", ["token=nope", "token=" + "A" * 3000, "token=%00"])
def test_bad_tokens_cannot_read(served: Served, query: str) -> None:
    assert get(f"{served.base}/api/state?{query}")[0] == 403
    assert get(f"{served.base}/api/events?{query}")[0] == 403


@pytest.mark.parametrize("body", [b"", b"{", b"[]", b"null", b'"text"', b"\xff\xfe",
                                  b"[" * 5000 + b"]" * 5000, b'{"token": 1e999999}',
                                  b"{" + b'"a": 1,' * 2000 + b'"b": 2}'])
def test_malformed_bodies_get_400(served: Served, body: bytes) -> None:
    check = unchanged(served)
    status, raw = raw_post(served, body, {"Content-Type": "application/json"})
    assert status in (400, 403) and json.loads(raw)["ok"] is False
    check()


def test_an_oversized_body_gets_413_with_or_without_a_length(served: Served) -> None:
    check = unchanged(served)
    big = json.dumps({"token": served.token("x"), "action": "place 1,1", "decision": 0,
                      "pad": "x" * 100_000}).encode()
    status, _ = raw_post(served, big, {"Content-Type": "application/json"})
    assert status == 413
    host, port = served.base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.putrequest("POST", "/api/act")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    try:
        for _ in range(64):  # 64 chunks of 4 KiB: the server stops reading past 16 KiB
            conn.send(b"1000\r\n" + b"x" * 4096 + b"\r\n")
        conn.send(b"0\r\n\r\n")
    except OSError:
        pass  # the server may close the connection once it has answered
    assert conn.getresponse().status == 413
    conn.close()
    check()


@pytest.mark.parametrize("decision", [-1, 1, 10 ** 30, "0", 0.0, True, None, [0]])
def test_wrong_decision_numbers_are_refused(served: Served, decision: object) -> None:
    check = unchanged(served)
    status, answer = post(served.base + "/api/act", {"token": served.token("x"),
                                                     "action": "place 1,1", "decision": decision})
    assert status in (400, 409) and answer["ok"] is False
    check()


@pytest.mark.parametrize("action", ["", "   ", "place", "place 9,9", "place 1,1 1,1", "x" * 2000,
                                    None, 5, ["place 1,1"], "undo", "quit", "place 1,1\nplace 0,0"])
def test_bad_actions_are_refused_with_the_reason(served: Served, action: object) -> None:
    check = unchanged(served)
    status, answer = post(served.base + "/api/act", {"token": served.token("x"),
                                                     "action": action, "decision": 0})
    assert status == 400 and answer["ok"] is False and answer["error"]
    check()


def test_the_other_seat_cannot_act(served: Served) -> None:
    check = unchanged(served)
    status, answer = post(served.base + "/api/act", {"token": served.token("o"),
                                                     "action": "place 1,1", "decision": 0})
    assert status == 403 and answer["error"] == "not your decision"
    check()


def test_concurrent_submissions_apply_exactly_one(tmp_path: Path) -> None:
    s = start(["tic-tac-toe", "--seat", "x=human", "--seat", "o=human", "--seed", "3"], tmp_path)
    try:
        answers: list[tuple[int, dict]] = []
        barrier = threading.Barrier(16)

        def one(cell: str) -> None:
            barrier.wait()
            answers.append(post(s.base + "/api/act", {"token": s.token("x"),
                                                      "action": f"place {cell}", "decision": 0}))
        cells = [f"{x},{y}" for x in range(3) for y in range(3)] * 2
        threads = [threading.Thread(target=one, args=(c,)) for c in cells[:16]]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        statuses = sorted(status for status, _ in answers)
        assert statuses == [200] + [409] * 15
        assert all("already decided" in a["error"] for st, a in answers if st == 409)
        _, snap = get(s.base + "/api/state")
        assert snap["decision"] == 1
    finally:
        s.stop()
