"""Constructed positions for the episode 5 tests (portal 1 is at 6,3; 2 at 18,3; 3 at 22,8;
4 at 18,13; 5 at 6,13; 6 at 2,8. Zone planets: planet-1 4,1 and planet-3 8,5 (portal 1),
planet-2 20,1 (2), planet-5 24,10 (3), planet-6 16,11 and planet-8 20,15 (4), planet-7 4,15 (5),
planet-4 0,6 (6))."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, load_scenario


@pytest.fixture(scope="session")
def scenario():
    return load_scenario("aborigine-clash")


class Board:
    """A game of the scenario with an empty board, for building positions."""

    def __init__(self, scenario, seats=("red", "blue")):
        self.game = Game(scenario, seats=list(seats), seed=7)
        st = self.game.state
        for t in list(st.tokens.values()):
            st.remove_token(t)
        st.attrs.pop("ab_report", None)
        self.game.events.clear()
        self.game.state_changed()   # the state was changed behind the game's back

    def touch(self):
        self.game.state_changed()

    @property
    def state(self):
        return self.game.state

    def put(self, type_, at, owner=None, tid=None, **attrs):
        st = self.state
        tok = st.add_token(type_, owner, at, prefix="A" if owner is None else owner[0].upper(),
                           attrs=attrs)
        if tid:
            st.remove_token(tok)
            tok.id = tid
            st.tokens[tid] = tok
            st.board[at] = tid
        self.touch()
        return tok

    def own(self, planet, owner):
        self.state.sites[planet].owner = owner
        self.touch()

    def events(self, type_):
        return [e for e in self.game.events if e["type"] == type_]


@pytest.fixture
def board(scenario):
    return Board(scenario)


@pytest.fixture
def board4(scenario):
    return Board(scenario, ("red", "blue", "green", "yellow"))
