"""English draughts in YAML alone (issue 31, items 2 and 4): jumps, chains of jumps as one action,
compulsory capture and promotion that ends a chain (``distant_galaxy.builtin.board.jumps``).

The perft counts are the published ones (7 / 49 / 302 / 1,469 / 7,361 / 36,768; depth 8 =
845,931 is in docs/authoring.md). Random games are checked against a small independent move
generator written here from the rules, kings and crowning included; every action's text parses
back; a refused action and an undo leave the state exactly as it was.
"""

from __future__ import annotations

import random

import pytest

from distant_galaxy.core.actions import Action
from distant_galaxy.core.game import Game
from distant_galaxy.errors import IllegalAction
from distant_galaxy.harness.perft import new_game, perft
from distant_galaxy.harness.rule_tests import run_file
from distant_galaxy.scenario.find import scenarios_dir
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.validate import validate_one

DRAUGHTS = str(scenarios_dir() / "classic" / "draughts.yaml")
FORWARD = {"black": 1, "white": -1}  # y grows downward: black (top) moves south


@pytest.mark.parametrize("depth, count", [(1, 7), (2, 49), (3, 302), (4, 1_469), (5, 7_361),
                                          (6, 36_768)])
def test_draughts_perft(depth, count):
    assert perft(new_game("draughts"), depth) == count


def test_draughts_is_yaml_alone_and_its_rule_tests_pass():
    assert validate_one(DRAUGHTS) == []
    scenario = load_scenario(DRAUGHTS)
    assert scenario.data.get("plugins", []) == []
    assert Game(scenario, seed=1, record=False).pure
    results = run_file(DRAUGHTS)
    assert results and all(r.ok for r in results), [r.problems for r in results]


# -- an independent move generator, from the rules ------------------------------------------
def reference_moves(board: dict, seat: str) -> set[str]:
    """Every legal move of ``seat`` as text: ``board`` maps (x, y) to (owner, unit type)."""
    jumps: list[list[tuple[int, int]]] = []
    steps: list[list[tuple[int, int]]] = []
    for (x, y), (owner, unit) in board.items():
        if owner != seat:
            continue
        dys = (-1, 1) if unit == "king" else (FORWARD[seat],)
        for dy in dys:
            for dx in (-1, 1):
                to = (x + dx, y + dy)
                if 0 <= to[0] < 8 and 0 <= to[1] < 8 and to not in board:
                    steps.append([(x, y), to])
        walk(board, seat, unit, dys, [(x, y)], set(), jumps)
    return {"move " + " ".join(f"{a},{b}" for a, b in p) for p in (jumps or steps)}


def walk(board, seat, unit, dys, path, over, out) -> None:
    x, y = path[-1]
    found = False
    for dy in dys:
        for dx in (-1, 1):
            mid, land = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
            if not (0 <= land[0] < 8 and 0 <= land[1] < 8) or mid in over:
                continue
            if mid not in board or board[mid][0] == seat:
                continue
            if land in board and land != path[0]:
                continue
            found = True
            last_row = land[1] == (7 if seat == "black" else 0)
            if unit == "man" and last_row:
                out.append([*path, land])  # crowned: the move ends
            else:
                walk(board, seat, unit, dys, [*path, land], over | {mid}, out)
    if not found and len(path) > 1:
        out.append(path)


def board_of(game: Game) -> dict:
    st = game.state
    return {pos: (st.tokens[t].owner, st.tokens[t].type) for pos, t in st.board.items()}


def test_random_games_match_the_reference_generator():
    scenario = load_scenario(DRAUGHTS)
    rng = random.Random(31)
    kings = 0
    for seed in range(6):
        game = Game(scenario, seed=seed, record=False)
        while not game.over:
            seat = game.pending.seat
            legal = game.legal_actions()
            assert {str(a) for a in legal} == reference_moves(board_of(game), seat)
            action = rng.choice(legal)
            assert game.check(Action.parse(str(action))) == action  # the text parses back
            game.apply(Action.parse(str(action)))
        kings += sum(t.type == "king" for t in game.state.tokens.values())
        assert game.result["winner"] is not None or game.state.round > 200 \
            or "limit" in game.result["reason"]
    assert kings > 0  # the games reached promotions (so kings' moves were compared too)


def test_a_refused_chain_and_an_undone_crowning_leave_the_state_as_it_was(tmp_path):
    scenario = load_scenario(DRAUGHTS)
    game = Game(scenario, seed=1)
    for text in ["move 1,2 2,3", "move 4,5 3,4"]:
        game.apply(Action.parse(text))
    before = game.state.hash()
    for bad, why in [("move 3,2 4,3", "a capture is compulsory"),
                     ("move 2,3 4,5 6,7", "the landing cell 6,7 is occupied"),
                     ("move 2,3 4,5 5,6", "cannot jump from 4,5 to 5,6"),
                     ("move 2,3 4,4", "cannot reach")]:
        with pytest.raises(IllegalAction, match=why):
            game.apply(Action.parse(bad))
        assert game.state.hash() == before
    # a crowning, then undo (in a copy whose move does not end the turn): a man again
    text = open(DRAUGHTS, encoding="utf-8").read().replace("ends_turn: true", "ends_turn: false")
    (tmp_path / "draughts.yaml").write_text(text, encoding="utf-8")
    game = Game(load_scenario(str(tmp_path / "draughts.yaml")), seed=1)
    st = game.state
    for tok in list(st.tokens.values()):
        st.remove_token(tok)
    st.add_token("man", "black", (2, 5))
    st.add_token("man", "white", (3, 6))
    st.add_token("man", "white", (0, 1))
    game.state_changed()
    before = game.state.hash()
    game.apply(Action.parse("move 2,5 4,7"))
    assert game.state.token_at((4, 7)).type == "king"
    assert game.state.pieces_of("black") == {(4, 7): "king"}
    game.undo()
    assert game.state.hash() == before and game.state.token_at((2, 5)).type == "man"


def _mod(tmp_path, body: str) -> str:
    path = tmp_path / "mod.yaml"
    path.write_text("format: 1\nid: mod\ntitle: Mod\nextends: draughts\n" + body, encoding="utf-8")
    return str(path)


def _capture_refused(path: str) -> bool:
    """Whether a step is refused while black can capture (after 1,2-2,3 4,5-3,4)."""
    game = Game(load_scenario(path), seed=1)
    for text in ["move 1,2 2,3", "move 4,5 3,4"]:
        game.apply(Action.parse(text))
    try:
        game.apply(Action.parse("move 3,2 4,3"))
    except IllegalAction as exc:
        assert "a capture is compulsory" in str(exc)
        return True
    return False


def test_compulsory_capture_is_a_scenario_setting_and_the_action_key_still_works(tmp_path):
    """Issue 31 item 2 asked for compulsory capture as a scenario setting: the shipped draughts
    says ``must_capture: true`` at the top level; an action's own ``must_capture:`` (the old
    key) still works and wins over it."""
    assert load_scenario(DRAUGHTS).data["must_capture"] is True
    assert _capture_refused(DRAUGHTS)
    assert not _capture_refused(_mod(tmp_path, "must_capture: false\n"))
    assert not _capture_refused(_mod(tmp_path, "actions:\n  - id: move\n    must_capture: false\n"))
    assert _capture_refused(_mod(tmp_path, "must_capture: false\nactions:\n  - id: move\n"
                                           "    must_capture: true\n"))


def test_compulsory_capture_without_a_jump_is_refused_at_load(tmp_path):
    path = tmp_path / "bt.yaml"
    path.write_text("format: 1\nid: bt\ntitle: B\nextends: breakthrough\nmust_capture: true\n",
                    encoding="utf-8")
    [error] = validate_one(str(path))
    assert "bt.yaml:5:15: 'must_capture: true' has no effect: no move action has a jump" in error
