"""RL.10, source 003: «Если захваченных лидеров несколько, то спаситель выбирает одного из них»
— with several captives, the rescuer chooses the one its d10 frees (issue 34, item 6; before,
the first by id was freed)."""

from __future__ import annotations

from distant_galaxy_episodes.aborigines.model import ABORIGINES
from tests.leaders.test_fate import _capture_planet_2


def _two_captives_rescued(board):
    board.own("planet-7", ABORIGINES)               # not their last planet
    board.put_leader("blue-general", holder=ABORIGINES)
    board.put_leader("red-agent", holder=ABORIGINES)
    _capture_planet_2(board, [4, 9])                # the capture, then the d10: 9 frees one


def test_the_rescuer_chooses_which_captive_is_freed_RL_10(board):
    _two_captives_rescued(board)
    game = board.game
    assert (game.pending.seat, game.pending.kind) == ("red", "rescue")
    frees = sorted(str(a) for a in game.legal_actions() if a.verb == "free")
    assert frees == ["free blue-general", "free red-agent"]
    assert board.events("leader_rescue")[0]["choose"] == ["blue-general", "red-agent"]
    game.apply("free red-agent")                    # not the first by id
    recs = board.leaders()
    assert (recs["red-agent"]["holder"], recs["red-agent"]["planet"]) == ("red", "planet-2")
    assert recs["blue-general"]["holder"] == ABORIGINES
    freed = board.events("leader_freed")[0]
    assert (freed["leader"], freed["chosen"], freed["rule"]) == ("red-agent", True, "RL.10")
    assert game.pending.kind != "rescue"            # back to red's turn


def test_ending_the_choice_frees_the_first_by_id_RL_10(board):
    _two_captives_rescued(board)
    board.game.apply("end")
    assert board.leaders()["blue-general"]["holder"] == "red"
    assert board.events("leader_freed")[0]["chosen"] is False


def test_only_a_captive_of_the_choice_may_be_freed_RL_10(board):
    import pytest

    from distant_galaxy import IllegalAction
    _two_captives_rescued(board)
    with pytest.raises(IllegalAction, match="not one of the captives you may free"):
        board.game.apply("free red-admiral")


def test_the_prompt_tells_the_rescuer_to_choose_RL_10(board):
    """Issue 34 item 8 (audit): what a person sees at the choice — the rescue's line (the
    human prompt narrates the events since the last decision) and the decision's reason."""
    from distant_galaxy.play.narrate import narrate

    _two_captives_rescued(board)
    game = board.game
    lines = narrate(game, board.events("leader_rescue"))
    assert any(line.endswith("d10 9 — 9-10 frees one (RL.10): red chooses which: "
                             "blue-general, red-agent") for line in lines), lines
    assert game.pending.reason == ("RL.10: red frees one of the captives of aborigines on "
                                   "planet-2: free blue-general | red-agent")
    game.apply("free red-agent")
    (line,) = narrate(game, board.events("leader_freed"))
    assert line.endswith("red chooses red-agent — it joins red on planet-2 (RL.10)")
