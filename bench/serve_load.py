"""Load on one ``dg serve`` process (issue 30, item 6). Not a test: it reports figures.

    python bench/serve_load.py                        # the issue's case (--mode bots)
    python bench/serve_load.py --games 10 --spectators 20 --seconds 30
    python bench/serve_load.py --mode api --actions 40   # people's seats played through the API

``--mode bots`` (the default, the issue's case as written): one server hosts ``--games``
concurrent games of a scenario (``dg serve SCENARIO --games N``) whose seats are all played by
bots **on the server**, each game with its save and its log (``--save DIR/{game}.json --log
DIR/{game}.jsonl``: the save written atomically with fsync at every decision, every log record
flushed), while ``--spectators`` clients (spread over the games) read ``/api/events``. The
server is the real ``dg serve`` run by this file (``--server-child``) with timers wrapped around
``GameHost.bot_step`` and the save; the window of ``--seconds`` starts once every spectator is
connected. It reports, over the actions applied in the window:

- action latency: from a decision becoming pending (the game's previous action applied, saved
  and told to the pages) to its action chosen by the bot, applied, saved (fsync) and told —
  median and p99; on a loaded machine mostly the wait for a share of the CPU;
- the server's own time per action (the bot's choice, the engine's apply, the save, the log,
  under the game's lock) and the save's share of it;
- push latency: from the action told to a spectator having the snapshot of the new decision;
- the server's peak resident memory (``VmHWM`` of /proc/PID/status), its CPU time, the
  machine's load average; and that every save reads back at the game's last decision.

``--mode api`` (the earlier bench): every seat a person's, played through ``/api/act`` by one
client thread per game with random legal actions, at most ``--actions`` per game, no saves;
action latency there is the time from posting an action to its 200 answer.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

DECISION = re.compile(rb'"decision":(\d+)')
STATS_ENV = "DG_SERVE_LOAD_STATS"


# -- the server ----------------------------------------------------------------------------------
def start_server(cmd: list[str], games: int, env: dict[str, str] | None = None
                 ) -> tuple[subprocess.Popen[str], str, dict[str, dict[str, str]]]:
    """The server, its base address, and each game's links (seat → link, "spectators")."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
    assert proc.stdout is not None
    base, found, current = "", {}, ""
    while len(found) < games or any("spectators" not in g for g in found.values()):
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("dg serve stopped")
        listening = re.search(r"listening on (http://[^/]+)/", line)
        if listening:
            base = listening.group(1)
        game = re.search(r"\[(g\d+)\], decision", line)
        if game:
            current = game.group(1)
            found[current] = {}
        link = re.match(r"^  (\S+): (http://\S+)$", line.rstrip("\n"))
        if link and current:
            found[current][link.group(1)] = link.group(2)
    stream = proc.stdout
    threading.Thread(target=lambda: [None for _ in stream], daemon=True).start()  # drain
    return proc, base, found


def server_child(argv: list[str]) -> int:
    """``dg ARGV`` with timers: each bot action's wall and CPU time (the thread's: the bot's
    choice, the apply, the save, the log, the lock waited for) and its save's, written as JSON
    to ``$DG_SERVE_LOAD_STATS`` when the server stops."""
    from distant_galaxy.cli.main import main
    from distant_galaxy.serve import host as hosting

    records: list[list[Any]] = []
    saves = threading.local()
    steps = [0]
    real_step, real_save = hosting.GameHost.bot_step, hosting.SaveFile.decided

    def decided(self: Any, session: Any) -> None:
        t0, c0 = time.perf_counter(), time.thread_time()
        real_save(self, session)
        saves.took = (time.perf_counter() - t0, time.thread_time() - c0)

    def bot_step(self: Any) -> bool:
        saves.took = (0.0, 0.0)
        steps[0] += 1
        try:
            t0, c0 = time.perf_counter(), time.thread_time()
            acted = real_step(self)
            if acted:
                records.append([self.game_id, self.decision, time.time(),
                                time.perf_counter() - t0, saves.took[0],
                                time.thread_time() - c0, saves.took[1]])
            return acted
        finally:
            steps[0] -= 1

    hosting.SaveFile.decided = decided  # type: ignore[method-assign]
    hosting.GameHost.bot_step = bot_step  # type: ignore[method-assign]
    try:
        return main(argv)
    finally:  # the steps still under way when the server stopped end first
        deadline = time.monotonic() + 60
        while steps[0] > 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        Path(os.environ[STATS_ENV]).write_text(json.dumps(list(records)))


def server_memory(pid: int) -> tuple[float, float]:
    """The server's peak and current resident memory in MiB (Linux)."""
    text = Path(f"/proc/{pid}/status").read_text()
    hwm = int(re.search(r"VmHWM:\s+(\d+)", text).group(1))  # type: ignore[union-attr]
    rss = int(re.search(r"VmRSS:\s+(\d+)", text).group(1))  # type: ignore[union-attr]
    return hwm / 1024, rss / 1024


def server_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the clients ---------------------------------------------------------------------------------
class Spectator(threading.Thread):
    """Reads one game's event stream; notes when each decision's snapshot arrived (wall
    clock, as the server's records)."""

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
                            self.seen.setdefault(int(found.group(1)), time.time())
        except OSError:
            return


def watch(base: str, gids: list[str], count: int, stop: threading.Event
          ) -> list[tuple[str, Spectator]]:
    watchers = [(gids[i % len(gids)], Spectator(f"{base}/api/events?game={gids[i % len(gids)]}",
                                                stop)) for i in range(count)]
    for _, w in watchers:
        w.start()
    for _, w in watchers:
        w.connected.wait(120)
    return watchers


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


class Player(threading.Thread):
    """``--mode api``: plays one game's seats with random legal actions, timing each post."""

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
            self.answered[snap["decision"] + 1] = time.time()


# -- figures -------------------------------------------------------------------------------------
def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(values: list[float]) -> dict[str, float]:
    if not values:
        return {"median": float("nan"), "p99": float("nan"), "n": 0}
    return {"median": round(1000 * statistics.median(values), 1),
            "p99": round(1000 * quantile(values, 0.99), 1), "n": len(values)}


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(30)


# -- the two modes -------------------------------------------------------------------------------
def run_bots(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="serve-load-", dir=args.folder))
    stats = folder / "stats.json"
    cmd = [sys.executable, __file__, "--server-child", "serve", args.scenario, "--games",
           str(args.games), "--players", str(args.players), "--seed", "1", "--port", "0",
           "--save", str(folder / "{game}.json"), "--log", str(folder / "{game}.jsonl")]
    for pair in args.seat:
        cmd += ["--seat", pair]
    load0 = os.getloadavg()
    proc, base, links = start_server(cmd, args.games, {STATS_ENV: str(stats)})
    try:
        gids = sorted(links, key=lambda g: int(g[1:]))
        stop = threading.Event()
        watchers = watch(base, gids, args.spectators, stop)
        t0, cpu0 = time.time(), server_cpu(proc.pid)
        time.sleep(args.seconds)
        t1, cpu = time.time(), server_cpu(proc.pid) - cpu0
        peak, now = server_memory(proc.pid)
        stop.set()
    finally:
        stop_server(proc)
    load1 = os.getloadavg()
    records = json.loads(stats.read_text())
    report = bots_figures(args, records, watchers, (t0, t1), folder)
    report.update({"wall_s": round(t1 - t0, 1), "server_cpu_s": round(cpu, 1),
                   "server_rss_mib": {"peak": round(peak, 1), "end": round(now, 1)},
                   "load_average_1min": {"start": round(load0[0], 1), "end": round(load1[0], 1)}})
    report["server_cpu_ms_per_action"] = round(1000 * cpu / max(1, report["actions"]), 1)
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return report


def bots_figures(args: argparse.Namespace, records: list[list[Any]],
                 watchers: list[tuple[str, Spectator]], window: tuple[float, float],
                 folder: Path) -> dict[str, Any]:
    from distant_galaxy.play.saves import read_save

    told: dict[tuple[str, int], float] = {}
    for gid, decision, at, *_ in records:
        told[(gid, decision)] = at
    inside = [r for r in records if window[0] <= r[2] <= window[1]]
    latency = [at - told[(gid, d - 1)] for gid, d, at, *_ in inside if (gid, d - 1) in told]
    pushes = [w.seen[d] - told[(gid, d)] for gid, w in watchers for d in w.seen
              if (gid, d) in told and window[0] <= told[(gid, d)] <= window[1]]
    last: dict[str, int] = {}
    for gid, decision, *_ in records:
        last[gid] = max(last.get(gid, 0), decision)
    saved = sum(len(read_save(folder / f"{gid}.json")["actions"]) == d for gid, d in last.items())
    return {
        "mode": "bots", "scenario": args.scenario, "players": args.players, "games": args.games,
        "spectators": args.spectators, "actions": len(inside),
        "actions_per_s": round(len(inside) / max(1e-9, window[1] - window[0]), 1),
        "action_latency_ms": ms(latency),
        "server_time_per_action_ms": ms([r[3] for r in inside]),
        "save_time_per_action_ms": ms([r[4] for r in inside]),
        "server_cpu_per_action_ms": ms([r[5] for r in inside]),
        "save_cpu_per_action_ms": ms([r[6] for r in inside]),
        "push_ms": ms(pushes),
        "messages": sum(w.messages for _, w in watchers),
        "saves_read_back_at_last_decision": f"{saved}/{len(last)}",
    }


def run_api(args: argparse.Namespace) -> dict[str, Any]:
    from distant_galaxy.scenario.load import load_scenario

    seats = load_scenario(args.scenario).seat_ids(args.players)
    cmd = [sys.executable, "-m", "distant_galaxy", "serve", args.scenario, "--games",
           str(args.games), "--seed", "1", "--port", "0", "--players", str(args.players)]
    for s in seats:
        cmd += ["--seat", f"{s}=human"]
    load0 = os.getloadavg()
    proc, base, links = start_server(cmd, args.games)
    try:
        idle = server_memory(proc.pid)
        stop = threading.Event()
        gids = sorted(links, key=lambda g: int(g[1:]))
        watchers = watch(base, gids, args.spectators, stop)
        cpu0 = server_cpu(proc.pid)
        deadline = time.monotonic() + args.seconds
        games = [Player(base, g, links[g], args.actions, deadline, i) for i, g in enumerate(gids)]
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
        stop_server(proc)
    by_game = {g.gid: g for g in games}
    acts = [x for g in games for x in g.latencies]
    pushes = [w.seen[d] - by_game[gid].answered[d]
              for gid, w in watchers for d in by_game[gid].answered if d in w.seen]
    return {
        "mode": "api", "scenario": args.scenario, "players": args.players, "games": args.games,
        "spectators": args.spectators, "actions": len(acts),
        "refused": sum(g.errors for g in games), "wall_s": round(wall, 1),
        "actions_per_s": round(len(acts) / wall, 1), "action_latency_ms": ms(acts),
        "push_ms": ms(pushes), "messages": sum(w.messages for _, w in watchers),
        "server_rss_mib": {"idle_after_setup": round(idle[1], 1), "peak": round(peak, 1),
                           "end": round(now, 1)},
        "server_cpu_s": round(cpu, 1),
        "server_cpu_ms_per_action": round(1000 * cpu / max(1, len(acts)), 1),
        "load_average_1min": {"start": round(load0[0], 1), "end": round(os.getloadavg()[0], 1)},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--mode", choices=["bots", "api"], default="bots",
                        help="bots: every seat a bot on the server, saves and logs on (the "
                        "issue's case); api: people's seats played through the API, no saves")
    parser.add_argument("--scenario", default="asteroid-belt")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--seat", action="append", default=[], metavar="SEAT=BOT",
                        help="--mode bots: a seat's bot (default: the scenario's)")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="bots: the measured window; api: at most this long")
    parser.add_argument("--actions", type=int, default=40, help="api: at most this many per game")
    parser.add_argument("--folder", default=".", help="bots: where the saves and logs go (a new "
                        "folder in it, removed after unless --keep)")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run_bots(args) if args.mode == "bots" else run_api(args)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        for key, value in report.items():
            print(f"{key:>34}: {value}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--server-child"]:
        raise SystemExit(server_child(sys.argv[2:]))
    raise SystemExit(main())
