"""Secrets in the game state (core/hidden.py): entries, bags committed and opened, the JSON form."""

from __future__ import annotations

import pytest

from distant_galaxy import EngineError, Game, GameState, load_scenario
from distant_galaxy.core import hidden


@pytest.fixture(scope="module")
def ttt():
    return load_scenario("tic-tac-toe")


def test_an_entry_says_who_may_see_it():
    assert hidden.may_see(hidden.entry(1, "all"), None)
    assert not hidden.may_see(hidden.entry(1, "none"), "x")
    owner = hidden.entry(1, "owner", owner="x")
    assert hidden.may_see(owner, "x") and not hidden.may_see(owner, "o")
    assert hidden.may_see(hidden.entry(1, ["o"]), "o")
    with pytest.raises(EngineError, match="'see' is one of"):
        hidden.entry(1, "everybody")
    with pytest.raises(EngineError, match="needs an owner"):
        hidden.entry(1, "owner")


def test_a_state_without_secrets_writes_none(ttt):
    g = Game(ttt, seed=1)
    assert "secrets" not in g.state.to_json()      # games without hidden information unchanged
    g.hide("s", 5)
    back = GameState.from_json(g.state.to_json())
    assert back.secrets == g.state.secrets and back.hash() == g.state.hash()
    assert hidden.public_state_json(g.state)["secrets"]["s"]["masked"]
    with pytest.raises(EngineError, match="exists already"):
        g.hide("s", 6)


def test_a_bag_is_committed_and_opened_at_the_end(ttt):
    g = Game(ttt, seed=2)
    order = g.shuffle_bag("cards", {"b": 2, "a": 1}, "deal", rule="X.1")
    commit = g.events[-1]
    assert commit["type"] == "bag_commit" and commit["contents"] == {"b": 2, "a": 1}
    salt = g.secret("bag:cards")["salt"]
    assert commit["sha256"] == hidden.bag_digest("cards", order, salt)
    assert sorted(order) == ["a", "b", "b"]
    assert (order, salt) == hidden.secret_shuffle(hidden.derived_secret(2), "cards",
                                                  hidden.bag_items({"a": 1, "b": 2}))
    g.finish(None, "test")
    opened = [e for e in g.events if e["type"] == "bag_reveal"]
    assert opened == [{"type": "bag_reveal", "bag": "cards", "order": order, "salt": salt,
                       "sha256": commit["sha256"], "visible_to": []}]   # the referee's
    assert [e["type"] for e in g.events][-2:] == ["bag_reveal", "game_over"]


def test_bags_are_opened_by_name_so_a_restored_game_logs_the_same(ttt):
    """Two bags (episode 6's secret orders, RB.4): the ``bag_reveal`` events come by bag name,
    in the live game and in one restored from its JSON form (a save writes keys sorted)."""
    g = Game(ttt, seed=2)
    g.shuffle_bag("zeta", {"a": 1, "b": 1}, "first")
    g.shuffle_bag("alpha", {"a": 1, "b": 1}, "second")
    back = Game(ttt, state=GameState.from_json(g.state.to_json()), seed=2)
    for game in (g, back):
        game.finish(None, "test")
    assert [e["bag"] for e in g.events if e["type"] == "bag_reveal"] == ["alpha", "zeta"]
    assert [e for e in back.events if e["type"] == "bag_reveal"] == \
        [e for e in g.events if e["type"] == "bag_reveal"]


def test_a_reveal_replaces_the_entry_so_a_copy_keeps_its_own(ttt):
    g = Game(ttt, seed=3)
    g.hide("s", "face")
    snapshot = g.state.clone()
    g.reveal("s", "test")
    assert g.state.secrets["s"]["see"] == "all" and snapshot.secrets["s"]["see"] == "none"
