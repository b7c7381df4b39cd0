"""``dg explain`` with the Leaders option: the Aborigines' captives (D-L.1, RL.3, RL.4, RL.10),
from the log records alone."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.explain import explain_records


def _ev(type_, **fields):
    return {"kind": "event", "type": type_, **fields}


RECORDS = [
    _ev("turn_start", round=2, seat="red"),
    _ev("leader_fate", leader="red-general", leader_kind="general", owner="red",
        cause="ship R1 destroyed in battle", roll=9, fate="captured", to=None,
        captor="aborigines", rule="RL.3"),
    _ev("leader_fate", leader="red-admiral", leader_kind="admiral", owner="red",
        cause="ship R1 destroyed in battle", roll=2, fate="killed", to=None, captor=None,
        rule="RL.3"),
    _ev("turn_start", round=3, seat="red"),
    _ev("aborigine_turn", round=3, before="red"),
    {"kind": "action", "seat": "blue", "action": "capture B4 planet-2"},
    _ev("leader_rescue", planet="planet-2", rescuer="blue", holder="aborigines", roll=10,
        freed=["red-general"], last_planet=False, rule="RL.10"),
    _ev("turn_start", round=4, seat="red"),
    _ev("aborigine_turn", round=4, before="red"),
]


def test_explain_tells_the_fates_and_what_the_aborigines_hold_D_L_1():
    out = explain_records(RECORDS)
    text = "\n".join(out)
    assert ("   leader red-general (red's general): ship R1 destroyed in battle: d10 9 → "
            "captured (RL.3); the Aborigines keep it (D-L.1)") in out
    assert "d10 2 → killed (RL.3)" in text
    held = [line for line in out if line.startswith("   the Aborigines hold")]
    assert held == [held[0]] and "red-general (round 2, ship R1 destroyed in battle)" in held[0]
    assert "they keep captives (D-L.1" in held[0] and "RL.10" in held[0]


def test_explain_tells_the_rescue_RL_10():
    out = explain_records(RECORDS)
    assert "  -- blue plays: capture B4 planet-2" in out
    assert ("   rescue (RL.10): blue took planet-2 from aborigines: d10 10 → freed red-general"
            in out)
    after = out[out.index("\n== round 4: Aborigine turn before red's turn"):]
    assert not any(line.startswith("   the Aborigines hold") for line in after)


def test_explain_follows_captives_outside_the_shown_round_D_L_1():
    out = explain_records(RECORDS[:5], turn=3)
    assert any(line.startswith("   the Aborigines hold 1 captive(s): red-general") for line in out)
