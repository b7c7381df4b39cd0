"""Bots and people with the Space Domain (issue 12 item 5): the civ bot values a marker system
by what its view shows (the expected value of the bag's unseen contents), a bot cannot read a
face-down marker, and the prompt shows face-down markers as unknown and tells each revealed one."""

from __future__ import annotations

import io

import pytest

from distant_galaxy import Game, HiddenInformation, HumanController
from distant_galaxy.play.render import render_board
from distant_galaxy_episodes.aborigines.bots import CivBot
from distant_galaxy_episodes.space_domain.model import markers
from distant_galaxy_episodes.space_domain.values import cell_values, expected_value, unseen


def test_a_bot_reading_a_face_down_marker_is_refused(scenario):
    g = Game(scenario, seats=["red", "blue"], seed=2)
    view = g.view(g.pending.seat)
    sid = g.state.attrs["space_domain"]["8,0"]
    with pytest.raises(HiddenInformation, match=r"secret 'space-domain:8,0' \(a face-down Space "
                                                r"Domain marker\) is hidden: \w+'s view"):
        view.secret(sid)
    assert view.state.secrets[sid]["masked"] and "value" not in view.state.secrets[sid]
    with pytest.raises(HiddenInformation):
        view.state.secrets["bag:space-domain"]["value"]
    with pytest.raises(HiddenInformation, match="no 'dice'"):
        view.dice  # noqa: B018


def test_the_expected_value_is_the_mean_of_the_unseen_bag(scenario, board):
    view = board.game.view("red")
    ms = markers(scenario)
    assert unseen(view) == {m.id: m.count for m in ms.values()}
    full = sum(m.value * m.count for m in ms.values()) / sum(m.count for m in ms.values())
    assert expected_value(view) == pytest.approx(full)
    # reveal one marker of the board to everybody: the mean of the 199 others
    sid = board.markers()["8,0"]
    face = board.game.reveal(sid, "test")
    view = board.game.view("red")
    assert unseen(view).get(face, 0) == ms[face].count - 1
    rest = (full * 200 - ms[face].value) / 199
    assert expected_value(view) == pytest.approx(rest)


def test_a_face_the_seat_was_shown_is_worth_its_own_value(scenario, board):
    sid = board.markers()["8,0"]
    face = board.game.secret(sid)
    board.game.reveal(sid, "a star chart", to=["red"])
    red, blue = cell_values(board.game.view("red"), "red"), cell_values(board.game.view("blue"),
                                                                          "blue")
    weight = 3.0
    assert red[(8, 0)] == pytest.approx(markers(scenario)[face].value * weight)
    assert blue[(8, 0)] == pytest.approx(expected_value(board.game.view("blue")) * weight)


def test_the_civ_bot_goes_for_a_marker_worth_it_and_avoids_a_bad_one(scenario, board):
    board.put("scout", (8, 3), "red", tid="R9")
    board.state.attrs["space_domain"] = {}
    good = board.lay((8, 0), "derelict")
    board.game.reveal(good, "shown", to=["red"])
    assert str(CivBot("red", 1).choose(board.game.view("red"))) == "move R9 8,0"
    board.state.attrs["space_domain"] = {}
    bad = board.lay((8, 0), "minefield")
    board.game.reveal(bad, "shown", to=["red"])
    assert str(CivBot("red", 1).choose(board.game.view("red"))) != "move R9 8,0"


def test_the_prompt_shows_markers_as_unknown_and_tells_a_revealed_one(scenario, board):
    board.put("destroyer", (8, 2), "red", tid="R9")
    sid = board.markers()["8,0"]
    out = io.StringIO()
    human = HumanController("red", 1, inp=io.StringIO("move R9 8,0\nend\n"), out=out,
                            render=render_board)
    view = board.game.view("red")
    assert render_board(view).splitlines()[1].count("?") >= 1  # row 0 holds empty systems
    board.game.apply(human.choose(view))
    human.choose(board.game.view("red"))
    text = out.getvalue()
    assert "space domain: 178 markers face down (?)" in text
    face = board.game.secret(sid)
    title = markers(scenario)[face].title
    assert f"R9 reveals the Space Domain marker at 8,0: {title}" in text
