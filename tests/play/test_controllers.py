"""Controllers (distant_galaxy.play.controllers): the random bot, deterministic by seed and seat,
and the human prompt driven with scripted input: news, help, list, undo, quit, unique
beginnings of an action and ambiguous ones."""

from __future__ import annotations

import io

import pytest

from distant_galaxy import Action, Game, HumanController, RandomBot, load_scenario
from distant_galaxy.play.controllers import Quit, group_actions, help_text

WIDE = """\
seats: [{id: x}, {id: o}]
map: {topology: square4, width: 10, height: 5, fill: floor}
cell_types: {floor: {stop: ["*"]}}
unit_types: {mark: {}}
actions:
  - {id: place, kind: place, piece: mark, ends_turn: true}
phases: [{id: main, seat: active, end: false}]
"""

BASE = """\
seats: [{id: x}, {id: o}]
pools: {reserve: {}}
map:
  topology: square4
  rows: "h."
  legend: {"h": {cell: floor, site: rock, id: home}, ".": {cell: floor}}
cell_types: {floor: {stop: ["*"]}}
site_kinds: {rock: {}}
unit_types: {ship: {}}
setup:
  pools: {x: {reserve: {ship: 2}}}
  tokens:
    - {type: ship, owner: x, at: "1,0"}
    - {type: ship, owner: o, at: "0,0"}
"""

# A place that leaves the decision open (so it can be taken back) and scores through a trigger.
SCORING = """\
seats: [{id: x}, {id: o}]
counters: {score: {}}
map: {topology: square4, width: 3, height: 1, fill: floor}
cell_types: {floor: {stop: ["*"]}}
unit_types: {mark: {}}
actions: [{id: place, kind: place, piece: mark}]
triggers: [{id: point, on: place, do: "player.score += 1"}]
"""


def _human(seat: str, script: str) -> tuple[HumanController, io.StringIO]:
    out = io.StringIO()
    return HumanController(seat, inp=io.StringIO(script), out=out), out


def _tic_tac_toe(seed: int = 1) -> Game:
    return Game(load_scenario("tic-tac-toe"), seed=seed)


def _picks(bot: RandomBot, game: Game, n: int = 12) -> list[str]:
    return [str(bot.choose(game)) for _ in range(n)]


def test_the_random_bot_is_deterministic_by_seed_and_seat():
    game = _tic_tac_toe()
    same = _picks(RandomBot("x", seed=3), game)
    assert _picks(RandomBot("x", seed=3), game) == same
    assert _picks(RandomBot("o", seed=3), game) != same   # another seat draws otherwise
    assert _picks(RandomBot("x", seed=4), game) != same   # so does another seed
    legal = {str(a) for a in game.legal_actions()}
    assert set(same) <= legal


def test_a_bot_never_rolls_the_games_dice(race):
    game = Game(race, seed=2, seats=["red", "blue"])
    before = (game.state.rolls, game.state.hash())
    _picks(RandomBot("red", seed=2), game, 30)
    assert (game.state.rolls, game.state.hash()) == before


def test_bots_replay_the_same_game_from_the_same_seed():
    def play(seed: int) -> list[tuple[str, str]]:
        game = _tic_tac_toe(seed)
        bots = {s: RandomBot(s, seed) for s in ("x", "o")}
        while not game.over:
            game.apply(bots[game.pending.seat].choose(game))
        return game.history

    assert play(5) == play(5)
    assert any(play(5) != play(seed) for seed in (6, 7, 8))


def test_the_prompt_tells_the_news_the_decision_and_the_legal_actions():
    game = _tic_tac_toe()
    game.apply("place 1,1")
    human, out = _human("o", "place 0,0\n")
    assert human.choose(game) == Action.parse("place 0,0")
    text = out.getvalue()
    assert "  x mark T1 placed at 1,1" in text          # what x did
    assert "== o: play — put a mark on an empty cell" in text
    assert "  place: 0,0 | 1,0 | 2,0 | 0,1 | 2,1 | 0,2 | 1,2 | 2,2" in text
    assert text.rstrip().endswith("o>")


def test_news_is_told_once():
    game = _tic_tac_toe()
    human, out = _human("x", "place 0,0\nplace 2,2\n")
    game.apply(human.choose(game))
    game.apply("place 1,1")
    first = out.getvalue()
    out.truncate(0)
    out.seek(0)
    human.choose(game)
    again = out.getvalue()
    assert "--- x's turn (round 1) ---" in first and "--- x's turn (round 1) ---" not in again
    assert "  o mark T2 placed at 1,1" in again


def test_help_prints_the_help_and_asks_again():
    human, out = _human("x", "help\n?\nplace 2,2\n")
    game = _tic_tac_toe()
    assert str(human.choose(game)) == "place 2,2"
    assert out.getvalue().count(help_text(game)) == 2


@pytest.mark.parametrize("sid", ["tic-tac-toe", "aborigine-clash", "breakthrough"])
def test_the_help_speaks_of_the_scenario_being_played(sid):
    """Issue 11, item 18 and issue 15, item 11: examples come from the game, not Asteroid Belt."""
    game = Game(load_scenario(sid), seed=1)
    text = help_text(game)
    assert "move E1 12,7" not in text and "e.g. 12,7" not in text
    legal = [str(a) for a in game.legal_actions()]
    example = text.split("(for example: ", 1)[1].split("), or:", 1)[0]
    assert example in legal
    cell = text.rsplit("e.g. ", 1)[1].rstrip(".")
    x, y = (int(v) for v in cell.split(","))
    assert game.scenario.grid.in_bounds((x, y))


def test_moves_come_after_the_other_actions_one_line_per_unit():
    """Issue 11, item 16: non-move actions first, moves grouped per unit, `end` last."""
    acts = [Action.parse(t) for t in ["move E1 1,1", "move E2 3,3", "end", "attack E1 A1",
                                      "move E1 1,2", "mine E2 S1"]]
    assert group_actions(acts) == [("attack", ["E1 A1"]), ("mine", ["E2 S1"]),
                                   ("move E1", ["1,1", "1,2"]), ("move E2", ["3,3"]),
                                   ("end", [""])]


def test_an_unchanged_board_is_not_printed_again():
    """Issue 11, item 17: the board is shown when it changed; 'show' prints it on demand."""
    game = _tic_tac_toe()
    out = io.StringIO()
    human = HumanController("x", inp=io.StringIO("show\nplace 0,0\n"), out=out,
                            render=lambda g: "BOARD")
    human.choose(game)
    human.choose(game)
    text = out.getvalue()
    assert text.count("BOARD") == 2  # once at the first decision, once for 'show'
    assert "(the board has not changed; 'show' prints it again)" in text


def test_the_boards_key_comes_with_the_first_board_and_on_show_only():
    """A player's trial: Asteroid Belt printed some 45 lines after each action, its eight-line
    legend among them every time. The legend lines (``dg_legend_lines``) come with the first
    board a person sees and with 'show'; the redraw after an action leaves them out."""
    from distant_galaxy.play.render import render_board

    game = Game(load_scenario("asteroid-belt"), seats=["orange", "purple"], seed=1)
    out = io.StringIO()
    human = HumanController("orange", inp=io.StringIO("deploy assault 1,0\nshow\nend\n"),
                            out=out, render=render_board)
    deploy = human.choose(game)  # the first board, with its key
    assert deploy is not None
    game.apply(deploy)
    human.choose(game)  # the redraw, then 'show'
    first, after = out.getvalue().split("orange deploys assault A1", 1)
    assert first.count("legend: 1 2 3 4 5 asteroid") == 1
    redraw, shown = after.split("orange> ", 1)
    assert "legend:" not in redraw and "oA" in redraw  # the redraw: the board, no key
    assert "legend: 1 2 3 4 5 asteroid" in shown  # 'show': the board with its key
    assert "legend: 1 2 3 4 5 asteroid" in render_board(game)  # dg show, dg render: always


def test_board_is_an_action_where_the_scenario_has_one():
    game = _tic_tac_toe()
    human, _ = _human("x", "place 0,0\n")
    human.choose(game)
    assert "('board' is an action here)" not in help_text(game)


def test_a_person_is_told_how_a_game_ended_while_a_bot_decided():
    """Issue 11, item 15: the last events, then the result."""
    from distant_galaxy.play.runner import new_session, play

    out = io.StringIO()
    session = new_session(load_scenario("tic-tac-toe"), 1, None, {"x": "human", "o": "first"},
                          human_io={"inp": io.StringIO("place 2,2\nplace 2,1\nplace 1,2\n"),
                                    "out": out})
    assert play(session)
    text = out.getvalue()
    assert session.game.over and session.game.result["winner"] == "o"
    tail = text.rsplit("x> ", 1)[1]
    assert "*** o wins" in tail
    assert tail.index("placed at 2,0") < tail.index("*** o wins")
    # o's third mark, in round 3 (round 4 was said while the victory was looked for only after
    # the turn had passed; no turn of round 4 is announced either)
    assert tail.rstrip().endswith("== the game is over: o wins — a complete line (round 3)")
    assert "(round 4)" not in tail


def test_a_unique_beginning_is_enough(race):
    game = Game(race, seed=2, seats=["red", "blue"])
    human, _ = _human("red", "ro\n")
    assert human.choose(game) == Action("roll")


def test_an_ambiguous_beginning_lists_the_candidates():
    human, out = _human("x", "place 1\nplace 1,2\n")
    assert str(human.choose(_tic_tac_toe())) == "place 1,2"
    assert "did you mean: place 1,0 | place 1,1 | place 1,2" in out.getvalue()
    assert "'place 1' begins 3 legal actions: type more of one" in out.getvalue()
    assert "not possible" not in out.getvalue()  # a beginning of actions is not "unknown"


def test_a_misspelt_verb_is_given_the_closest_and_an_argument_its_usage():
    human, out = _human("x", "plce 1,1\nplace 1,x\nplace 1,1\n")
    assert str(human.choose(_tic_tac_toe())) == "place 1,1"
    lines = [line for line in out.getvalue().splitlines() if "not possible:" in line]
    assert "unknown action 'plce'; did you mean 'place'?" in lines[0]
    # tic-tac-toe's one phase says end: false, so end is not offered (a new player's trial)
    assert lines[0].endswith("(the actions of this game: place)")
    assert "place 1,x: '1,x' is not a cell" in lines[1] and "(usage: 'place x,y')" in lines[1]


def test_an_illegal_action_is_explained_and_asked_again():
    game = _tic_tac_toe()
    game.apply("place 1,1")
    human, out = _human("o", "place 1,1\nfly\nplace 0,1\n")
    assert str(human.choose(game)) == "place 0,1"
    lines = [line for line in out.getvalue().splitlines() if "not possible:" in line]
    assert len(lines) == 2
    assert "occupied" in lines[0] and "unknown action 'fly'" in lines[1]


def test_undo_takes_back_the_last_action_of_the_decision(race):
    game = Game(race, seed=2, seats=["red", "blue"])
    start = game.state.hash()
    game.apply("step")
    human, out = _human("red", "undo\nundo\nroll\n")
    assert human.choose(game) == Action("roll")
    text = out.getvalue()
    assert "undone: step" in text
    assert "nothing to undo" in text  # the second undo
    assert game.state.hash() == start and game.history == []


def test_after_an_undo_the_taken_back_action_is_no_news(make_scenario):
    game = Game(make_scenario(SCORING), seed=1)
    human, out = _human("x", "place 0,0\nundo\nend\nend\n")
    game.apply(human.choose(game))  # place, trigger, counter: three events
    assert str(human.choose(game)) == "end"
    assert "undone: place 0,0" in out.getvalue()
    out.truncate(0)
    out.seek(0)
    human.choose(game)  # the same decision again: nothing new happened
    assert out.getvalue().startswith("== x: main")


def test_list_shows_every_legal_action_where_the_prompt_shows_forty(make_scenario):
    game = Game(make_scenario(WIDE), seed=1)
    human, out = _human("x", "list\nplace 9,4\n")
    human.choose(game)
    shown, listed = out.getvalue().split("x> legal actions:")
    assert "… 10 more" in shown and "9,4" not in shown
    assert "9,4" in listed and "more" not in listed


def test_units_and_sites_describe_the_board(make_scenario):
    game = Game(make_scenario(BASE), seed=1)
    game.state.sites["home"].owner = "x"
    game.state.sites["home"].markers["flag"] = "x"
    human, out = _human("x", "units\nsites\nend\n")
    human.choose(game)
    text = out.getvalue()
    units = text.split("x> ")[1].splitlines()
    assert units == ["x's units:", "  T1     ship         at 1,0", "  reserve: 2 ships"]
    sites = text.split("x> ")[2].splitlines()
    assert sites == ["sites:", "  home             at 0,0 owner x  [flag=x]"]


def test_quit_stops_and_the_end_of_input_gives_no_action():
    human, _ = _human("x", "quit\n")
    with pytest.raises(Quit):
        human.choose(_tic_tac_toe())
    human, _ = _human("x", "")
    assert human.choose(_tic_tac_toe()) is None



class _Screen(io.StringIO):
    """A terminal (``isatty``), for the hot seat's hand-over."""

    def isatty(self) -> bool:
        return True


def test_a_warning_before_the_first_hand_over_is_told_again_after_it_clears_the_screen():
    """A player's trial: dg run's small-seed warning was cleared off the screen at once by the
    hot seat's first hand-over (the screen and the scrollback)."""
    from distant_galaxy.play.runner import new_session, play

    scenario = load_scenario("fleet-battle", "hot-seat", ["secret-orders"])
    screen = _Screen()
    session = new_session(scenario, 12345, None, {"red": "human", "blue": "human"}, None,
                          {"inp": _Screen("\nquit\n"), "out": screen})
    shared = session.controllers["red"].screen
    assert shared is not None and shared is session.controllers["blue"].screen
    shared.notes.append("warning: a small seed")
    assert not play(session)
    after_clear = screen.getvalue().split("\033[2J\033[3J\033[H")[1]
    assert after_clear.startswith("warning: a small seed\n== pass the terminal to ")
    assert screen.getvalue().count("warning: a small seed") == 1 and shared.notes == []


def test_a_hot_seat_with_hidden_values_hands_the_terminal_over_and_clears_it():
    """Two people at one terminal in the fleet battle with secret orders: each one's order stayed
    on the screen when the other's prompt came (a new player's trial, with the command of
    docs/fleet-battle.md). Now the screen is cleared and the next person presses Enter first;
    without hidden values, or at a pipe, nobody waits."""
    from distant_galaxy.play.runner import new_session, play

    scenario = load_scenario("fleet-battle", "hot-seat", ["secret-orders"])
    screen = _Screen()
    # each person's Enter (the first decision's too: whoever started the game must not see
    # blue's order), then their action
    keys = _Screen("\nend\n" * 3 + "\nquit\n")
    session = new_session(scenario, 12345, None, {"red": "human", "blue": "human"}, None,
                          {"inp": keys, "out": screen})
    assert not play(session)
    clear = "\033[2J\033[3J\033[H"  # the screen and the scrollback
    before, blue, red, *_ = screen.getvalue().split(clear)
    assert before == "" and blue.startswith("== pass the terminal to blue")
    assert "battle order 3" in blue and "battle order 3" not in red  # blue's own order
    assert red.startswith("== pass the terminal to red: what comes next is for red's eyes only\n"
                          "red: press Enter when only you can see the screen")
    assert screen.getvalue().count(clear) == 4

    plain = io.StringIO()  # the same at a pipe: said, not waited for
    session = new_session(scenario, 12345, None, {"red": "human", "blue": "human"}, None,
                          {"inp": io.StringIO("end\n" * 3 + "quit\n"), "out": plain})
    assert not play(session)
    assert plain.getvalue().count("== pass the terminal to") == 4
    assert "\033[2J" not in plain.getvalue() and "press Enter" not in plain.getvalue()

    no_secret = io.StringIO()  # tic-tac-toe hides nothing: no hand-over
    session = new_session(load_scenario("tic-tac-toe"), 1, None, {"x": "human", "o": "human"},
                          None, {"inp": _Screen("place 0,0\nplace 1,1\nquit\n"), "out": no_secret})
    assert not play(session)
    assert "pass the terminal" not in no_secret.getvalue()


def test_units_and_sites_read_as_words_not_python():
    """``units`` printed ``main=False`` and ``sites`` a bare ``sites:`` in the fleet battle (a new
    player's trial)."""
    from distant_galaxy.play.controllers import describe_sites, describe_units

    game = Game(load_scenario("fleet-battle"), seed=3)
    units = describe_units(game, "red")
    assert "D1     dreadnought  at 1,5  (fleet civilizations, main, state ok)" in units
    assert "=" not in units and "False" not in units
    assert describe_sites(game) == "sites: none in this game"


def test_help_of_an_action_tells_how_it_is_written_and_what_it_does():
    """``help hack`` was "unknown action 'help'": a newcomer met actions the phase line did not
    name, with no way to ask what they do (a new player's trial)."""
    human, out = _human("red", "help hack\nhelp mvoe\n")  # then the input ends
    game = Game(load_scenario("aborigine-clash"), seats=["red", "blue"], seed=1)
    assert human.choose(game.view("red")) is None
    text = out.getvalue()
    assert "hack SHIP TARGET — Monarchy, once per game: take control of an Aborigine ship" in text
    assert "no action 'mvoe' in this game; did you mean 'move'? (its actions: attack," in text


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_prompt_wraps_its_prose_on_a_terminal_and_leaves_a_pipe_as_it_is(monkeypatch):
    """A new player's trial: the defence prompt (about 400 characters), the help texts and the
    unknown action's list ran past a 120-column terminal; the action lists were wrapped, the
    prose not. On a terminal each line is wrapped between words; a pipe gets it whole."""
    import os
    import shutil

    monkeypatch.setattr(shutil, "get_terminal_size",
                        lambda fallback=(80, 24): os.terminal_size((60, 24)))
    long = "== purple: defence — " + "you place the defenders of the targets " * 6
    screen = _Terminal()
    HumanController("x", out=screen).say(long)
    lines = screen.getvalue().splitlines()
    assert len(lines) > 1 and all(len(line) <= 59 for line in lines)
    assert " ".join(" ".join(lines).split()) == " ".join(long.split())
    piped = io.StringIO()
    HumanController("x", out=piped).say(long)
    assert piped.getvalue() == long + "\n"


def test_rules_and_help_of_a_unit_type_tell_a_player_the_game():
    """A new player's trial: nothing in the prompt said how the game is won or what a unit
    type is (`help engineer`: "no action 'engineer'"); 'rules' tells the game in brief, its
    endings and round limit from the scenario, 'help UNIT' the unit type's numbers."""
    from distant_galaxy.play.controllers import action_help, rules_text

    game = Game(load_scenario("asteroid-belt"), seed=7)
    text = rules_text(game)
    assert text.startswith("Episode 7 — Asteroid Belt\n  Three civilizations mine an asteroid")
    assert "How the game ends:\n  - reached the end of the achievement track (R7.1)\n" \
           "  - the round limit, after round 60 (a draw, unless" in text
    assert "Unit types ('help UNIT' tells one): engineer, assault, scout, elite" in text
    assert action_help(game, "engineer") == ("engineer (Engineer): speed 2; move cost 1; cost 10; "
                                             "attack bonus 0; defence bonus 0; attack orthogonal; "
                                             "limit 6")
    out = io.StringIO()
    with pytest.raises(Quit):
        HumanController("orange", inp=io.StringIO("rules\nquit\n"), out=out).choose(
            game.view("orange"))
    assert "How the game ends:" in out.getvalue()
