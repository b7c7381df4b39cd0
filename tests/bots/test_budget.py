"""The search bot's parameters (``mcts:400``, ``mcts:0.5s``, options) and their errors."""

from __future__ import annotations

import pytest

from distant_galaxy.bots.budget import Budget, parse_budget
from distant_galaxy.errors import EngineError


def test_defaults_and_amounts() -> None:
    assert parse_budget(None) == Budget()
    assert parse_budget("400").iterations == 400
    b = parse_budget("0.5s")
    assert (b.iterations, b.seconds) == (None, 0.5)


def test_options() -> None:
    b = parse_budget("50,c=0.7,depth=30,rollout=default")
    assert (b.iterations, b.c, b.depth, b.rollout) == (50, 0.7, 30, "default")
    b = parse_budget("20,score=graded,widen=1.5,reuse=no,determinize=no,prior=default")
    assert (b.score, b.widen, b.reuse, b.determinize, b.prior) == ("graded", 1.5, False, False,
                                                                   "default")
    assert (Budget().score, Budget().widen, Budget().reuse, Budget().determinize) == \
        ("win", 0.0, True, True)
    b = parse_budget("60,root=halving,candidates=5,margin=0.5")
    assert (b.root, b.candidates, b.margin) == ("halving", 5, 0.5)
    assert (Budget().root, Budget().candidates, Budget().margin) == ("uct", 8, 1.0)
    assert parse_budget("60,cap=1s").cap == parse_budget("60,cap=1").cap == 1.0
    assert Budget().cap is None
    assert parse_budget("60,root=halving,plies=4000").plies == 4000 and Budget().plies is None
    b = parse_budget("60,root=halving,dice=keyed,ranked=2")
    assert (b.dice, b.ranked) == ("keyed", 2)
    assert (Budget().dice, Budget().ranked) == ("stream", 0)
    assert (parse_budget("60,tempo=0.1").tempo, Budget().tempo) == (0.1, 0.0)


@pytest.mark.parametrize("text, words", [
    ("zz", "a budget is a number of iterations"), ("0", "a budget"), ("-1s", "a budget"),
    ("nans", "a budget"), ("c=x", "c must be a number"), ("depth=-2", "depth must be"),
    ("rollout=smart", "choose one of random, default"), ("prior=smart", "choose one of none, default"),
    ("speed=3", "unknown option .speed."), ("score=points", "choose one of win, graded"),
    ("widen=-1", "widen must be"), ("reuse=maybe", "choose one of yes, no"),
    ("determinize=1", "choose one of yes, no"), ("root=alpha", "choose one of uct, halving"),
    ("candidates=0", "candidates must be a number ≥ 1"), ("margin=-1", "margin must be"),
    ("cap=0", "cap must be a number of seconds > 0"), ("cap=xs", "cap must be"),
    ("dice=fair", "choose one of stream, keyed"), ("ranked=-1", "ranked must be a number ≥ 0"),
    ("ranked=x", "ranked must be"), ("tempo=0.6", "tempo must be a number from 0 to 0.5"),
    ("tempo=-0.1", "tempo must be"), ("root=halving,plies=0", "plies must be a number ≥ 1"),
    ("plies=100", "a cap of playout plies needs root=halving"),
])
def test_bad_parameters_are_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(EngineError, match=words):
        parse_budget(text)
