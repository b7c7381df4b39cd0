"""Seeded match series of the search bot against other bots: wins, draws, losses, intervals, tests.

    python bench/search_strength.py tic-tac-toe --bot mcts:200 --vs random --games 50
    python bench/search_strength.py asteroid-belt --seats 2 --bot $B --vs greedy --seeds 20 --baseline
    python bench/search_strength.py aborigine-clash --seats 2 --side --bot $C --vs civ --seeds 20 --baseline
    python bench/search_strength.py connect-four --bot mcts:200 --vs openspiel-mcts:230 --seeds 50

**Two ways to deal the seats.** ``--games N``: game ``i`` has seed ``seed + i`` and gives the
search bot seat ``i mod seats`` (the seats taken in turn). ``--seeds N``: *paired seeds* — every
seed ``seed .. seed + N - 1`` is played once with the search bot at each seat (the seats swapped:
in a two-seat game each seed is a pair of games, the same deal with the bots' places exchanged),
so luck of the deal and of the first move is the same for both sides. ``--side``: the search bot
plays every seat of its seat's side (episode 5's four civilizations against its automatic
Aborigines; one game per seed). Every other seat plays ``--vs``. A controller is given the
seat's view (``game.view(seat)``).

**Baseline** (``--baseline``): each seed is played once more with ``--vs`` at every seat; every
search game is paired with the ``--vs`` bot's result *in the same seat on the same seed*. The
question "does the search bot do better than the bot it replaces?" is then a paired one: of the
pairs where only one of the two won, how many did the search bot win — a sign test.

**Figures** (the summary line, JSON): wins, draws and losses; the win rate with its Wilson 95 %
score interval; ``p_majority`` — the one-sided sign test that the bot wins more games than it
loses (draws left out; a binomial tail with p = ½); with a baseline, ``only_search``,
``only_baseline`` and ``p_ahead`` — the one-sided sign test over those discordant pairs. Thinking
is measured in CPU seconds (the machine may be shared): per decision on average, and the longest
single decision (``longest_decision_s``) — an iteration or ``plies=`` budget replays exactly,
and the longest decision tells whether it stays within one CPU second. ``vs_cpu_s_per_decision``
is the other side's, for comparisons at equal CPU time.

**OpenSpiel's MCTS** (``--vs openspiel-mcts:M``, Connect Four only; the ``[bench]`` extra):
OpenSpiel's Python ``MCTSBot`` with ``RandomRolloutEvaluator(1)``, ``uct_c`` 1.4 (``,c=`` to
change) and ``M`` simulations per move, over OpenSpiel's own C++ ``connect_four``: the bench keeps
the two games in step, checks at every move that both engines list the same legal moves, and
plays the peer's move in ours. Choose ``M`` so that both sides' CPU per decision match.

The figures go in docs/bots.md; the test suite plays a sample of one or two games only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from distant_galaxy import Game, load_scenario
from distant_galaxy.bots.rollout import score, seat_sides
from distant_galaxy.core.actions import Action
from distant_galaxy.errors import EngineError
from distant_galaxy.play.controllers import Controller, make_bot
from distant_galaxy.simulate.stats import sign_test, wilson

#: Our scenario → OpenSpiel's game of the same rules and how an action maps (``drop c`` ↔ c).
OPENSPIEL_TWINS = {"connect-four": ("connect_four", "drop")}
OPENSPIEL = "openspiel-mcts"


# -- OpenSpiel's MCTS as a controller ------------------------------------------------------------
class OpenSpielMcts(Controller):
    """OpenSpiel's ``MCTSBot`` (random rollouts) over OpenSpiel's own game, kept in step."""

    name = OPENSPIEL

    def __init__(self, seat: str, seed: int, scenario_id: str, sims: int, c: float = 1.4):
        super().__init__(seat, seed)
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        twin, self.verb = OPENSPIEL_TWINS[scenario_id]
        self.game = pyspiel.load_game(twin)
        rng = np.random.RandomState(zlib.crc32(f"{seed}:{seat}".encode()))  # the same in any process
        self.bot = mcts.MCTSBot(self.game, c, sims, mcts.RandomRolloutEvaluator(1, rng),
                                random_state=rng)

    def state_of(self, game: Game) -> Any:
        """OpenSpiel's state after our game's moves, the legal moves checked at each."""
        state = self.game.new_initial_state()
        for _seat, text in game.history:
            state.apply_action(int(text.split()[1]))
        ours = sorted(int(str(a).split()[1]) for a in game.legal_actions())
        if ours != sorted(state.legal_actions()):
            raise EngineError(f"the engines disagree on the legal moves: ours {ours}, "
                              f"OpenSpiel's {sorted(state.legal_actions())}")
        return state

    def choose(self, game: Game) -> Action:
        move = int(self.bot.step(self.state_of(game)))
        return next(a for a in game.legal_actions() if str(a) == f"{self.verb} {move}")


def controller(scenario: Any, spec: str, seat: str, seed: int) -> Controller:
    """The controller ``spec`` names (``openspiel-mcts:M[,c=X]`` or any bot ``dg run`` takes)."""
    if spec.startswith(OPENSPIEL + ":"):
        sims, _, opt = spec[len(OPENSPIEL) + 1:].partition(",c=")
        return OpenSpielMcts(seat, seed, scenario.id, int(sims), float(opt) if opt else 1.4)
    return make_bot(scenario.bots(), spec, seat, seed)


# -- one game ------------------------------------------------------------------------------------
def play_one(scenario_id: str, bot: str, vs: str, seed: int, seat_index: int,
             options: list[str], players: int | None = None, side: bool = False
             ) -> dict[str, Any]:
    """One game: the search bot at seat ``seat_index`` (``side``: at every seat of that seat's
    side too), ``vs`` elsewhere; its result and time (``players``: the first seats of the
    scenario only, e.g. 2-seat Asteroid Belt)."""
    sc = load_scenario(scenario_id, None, options)
    seat_ids = [str(s["id"]) for s in sc.seats][:players] if players else None
    game = Game(sc, seats=seat_ids, seed=seed, record=False)
    seats = list(game.state.seats)
    me = seats[seat_index % len(seats)]
    sides = seat_sides(sc)
    mine = {s for s in seats if s == me or (side and me in sides and sides.get(s) == sides[me])}
    ctrls = {s: controller(sc, bot if s in mine else vs, s, seed) for s in seats}
    think = dict.fromkeys(seats, 0.0)
    count = dict.fromkeys(seats, 0)
    longest, deviated, capped = 0.0, 0, 0
    while not game.over:
        seat = game.pending.seat
        view = game.view(seat)
        t0 = time.process_time()  # CPU time: the machine may be shared
        action = ctrls[seat].choose(view)
        spent = time.process_time() - t0
        think[seat] += spent
        count[seat] += 1
        if seat in mine:
            longest = max(longest, spent)
            last = getattr(ctrls[seat], "last", None) or {}
            deviated += last.get("prior") not in (None, str(action))  # not the default bot's
            capped += bool(last.get("capped"))
        game.apply(action)
    return {"seed": seed, "seat": me if len(mine) == 1 else sides[me],
            "winner": game.result["winner"], "round": game.result.get("round"),
            "outcome": outcome_of(game, seats, sides, me),
            "decisions": sum(count[s] for s in mine),
            "think_s": round(sum(think[s] for s in mine), 3),  # CPU s
            "longest_s": round(longest, 3),  # the longest decision
            "vs_decisions": sum(count[s] for s in seats if s not in mine),
            "vs_think_s": round(sum(think[s] for s in seats if s not in mine), 3),
            "deviated": deviated, "capped": capped}  # decisions off the default bot's; at the cap


def outcome_of(game: Game, seats: list[str], sides: dict[str, str], seat: str) -> str:
    """``win``, ``draw`` or ``loss`` for ``seat`` (a side's win is its seats')."""
    if game.result["winner"] is None:
        return "draw"
    return "win" if score(game.result, seats, sides)[seat] == 1.0 else "loss"


def baseline_outcomes(scenario_id: str, vs: str, seed: int, options: list[str],
                      players: int | None) -> dict[str, str]:
    """Every seat's outcome of the game of ``seed`` with ``vs`` at every seat (and each side's,
    by its name)."""
    sc = load_scenario(scenario_id, None, options)
    seat_ids = [str(s["id"]) for s in sc.seats][:players] if players else None
    game = Game(sc, seats=seat_ids, seed=seed, record=False)
    seats = list(game.state.seats)
    ctrls = {s: controller(sc, vs, s, seed) for s in seats}
    while not game.over:
        seat = game.pending.seat
        game.apply(ctrls[seat].choose(game.view(seat)))
    sides = seat_sides(sc)
    out = {s: outcome_of(game, seats, sides, s) for s in seats}
    out.update({sides[s]: out[s] for s in seats if s in sides})
    return out


# -- a series ------------------------------------------------------------------------------------
def deals(a: argparse.Namespace, n_seats: int) -> list[tuple[int, int]]:
    """(seed, seat index) of every game: the seats in turn (``--games``) or every seat of every
    seed (``--seeds``; with ``--side`` the side is one party: one game per seed)."""
    if a.seeds is None:
        return [(a.seed + i, i) for i in range(a.games)]
    per_seed = 1 if a.side else n_seats
    return [(a.seed + i, k) for i in range(a.seeds) for k in range(per_seed)]


def summarize(rows: list[dict[str, Any]], a: argparse.Namespace) -> dict[str, Any]:
    """The series' figures (see the module text)."""
    n = len(rows)
    tally = {k: sum(r["outcome"] == k for r in rows) for k in ("win", "draw", "loss")}
    lo, hi = wilson(tally["win"], n)
    per_seat = {s: {k: sum(r["outcome"] == k for r in rows if r["seat"] == s)
                    for k in ("win", "draw", "loss")} for s in sorted({r["seat"] for r in rows})}
    decisions = sum(r["decisions"] for r in rows)
    vs_decisions = sum(r["vs_decisions"] for r in rows)
    out: dict[str, Any] = {
        "scenario": a.scenario, "options": a.option, "seats": a.seats, "bot": a.bot,
        "vs": a.vs, "games": n,
        "seeds": f"{min(r['seed'] for r in rows)}..{max(r['seed'] for r in rows)}" if rows else "",
        "paired": a.seeds is not None, **tally, "per_seat": per_seat,
        "win_rate": round(tally["win"] / max(1, n), 3),
        "wilson95": [round(lo, 3), round(hi, 3)],
        "p_majority": round(sign_test(tally["win"], tally["loss"]), 5),
        "cpu_s_per_decision": round(sum(r["think_s"] for r in rows) / max(1, decisions), 3),
        "longest_decision_s": max((r["longest_s"] for r in rows), default=0.0),
        "vs_cpu_s_per_decision": round(sum(r["vs_think_s"] for r in rows) / max(1, vs_decisions),
                                       3),
        "deviated": sum(r["deviated"] for r in rows),
        "capped": sum(r["capped"] for r in rows)}
    if rows and "baseline" in rows[0]:
        only_search = sum(r["outcome"] == "win" and r["baseline"] != "win" for r in rows)
        only_base = sum(r["outcome"] != "win" and r["baseline"] == "win" for r in rows)
        base_wins = sum(r["baseline"] == "win" for r in rows)
        blo, bhi = wilson(base_wins, n)
        out.update({"baseline_wins": base_wins, "baseline_wilson95": [round(blo, 3), round(bhi, 3)],
                    "only_search": only_search, "only_baseline": only_base,
                    "p_ahead": round(sign_test(only_search, only_base), 5)})
    return out


def run_series(a: argparse.Namespace, echo: Callable[[str], None] | None = print
               ) -> dict[str, Any]:
    """Play the series ``a`` describes; each game's line to ``echo``; the summary."""
    sc = load_scenario(a.scenario, None, a.option)
    n_seats = a.seats or len(sc.seat_ids())
    t0 = time.perf_counter()
    rows: list[dict[str, Any]] = []
    base: dict[int, dict[str, str]] = {}
    for seed, k in deals(a, n_seats):
        row = play_one(a.scenario, a.bot, a.vs, seed, k, a.option, a.seats, a.side)
        if a.baseline:
            if seed not in base:
                base[seed] = baseline_outcomes(a.scenario, a.vs, seed, a.option, a.seats)
            row["baseline"] = base[seed][row["seat"]]
        rows.append(row)
        if echo is not None:
            echo(json.dumps(row))
    summary = summarize(rows, a)
    summary["wall_s"] = round(time.perf_counter() - t0, 1)
    return summary


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("scenario")
    p.add_argument("--bot", default="mcts:200")
    p.add_argument("--vs", default="random",
                   help="the other seats' bot (any of dg run's, or openspiel-mcts:SIMS[,c=X])")
    p.add_argument("--games", type=int, default=20, help="games, the seats taken in turn")
    p.add_argument("--seeds", type=int, default=None,
                   help="paired seeds: each seed played once with the bot at every seat")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--seats", type=int, default=None,
                   help="play with the scenario's first N seats only (e.g. 2 in Asteroid Belt)")
    p.add_argument("--side", action="store_true",
                   help="the search bot plays every seat of its seat's side (e.g. all four "
                        "civilizations of episode 5), not that seat alone")
    p.add_argument("--baseline", action="store_true",
                   help="pair every game with --vs in the same seat on the same seed")
    p.add_argument("--json", action="store_true", help="the summary only")
    return p


def main(argv: list[str] | None = None) -> int:
    a = parser().parse_args(argv)
    summary = run_series(a, None if a.json else (lambda line: print(line, flush=True)))
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
