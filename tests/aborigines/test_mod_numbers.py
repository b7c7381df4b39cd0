"""Every number is in the YAML: a mod (data/numbers-mod.yaml) that ``extends:`` the shipped
scenario and changes each of them gets texts and behaviour that follow (issue 10, item 7).

Each test plays the same position on the shipped scenario and on the mod, with forced dice where
a die decides.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import Game, IllegalAction, ScenarioErrors, load_scenario
from distant_galaxy_episodes.aborigines.bots import CivBot, Weights
from distant_galaxy_episodes.aborigines.colonization import check_colonies
from distant_galaxy_episodes.aborigines.combat import aborigine_need, civ_fires
from distant_galaxy_episodes.aborigines.describe import describe_event
from distant_galaxy_episodes.aborigines.model import ABORIGINES, model_of
from distant_galaxy_episodes.aborigines.moves import entry_cells
from distant_galaxy_episodes.aborigines.plugin import dg_check_victory
from distant_galaxy_episodes.aborigines.view import status_lines
from distant_galaxy_episodes.aborigines.vision import visible_enemies, visible_portals
from tests.aborigines.conftest import Board

MOD = Path(__file__).resolve().parent / "data" / "numbers-mod.yaml"


@pytest.fixture(scope="module")
def mod():
    return load_scenario(MOD)


def _yellow_to_play(board: Board) -> None:
    board.state.pending = type(board.state.pending)("yellow", "main")
    board.touch()


def _centre_line(game: Game) -> str:
    return next(line for line in status_lines(game) if line.startswith("  centre:"))


# -- texts ------------------------------------------------------------------------------------
def test_status_line_shows_the_scenarios_thresholds(scenario, mod):
    assert _centre_line(Board(scenario).game).endswith("| closed 0/3, held 0/4")
    b = Board(mod)
    assert _centre_line(b.game).endswith("| closed 0/2, held 0/3")
    b.own("planet-1", ABORIGINES)
    b.own("planet-2", "red")
    assert _centre_line(b.game).endswith("| closed 1/2, held 1/3")
    line = describe_event(b.game, {"type": "portal_blocked", "portal": 1, "rule": "R5.12"})
    assert "(R5.12; closed now: 1/2)" in line


def test_help_texts_use_the_scenarios_numbers(scenario, mod):
    shipped, modded = scenario.action_kinds(), mod.action_kinds()
    assert "one die, 5-6 (R5.10)" in shipped["attack"].doc
    assert "one die, 6-8 (R5.10)" in modded["attack"].doc
    assert "(die 4-6)" in shipped["capture"].doc and "(die 3-8)" in modded["capture"].doc
    assert "within 2 cells of one of your ships on a die 5-6" in shipped["hack"].doc
    assert "within 3 cells of one of your ships on a die 7-8" in modded["hack"].doc


def test_help_and_results_write_counts_in_words(tmp_path):
    """Issue 11 item 18: "within 1 cell", "closed 1 portal" (not "within 1", "1 portals")."""
    one = tmp_path / "one.yaml"
    one.write_text("format: 1\nextends: aborigine-clash\nid: numbers-one\n"
                   "aborigines: {civ: {hack_range: 1}, victory: {closed_portals: 1}}\n",
                   encoding="utf-8")
    sc = load_scenario(one)
    assert "within 1 cell of one of your ships" in sc.action_kinds()["hack"].doc
    b = Board(sc)
    b.own("planet-1", ABORIGINES)
    assert dg_check_victory(b.game)["reason"] == "the Aborigines closed 1 portal"


# -- behaviour ---------------------------------------------------------------------------------
def test_victory_follows_the_thresholds_R5_1_R5_2(mod):
    b = Board(mod)
    b.own("planet-1", ABORIGINES)
    assert dg_check_victory(b.game) is None
    b.own("planet-2", ABORIGINES)                          # 2 closed portals are enough
    assert dg_check_victory(b.game)["winner"] == "aborigines"
    b = Board(mod)
    for planet in ("planet-1", "planet-2", "planet-5"):     # 3 held zones are enough
        b.own(planet, "red")
    assert dg_check_victory(b.game)["winner"] == "civilizations"


@pytest.mark.parametrize("roll, outcome", [(8, "captured"), (2, "failed")])
def test_capture_rolls_the_scenarios_die_and_face(mod, roll, outcome):
    b = Board(mod)
    b.own("planet-1", ABORIGINES)
    s = b.put("scout", (5, 1), owner="red")
    b.game.dice.force([roll])                               # 8 is not on the shipped d6
    b.game.apply(f"capture {s.id} planet-1")
    assert b.events("dice")[-1]["die"] == "d8"
    cap = b.events("capture")[-1]
    assert (cap["roll"], cap["need"], cap["outcome"]) == (roll, 3, outcome)


def test_civilization_attack_needs_the_scenarios_face_R5_10(scenario, mod):
    for sc, need in ((scenario, 5), (mod, 6)):
        b = Board(sc)
        a = b.put("destroyer", (8, 2), owner="red")
        t = b.put("invader", (7, 2))
        b.game.dice.force([5])
        assert civ_fires(b.game, a, t) == (need == 5)
        assert b.events("combat")[-1]["modifiers"] == [f"base {need}-{model_of(b.game).die} (R5.10)"]


def test_aborigine_attack_and_hunter_bonus_R5_30_R5_31(scenario, mod):
    for sc, base, bonus in ((scenario, 5, 5), (mod, 7, 6)):
        b = Board(sc)
        g = b.put("guard", (7, 2))
        e = b.put("destroyer", (8, 2), owner="red")
        need, why = aborigine_need(b.game, g, e)
        assert (need, why[0]) == (base, f"base {base}-{model_of(b.game).die} (R5.30)")
        b.put("hunter", (10, 3))                            # 4 cells from portal 1
        assert aborigine_need(b.game, g, e)[0] == bonus     # the mod's radius is 4, shipped 3


def test_hack_range_R5_4(scenario, mod):
    for sc, legal in ((scenario, False), (mod, True)):
        b = Board(sc, ("red", "blue", "green", "yellow"))
        b.put("scout", (10, 2), owner="yellow")             # 3 cells from the guard
        g = b.put("guard", (7, 2))
        i = b.put("invader", (5, 2))
        _yellow_to_play(b)
        assert (f"hack {g.id} {i.id}" in [str(a) for a in b.game.legal_actions()]) == legal
    with pytest.raises(IllegalAction, match="within 3 cells of your ships"):
        b.game.check(f"hack {i.id} {i.id}")


def test_colonization_needs_the_scenarios_ships_and_face_R5_40_R5_41(mod):
    b = Board(mod)
    b.own("planet-3", "red")
    for c in [(6, 2), (7, 2), (5, 3)]:                     # 3 ships colonize in the mod
        b.put("invader", c)
    check_colonies(b.game)
    assert b.state.sites["planet-1"].owner == ABORIGINES
    b = Board(mod)
    b.own("planet-1", "red")
    b.own("planet-3", "red")
    for c in [(6, 2), (7, 2), (5, 3)]:
        b.put("invader", c)
    b.game.dice.force([1, 8])       # the lot picks planet-1; take_planet 8 + the mod's federation planet_defence 1
    check_colonies(b.game)
    take = b.events("takeover")[-1]
    assert (take["roll"], take["need"], take["outcome"]) == (8, 9, "held")


def test_bot_weights_come_from_the_scenario(scenario, mod):
    chosen = {}
    for sc in (scenario, mod):
        b = Board(sc)
        b.own("planet-1", ABORIGINES)                       # capturable: nobody in its orbit
        s = b.put("scout", (5, 1), owner="red")
        a = b.put("invader", (6, 1))                        # next to the scout, not the planet
        chosen[sc.id] = str(CivBot("red", 1).choose(b.game))
    assert chosen["aborigine-clash"] == f"capture {s.id} planet-1"
    assert chosen["aborigine-numbers-mod"] == f"attack {s.id} {a.id}"
    assert Weights.of(mod) == Weights(10, 80, 50, 40, {"invader": 35, "guard": 20, "hunter": 5},
                                      12, 25, 0.75, 0.05)


def test_zones_cells_and_vision_follow_the_radii_R5_60_R5_62(scenario, mod):
    for sc, radius, seen in ((scenario, 2, [1, 2, 3, 6]), (mod, 3, [1, 2, 3, 5, 6])):
        b = Board(sc)
        m = model_of(b.game)
        assert ((9, 3) in m.zone_of) == (radius == 3)                  # zone_radius
        cells = entry_cells(b.game, "invader", 1, 1)
        assert max(max(abs(x - 6), abs(y - 3)) for x, y in cells) == radius   # move_radius
        b.put("guard", (18, 2))          # portal 2 holds a ship: extended_vision 1 sees portal 3
        assert visible_portals(m, b.state, 1) == seen   # neighbour_portals 2 sees 3 and 5


def test_unit_and_faction_numbers(scenario, mod):
    for sc, reach in ((scenario, False), (mod, True)):
        b = Board(sc)
        s = b.put("scout", (12, 3), owner="red")
        assert (f"move {s.id} 7,3" in [str(a) for a in b.game.legal_actions()]) == reach
        h = b.put("hunter", (7, 2))
        e = b.put("destroyer", (10, 3), owner="red")        # 4 cells from portal 1
        assert (e in visible_enemies(model_of(b.game), sc, b.state, h, 1)) == reach
    g = Game(mod, seats=["red", "blue"], seed=1)
    planet = next(ev for ev in g.events if ev["type"] == "planet" and ev.get("owner") == "blue"
                  and ev.get("rule") == "R5.4")
    assert planet["level"] == 2 and planet["reason"] == "level-2 planet outside the portal zones"


# -- the numbers are required -----------------------------------------------------------------
@pytest.mark.parametrize("overlay, message", [
    ("aborigines: {die: null}", "missing key 'die' in aborigines"),
    ("aborigines: {victory: {held_zones: null}}", "missing key 'held_zones' in aborigines.victory"),
    ("aborigines: {bots: {civ: {jitter: null}}}", "missing key 'jitter' in aborigines.bots.civ"),
    ("unit_types: {scout: {speed: null}}", "unit type 'scout' has no speed"),
    ("unit_types: {guard: {vision: null}}", "unit type 'guard' has no vision"),
    ("factions: {monarchy: {extra_planet_level: null}}", "no extra_planet_level"),
])
def test_a_missing_number_is_an_error(tmp_path, overlay, message):
    p = tmp_path / "mod.yaml"
    p.write_text(f"format: 1\nid: broken-mod\nextends: aborigine-clash\n{overlay}\n",
                 encoding="utf-8")
    with pytest.raises(ScenarioErrors, match=message):
        load_scenario(p)
