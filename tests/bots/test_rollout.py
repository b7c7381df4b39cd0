"""How the search bot scores a playout: results, sides (R5.1: the civilizations win together),
draws, and the scenario's limit verdict for a playout cut off."""

from __future__ import annotations

import random

from distant_galaxy import Game, load_scenario
from distant_galaxy.bots.rollout import outcome, playout, score, seat_sides


def test_a_seat_win_a_draw_and_an_automatic_sides_win() -> None:
    assert score({"winner": "x"}, ["x", "o"]) == {"x": 1.0, "o": 0.0}
    assert score({"winner": None}, ["x", "o"]) == {"x": 0.5, "o": 0.5}
    assert score({"winner": "aborigines"}, ["red", "blue"], {"red": "civilizations"}) == \
        {"red": 0.0, "blue": 0.0}


def test_r5_1_the_civilizations_win_together() -> None:
    """R5.1: all civilizations play together against the Aborigines; the scenario says so with
    each seat's ``side``, and a ``civilizations`` win scores 1 for every seat."""
    sc = load_scenario("aborigine-clash")
    sides = seat_sides(sc)
    assert set(sides.values()) == {"civilizations"} and len(sides) == 4
    assert score({"winner": "civilizations"}, list(sides), sides) == dict.fromkeys(sides, 1.0)


def test_a_cut_off_playout_is_scored_by_the_limit_verdict() -> None:
    """Asteroid Belt ranks by its counters at the round limit; a playout cut off gives the
    seat that verdict would name 1 (or a tie: a draw)."""
    game = Game(load_scenario("asteroid-belt"), seed=3, record=False)
    assert not playout(game, 30, random.Random(1))
    scores = outcome(game, list(game.state.seats))
    assert sorted(scores.values()) in ([0.0, 0.0, 1.0], [1 / 3] * 3)
