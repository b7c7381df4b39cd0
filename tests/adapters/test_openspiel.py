"""Every shipped scenario as an OpenSpiel game with the engine's dice as chance nodes; OpenSpiel's
random simulation test passes and its MCTS bot plays (issue 20, item 4). Needs the extra ``.[rl]``
(open-spiel); skipped with the reason without it."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the extra: pip install -e '.[rl]'")

import numpy as np  # noqa: E402  (part of the extra)
from open_spiel.python.algorithms import mcts  # noqa: E402

from distant_galaxy.adapters.openspiel import load_game, short_name  # noqa: E402
from distant_galaxy.errors import EngineError  # noqa: E402
from tests.adapters.conftest import SHIPPED  # noqa: E402

#: Simulations per scenario (an Asteroid Belt game is about a thousand actions: one).
SIMS = {"tic-tac-toe": 5, "asteroid-belt": 1}


@pytest.mark.parametrize("sid", SHIPPED)
def test_random_sim_test_passes(sid: str) -> None:
    sims = SIMS.get(sid, 2)
    game = load_game(sid, seed=2)
    assert game.get_type().short_name == short_name(sid)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_a_state_pickles_and_comes_back_equal() -> None:
    """Issue 33 item 6: ``serialize=True`` failed with ``cannot pickle 'module' object`` (the
    state's ``play``); a state now pickles by its scenario, state JSON and history."""
    import pickle

    state = load_game("connect-four", seed=3).new_initial_state()
    for action in (3, 3, 2):
        state.apply_action(action)
    back = pickle.loads(pickle.dumps(state))
    assert str(back) == str(state) and back.legal_actions() == state.legal_actions()
    assert back.history() == state.history()


def test_a_state_of_a_mod_loaded_from_its_file_pickles(tmp_path) -> None:
    """Issue 34 (33 item 3): a game loaded from a file path pickled its scenario by id, so it
    could not be unpickled (``ScenarioError: unknown scenario 'ttt-mod'``); the pickle now keeps
    the file's path, here a mod that changes the rules (a line of two wins)."""
    import pickle

    mod = tmp_path / "ttt-mod.yaml"
    mod.write_text("format: 1\nid: ttt-mod\ntitle: T\nextends: tic-tac-toe\n"
                   "params: {line: 2}\n", encoding="utf-8")
    state = load_game(str(mod), seed=1).new_initial_state()
    state.apply_action(1)  # place 0,0
    back = pickle.loads(pickle.dumps(state))
    assert back.get_game().get_type().short_name == state.get_game().get_type().short_name
    assert str(back) == str(state) and back.legal_actions() == state.legal_actions()
    back.apply_action(9)  # place 2,2
    back.apply_action(2)  # place 1,0
    assert back.is_terminal()  # the mod's rule (two in a row), not the bundled game's three


def test_deterministic_games_have_no_chance_and_dice_games_do() -> None:
    assert load_game("tic-tac-toe").get_type().chance_mode == \
        pyspiel.GameType.ChanceMode.DETERMINISTIC
    clash = load_game("aborigine-clash", seed=1)
    assert clash.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_a_die_rolled_while_an_action_resolves_is_a_chance_node() -> None:
    """Clash: ending red's turn runs the Aborigines' phase before blue, which rolls a d6 for the
    active portal (R5.x): the state waits on it, each face 1/6; a face continues the action."""
    game = load_game("aborigine-clash", seed=1)
    state = game.new_initial_state()
    end = next(a for a in state.legal_actions() if state.action_to_string(a) == "end")
    state.apply_action(end)
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(f, pytest.approx(1 / 6)) for f in range(6)]
    twin = state.clone()
    state.apply_action(0)  # a 1
    twin.apply_action(5)   # a 6
    while state.is_chance_node():
        state.apply_action(0)
    assert not state.is_terminal() and state.current_player() == 1  # blue decides
    assert str(twin) != str(state) or twin.is_chance_node()


def test_openspiels_mcts_bot_plays_it() -> None:
    game = load_game("tic-tac-toe")
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 1.4, 300, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    # x: 0,0 1,0 — o: 0,1 1,1; x to play wins at 2,0
    for text in ("place 0,0", "place 0,1", "place 1,0", "place 1,1"):
        state.apply_action(next(a for a in state.legal_actions()
                                if state.action_to_string(a) == text))
    assert state.action_to_string(bot.step(state)) == "place 2,0"


def test_observation_tensor_and_returns() -> None:
    game = load_game("breakthrough", seed=1)
    state = game.new_initial_state()
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns()) == [-1.0, 1.0]


#: The shipped options that hide information (the set-up keeps secrets).
HIDDEN = [("aborigine-clash", ["space-domain"]), ("fleet-battle", ["secret-orders"])]


@pytest.mark.parametrize("sid, options", HIDDEN)
def test_hidden_information_games_offer_information_states(sid: str, options: list[str]) -> None:
    """With the Space Domain or secret battle orders the game is declared imperfect-information
    with information states from each seat's knowledge, and the random simulation test passes."""
    game = load_game(sid, seed=2, options=options)
    kind = game.get_type()
    assert kind.short_name == short_name(sid, options)
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_an_information_state_tells_only_what_the_seat_may_see() -> None:
    """RB.4: red's information state holds its own fleet's secret order, never the Aborigine
    fleet's; the state is the same for a seat whatever the other's order — the face-down Space
    Domain markers are in nobody's."""
    state = load_game("fleet-battle", seed=2, options=["secret-orders"]).new_initial_state()
    text = state.information_state_string(0)
    assert "order:civilizations" in text and "order:aborigines" not in text
    assert len(state.information_state_tensor(0)) == state.get_game().information_state_tensor_size()
    clash = load_game("aborigine-clash", seed=2, options=["space-domain"]).new_initial_state()
    assert "space-domain:" not in clash.information_state_string(0)
    rng = np.random.RandomState(4)
    for _ in range(30):
        if clash.is_chance_node():
            clash.apply_action(int(rng.choice([o for o, _p in clash.chance_outcomes()])))
        else:
            clash.apply_action(int(rng.choice(clash.legal_actions())))
    assert str(clash.history()) in clash.information_state_string(1)


def test_options_that_hide_nothing_stay_perfect_information() -> None:
    game = load_game("fleet-battle", seed=1, options=["battle-orders"])
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


def test_strings_tell_positions_apart_and_perfect_information_has_information_states() -> None:
    """The RL trial: two tic-tac-toe positions after two plies printed alike (the string held
    no board), and a perfect-information game offered no information state, so OpenSpiel's
    ``TabularPolicy`` found 73 states instead of pyspiel tic_tac_toe's 294,778. Now the
    observation is the seat's board and the information state its history, as OpenSpiel's own
    games."""
    game = load_game("tic-tac-toe")
    assert game.get_type().provides_information_state_string
    a, b = game.new_initial_state(), game.new_initial_state()
    for s, moves in ((a, (1, 2)), (b, (4, 7))):  # x 1,0 then o 2,0; x 1,1 then o 1,2
        for m in moves:
            s.apply_action(m)
    assert a.observation_string(0) != b.observation_string(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert str(a) != str(b) and "0 1 2" in str(a)  # the board, as the referee sees it


def test_a_seats_observation_string_never_shows_what_it_may_not_see() -> None:
    state = load_game("fleet-battle", seed=2, options=["secret-orders"]).new_initial_state()
    text = state.observation_string(0)
    assert "the aborigines: order ?" in text and "the civilizations: order ?" not in text


def test_players_and_variant_are_parameters_of_the_game() -> None:
    game = load_game("asteroid-belt", players=2)
    assert game.num_players() == 2 and game.get_type().short_name.endswith("___p2")
    hot = load_game("fleet-battle", variant="hot-seat", options=["secret-orders"])
    assert "___v_hot_seat" in hot.get_type().short_name
    with pytest.raises(EngineError, match="for 2 to 3 players, not 5"):
        load_game("asteroid-belt", players=5)
    with pytest.raises(EngineError, match=r"options=\['secret-orders'\]"):
        load_game("fleet-battle", options="secret-orders")  # type: ignore[arg-type]


def test_an_action_after_the_end_and_a_chance_outcome_off_the_die_say_so() -> None:
    state = load_game("tic-tac-toe").new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(EngineError, match="the game is over"):
        state._apply_action(0)
    pig = load_game("pig").new_initial_state()
    while not pig.is_chance_node():
        pig.apply_action(pig.legal_actions()[-1])
    with pytest.raises(EngineError, match=r"chance outcome 9999 is not one of this chance "
                                          r"node's 0\.\.5"):
        pig._apply_action(9999)


def test_a_seats_own_secret_order_is_in_its_tensors_and_nobody_elses() -> None:
    """The RL trial: the tensors held no battle order, though a seat's own is its victory
    condition. A secret some seat may see has a feature per value, set in its view only."""
    seen = set()
    for seed in range(8):
        state = load_game("fleet-battle", seed=seed, options=["secret-orders"]).new_initial_state()
        seen.add(tuple(state.information_state_tensor(0)[-6:]))
        assert sum(state.observation_tensor(0)[-6:]) == 1.0  # red sees its fleet's order
    assert len(seen) > 1  # and the feature follows the order dealt
    hot = load_game("fleet-battle", seed=1, variant="hot-seat", options=["secret-orders"])
    state = hot.new_initial_state()
    red, blue = state.observation_tensor(0)[-12:], state.observation_tensor(1)[-12:]
    assert sum(red[:6]) == 0.0 and sum(red[6:]) == 1.0   # red: its own side's order only
    assert sum(blue[:6]) == 1.0 and sum(blue[6:]) == 0.0  # blue (the aborigines): its own


@pytest.mark.parametrize("sid", ["aborigine-clash", "fleet-battle"])
def test_two_seats_of_one_side_are_general_sum_and_pass_the_random_test(sid: str) -> None:
    """The RL researcher's trial: at 2 players Clash's two civilizations (and the fleet
    battle's two squadrons) were declared zero-sum, win and lose together (-1/-1), and
    random_sim_test failed on the sum. Two seats that play each other stay zero-sum."""
    game = load_game(sid, players=2)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    duel = load_game("fleet-battle", variant="hot-seat")
    assert duel.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_an_illegal_index_names_the_seat_and_its_meaning() -> None:
    state = load_game("tic-tac-toe").new_initial_state()
    with pytest.raises(Exception, match=r"action index 73 is not legal for x now \("):
        state.apply_action(73)


def test_resampling_keeps_what_the_seat_knows_and_draws_the_rest_afresh() -> None:
    """RB.4 (a fleet's battle order is secret from the other fleet): ``resample_from_infostate``
    for red keeps red's own order and the whole history, draws blue's order from blue's orders
    — never read from the state — and leaves the state itself as it was."""
    state = load_game("fleet-battle", seed=1, variant="hot-seat",
                      options=["secret-orders"]).new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
    before = state.game.state.to_json()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    blue_orders = set()
    for _ in range(24):
        twin = state.resample_from_infostate(0, sampler)
        assert twin.information_state_string(0) == state.information_state_string(0)
        assert twin.history() == state.history() and twin.legal_actions() == state.legal_actions()
        secrets = twin.game.state.secrets
        assert secrets["order:civilizations"]["value"] == \
            state.game.state.secrets["order:civilizations"]["value"]
        blue_orders.add(secrets["order:aborigines"]["value"])
        assert secrets["bag:order-aborigines"].get("value") is None  # the bag's order: masked
    assert len(blue_orders) > 2  # drawn afresh, from blue's six orders
    assert blue_orders <= {"1", "2", "3", "4", "5", "6"}
    assert state.game.state.to_json() == before


def test_resampling_draws_face_down_markers_from_their_bag() -> None:
    """RS.2: a face-down Space Domain marker is hidden from every seat; a resampled state draws
    the face-down ones from what is left in the bag, two never the same marker."""
    state = load_game("aborigine-clash", seed=2, options=["space-domain"],
                      players=2).new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    markers = {sid for sid in state.game.state.secrets if sid.startswith("space-domain:")}
    truth = {sid: state.game.state.secrets[sid]["value"] for sid in markers}
    twin = state.resample_from_infostate(0, sampler)
    drawn = {sid: twin.game.state.secrets[sid]["value"] for sid in markers}
    assert drawn != truth and set(drawn.values()) <= set(
        state.game.state.secrets["bag:space-domain"]["public"]["contents"])
    assert twin.information_state_string(0) == state.information_state_string(0)


def test_openspiels_ismcts_bot_plays_a_hidden_information_game() -> None:
    """OpenSpiel's ``ISMCTSBot`` resamples the state at every simulation
    (``resample_from_infostate``) and checks that each sample is the same information state."""
    from open_spiel.python.algorithms import ismcts

    game = load_game("fleet-battle", seed=2, variant="hot-seat", options=["secret-orders"])
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 1.4, 3, random_state=rng)
    state = game.new_initial_state()
    for _ in range(4):
        if state.is_chance_node():
            faces = state.chance_outcomes()
            state.apply_action(int(rng.choice([f for f, _p in faces], p=[p for _f, p in faces])))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


def test_a_clone_copies_the_engine_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel clones a Python state by making a new initial state and replacing its
    attributes with copies: the new state's own game is made on first use only, so a clone
    (and ``child``, get_all_states' and TabularPolicy's step) copies the engine's game once."""
    from distant_galaxy.core.game import Game

    state = load_game("connect-four").new_initial_state()
    state.apply_action(3)
    copies = []
    real_clone = Game.clone
    monkeypatch.setattr(Game, "clone", lambda self, *a, **k: copies.append(1) or
                        real_clone(self, *a, **k))
    child = state.child(2)
    assert len(copies) == 1
    assert child.history() == [3, 2] and state.history() == [3]
    assert child.clone().history() == [3, 2] and len(copies) == 2
    fresh = state.get_game().new_initial_state()
    assert len(copies) == 2 and fresh.legal_actions() == list(range(7))
    fresh.apply_action(0)
    assert len(copies) == 3 and fresh.history() == [0]
