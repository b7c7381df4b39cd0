"""Any scenario as a PettingZoo AEC environment: ``aec_env("breakthrough", seed=…)``.

Needs the optional extra ``.[rl]`` (pettingzoo, gymnasium, numpy). Observations are
``{"observation": float32[obs_size], "action_mask": int8[size]}`` per seat, from the seat's view;
actions are the fixed indices of :mod:`distant_galaxy.adapters.encoding`; the rewards come from
the result (+1 the winner, -1 the others, 0 each for a draw), given when the game ends. One seat
may act several times in a row (a turn of several actions then ``end``): ``agent_selection`` is
always the engine's pending seat. ``reset()`` without a seed plays the next seed (each episode a
new deal); ``render()`` (``render_mode="ansi"``) shows what every player may see.
"""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from distant_galaxy.adapters.encoding import Codec, codec_for, option_list, rewards, seat_state
from distant_galaxy.bots.rollout import seat_sides
from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError
from distant_galaxy.play.render import render_board
from distant_galaxy.scenario.load import load_scenario


def aec_env(scenario: str, seed: int = 0, variant: str | None = None,
            options: list[str] | None = None, render_mode: str | None = None,
            players: int | None = None) -> DgAecEnv:
    """The AEC environment of a scenario (an id of ``dg list`` or a YAML path), with a
    ``variant``, ``options`` (a list of option ids) and ``players`` seats (None: as many as the
    scenario allows). ``reset()`` without a seed plays the next seed: ``seed``, then ``seed +
    1``, … (each episode a new deal of dice and secrets, the same series in every process);
    ``reset(seed=s)`` starts the series again from ``s``."""
    return DgAecEnv(scenario, seed, variant, options, render_mode, players)


class DgAecEnv(AECEnv):
    """A scenario as a PettingZoo AEC environment (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "distant_galaxy_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, scenario: str, seed: int = 0, variant: str | None = None,
                 options: list[str] | None = None, render_mode: str | None = None,
                 players: int | None = None):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise EngineError(f"render_mode {render_mode!r} is not offered: "
                              f"{', '.join(self.metadata['render_modes'])} or None")
        if variant is not None and not isinstance(variant, str):
            raise EngineError(f"variant must be a variant's name (a text) or None, not "
                              f"{type(variant).__name__} {variant!r}")
        if seed is None:  # as dg run without --seed: a seed of its own
            seed = random.SystemRandom().getrandbits(63)
        elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise EngineError(f"seed must be a whole number or None, not {seed!r}")
        self.scenario = load_scenario(scenario, variant, option_list(options))
        self.codec: Codec = codec_for(self.scenario)
        self.seed = int(seed)  # the seed of the next episode (``reset``)
        self.render_mode = render_mode
        self.possible_agents = self.scenario.seats_for(players)
        lo, hi = self.codec.bounds()
        obs = spaces.Box(np.array(lo, dtype=np.float32), np.array(hi, dtype=np.float32),
                         dtype=np.float32)
        mask = spaces.Box(0, 1, (self.codec.size,), dtype=np.int8)
        self._obs_space = spaces.Dict({"observation": obs, "action_mask": mask})
        self._act_space = spaces.Discrete(self.codec.size)
        self.game: Game | None = None
        self._legal: dict[int, Any] = {}
        self.agents: list[str] = []  # (none before the first reset, as PettingZoo's own)

    # -- copies (the RL researcher's trial: a copy for look-ahead, a pickle for workers) --------
    def __deepcopy__(self, memo: dict[int, Any]) -> DgAecEnv:
        """An independent copy of the environment and its episode: the game copied as a search
        copies it (``Game.clone``); the scenario, its codec and the spaces shared (read-only)."""
        twin = type(self).__new__(type(self))
        shared = ("scenario", "codec", "game", "_obs_space", "_act_space")
        twin.__dict__.update({k: v if k in shared else copy.deepcopy(v, memo)
                              for k, v in self.__dict__.items()})
        twin.game = self.game.clone() if self.game is not None else None
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """Pickled with the episode as its seed and actions (the game is played again on
        loading: the same seed and actions give the same game); the scenario as its file."""
        state = dict(self.__dict__)
        game = state.pop("game")
        state["_replay"] = None if game is None else (self._episode_seed, list(game.history))
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        replay = state.pop("_replay")
        self.__dict__.update(state)
        self.game = None
        if replay is not None:
            seed, history = replay
            self.game = Game(self.scenario, seats=list(self.possible_agents), seed=seed,
                             record=False)
            for seat, text in history:
                self.game.apply(text, seat=seat)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: from ``seed`` when given, else from the seed after the last
        episode's (the constructor's for the first)."""
        if seed is not None:
            self.seed = seed
        self.game = Game(self.scenario, seats=list(self.possible_agents), seed=self.seed,
                         record=False)
        self._episode_seed = self.seed
        self.seed += 1  # the next episode's: another deal of the dice and secrets
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def _settle(self) -> None:
        """After set-up or an action: the pending seat, its legal indices, or the end."""
        game = self.game
        assert game is not None
        if game.over:
            assert game.result is not None
            self.rewards = rewards(game.result, self.agents, seat_sides(self.scenario))
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"result": dict(game.result)}
            self._legal = {}
            return
        pend = game.pending
        assert pend is not None
        self.agent_selection = pend.seat
        self._legal = self.codec.legal_map(game.state, game.legal_actions())
        for agent in self.agents:  # the count is the acting agent's; the others' is not kept
            self.infos[agent] = {"legal": len(self._legal)} if agent == pend.seat else {}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self._started()
        if agent not in self.possible_agents:
            raise EngineError(f"no agent {agent!r} in this game (agents: "
                              f"{', '.join(self.possible_agents)})")
        state = seat_state(game, agent)
        obs = np.asarray(self.codec.observe(state, agent, self.scenario.limits.get("rounds")),
                         dtype=np.float32)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if agent == self.agent_selection and not game.over:
            mask[list(self._legal)] = 1
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``, with a clear error before the first ``reset()``."""
        self._started()
        return super().last(observe)

    def _started(self) -> Game:
        """The game under way, or a clear error before the first ``reset()``."""
        if self.game is None:
            raise EngineError("no episode yet: call reset() before last(), observe() or step()")
        return self.game

    def step(self, action: Any) -> None:
        self._started()
        if not self.agents:
            raise EngineError("the episode is over (every agent is done): call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise EngineError(f"step(None) is only for an agent that is done; {agent} is to "
                              "act: give an index its action_mask allows")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise EngineError(f"an action is an index (a whole number) its action_mask "
                              f"allows, not {action!r}")
        index = int(action)
        chosen = self._legal.get(index)
        if chosen is None:
            meaning = self.codec.describe(index) if 0 <= index < self.codec.size else "out of range"
            raise EngineError(f"action index {index} is not legal for {agent} now ({meaning})")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        assert self.game is not None
        self.game.apply(chosen)
        self._settle()
        self._accumulate_rewards()

    def action_text(self, index: int) -> str:
        """The engine's text of a legal index now (``move 0,1 0,2``)."""
        return str(self._legal[index])

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the board as every player may see it (no hidden value:
        a face-down marker or a secret order stays hidden), else None."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return render_board(self.game.view(None))

    def close(self) -> None:
        self.game = None
