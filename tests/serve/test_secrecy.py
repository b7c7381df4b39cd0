"""Secrecy proved from the traffic (issue 30, item 3).

A real ``dg serve`` process hosts a whole game with every seat a person's; the test plays each
seat through ``/api/act`` and records every message the server pushes to every seat and to a
spectator. Then, replaying the game from its log, for each recorded message (seat S, decision N)
every secret hidden from S at N is given a made-up value (``SENTINEL…``) and S's snapshot is
built again from that game: it must contain no made-up value and be the message S was sent.
So no message depends on a value its seat may not see — a face-down Space Domain marker, the
other side's secret Battle Orders — before its reveal; and a ``reveal`` reaches a seat's
narration only from the decision it happened at, and only when shown to that seat.
"""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from distant_galaxy.core.hidden import may_see
from distant_galaxy.play.log import read_log
from distant_galaxy.play.runner import Session, logged_game
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.serve.host import GameHost, SaveFile
from distant_galaxy.serve.snapshot import snapshot
from tests.serve.served import play_randomly, snapshots, start

SENTINEL = "SENTINEL"


class Recorder(threading.Thread):
    """Every snapshot pushed on one stream, until the one with the result."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.messages: list[dict[str, Any]] = []
        self.connected = threading.Event()

    def run(self) -> None:
        for snap in snapshots(self.url, timeout=120):
            self.messages.append(snap)
            self.connected.set()
            if snap["result"] is not None:
                return


def replay_host(log: Path) -> tuple[GameHost, list[tuple[str, str]]]:
    """A host on a new game of the log's header, and the log's actions."""
    records = [rec for _, rec in read_log(log)]
    header = records[0]
    scenario = load_scenario(header["scenario"], header.get("variant"), header["options"])
    game, _ = logged_game(scenario, header["seats"], header["seed"], lambda r: None)
    kinds = {s: "human" for s in header["seats"]}
    host = GameHost(Session(game, header, {}, lambda r: None), kinds,  # type: ignore[arg-type]
                    SaveFile(None), tokens={"-": "-"})
    actions = [(r["seat"], r["action"]) for r in records if r["kind"] == "action"]
    return host, actions


def without_presence(snap: dict[str, Any]) -> dict[str, Any]:
    """A snapshot without who is connected (that changes between messages of one decision)."""
    out = dict(snap)
    out["seats"] = [{k: v for k, v in s.items() if k != "connected"} for s in snap["seats"]]
    return out


def substituted(host: GameHost, seat: str | None) -> dict[str, Any]:
    """``seat``'s snapshot of the game with a made-up value for every secret hidden from it."""
    secrets = host.game.state.secrets
    kept = dict(secrets)
    host.pictures.clear()  # drawn again from the substituted game
    for n, (sid, item) in enumerate(kept.items()):
        if not may_see(item, seat):
            secrets[sid] = {**item, "value": f"{SENTINEL}{n}"}
    try:
        return snapshot(host, seat)
    finally:
        secrets.clear()
        secrets.update(kept)


def check_traffic(log: Path, recorded: dict[str | None, list[dict[str, Any]]]) -> int:
    """Replay the game; check every recorded message as the module text says. Returns how many
    messages were checked."""
    host, actions = replay_host(log)
    by_decision: dict[int, list[tuple[str | None, dict[str, Any]]]] = {}
    for seat, messages in recorded.items():
        for m in messages:
            by_decision.setdefault(m["decision"], []).append((seat, m))
    checked = 0
    hidden_seen = 0
    for n in range(len(actions) + 1):
        for seat, message in by_decision.get(n, []):
            hidden_seen += sum(1 for item in host.game.state.secrets.values()
                               if not may_see(item, seat))
            again = substituted(host, seat)
            assert SENTINEL not in json.dumps(again), (seat, n)
            assert without_presence(again) == without_presence(message), (seat, n)
            checked += 1
        if n < len(actions):
            seat, text = actions[n]
            host.seen[seat] = len(host.game.view(seat).events)
            host.game.apply(text, seat=seat)
            host.last_human = seat
    assert hidden_seen > 0  # the games did hide something from someone
    return checked


def check_reveals(log: Path, recorded: dict[str | None, list[dict[str, Any]]]) -> int:
    """A reveal is told to a seat only when it was shown to that seat, and from the decision it
    happened at on."""
    records = [rec for _, rec in read_log(log)]
    decision, when = 0, {}
    for rec in records:
        if rec["kind"] == "action":
            decision += 1
        elif rec["kind"] == "event" and rec.get("type") == "reveal":
            when.setdefault(rec["secret"], (decision, rec.get("visible_to")))
    assert when, "the game revealed nothing"
    for seat, messages in recorded.items():
        for m in messages:
            for sid, (at, visible_to) in when.items():
                told = any(f": {sid} is " in line for line in m["narration"])
                if told:
                    assert m["decision"] >= at, (seat, sid)
                    assert visible_to is None or seat in visible_to, (seat, sid)
    return len(when)


@pytest.mark.parametrize(("scenario", "option", "seed"), [
    ("aborigine-clash", "space-domain", 11),
    ("fleet-battle", "secret-orders", 12),
])
def test_no_message_holds_a_value_hidden_from_its_seat(tmp_path: Path, scenario: str, option: str,
                                                       seed: int) -> None:
    seats = load_scenario(scenario, None, [option]).seat_ids()
    args = [scenario, "--option", option, "--seed", str(seed), "--log", "game.jsonl"]
    for s in seats:
        args += ["--seat", f"{s}=human"]
    served = start(args, tmp_path)
    try:
        recorders = {s: Recorder(f"{served.base}/api/events?token={served.token(s)}")
                     for s in seats}
        recorders[None] = Recorder(f"{served.base}/api/events")
        for r in recorders.values():
            r.start()
        for r in recorders.values():
            assert r.connected.wait(30)
        actions = play_randomly(served, seats, random.Random(seed))
        for r in recorders.values():
            r.join(60)
            assert not r.is_alive()
    finally:
        served.stop()
    recorded = {s: r.messages for s, r in recorders.items()}
    assert actions > 5
    assert all(len(m) > actions // 2 for m in recorded.values())
    checked = check_traffic(tmp_path / "game.jsonl", recorded)
    assert checked == sum(len(m) for m in recorded.values())
    assert check_reveals(tmp_path / "game.jsonl", recorded) >= 1
