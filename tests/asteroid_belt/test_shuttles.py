"""Passenger shuttles (R7.40b, R7.41, R7.42, D7.9) and the cargo shuttle (R7.44, R7.45)."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import IllegalAction
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.shuttles import raid_outcome
from tests.asteroid_belt.conftest import Table


def shuttle_table() -> tuple[Table, str]:
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (11, 3))
    t.put("engineer", "orange", (11, 2))
    t.st.attrs["cargo"] = "portal-1"
    before = t.st.players["orange"].counters["resources"]
    t.apply("activate 10,4")
    assert t.st.players["orange"].counters["resources"] == before - 3
    return t, t.events("shuttle_activated")[-1]["token"]


def test_R7_41_activation_costs_3_or_free_on_own_class3():
    """R7.41: next to a class-3 asteroid: 3 resources, free when it is your mine."""
    t, _ = shuttle_table()
    assert t.events("shuttle_activated")[-1]["rule"] == "R7.41"
    t2 = Table().clear().turn("orange")
    t2.put("engineer", "orange", (11, 3))
    t2.site((9, 5)).owner = "orange"
    before = t2.st.players["orange"].counters["resources"]
    t2.apply("activate 10,4")
    assert t2.st.players["orange"].counters["resources"] == before


def test_D7_9_at_most_two_shuttles():
    """D7.9: at most 2 shuttles per player."""
    t, _ = shuttle_table()
    t.put("shuttle", "orange", (13, 5))
    with pytest.raises(IllegalAction, match="2 shuttles"):
        t.apply("activate 9,4")


def test_R7_42_R7_40b_R7_44_R7_45_board_fly_raid_unload():
    """R7.42 board/unload (empty shuttle leaves), R7.40b die speed on red cells, R7.44 raid
    table (5 → 30 resources), R7.45 the cargo shuttle jumps to a portal chosen by a die."""
    t, sh = shuttle_table()
    t.apply(f"board U1 {sh}")
    t.apply(f"board U2 {sh}")
    assert t.st.tokens["U1"].carrier == sh and t.st.tokens["U1"].pos is None
    with pytest.raises(IllegalAction, match="roll"):
        t.apply(f"fly {sh} 7,3")
    t.game.dice.force([4])
    t.apply(f"roll {sh}")
    assert t.events("dice")[-1]["rule"] == "R7.40b"
    with pytest.raises(IllegalAction):
        t.apply(f"fly {sh} 7,1")   # plain cell: shuttles use red cells only
    t.apply(f"fly {sh} 7,3")
    before = t.st.players["orange"].counters["resources"]
    t.game.dice.force([5, 3])
    t.apply(f"raid {sh}")
    assert t.st.players["orange"].counters["resources"] == before + 30
    assert t.st.attrs["cargo"] == "portal-3" and t.events("cargo_moves")[-1]["rule"] == "R7.45"
    with pytest.raises(IllegalAction, match="already moved"):
        t.apply("unload U1 6,2")
    for u in ("U1", "U2"):
        model.undo_done(t.st.tokens[u], "moved")
    t.apply("unload U1 6,2")
    t.apply("unload U2 8,2")
    assert sh not in t.st.tokens and t.events("shuttle_leaves")[-1]["rule"] == "R7.42"


@pytest.mark.parametrize("roll,aboard,outcome", [(1, 2, "destroyed"), (2, 1, "destroyed"),
                                                 (2, 2, "escape"), (3, 1, "escape"),
                                                 (6, 1, "loot")])
def test_R7_44_raid_table(roll, aboard, outcome):
    """R7.44: 1 destroyed; 2 destroyed with 1 aboard, escape with 2–3; 3–4 escape; 5–6 loot."""
    t = Table().clear().turn("orange")
    t.st.attrs["cargo"] = "portal-1"
    sh = t.put("shuttle", "orange", (7, 3))
    for _ in range(aboard):
        t.st.add_token("engineer", "orange", None, carrier=sh)
    t.game.dice.force([roll, 2])
    t.apply(f"raid {sh}")
    assert t.events("raid")[-1]["outcome"] == outcome
    if outcome == "destroyed":
        assert sh not in t.st.tokens
        assert t.st.players["orange"].pools["repair"] == {"engineer": aboard}


def test_R7_63_no_raid_without_cargo():
    """R7.63: in the hard variant there is no cargo shuttle to raid."""
    t = Table(variant="hard").clear().turn("orange")
    sh = t.put("shuttle", "orange", (7, 3))
    t.st.add_token("engineer", "orange", None, carrier=sh)
    with pytest.raises(IllegalAction, match="no cargo shuttle"):
        t.apply(f"raid {sh}")


@pytest.mark.parametrize("roll,aboard", [(5, 2), (6, 1), (1, 2), (2, 1), (3, 2)])
def test_R7_45_cargo_changes_portal_after_every_raid(roll, aboard):
    """R7.45 (issue 11 item 2): "При каждой попытке нападения шаттл меняет случайным образом
    портал (вне зависимости от результата атаки)" — after a loot, a destroyed attacker or an
    escape, a die result naming the same portal is rolled again."""
    t = Table().clear().turn("orange")
    t.st.attrs["cargo"] = "portal-1"
    sh = t.put("shuttle", "orange", (7, 3))
    for _ in range(aboard):
        t.st.add_token("engineer", "orange", None, carrier=sh)
    t.game.dice.force([roll, 1, 1, 4])            # portal 1 (the same) twice, then portal 4
    t.apply(f"raid {sh}")
    assert t.st.attrs["cargo"] == "portal-4"
    jumps = [e for e in t.events("dice") if e["purpose"].startswith("cargo shuttle jumps")]
    assert [e["value"] for e in jumps] == [1, 1, 4]


@pytest.mark.parametrize("aboard,outcome", [(1, "destroyed"), (2, "escape"), (3, "escape")])
def test_R7_44_row_2_reads_as_the_source(aboard, outcome):
    """R7.44 (issue 11 item 3): row 2 of the YAML table says what it means — "destroyed if at
    most 1 aboard, otherwise escape" (source: "если в шаттле 1 отряд - поражение …; если 2 или 3
    отряда - грузовой шаттл уходит"); the roll 2 with one unit aboard destroys the shuttle."""
    t = Table()
    row = next(r for r in t.game.scenario.tables["cargo_raid"]["rows"] if r["roll"] == 2)
    assert row["outcome"] == "destroyed" and row["if_aboard_at_most"] == 1
    assert row["otherwise"] == "escape"
    assert raid_outcome(row, aboard) == outcome
