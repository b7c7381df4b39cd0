"""Seeded bot games (every variant, 2 and 3 seats) and the greedy bot against the random bot.

The default run keeps small samples; ``AB_GAMES=500`` runs 500 games per variant and seat count
(bench/bench_asteroid_belt.py prints the same figures).
"""

from __future__ import annotations

import os

import pytest

from distant_galaxy import load_scenario
from distant_galaxy_episodes.asteroid_belt.bots import GreedyBot, weights
from distant_galaxy_episodes.asteroid_belt.selfplay import play_game, scenario
from tests.asteroid_belt.conftest import Table

N = int(os.environ.get("AB_GAMES", "8"))
SEATS = {2: ["orange", "purple"], 3: ["orange", "purple", "green"]}


def check_result(sc, res: dict, seats: list[str]) -> None:
    """A game ends either on the track (R7.1: the winner's points reach ``track_length``) or at
    the round limit, where the most points, then resources win (``limit_rank``) or it is a tie."""
    limit, track = sc.limits["rounds"], sc.params["track_length"]
    points = {s: res["counters"][s]["points"] for s in seats}
    assert res["rounds"] <= limit
    if res["winner"] is not None and points[res["winner"]] >= track:
        assert res["winner"] in seats and "(R7.1)" in res["reason"], res
        return
    assert res["rounds"] == limit, res
    assert res["reason"].startswith(sc.data["asteroid_belt"]["limit_reason"]), res
    rank = sorted(((points[s], res["counters"][s]["resources"]) for s in seats), reverse=True)
    if res["winner"] is None:
        assert rank[0] == rank[1], res
    else:
        key = (points[res["winner"]], res["counters"][res["winner"]]["resources"])
        assert key == rank[0] and rank[0] != rank[1], res


@pytest.mark.parametrize("variant", [None, "quick", "hard"])
@pytest.mark.parametrize("seats", [2, 3])
def test_seeded_random_games_finish(variant, seats):
    """Games end within the declared round limit, on the track or by the limit's ranking (R7.1)."""
    sc = scenario(variant)
    for seed in range(N):
        bots = {s: ("greedy" if (seed + i) % 2 else "random") for i, s in enumerate(SEATS[seats])}
        res = play_game(sc, seed, bots, check_invariants=seed < 2)
        check_result(sc, res, SEATS[seats])


def test_the_result_check_can_fail():
    """``check_result`` refuses a result whose winner did not reach the track before the limit."""
    sc = scenario()
    res = {"winner": "orange", "reason": "anything", "rounds": 3,
           "counters": {"orange": {"points": 2, "resources": 0},
                        "purple": {"points": 1, "resources": 0}}}
    with pytest.raises(AssertionError):
        check_result(sc, res, SEATS[2])


def test_greedy_beats_random():
    """The greedy bot wins at least 90% of seeded games against the random bot."""
    sc = scenario()
    n = max(N, 20)
    wins = 0
    for seed in range(n):
        g = seed % 2
        bots = {"orange": "greedy" if g == 0 else "random",
                "purple": "random" if g == 0 else "greedy"}
        wins += play_game(sc, seed, bots)["winner"] == ("orange", "purple")[g]
    assert wins / n >= 0.9


def test_greedy_plays_the_defenders():
    """R7.12/D7.3: handed the defence, the greedy bot places defenders and ends."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (10, 2))
    t.apply("target asteroid-1-3")
    t.apply("end")
    bot = GreedyBot("purple", 1)
    a = bot.choose(t.game)
    assert a.verb == "place" and a.args[2] in ("9,2", "10,3")


FACTION_MOD = """\
format: 1
id: asteroid-belt-faction-bot
title: "Asteroid Belt with a faction's bot weights (a test mod)"
extends: asteroid-belt
factions:
  purple: {bot: {max_open_targets: 0}}
"""


def test_faction_bot_weights_override_the_defaults():
    """``factions.<id>.bot`` overrides ``asteroid_belt.bot`` for that faction's seats only; the
    shipped Green and Orange overrides are the balance tuning (docs/asteroid-belt.md)."""
    game = Table(seats=3).game
    base = game.scenario.data["asteroid_belt"]["bot"]
    green, purple = weights(game, "green"), weights(game, "purple")
    assert purple == base
    assert green["create_min_resources"] == 60 and green["attack_min_score"] == 0.2
    assert green["max_open_targets"] == 3
    assert {k: v for k, v in green.items() if base[k] != v} == \
        game.scenario.factions["green"]["bot"]
    assert weights(game, "orange")["move_reserve_resources"] == 10


def test_a_factions_weights_change_its_bot_only(tmp_path):
    """A mod's ``factions.purple.bot: {max_open_targets: 0}``: Purple's bot keeps no Target open
    (it deploys instead), Orange's bot, with the defaults, targets."""
    p = tmp_path / "mod.yaml"
    p.write_text(FACTION_MOD)
    t = Table(sc=load_scenario(p)).clear()
    t.put("engineer", "orange", (10, 2))
    assert GreedyBot("orange", 1).choose(t.turn("orange").game).verb == "target"
    t.clear().put("engineer", "purple", (10, 2))
    assert GreedyBot("purple", 1).choose(t.turn("purple").game).verb == "deploy"
    shipped = Table().clear()
    shipped.put("engineer", "purple", (10, 2))
    assert GreedyBot("purple", 1).choose(shipped.turn("purple").game).verb == "target"
