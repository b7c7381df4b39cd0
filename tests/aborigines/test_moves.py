"""Cells of an Aborigine ship (moves.py): the die's direction, entry cells, cells that avoid
enemies (R5.52, R5.60, R5.20)."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.moves import avoid_cells, die_direction, entry_cells, join


def test_die_faces_name_directions_clockwise_from_north_R5_52(board):
    g = board.game
    assert [die_direction(g, (6, 3), d) for d in range(1, 9)] == [
        (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]


def test_the_direction_holds_at_the_edge_of_the_map(board):
    assert die_direction(board.game, (0, 0), 1) == (0, -1)   # north is off the map
    assert die_direction(board.game, (24, 16), 3) == (1, 0)


def test_entry_cells_start_at_the_die_cell_then_radius_2_R5_60(board):
    cells = entry_cells(board.game, "invader", 1, 3)
    assert cells[:2] == [(7, 3), (7, 4)]
    assert all(max(abs(x - 6), abs(y - 3)) == 1 for x, y in cells[:8])
    assert cells[8] == (8, 3)                                # radius 2, in the die's direction
    board.put("guard", (7, 3))
    assert entry_cells(board.game, "invader", 1, 3)[0] == (7, 4)


def test_avoiders_take_cells_away_from_enemies_first_R5_20(board):
    ship = board.put("invader", (18, 2))
    board.put("scout", (8, 3), owner="red")
    cells = avoid_cells(board.game, ship, 1, 3)
    assert cells[0] == (6, 4) and (7, 3) in cells[-6:]


def test_join_at_its_own_portal_stays(board):
    ship = board.put("invader", (7, 2))
    join(board.game, ship, 1, 1)
    assert ship.pos == (7, 2) and board.events("ai_move")[-1]["stay"]
