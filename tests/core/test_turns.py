"""The turn loop (distant_galaxy.core.turns): phases in order, the seat of each phase, hand-overs,
skipped decisions, when victory is checked, the round limit and automatic phases."""

from __future__ import annotations

import pytest

from distant_galaxy import Game, IllegalAction, Pending

THREE_SEATS = """
seats: [{id: a}, {id: b}, {id: c}]
map: {topology: square4, width: 1, height: 1, fill: void}
cell_types: {void: {}}
"""

# Two seats that may place marks on a 3×1 strip in the `main` phase, and a score counter.
STRIP = """
seats: [{id: x}, {id: o}]
counters: {score: {initial: 0}}
map: {topology: square4, width: 3, height: 1, fill: floor}
cell_types: {floor: {stop: ["*"]}}
unit_types: {mark: {}}
actions:
  - {id: place, kind: place, piece: mark, phases: [main]}
"""


def _decisions(game: Game, count: int) -> list[tuple[str, str, int]]:
    """(seat, decision, round) of the next ``count`` decisions, each closed with ``end``."""
    seen = []
    for _ in range(count):
        pend = game.pending
        seen.append((pend.seat, pend.kind, game.state.round))
        game.apply("end")
    return seen


def _types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def test_phases_run_in_order_with_the_active_next_and_previous_seats(make_scenario):
    scenario = make_scenario(THREE_SEATS, """
        phases:
          - {id: first, seat: active}
          - {id: second, seat: next}
          - {id: third, seat: previous}
        """)
    game = Game(scenario, seed=1)
    assert _decisions(game, 7) == [
        ("a", "first", 1), ("b", "second", 1), ("c", "third", 1),   # a's turn
        ("b", "first", 1), ("c", "second", 1), ("a", "third", 1),   # b's turn
        ("c", "first", 1),
    ]


def test_a_new_round_starts_after_the_last_seat_and_turns_are_logged(make_scenario):
    game = Game(make_scenario(THREE_SEATS), seed=1)
    assert _decisions(game, 4) == [("a", "main", 1), ("b", "main", 1), ("c", "main", 1),
                                   ("a", "main", 2)]
    starts = [(e["seat"], e["round"]) for e in game.events if e["type"] == "turn_start"]
    ends = [(e["seat"], e["round"]) for e in game.events if e["type"] == "turn_end"]
    assert starts == [("a", 1), ("b", 1), ("c", 1), ("a", 2), ("b", 2)]
    assert ends == [("a", 1), ("b", 1), ("c", 1), ("a", 2)]


def test_a_hand_over_lends_the_decision_until_end_gives_it_back(make_scenario):
    game = Game(make_scenario(STRIP, "phases: [{id: main, seat: active, end: false}]\n"), seed=1)
    own = game.pending
    assert not game.may_end_decision()
    game.hand_over("o", "answer", "reply to x")
    assert game.pending == Pending("o", "answer", "reply to x")
    assert game.events[-1] == {"type": "hand_over", "seat": "o", "decision": "answer",
                               "reason": "reply to x"}
    # the phase's verbs belong to `main`; a handed decision may always be ended
    assert [str(a) for a in game.legal_actions()] == ["end"]
    game.hand_over("x", "counter", "answer o")  # hand-overs nest
    assert _types(game.apply("end")) == ["hand_back"]
    assert game.pending == Pending("o", "answer", "reply to x")
    events = game.apply("end")
    assert events == [{"type": "hand_back", "seat": "x", "decision": "main"}]
    assert game.pending == own
    assert game.state.round == 1 and game.state.active_seat == "x"


def test_end_is_refused_where_the_phase_forbids_it(make_scenario):
    game = Game(make_scenario(STRIP, "phases: [{id: main, seat: active, end: false}]\n"), seed=1)
    assert "end" not in [str(a) for a in game.legal_actions()]
    with pytest.raises(IllegalAction, match="cannot be ended"):
        game.apply("end")
    assert game.pending.seat == "x"


def test_a_decision_without_legal_action_is_skipped_and_logged(make_scenario):
    scenario = make_scenario(STRIP, """
        phases:
          - {id: main, seat: active}
          - {id: stuck, seat: next, end: false}
        """)
    game = Game(scenario, seed=1)
    events = game.apply("end")
    assert events[0] == {"type": "decision_skipped", "seat": "o", "decision": "stuck",
                         "reason": "no legal action"}
    assert _types(events) == ["decision_skipped", "turn_end", "turn_start"]
    assert game.pending == Pending("o", "main", "")


def test_a_victory_found_at_a_dead_end_ends_the_game_instead_of_a_skip(make_scenario):
    scenario = make_scenario(STRIP, """
        phases:
          - {id: main, seat: active}
          - {id: stuck, seat: next, end: false}
        victory:
          - {id: stuck, if: 'legal_count() == 0 and seat == "o"', reason: o cannot move}
        """)
    game = Game(scenario, seed=1)
    events = game.apply("end")
    assert "decision_skipped" not in _types(events)
    assert game.result["winner"] == "o" and game.result["reason"] == "o cannot move"


@pytest.mark.parametrize(("when", "over_after"), [
    ("after_action", 1),   # right after x's place
    ("end_of_turn", 2),    # when x ends the turn
    ("end_of_round", 3),   # only when o, the last seat, ends the round
])
def test_victory_is_checked_at_its_moment(make_scenario, when, over_after):
    scenario = make_scenario(STRIP, f"""
        victory:
          - id: placed
            if: "count(u in units where u.owner == player.seat) >= 1"
            when: {when}
            reason: a mark is down
        """)
    game = Game(scenario, seed=1)
    played = 0
    for action in ["place 0,0", "end", "end"]:
        game.apply(action)
        played += 1
        if game.over:
            break
    assert played == over_after
    assert game.result["winner"] == "x"
    assert game.result["reason"] == "a mark is down"
    assert game.events[-1]["type"] == "game_over"


O_PLACED = """
    victory:
      - id: o-placed
        if: 'player.seat == "o" and count(u in units where u.owner == player.seat) >= 1'
        when: after_action
        reason: o has a mark
    """


@pytest.mark.parametrize("limits", ["", "limits: {rounds: 1}\n"])
def test_a_winning_move_that_ends_the_turn_wins_in_its_round_before_the_turn_passes(
        make_scenario, limits):
    """o's first mark, the last move of round 1, wins: in round 1 (not 2), with no turn_end of
    o's turn and no turn_start after it, and not a draw by a limit of one round (a new user of
    tic-tac-toe saw "o wins (round 5)" after round 4's last move)."""
    strip = STRIP.replace("phases: [main]}", "phases: [main], ends_turn: true}")
    game = Game(make_scenario(strip, O_PLACED, limits), seed=1)
    game.apply("place 0,0")  # x's turn ends
    events = game.apply("place 2,0")  # o's mark: o wins
    assert game.result["winner"] == "o" and game.result["reason"] == "o has a mark"
    assert game.result["round"] == 1
    assert _types(events)[-1] == "game_over" and "turn_end" not in _types(events)
    assert "turn_start" not in _types(events)


def test_a_per_player_victory_is_tried_from_the_active_seat_on(make_scenario):
    scenario = make_scenario(THREE_SEATS, """
        victory:
          - {id: not-b, if: 'turn == 1 and player.seat != "b"', when: end_of_turn, reason: r}
        """)
    game = Game(scenario, seed=1)
    game.apply("end")  # a's turn (turn 0): no one
    assert not game.over
    game.apply("end")  # b's turn: b, c, a are tried in that order (the seat list would give a)
    assert game.result["winner"] == "c"


@pytest.mark.parametrize(("limits", "x_places", "o_places", "winner", "reason"), [
    ("{rounds: 2, rank_by: score}", 2, 0, "x", "round limit 2 reached; most score (2)"),
    ("{rounds: 2, rank_by: score}", 1, 1, None, "round limit 2 reached; tie on score"),
    ("{rounds: 2}", 2, 0, None, "round limit 2 reached; draw"),
])
def test_the_round_limit_ranks_by_a_counter(make_scenario, limits, x_places, o_places, winner,
                                            reason):
    scenario = make_scenario(STRIP, f"""
        limits: {limits}
        triggers:
          - {{id: point, on: place, do: "player.score += 1"}}
        """)
    game = Game(scenario, seed=1)
    plan = {"x": x_places, "o": o_places}
    free = iter(["place 0,0", "place 1,0", "place 2,0"])
    while not game.over:
        assert game.state.round <= 2
        seat = game.pending.seat
        if plan[seat]:
            plan[seat] -= 1
            game.apply(next(free))
        game.apply("end")
    assert game.result["round"] == 2
    assert game.result["winner"] == winner
    assert game.result["reason"] == reason
    assert game.result["counters"]["x"]["score"] == x_places


def test_an_automatic_phase_without_a_plugin_is_a_clear_error(make_scenario):
    with pytest.raises(Exception, match="no plugin runs the automatic phase 'tick'"):
        # the action's `phases: [main]` must name a declared phase (issue 15, item 2)
        Game(make_scenario(STRIP, "phases: [{id: tick, auto: tick}, {id: main}]\n"), seed=1)
