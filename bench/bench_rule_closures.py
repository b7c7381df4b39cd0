"""Bench: whole games with the rules as generated code against the same rules as closures.

Run ``python bench/bench_rule_closures.py`` from the repository root (``--scale``, ``--rounds``,
``--perft`` to add the perft counts). For every shipped scenario it loads the scenario and plays
a fixed number of seeded games (:data:`GAMES`) with the default bots (no log, as ``dg run ID
--seed K --quiet``) once per side:

* ``generated`` — the compiler as it is: each expression one generated Python function
  (:mod:`distant_galaxy.rules.codegen`);
* ``closures`` — the same rules compiled to closures only
  (:func:`distant_galaxy.rules.codegen.closures_only`): one closure per operator, specialised on
  the operand kinds (:func:`distant_galaxy.rules.ops.binary`).

The scenario is loaded again for each side, so its rules are compiled under that side's switch.
The sides alternate in rounds (the order flips every round); each round's CPU time
(``time.process_time``) of the games is kept, and the table prints min and median per side and
the ratio closures / generated (above 1: the generated code saves time). Both sides must play
the same games: the bench checks that their final state hashes and log lengths are equal.

Issue 10 used this bench (then ``bench/bench_generated_rules.py``, see ``git log --follow``) to
decide the generated closure tables ``rules/shapes.py`` and ``rules/inline.py``, and until issue
19 it compared the specialised closures with one generic closure per operator; figures in
``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from distant_galaxy.core.game import Game
from distant_galaxy.harness.perft import perft
from distant_galaxy.play.runner import new_session, play
from distant_galaxy.rules import codegen
from distant_galaxy.scenario.load import load_scenario

SCENARIOS = ("asteroid-belt", "aborigine-clash", "tic-tac-toe", "breakthrough")
#: (scenario, depth, times per round) counted by ``--perft``: ``dg perft tic-tac-toe 9`` (255,168),
#: breakthrough 3 (11,132; 20 ms, so repeated) and 4 (256,036).
PERFTS = (("tic-tac-toe", 9, 1), ("breakthrough", 3, 25), ("breakthrough", 4, 2))
SIDES = ("generated", "closures")
#: Seeded games per scenario and round (about a second of CPU each on the reference machine).
GAMES = {"asteroid-belt": 5, "aborigine-clash": 25, "tic-tac-toe": 3000, "breakthrough": 700}


@contextmanager
def side(name: str) -> Iterator[None]:
    """Compile rules as generated code, or with the closures only."""
    if name == "generated":
        yield
        return
    with codegen.closures_only():
        yield


def play_games(scenario_id: str, games: int) -> tuple[float, list[tuple[object, int]]]:
    """Load ``scenario_id`` and play seeds 1..games; (CPU seconds of the games, outcomes)."""
    scenario = load_scenario(scenario_id)
    outcomes = []
    elapsed = 0.0
    for seed in range(1, games + 1):
        session = new_session(scenario, seed, None, {})
        start = time.process_time()
        assert play(session), f"{scenario_id} seed {seed} did not finish"
        elapsed += time.process_time() - start
        outcomes.append((session.game.state.hash(), len(session.log.records)))
    return elapsed, outcomes


def count_lines(scenario_id: str, depth: int, times: int) -> tuple[float, list[tuple[object, int]]]:
    """``perft(depth)`` of a fresh game, ``times`` times; (CPU seconds, [(None, count)] each)."""
    game = Game(load_scenario(scenario_id), seed=1, record=False)
    start = time.process_time()
    counts = [(None, perft(game, depth)) for _ in range(times)]
    return time.process_time() - start, counts


def alternate(task: Callable[[], tuple[float, list[tuple[object, int]]]], rounds: int
              ) -> dict[str, list[float]]:
    """Run ``task`` under each side for ``rounds`` rounds, flipping the order every round."""
    times: dict[str, list[float]] = {name: [] for name in SIDES}
    outcomes: dict[str, object] = {}
    for i in range(rounds):
        for name in SIDES if i % 2 == 0 else SIDES[::-1]:
            with side(name):
                seconds, outcome = task()
            times[name].append(seconds)
            assert outcomes.setdefault(name, outcome) == outcome, f"{name}: not deterministic"
    assert outcomes["generated"] == outcomes["closures"], "the two sides played different games"
    return times


def row(label: str, times: dict[str, list[float]]) -> str:
    """One line of the table: min and median per side (seconds), the ratios closures/generated."""
    fast, slow = times["generated"], times["closures"]
    ratio_min = min(slow) / min(fast)
    ratio_med = statistics.median(slow) / statistics.median(fast)
    return (f"{label:<26} {min(fast):8.3f} {statistics.median(fast):8.3f} {min(slow):8.3f} "
            f"{statistics.median(slow):8.3f}   {ratio_min:5.3f}  {ratio_med:5.3f}")


def main(argv: list[str] | None = None) -> None:
    """Print the table for the shipped scenarios (and the perft counts with ``--perft``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games per round × this")
    parser.add_argument("--rounds", type=int, default=5, help="alternated rounds (at least 5)")
    parser.add_argument("--perft", action="store_true", help="also time the perft counts")
    parser.add_argument("--only", nargs="*", default=list(SCENARIOS), help="scenario ids")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.json:
        rows = []
        for scenario_id in args.only:
            games = max(1, round(GAMES.get(scenario_id, 10) * args.scale))
            t = alternate(lambda s=scenario_id, n=games: play_games(s, n), args.rounds)
            sp, gen = t["generated"], t["closures"]
            rows.append({"what": f"{scenario_id} ×{games}",
                         "generated_s": {"min": round(min(sp), 4),
                                         "median": round(statistics.median(sp), 4)},
                         "closures_s": {"min": round(min(gen), 4),
                                        "median": round(statistics.median(gen), 4)},
                         "ratio": {"min": round(min(gen) / min(sp), 3),
                                   "median": round(statistics.median(gen) /
                                                   statistics.median(sp), 3)}})
        print(json.dumps({"bench": "rule_closures", "unit": "CPU s per round", "rows": rows},
                         indent=2))
        return
    print(f"CPU seconds per round ({args.rounds} rounds, sides alternated); "
          "ratio = closures / generated")
    print(f"{'what':<26} {'gen min':>8} {'gen med':>8} {'clo min':>8} {'clo med':>8}   "
          f"{'r.min':>5}  {'r.med':>5}")
    for scenario_id in args.only:
        games = max(1, round(GAMES.get(scenario_id, 10) * args.scale))
        times = alternate(lambda s=scenario_id, n=games: play_games(s, n), args.rounds)
        print(row(f"{scenario_id} ×{games}", times), flush=True)
    for scenario_id, depth, repeat in PERFTS if args.perft else ():
        times = alternate(lambda s=scenario_id, d=depth, n=repeat: count_lines(s, d, n), args.rounds)
        print(row(f"perft {scenario_id} {depth} ×{repeat}", times), flush=True)


if __name__ == "__main__":
    main()
