"""Every number the plugin uses comes from the scenario (issue 10, item 7).

``data/other-numbers.yaml`` extends the shipped scenario and changes each number the plugin reads:
the combat die, an attack pattern, the ranges, costs and limits of ``params``, the shuttle's
capacity and speed die, the track length and a weight of the greedy bot. Each test plays the same
position in both scenarios and checks that the help texts, messages, status lines and behaviour
follow the scenario's values (dice are forced where a die decides).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy import EngineError, IllegalAction, Scenario, load_scenario
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.bots import GreedyBot, combat_odds
from distant_galaxy_episodes.asteroid_belt.combat import shuttle_bonus
from distant_galaxy_episodes.asteroid_belt.view import status_lines
from tests.asteroid_belt.conftest import Table

MOD = Path(__file__).parent / "data" / "other-numbers.yaml"
AST = "asteroid-1-3"   # class 1 at 9,3: one Aborigine engineer


@pytest.fixture(scope="module")
def mod() -> Scenario:
    return load_scenario(MOD)


def both(mod: Scenario) -> tuple[Table, Table]:
    """The shipped scenario and the mod, each with an empty board and orange to play."""
    return Table().clear().turn("orange"), Table(sc=mod).clear().turn("orange")


def docs(sc: Scenario) -> dict[str, str]:
    return {verb: kind.doc for verb, kind in sc.action_kinds().items()}


def test_help_texts_are_built_from_the_scenario(mod: Scenario) -> None:
    shipped, other = docs(Table().game.scenario), docs(mod)
    expected = {  # verb: (text in the shipped scenario, text in the mod)
        "target": ("within 2 cells", "within 3 cells"),
        "mine": ("within 2 cells", "within 3 cells"),
        "activate": ("(within 2 cells): 3 resources", "(within 3 cells): 5 resources"),
        "reinforce": ("and 20 resources", "and 25 resources"),
        "board": ("up to 3 aboard", "up to 4 aboard"),
        "unload": ("reach +1 next to", "reach +2 next to"),
        "roll": ("1–6 cells", "1–8 cells"),
        "place": ("within 1 cell of it", "within 2 cells of it"),
        "attack": ("two cells away in a line", "three cells away in a line"),
    }
    for verb, (before, after) in expected.items():
        assert before in shipped[verb] and after in other[verb], verb
    assert "at most 2 shuttles each" in shipped["activate"]
    assert "at most 1 shuttle each" in other["activate"]
    assert "One d6 roll each" in shipped["attack"] and "One d8 roll each" in other["attack"]


def test_the_combat_die_is_the_scenarios(mod: Scenario) -> None:
    for t, die in zip(both(mod), (6, 8), strict=True):
        t.put("engineer", "orange", (9, 2))
        t.put("engineer", "purple", (10, 2))
        t.game.dice.force([die, die - 1])
        t.apply("attack U1 10,2")
        ev = t.events("combat")[-1]
        assert (ev["attack_roll"], ev["defence_roll"], ev["outcome"]) == (die, die - 1,
                                                                          "attacker_wins")
        assert [e["die"] for e in t.events("dice") if "roll of U" in e["purpose"]] == [f"d{die}"] * 2
    shipped, _ = both(mod)
    shipped.put("engineer", "orange", (9, 2))
    shipped.put("engineer", "purple", (10, 2))
    shipped.game.dice.force([8, 1])
    with pytest.raises(EngineError, match="not on a d6"):
        shipped.apply("attack U1 10,2")


def test_the_bot_reckons_with_the_scenarios_die(mod: Scenario) -> None:
    shipped, other = both(mod)
    assert combat_odds(shipped.game, 0, 0) == (15 / 36, 6 / 36, 15 / 36)
    assert combat_odds(other.game, 0, 0) == (28 / 64, 8 / 64, 28 / 64)


def test_attack_patterns_are_the_scenarios(mod: Scenario) -> None:
    """The mod's ``line2`` reaches three cells away instead of two (R7.20, YAML patterns)."""
    for t, reach, miss in zip(both(mod), ("7,2", "8,2"), ("8,2", "7,2"), strict=True):
        t.put("scout", "orange", (5, 2))
        t.put("engineer", "purple", (7, 2))
        t.put("engineer", "purple", (8, 2))
        legal = {str(a) for a in t.game.legal_actions() if a.verb == "attack"}
        assert f"attack U1 {reach}" in legal and f"attack U1 {miss}" not in legal
        with pytest.raises(IllegalAction, match="cells away in a line"):
            t.apply(f"attack U1 {miss}")


def test_the_target_range_is_the_scenarios(mod: Scenario) -> None:
    shipped, other = both(mod)
    for t in (shipped, other):
        t.put("engineer", "orange", (12, 0))   # 3 cells from asteroid-1-3 at 9,3
    with pytest.raises(IllegalAction, match="within 2 cells"):
        shipped.apply(f"target {AST}")
    other.apply(f"target {AST}")
    assert other.st.sites[AST].markers == {"target": "orange"}


def test_the_defender_range_is_the_scenarios(mod: Scenario) -> None:
    shipped, other = both(mod)
    for t in (shipped, other):
        t.put("engineer", "orange", (10, 2))
        t.apply(f"target {AST}")
        t.apply("end")
    assert "within 1 cell of its asteroid" in shipped.game.loop.reason_now()
    assert "within 2 cells of its asteroid" in other.game.loop.reason_now()
    with pytest.raises(IllegalAction, match="within 1 cell of the asteroid"):
        shipped.apply(f"place {AST} aborigine-engineer 9,1")
    other.apply(f"place {AST} aborigine-engineer 9,1")


def test_shuttle_numbers_are_the_scenarios(mod: Scenario) -> None:
    """Activation cost, the number of shuttles, the speed die and the majority bonus."""
    for t, cost, most, die, bonus in zip(both(mod), (3, 5), (2, 1), (6, 8), (1, 2), strict=True):
        t.put("engineer", "orange", (11, 3))
        t.st.attrs["cargo"] = "portal-1"
        before = t.st.players["orange"].counters["resources"]
        t.apply("activate 10,4")
        assert t.st.players["orange"].counters["resources"] == before - cost
        sh = t.events("shuttle_activated")[-1]["token"]
        for _ in range(most - 1):
            t.put("shuttle", "orange", (13, 5))
        with pytest.raises(IllegalAction, match=f"already have {most} shuttle"):
            t.apply("activate 9,4")
        t.apply(f"board U1 {sh}")
        t.game.dice.force([die])
        t.apply(f"roll {sh}")
        assert t.st.tokens[sh].attrs["speed"] == die
        other = t.put("shuttle", "purple", (20, 10))
        assert shuttle_bonus(t.game, t.st.tokens[sh], t.st.tokens[other]) == (bonus, 0)


def test_reinforcement_resources_are_the_scenarios(mod: Scenario) -> None:
    for t, gain in zip(both(mod), (20, 25), strict=True):
        p = t.st.players["orange"]
        p.pools["reserve"] = {}
        p.counters["resources"] = 0
        t.apply("reinforce")
        assert p.counters["resources"] == gain


def test_the_status_line_shows_the_scenarios_track(mod: Scenario) -> None:
    shipped, other = both(mod)
    assert any("] 0/15 pts" in line for line in status_lines(shipped.game))
    assert any("] 0/20 pts" in line for line in status_lines(other.game))


def test_the_bot_weights_are_the_scenarios(mod: Scenario) -> None:
    """The mod's bot keeps no Target open (``bot.max_open_targets: 0``): it deploys instead."""
    verbs = []
    for t in both(mod):
        t.put("engineer", "orange", (10, 2))
        verbs.append(GreedyBot("orange", 1).choose(t.game).verb)
    assert verbs == ["target", "deploy"]


@pytest.mark.parametrize("seats", [2, 3])
def test_the_turn_stamp_is_unique_per_turn(seats: int) -> None:
    """Per-turn flags store ``stamp``: every (round, turn) of a game has its own."""
    game = Table(seats=seats).game
    stamps = set()
    for rnd in range(1, game.scenario.limits["rounds"] + 1):
        for turn in range(seats):
            game.state.round, game.state.turn = rnd, turn
            stamps.add(model.stamp(game))
    assert len(stamps) == game.scenario.limits["rounds"] * seats
