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


def _captured(lid: str, cause: str, roll: int, rule: str) -> dict:
    owner, kind = lid.split("-")
    return _ev("leader_fate", leader=lid, leader_kind=kind, owner=owner, cause=cause, roll=roll,
               fate="captured", to=None, captor="aborigines", rule=rule)


CHOSEN = [
    _ev("turn_start", round=2, seat="red"),
    _captured("blue-general", "ship B1 destroyed in battle", 9, "RL.3"),
    _captured("red-agent", "planet system-2 taken", 3, "RL.4"),
    _ev("turn_start", round=3, seat="red"),
    {"kind": "action", "seat": "red", "action": "capture R4 planet-2"},
    _ev("leader_rescue", planet="planet-2", rescuer="red", holder="aborigines", roll=9,
        freed=[], last_planet=False, choose=["blue-general", "red-agent"], rule="RL.10"),
    {"kind": "action", "seat": "red", "action": "free red-agent"},
    _ev("leader_freed", leader="red-agent", rescuer="red", planet="planet-2",
        holder="aborigines", captives=["blue-general", "red-agent"], chosen=True, rule="RL.10"),
    _ev("aborigine_turn", round=3, before="red"),
]


def test_explain_tells_the_rescuers_choice_RL_10():
    """Issue 34 item 8 (audit): after a chosen rescue (item 6) ``dg explain`` ignored the
    ``leader_freed`` event: it printed "d10 9 → freed nobody" (the rescue event frees nobody
    yet) and kept the freed leader among the Aborigines' captives."""
    out = explain_records(CHOSEN)
    assert ("   rescue (RL.10): red took planet-2 from aborigines: d10 9 → frees one of "
            "blue-general, red-agent: red chooses which") in out
    assert not any("freed nobody" in line for line in out)
    assert ("   rescue (RL.10): red chooses red-agent of blue-general, red-agent → freed "
            "red-agent") in out
    held = next(line for line in out if line.startswith("   the Aborigines hold"))
    assert held.startswith("   the Aborigines hold 1 captive(s): blue-general (round 2")
    assert "red-agent" not in held


def test_explain_tells_a_choice_not_made_RL_10():
    records = [*CHOSEN[:6], _ev("leader_freed", leader="blue-general", rescuer="red",
                                planet="planet-2", holder="aborigines",
                                captives=["blue-general", "red-agent"], chosen=False,
                                rule="RL.10"), CHOSEN[-1]]
    out = explain_records(records)
    assert ("   rescue (RL.10): red chose none, so the first by id is freed: blue-general of "
            "blue-general, red-agent → freed blue-general") in out
    held = next(line for line in out if line.startswith("   the Aborigines hold"))
    assert "red-agent" in held and "blue-general" not in held


def test_explain_reads_the_events_of_a_played_rescue_RL_10():
    """The same from the events a game writes (tests/leaders: two captives, d10 9, red frees
    red-agent)."""
    from distant_galaxy import load_scenario
    from tests.leaders.conftest import LeaderBoard
    from tests.leaders.test_rescue_choice import _two_captives_rescued

    board = LeaderBoard(load_scenario("aborigine-clash", options=["leaders"]))
    _two_captives_rescued(board)
    board.game.apply("free red-agent")
    out = explain_records({"kind": "event", **e} for e in board.game.events)
    assert any(line.endswith("frees one of blue-general, red-agent: red chooses which")
               for line in out)
    assert any(line.endswith("red chooses red-agent of blue-general, red-agent → freed red-agent")
               for line in out)
