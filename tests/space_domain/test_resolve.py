"""RS.2: a marker is resolved as soon as the ships have finished moving into its system (in
episode 5 one ship moves at a time: its `move` ends there), then it is revealed to everybody."""

from __future__ import annotations

import pytest

from distant_galaxy.errors import IllegalAction


def test_a_ship_ending_its_move_there_reveals_and_resolves_RS_2(board):
    ship = board.put("destroyer", (8, 2), "red", tid="R9")
    sid = board.markers()["8,0"]
    face = board.game.secret(sid)
    board.game.apply("move R9 8,0")
    kinds = [e["type"] for e in board.game.events]
    assert kinds.index("reveal") < kinds.index("marker_resolved")
    resolved = board.events("marker_resolved")[0]
    assert resolved["marker"] == face and resolved["rule"] == "RS.2" and resolved["ship"] == "R9"
    reveal = board.events("reveal")[0]
    assert reveal["secret"] == sid and reveal["value"] == face and reveal["rule"] == "RS.2"
    assert "8,0" not in board.markers()              # one use: the marker is gone
    for seat in ("red", "blue"):                     # revealed to everybody
        assert board.game.view(seat).secret(sid) == face
    assert ship.id == "R9"


def test_a_ship_passing_through_does_not_resolve_it_RS_2(board):
    board.put("destroyer", (8, 2), "red", tid="R9")
    board.lay((8, 1), "minefield")
    board.game.apply("move R9 8,0")
    move = board.events("move")[0]
    assert [8, 1] in move["path"]                    # it passed through 8,1...
    assert not [e for e in board.events("marker_resolved") if e["at"] == [8, 1]]
    assert "8,1" in board.markers()                   # ...and the marker still lies there


def test_every_ship_that_ends_there_counts_only_once_RS_2(board):
    board.put("destroyer", (8, 2), "red", tid="R9")
    board.put("destroyer", (10, 1), "red", tid="R8")
    board.lay((9, 0), "empty-space")
    board.state.attrs["space_domain"] = {"9,0": board.markers()["9,0"]}
    board.touch()
    board.game.apply("move R9 9,0")
    assert len(board.events("marker_resolved")) == 1
    board.game.apply("move R8 10,0")
    assert len(board.events("marker_resolved")) == 1


def test_the_aborigines_do_not_resolve_markers_D_S_3(board):
    from distant_galaxy_episodes.space_domain.resolve import resolves
    abo = board.put("invader", (7, 2))
    civ = board.put("scout", (9, 2), "red")
    assert not resolves(board.game, abo) and resolves(board.game, civ)


def test_a_copy_made_from_a_view_cannot_resolve_a_face_down_marker(board):
    board.put("destroyer", (8, 2), "red", tid="R9")
    copy = board.game.view("red").clone()
    copy.apply("move R9 8,0")                         # the bot plays ahead: no face to read
    assert "8,0" in copy.state.attrs["space_domain"]
    assert not [e for e in copy.events if e["type"] == "marker_resolved"]


def _admiral_next_to_8_0():
    """Both options, 2 seats: red's Admiral aboard its cruiser, moved to 8,2 (next to 8,0)."""
    from distant_galaxy import Game, load_scenario
    sc = load_scenario("aborigine-clash", options=["leaders", "space-domain"])
    g = Game(sc, seats=["red", "blue"], seed=7)
    admiral = next(lid for lid, rec in g.state.attrs["leaders"].items()
                   if rec["seat"] == "red" and rec["ship"])
    ship = g.state.tokens[g.state.attrs["leaders"][admiral]["ship"]]
    g.state.move_token(ship, (8, 2))
    return g, admiral, ship


def test_a_ship_lost_to_a_marker_takes_its_leaders_with_it_RL_3_D_S_7():
    """Both options: a minefield destroys the Admiral's cruiser outside battle: killed (RL.3)."""
    g, _admiral, ship = _admiral_next_to_8_0()
    g.state.attrs["space_domain"] = {"8,0": {"face": "minefield"}}
    g.state_changed()
    g.dice.force([1])
    g.apply(f"move {ship.id} 8,0")
    fate = next(e for e in g.events if e["type"] == "leader_fate")
    assert fate["fate"] == "killed" and fate["rule"] == "RL.3" and fate.get("roll") is None


def test_a_ship_shot_by_a_sentinel_is_lost_in_battle_its_leaders_roll_RL_3_D_S_7():
    """The Sentinel fires as the Aborigines do (R5.30): a battle. Source 003: «Если в космической
    битве корабль с Лидером уничтожен, киньте кубик … 9 или 10: Пленен». Forced d6 5 (hit),
    then d10 9: the Admiral is captured by the Aborigines, not killed without a die."""
    g, admiral, ship = _admiral_next_to_8_0()
    g.state.attrs["space_domain"] = {"8,0": {"face": "sentinel"}}
    g.state_changed()
    g.dice.force([5, 9])
    g.apply(f"move {ship.id} 8,0")
    fate = next(e for e in g.events if e["type"] == "leader_fate")
    assert (fate["roll"], fate["fate"], fate["rule"]) == (9, "captured", "RL.3")
    assert g.state.attrs["leaders"][admiral]["holder"] == "aborigines"
    lost = next(e for e in g.events if e["type"] == "ship_lost")
    assert lost["rule"] == "R5.30"


def test_a_move_that_reveals_a_marker_is_never_taken_back_RS_2(board):
    """A marker revealed to everybody (RS.2) cannot be unseen: the move that revealed it, and
    the decision's actions before it, are not taken back by ``undo`` — as a die is not."""
    board.put("destroyer", (8, 2), "red", tid="R9")
    board.put("destroyer", (12, 2), "red", tid="R8")
    plain = next(a for a in board.game.legal_actions() if str(a).startswith("move R8 ")
                 and a.args[1] not in board.markers())
    board.game.apply(plain)
    assert board.game.can_undo()                      # a plain move: undo may take it back
    board.game.apply("move R9 8,0")
    assert board.events("reveal")
    assert not board.game.can_undo()
    with pytest.raises(IllegalAction, match="revealed a hidden value"):
        board.game.undo()
