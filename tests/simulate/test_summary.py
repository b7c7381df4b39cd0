"""The report's numbers from outcomes (distant_galaxy.simulate.summary)."""

from __future__ import annotations

from distant_galaxy.simulate.games import Source
from distant_galaxy.simulate.plan import Case, Plan, make_cases
from distant_galaxy.simulate.summary import reason_key, summarize

CASE = Case(None, 2, ("red", "blue"), (("red", "fed"), ("blue", "fed")),
            (("red", "random"), ("blue", "random")))


def outcome(seed, winner, order=("red", "blue"), rounds=3, actions=6, limit=False,
            reason="won"):
    return {"seed": seed, "order": list(order), "winner": winner, "reason": reason,
            "rule": None, "round": rounds, "actions": actions, "limit": limit}


def _ref(seed, first, rounds):
    """A game of the report as it names it: seed, turn order, rounds, actions."""
    order = ["red", "blue"] if first == "red" else ["blue", "red"]
    return {"seed": seed, "order": order, "rounds": rounds, "actions": 6}


def test_counts_rates_intervals_and_lengths():
    games = [outcome(0, "red"), outcome(1, "red", ("blue", "red"), rounds=5),
             outcome(2, None, limit=True, reason="round limit 9 reached; draw", rounds=9),
             outcome(3, "aborigines", rounds=4), {"seed": 4, "order": [], "error": "boom"}]
    s = summarize(CASE, games)
    assert (s["games"], s["finished"], s["errors"]) == (5, 4, 1)
    assert s["error_examples"] == [{"seed": 4, "error": "boom"}]
    assert [(r["seat"], r["count"], r["rate"]) for r in s["seat_wins"]] == [
        ("red", 2, 0.5), ("blue", 0, 0.0)]
    assert s["seat_wins"][0]["ci"] == [0.1500, 0.8500]  # Wilson, 2 of 4
    assert s["faction_wins"] == [{"faction": "fed", "seats": ["red", "blue"], "count": 2,
                                  "rate": 0.5, "ci": [0.15, 0.85]}]
    assert [(r["winner"], r["count"]) for r in s["other_winners"]] == [("aborigines", 1)]
    assert s["draws"]["count"] == 1 and s["round_limit"]["count"] == 1
    assert s["rounds"] == {"median": 4.5, "q1": 3.75, "q3": 6.0, "mean": 5.25, "sd": 2.6300,
                           "min": 3, "max": 9}
    assert s["rounds_histogram"] == [(3, 1), (4, 1), (5, 1), (9, 1)]
    assert s["reasons"][0] == {"rule": None, "round_limit": False, "reason": "won", "count": 3,
                               "kind": "won", "examples": [_ref(0, "red", 3), _ref(1, "blue", 5),
                                            _ref(3, "red", 4)]}
    assert s["reasons"][1]["reason"] == "round limit 9 reached; draw"  # one ending: its words
    assert s["games_of_note"] == {"shortest": _ref(0, "red", 3), "longest": _ref(2, "red", 9)}
    games.append(outcome(5, None, limit=True, reason="round limit 12 reached; draw", rounds=12))
    assert {k: v for k, v in summarize(CASE, games)["reasons"][1].items() if k != "examples"} \
        == {"rule": None, "round_limit": True, "reason": "round limit N reached; draw",
            "kind": "round limit N reached; draw", "count": 2}  # two limits: counted together


def test_first_seat_edge():
    """Red wins from the first position once, from the second once: no edge; a seat won 2 of
    4 games, so each position would win 25 % if the position did not matter."""
    games = [outcome(0, "red"), outcome(1, "red", ("blue", "red")), outcome(2, None),
             outcome(3, None)]
    pos = summarize(CASE, games)["positions"]
    assert [r["count"] for r in pos["table"]] == [1, 1]
    assert pos["expected"] == 0.25 and pos["first_seat_edge"] == 0.0
    assert not pos["significant"]


def test_reason_keys_keep_rule_ids_and_drop_details():
    # the episode modder's trial: "closed only 1 portal" and "closed only 2 portals" were two
    # kinds of ending; one now (the word after a number in the singular)
    assert reason_key("turn limit 12 reached: closed only 2 portals (R5.3)") == \
        reason_key("turn limit 12 reached: closed only 1 portal (R5.3)") == \
        "turn limit N reached: closed only N portal (R5.3)"
    assert reason_key("the Aborigines closed 3 portals") == reason_key(
        "the Aborigines closed 2 portals")
    assert reason_key("round limit reached (points/resources: orange: 3/10, purple: 2/4)") == \
        "round limit reached"


def test_plan_rotates_the_turn_order_by_seed():
    plan = Plan("x", (CASE,), games=3, first_seed=5, rotate=True)
    assert [t.order for t in plan.tasks(Source("x"))] == [
        ("blue", "red"), ("red", "blue"), ("blue", "red")]
    assert [t.seed for t in plan.tasks(Source("x"))] == [5, 6, 7]
    fixed = Plan("x", (CASE,), games=2)
    assert {t.order for t in fixed.tasks(Source("x"))} == {("red", "blue")}


def test_cases_variant_by_variant(ttt):
    cases = make_cases(ttt, [None, "big"], [2], {"o": "first"})
    assert [(c.variant, c.players, dict(c.bots)) for c in cases] == [
        (None, 2, {"x": "random", "o": "first"}), ("big", 2, {"x": "random", "o": "first"})]


def test_a_position_edge_is_null_where_no_seat_ever_won():
    """Clash's results name a side (civilizations or aborigines), never a seat: the first
    seat's edge does not apply, and the report says null rather than 0 (which read as "no
    edge")."""
    games = [outcome(0, "aborigines"), outcome(1, "civilizations", ("blue", "red"))]
    pos = summarize(CASE, games)["positions"]
    assert (pos["expected"], pos["first_seat_edge"], pos["significant"], pos["seat_won"]) == (
        None, None, False, 0)
