"""What a civilization ship may do now (reach.py): the predicates ``legal`` lists and ``check``
explains, so both always agree."""

from __future__ import annotations

from distant_galaxy import IllegalAction
from distant_galaxy_episodes.aborigines import reach
from distant_galaxy_episodes.aborigines.model import ABORIGINES


def test_one_movement_and_one_deed_per_turn(board):
    s = board.put("scout", (12, 3), owner="red")
    assert reach.may_move(s) and reach.may_act(s)
    board.game.apply(f"move {s.id} 9,3")
    assert not reach.may_move(s) and reach.may_act(s)
    s.attrs["acted"] = True
    assert not reach.may_act(s)


def test_move_targets_follow_the_speed(board):
    s = board.put("scout", (12, 3), owner="red")
    d = board.put("destroyer", (12, 4), owner="red")
    assert (8, 3) in reach.move_targets(board.game, s) and (7, 3) not in reach.move_targets(
        board.game, s)                                       # scout: speed 4
    assert max(abs(x - 12) for x, _ in reach.move_targets(board.game, d)) == 2   # D5.12: 2


def test_jump_targets_need_two_open_portals_R5_12(board):
    s = board.put("scout", (5, 2), owner="red")
    cells = reach.jump_targets(board.game, s)
    assert (19, 3) in cells and all(reach.portals_next_to(board.game, c) != [1] for c in cells)
    board.own("planet-1", ABORIGINES)
    assert reach.jump_targets(board.game, s) == []


def test_deed_targets(board):
    board.own("planet-1", ABORIGINES)
    s = board.put("scout", (5, 2), owner="red")
    a = board.put("invader", (6, 1))
    assert [t.id for t in reach.attack_targets(board.game, s)] == [a.id]
    assert reach.capture_targets(board.game, s) == ["planet-1"]
    assert reach.colonize_targets(board.game, s) == []
    board.put("guard", (3, 1))                               # in the orbit of planet-1
    assert reach.guarded(board.game, "planet-1") and reach.capture_targets(board.game, s) == []


def test_legal_and_check_agree(board):
    board.own("planet-1", ABORIGINES)
    s = board.put("scout", (5, 2), owner="red")
    board.put("invader", (6, 1))
    board.put("guard", (9, 2))
    legal = {str(a) for a in board.game.legal_actions()}
    kinds = board.game.kinds
    for verb in ("attack", "capture", "colonize"):
        for other in [*board.state.tokens, *board.state.sites]:
            action = board.game.parse(f"{verb} {s.id} {other}")
            try:
                kinds[verb].check(board.game, "red", action)
                ok = True
            except IllegalAction:
                ok = False
            assert ok == (str(action) in legal), action


def test_hack_pairs_within_range_R5_4(board4):
    board4.put("scout", (9, 2), owner="yellow")
    g = board4.put("guard", (7, 2))
    i = board4.put("invader", (5, 2))
    pairs = {(a.id, b.id) for a, b in reach.hack_pairs(board4.game, "yellow")}
    assert pairs == {(g.id, i.id)}                           # the invader is 4 cells away
    assert reach.may_hack(board4.game, "yellow") and not reach.may_hack(board4.game, "red")
