"""The turn phases of RB.7 (card reveal, initiative, activation of squadrons, end phase) and
initiative (D6.3), in the main scenario and the hot-seat variant."""

from __future__ import annotations

from distant_galaxy import Game, load_scenario
from distant_galaxy.play.narrate import narrate
from distant_galaxy.play.render import render_board
from distant_galaxy_episodes.fleet_battle.model import INITIATIVE
from tests.fleet_battle.conftest import ABO, CIV, battle, of


def _order(game: Game) -> list[str]:
    wanted = {"phase_note": "reveal", "initiative": "initiative", "vp_tally": "end phase"}
    out: list[str] = []
    for ev in game.events:
        name = wanted.get(ev["type"])
        if ev["type"] in ("fire", "move", "board"):
            name = "activation"
        if name and (not out or out[-1] != name):
            out.append(name)
    return out


def test_rb7_reveal_initiative_activation_end_phase_in_that_order():
    """RB.7: «Фаза открытия карточек, определения инициативы, активации соединений,
    Заключительная фаза» — each battle turn."""
    game = Game(load_scenario("fleet-battle"), seats=["red"], seed=2)
    game.apply("move C1 4,3")
    game.apply("end")
    order = _order(game)
    assert order[:4] == ["reveal", "initiative", "activation", "end phase"]
    assert order[4:6] == ["reveal", "initiative"]        # and the next turn starts again
    assert all(e["rule"] == "RB.7" for e in game.events if e["type"] == "phase_note")


def test_d6_3_initiative_ties_roll_again_and_the_winner_activates_first():
    game = battle([{"id": "D1", "type": "dreadnought", "at": "1,1", "fleet": CIV},
                   {"id": "S1", "type": "stinger", "at": "13,9", "fleet": ABO}])
    game.dice.force([3, 3, 2, 5])         # civs 3 - aborigines 3: again; 2 - 5: aborigines
    game.apply("end")                     # the end phase of turn 1, then turn 2 opens
    [ini] = of(game, "initiative")
    assert ini["fleet"] == ABO and ini["rolls"] == {CIV: 2, ABO: 5} and ini["rule"] == "D6.3"
    assert game.state.attrs[INITIATIVE] == ABO
    moved = [e for e in game.events if e["type"] == "move" and e["token"] == "S1"]
    assert moved and game.events.index(moved[0]) > game.events.index(ini)  # S1 went first
    assert game.pending.seat == "red" and game.pending.kind == "activation"


def test_hot_seat_lead_reply_trail_follow_the_initiative():
    """D6.3, hot-seat variant: the fleet with the initiative activates first."""
    scenario = load_scenario("fleet-battle", "hot-seat")
    for seed in range(1, 6):
        game = Game(scenario, seats=["red", "blue"], seed=seed)
        first = game.state.attrs[INITIATIVE]
        want = ("red", "lead") if first == CIV else ("blue", "reply")
        assert (game.pending.seat, game.pending.kind) == want
        game.apply("end")
        after = ("blue", "reply") if first == CIV else ("red", "trail")
        assert (game.pending.seat, game.pending.kind) == after


def test_a_human_prompt_shows_orders_hull_and_the_running_tally():
    game = Game(load_scenario("fleet-battle"), seats=["red", "blue"], seed=4)
    board = render_board(game)
    assert "the civilizations: order 1" in board and "victory points now" in board
    assert "  red: B1 hull 1, D1 hull 10, E1 hull 1" in board  # every model once (engine)
    assert "\n  red (federation), blue (republic)\n" in board  # the seats' factions: one line
    assert "hull 10/10" not in board and "hit, taken or lost" not in board
    game.change_token_counter(game.state.tokens["D1"], "hull", -2, "a test's hit")
    board = render_board(game)
    assert "D1 hull 8 (start 10)" in board
    assert "  hit, taken or lost: D1 dreadnought (hull 8/10)" in board
    assert "order 1" in game.loop.reason_now()


def test_the_prompt_tells_a_volleys_dice_once_the_log_each_die():
    """A player's trial: every die of a volley was told twice at the prompt — a line per die,
    then the fire line with all of them. The fire, boarding and initiative lines tell them; the
    log keeps each die with its purpose (D6.3, D6.4)."""
    game = Game(load_scenario("fleet-battle"), seats=["red", "blue"], seed=4)
    lines = narrate(game, game.events)
    dice = [e for e in game.events if e["type"] == "dice"]
    assert dice and all(e["purpose"].startswith("initiative of ") for e in dice)
    assert not any(line.lstrip().startswith("die d6 for initiative") for line in lines)
    assert any("have the initiative (" in line for line in lines)
