"""Bot-only games in one process (tests, bench/bench_asteroid_belt.py, greedy-vs-random rate)."""

from __future__ import annotations

from typing import Any

from distant_galaxy import Game, Scenario, load_scenario

_CACHE: dict[tuple[str, str | None], Scenario] = {}


def scenario(variant: str | None = None, name: str = "asteroid-belt") -> Scenario:
    key = (name, variant)
    if key not in _CACHE:
        _CACHE[key] = load_scenario(name, variant)
    return _CACHE[key]


def play_game(sc: Scenario, seed: int, bots: dict[str, str], max_actions: int = 200_000,
              record: bool = False, check_invariants: bool = False) -> dict[str, Any]:
    """Play one game with the named bots (seat → bot name); return the result plus counts."""
    seats = list(bots)
    game = Game(sc, seats=seats, seed=seed, record=record)
    kinds = sc.bots()
    ctrls = {s: kinds[b](s, seed) for s, b in bots.items()}
    n = 0
    while not game.over:
        n += 1
        if n > max_actions:
            raise RuntimeError(f"seed {seed}: no end after {max_actions} actions")
        assert game.pending is not None, "a game that is not over has a pending decision"
        seat = game.pending.seat
        game.apply(ctrls[seat].choose(game))
        if check_invariants:
            broken = [b for group in game.hook.dg_invariants(game=game) for b in group or []]
            if broken:
                raise AssertionError(f"seed {seed}: {broken}")
    res = dict(game.result or {})
    res["actions"] = n
    res["rounds"] = game.state.round
    return res
