"""Load on one ``dg serve`` process: many concurrent games played through the web API while
spectators watch every game's event stream (issue 30, item 6). Not a test: it reports figures.

    python bench/serve_load.py                       # 50 games, 100 spectators (defaults)
    python bench/serve_load.py --games 10 --spectators 20 --actions 20

The server hosts ``--games`` games of a scenario in one process (``dg serve SCENARIO --games
N``, every seat a person's); one thread per game plays its seats as a random bot *client* would
(reads the pending seat's snapshot, posts one of its legal actions), and the spectators (spread
over the games) read ``/api/events``. Everything runs on loopback and is bounded: at most
``--actions`` actions per game and ``--seconds`` in all. It reports:

- action latency: the time from posting an action to its 200 answer (the action checked,
  applied, the save written… here no save: ``--games`` hosts without files), median and p99;
- push latency: from that answer to a spectator of the game reading the snapshot of the new
  decision, median and p99;
- the server's peak resident memory (``VmHWM`` of /proc/PID/status) and CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from distant_galaxy.cli.handlers.serve import INERT_IO
from distant_galaxy.play.runner import new_session
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.serve.host import GameHost, SaveFile
from distant_galaxy.serve.snapshot import snapshot_json

DECISION = re.compile(rb'"decision":(\d+)')


def start_server(args: argparse.Namespace) -> tuple[subprocess.Popen[str], str,
                                                     dict[str, dict[str, str]]]:
    """The server, its base address, and each game's links (seat → link, "spectators")."""
    seats = seat_ids(args.scenario, args.players)
    cmd = [sys.executable, "-m", "distant_galaxy", "serve", args.scenario, "--games",
           str(args.games), "--seed", "1", "--port", "0", "--players", str(args.players)]
    for s in seats:
        cmd += ["--seat", f"{s}=human"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    base, games, current = "", {}, ""
    while len(games) < args.games or any("spectators" not in g for g in games.values()):
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("dg serve stopped")
        found = re.search(r"listening on (http://[^/]+)/", line)
        if found:
            base = found.group(1)
        game = re.search(r"\[(g\d+)\], decision", line)
        if game:
            current = game.group(1)
            games[current] = {}
        link = re.match(r"^  (\S+): (http://\S+)$", line.rstrip("\n"))
        if link and current:
            games[current][link.group(1)] = link.group(2)
    return proc, base, games


def seat_ids(scenario: str, players: int) -> list[str]:
    return load_scenario(scenario).seat_ids(players)


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=120) as resp:
        return json.loads(resp.read())


def post(url: str, body: dict[str, Any]) -> tuple[int, float]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            resp.read()
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    return status, time.perf_counter() - t0


class Game(threading.Thread):
    """Plays one game's seats with random legal actions, timing each post."""

    def __init__(self, base: str, gid: str, links: dict[str, str], actions: int,
                 deadline: float, seed: int) -> None:
        super().__init__(daemon=True)
        self.base, self.gid, self.actions, self.deadline = base, gid, actions, deadline
        self.tokens = {s: link.rsplit("/", 1)[1] for s, link in links.items() if s != "spectators"}
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.answered: dict[int, float] = {}  # decision reached → when its answer came
        self.errors = 0

    def run(self) -> None:
        while len(self.latencies) < self.actions and time.monotonic() < self.deadline:
            public = get_json(f"{self.base}/api/state?game={self.gid}")
            if public["result"] is not None:
                return
            seat = public["pending"]["seat"]
            snap = get_json(f"{self.base}/api/state?token={self.tokens[seat]}")
            texts = [a["text"] for a in snap["actions"]]
            ends = [t for t in texts if t == "end"]
            text = ends[0] if ends and self.rng.random() < 0.3 else self.rng.choice(texts)
            status, took = post(f"{self.base}/api/act", {"token": self.tokens[seat],
                                                          "action": text,
                                                          "decision": snap["decision"]})
            if status != 200:
                self.errors += 1
                continue
            self.latencies.append(took)
            self.answered[snap["decision"] + 1] = time.perf_counter()


class Spectator(threading.Thread):
    """Reads one game's event stream; notes when each decision's snapshot arrived."""

    def __init__(self, url: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.url, self.stop = url, stop
        self.seen: dict[int, float] = {}
        self.messages = 0
        self.connected = threading.Event()

    def run(self) -> None:
        try:
            with urllib.request.urlopen(self.url, timeout=120) as resp:
                for raw in resp:
                    if self.stop.is_set():
                        return
                    if raw.startswith(b"data:"):
                        self.messages += 1
                        self.connected.set()
                        found = DECISION.search(raw)
                        if found:
                            self.seen.setdefault(int(found.group(1)), time.perf_counter())
        except OSError:
            return


def server_memory(pid: int) -> tuple[float, float]:
    """The server's peak and current resident memory in MiB (Linux)."""
    text = Path(f"/proc/{pid}/status").read_text()
    hwm = int(re.search(r"VmHWM:\s+(\d+)", text).group(1))  # type: ignore[union-attr]
    rss = int(re.search(r"VmRSS:\s+(\d+)", text).group(1))  # type: ignore[union-attr]
    return hwm / 1024, rss / 1024


def server_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def in_process_peer(scenario: str, players: int, actions: int) -> float:
    """The peer measured in the same run: CPU seconds of one action played in this process on a
    GameHost without the web (the action applied, then the seat's and a spectator's snapshot),
    the median of ``actions``."""
    sc = load_scenario(scenario)
    seats = sc.seat_ids(players)
    kinds = dict.fromkeys(seats, "human")
    host = GameHost(new_session(sc, 1, seats, kinds, None, dict(INERT_IO)), kinds, SaveFile(None))
    token = {s: t for t, s in host.tokens.items()}
    rng, took = random.Random(1), []
    for _ in range(actions):
        if host.game.over:
            break
        seat = host.game.pending.seat  # type: ignore[union-attr]
        t0 = time.process_time()
        snap = json.loads(snapshot_json(host, seat))
        texts = [a["text"] for a in snap["actions"]]
        ends = [t for t in texts if t == "end"]
        text = ends[0] if ends and rng.random() < 0.3 else rng.choice(texts)
        host.submit(token[seat], text, snap["decision"])
        snapshot_json(host, None)
        took.append(time.process_time() - t0)
    return statistics.median(took)


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", default="asteroid-belt")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--actions", type=int, default=40, help="at most this many per game")
    parser.add_argument("--seconds", type=float, default=300.0, help="at most this long")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    t_start = time.perf_counter()
    peer = in_process_peer(args.scenario, args.players, args.actions)
    proc, base, links = start_server(args)
    try:
        idle = server_memory(proc.pid)
        stop = threading.Event()
        gids = sorted(links, key=lambda g: int(g[1:]))
        watchers = [(gids[i % len(gids)], Spectator(
            f"{base}/api/events?game={gids[i % len(gids)]}", stop)) for i in range(args.spectators)]
        for _, w in watchers:
            w.start()
        for _, w in watchers:
            w.connected.wait(60)
        cpu0 = server_cpu(proc.pid)
        deadline = time.monotonic() + args.seconds
        games = [Game(base, g, links[g], args.actions, deadline, i) for i, g in enumerate(gids)]
        t0 = time.perf_counter()
        for g in games:
            g.start()
        for g in games:
            g.join(args.seconds + 60)
        wall = time.perf_counter() - t0
        time.sleep(1.0)
        peak, now = server_memory(proc.pid)
        cpu = server_cpu(proc.pid) - cpu0
        stop.set()
    finally:
        proc.terminate()
        proc.wait(30)
    by_game = {g.gid: g for g in games}
    acts = [x for g in games for x in g.latencies]
    pushes = [w.seen[d] - by_game[gid].answered[d]
              for gid, w in watchers for d in by_game[gid].answered if d in w.seen]
    report = {
        "scenario": args.scenario, "players": args.players, "games": args.games,
        "spectators": args.spectators, "actions": len(acts), "refused": sum(g.errors for g in games),
        "wall_s": round(wall, 1), "actions_per_s": round(len(acts) / wall, 1),
        "action_ms": {"median": round(1000 * statistics.median(acts), 1),
                      "p99": round(1000 * quantile(acts, 0.99), 1)},
        "push_ms": {"median": round(1000 * statistics.median(pushes), 1),
                    "p99": round(1000 * quantile(pushes, 0.99), 1), "n": len(pushes)},
        "messages": sum(w.messages for _, w in watchers),
        "server_rss_mib": {"idle_after_setup": round(idle[1], 1), "peak": round(peak, 1),
                           "end": round(now, 1)},
        "server_cpu_s": round(cpu, 1),
        "server_cpu_ms_per_action": round(1000 * cpu / max(1, len(acts)), 1),
        "peer_in_process_cpu_ms_per_action": round(1000 * peer, 1),
        "total_s": round(time.perf_counter() - t_start, 1),
    }
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            print(f"{key:>16}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
