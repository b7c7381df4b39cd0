"""The capture sequence Target → defenders → Flag → Mine (R7.10–R7.16, R7.52, D7.3)."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import IllegalAction
from tests.asteroid_belt.conftest import Table

AST = "asteroid-1-3"   # class 1 at 9,3: one Aborigine engineer


def targeted() -> Table:
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (10, 2))
    t.put("engineer", "purple", (8, 2))
    t.apply(f"target {AST}")
    t.apply("end")
    return t


def test_R7_10_R7_11_target_needs_unit_within_2_and_replaces():
    """R7.10/R7.11: a unit within 2 cells; another player's Target may be replaced."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (12, 2))
    with pytest.raises(IllegalAction, match="within 2"):
        t.apply(f"target {AST}")
    t.st.sites[AST].markers = {"target": "purple"}
    t.put("engineer", "orange", (10, 2))
    t.apply(f"target {AST}")
    ev = t.events("marker")[-1]
    assert ev["old_seat"] == "purple" and ev["seat"] == "orange" and ev["rule"] == "R7.11"


def test_R7_12_R7_52_next_seat_places_defenders_within_1():
    """R7.12/R7.52: at the end of the turn the next seat sets up the defenders within 1 cell."""
    t = targeted()
    assert t.game.pending.seat == "purple" and t.game.pending.kind == "defence"
    legal = [str(a) for a in t.game.legal_actions()]
    assert legal and all(a.startswith("place ") for a in legal)   # end only after placing
    with pytest.raises(IllegalAction, match="within 1"):
        t.apply(f"place {AST} aborigine-engineer 10,5")
    t.apply(f"place {AST} aborigine-engineer 9,2")
    d = t.events("place")[-1]["token"]
    # issue 11 item 4 (R7.12 "атакуют вторгшихся захватчиков"): the guard next to an invader
    # must strike before the defence ends
    assert [str(a) for a in t.game.legal_actions()] == [f"strike {d} 10,2"]


def test_R7_12_guards_must_strike_invaders_in_reach():
    """R7.12 (issue 11 item 4): every placed defender with an invader in its attack pattern
    strikes before the defence ends; the seat playing them chooses the target."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (10, 2))
    t.put("engineer", "orange", (8, 2))
    t.apply(f"target {AST}")
    t.apply("end")
    t.apply(f"place {AST} aborigine-engineer 9,2")
    d = t.events("place")[-1]["token"]
    assert sorted(str(a) for a in t.game.legal_actions()) == [f"strike {d} 10,2",
                                                              f"strike {d} 8,2"]
    with pytest.raises(IllegalAction, match="must strike first"):
        t.apply("end")
    t.game.dice.force([3, 3])
    t.apply(f"strike {d} 8,2")                  # draw: both stay, the guard has struck
    t.apply("end")
    assert t.game.pending.kind == "main" and t.game.pending.seat == "purple"


def test_R7_12_a_guard_with_no_invader_in_reach_need_not_strike():
    """R7.12: a defender with no invader in its attack pattern has nothing to strike."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (11, 2))        # within 2 of the asteroid, not next to 8,4
    t.apply(f"target {AST}")
    t.apply("end")
    t.apply(f"place {AST} aborigine-engineer 10,3")
    assert [str(a) for a in t.game.legal_actions()] == ["end"]


def test_R7_12_optional_strikes_variant():
    """The variant optional-strikes (not the source's reading) lets the guards decline."""
    t = Table(variant="optional-strikes").clear().turn("orange")
    t.put("engineer", "orange", (10, 2))
    t.apply(f"target {AST}")
    t.apply("end")
    t.apply(f"place {AST} aborigine-engineer 9,2")
    assert "end" in [str(a) for a in t.game.legal_actions()]


def test_R7_13_D7_3_beaten_defenders_give_a_flag():
    """R7.13, D7.3: a defender strikes once; beaten defenders turn the Target into a Flag."""
    t = targeted()
    t.apply(f"place {AST} aborigine-engineer 9,2")
    d = t.events("place")[-1]["token"]
    t.game.dice.force([2, 5])
    t.apply(f"strike {d} 10,2")
    assert t.st.sites[AST].markers == {"flag": "orange"}
    assert t.events("marker")[-1]["rule"] == "R7.13"
    assert not [a for a in t.game.legal_actions() if a.verb == "strike"]


def test_R7_13_draw_keeps_everything_until_next_turn():
    """R7.13: a draw leaves the defender and the Target; the attacker may attack it later."""
    t = targeted()
    t.apply(f"place {AST} aborigine-engineer 9,2")
    d = t.events("place")[-1]["token"]
    t.game.dice.force([4, 4])
    t.apply(f"strike {d} 10,2")
    assert t.st.sites[AST].markers == {"target": "orange"} and d in t.st.tokens
    t.apply("end")       # purple's defence ends; purple's own turn
    assert t.game.pending.seat == "purple" and t.game.pending.kind == "main"


def test_R7_14_competitor_steals_the_flag_and_R7_15_mine_is_final():
    """R7.14: any player with a unit within 2 may replace the Flag by a Mine; R7.15 final."""
    t = targeted()
    t.apply(f"place {AST} aborigine-engineer 9,2")
    d = t.events("place")[-1]["token"]
    t.game.dice.force([1, 6])
    t.apply(f"strike {d} 10,2")
    t.apply("end")   # purple's turn now; purple's engineer moves from 8,2 to 8,3 (R7.14)
    with pytest.raises(IllegalAction, match="make a move"):
        t.apply(f"mine {AST}")                   # issue 11 item 5: standing near is not enough
    t.apply("move U2 8,3")
    before = t.st.players["purple"].counters["resources"]
    t.apply(f"mine {AST}")
    site = t.st.sites[AST]
    assert site.markers == {"mine": "purple"} and site.owner == "purple"
    assert t.st.players["purple"].counters["points"] == 1
    assert t.st.players["purple"].counters["resources"] == before + 15
    with pytest.raises(IllegalAction, match="already has a mine"):
        t.apply(f"target {AST}")


def test_R7_16_fresh_mine_resources_pay_units_next_to_it():
    """R7.16/R7.35: units created next to a mine just built, paid by its fresh resources."""
    t = Table().clear().turn("orange")
    t.st.sites[AST].markers = {"flag": "orange"}
    t.st.players["orange"].counters["resources"] = 1
    t.put("engineer", "orange", (11, 2))
    t.apply("move U1 10,2")                      # R7.14: the move near the Flag (1 resource)
    t.apply(f"mine {AST}")
    legal = [str(a) for a in t.game.legal_actions() if a.verb == "create"]
    assert "create engineer 9,2" in legal          # 15 fresh resources pay 10
    assert not any(a.startswith("create assault 9,2") for a in legal)   # 17 > 15
    t.apply("create engineer 9,2")
    assert t.events("place")[-1]["rule"] == "R7.16"
    assert "create engineer 8,2" not in [str(a) for a in t.game.legal_actions()]   # 5 left


def test_R7_52_three_seats_order():
    """R7.52: player 2 plays against 1, 3 against 2, 1 against 3."""
    t = Table(seats=3).clear().turn("green")
    t.put("engineer", "green", (10, 2))
    t.apply(f"target {AST}")
    t.apply("end")
    assert t.game.pending.seat == "orange" and t.game.pending.kind == "defence"
