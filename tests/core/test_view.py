"""A seat's view (``game.view(seat)``): what controllers are given. It holds no value of a secret
the seat may not see, refuses to read one with a clear error, and refuses the game's own tools."""

from __future__ import annotations

import json
from typing import ClassVar

import pytest

from distant_galaxy import Controller, Game, GameView, HiddenInformation, load_scenario
from distant_galaxy.play.runner import Session, play


@pytest.fixture(scope="module")
def ttt():
    return load_scenario("tic-tac-toe")


def _game(ttt) -> Game:
    g = Game(ttt, seed=1)
    g.hide("coin", "heads", "none", public={"what": "the coin under the cup"})
    g.hide("x-card", "ace", "owner", owner="x")
    g.hide("shown", 7, "all")
    return g


def test_a_view_masks_what_its_seat_may_not_see(ttt):
    g = _game(ttt)
    vx, vo = g.view("x"), g.view("o")
    assert isinstance(vx, GameView)
    assert vx.secret("x-card") == "ace" and vx.secret("shown") == 7
    with pytest.raises(HiddenInformation, match="secret 'x-card' is hidden: o's view"):
        vo.secret("x-card")
    with pytest.raises(HiddenInformation, match="the coin under the cup"):
        vx.secret("coin")
    assert not vx.knows("coin") and vx.knows("x-card") and not vo.knows("x-card")
    # the value is not in the view at all, whatever way one looks
    assert "heads" not in json.dumps(vx.state.to_json()) and "ace" not in json.dumps(
        vo.state.to_json())
    assert g.secret("coin") == "heads"            # the game (the referee's) has it all


def test_a_view_refuses_the_games_tools(ttt):
    view = _game(ttt).view("x")
    for name in ("dice", "apply", "emit", "finish", "change_counter", "_game_state"):
        with pytest.raises(HiddenInformation, match=f"no '{name}'"):
            getattr(view, name)
    assert getattr(view, "dice", None) is None     # getattr with a default still works
    with pytest.raises(HiddenInformation):
        view.view("o")


def test_a_view_answers_what_a_player_asks(ttt):
    g = _game(ttt)
    view = g.view("x")
    assert view.legal_actions() == g.legal_actions()
    assert str(view.check("place 0,0")) == "place 0,0"
    assert view.pending == g.pending and view.scenario is g.scenario and not view.over
    copy = view.clone()
    copy.apply("place 1,1")                        # a copy for search, masked
    assert not copy.knows("coin") and copy.knows("x-card")
    assert not g.state.board                       # the game itself did not move


def test_nothing_hidden_the_view_shares_the_state(ttt):
    g = Game(ttt, seed=1)
    assert g.view("x").state is g.state


def test_events_shown_to_some_seats_only(ttt):
    g = _game(ttt)
    g.reveal("coin", "x peeked", to=["x"])
    assert [e["type"] for e in g.view("x").events][-1] == "reveal"
    assert all(e["type"] != "reveal" for e in g.view("o").events)
    assert g.view("x").secret("coin") == "heads"
    with pytest.raises(HiddenInformation):
        g.view("o").secret("coin")


class Peeker(Controller):
    """A cheating bot: it tries to read the face-down coin before playing."""

    name = "peeker"
    tried: ClassVar[list[str]] = []

    def choose(self, game):
        try:
            game.secret("coin")
        except HiddenInformation as exc:
            Peeker.tried.append(str(exc))
        try:
            game.dice.roll(6, "cheat")
        except HiddenInformation as exc:
            Peeker.tried.append(str(exc))
        return game.legal_actions()[0]


def test_a_bot_given_its_view_cannot_read_a_hidden_value(ttt):
    g = _game(ttt)
    session = Session(game=g, header={}, controllers={"x": Peeker("x"), "o": Peeker("o")},
                      log=_NoLog())
    Peeker.tried = []
    play(session)
    assert g.over and len(Peeker.tried) >= 2
    assert all("hidden" in t or "has no 'dice'" in t for t in Peeker.tried)


class _NoLog:
    def __call__(self, record):
        pass

    def close(self):
        pass
