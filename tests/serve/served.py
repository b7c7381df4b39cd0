"""A real ``dg serve`` process on a free port for the tests, and small HTTP helpers (urllib).

``start(args, cwd)`` runs ``python -m distant_galaxy serve ARGS --port 0``, reads the links it
prints (the bound port is in them) and returns a :class:`Served`, which goes on collecting what
the server prints (``said``, ``wait_said``); ``stop()`` ends it (``kill()`` ends it with SIGKILL,
as a crash would). ``start(…, faulty=True)`` runs it under tests/serve/faulty.py, whose faults
are switched on by files in the folder.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LINK = re.compile(r"^  (\S+): (https?://\S+)$")
FAULTY = Path(__file__).with_name("faulty.py")


@dataclass
class Served:
    proc: subprocess.Popen[str]
    base: str
    links: dict[str, str] = field(default_factory=dict)
    output: list[str] = field(default_factory=list)

    def token(self, seat: str) -> str:
        return self.links[seat].rsplit("/", 1)[1]

    def said(self) -> str:
        """Everything the server printed so far."""
        return "".join(self.output)

    def wait_said(self, text: str, timeout: float = 60.0) -> str:
        """Wait until the server has printed ``text``; everything it printed."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.said():
                return self.said()
            time.sleep(0.05)
        raise AssertionError(f"the server did not print {text!r}:\n" + self.said())

    def follow(self) -> None:
        """Keep collecting what the server prints (a thread, until it exits)."""
        assert self.proc.stdout is not None
        stream = self.proc.stdout

        def read() -> None:
            for line in stream:
                self.output.append(line)
        threading.Thread(target=read, daemon=True).start()

    @property
    def watch(self) -> str:
        return self.links["spectators"]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


def start(args: list[str], cwd: Path, timeout: float = 60.0, port: int = 0,
          faulty: bool = False) -> Served:
    """Start ``dg serve ARGS --port PORT`` (by default 0: a free one) in ``cwd``; wait for its
    links."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"}
    runner = [str(FAULTY)] if faulty else ["-m", "distant_galaxy"]
    command = [sys.executable, *runner, "serve", *args, "--port", str(port)]
    proc = subprocess.Popen(command,
                            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env)
    served: Served | None = None
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError("dg serve stopped:\n" + "".join(lines))
        lines.append(line)
        found = re.search(r"listening on (http://[^/]+)/", line)
        if found:
            served = Served(proc, found.group(1), output=lines)
        link = LINK.match(line.rstrip("\n"))
        if served is not None and link:
            served.links[link.group(1)] = link.group(2)
            if link.group(1) == "spectators":
                served.follow()
                return served
    proc.kill()
    raise AssertionError("dg serve printed no links:\n" + "".join(lines))


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=30) as resp:
            body = resp.read()
            status = resp.status
    except urllib.error.HTTPError as exc:
        body, status = exc.read(), exc.code
    try:
        return status, json.loads(body)
    except ValueError:
        return status, body.decode("utf-8", "replace")


def post(url: str, body: bytes | dict[str, Any], headers: dict[str, str] | None = None
         ) -> tuple[int, Any]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="POST",
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        try:
            return exc.code, json.loads(raw)
        except ValueError:
            return exc.code, raw.decode("utf-8", "replace")


def snapshots(url: str, timeout: float = 60.0) -> Iterator[dict[str, Any]]:
    """The snapshots of an event stream (``url``: …/api/events?…)."""
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        data: list[str] = []
        for raw in resp:
            line = raw.decode("utf-8").rstrip("\r\n")
            if line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
            elif not line and data:
                yield json.loads("\n".join(data))
                data = []


def wait_for(url: str, predicate: Any, timeout: float = 60.0) -> dict[str, Any]:
    """The first snapshot of the stream at ``url`` for which ``predicate`` holds."""
    for snap in snapshots(url, timeout):
        if predicate(snap):
            return snap
    raise AssertionError("the stream ended first")


def play_randomly(served: Served, seats: list[str], rng: random.Random) -> int:
    """Play ``seats`` (the game's human seats) with random legal actions (``end`` taken
    often, to keep games short) until the game ends; how many actions they took."""
    tokens = {s: served.token(s) for s in seats}
    acted = 0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and acted < 2000:
        _, public = get(served.base + "/api/state")
        if public["result"] is not None:
            return acted
        seat = (public["pending"] or {}).get("seat")
        _, snap = get(f"{served.base}/api/state?token={tokens[seat]}") if seat in tokens \
            else (0, {"your_turn": False})
        if not snap["your_turn"]:  # a bot's decision: it is about to act
            time.sleep(0.05)
            continue
        texts = [a["text"] for a in snap["actions"]]
        ends = [t for t in texts if t == "end"]
        text = ends[0] if ends and rng.random() < 0.35 else rng.choice(texts)
        status, answer = post(served.base + "/api/act", {"token": tokens[seat], "action": text,
                                                         "decision": snap["decision"]})
        assert status == 200, answer
        acted += 1
    raise AssertionError("the game did not end within 2000 actions or 10 minutes")
