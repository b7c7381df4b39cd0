"""Bench: what recording costs — random playouts recorded (``record=True``: every event built and
kept, a state hash at each turn's end) against the same playouts unrecorded (``record=False``, as
the bots' look-ahead plays), and the same games logged as ``dg run`` logs them (recorded, each
record written to a JSON Lines file by the log writer).

    python bench/bench_recording.py [--rounds 5] [--long] [--game breakthrough] [--json]

The three sides play the same seeded games (each round from its own seed), alternated in this
process, timed in CPU time (bench/timing.py); the figures are µs per move, min and median of the
rounds, and the ratios recorded / unrecorded (issue 35 item 5's target: ≤ 1.5×) and logged /
unrecorded (no target: what ``dg run --log`` costs). ``breakthrough-32`` is breakthrough on a
32×32 board (``params: {rows: 32, columns: 32}``, the size of OpenSpiel's
``breakthrough(rows=32,columns=32)``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import rounds  # bench/timing.py

#: game -> games per round (default run)
GAMES = {"tic-tac-toe": 400, "breakthrough": 40, "connect-four": 150, "breakthrough-32": 2}
TARGET = 1.5


def scenario(game: str):  # -> Scenario
    """The scenario of ``game`` (``breakthrough-32``: breakthrough with 32 rows and columns)."""
    from distant_galaxy.scenario.load import load_scenario

    if game != "breakthrough-32":
        return load_scenario(game)
    return big_breakthrough(32)


def big_breakthrough(size: int):  # -> Scenario
    """Breakthrough on a ``size``×``size`` board: the shipped scenario with its ``rows`` and
    ``columns`` parameters changed (as a mod would change them)."""
    from distant_galaxy.scenario.load import read_scenario, scenario_from_document

    path, doc = read_scenario("breakthrough")
    doc.data["params"] = {**doc.data["params"], "rows": size, "columns": size}
    return scenario_from_document(doc, path, None, ())


def side(game: str, record: bool, games: int, log_path: str | None = None
         ) -> Callable[[], int]:
    """A round of ``games`` random games from a clone of the start; returns the moves played.
    With ``log_path`` (``record`` then True), the log is written there as ``dg run --log``
    writes it (the game's sink a ``LogWriter``: each record one JSON line, flushed after each
    group)."""
    from distant_galaxy.core.game import Game
    from distant_galaxy.play.log import LogWriter

    start = Game(scenario(game), seed=1, record=record)
    played = [0]

    def run() -> int:
        rng = random.Random(777 + played[0])
        played[0] += 1
        n = 0
        log = LogWriter(log_path) if log_path is not None else None
        for _ in range(games):
            g = start.clone(record=record)
            if log is not None:
                g.sink = log
            while not g.over:
                g.apply(rng.choice(g.legal_actions()))
                n += 1
            if log is not None:
                log.records.clear()  # (the writer keeps what it wrote: one game's worth at a time)
        if log is not None:
            log.close()
        return n

    return run


def measure(game: str, n_rounds: int, scale: int) -> dict:
    games = GAMES[game] * scale
    with tempfile.TemporaryDirectory() as tmp:
        figs = rounds({"unrecorded": side(game, False, games), "recorded": side(game, True, games),
                       "logged": side(game, True, games, f"{tmp}/game.jsonl")}, n_rounds)
    rec, unrec, logged = figs["recorded"], figs["unrecorded"], figs["logged"]
    ratio = {"min": rec.min / unrec.min, "median": rec.median / unrec.median}
    return {"game": game, "recorded_us_per_move": rec.as_dict(),
            "unrecorded_us_per_move": unrec.as_dict(), "ratio": ratio, "target": TARGET,
            "met": ratio["min"] <= TARGET, "logged_us_per_move": logged.as_dict(),
            "logged_ratio": {"min": logged.min / unrec.min,
                             "median": logged.median / unrec.median}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="alternated rounds (default 5, ≥ 5)")
    ap.add_argument("--long", action="store_true", help="5× as many games per round")
    ap.add_argument("--game", action="append", choices=list(GAMES), help="only these games")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    rows = [measure(g, args.rounds, 5 if args.long else 1) for g in args.game or GAMES]
    if args.json:
        print(json.dumps({"bench": "recording", "unit": "µs per move, CPU time", "rows": rows},
                         indent=2))
        return 0
    for r in rows:
        rec, unrec, q = r["recorded_us_per_move"], r["unrecorded_us_per_move"], r["ratio"]
        logged, lq = r["logged_us_per_move"], r["logged_ratio"]
        print(f"{r['game']:<16} unrecorded {unrec['min']:.2f} / {unrec['median']:.2f} µs/move, "
              f"recorded {rec['min']:.2f} / {rec['median']:.2f}: {q['min']:.2f}× "
              f"(median {q['median']:.2f}×), target ≤ {TARGET}×: "
              f"{'met' if r['met'] else 'MISSED'}; logged {logged['min']:.2f} / "
              f"{logged['median']:.2f}: {lq['min']:.2f}× (median {lq['median']:.2f}×)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
