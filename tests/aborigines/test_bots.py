"""The civ bot (bots.py): weights from ``aborigines.bots.civ``, the best positive score wins."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.bots import WEIGHTS, CivBot, Weights
from distant_galaxy_episodes.aborigines.model import ABORIGINES


def _choose(board) -> str:
    return str(CivBot("red", 1).choose(board.game))


def test_weights_are_read_once_from_the_scenario(scenario):
    w = Weights.of(scenario)
    assert scenario.stash[WEIGHTS] is w and Weights.of(scenario) is w
    assert (w.capture, w.colonize, w.hack, w.attack) == (100, 90, 45, 40)
    assert w.targets == {"invader": 30, "guard": 20, "hunter": 5} and w.jitter == 0.1


def test_capture_before_colonize_before_attack(board):
    board.own("planet-1", ABORIGINES)
    s = board.put("scout", (5, 2), owner="red")             # in the orbit of planet-1
    a = board.put("invader", (6, 1))                        # next to the scout, not the planet
    assert _choose(board) == f"capture {s.id} planet-1"
    board.own("planet-1", None)
    assert _choose(board) == f"colonize {s.id} planet-1"
    board.own("planet-1", "red")
    assert _choose(board) == f"attack {s.id} {a.id}"


def test_a_non_cruiser_leaves_the_hunter_alone_for_an_invader(board):
    s = board.put("scout", (9, 2), owner="red")
    board.put("hunter", (8, 1))
    i = board.put("invader", (8, 3))
    assert _choose(board) == f"attack {s.id} {i.id}"        # 40 + 30 > 40 + 5 - 30


def test_moves_towards_a_goal_and_ends_when_nothing_helps(board):
    s = board.put("scout", (12, 3), owner="red")
    choice = _choose(board)
    assert choice.startswith(f"move {s.id} ") or choice.startswith(f"jump {s.id} ")
    for sid in list(board.state.sites):
        if sid.startswith("planet-"):
            board.own(sid, "red")                           # no goal left
    assert _choose(board) == "end"


def test_remembered_costs_are_the_costs_of_a_fresh_bot(scenario):
    """The costs a bot remembers by goals and open portals are what a new bot computes: along
    a game whose goals change (invaders move, planets change hands, portals close)."""
    from distant_galaxy import Game
    game = Game(scenario, seats=["red", "blue"], seed=3)
    bot = CivBot("red", 3)
    cells = [(x, y) for x in range(0, scenario.grid.width, 3)
             for y in range(0, scenario.grid.height, 2)]
    checked = 0
    while not game.over and checked < 40:
        seat = game.pending.seat
        if seat == "red":
            cost, fresh = bot.distance_to_goals(game), CivBot("red", 3).distance_to_goals(game)
            assert [cost(c) for c in cells] == [fresh(c) for c in cells]
            assert [cost(c) for c in cells] == [fresh(c) for c in cells]  # the remembered ones
            checked += 1
        game.apply(CivBot(seat, 3).choose(game))
    assert checked >= 10 and len(bot._costs) > 1
