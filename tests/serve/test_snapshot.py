"""What a seat is sent (engine/serve/snapshot.py), in process: the clickable unit and cells of each
action, and what a seat that is not deciding and a spectator are not sent."""

from __future__ import annotations

import io
import random

import pytest

from distant_galaxy.core.actions import Action
from distant_galaxy.core.game import Game
from distant_galaxy.play.runner import new_session
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.serve.host import GameHost, SaveFile
from distant_galaxy.serve.snapshot import action_targets, snapshot, text_targets


@pytest.mark.parametrize(("name", "options"), [("asteroid-belt", []), ("fleet-battle", []),
                                               ("breakthrough", [])])
def test_typed_targets_name_the_unit_and_cells_the_text_names(name: str, options: list[str]) -> None:
    game = Game(load_scenario(name, None, options), seed=3)
    rng = random.Random(2)
    seen_unit = False
    for _ in range(60):
        if game.over:
            break
        view = game.view(game.pending.seat)  # type: ignore[union-attr]
        for action in view.legal_actions():
            unit, cells = action_targets(view, action)
            assert (unit, cells) == text_targets(view, action)
            seen_unit = seen_unit or unit is not None
        game.apply(rng.choice(game.legal_actions()))
    assert seen_unit or name == "breakthrough"  # its moves name two cells, no unit


def test_a_cell_to_cell_move_names_both_cells() -> None:
    game = Game(load_scenario("breakthrough"), seed=1)
    view = game.view(game.pending.seat)  # type: ignore[union-attr]
    move = next(a for a in view.legal_actions() if a.verb == "move")
    assert action_targets(view, move) == (None, [[int(v) for v in arg.split(",")]
                                                 for arg in move.args])
    assert text_targets(view, Action("end")) == (None, [])



def test_a_column_drop_is_given_by_any_cell_of_its_column() -> None:
    """Connect Four's ``drop 3`` named no cell, so its board could not be clicked, though the
    page said to click a highlighted cell (a new player's trial of dg serve)."""
    game = Game(load_scenario("connect-four"), seed=1)
    view = game.view(game.pending.seat)  # type: ignore[union-attr]
    height = game.scenario.grid.height
    for drop in view.legal_actions():
        x = int(drop.args[0])
        assert action_targets(view, drop) == (None, [[x, y] for y in range(height)])

def host_of(name: str, humans: list[str]) -> GameHost:
    scenario = load_scenario(name)
    seats = scenario.seat_ids()
    kinds = {s: ("human" if s in humans else "random") for s in seats}
    session = new_session(scenario, 1, seats, kinds, None, {"inp": io.StringIO(),
                                                              "out": io.StringIO()})
    return GameHost(session, kinds, SaveFile(None))


def test_only_the_deciding_seat_gets_actions_and_the_reason() -> None:
    host = host_of("tic-tac-toe", ["x", "o"])
    mine, other, public = snapshot(host, "x"), snapshot(host, "o"), snapshot(host, None)
    assert mine["your_turn"] and mine["actions"] and mine["pending"]["reason"]
    assert not other["your_turn"] and other["actions"] == [] and other["pending"]["reason"] is None
    assert public["you"] is None and public["actions"] == [] and public["handover"] is None
    assert public["svg"] == mine["svg"]  # nothing hidden here: one drawing for everybody


def test_a_bot_seat_plays_on_the_host() -> None:
    host = host_of("tic-tac-toe", ["x"])
    token = next(iter(host.tokens))
    assert host.submit(token, "place 1,1", 0).status == 200
    assert host.drive_bots() == 1 and host.decision == 2
    assert snapshot(host, "x")["your_turn"]


def test_a_snapshot_carries_the_latest_lines_and_says_how_many_are_left_out(monkeypatch) -> None:
    """The terminal prompt tells everything since the seat's last decision; a snapshot carries
    the latest MAX_LINES lines and counts the others, which /api/narration gives in full."""
    from distant_galaxy.serve import snapshot as module

    host = host_of("asteroid-belt", ["orange"])
    host.drive_bots()
    told = module.full_narration(host, "orange")["lines"]
    assert len(told) > 4
    monkeypatch.setattr(module, "MAX_LINES", 4)
    snap = snapshot(host, "orange")
    assert snap["narration"] == told[-4:] and snap["narration_left_out"] == len(told) - 4
    monkeypatch.setattr(module, "MAX_LINES", 400)
    assert snapshot(host, "orange")["narration"] == told
    assert snapshot(host, "orange")["narration_left_out"] == 0


def test_a_hot_seat_screen_gets_nothing_of_the_next_seat_until_its_player_is_there() -> None:
    host = host_of("tic-tac-toe", ["x", "o"])
    host.hot_seat = True
    host.tokens = {"t": "*hot-seat*"}
    assert host.submit("t", "place 0,0", 0).status == 200
    hidden = snapshot(host, "*hot-seat*")
    assert hidden["masked"] and hidden["you"] == "o" and hidden["handover"]
    assert (hidden["svg"], hidden["board"], hidden["narration"], hidden["actions"],
            hidden["standing"], hidden["status"]) == ("", "", [], [], None, [])
    shown = snapshot(host, "*hot-seat*", here="o")
    assert not shown["masked"] and shown["your_turn"] and shown["svg"]
    assert snapshot(host, "*hot-seat*", here="x")["masked"]  # x is not the one to play


def test_the_links_are_printed_in_the_seat_order_after_a_resume_too() -> None:
    """A resumed game printed the pending seat's link first (a new player's trial)."""
    host = host_of("tic-tac-toe", ["x", "o"])
    host.tokens = dict(reversed(list(host.tokens.items())))  # as keep_tokens may give them
    assert list(host.links("http://h")) == ["x", "o"]


def test_a_hot_seat_with_hidden_values_is_masked_from_the_first_decision() -> None:
    """The browser hot seat showed the first player's secret order at once (a new player's
    trial): whoever opened the page must not see it. Without hidden values it is shown."""
    scenario = load_scenario("fleet-battle", "hot-seat", ["secret-orders"])
    kinds = {"red": "human", "blue": "human"}
    session = new_session(scenario, 12345, None, kinds, None, {"inp": io.StringIO(),
                                                              "out": io.StringIO()})
    host = GameHost(session, kinds, SaveFile(None), "main", True)
    first = host.game.pending.seat  # type: ignore[union-attr]
    assert snapshot(host, "*hot-seat*")["masked"]
    assert not snapshot(host, "*hot-seat*", here=first)["masked"]
    plain = host_of("tic-tac-toe", ["x", "o"])
    plain.hot_seat = True
    assert not snapshot(plain, "*hot-seat*")["masked"]


def test_the_boards_key_travels_apart_and_dg_join_shows_it_once_and_on_show() -> None:
    """The board's key (``dg_legend_lines``) is the snapshot's ``legend``, not part of its
    ``board`` nor of its ``status``; ``dg join`` prints it with its first board and on 'show',
    as ``dg run``'s prompt does, and the redraw after a change without it."""
    from distant_galaxy.serve.client import Link, Terminal

    host = host_of("asteroid-belt", ["orange"])
    snap = snapshot(host, "orange")
    assert snap["legend"].startswith("legend: 1 2 3 4 5 asteroid")
    assert "legend:" not in snap["board"] and not any("legend" in s for s in snap["status"])
    out = io.StringIO()
    term = Terminal(Link("http://127.0.0.1:1", "t"), out=out)
    term.board(snap)
    term.board({**snap, "board": snap["board"] + "\nchanged"})
    term.board(snap, force=True)
    first, redraw, shown = out.getvalue().split(snap["board"])[1:]
    assert first.startswith("\nlegend: ") and "legend:" not in redraw
    assert shown.startswith("\nlegend: ")
