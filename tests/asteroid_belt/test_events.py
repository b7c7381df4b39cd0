"""The episode's log records (issue 11 items 13, 14): the defence's hand-over and hand-back,
the unit in range named by target / mine / shuttle-activation events, the mine that paid for a
created unit, combat records that keep the record's ``kind``, and the event schema."""

from __future__ import annotations

from jsonschema import Draft202012Validator

from distant_galaxy import Game
from distant_galaxy.loader import load_schema
from distant_galaxy_episodes.asteroid_belt.describe import describe
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario
from tests.asteroid_belt.conftest import Table

AST = "asteroid-1-3"   # class 1 at 9,3


def test_R7_52_defence_hand_over_and_hand_back_are_events():
    """R7.12/R7.52: the defence goes to the next seat (``hand_over``) and back (``hand_back``)."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (10, 2))
    t.apply(f"target {AST}")
    t.apply("end")
    over = t.events("hand_over")[-1]
    assert over["seat"] == "purple" and over["decision"] == "defence"
    assert over["frm"] == "orange" and AST in over["reason"] and over["rule"] == "R7.52"
    assert not t.events("hand_back")
    t.apply(f"place {AST} aborigine-engineer 9,2")
    t.game.dice.force([3, 3])
    t.apply("strike D2 10,2")
    t.apply("end")
    back = t.events("hand_back")[-1]
    assert back["seat"] == "orange" and back["decision"] == "defence" and back["frm"] == "purple"
    types = [e["type"] for e in t.game.events]
    assert types.index("hand_back") < types.index("turn_end", types.index("hand_over"))


def test_R7_11_R7_14_marker_events_name_the_unit_in_range():
    """R7.11/R7.14: the Target and the Mine events name the unit that allowed them."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (12, 2))          # U1: too far (3 cells)
    t.put("engineer", "orange", (10, 2))          # U2: within 2
    t.apply(f"target {AST}")
    assert t.events("marker")[-1]["unit"] == "U2"
    t.st.sites[AST].markers = {"flag": "orange"}
    t.apply("move U1 11,2")                       # the move near the Flag (R7.14)
    t.apply(f"mine {AST}")
    assert t.events("marker")[-1]["marker"] == "mine" and t.events("marker")[-1]["unit"] == "U1"


def test_R7_41_shuttle_activation_names_the_unit_near_the_class3_asteroid():
    """R7.41: the activation event names the unit near the class-3 asteroid."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (11, 3))
    t.apply("activate 10,4")
    ev = t.events("shuttle_activated")[-1]
    assert ev["unit"] == "U1" and ev["site"]


def test_R7_43_combat_record_keeps_its_kind():
    """R7.43 (issue 11 item 14): a shuttle's combat is ``attacker_kind: shuttle``; the record's
    ``kind`` is not overwritten."""
    t = Table().clear().turn("orange")
    a = t.put("shuttle", "orange", (7, 3))
    b = t.put("shuttle", "purple", (7, 4))
    t.st.add_token("engineer", "orange", None, carrier=a)
    t.st.add_token("engineer", "purple", None, carrier=b)
    t.game.dice.force([3, 3])
    t.apply(f"attack {a} 7,4")
    ev = t.events("combat")[-1]
    assert ev["attacker_kind"] == "shuttle" and "kind" not in ev


def test_every_record_of_seeded_games_matches_the_event_schema():
    """Issue 11 item 14: every log record of greedy games validates against the event schema."""
    validator = Draft202012Validator(load_schema("event"))
    sc = scenario()
    for seed in (1, 2):
        records: list[dict] = []
        game = Game(sc, seats=sc.seat_ids(3), seed=seed, sink=records.append)
        ctrls = {s: sc.bots()["greedy"](s, seed) for s in game.state.seats}
        while not game.over and game.state.round < 20:
            game.apply(ctrls[game.pending.seat].choose(game))
        assert any(r.get("type") == "hand_over" for r in records)
        for r in records:
            errors = list(validator.iter_errors(r))
            assert not errors, (r, errors[0].message)


def test_describe_tells_the_unit_and_the_paying_mine():
    """describe.py keeps in step: the unit in range and the mine whose budget paid are told."""
    t = Table()
    line = describe(t.game, {"type": "marker", "site": AST, "marker": "target", "seat": "orange",
                             "old": None, "old_seat": None, "unit": "E2", "rule": "R7.11"})
    assert "by E2" in line
    line = describe(t.game, {"type": "place", "token": "E9", "unit": "engineer", "owner": "orange",
                             "to": [8, 2], "source": "new", "cost": 10, "reason": "create engineer",
                             "mine": AST, "rule": "R7.16"})
    assert f"fresh mine {AST}" in line
