"""Runs the ``tests:`` of scenarios/asteroid-belt.yaml (the format of `dg test`) in pytest, so
the capture sequence (Target → defenders → Flag → Mine, and a stolen flag) is checked even before
the lead's runner exists (R7.11–R7.14, R7.50, R7.52)."""

from __future__ import annotations

import pytest

from engine.actions import parse_pos_arg
from engine.errors import ActionError
from engine.game import Game
from engine.game_env import GameContext
from engine.state import Pending, Token
from plugins.asteroid_belt.selfplay import scenario

SC = scenario()
CASES = SC.data.get("tests", [])


def _setup(game: Game, spec: dict) -> None:
    st = game.state
    if spec.get("clear"):
        for t in list(st.tokens.values()):
            st.remove_token(t)
    for t in spec.get("tokens", []):
        pos = parse_pos_arg(t["at"])
        tok = Token(t["id"], t["type"], t.get("owner"), pos, None, dict(t.get("attrs", {})))
        st.tokens[tok.id] = tok
        st.board[pos] = tok.id
    for seat, cs in spec.get("counters", {}).items():
        st.players[seat].counters.update(cs)
    for seat, pools in spec.get("pools", {}).items():
        for name, units in pools.items():
            st.players[seat].pools[name] = dict(units)
    for sid, markers in spec.get("markers", {}).items():
        st.sites[sid].markers = dict(markers)
    for sid, fields in spec.get("sites", {}).items():
        for k, v in fields.items():
            setattr(st.sites[sid], k, v)
    st.attrs.update(spec.get("attrs", {}))
    if spec.get("pending"):
        seat = spec["pending"]
        st.turn, st.phase = st.seats.index(seat), 0
        st.pending = None
        game.loop.advance()
        assert st.pending is not None and st.pending.seat == seat
        st.pending = Pending(seat, st.pending.kind)
    game._version += 1


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_yaml_rule_test(case):
    sc = scenario(case.get("variant"))
    seats = case.get("seats", 2)
    seats = sc.seat_ids(seats) if isinstance(seats, int) else seats
    game = Game(sc, seats=seats, seed=case.get("seed", 0))
    _setup(game, case.get("setup", {}))
    start = len(game.events)
    game.dice.force(list(case.get("dice", [])))
    expect = case["expect"]
    for i, text in enumerate(case.get("actions", [])):
        if "error" in expect and i == len(case["actions"]) - 1:
            with pytest.raises(ActionError, match=expect["error"]):
                game.apply(text)
        else:
            game.apply(text)
    events = game.events[start:]
    k = 0
    for want in expect.get("events", []):
        while k < len(events) and not all(events[k].get(f) == v for f, v in want.items()):
            k += 1
        assert k < len(events), f"event {want} not found in order"
        k += 1
    for fact in expect.get("facts", []):
        fn = sc.rules.expr(fact, "tests")
        assert fn is not None and fn(GameContext(game)), fact
