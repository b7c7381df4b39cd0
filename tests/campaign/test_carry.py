"""A stage's result for each civilization, campaign points and set-up grants
(engine/campaign/carry.py), on results shaped like each episode's."""

from __future__ import annotations

import pytest

from distant_galaxy.campaign.carry import (
    civ_record,
    ranks,
    stage_grants,
    stage_points,
    standing_of,
)
from distant_galaxy.campaign.load import load_campaign

GLOBAL = load_campaign("global")
BATTLE = GLOBAL.stage("battle")


def _result(winner, **extra):
    seats = ("red", "blue", "green", "yellow", "orange", "purple")
    return {"winner": winner, "reason": "r", "round": 3,
            "counters": {s: {"points": 9} for s in seats}, **extra}


def test_a_side_winner_wins_for_every_seat_of_the_side():
    clash = GLOBAL.stage("clash")  # side: civilizations (R5.2)
    rec = civ_record(clash, _result("civilizations"), "chaos")
    assert rec["played"] and rec["won"] and not rec["lost"] and rec["seat"] == "blue"
    rec = civ_record(clash, _result("aborigines"), "chaos")
    assert rec["lost"] and not rec["won"] and not rec["draw"]


def test_a_seat_winner_and_a_civilization_that_sat_out():
    belt = GLOBAL.stage("belt")
    assert civ_record(belt, _result("purple"), "federation")["won"]
    assert civ_record(belt, _result("purple"), "monarchy")["lost"]
    shared = civ_record(belt, _result("purple"), "republic")  # DC.3: shares purple
    assert shared["played"] and shared["won"] and shared["seat"] == "purple"
    out = civ_record(GLOBAL.stage("clash"), None, "republic")
    assert not out["played"] and not out["won"] and out["seat"] is None


def test_a_draw_and_a_result_naming_its_sides():
    belt = GLOBAL.stage("belt")
    assert civ_record(belt, _result(None), "chaos")["draw"]
    sides = {"blues": ["purple", "green"], "reds": ["orange"]}
    assert civ_record(belt, _result("blues", sides=sides), "chaos")["won"]
    assert civ_record(belt, _result("blues", sides={"purple": "blues"}), "federation")["won"]


@pytest.mark.parametrize(("winner", "tier", "seated", "chaos"), [
    ("civilizations", "crushing defeat", 4, 4),
    ("civilizations", "brilliant victory", 3, 3),
    ("civilizations", "minor success", 2, 2),
    (None, "draw", 1, 1),
    ("aborigines", "crushing defeat", 0, 0),
])
def test_dc5_episode_6_points_by_tier(winner, tier, seated, chaos):
    """DC.5 and DC.3 on episode 6's result (``tier``, RB.6): Chaos shares the Republic's seat."""
    result = _result(winner, tier=tier, sides={"civilizations": 250, "aborigines": 180})
    records = {c: civ_record(BATTLE, result, c) for c in GLOBAL.roster}
    points = stage_points(GLOBAL, BATTLE, [], records)
    assert points == {"federation": seated, "republic": seated, "monarchy": seated,
                      "chaos": chaos}


def test_dc5_episode_6_adds_a_point_per_quarter_of_its_own_squadron_kept():
    """DC.5: the fleet_battle plugin's fact ``kept`` (the percent of a seat's squadron the
    enemy has not taken, RB.5) adds ``kept // 25``: the civilizations of the one fleet score
    apart; Chaos shares the Republic's seat (blue), and so its squadron (DC.3)."""
    result = _result("civilizations", tier="crushing defeat")
    facts = {"red": {"kept": 25}, "blue": {"kept": 100}, "green": {"kept": 24}}
    records = {c: civ_record(BATTLE, result, c, facts) for c in GLOBAL.roster}
    points = stage_points(GLOBAL, BATTLE, [], records)
    assert points == {"federation": 4 + 1, "republic": 4 + 4, "chaos": 4 + 4, "monarchy": 4}


def test_dc6_resources_for_each_earlier_stage_its_side_won():
    def entry(sid, winner, stage):
        records = {c: civ_record(stage, _result(winner), c) for c in GLOBAL.roster}
        return {"id": sid, "records": records, "points": dict.fromkeys(GLOBAL.roster, 1)}
    done = [entry("clash", "civilizations", GLOBAL.stage("clash")),
            entry("battle", "civilizations", BATTLE)]
    grants = stage_grants(GLOBAL, GLOBAL.stage("belt"), done)
    resources = {g["seat"]: g["n"] for g in grants if g.get("counter") == "resources"}
    # every civilization played both (Chaos sharing the Republic's seat in the battle, DC.3)
    assert resources == {"purple": 10, "orange": 10, "green": 10}
    assert all(g["rule"] == "DC.6" and g["reason"].startswith("campaign carry-over (")
               for g in grants if g.get("counter"))
    assert standing_of(GLOBAL, done) == dict.fromkeys(GLOBAL.roster, 2)


def test_ranks_share_places():
    assert ranks({"a": 5, "b": 3, "c": 5, "d": 0}) == {"a": 1, "b": 3, "c": 1, "d": 4}


def test_absent_points_may_read_the_scores_of_those_who_played(tmp_path):
    """A civilization a stage does not seat scores ``absent``, which sees the others' ``scores``."""
    from distant_galaxy.campaign.load import load_campaign as load

    text = (GLOBAL.path.read_text(encoding="utf-8")
            .replace("    shares: {republic: federation}", "    absent: 'sum(p for p in scores) // max(len(scores), 1)'"))
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    camp = load(str(path))
    belt = camp.stage("belt")
    result = _result("purple")
    result["counters"]["orange"]["points"] = 4   # 4 // 3 = 1
    result["counters"]["green"]["points"] = 14   # 14 // 3 = 4
    records = {c: civ_record(belt, result, c) for c in camp.roster}
    points = stage_points(camp, belt, [], records)
    assert points == {"federation": 6, "monarchy": 1, "chaos": 4, "republic": (6 + 1 + 4) // 3}
