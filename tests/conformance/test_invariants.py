"""engine/invariants.py detects each broken invariant (on a deliberately damaged race game)."""

from __future__ import annotations

import pytest

from distant_galaxy import hookimpl
from distant_galaxy.harness.invariants import InvariantError, assert_invariants, check_invariants
from distant_galaxy.harness.reliability import Tally, file_cases, play_actions, random_game

from .conftest import RACE


@pytest.fixture
def game():
    case = file_cases(RACE)[0]
    played = random_game(case, 3, Tally(), invariants=False)
    g = play_actions(case, 3, played.actions[:3])
    assert check_invariants(g) == []
    return g


def _one(game, fragment: str) -> None:
    broken = check_invariants(game)
    assert any(fragment in b for b in broken), broken
    with pytest.raises(InvariantError):
        assert_invariants(game)


def test_two_tokens_one_cell(game):
    a, b = list(game.state.tokens.values())[:2]
    b.pos = a.pos
    _one(game, "missing from the board index")


def test_board_index_names_a_missing_token(game):
    game.state.board[(5, 1)] = "T999"
    _one(game, "names missing token T999")


def test_token_nowhere(game):
    tok = next(iter(game.state.tokens.values()))
    del game.state.board[tok.pos]
    tok.pos = None
    _one(game, "is nowhere")


def test_carried_by_missing_token(game):
    tok = next(iter(game.state.tokens.values()))
    del game.state.board[tok.pos]
    tok.pos, tok.carrier = None, "T404"
    _one(game, "which does not exist")


def test_counter_below_min(game):
    game.scenario.counters["fuel"] = {"min": 0}
    try:
        game.state.players["red"].counters["fuel"] = -1
        _one(game, "below its minimum")
    finally:
        del game.scenario.counters["fuel"]


def test_negative_pool(game):
    game.state.players["red"].pools["reserve"] = {"runner": -2}
    _one(game, "must be a count >= 0")


def test_marker_not_json(game):
    from distant_galaxy.core.state import Site

    game.state.sites["s-1"] = Site("s-1", "planet", (1, 1), None, {"bad": object()})
    _one(game, "non-JSON value")


def test_pending_without_legal_action(game):
    game.legal_actions = list  # as if no kind offered anything
    _one(game, "has no legal action")


def test_round_past_limit(game):
    game.state.round = game.scenario.limits["rounds"] + 1
    _one(game, "past the scenario's limit")


def test_plugin_invariants_are_collected(game):
    class Checker:
        @hookimpl
        def dg_invariants(self, game):
            return ["runner count is odd"]

    game.scenario.pm.register(Checker(), name="checker")
    try:
        _one(game, "plugin: runner count is odd")
    finally:
        game.scenario.pm.unregister(name="checker")
