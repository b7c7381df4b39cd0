"""What the board shows (view.py): glyphs, status lines and the legend, from the scenario."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.model import ABORIGINES
from distant_galaxy_episodes.aborigines.view import cell_glyph, legend, seat_letter, status_lines


def test_portal_lines_count_the_aborigines(board):
    board.put("invader", (7, 2))
    board.put("invader", (5, 2))
    board.put("guard", (6, 4))
    board.own("planet-2", ABORIGINES)
    board.own("planet-5", "red")
    lines = status_lines(board.game)
    assert "  portal 1: open; Aborigines: 2 invaders, 1 guard" in lines
    assert "  portal 2: BLOCKED; Aborigines: none" in lines
    assert "  portal 3: held; Aborigines: none" in lines


def test_legend_is_built_from_the_scenario(board):
    assert legend(board.game) == [
        "legend: 1-6 portal (X blocked); o zone planet; H/L system; # centre;",
        "  a held planet shows its owner's letter (@: an Aborigine colony)",
        "  rC rD rS: red's cruiser/destroyer/scout; Ai Ag Ah: Aborigine invader/guard/hunter"]


def test_glyphs(board):
    assert cell_glyph(board.game, (6, 3)) == "1"
    assert cell_glyph(board.game, (4, 1)) == "o"
    board.own("planet-1", "blue")
    assert cell_glyph(board.game, (4, 1)) == seat_letter(board.game, "blue") == "B"
    assert cell_glyph(board.game, (9, 9)) is None


def test_the_centre_line_keeps_the_scenarios_order_through_a_save(board):
    """A new player's trial: after ``dg resume`` the centre's reserve read "6 guard, 2 hunter,
    12 invader" where it had read "12 invader, 6 guard, 2 hunter" (a save writes its keys
    sorted)."""
    import json

    from distant_galaxy import Game, GameState

    def centre(game):
        return next(line for line in status_lines(game) if line.startswith("  centre:"))

    saved = json.loads(json.dumps(board.game.state.to_json(), sort_keys=True))  # as saves write
    again = Game(board.game.scenario, state=GameState.from_json(saved), seed=1)
    assert centre(again) == centre(board.game)
    assert centre(board.game).startswith("  centre: 14 invader, 7 guard, 4 hunter")
