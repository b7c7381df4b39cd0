"""Helpers for the Asteroid Belt tests: a fresh game, a cleared board, tokens put by hand."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, Pending, Scenario
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario


class Table:
    """A game with a hand-made position (tests force dice with ``game.dice.force``); ``sc`` plays
    another scenario (a mod) than the shipped one."""

    def __init__(self, seats: int = 2, variant: str | None = None, seed: int = 1,
                 sc: Scenario | None = None):
        sc = sc or scenario(variant)
        self.game = Game(sc, seats=sc.seat_ids(seats), seed=seed)

    @property
    def st(self):
        return self.game.state

    def clear(self) -> Table:
        for t in list(self.st.tokens.values()):
            self.st.remove_token(t)
        return self

    def put(self, type_: str, owner: str | None, pos: tuple[int, int], **attrs) -> str:
        return self.st.add_token(type_, owner, pos, prefix="U", attrs=attrs).id

    def turn(self, seat: str, kind: str = "main") -> Table:
        st = self.st
        st.turn = st.seats.index(seat)
        st.phase = next(i for i, p in enumerate(self.game.scenario.phases) if p["id"] == kind)
        who = st.seat_after(seat, 1) if kind == "defence" else seat
        st.pending = Pending(who, kind)
        self.game._version += 1
        return self

    def site(self, pos: tuple[int, int]):
        return next(s for s in self.st.sites.values() if s.pos == pos)

    def events(self, type_: str) -> list[dict]:
        return [e for e in self.game.events if e["type"] == type_]

    def apply(self, text: str):
        return self.game.apply(text)


@pytest.fixture
def table() -> Table:
    return Table()
