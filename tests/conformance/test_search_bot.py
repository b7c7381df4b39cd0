"""Every scenario, variant and option set of ``dg list`` played by the search bot at a small
budget (issue 20), given the seat's view as the runner gives it: its choices are legal, its thinking leaves the game exactly as it was, the
invariants hold after every action, and the same seed gives the same game. The classic games are
played to the end; the episodes for their first decisions (a whole Asteroid Belt game is about a
thousand decisions: bench/search_strength.py plays whole games)."""

from __future__ import annotations

from distant_galaxy.core.game import Game
from distant_galaxy.harness.invariants import check_invariants
from distant_galaxy.harness.reliability import Case, scenario_of
from distant_galaxy.play.controllers import make_bot

BUDGET = "mcts:3,depth=8"
EPISODE_DECISIONS = 40


def classic(sc) -> bool:
    """A game of YAML alone (no plugin): played to the end."""
    return not sc.data.get("plugins")


def search_game(case: Case, seed: int) -> tuple[Game, list[tuple[str, str]]]:
    sc = scenario_of(case)
    game = Game(sc, seed=seed, record=False)
    bots = {s: make_bot(sc.bots(), BUDGET, s, seed) for s in game.state.seats}
    cap = None if classic(sc) else EPISODE_DECISIONS
    decisions = 0
    while not game.over and (cap is None or decisions < cap):
        before = game.state.hash() if decisions % 8 == 0 else None
        seat = game.pending.seat
        action = bots[seat].choose(game.view(seat))  # a controller is given the seat's view
        if before is not None:
            assert game.state.hash() == before, f"{case.label}: thinking changed the game"
        assert action in game.legal_actions(), f"{case.label}: {action} is not legal"
        game.apply(action)
        problems = check_invariants(game, round_trip=False)
        assert not problems, f"{case.label}: " + "; ".join(problems)
        decisions += 1
    return game, list(game.history)


def test_the_search_bot_plays_every_scenario(case: Case) -> None:
    assert case.load_error is None, case.load_error
    game, history = search_game(case, 1)
    if not classic(scenario_of(case)):
        return
    assert game.over, f"{case.label}: the game did not end"
    again, history2 = search_game(case, 1)
    assert history == history2 and again.result == game.result
