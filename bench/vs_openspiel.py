"""Random-rollout games per second: our YAML-only classic games against OpenSpiel, side by side.

    python bench/vs_openspiel.py [--seconds 3] [--json]

Our tic-tac-toe (scenarios/classic/tic-tac-toe.yaml) runs against OpenSpiel's pure-Python
``python_tic_tac_toe``, our breakthrough (scenarios/classic/breakthrough.yaml, 8×8) against
OpenSpiel's C++ ``breakthrough``. Both sides play the same loop in the same process: a fresh game
(ours: a clone of the start position; OpenSpiel: ``new_initial_state()``), then "list the legal
actions, pick one at random, apply it" until the game ends. Targets: tic-tac-toe ≥ 1.0×,
breakthrough ≥ 0.1×.

OpenSpiel is a bench-only optional extra (``pip install -e ".[bench]"``, the ``open-spiel``
package); without it the script prints our own figures and says so.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGETS = {"tic-tac-toe": 1.0, "breakthrough": 0.1}
PEERS = {"tic-tac-toe": "python_tic_tac_toe", "breakthrough": "breakthrough"}


def rate(play_one: Callable[[random.Random], int], seconds: float) -> tuple[float, float]:
    """Games per second and mean actions per game, playing for about ``seconds``."""
    rng = random.Random(12345)
    play_one(rng)  # warm-up (caches, first-use tables)
    games = plies = 0
    t0 = time.perf_counter()
    while True:
        plies += play_one(rng)
        games += 1
        dt = time.perf_counter() - t0
        if dt >= seconds and games >= 20:
            return games / dt, plies / games


def ours(scenario_id: str) -> Callable[[random.Random], int]:
    from distant_galaxy.core.game import Game
    from distant_galaxy.scenario.load import load_scenario

    start = Game(load_scenario(scenario_id), seed=1, record=False)

    def play_one(rng: random.Random) -> int:
        game = start.clone()
        n = 0
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
            n += 1
        return n

    return play_one


def openspiel(name: str) -> Callable[[random.Random], int] | None:
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per side; the "
                    "best of each counts (default 3)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    rows = []
    missing = False
    for sid, peer in PEERS.items():
        our_fn, peer_fn = ours(sid), openspiel(peer)
        missing = missing or peer_fn is None
        # alternate the two sides and keep each one's best round (the machine may be busy)
        our_rate, our_plies, peer_rate, peer_plies = 0.0, 0.0, 0.0, 0.0
        for _ in range(args.rounds):
            our_rate, our_plies = max((our_rate, our_plies), rate(our_fn, args.seconds))
            if peer_fn is not None:
                peer_rate, peer_plies = max((peer_rate, peer_plies),
                                            rate(peer_fn, args.seconds))
        row = {"game": sid, "ours_games_per_s": round(our_rate, 1),
               "ours_actions_per_game": round(our_plies, 1), "peer": f"open_spiel {peer}"}
        if peer_fn is not None:
            row.update(peer_games_per_s=round(peer_rate, 1),
                       peer_actions_per_game=round(peer_plies, 1),
                       ratio=round(our_rate / peer_rate, 3), target=TARGETS[sid])
        rows.append(row)
    if args.json:
        print(json.dumps({"rows": rows, "openspiel_installed": not missing}, indent=2))
        return 0
    if missing:
        print("OpenSpiel is NOT installed (pip install -e \".[bench]\" or pip install open-spiel):"
              " only our own figures are shown, no ratios.\n")
    for r in rows:
        line = (f"{r['game']:<13} ours {r['ours_games_per_s']:>9.1f} games/s "
                f"({r['ours_actions_per_game']:.1f} actions/game)")
        if "ratio" in r:
            ok = "ok" if r["ratio"] >= r["target"] else "BELOW TARGET"
            line += (f" | {r['peer']} {r['peer_games_per_s']:>9.1f} games/s "
                     f"({r['peer_actions_per_game']:.1f}) | ratio {r['ratio']:.3f}x "
                     f"(target {r['target']}x: {ok})")
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
