"""Every shipped scenario as a PettingZoo AEC environment; PettingZoo's own ``api_test`` passes
(issue 20, item 3). Needs the extra ``.[rl]``; skipped with the reason without it."""

from __future__ import annotations

import copy
import pickle
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo adapter needs the extra: pip install -e '.[rl]'")

from pettingzoo.test import api_test

from distant_galaxy.adapters.pettingzoo import aec_env
from distant_galaxy.errors import EngineError
from tests.adapters.conftest import SHIPPED

SCENARIOS = SHIPPED


@pytest.mark.parametrize("sid", SCENARIOS)
def test_api_test_passes(sid: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on naming and dict observations
        api_test(aec_env(sid, seed=3), num_cycles=200, verbose_progress=False)


def test_a_game_to_the_end_with_rewards_from_the_result() -> None:
    env = aec_env("tic-tac-toe", seed=1)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        obs, _reward, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(int(obs["action_mask"].nonzero()[0][0]))  # the first legal index
    assert env.agents == []
    # x takes 0,0 1,0 2,0 in order while o takes 0,1 1,1: x wins
    assert env.infos == {} and env.game.result["winner"] == "x"


def test_same_seed_same_observations() -> None:
    a, b = aec_env("asteroid-belt", seed=5), aec_env("asteroid-belt", seed=5)
    a.reset()
    b.reset()
    assert (a.observe(a.agent_selection)["observation"] ==
            b.observe(b.agent_selection)["observation"]).all()


def test_an_illegal_index_is_refused_with_its_meaning() -> None:
    env = aec_env("breakthrough", seed=1)
    env.reset()
    with pytest.raises(EngineError, match="not legal for black now"):
        env.step(0)


def test_reset_without_a_seed_deals_a_new_episode_and_a_seed_replays_the_series() -> None:
    """The RL trial: every ``reset()`` replayed the constructor's seed, so a training loop saw
    one deal of the dice and of the secret orders for ever."""
    env = aec_env("fleet-battle", seed=0, options=["secret-orders"])
    deals = []
    for _ in range(6):
        env.reset()
        assert env.game is not None
        deals.append(sorted(str(v) for v in env.game.state.secrets.values()))
    assert len({str(d) for d in deals}) > 1
    env.reset(seed=0)
    assert env.game is not None
    assert sorted(str(v) for v in env.game.state.secrets.values()) == deals[0]


def test_render_shows_what_every_player_may_see_and_only_ansi_is_offered() -> None:
    env = aec_env("fleet-battle", seed=2, options=["secret-orders"], render_mode="ansi")
    env.reset()
    text = env.render()
    assert text is not None and "the aborigines: order ?" in text \
        and "the civilizations: order ?" in text
    with pytest.raises(EngineError, match="render_mode 'human' is not offered"):
        aec_env("tic-tac-toe", render_mode="human")


def test_mistakes_of_use_say_what_to_do() -> None:
    env = aec_env("tic-tac-toe")
    with pytest.raises(EngineError, match="call reset"):
        env.last()
    env.reset()
    with pytest.raises(EngineError, match="step\\(None\\) is only for an agent that is done"):
        env.step(None)
    with pytest.raises(EngineError, match=r"options=\['secret-orders'\]"):
        aec_env("fleet-battle", options="secret-orders")  # type: ignore[arg-type]
    while env.agents:
        env.step(None if env.terminations[env.agent_selection]
                 else int(env.last()[0]["action_mask"].argmax()))
    with pytest.raises(EngineError, match="the episode is over"):
        env.step(None)


def test_players_chooses_how_many_seats_play() -> None:
    env = aec_env("asteroid-belt", players=2)
    assert env.possible_agents == ["orange", "purple"]
    with pytest.raises(EngineError, match="for 2 to 3 players, not 1"):
        aec_env("asteroid-belt", players=1)


def test_an_environment_copies_and_pickles_with_its_episode() -> None:
    """The RL researcher's trial: ``copy.deepcopy(env)`` and ``pickle.dumps(env)`` failed on a
    module held by the scenario's plugins. A copy plays on alone; a pickle comes back with the
    same episode (played again from its seed and actions)."""
    env = aec_env("asteroid-belt", players=2)
    env.reset(seed=4)
    for _ in range(6):
        env.step(int(env.last()[0]["action_mask"].argmax()))
    twin, back = copy.deepcopy(env), pickle.loads(pickle.dumps(env))
    for other in (twin, back):
        assert other.agent_selection == env.agent_selection
        assert (other.observe("orange")["observation"] == env.observe("orange")["observation"]).all()
    twin.step(int(twin.last()[0]["action_mask"].argmax()))
    assert len(twin.game.history) == len(env.game.history) + 1   # the copy alone moved on


def test_odd_arguments_are_refused_with_what_is_wanted() -> None:
    """The RL researcher's trial: ``step(1.7)`` played index 1, ``observe("z")`` answered,
    ``variant=["quick"]`` was an unhashable-list TypeError, ``seed=None`` failed at reset."""
    env = aec_env("tic-tac-toe", seed=None)
    assert env.agents == []
    env.reset()
    with pytest.raises(EngineError, match="an action is an index"):
        env.step(1.7)
    with pytest.raises(EngineError, match="no agent 'z' in this game"):
        env.observe("z")
    with pytest.raises(EngineError, match="variant must be a variant's name"):
        aec_env("asteroid-belt", variant=["quick"])  # type: ignore[arg-type]
    env.step(4)
    assert env.infos["x"] == {} and env.infos["o"] == {"legal": 8}
