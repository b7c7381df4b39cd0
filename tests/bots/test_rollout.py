"""How the search bot scores a playout: results, sides (R5.1: the civilizations win together),
draws, and the scenario's limit verdict for a playout cut off."""

from __future__ import annotations

import random
import time

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.bots.rollout import (
    OutOfTime,
    outcome,
    playout,
    progress_lead,
    score,
    seat_sides,
    tempo,
    thresholds,
)


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


def test_a_graded_cut_off_adds_the_progress_towards_the_victory_threshold() -> None:
    """Asteroid Belt's ``player.points >= params.track_length`` (15): two points ahead is a lead
    of 2/15; the graded score averages the verdict (1 for the leader) with ½ + lead."""
    sc = load_scenario("asteroid-belt")
    assert thresholds(sc) == [("points", 15.0)]
    assert thresholds(load_scenario("aborigine-clash")) == []  # a plugin's victory: none
    game = Game(sc, seats=["orange", "purple"], seed=3, record=False)
    game.state.players["orange"].counters["points"] = 5
    game.state.players["purple"].counters["points"] = 3
    seats = ["orange", "purple"]
    lead = progress_lead(game, seats)
    assert lead == pytest.approx({"orange": 2 / 15, "purple": -2 / 15})
    graded = outcome(game, seats, graded=True)
    assert graded == pytest.approx({"orange": (1.0 + 0.5 + 2 / 15) / 2,
                                    "purple": (0.0 + 0.5 - 2 / 15) / 2})
    assert outcome(game, seats) == {"orange": 1.0, "purple": 0.0}


def test_fleet_battle_seats_win_with_their_fleet() -> None:
    """D6.1: the civilization seats command one fleet (``side: civilizations``); in the hot-seat
    variant blue commands the Aborigine fleet — a fleet's win scores 1 for its seats."""
    sides = seat_sides(load_scenario("fleet-battle"))
    assert set(sides.values()) == {"civilizations"} and len(sides) == 4
    duel = seat_sides(load_scenario("fleet-battle", "hot-seat"))
    assert duel == {"red": "civilizations", "blue": "aborigines"}
    assert score({"winner": "aborigines"}, ["red", "blue"], duel) == {"red": 0.0, "blue": 1.0}


def test_a_plugins_progress_grades_a_side_r5_1_r5_2(monkeypatch) -> None:
    """Episode 5's victory is a procedure (no threshold): its plugin says the progress by side
    (``dg_progress``) — R5.2's zones held of 4 for the civilizations, R5.1's portals closed of 3
    for the Aborigines; every civilization seat's lead is the one less the other."""
    from distant_galaxy_episodes.aborigines.model import Model

    game = Game(load_scenario("aborigine-clash"), seed=1, record=False)
    seats = list(game.state.seats)
    assert progress_lead(game, seats) == dict.fromkeys(seats, 0.0)
    monkeypatch.setattr(Model, "held_count", lambda self, state: 2)
    monkeypatch.setattr(Model, "closed_count", lambda self, state: 1)
    assert game.hook.dg_progress(game=game) == {"civilizations": 0.5, "aborigines": 1 / 3}
    assert progress_lead(game, seats) == pytest.approx(dict.fromkeys(seats, 0.5 - 1 / 3))
    # the round-limit verdict names the civilizations (R5.3); graded: (1 + ½ + lead) / 2
    assert outcome(game, seats, graded=True) == \
        pytest.approx(dict.fromkeys(seats, (1.0 + 0.5 + 0.5 - 1 / 3) / 2))


def test_tempo_wins_sooner_and_loses_later() -> None:
    """``tempo=T``: a win is worth up to T less the longer it took, a loss up to T more; a draw
    between the two stays between; ``T=0`` changes nothing."""
    scores = {"a": 1.0, "b": 0.0, "c": 0.5}
    assert tempo(scores, 10, 40, 0.0) is scores
    quick, slow = tempo(scores, 10, 40, 0.2), tempo(scores, 40, 40, 0.2)
    assert quick == {"a": 0.95, "b": 0.05, "c": 0.5}
    assert slow == {"a": 0.8, "b": 0.2, "c": 0.5}
    assert tempo(scores, 90, 40, 0.2) == slow  # longer than depth: as long as depth


def test_a_playout_given_a_cpu_time_stops_there() -> None:
    """``until``: a playout begun after that CPU time raises OutOfTime at its next ply, before
    applying anything (the halving root's cap, docs/bots.md)."""
    game = Game(load_scenario("tic-tac-toe"), seed=1, record=False)
    with pytest.raises(OutOfTime):
        playout(game, 9, random.Random(1), until=time.process_time() - 1.0)
    assert game.history == []
    assert playout(game, 9, random.Random(1), until=time.process_time() + 3600.0) is True


def test_a_controllers_playout_lists_only_what_the_controller_asks() -> None:
    """A seat's controller lists the verbs it looks at (``legal_of``); the playout makes the
    whole legal list only for a random pick (a controller that gives None), and plays the
    same game either way."""
    scenario = load_scenario("asteroid-belt")
    bots = scenario.bots()

    def played(whole_list: bool) -> tuple[int, str, int]:
        game = Game(scenario, seed=3, record=False)
        policy = {s: bots["greedy"](s, 3) for s in game.state.seats}
        calls = 0
        listed = game.legal_actions

        def counted():  # type: ignore[no-untyped-def]
            nonlocal calls
            calls += 1
            return listed()
        game.legal_actions = counted  # type: ignore[method-assign]
        for _ in range(30):
            if whole_list and game.state.pending is not None:
                game.legal_actions()  # as the playout listed every ply before
            playout(game, 1, random.Random(3), policy)
        return len(game.history), game.state.hash(), calls

    plies, final, calls = played(whole_list=False)
    assert (plies, final) == played(whole_list=True)[:2]
    assert plies == 30 and calls < plies  # greedy picks a random action only now and then


def test_a_controller_that_gives_none_gets_a_random_legal_action() -> None:
    game = Game(load_scenario("tic-tac-toe"), seed=1, record=False)

    class Abstains:
        def choose(self, game: Game) -> None:
            return None
    assert playout(game, 9, random.Random(1), {s: Abstains() for s in game.state.seats}) is True
    assert game.state.result is not None
