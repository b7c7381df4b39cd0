"""RS.1: after the map is set up and before play the markers are shuffled, one is laid face
down in every empty system, the rest go back unseen; the log commits to the order."""

from __future__ import annotations

from collections import Counter

from distant_galaxy import UNKNOWN, Game, HiddenInformation
from distant_galaxy.play.render import render_board
from distant_galaxy_episodes.space_domain.model import contents
from tests.space_domain.conftest import empty_systems


def _game(scenario, seed=4):
    return Game(scenario, seats=["red", "blue"], seed=seed)


def test_one_marker_face_down_in_every_empty_system_RS_1(scenario):
    g = _game(scenario)
    board = g.state.attrs["space_domain"]
    systems = empty_systems(scenario)
    assert len(systems) == 178                       # «в каждую пустую систему»: each of them
    assert [tuple(map(int, k.split(","))) for k in board] == systems
    placed = [e for e in g.events if e["type"] == "marker_placed"]
    assert [tuple(e["at"]) for e in placed] == systems and all(e["rule"] == "RS.1" for e in placed)
    assert "face" not in str(placed)  # the events say where, never what
    commit = next(e for e in g.events if e["type"] == "bag_commit")
    assert commit["size"] == sum(contents(scenario).values()) == 200
    assert commit["rule"] == "RS.1" and len(commit["sha256"]) == 64


def test_the_rest_go_back_unseen_RS_1(scenario):
    g = _game(scenario)
    order = g.secret("bag:space-domain")["order"]
    laid = [g.secret(sid) for sid in g.state.attrs["space_domain"].values()]
    assert laid == order[:178]                      # slot i lies in system i
    assert Counter(order) == Counter(contents(scenario))
    view = g.view("red")
    for sid in g.state.attrs["space_domain"].values():
        assert not view.knows(sid)
    assert not view.knows("bag:space-domain")       # the 22 left in the box: nobody sees them


def test_the_shuffle_follows_the_seed_RS_1(scenario):
    a, b, c = _game(scenario, 4), _game(scenario, 4), _game(scenario, 5)
    assert a.secret("bag:space-domain") == b.secret("bag:space-domain")
    assert a.secret("bag:space-domain") != c.secret("bag:space-domain")


def test_the_option_changes_no_die_of_the_game_RS_1(scenario):
    from distant_galaxy import load_scenario
    plain = Game(load_scenario("aborigine-clash"), seats=["red", "blue"], seed=4)
    dice = [e["value"] for e in plain.events if e["type"] == "dice"]
    assert dice == [e["value"] for e in _game(scenario).events if e["type"] == "dice"]


def test_the_board_of_a_seat_shows_face_down_markers_as_unknown_RS_1(scenario):
    g = _game(scenario)
    view = g.view("red")
    text = render_board(view)
    assert text.count(UNKNOWN) >= 12
    try:
        view.secret(g.state.attrs["space_domain"]["8,0"])
    except HiddenInformation:
        pass
    else:  # pragma: no cover
        raise AssertionError("a seat's view read a face-down marker")


def test_the_markers_left_in_the_box_stay_unseen_at_the_end_RS_1(scenario):
    """Source 003: «Неиспользованные маркеры не подглядывая убираются в коробку с игрой» — the
    unused markers go back to the box without looking, at the end too: no seat's view, prompt
    or events show the bag's order; only the referee's record (the log) holds it."""
    from distant_galaxy.play.narrate import narrate
    g = _game(scenario)
    g.finish(None, "test: the game ends")
    assert any(e["type"] == "bag_reveal" for e in g.events)        # for the referee
    for seat in g.state.seats:
        view = g.view(seat)
        assert not view.knows("bag:space-domain")
        assert not [e for e in view.events if e["type"] == "bag_reveal"]
        told = "\n".join(narrate(view, view.events))
        assert "box were" not in told and "is opened" not in told
