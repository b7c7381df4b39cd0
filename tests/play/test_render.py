"""The terminal view (distant_galaxy.play.render): glyphs of tokens, sites and cells, the players'
lines, plugin cells and status lines, and the result line."""

from __future__ import annotations

import random
import re

import pytest

from distant_galaxy import Game, load_scenario
from distant_galaxy.play.render import cell_glyph, render_board, render_players, render_result

BOARD = """\
seats: [{id: red, faction: rebels}, {id: blue}]
factions: {rebels: {title: Rebels}}
counters: {gold: {initial: 2}, points: {initial: 0}}
pools: {reserve: {}}
map:
  topology: square4
  rows: |
    .a~_.
    .....
  legend:
    ".": {cell: space}
    "~": {cell: lane}
    "_": {cell: void}
    "a": {cell: space, site: rock}
cell_types: {space: {glyph: "-"}, lane: {glyph: "~"}, void: {}}
site_kinds: {rock: {glyph: R}}
unit_types:
  ship: {glyph: S}
  mark: {glyph: ""}
  beacon: {glyph: B}
  drone: {}
setup:
  pools: {red: {reserve: {ship: 2, drone: 1}}}
  tokens:
    - {type: ship, owner: red, at: "0,1"}
    - {type: mark, owner: blue, at: "1,1"}
    - {type: beacon, at: "2,1"}
    - {type: beacon, owner: red, at: "3,1"}
    - {type: drone, owner: blue, at: "4,1"}
"""


@pytest.fixture
def game(make_scenario) -> Game:
    return Game(make_scenario(BOARD), seed=1)


def test_each_cell_shows_a_token_else_a_site_else_its_cell_type(game):
    assert [cell_glyph(game, (x, 0)) for x in range(5)] == ["-", "R", "~", ".", "-"]
    # owner initial + unit glyph; an empty glyph: the initial alone; neutral: the glyph alone;
    # no glyph: the type's initial
    assert [cell_glyph(game, (x, 1)) for x in range(5)] == ["rS", "b", "B", "rB", "bD"]


def test_the_board_has_coordinates_and_aligned_cells(game):
    board = render_board(game).split("\n")
    assert board[:3] == ["   0  1  2  3  4",
                         "0  -  R  ~  .  -",
                         "1 rS  b  B rB bD"]


def test_the_players_lines_show_counters_in_order_pools_and_factions(game):
    assert render_players(game).split("\n") == [
        "round 1, red's turn — red decides: main",
        "  red (rebels): gold 2; points 0; reserve: 1 drone, 2 ships",
        "  blue: gold 2; points 0",
    ]
    assert render_board(game).endswith(render_players(game))  # no plugin: nothing below


def test_the_players_line_says_when_the_game_is_over(game):
    game.finish("red", "by hand")
    assert render_players(game).split("\n")[0] == "round 1: the game is over"


def test_a_plugin_draws_cells_and_adds_status_lines(make_scenario, probe_plugin):
    game = Game(make_scenario(BOARD, f"plugins: [{probe_plugin}]\n"), seed=1)
    assert cell_glyph(game, (0, 0)) == "@"   # the plugin's cell, over the cell type
    assert cell_glyph(game, (1, 0)) == "R"   # the plugin says nothing here
    game.state.move_token(game.state.tokens["T1"], (0, 0))
    game.state_changed()
    assert cell_glyph(game, (0, 0)) == "rS"  # a token comes first
    game.apply("end")
    lines = render_board(game).split("\n")
    assert lines[-1] == "probe: 1 actions"
    assert lines[-2] == "  blue: gold 2; points 0"


def test_tic_tac_toe_board_and_result():
    game = Game(load_scenario("tic-tac-toe"), seed=1)
    for action in ["place 0,0", "place 1,1", "place 1,0", "place 2,2", "place 2,0"]:
        game.apply(action)
    assert render_board(game).split("\n")[:4] == ["  0 1 2", "0 x x x", "1 . o .", "2 . . o"]
    assert render_result(game) == "x wins — a complete line (round 3)"


@pytest.mark.parametrize(("winner", "line"), [
    ("blue", "blue wins — the reason (round 1)"),
    (None, "a draw — the reason (round 1)"),
    ("rebels", "the rebels win — the reason (round 1)"),  # a side, not a seat
])
def test_the_result_line(game, winner, line):
    assert render_result(game) == "the game is not over"
    game.finish(winner, "the reason")
    assert render_result(game) == line


def test_a_painted_board_wraps_owned_cells_after_aligning_them(game):
    painted = render_board(game, lambda text, style: f"<{style}|{text}>")
    plain = render_board(game)
    rows = painted.split("\n")
    assert rows[1] == plain.split("\n")[1]  # no token, no owned site: plain
    assert rows[2].startswith("1 <#d62728|rS> <")  # red's ship in red, padded before painting
    assert "<#555555| B>" in rows[2]  # a neutral token in the neutral grey
    assert "<#d62728|red>'s turn" in rows[3]


def test_the_painted_result_is_bold_in_the_winners_colour(game):
    game.finish("red", "by hand")
    assert render_result(game, lambda text, style: f"<{style}|{text}>").startswith(
        "<bold #d62728|red wins> — by hand")


def _played(name: str, seed: int = 1) -> Game:
    """A game of a shipped scenario played to its end by seeded random choices."""
    rng = random.Random(seed)
    game = Game(load_scenario(name), seed=seed)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(("name", "score"), [
    ("othello", r": black \d+, white \d+$"), ("kalah", r": south \d+, north \d+$"),
    ("pig", r": red \d+, blue \d+$"),
])
def test_the_result_line_gives_the_final_score_the_victory_names(name, score):
    """The audit of issue 31: Othello and Kalah announced the winner, not the counts. The
    victory's ``score:`` is shown; the log's game_over event is as before."""
    game = _played(name)
    line = render_result(game)
    assert re.search(score, line), line
    over = game.events[-1]
    assert over["type"] == "game_over" and "score" not in over


def test_the_score_of_the_board_agrees_with_the_pieces():
    game = _played("othello")
    black = sum(1 for t in game.state.tokens.values() if t.owner == "black" and t.pos)
    assert f"black {black}," in render_result(game)


def test_a_scenario_with_nothing_on_its_map_draws_no_board():
    """Pig's 1×1 table was printed every round; its helper counter ``die`` is not shown."""
    game = Game(load_scenario("pig"), seed=1)
    assert render_board(game).split("\n") == ["round 1, red's turn — red decides: turn",
                                              "  red: score 0; total 0",
                                              "  blue: score 0; total 0"]


def test_kalah_s_seeds_are_on_the_board_not_repeated_under_it():
    """``seeds 5/4`` read as five of at most four; the seeds are on the cells already, and the
    helper counter ``last`` (``status: false``) is not printed."""
    game = Game(load_scenario("kalah"), seed=1)
    game.apply("sow 1,1")
    text = render_board(game)
    assert "seeds" not in text and "last" not in text and "/4" not in text
    assert text.split("\n")[2].split()[:3] == ["1", "s0", "s5"]
