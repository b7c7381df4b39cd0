"""RL.1, RL.2, RL.5–RL.9: placement and the leaders' effects where episode 5 has what they act
on, with forced dice; RL.8 and RL.9 act on nothing episode 5 has (docs/options.md)."""

from __future__ import annotations

from distant_galaxy import Game
from distant_galaxy_episodes.aborigines.colonization import check_colonies
from distant_galaxy_episodes.aborigines.combat import civ_fires
from distant_galaxy_episodes.aborigines.model import ABORIGINES
from distant_galaxy_episodes.leaders import effects


def test_leaders_start_in_the_home_system_RL_2(scenario):
    game = Game(scenario, seats=["red", "blue"], seed=1)
    recs = game.state.attrs["leaders"]
    assert sorted(recs) == sorted(f"{s}-{k}" for s in ("red", "blue") for k in
                                  ("general", "diplomat", "admiral", "scientist", "agent"))
    assert recs["red-general"]["planet"] == "system-2"          # red's home planet, 12,1
    admiral = game.state.tokens[recs["red-admiral"]["ship"]]      # aboard the cruiser by home
    assert admiral.type == "cruiser" and admiral.owner == "red"
    assert game.scenario.grid.distance(admiral.pos, (12, 1)) <= 1
    for rec in recs.values():                                    # always on a planet or a ship
        assert bool(rec["ship"]) != bool(rec["planet"])


def test_leader_is_no_unit_RL_2(scenario):
    """It takes no space: the tokens of the game are the same with and without the option."""
    from distant_galaxy import load_scenario
    plain = Game(load_scenario("aborigine-clash"), seats=["red"], seed=1)
    with_leaders = Game(scenario, seats=["red"], seed=1)
    assert sorted(plain.state.tokens) == sorted(with_leaders.state.tokens)


def test_admiral_extra_die_in_attack_RL_7(board):
    ship = board.put("destroyer", (20, 2), owner="red")
    target = board.put("invader", (19, 2))
    board.put_leader("red-admiral", ship=ship.id)
    board.game.dice.force([1, 6])                   # the ship's die misses, the Admiral's hits
    assert civ_fires(board.game, ship, target)
    assert target.id not in board.state.tokens


def test_no_admiral_no_extra_die_RL_7(board):
    ship = board.put("destroyer", (20, 2), owner="red")
    target = board.put("invader", (19, 2))
    board.game.dice.force([1])
    assert not civ_fires(board.game, ship, target)


def test_identical_leaders_do_not_add_up_RL_1(board):
    ship = board.put("destroyer", (20, 2), owner="red")
    target = board.put("invader", (19, 2))
    board.put_leader("red-admiral", ship=ship.id)
    board.put_leader("blue-admiral", ship=ship.id, holder="red")  # freed by red (RL.10)
    adj = effects.adjustments(board.game, "civ_attack", {"attacker": ship, "target": target})
    assert [a.get("extra_dice") for a in adj] == [1]
    board.game.dice.force([1, 1])                   # two dice, not three
    assert not civ_fires(board.game, ship, target)
    assert len([e for e in board.game.events if e["type"] == "dice"]) == 2


def _take(board, roll, owner="red"):
    board.own("planet-2", owner)
    for c in [(18, 2), (19, 2), (19, 3), (19, 4)]:
        board.put("invader", c)
    board.game.dice.force([roll])
    check_colonies(board.game)
    return board.events("takeover")[-1]


def test_general_defends_planet_plus_one_RL_5(board):
    del board.leaders()["red-diplomat"]
    board.put_leader("red-general", planet="planet-2")
    ev = _take(board, 4)                            # 4 takes a planet (R5.41); 5 with a General
    assert (ev["need"], ev["outcome"]) == (5, "held")
    assert board.state.sites["planet-2"].owner == "red"


def test_general_rerolls_a_failed_landing_die_RL_5(board):
    board.own("planet-2", ABORIGINES)
    s = board.put("scout", (21, 2), owner="red")
    board.put_leader("red-general", ship=s.id)
    board.game.dice.force([1, 4])                   # the capture die fails, its reroll hits
    board.game.apply(f"capture {s.id} planet-2")
    assert board.state.sites["planet-2"].owner == "red"


def test_general_rerolls_each_die_only_once_RL_5(board):
    """Source 003: «перебросить до 2 своих кубов … (но 1 куб только 1 раз)» — up to 2 dice,
    each die once. The capture is one die: 2, rerolled once to 2, fails; the 6 is never rolled."""
    board.own("planet-2", ABORIGINES)
    s = board.put("scout", (21, 2), owner="red")
    board.put_leader("red-general", ship=s.id)
    board.game.dice.force([2, 2, 6])
    board.game.apply(f"capture {s.id} planet-2")
    assert board.state.sites["planet-2"].owner == ABORIGINES
    rolls = [e for e in board.game.events if e["type"] == "dice"]
    assert [e["value"] for e in rolls] == [2, 2]
    assert "reroll 1" in rolls[1]["purpose"] and rolls[1]["rule"] == "RL.5"


def test_diplomat_cancels_one_takeover_per_round_RL_6(board):
    ev = _take(board, 6)                            # red's Diplomat is on its home planet
    assert ev["outcome"] == "cancelled" and ev["rule"] == "RL.6"
    assert board.state.sites["planet-2"].owner == "red"
    board.game.dice.force([6])
    check_colonies(board.game)                      # the same round: no second cancel
    assert board.events("takeover")[-1]["outcome"] == "taken"



def test_a_game_saved_after_the_diplomat_cancelled_a_takeover_loads_again_RL_6(board, tmp_path):
    """The record of the Diplomat's use this round (``used``) broke the option's own state
    schema: such a save was refused by dg resume, found when saves began to be checked as they
    are written."""
    from distant_galaxy.harness.invariants import check_saved
    from distant_galaxy.play.saves import load_game, read_save, save_game

    _take(board, 6)
    assert "used" in board.state.attrs["leaders"]["red-diplomat"]
    path = tmp_path / "g.save"
    header = {"scenario": board.game.scenario.id, "seed": 1, "options": ["leaders"]}
    save_game(board.game, header, path)
    again = load_game(path, read_save(path), board.game.scenario, check=check_saved)
    assert again.state.attrs["leaders"] == board.state.attrs["leaders"]

def test_captive_diplomat_cancels_nothing_RL_6(board):
    board.put_leader("red-diplomat", holder=ABORIGINES)
    assert _take(board, 6)["outcome"] == "taken"


def test_scientist_and_agent_have_nothing_to_act_on_RL_8_RL_9(board):
    """Technologies, docks, planetary defence and action cards are not in episode 5 (D5.1):
    the YAML lists what is not applied and the two leaders adjust no roll."""
    kinds = board.game.scenario.data["leaders"]["kinds"]
    for kind in ("scientist", "agent"):
        assert not kinds[kind].get("effects") and kinds[kind]["not_applied"]
    ship = board.put("destroyer", (20, 2), owner="red")
    board.put_leader("red-scientist", ship=ship.id)
    board.put_leader("red-agent", ship=ship.id)
    target = board.put("invader", (19, 2))
    assert effects.adjustments(board.game, "civ_attack", {"attacker": ship, "target": target}) \
        == []
