"""The search bot's root by sequential halving over common dice (``root=halving``, issue 20)."""

from __future__ import annotations

import random

from distant_galaxy import Action, Game, load_scenario
from distant_galaxy.bots.budget import Budget
from distant_galaxy.bots.halving import Halving, pick_candidates
from distant_galaxy.bots.mcts import MctsBot
from distant_galaxy.play.controllers import make_bot

HALVING = "mcts:{n},root=halving,rollout=default,depth=12,score=graded"


def test_candidates_are_the_prior_then_one_verb_after_the_other() -> None:
    legal = [Action.parse(t) for t in
             ("move a 1,1", "move a 1,2", "move b 2,2", "attack a 3,3", "end")]
    prior = legal[1]
    picked = pick_candidates(legal, prior, 4, random.Random(1))
    assert picked[0] == prior and len(picked) == 4
    assert {a.verb for a in picked[1:]} == {"move", "attack", "end"}
    assert pick_candidates(legal, None, 10, random.Random(1))  # fewer legal than k: all of them
    assert sorted(map(str, pick_candidates(legal, None, 10, random.Random(1)))) == \
        sorted(map(str, legal))


def test_every_candidate_is_scored_on_the_same_samples() -> None:
    """Common random numbers: the remaining candidates have played exactly the same seeds; the
    dropped ones a prefix of them."""
    game = Game(load_scenario("asteroid-belt"), seed=2)
    seat = game.pending.seat
    bot = make_bot(game.scenario.bots(), HALVING.format(n=24), seat, 2)
    bot.choose(game)
    search = Halving(game, seat, list(game.state.seats), bot.budget, bot.policy, random.Random(3))
    prior = game.scenario.bots()["greedy"](seat, 2).choose(game)
    search.choose(game.legal_actions(), prior)
    lengths = sorted({len(v) for v in search.scores.values()})
    assert lengths[-1] == len(search.seeds) and len(search.scores[prior]) == len(search.seeds)


def test_same_seed_same_choice_and_the_games_dice_untouched() -> None:
    game = Game(load_scenario("asteroid-belt"), seed=4)
    seat = game.pending.seat
    before = (game.state.to_json(), list(game.legal_actions()))
    a = make_bot(game.scenario.bots(), HALVING.format(n=20), seat, 9)
    b = make_bot(game.scenario.bots(), HALVING.format(n=20), seat, 9)
    assert a.choose(game) == b.choose(game) and a.last["means"] == b.last["means"]
    assert (game.state.to_json(), list(game.legal_actions())) == before


def test_the_prior_is_kept_unless_clearly_beaten() -> None:
    """The best candidate replaces the prior only if its mean lead on the common samples is more
    than ``margin`` standard errors; a lead in every sample alike has no spread and counts."""
    prior, other = Action.parse("move a 1,1"), Action.parse("end")

    def final(prior_scores: list[float], other_scores: list[float], margin: float) -> Action:
        search = Halving(None, "x", ["x", "y"], Budget(margin=margin), None,  # type: ignore[arg-type]
                         random.Random(1))
        search.scores = {prior: prior_scores, other: other_scores}
        return search._final([prior, other], prior)

    noisy_prior, noisy_other = [0.0, 1.0, 0.0, 1.0], [1.0, 1.0, 0.0, 1.0]  # lead 0.25, se 0.25
    assert final(noisy_prior, noisy_other, 1.0) == prior
    assert final(noisy_prior, noisy_other, 0.5) == other
    assert final([0.2] * 3, [0.3] * 3, 1000) == other
    assert final([0.5] * 3, [0.4] * 3, 0) == prior


def test_without_a_default_bot_the_best_mean_wins_tic_tac_toe() -> None:
    """Tic-tac-toe has no default bot: the candidates are legal moves alone; x to play wins at
    2,0 (x: 0,0 1,0 — o: 0,1 1,1)."""
    game = Game(load_scenario("tic-tac-toe"), seed=1)
    for m in ("place 0,0", "place 0,1", "place 1,0", "place 1,1"):
        game.apply(m)
    bot = MctsBot("x", 1, Budget(iterations=200, root="halving", candidates=9))
    assert str(bot.choose(game)) == "place 2,0"


def test_a_time_budget_searches_and_plays_a_legal_action() -> None:
    game = Game(load_scenario("aborigine-clash"), seed=3)
    seat = game.pending.seat
    bot = make_bot(game.scenario.bots(), "mcts:0.2s,root=halving,rollout=default,depth=10",
                   seat, 3)
    assert bot.choose(game.view(seat)) in game.legal_actions()
    assert bot.last["samples"] >= 1


def test_a_cpu_time_cap_stops_the_search_on_common_samples() -> None:
    """``cap=``: a search that would take longer stops at the cap; the sample being played is
    dropped, so the remaining candidates keep exactly the same samples (at least one)."""
    game = Game(load_scenario("asteroid-belt"), seed=2)
    seat = game.pending.seat
    bot = make_bot(game.scenario.bots(), HALVING.format(n=400) + ",cap=0.000001s", seat, 2)
    assert bot.choose(game) in game.legal_actions()
    assert bot.last["capped"] and bot.last["samples"] == 1
    assert bot.last["iterations"] < 400
    uct = make_bot(game.scenario.bots(), "mcts:400,depth=10,cap=0.000001", seat, 2)
    assert uct.choose(game) in game.legal_actions()
    assert uct.last["capped"] and uct.last["iterations"] == 1


def test_a_cap_of_plies_is_reproducible_and_bounds_the_work() -> None:
    """``plies=N``: past the first sample the playouts stop where they would play more than N
    plies in all; the sample being cut is dropped, as with ``cap=``, and the same seed makes the
    same search on any machine (the cap counts work, not time)."""
    game = Game(load_scenario("asteroid-belt"), seed=2)
    seat = game.pending.seat
    spec = HALVING.format(n=400) + ",plies=150"
    a = make_bot(game.scenario.bots(), spec, seat, 2)
    b = make_bot(game.scenario.bots(), spec, seat, 2)
    assert a.choose(game) == b.choose(game) and a.last["means"] == b.last["means"]
    assert a.last["capped"] and a.last["iterations"] < 400
    first = len(a.last["means"]) * 13  # the first sample is always played: ≤ depth + 1 each
    assert a.last["samples"] >= 1 and a.last["plies"] <= max(150, first)
    free = make_bot(game.scenario.bots(), HALVING.format(n=400), seat, 2)
    free.choose(game)
    assert free.last["plies"] > a.last["plies"] and not free.last["capped"]
