"""The halving root's keyed dice (``dice=keyed``) and candidates from the default bot's ranking
(``ranked=K``, issue 20)."""

from __future__ import annotations

import random

from distant_galaxy import Action, Game, load_scenario
from distant_galaxy.bots.halving import Halving, pick_candidates
from distant_galaxy.bots.rollout import KeyedDice
from distant_galaxy.play.controllers import make_bot

KEYED = "mcts:{n},root=halving,rollout=default,depth=30,dice=keyed,ranked=2,candidates=4"


def _clash(seed: int) -> Game:
    return Game(load_scenario("aborigine-clash"), seats=["red", "blue"], seed=seed, record=False)


def test_the_same_action_in_the_same_turn_rolls_the_same_dice_whatever_came_before() -> None:
    game = _clash(1)
    a, b = KeyedDice(7, "red"), KeyedDice(7, "red")
    a.reseed(game, "red", Action.parse("move R1 9,3"))
    a.reseed(game, "red", Action("end"))
    after_a_move = game.state.seed
    b.reseed(game, "red", Action("end"))
    assert game.state.seed == after_a_move and game.state.rolls == 0
    b.reseed(game, "blue", Action("end"))  # a hand-over: the next turn's dice
    assert game.state.seed != after_a_move
    b.reseed(game, "blue", Action("end"))  # the same action again in that turn: other dice
    again = game.state.seed
    c = KeyedDice(7, "red")
    c.reseed(game, "blue", Action("end"))
    assert game.state.seed != again
    KeyedDice(8, "red").reseed(game, "red", Action("end"))  # another sample: other dice
    assert game.state.seed != after_a_move


def test_keyed_halving_is_reproducible_and_leaves_the_games_dice_alone() -> None:
    game = _clash(3)
    before = (game.state.to_json(), list(game.legal_actions()))
    bots = game.scenario.bots()
    one = make_bot(bots, KEYED.format(n=8), "red", 3)
    two = make_bot(bots, KEYED.format(n=8), "red", 3)
    assert one.choose(game) == two.choose(game) and one.last["means"] == two.last["means"]
    assert (game.state.to_json(), list(game.legal_actions())) == before


def test_the_ranked_choices_come_right_after_the_prior() -> None:
    legal = [Action.parse(t) for t in ("move a 1,1", "move a 1,2", "move b 2,2", "attack a 3,3",
                                       "end")]
    picked = pick_candidates(legal, legal[0], 4, random.Random(1),
                             ranked=[legal[0], Action.parse("move z 9,9"), legal[2]])
    assert picked[:2] == [legal[0], legal[2]] and len(picked) == 4  # the illegal one skipped
    assert len(set(picked)) == 4


def test_the_civ_bot_ranks_its_choice_first() -> None:
    game = _clash(2)
    civ = game.scenario.bots()["civ"]
    for _ in range(12):
        seat = game.pending.seat
        ranked = civ(seat, 5).ranked(game)
        assert ranked[0] == civ(seat, 5).choose(game)  # the same jitter: the same first choice
        assert ranked[-1] == Action("end") and len(set(ranked)) == len(ranked)
        game.apply(ranked[0])


def test_ranked_candidates_are_weighed() -> None:
    """With ``ranked=2`` the civ bot's second and third choices are among the candidates."""
    game = _clash(2)
    for _ in range(3):  # to a decision where civ ranks several actions
        game.apply(game.scenario.bots()["civ"]("red", 0).choose(game))
    seat = game.pending.seat
    bot = make_bot(game.scenario.bots(), KEYED.format(n=8), seat, 2)
    bot.choose(game)
    ranked = bot.prior_bots[seat].ranked(game)
    search = Halving(game, seat, list(game.state.seats), bot.budget, bot.policy, random.Random(3))
    search.choose(game.legal_actions(), ranked[0], ranked[1:3])
    assert set(ranked[:3]) <= set(search.scores)
