"""Every shipped scenario as a PettingZoo AEC environment; PettingZoo's own ``api_test`` passes
(issue 20, item 3). Needs the extra ``.[rl]``; skipped with the reason without it."""

from __future__ import annotations

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
