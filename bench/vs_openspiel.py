"""Random playouts, CPU time per move: our YAML-only classic games against their peers.

    python bench/vs_openspiel.py [--rounds 5] [--long] [--json]

Our tic-tac-toe runs against OpenSpiel's pure-Python ``python_tic_tac_toe``, our breakthrough
(8×8) against OpenSpiel's C++ ``breakthrough``, our Connect Four (7×6) against PettingZoo's
``connect_four_v3`` (``env()``, no rendering) and OpenSpiel's C++ ``connect_four``. Every side
plays the same loop: a fresh game (ours: a clone of the start position), then "list the legal
actions, pick one at random, apply it" until the game ends. Each round plays a fixed number of
games per side, the sides alternated, timed in CPU time (bench/timing.py); the figure is µs per
move, min and median of the rounds; the ratio is peer time / our time (> 1: ours is faster).

``breakthrough-32`` is our breakthrough with ``rows: 32, columns: 32`` against OpenSpiel's
``breakthrough(rows=32,columns=32)``.

Targets (issue 35, by the build that runs: pure / compiled): tic-tac-toe ≥ 3× / ≥ 6× OpenSpiel's
Python game, breakthrough ≥ 0.15× / ≥ 0.3× OpenSpiel C++, breakthrough 32×32 ≥ 0.3× / ≥ 0.6×,
Connect Four ≥ 0.12× / ≥ 0.3× OpenSpiel C++ (and issue 19's ≥ 1× PettingZoo). OpenSpiel and
PettingZoo are bench-only extras (``pip install -e ".[bench]"``); without them the script shows
our own figures and says which peer is missing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import Figure, ratio, rounds  # bench/timing.py

#: game -> games per round (default run), then each peer: (label, factory name, target ratio
#: of the pure build, of the compiled build)
GAMES: dict[str, tuple[int, list[tuple[str, str, tuple[float, float]]]]] = {
    "tic-tac-toe": (400, [("OpenSpiel python_tic_tac_toe (Python)", "os:python_tic_tac_toe",
                           (3.0, 6.0))]),
    "breakthrough": (40, [("OpenSpiel breakthrough (C++)", "os:breakthrough", (0.15, 0.3))]),
    "breakthrough-32": (2, [("OpenSpiel breakthrough(rows=32,columns=32) (C++)",
                             "os:breakthrough(rows=32,columns=32)", (0.3, 0.6))]),
    "connect-four": (150, [("PettingZoo connect_four_v3", "pz:connect_four_v3", (1.0, 1.0)),
                           ("OpenSpiel connect_four (C++)", "os:connect_four", (0.12, 0.3))]),
}


def compiled() -> bool:
    """Whether the engine this interpreter imports is the compiled build."""
    import distant_galaxy.core.state as state

    return not state.__file__.endswith(".py")

Side = Callable[[random.Random], int]


def ours(scenario_id: str) -> Side:
    """One random game of ours (from a clone of the start); returns its number of moves."""
    from distant_galaxy.core.game import Game
    from distant_galaxy.scenario.load import load_scenario

    if scenario_id == "breakthrough-32":
        from bench_recording import big_breakthrough  # bench/bench_recording.py

        scenario = big_breakthrough(32)
    else:
        scenario = load_scenario(scenario_id)
    start = Game(scenario, seed=1, record=False)

    def play_one(rng: random.Random) -> int:
        game = start.clone()
        n = 0
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
            n += 1
        return n

    return play_one


def openspiel(name: str) -> Side | None:
    """One random game of OpenSpiel's ``name``, or None when OpenSpiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the Python game)
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def play_one(rng: random.Random) -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n

    return play_one


def pettingzoo(name: str) -> Side | None:
    """One random game of PettingZoo's classic ``name`` (legal actions from the action mask)."""
    try:
        import importlib

        module = importlib.import_module(f"pettingzoo.classic.{name}")
    except ImportError:
        return None
    env = module.env(render_mode=None)

    def play_one(rng: random.Random) -> int:
        env.reset(seed=rng.randrange(1 << 30))
        n = 0
        for agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            env.step(rng.choice([i for i in range(len(mask)) if mask[i]]))
            n += 1
            del agent
        return n

    return play_one


def peer(spec: str) -> Side | None:
    """The side named ``os:NAME`` (OpenSpiel) or ``pz:NAME`` (PettingZoo)."""
    lib, name = spec.split(":", 1)
    return openspiel(name) if lib == "os" else pettingzoo(name)


def batch(side: Side, games: int, seed: int) -> Callable[[], int]:
    """A round's work: ``games`` random games; returns the moves played. Round ``k`` of every
    side plays from seed ``seed + k``: the sides play the same games in a round, and no round
    replays an earlier one's (a memo of positions seen, ours or a peer's, would otherwise find
    every position of rounds 2 and on)."""
    played = [0]

    def run() -> int:
        rng = random.Random(seed + played[0])
        played[0] += 1
        return sum(side(rng) for _ in range(games))
    return run


def measure(game: str, n_rounds: int, scale: int) -> dict:
    """Our figure and each installed peer's, alternated in the same process."""
    games, peers = GAMES[game]
    sides = {"ours": batch(ours(game), games * scale, 12345)}
    missing = []
    for label, spec, _target in peers:
        fn = peer(spec)
        if fn is None:
            missing.append(label)
        else:
            sides[label] = batch(fn, games * scale, 12345)
    figs = rounds(sides, n_rounds)
    build = int(compiled())
    row: dict = {"game": game, "build": ("pure", "compiled")[build],
                 "ours_us_per_move": figs["ours"].as_dict(), "peers": [], "missing": missing}
    for label, _spec, targets in peers:
        target = targets[build]
        if label in figs:
            fig: Figure = figs[label]
            r = ratio(fig, figs["ours"])
            row["peers"].append({"peer": label, "us_per_move": fig.as_dict(), "ratio": r,
                                 "target": target, "met": r["min"] >= target})
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="alternated rounds (default 5, ≥ 5)")
    ap.add_argument("--long", action="store_true", help="5× as many games per round")
    ap.add_argument("--game", action="append", choices=list(GAMES), help="only these games")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    rows = [measure(g, args.rounds, 5 if args.long else 1) for g in args.game or GAMES]
    if args.json:
        print(json.dumps({"bench": "vs_openspiel", "unit": "µs per move, CPU time",
                          "rows": rows}, indent=2))
        return 0
    for r in rows:
        o = r["ours_us_per_move"]
        print(f"{r['game']:<13} ours ({r['build']} build): min {o['min']:.2f} µs/move, "
              f"median {o['median']:.2f}")
        for p in r["peers"]:
            u, q = p["us_per_move"], p["ratio"]
            print(f"  vs {p['peer']}: min {u['min']:.2f}, median {u['median']:.2f} µs/move | "
                  f"ratio {q['min']:.3f}× (median {q['median']:.3f}×), target {p['target']}×: "
                  f"{'met' if p['met'] else 'MISSED'}")
        for m in r["missing"]:
            print(f"  {m}: NOT installed (pip install -e \".[bench]\"), no ratio")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
