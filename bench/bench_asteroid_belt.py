"""Asteroid Belt bench: CPU time per greedy decision, per apply, per random decision (the legal
list) and per state clone, and games per second without the scenario's loading; with ``--games
N`` also N seeded bot games per variant and seat count, and greedy vs random.

    python bench/bench_asteroid_belt.py               # the speed table (5 alternated rounds)
    python bench/bench_asteroid_belt.py --long        # 3× as many games per round
    python bench/bench_asteroid_belt.py --json        # the figures as JSON (bench/run_all.py)
    python bench/bench_asteroid_belt.py --games 500   # + 500 games × {standard, quick, hard} × {2, 3}
    python bench/bench_asteroid_belt.py --tiles 2 3   # + decision/apply on 2×2 and 3×3 tilings

The scenario is loaded once, before any timing; every figure is CPU time (bench/timing.py),
min and median over the rounds, each round replaying the same seeded games.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import Figure, cpu, rounds  # bench/timing.py

from distant_galaxy import Scenario, load_scenario
from distant_galaxy.core.game import Game
from distant_galaxy_episodes.asteroid_belt.selfplay import play_game, scenario

SEATS = {2: ["orange", "purple"], 3: ["orange", "purple", "green"]}


def row(name: str, value: str) -> None:
    print(f"| {name:<44} | {value:>30} |")


def tiled(k: int) -> Scenario:
    """The shipped scenario on its map repeated k×k times, k² times the area (the start bases in
    the big map's corners as on the shipped one; the copies' other base cells are class-5
    asteroids; each class's ``on_field`` count × k²)."""
    sc = scenario()
    rows = sc.data["map"]["rows"].splitlines() if isinstance(sc.data["map"]["rows"], str) \
        else list(sc.data["map"]["rows"])
    plain = [r.replace("O", "5").replace("P", "5").replace("G", "5") for r in rows]
    big = [r * k for r in plain] * k
    big[0] = "O" + big[0][1:-1] + "P"  # the bases in the big map's corners (R7.2)
    big[-1] = "G" + big[-1][1:]
    body = "\n".join("    " + r for r in big)
    kinds = "".join(f"  {name}: {{on_field: {int(spec['on_field']) * k * k}}}\n"
                    for name, spec in sc.site_kinds.items() if "on_field" in (spec or {}))
    path = Path(tempfile.mkdtemp()) / f"asteroid-belt-{k}x{k}.yaml"
    path.write_text(f"format: 1\nid: asteroid-belt-{k}x{k}\ntitle: Asteroid Belt {k}x{k}\n"
                    f"extends: asteroid-belt\nmap:\n  rows: |\n{body}\nsite_kinds:\n{kinds}",
                    encoding="utf-8")
    return load_scenario(str(path))


def timed_games(seeds: range, bots: dict[str, str], out: dict[str, list[float]],
                sc: Scenario | None = None, max_actions: int = 0) -> int:
    """Play seeded games, adding CPU seconds per decision (by bot) and per apply to ``out``
    (``max_actions``: stop each game after that many actions, 0: play it to the end)."""
    sc = sc or scenario()
    kinds = sc.bots()
    clock = time.process_time
    actions = 0
    for seed in seeds:
        game = Game(sc, seats=list(bots), seed=seed, record=False)
        ctrls = {s: kinds[b](s, seed) for s, b in bots.items()}
        n = 0
        while not game.over and (not max_actions or n < max_actions):
            n += 1
            c = ctrls[game.pending.seat]  # type: ignore[union-attr]
            t0 = clock()
            a = c.choose(game)
            t1 = clock()
            game.apply(a)
            t2 = clock()
            out[c.name].append(t1 - t0)
            out["apply"].append(t2 - t1)
            actions += 1
    return actions


def decision_figures(n_rounds: int, games: int, sc: Scenario | None = None,
                     max_actions: int = 0) -> dict[str, Figure]:
    """Per greedy decision, per random decision and per apply: min and median of the rounds'
    means (greedy vs random, seats swapped every other game)."""
    figs = {k: Figure(k) for k in ("greedy", "random", "apply")}
    for _ in range(n_rounds):
        spent: dict[str, list[float]] = {"greedy": [], "random": [], "apply": []}
        for seed in range(games):
            bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
            timed_games(range(seed, seed + 1), dict(zip(SEATS[2], bots, strict=True)), spent,
                        sc, max_actions)
        for k, v in spent.items():
            figs[k].per_unit.append(statistics.fmean(v))
    return figs


def game_rates(n_rounds: int, games: int) -> dict[str, Figure]:
    """CPU seconds per whole game (scenario loaded once, outside), three bot line-ups alternated."""
    sc = scenario()
    lineups = {"random vs random": ["random", "random"], "greedy vs random": ["greedy", "random"],
               "greedy ×3": ["greedy"] * 3}

    def side(bots: list[str]):
        def run() -> int:
            for seed in range(games):
                play_game(sc, seed, dict(zip(SEATS[len(bots)], bots, strict=True)))
            return games
        return run

    return rounds({k: side(v) for k, v in lineups.items()}, n_rounds, warm_up=False)


def clone_figure(n_rounds: int, n: int = 1000) -> Figure:
    sc = scenario()
    game = Game(sc, seats=SEATS[3], seed=1, record=False)
    kinds = sc.bots()
    ctrls = {s: kinds["greedy"](s, 1) for s in SEATS[3]}
    for _ in range(300):   # a mid-game position
        if game.over:
            break
        game.apply(ctrls[game.pending.seat].choose(game))  # type: ignore[union-attr]

    def run() -> int:
        for _ in range(n):
            game.clone()
        return n

    return rounds({"clone": run}, n_rounds)["clone"]


def many_games(n: int, variants: list[str | None]) -> None:
    print(f"\n{n} seeded games per variant and seat count (seats alternate greedy/random):")
    print("| variant  | seats | errors | winners | round-limit ends | mean rounds | CPU s |")
    for variant in variants:
        sc = scenario(variant)
        for seats in (2, 3):
            t = time.process_time()
            errors = winners = limit = n_rounds = 0
            for seed in range(n):
                bots = {s: ("greedy" if (seed + i) % 2 else "random")
                        for i, s in enumerate(SEATS[seats])}
                try:
                    res = play_game(sc, seed, bots)
                except Exception as exc:
                    errors += 1
                    print(f"  seed {seed}: {exc!r}")
                    continue
                assert res["rounds"] <= sc.limits["rounds"] and res["reason"]
                winners += res["winner"] is not None
                limit += "round limit" in res["reason"]
                n_rounds += res["rounds"]
            print(f"| {variant or 'standard':<8} | {seats:>5} | {errors:>6} | {winners:>7} | "
                  f"{limit:>16} | {n_rounds / max(n - errors, 1):>11.1f} | "
                  f"{time.process_time() - t:>4.0f}|")


def greedy_vs_random(n: int) -> None:
    sc = scenario()
    wins = 0
    for seed in range(n):
        g = seed % 2
        bots = {"orange": "greedy" if g == 0 else "random",
                "purple": "random" if g == 0 else "greedy"}
        wins += play_game(sc, seed, bots)["winner"] == SEATS[2][g]
    print(f"\ngreedy vs random, {n} seeded 2-seat games (seats alternate): greedy wins {wins} "
          f"= {wins / n:.1%}")


def speed_table(n_rounds: int, scale: int, as_json: bool) -> None:
    _load, _ = cpu(lambda: (scenario(), 0)[1])  # loaded once, before any timing
    figs = decision_figures(n_rounds, 4 * scale)
    rates = game_rates(n_rounds, 2 * scale)
    clone = clone_figure(n_rounds)
    if as_json:
        out = {k: f.as_dict() for k, f in figs.items()}
        out["clone"] = clone.as_dict()
        out.update({f"game: {k}": {"games_per_s_min_cpu": round(1 / f.min, 2),
                                   "games_per_s_median_cpu": round(1 / f.median, 2)}
                    for k, f in rates.items()})
        print(json.dumps({"bench": "asteroid_belt", "unit": "µs, CPU time", "rounds": n_rounds,
                          "figures": out}, indent=2))
        return
    print(f"{n_rounds} rounds, CPU time; min / median of the rounds")
    print(f"| {'measure':<44} | {'value (min / median)':>30} |")
    print(f"|{'-' * 46}|{'-' * 32}|")
    for label, k in (("time per greedy decision", "greedy"),
                     ("time per random decision (legal list)", "random"),
                     ("time per apply (both bots' actions)", "apply")):
        f = figs[k]
        row(label, f"{f.min * 1e6:,.0f} / {f.median * 1e6:,.0f} µs")
    row("cost of a state clone (game.clone, mid-game)",
        f"{clone.min * 1e6:,.1f} / {clone.median * 1e6:,.1f} µs")
    for k, f in rates.items():
        row(f"games/s (CPU), {k}", f"{1 / f.min:,.2f} / {1 / f.median:,.2f}")


def tilings(ks: list[int], n_rounds: int, as_json: bool) -> None:
    """Greedy decision and apply on the k×k tilings: the first 400 actions of 4 games each."""
    out = {}
    for k in ks:
        sc = scenario() if k == 1 else tiled(k)
        figs = decision_figures(n_rounds, 4, sc, max_actions=400)
        out[f"{k}x{k}"] = {n: f.as_dict() for n, f in figs.items()}
    if as_json:
        print(json.dumps({"bench": "asteroid_belt_tilings", "unit": "µs, CPU time",
                          "figures": out}, indent=2))
        return
    print("\ntilings (first 400 actions of 4 games; µs, CPU time, min / median of the rounds):")
    for name, f in out.items():
        print(f"  {name}: greedy decision {f['greedy']['min']:,.0f} / {f['greedy']['median']:,.0f}"
              f", apply {f['apply']['min']:,.0f} / {f['apply']['median']:,.0f}"
              f", random decision {f['random']['min']:,.0f} / {f['random']['median']:,.0f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5, help="alternated rounds (default 5, ≥ 5)")
    ap.add_argument("--long", action="store_true", help="3× as many games per round")
    ap.add_argument("--json", action="store_true", help="print the speed figures as JSON")
    ap.add_argument("--games", type=int, default=0, help="also run N games per variant/seats")
    ap.add_argument("--vs", type=int, default=0, help="greedy vs random over N games")
    ap.add_argument("--variant", action="append", choices=["standard", "quick", "hard"],
                    help="with --games: only these variants (default: all three)")
    ap.add_argument("--games-only", action="store_true", help="skip the speed table")
    ap.add_argument("--tiles", type=int, nargs="*", help="decision/apply on k×k tilings of the "
                    "map (e.g. 1 2 3) instead of the speed table")
    args = ap.parse_args()
    if args.tiles:
        tilings(args.tiles, args.rounds, args.json)
        return
    variants = [None if v == "standard" else v for v in (args.variant or
                                                         ["standard", "quick", "hard"])]
    if not args.games_only:
        speed_table(args.rounds, 3 if args.long else 1, args.json)
    if args.vs:
        greedy_vs_random(args.vs)
    if args.games:
        many_games(args.games, variants)


if __name__ == "__main__":
    main()
