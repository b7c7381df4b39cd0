"""The greedy bot carries units by passenger shuttle (R7.40b, R7.41, R7.42; issue 11 item 19)
and the shuttle networks it reads (transport.py)."""

from __future__ import annotations

from distant_galaxy import Game
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.bots import GreedyBot, _pos, _trial, weights
from distant_galaxy_episodes.asteroid_belt.selfplay import scenario
from distant_galaxy_episodes.asteroid_belt.transport import nearest_stop, networks, ride_gain
from tests.asteroid_belt.conftest import Table

GOAL = (22, 7)      # asteroid-4-3, on the right edge
DOCK = (5, 4)       # asteroid-3-1, a class-3 asteroid (R7.41)
START = (4, 3)      # a lane cell next to it


def far_goal_table() -> tuple[Table, str]:
    """Orange's engineer by the class-3 asteroid; every asteroid but the far one is a mine."""
    t = Table().clear().turn("orange")
    for s in model.asteroids(t.game):
        if s.pos != GOAL:
            s.markers = {"mine": "purple"}
    return t, t.put("engineer", "orange", START)


def test_R7_40b_shuttle_routes_form_networks_of_stop_cells():
    """Red cells and portals are the shuttle's routes; the standard map has one network, whose
    stops are the free-standing red cells."""
    game = Table().game
    nets = networks(game)
    stops = next(iter(nets.values()))
    assert len(set(nets.values())) == 1 and stops
    assert all(model.may_stop(game, "shuttle", c) for c in stops)
    d = nearest_stop(game, stops[0], GOAL)
    assert d is not None and ride_gain(game, START, stops[0], GOAL) == 18 - d


def test_R7_41_R7_42_greedy_bot_rides_a_shuttle_towards_a_far_goal():
    """The bot activates a shuttle (R7.41), boards its engineer (R7.42), rolls and flies towards
    the goal (R7.40b, forced 6s) and unloads it there on a later turn, nearer than it started."""
    t, eng = far_goal_table()
    game, bot = t.game, GreedyBot("orange", 1)
    assert 18 - nearest_stop(game, (6, 4), GOAL) >= weights(game, "orange")["transport_min_gain"]
    verbs: list[str] = []
    for _turn in range(4):
        game.dice.force([6] * 4)
        for _ in range(6):
            a = bot.choose(game)
            if a.verb not in ("activate", "board", "roll", "fly", "unload"):
                break
            verbs.append(a.verb)
            game.apply(a)
            if a.verb == "unload":
                break
        if "unload" in verbs:
            break
        t.st.round += 1
        t.turn("orange")
    assert verbs[:4] == ["activate", "board", "roll", "fly"], verbs
    assert verbs[-1] == "unload", verbs
    tok = t.st.tokens[eng]
    assert tok.pos is not None and game.scenario.grid.distance(tok.pos, GOAL) <= 4


def test_greedy_bot_walks_when_a_ride_saves_too_little():
    """With ``transport_min_gain`` above what the ride saves, the bot does not activate."""
    t, _ = far_goal_table()
    w = weights(t.game, "orange")
    old = w["transport_min_gain"]
    w["transport_min_gain"] = 99
    try:
        assert GreedyBot("orange", 1).choose(t.game).verb != "activate"
    finally:
        w["transport_min_gain"] = old


def test_R7_42_a_unit_beyond_its_load_range_of_an_activation_cell_never_boards_there():
    """The greedy bot plays a trial activation (a copy of the game) only on cells where enough
    units are within their load range (R7.42: speed, plus the dock bonus next to a class-3
    asteroid): board_path's first test. Checked on every activation of two seeded greedy games
    where the seat has no shuttle: the trial's boarders are always among the units counted."""
    sc = scenario()
    seen = boarded = 0
    for seed in (3, 11):
        game = Game(sc, seats=["orange", "purple"], seed=seed, record=False)
        bots = {s: GreedyBot(s, seed) for s in game.state.seats}
        while not game.over and game.state.round <= 12:
            seat = game.pending.seat
            if game.pending.kind != "defence" and not model.shuttles_of(game, seat):
                for a in game.legal_of("activate"):
                    at, bot = _pos(a.args[0]), bots[seat]
                    boards = {b.args[0] for b in _trial(game, a).legal_of("board")}
                    assert boards <= {t.id for t in bot._may_board(game, seat, at)}, (seed, a)
                    seen, boarded = seen + 1, boarded + bool(boards)
            game.apply(bots[seat].choose(game))
    assert seen > 20 and boarded > 5, (seen, boarded)   # the check is not vacuous
