"""A player's verbs: move, deploy, create, elite-create, liquidate, reinforce; set-up, income,
victory, factions and variants (R7.1–R7.2, R7.2x–R7.3x, R7.60–R7.63, R7.70–R7.72, D7.x)."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import IllegalAction
from tests.asteroid_belt.conftest import Table


def test_D7_7_R7_60_R7_2_setup():
    """D7.7/R7.60: reserve 2/1/1/1 + faction bonus, 30 resources; R7.2 start bases with mines."""
    t = Table(seats=3)
    p = t.st.players
    assert p["orange"].pools["reserve"] == {"engineer": 2, "assault": 2, "scout": 1, "elite": 1}
    assert p["purple"].pools["reserve"]["scout"] == 2
    assert p["green"].pools["reserve"]["engineer"] == 3
    assert all(pl.counters["points"] == 0 for pl in p.values())   # a base gives no points
    base = t.st.sites[t.st.attrs["bases"]["orange"]]
    assert base.markers == {"mine": "orange"} and base.pos == (0, 0)
    # orange had its first turn's income already: 30 + 2 (D7.2)
    assert p["orange"].counters["resources"] == 32 and p["purple"].counters["resources"] == 30


def test_D7_2_class5_income_each_turn():
    """D7.2: a class-5 mine (the start base too) yields +2 at the start of its owner's turn."""
    t = Table()
    t.apply("end")
    assert t.st.players["purple"].counters["resources"] == 32
    inc = [e for e in t.events("counter") if e.get("rule") == "D7.2"]
    assert inc[-1]["seat"] == "purple" and inc[-1]["value"] == 32


def test_R7_30_cell_permissions_and_D7_5_cost_once():
    """R7.30: engineers use lanes and cross asteroids; the elite may stop on plain cells;
    nobody stops on asteroids or portals; D7.5 the move cost is paid once per move."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (2, 3))
    t.put("elite", "orange", (2, 5))
    before = t.st.players["orange"].counters["resources"]
    with pytest.raises(IllegalAction, match="plain"):
        t.apply("move U1 3,3")
    with pytest.raises(IllegalAction, match="asteroid"):
        t.apply("move U1 1,4")
    t.apply("move U1 2,1")   # two lane cells
    ev = t.events("move")[-1]
    assert ev["cost"] == 1 and ev["path"] == [[2, 2], [2, 1]]
    assert t.st.players["orange"].counters["resources"] == before - 1
    t.apply("move U2 4,5")   # elite: plain cells, free
    assert t.st.players["orange"].counters["resources"] == before - 1


def test_R7_31_one_token_per_cell_blocks_paths():
    """R7.31: a cell holds one token; units do not pass through occupied cells."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (9, 9))
    t.put("engineer", "orange", (10, 9))
    with pytest.raises(IllegalAction, match="occupied"):
        t.apply("move U1 10,9")
    with pytest.raises(IllegalAction, match="cannot reach"):
        t.apply("move U1 11,9")   # the only way within 2 cells passes 10,9


def test_R7_32_logistics_unlimited():
    """R7.32: any number of units may move in a turn while resources last."""
    t = Table().clear().turn("orange")
    for x in (3, 4, 5, 6):
        t.put("engineer", "orange", (x, 2))
    t.st.players["orange"].counters["resources"] = 3
    t.apply("move U1 3,3".replace("3,3", "2,3"))
    t.apply("move U2 2,1")
    t.apply("move U3 4,2")
    assert not [a for a in t.game.legal_actions() if a.verb == "move"]   # 0 resources left


def test_R7_33_liquidate_own_unit():
    """R7.33: a player may remove their own unit that is in the way; it goes to repair.
    Issue 11 item 6: "Если какой-то из своих отрядов занимает нужную клетку и мешает
    передвижению" — a unit in nobody's way may not be liquidated."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (2, 3))
    with pytest.raises(IllegalAction, match="not in the way"):
        t.apply("liquidate U1")
    t.put("engineer", "orange", (2, 2))      # U2 could move onto U1's cell (and past it)
    assert [str(a) for a in t.game.legal_actions() if a.verb == "liquidate"] == \
        ["liquidate U1", "liquidate U2"]
    t.apply("liquidate U1")
    assert "U1" not in t.st.tokens and t.st.players["orange"].pools["repair"] == {"engineer": 1}
    assert t.events("to_repair")[-1]["rule"] == "R7.33"


def test_R7_34_deploy_from_reserve_next_to_base():
    """R7.34: reserve units leave the start base one by one, onto free cells next to it."""
    t = Table().turn("orange")
    t.apply("deploy engineer 1,1")
    with pytest.raises(IllegalAction, match="occupied"):
        t.apply("deploy engineer 1,1")
    with pytest.raises(IllegalAction, match="next to your start base"):
        t.apply("deploy engineer 2,2")
    assert t.st.players["orange"].pools["reserve"]["engineer"] == 1


def test_R7_35_repair_back_by_paying_at_base():
    """R7.35: a unit in repair comes back created (paid) at the start base."""
    t = Table().turn("orange")
    t.st.players["orange"].pools["repair"] = {"engineer": 1}
    t.apply("create engineer 1,1")
    ev = t.events("place")[-1]
    assert ev["source"] == "repair" and ev["cost"] == 10 and ev["rule"] == "R7.35"
    assert t.st.players["orange"].pools["repair"] == {}


def test_D7_7_pool_limits():
    """D7.7: at most 1 elite per player."""
    t = Table().turn("orange")
    t.st.players["orange"].counters["resources"] = 100
    with pytest.raises(IllegalAction, match="most elite"):
        t.apply("create elite 1,1")


@pytest.mark.parametrize("seat,unit,cost", [("orange", "assault", 17), ("purple", "scout", 17)])
def test_R7_70_R7_71_faction_prices(seat, unit, cost):
    """R7.70/R7.71: Orange assault and Purple scout cost 17."""
    t = Table().turn(seat)
    base = t.st.sites[t.st.attrs["bases"][seat]].pos
    cell = (1, 1) if base == (0, 0) else (21, 1)
    t.apply(f"create {unit} {cell[0]},{cell[1]}")
    assert t.events("place")[-1]["cost"] == cost


def test_R7_70_orange_elite_creates_assault_ready_next_turn():
    """R7.23/R7.70: the Orange elite next to its mine creates 1 assault, usable next turn."""
    t = Table().clear().turn("orange")
    t.put("elite", "orange", (1, 0))
    t.apply("elite-create 1,1")
    new = t.events("place")[-1]["token"]
    assert t.events("elite_created")[-1]["rule"] == "R7.70"
    with pytest.raises(IllegalAction, match="next turn"):
        t.apply(f"move {new} 2,2")
    with pytest.raises(IllegalAction, match="already created"):
        t.apply("elite-create 0,1")


def test_R7_72_green_elite_creates_two_engineers_on_4_to_6():
    """R7.72: the Green elite creates 1 engineer, or 2 on a die of 4–6, usable at once."""
    t = Table(seats=3).clear().turn("green")
    t.put("elite", "green", (1, 14))
    t.game.dice.force([5])
    t.apply("elite-create 1,13")
    made = t.events("elite_created")[-1]
    assert made["count"] == 2 and made["rule"] == "R7.72"
    t.apply(f"move {t.events('place')[-2]['token']} 2,12")   # usable at once


def test_R7_71_purple_elite_creates_scout_at_once():
    """R7.71: the Purple elite creates a scout usable at once."""
    t = Table().clear().turn("purple")
    t.put("elite", "purple", (21, 0))
    t.apply("elite-create 21,1")
    assert t.events("place")[-1]["unit"] == "scout"
    assert any(a.verb == "move" and a.args[0] == t.events("place")[-1]["token"]
               for a in t.game.legal_actions())


def test_R7_61_reinforcement_once():
    """R7.61: no units and no resources to create one: one unit of each type and 20, once."""
    t = Table().clear().turn("orange")
    p = t.st.players["orange"]
    assert "reinforce" not in [a.verb for a in t.game.legal_actions()]
    p.pools["reserve"] = {}
    p.pools["repair"] = {"elite": 1}
    p.counters["resources"] = 5
    t.apply("reinforce")
    assert p.pools["reserve"] == {"engineer": 1, "assault": 1, "scout": 1, "elite": 1}
    assert p.counters["resources"] == 25 and p.pools["repair"] == {}
    p.pools["reserve"] = {}
    p.counters["resources"] = 0
    with pytest.raises(IllegalAction, match="already"):
        t.apply("reinforce")


def test_D7_4_boost_adds_speed():
    """D7.4: Boost gives the elite 3 extra cells this turn."""
    t = Table().clear().turn("orange")
    t.put("elite", "orange", (2, 3))
    assert "move U1 2,9" not in [str(a) for a in t.game.legal_actions()]
    t.apply("use boost")
    t.apply("move U1 2,9")


def test_R7_1_D7_1_victory_at_track_end():
    """R7.1/D7.1: reaching 15 points wins at once."""
    t = Table().clear().turn("orange")
    t.st.players["orange"].counters["points"] = 14
    t.st.sites["asteroid-1-3"].markers = {"flag": "orange"}
    t.put("engineer", "orange", (11, 2))
    t.apply("move U1 10,2")                      # R7.14: a move near the Flag, then the mine
    t.apply("mine asteroid-1-3")
    assert t.game.result["winner"] == "orange" and "R7.1" in t.game.result["reason"]


def test_R7_62_quick_variant_starts_at_4():
    """R7.62: quick variant: every player starts with 4 points."""
    t = Table(variant="quick")
    assert all(p.counters["points"] == 4 for p in t.st.players.values())


def test_R7_63_hard_variant_less_resources_no_cargo():
    """R7.63: hard: 5 fewer resources per asteroid and no cargo shuttle."""
    t = Table(variant="hard").clear().turn("orange")
    assert t.st.attrs["cargo"] is None
    t.st.sites["asteroid-1-3"].markers = {"flag": "orange"}
    t.put("engineer", "orange", (11, 2))
    t.apply("move U1 10,2")
    before = t.st.players["orange"].counters["resources"]
    t.apply("mine asteroid-1-3")
    assert t.st.players["orange"].counters["resources"] == before + 10


def test_R7_30_off_map_cells_are_refused_clearly():
    """R7.30: a cell off the map is an illegal action with a clear message, never a crash."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (2, 3))
    with pytest.raises(IllegalAction, match="off the"):
        t.apply("move U1 30,22")


def _create_cells(t: Table, unit: str) -> set[tuple[int, int]]:
    return {tuple(int(v) for v in a.args[1].split(",")) for a in t.game.legal_actions()
            if a.verb == "create" and a.args[0] == unit}


def test_R7_16_R7_35_fresh_budget_only_next_to_the_mine_built_this_turn():
    """R7.16/R7.35 (issue 11 item 1): "полученные именно с этой шахты ресурсы" — a mine's fresh
    resources pay for units next to *that* mine, in the turn it is built; a mine built in an
    earlier turn has no budget left once the seat builds another one."""
    t = Table().clear().turn("orange")
    t.st.players["orange"].counters["resources"] = 100
    t.st.sites["asteroid-1-3"].markers = {"flag": "orange"}      # 9,3
    t.st.sites["asteroid-1-5"].markers = {"flag": "orange"}      # 13,6
    t.put("engineer", "orange", (11, 2))
    t.apply("move U1 10,2")
    t.apply("mine asteroid-1-3")
    near_old = {c for c in _create_cells(t, "engineer")
                if t.game.scenario.grid.distance(c, (9, 3)) == 1}
    assert near_old                                  # this turn: the fresh mine's budget pays
    t.st.round += 1                                  # a later turn of orange
    t.game.state_changed()
    t.put("engineer", "orange", (14, 8))
    t.apply("move U2 13,8")
    t.apply("mine asteroid-1-5")
    cells = _create_cells(t, "engineer")
    assert not cells & near_old                      # the old mine's budget is gone
    at = next(c for c in cells if t.game.scenario.grid.distance(c, (13, 6)) == 1)
    t.apply(f"create engineer {at[0]},{at[1]}")
    ev = t.events("place")[-1]
    assert ev["rule"] == "R7.16" and ev["mine"] == "asteroid-1-5"   # issue 11 item 13
    assert t.st.players["orange"].attrs["fresh"] == {"asteroid-1-5": 5}


def test_R7_16_two_mines_this_turn_keep_their_own_budgets():
    """R7.16: two mines built in the same turn each pay only for units next to themselves."""
    t = Table().clear().turn("orange")
    t.st.players["orange"].counters["resources"] = 100
    t.st.sites["asteroid-1-3"].markers = {"flag": "orange"}
    t.st.sites["asteroid-1-5"].markers = {"flag": "orange"}
    t.put("engineer", "orange", (11, 2))
    t.put("engineer", "orange", (14, 8))
    t.apply("move U1 10,2")
    t.apply("move U2 13,8")
    t.apply("mine asteroid-1-3")
    t.apply("mine asteroid-1-5")
    assert t.st.players["orange"].attrs["fresh"] == {"asteroid-1-3": 15, "asteroid-1-5": 15}


def test_ids_do_not_share_a_letter_across_unit_types():
    """Issue 11 item 17: elite and engineer ids were both E…; the elite now uses its glyph X."""
    t = Table().turn("orange")
    t.apply("deploy engineer 1,1")
    t.apply("deploy elite 1,0")
    ids = [e["token"] for e in t.events("place")[-2:]]
    assert ids[0].startswith("E") and ids[1].startswith("X")
