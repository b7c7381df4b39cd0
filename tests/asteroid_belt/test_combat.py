"""Combat: R7.50 worked examples with forced dice, R7.51 bonuses, R7.20/R7.21 patterns."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import IllegalAction
from tests.asteroid_belt.conftest import Table


def duel(att: str, dfd: str, dice: list[int], at=(9, 2), to=(10, 2)) -> Table:
    t = Table().clear().turn("orange")
    t.put(att, "orange", at)
    t.put(dfd, "purple", to)
    t.game.dice.force(dice)
    return t


@pytest.mark.parametrize("dice,outcome", [([6, 4], "attacker_wins"), ([2, 5], "defender_wins"),
                                          ([3, 3], "draw")])
def test_R7_50_worked_examples(dice, outcome):
    """R7.50: 6 vs 4 attacker wins; 2 vs 5 attacker loses and is removed; 3 vs 3 draw."""
    t = duel("engineer", "engineer", dice)
    t.apply("attack U1 10,2")
    ev = t.events("combat")[-1]
    assert (ev["attack_roll"], ev["defence_roll"], ev["outcome"]) == (dice[0], dice[1], outcome)
    assert ev["rule"] == "R7.50"
    if outcome == "attacker_wins":
        assert "U2" not in t.st.tokens and t.st.players["purple"].pools["repair"] == {"engineer": 1}
    elif outcome == "defender_wins":
        assert "U1" not in t.st.tokens and t.st.players["orange"].pools["repair"] == {"engineer": 1}
    else:
        assert {"U1", "U2"} <= set(t.st.tokens)


def test_R7_51_assault_and_elite_bonus():
    """R7.51: assault +1 attack; elite +1 defence turn 4 vs 4 into 5 vs 5 (draw)."""
    t = duel("assault", "elite", [4, 4])
    t.apply("attack U1 10,2")
    ev = t.events("combat")[-1]
    assert ev["attack_total"] == 5 and ev["defence_total"] == 5 and ev["outcome"] == "draw"


def test_R7_21_only_orthogonal_for_ordinary_units():
    """R7.21: an engineer cannot attack diagonally."""
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (9, 2))
    t.put("engineer", "purple", (10, 1))
    with pytest.raises(IllegalAction, match="orthogonally"):
        t.apply("attack U1 10,1")


def test_R7_20_scout_diagonal_line_and_no_risk():
    """R7.20: a scout attacks diagonally or two away in a line, and survives a lost attack."""
    t = Table().clear().turn("orange")
    t.put("scout", "orange", (4, 2))
    t.put("engineer", "purple", (6, 2))
    t.put("engineer", "purple", (5, 1))
    legal = {str(a) for a in t.game.legal_actions()}
    assert {"attack U1 6,2", "attack U1 5,1"} <= legal
    t.game.dice.force([1, 6])
    t.apply("attack U1 6,2")
    assert "U1" in t.st.tokens and t.events("safe_attack")[-1]["rule"] == "R7.20"


def test_D7_6_one_attack_per_turn():
    """D7.6: a unit attacks once per turn (and may move once)."""
    t = duel("engineer", "engineer", [3, 3])
    t.apply("attack U1 10,2")
    with pytest.raises(IllegalAction, match="already attacked"):
        t.apply("attack U1 10,2")
    t.apply("move U1 8,2")
    with pytest.raises(IllegalAction, match="already moved"):
        t.apply("move U1 6,2")


def test_D7_4_reroll_and_shield_tokens():
    """R7.22, D7.4: reroll rerolls a losing own die; shield keeps the elite after a loss."""
    t = Table().clear().turn("orange")
    t.put("elite", "orange", (9, 2))
    t.put("engineer", "purple", (10, 2))
    t.apply("use reroll")
    t.apply("use shield")
    assert t.events("ability_used")[0]["rule"] == "R7.22"
    t.game.dice.force([1, 6, 2])   # 1+1 < 6: reroll gives 2+1 = 3 < 6, still loses
    t.apply("attack U1 10,2")
    ev = t.events("combat")[-1]
    assert ev["rerolls"] == [{"side": "attacker", "old": 1, "new": 2}]
    assert ev["outcome"] == "defender_wins" and "U1" in t.st.tokens   # shield
    assert t.st.players["orange"].attrs["abilities"] == ["boost"]


def test_R7_43_shuttle_with_more_units_gets_bonus():
    """R7.43: the shuttle carrying more units gets +1 attack and defence."""
    t = Table().clear().turn("orange")
    t.put("shuttle", "orange", (8, 4))
    t.put("shuttle", "purple", (9, 4))
    for _i in range(2):
        t.st.add_token("engineer", "orange", None, carrier="U1")
    t.st.add_token("engineer", "purple", None, carrier="U2")
    t.game.dice.force([3, 4])
    t.apply("attack U1 9,4")
    ev = t.events("combat")[-1]
    assert ev["rule"] == "R7.43" and ev["attack_total"] == 4 and ev["outcome"] == "draw"
