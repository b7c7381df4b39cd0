"""The mistakes a new author made writing Gomoku, Hexapawn, Fox and Geese and Three Men's Morris
in YAML alone (the fourth authoring trial): each is now an error of ``dg validate`` at its
place, with a guess where one is close, instead of a game that ends at once or a message that
points elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from distant_galaxy.errors import ScenarioError
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.validate import validate_one
from distant_galaxy.text import count_of, plural

BOARD = """\
format: 1
id: pegs
title: Pegs
players: {min: 2, max: 2}
seats: [{id: black}, {id: white}]
map: {topology: square8, width: 3, height: 3, fill: point}
cell_types:
  point: {stop: ["*"], glyph: "."}
unit_types:
  peg: {glyph: "p"}
setup:
  tokens: [{type: peg, owner: black, at: "0,0"}]
phases:
  - {id: play, seat: active, end: false}
actions:
  - {id: place, kind: place, piece: peg, ends_turn: true}
victory:
  - {id: full, if: "no_legal_move()", winner: none, reason: the board is full}
"""


def _errors(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "pegs.yaml"
    path.write_text(text, encoding="utf-8")
    return validate_one(str(path))


def test_a_piece_no_cell_lets_stop_is_an_error_not_a_game_over_at_once(tmp_path):
    errors = _errors(tmp_path, BOARD.replace('point: {stop: ["*"], glyph: "."}',
                                             'point: {glyph: "."}'))
    assert len(errors) == 1, errors
    assert "pegs.yaml:16:37: a peg may stop on no cell of the map, so 'place' could never " \
           "be played" in errors[0]
    assert 'cell_types: {point: {stop: ["*"]}}' in errors[0]


MOVES = BOARD.replace("""actions:
  - {id: place, kind: place, piece: peg, ends_turn: true}
""", """actions:
  - id: hop
    kind: move
    forward: {black: south, white: north}
    pieces:
      peg:
        - {directions: [forward]}
""")


def test_a_misspelt_unit_type_under_pieces_is_placed_on_the_key_with_a_guess(tmp_path):
    errors = _errors(tmp_path, MOVES.replace("      peg:\n", "      pegs:\n"))
    assert len(errors) == 1 and "pegs.yaml:20:7: unknown unit type 'pegs'; did you mean " \
                                "'peg'?" in errors[0], errors


def test_a_misspelt_seat_of_forward_is_placed_on_the_key_with_a_guess(tmp_path):
    errors = _errors(tmp_path, MOVES.replace("white: north}", "whte: north}"))
    assert len(errors) == 1 and "pegs.yaml:18:29: unknown seat 'whte'; did you mean " \
                                "'white'?" in errors[0], errors


def test_a_misspelt_direction_is_one_error_at_the_item(tmp_path):
    errors = _errors(tmp_path, MOVES.replace("[forward]", "[forwards]"))
    assert len(errors) == 1 and "pegs.yaml:21:25:" in errors[0] \
        and "did you mean 'forward'?" in errors[0], errors


def test_a_relative_group_without_forward_names_the_group_and_the_seats(tmp_path):
    text = MOVES.replace("    forward: {black: south, white: north}\n", "") \
        .replace("[forward]", "[north, orthogonal]")
    errors = _errors(tmp_path, text)
    assert len(errors) == 1, errors
    assert "pegs.yaml:20:32: 'orthogonal' is relative to each seat's forward" in errors[0]
    assert "no forward is given for black, white" in errors[0]
    assert "forward: {black: north, white: north}" in errors[0]


def test_a_misspelt_key_of_setup_is_an_error_of_validate(tmp_path):
    errors = _errors(tmp_path, BOARD.replace("  tokens:", "  tokns:"))
    assert len(errors) == 1 and "pegs.yaml:12:3: unknown key 'tokns' in setup; did you mean " \
                                "'tokens'?" in errors[0], errors


def test_a_rule_tests_unknown_owner_and_event_type_are_errors_of_validate(tmp_path):
    errors = _errors(tmp_path, BOARD + """tests:
  - name: typo
    setup: {tokens: [{type: peg, owner: blak, at: "1,1"}]}
    actions: ["place 2,2"]
    expect: {events: [{type: gameover}]}
""")
    assert len(errors) == 2, errors
    assert "pegs.yaml:21:41: unknown seat 'blak'; did you mean 'black'?" in errors[0]
    assert "pegs.yaml:23:30: unknown event type 'gameover': no event of this game has it; did " \
           "you mean 'game_over'?" in errors[1]


def test_every_event_a_shipped_rule_test_expects_is_in_its_catalogue():
    """space_domain's ``token_flag`` (set_flag) was emitted without being declared: a rule
    test that expected it would have been refused by the check above."""
    assert validate_one("aborigine-clash") == []


@pytest.mark.parametrize("rule, hint", [
    ("winner: nobody", "did you mean 'none' (no one: a draw)?"),
    ("if: 'pieces(white) > 0'", "quote it within the rule, and the rule in single quotes in "
                                "YAML: 'pieces(\"white\") > 0'"),
    ("if: white", "in YAML, quote the whole rule: '\"white\"'"),
])
def test_a_bare_name_gets_the_hint_that_fixes_it(tmp_path, rule, hint):
    key, _, value = rule.partition(": ")
    line = f"  - {{id: full, if: 'no_legal_move()', winner: {value}, reason: r}}\n" \
        if key == "winner" else f"  - {{id: full, if: {value}, reason: r}}\n"
    text = BOARD.replace(
        '  - {id: full, if: "no_legal_move()", winner: none, reason: the board is full}\n', line)
    errors = _errors(tmp_path, text)
    assert len(errors) == 1 and hint in errors[0], errors


def test_extends_of_a_missing_file_says_where_it_looked(tmp_path):
    (tmp_path / "sub").mkdir()
    path = tmp_path / "sub" / "mod.yaml"
    path.write_text("format: 1\nid: m\ntitle: M\nextends: base.yaml\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(str(path))
    text = info.value.format()
    assert f"extends: file not found: 'base.yaml' (looked for {tmp_path / 'sub' / 'base.yaml'}" \
        in text and "read from the folder of the file that extends it" in text


def test_plurals_of_pieces_read_as_english():
    assert [plural(w) for w in ("man", "goose", "army", "match", "day", "seeds", "human")] == [
        "men", "geese", "armies", "matches", "days", "seeds", "humans"]
    assert count_of(3, "man") == "3 men" and count_of(1, "man") == "1 man"
    assert count_of(2, "merchant man") == "2 merchant men"


def test_seats_drawn_with_the_same_letter_are_a_warning(tmp_path):
    errors = _errors(tmp_path, BOARD.replace("{id: white}", "{id: blue}"))
    assert len(errors) == 1 and errors[0].startswith("warning: ") \
        and "seats black and blue are both drawn as 'b' on the board" in errors[0], errors
    assert _errors(tmp_path, BOARD.replace("{id: white}", "{id: blue, glyph: u}")) == []


def test_an_unknown_cell_type_of_the_legend_gets_a_guess(tmp_path):
    text = BOARD.replace("map: {topology: square8, width: 3, height: 3, fill: point}",
                         'map:\n  topology: square8\n  rows: "..."\n  legend: {".": {cell: pont}}')
    errors = _errors(tmp_path, text)
    assert len(errors) == 1 and "legend '.': unknown cell type 'pont'; did you mean " \
                                "'point'?" in errors[0], errors
