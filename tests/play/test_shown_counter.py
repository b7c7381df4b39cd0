"""A counter an author shows on the board (issue 31, item 7): ``unit_counters: NAME: {show:
true}`` draws each token's value of it on its cell — Kalah's seeds — in the text board, on the
token in the SVG, and in the replay viewer's piece layouts."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.core.game import Game
from distant_galaxy.play.render import render_board, shown_counter
from distant_galaxy.play.render_svg import piece_records, render_svg
from distant_galaxy.play.replay_html import replay_data
from distant_galaxy.play.runner import new_session, play
from distant_galaxy.scenario.load import load_scenario


def _kalah() -> Game:
    return Game(load_scenario("kalah"), seed=1)


def test_the_text_board_shows_the_seeds_on_their_cells() -> None:
    game = _kalah()
    game.apply("sow 3,1")  # four seeds into 4,1 5,1 6,1 and the store
    rows = render_board(game).splitlines()[1:3]
    assert rows[0].split() == ["0", "n0", "n4", "n4", "n4", "n4", "n4", "n4"]
    assert rows[1].split() == ["1", "s4", "s4", "s0", "s5", "s5", "s5", "s1"]


def test_a_scenario_without_a_shown_counter_draws_glyphs() -> None:
    game = Game(load_scenario("breakthrough"), seed=1)
    assert shown_counter(game.scenario) is None
    assert render_board(game).splitlines()[1].split()[1:3] == ["bp", "bp"]


def test_the_svg_writes_the_seeds_on_the_tokens() -> None:
    game = _kalah()
    game.apply("sow 3,1")
    store = next(r for r in piece_records(game) if r.get("cell") == "7,1")
    assert store["text"] == "1" and store["title"].endswith("seeds 1")
    assert ">5</text>" in render_svg(game)


def test_the_replay_viewer_s_layouts_carry_the_seeds(tmp_path: Path) -> None:
    log = tmp_path / "kalah.jsonl"
    session = new_session(load_scenario("kalah"), 2, None, {}, log_path=log)
    assert play(session)
    data = replay_data(log)
    first = {r["cell"]: r["text"] for r in data["layouts"][0] if r.get("unit")}
    assert first["1,1"] == "4" and first["7,1"] == "0"
    last = {r["cell"]: int(r["text"]) for r in data["layouts"][-1] if r.get("unit")}
    assert sum(last.values()) == 48  # every seed is somewhere
