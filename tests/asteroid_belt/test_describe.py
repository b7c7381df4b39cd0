"""Events told to people (dg_describe_event), error messages that list ids, the board's width."""

from __future__ import annotations

import pytest

from distant_galaxy.core.game import Game
from distant_galaxy.errors import IllegalAction
from distant_galaxy.play.narrate import _cell, describe
from distant_galaxy.play.render import render_board
from distant_galaxy.scenario.events import scenario_events
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario
from distant_galaxy_episodes.asteroid_belt.view import status_lines
from tests.asteroid_belt.conftest import Table


def plugin_event_types() -> set[str]:
    """The event types the plugin declares in its section schema (the event catalogue)."""
    return set(scenario_events(scenario(), plugins_only=True))


def fallback(ev: dict) -> bool:
    """True when the engine could only list the event's fields (nobody described it)."""
    fields = ", ".join(f"{k}={_cell(v)}" for k, v in ev.items() if k not in ("type", "kind"))
    return describe_line(ev) == f"  {ev.get('type')}: {fields}"


def describe_line(ev: dict, game: Game | None = None) -> str:
    return describe(game or GAME[0], ev)


GAME: list[Game] = []


def played_events() -> tuple[Game, list[dict]]:
    sc = scenario()
    events: list[dict] = []
    game = None
    for seed in (1, 2, 3):
        game = Game(sc, seats=sc.seat_ids(3), seed=seed)
        kinds = sc.bots()
        ctrls = {s: kinds["greedy"](s, seed) for s in game.state.seats}
        while not game.over and game.state.round < 25:
            game.apply(ctrls[game.pending.seat].choose(game))
        events += game.events
    assert game is not None
    return game, events


SAMPLES = [  # rare event types, as the plugin emits them
    {"type": "raid", "shuttle": "H1", "seat": "orange", "roll": 5, "aboard": 2,
     "outcome": "loot", "portal": "portal-1", "rule": "R7.44"},
    {"type": "shuttle_destroyed", "token": "H1", "seat": "orange", "at": [7, 4],
     "reason": "destroyed raiding the cargo shuttle", "rule": "R7.44"},
    {"type": "shuttle_leaves", "token": "H1", "seat": "orange", "at": [7, 4], "reason": "empty",
     "rule": "R7.42"},
    {"type": "shuttle_activated", "token": "H1", "seat": "orange", "at": [6, 4],
     "site": "asteroid-3-1", "cost": 3, "rule": "R7.41"},
    {"type": "board", "token": "E1", "unit": "engineer", "shuttle": "H1", "frm": [4, 3],
     "path": [[6, 4]], "cost": 1, "aboard": 1, "rule": "R7.42"},
    {"type": "unload", "token": "E1", "unit": "engineer", "shuttle": "H1", "frm": [6, 4],
     "to": [8, 5], "path": [[8, 5]], "cost": 1, "rule": "R7.42"},
    {"type": "ability_used", "seat": "orange", "ability": "boost", "effect": "speed",
     "token_to": "repair", "rule": "R7.22"},
    {"type": "ability_spent", "seat": "orange", "ability": "shield",
     "reason": "X1 is not removed", "rule": "D7.4"},
    {"type": "elite_created", "seat": "green", "unit": "engineer", "count": 2, "asked": 2,
     "ready": "now", "rule": "R7.72"},
    {"type": "safe_attack", "token": "S1", "unit": "scout", "note": "…", "rule": "R7.20"},
    {"type": "destroyed", "token": "D1", "unit": "aborigine-engineer", "at": [9, 2],
     "site": "asteroid-1-3", "reason": "beaten in defence by E1", "rule": "R7.50"},
    {"type": "to_repair", "token": "E1", "unit": "engineer", "seat": "orange", "at": [9, 2],
     "carrier": None, "reason": "liquidated by its owner", "rule": "R7.33"},
    {"type": "defence_strike", "defender": "D1", "target": "E1", "played_by": "purple",
     "rule": "R7.12"},
    {"type": "cargo_moves", "frm": "portal-1", "to": "portal-5", "at": [11, 10],
     "rule": "R7.45"},
    {"type": "note", "message": "no Aborigine cargo shuttle in this game", "rule": "R7.63"},
]


@pytest.fixture(scope="module")
def played():
    game, events = played_events()
    GAME[:] = [game]
    return game, events


def test_every_plugin_event_type_is_described(played):
    _game, events = played
    seen = {e["type"] for e in events} | {e["type"] for e in SAMPLES}
    missing = plugin_event_types() - seen
    assert not missing, f"no sample of {missing}"
    for ev in list(events) + SAMPLES:
        assert not fallback(ev), ev
        assert "\n" not in describe_line(ev)


def test_every_event_of_a_game_is_in_the_catalogue(played):
    _game, events = played
    catalogue = scenario_events(scenario())
    unknown = {e["type"] for e in events} - set(catalogue)
    assert not unknown, f"events the catalogue does not declare: {sorted(unknown)}"


def test_wording_of_combat_markers_mines_and_raids(played):
    _game, _ = played
    line = describe_line({
        "type": "combat", "kind": "unit", "attacker": "A15", "attacker_unit": "assault",
        "attacker_owner": "orange", "defender": "D5", "defender_unit": "aborigine-engineer",
        "defender_owner": None, "attack_roll": 4, "attack_bonus": 1, "attack_total": 5,
        "defence_roll": 2, "defence_bonus": 0, "defence_total": 2, "rerolls": [],
        "outcome": "attacker_wins", "at": [1, 3], "loser": "D5", "fate": "destroyed",
        "rule": "R7.50"})
    assert "A15 (orange assault) attacks D5 (aborigine-engineer) at 1,3: 4+1 vs 2 → D5 " \
           "destroyed" in line
    line = describe_line({"type": "marker", "site": "asteroid-2-2", "marker": "flag",
                          "seat": "orange", "old": "target", "old_seat": "orange",
                          "reason": "", "rule": "R7.13"})
    assert "asteroid-2-2 (class 2 at 1,4): orange's Target → orange's Flag" in line
    line = describe_line({"type": "marker", "site": "asteroid-2-2", "marker": "mine",
                          "seat": "purple", "old": "flag", "old_seat": "orange",
                          "reason": "", "rule": "R7.14"})
    assert "→ purple's Mine (+2 points, +25 resources)" in line
    assert "roll 5 → loot, +30 resources" in describe_line(SAMPLES[0])
    # noise is hidden: the combat's own dice, the resources paid for a move
    assert describe_line({"type": "dice", "die": 6, "purpose": "attack roll of E1",
                          "value": 3}) == ""
    assert describe_line({"type": "counter", "seat": "orange", "counter": "resources",
                          "delta": -1, "value": 3, "reason": "move of E1"}) == ""


def test_combat_event_tells_the_loser_fate():
    t = Table().clear().turn("orange")
    t.put("scout", "orange", (9, 2))
    t.put("engineer", "purple", (10, 2))
    t.game.dice.force([1, 6])
    t.apply("attack U1 10,2")
    ev = t.events("combat")[-1]
    assert ev["fate"] == "safe" and ev["at"] == [10, 2]
    assert "U1 loses but is safe" in describe(t.game, ev)


def test_unknown_unit_lists_your_units():
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (3, 2))
    with pytest.raises(IllegalAction, match=r"there is no unit 'X'; your units: U1 \(engineer\) "
                                            r"at 3,2"):
        t.apply("move X 4,2")


def test_unknown_asteroid_lists_the_valid_ones():
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (10, 2))
    with pytest.raises(IllegalAction, match=r"you may target: .*asteroid-1-3 \(class 1\) at 9,3"):
        t.apply("target nowhere")
    t.apply("target 9,3")            # an asteroid by its cell
    assert t.site((9, 3)).markers == {"target": "orange"}


def test_defence_reason_and_short_defender_names():
    t = Table().clear().turn("orange")
    t.put("engineer", "orange", (10, 2))
    t.apply("target asteroid-1-3")
    t.apply("end")
    pend = t.game.pending
    assert pend.seat == "purple" and pend.kind == "defence"
    assert "orange's targets" in pend.reason and "asteroid-1-3 (class 1 at 9,3) place 1: " \
        "aborigine-engineer" in pend.reason and "strike" in pend.reason
    # a new player's trial: "unknown type 'scout'; did you mean aborigine-scout? asteroid-1-3
    # has no scout left to place" said the type was unknown and then that none was left
    with pytest.raises(IllegalAction, match=r"^unknown type 'scout'; did "
                       r"you mean aborigine-scout\? \(left to place at asteroid-1-3: "
                       r"aborigine-engineer\)$"):
        t.apply("place 9,3 scout 9,2")
    t.apply("place 9,3 engineer 9,2")   # short name and the asteroid's cell
    assert t.events("place")[-1]["unit"] == "aborigine-engineer"


def test_board_fits_80_columns(played):
    game, _ = played
    text = render_board(game)
    grid = text.split("\nround")[0].splitlines()
    assert max(len(line) for line in grid) <= 72
    status = status_lines(game)
    assert all(len(line) <= 80 for line in status), [x for x in status if len(x) > 80]
