"""Any scenario as an OpenSpiel Python game, with the engine's dice as chance nodes.

``load_game("breakthrough", seed=0)`` registers the scenario with ``pyspiel.register_game`` (once
per process, as ``distant_galaxy_<id>``) and returns the loaded game (a mod: the path of its file,
kept absolute so that a pickled state loads it again); OpenSpiel's algorithms (its
MCTS bot, its random simulation test) run on it. Needs the optional extra ``.[rl]`` (open-spiel).

**Chance.** A player's action is applied with dice that refuse to roll: the engine asks for a
die, the apply is undone whole (the engine's apply restores the state on any error), and the
state becomes a *chance node* whose outcomes are the die's faces, each ``1/sides``. Once the
outcome is chosen, the action is applied again with the dice chosen so far *forced*
(``Dice.force``) — when it needs another die, another chance node follows; when it completes,
the next player decides. So every die rolled while an action resolves (combat, the turn loop's
automatic phases that follow) is a chance node, in the order the engine rolls them. The dice of
set-up are rolled from the game's ``seed`` parameter, not surfaced (they come before the first
decision). Chance is declared explicit when the seeded exploration of the codec met a die
(``Codec.dice``), else the game is deterministic.

Actions are the fixed indices of :mod:`distant_galaxy.adapters.encoding`; observations its
tensor from the player's view. Returns: +1 the winner, -1 the others, 0 each for a draw.

**Hidden information.** ``load_game(id, options=[…], variant=…, players=…)`` loads a scenario
with options, a variant and a number of seats; where the game hides something (the set-up keeps
secrets: the Space Domain's face-down markers, secret battle orders) it is declared *imperfect
information*. Every game offers information state strings: the player's seat, the secret values
that seat may see and every action and chance outcome so far (all public: dice are rolled in the
open), so it has perfect recall and never tells a value the seat may not see; a game with
secrets offers the tensor too, the observation tensor of the seat's view (what it sees now, not
its recall; of the secrets, those dealt at set-up that a seat may see, its own battle order: the
codec's ``secret_slots``). The observation string is the board as the seat sees it; the
state's string the whole game (the referee's), as OpenSpiel expects. A state's
``resample_from_infostate`` draws the values hidden from a seat afresh from what its view allows
(OpenSpiel's ``ISMCTSBot`` runs on it).
"""

from __future__ import annotations

import ctypes
import random
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from distant_galaxy.adapters.encoding import Codec, codec_for, option_list, rewards, seat_state
from distant_galaxy.bots.rollout import seat_sides
from distant_galaxy.core.actions import Action
from distant_galaxy.core.dice import Dice
from distant_galaxy.core.game import Game
from distant_galaxy.core.hidden import determinize, may_see
from distant_galaxy.core.state import GameState
from distant_galaxy.errors import EngineError
from distant_galaxy.play.render import render_board
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.model import Scenario

#: The longest game OpenSpiel is told of (it is an upper bound only; no scenario comes near).
MAX_GAME_LENGTH = 1_000_000

#: The registered factories and the games OpenSpiel made, kept for the process: OpenSpiel's
#: registry and game cache are C++ statics that release them after the interpreter has finished,
#: without the GIL, so each is given one reference that is never released (see ``_keep``).
_KEPT: list[Any] = []


def _keep(obj: Any) -> None:
    """Keep ``obj`` alive past the interpreter's end (a reference never released), so that
    OpenSpiel's C++ statics never free a Python object at exit (a crash: no GIL by then)."""
    _KEPT.append(obj)
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(obj))


class NeedDie(Exception):
    """Raised by :class:`ChanceDice` when a roll has no chosen outcome yet."""

    def __init__(self, sides: int, purpose: str):
        super().__init__(f"a d{sides} for {purpose}")
        self.sides = sides


class ChanceDice(Dice):
    """Dice that give the forced values and refuse to roll beyond them (:class:`NeedDie`)."""

    def roll(self, sides: int, purpose: str, rule: str | None = None, **info: Any) -> int:
        if not self.forced:
            raise NeedDie(sides, purpose)
        return super().roll(sides, purpose, rule, **info)


def _word(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text)


def short_name(scenario_id: str, options: tuple[str, ...] | list[str] = (),
               variant: str | None = None, players: int | None = None) -> str:
    """The OpenSpiel name of a scenario: ``distant_galaxy_tic_tac_toe``; with options
    ``distant_galaxy_fleet_battle__secret_orders``, a variant ``…___v_hot_seat``, a number of
    players ``…___p2``."""
    return ("distant_galaxy_" + _word(scenario_id) + "".join("__" + _word(o) for o in options)
            + (f"___v_{_word(variant)}" if variant else "")
            + (f"___p{players}" if players is not None else ""))


def load_game(scenario_id: str, seed: int = 0, options: tuple[str, ...] | list[str] = (),
              variant: str | None = None, players: int | None = None) -> pyspiel.Game:
    """Register the scenario with ``options``, ``variant`` and ``players`` seats (None: as many
    as it allows) once, and load it with the set-up ``seed``. ``scenario_id`` is an id or the
    path of a scenario file (a mod); ``options`` a list of option ids."""
    name = register(scenario_id, option_list(options), variant, players)
    return pyspiel.load_game(name, {"seed": seed})


def scenario_source(scenario_id: str) -> str:
    """What names a scenario wherever this process or another loads it again: an id as it is,
    a file's path made absolute (a state's pickle keeps it: :meth:`Play.__getstate__`)."""
    path = Path(scenario_id)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        return str(path.resolve())
    return scenario_id


def register(scenario_id: str, options: tuple[str, ...] | list[str] = (),
             variant: str | None = None, players: int | None = None) -> str:
    """Register the scenario (an id or a file's path, with ``options``, ``variant`` and
    ``players``) as an OpenSpiel game; its short name."""
    source = scenario_source(scenario_id)
    name = short_name(source, options, variant, players)
    if name in pyspiel.registered_names():
        return name
    scenario = load_scenario(source, variant, list(options))
    seats = scenario.seats_for(players)
    codec = codec_for(scenario)
    game_type, info = _type_and_info(name, scenario, codec, seats)

    def factory(params: dict[str, Any] | None = None) -> DgGame:
        return DgGame(scenario, codec, game_type, info, params, source, seats, players)

    _keep(factory)
    pyspiel.register_game(game_type, factory)
    return name


def _type_and_info(name: str, scenario: Scenario, codec: Codec, chosen: list[str]
                   ) -> tuple[pyspiel.GameType, pyspiel.GameInfo]:
    seats = len(chosen)
    sides = seat_sides(scenario)
    # zero-sum: two seats that play against each other; two seats of one side (episode 5's
    # civilizations at 2 players) win and lose together (+1/+1, -1/-1): general-sum
    zero_sum = seats == 2 and len({sides.get(s, s) for s in chosen}) == 2
    hidden = hides_information(scenario, chosen)
    chance = pyspiel.GameType.ChanceMode
    game_type = pyspiel.GameType(
        short_name=name, long_name=f"Distant Galaxy: {scenario.id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.EXPLICIT_STOCHASTIC if codec.dice else chance.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden else
        pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else
        pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats, min_num_players=seats,
        provides_information_state_string=True, provides_information_state_tensor=hidden,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"seed": 0})
    info = pyspiel.GameInfo(
        num_distinct_actions=codec.size, max_chance_outcomes=max(codec.dice, default=0),
        num_players=seats, min_utility=-1.0, max_utility=1.0,
        utility_sum=0.0 if zero_sum else None, max_game_length=MAX_GAME_LENGTH)
    return game_type, info


def hides_information(scenario: Scenario, seats: list[str] | None = None) -> bool:
    """Whether the scenario (with its options) keeps secrets from the seats: its set-up (seed 0)
    holds a secret."""
    return bool(Game(scenario, seats=seats, seed=0, record=False).state.secrets)


class DgGame(pyspiel.Game):
    """A scenario as an OpenSpiel game."""

    def __init__(self, scenario: Scenario, codec: Codec, game_type: pyspiel.GameType,
                 info: pyspiel.GameInfo, params: dict[str, Any] | None = None,
                 source: str | None = None, seats: list[str] | None = None,
                 players: int | None = None):
        super().__init__(game_type, info, params or {})
        _keep(self)
        self.scenario, self.codec = scenario, codec
        #: The scenario's id, or its file's absolute path (:func:`scenario_source`).
        self.source = source or scenario.id
        self.players = players  # as asked (None: the most the scenario allows)
        self.seed = int((params or {}).get("seed", 0))
        self.start = Game(scenario, seats=seats, seed=self.seed, record=False)
        self.start_legal = codec.legal_map(self.start.state, self.start.legal_actions())

    def new_initial_state(self) -> DgState:
        return DgState(self, None, self.start_legal)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.codec, self.scenario, recall)


class Play:
    """What a state holds: the engine's game, the action waiting for its dice, if any. OpenSpiel
    clones a Python state by deep-copying its attributes; this one copies as a game clone.

    OpenSpiel's clone of a Python state makes a new initial state and then replaces its
    attributes with the copies: a new state's game is therefore made on first use only
    (``game=None``: a copy of the set-up when first asked for), so a clone copies the engine's
    game once, not twice."""

    def __init__(self, dg: DgGame, game: Game | None):
        self.dg, self._game = dg, game
        if game is not None:
            game.dice = ChanceDice(game.state, game.emit)
        self.seats = list((game or dg.start).state.seats)
        self.waiting: Action | None = None  # the action whose dice are being chosen
        self.chosen: list[int] = []         # the faces chosen so far for it
        self.sides = 0                      # the die the chance node rolls
        self.legal: dict[int, Action] = {}

    @property
    def game(self) -> Game:
        """The engine's game (the set-up's copy, made now, if none was made yet)."""
        game = self._game
        if game is None:
            game = self._game = self.dg.start.clone()
            game.dice = ChanceDice(game.state, game.emit)
        return game

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        return self.with_game(None if self._game is None else self._game.clone())

    def with_game(self, game: Game | None) -> Play:
        """This play (the decision or chance node under way) on another engine game."""
        twin = Play(self.dg, game)
        twin.waiting, twin.chosen, twin.sides = self.waiting, list(self.chosen), self.sides
        twin.legal = dict(self.legal)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle (OpenSpiel's ``serialize_game_and_state``, ``random_sim_test(…,
        serialize=True)``) keeps: the game by its scenario (its id, or the absolute path of the
        file it was loaded from), set-up seed and options, the engine state as JSON, the
        history and the chance node under way — never the engine's objects, which hold modules
        and plugin managers."""
        dg = self.dg
        return {"game": [dg.source, dg.seed, list(dg.scenario.options), dg.scenario.variant,
                         dg.players],
                "state": self.game.state.to_json(),
                "history": [list(h) for h in self.game.history],
                "waiting": None if self.waiting is None else str(self.waiting),
                "chosen": list(self.chosen), "sides": self.sides,
                "legal": {i: str(a) for i, a in self.legal.items()}}

    def __setstate__(self, data: dict[str, Any]) -> None:
        scenario_id, seed, options, variant, players = data["game"]
        dg: DgGame = load_game(scenario_id, seed, options, variant, players)
        state = GameState.from_json(data["state"])
        game = Game(dg.scenario, state=state, seed=state.seed, record=False)
        game.history = [(seat, text) for seat, text in data["history"]]
        self.__init__(dg, game)  # type: ignore[misc]
        self.waiting = None if data["waiting"] is None else Action.parse(data["waiting"])
        self.chosen, self.sides = list(data["chosen"]), int(data["sides"])
        self.legal = {int(i): Action.parse(text) for i, text in data["legal"].items()}

    def refresh(self) -> None:
        """The legal indices of the decision now (none while dice are awaited or at the end)."""
        g = self.game
        self.legal = {} if g.over or self.waiting is not None else \
            self.dg.codec.legal_map(g.state, g.legal_actions())

    def resolve(self) -> None:
        """Apply the waiting action with the faces chosen so far; a chance node if it needs
        another die."""
        g, action = self.game, self.waiting
        assert action is not None
        g.dice.forced = list(self.chosen)
        try:
            g.apply(action)
        except EngineError as exc:
            need = _needed_die(exc)
            if need is None:
                raise
            self.sides = need.sides
            return
        self.waiting, self.chosen, self.sides = None, [], 0
        self.refresh()


def _needed_die(exc: BaseException) -> NeedDie | None:
    """The :class:`NeedDie` behind an apply's error (a plugin's hook wraps it once more)."""
    seen: BaseException | None = exc
    for _ in range(8):
        if seen is None or isinstance(seen, NeedDie):
            return seen
        seen = seen.__cause__
    return None


class DgState(pyspiel.State):
    """A game in progress (its :class:`Play`)."""

    def __init__(self, game: DgGame, engine_game: Game | None, legal: dict[int, Action]):
        super().__init__(game)
        self.play = Play(game, engine_game)
        self.play.legal = dict(legal)

    @property
    def game(self) -> Game:
        return self.play.game

    @property
    def seats(self) -> list[str]:
        return self.play.seats

    def current_player(self) -> int:
        if self.play.waiting is not None:
            return pyspiel.PlayerId.CHANCE
        if self.game.over:
            return pyspiel.PlayerId.TERMINAL
        pend = self.game.pending
        assert pend is not None
        return self.seats.index(pend.seat)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.play.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        sides = self.play.sides
        return [(face, 1.0 / sides) for face in range(sides)]

    def _apply_action(self, action: int) -> None:
        play = self.play
        if play.waiting is None:
            if self.game.over:
                raise EngineError(f"action index {action}: the game is over ("
                                  f"{self.game.result.get('reason') if self.game.result else ''})")
            chosen = play.legal.get(action)
            if chosen is None:  # (as the PettingZoo environment says it)
                codec = play.dg.codec
                meaning = codec.describe(action) if 0 <= action < codec.size else "out of range"
                pend = self.game.pending
                who = f" for {pend.seat}" if pend is not None else ""
                raise EngineError(f"action index {action} is not legal{who} now ({meaning})")
            play.waiting, play.chosen = chosen, []
        else:
            if not 0 <= action < play.sides:
                raise EngineError(f"chance outcome {action} is not one of this chance node's "
                                  f"0..{play.sides - 1} (a d{play.sides}: outcome k is the face "
                                  "k + 1)")
            play.chosen.append(action + 1)
        play.resolve()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DgState:
        """A state that ``player_id`` cannot tell from this one (OpenSpiel's
        ``ResampleFromInfostate``, which its ``ISMCTSBot`` asks for at every simulation): the
        same history and every value the seat may see, each value hidden from it drawn afresh
        from what its view allows (:func:`~distant_galaxy.core.hidden.determinize`: a face-down
        marker from what is left in its bag, the other fleet's secret order from its orders),
        never read from this state. ``probability_sampler`` (e.g.
        ``pyspiel.UniformProbabilitySampler(0., 1.)``) gives the draws' seed."""
        seat = self.seats[player_id]
        world = self.game.view(seat).clone()
        if world.state.secrets:
            determinize(world, random.Random(int(probability_sampler() * 2.0 ** 53)))
        twin = self.clone()
        twin.play = self.play.with_game(world)
        return twin

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"d{self.play.sides}={action + 1}"
        chosen = self.play.legal.get(action)
        return str(chosen) if chosen is not None else self.play.dg.codec.describe(action)

    def is_terminal(self) -> bool:
        return self.play.waiting is None and self.game.over

    def returns(self) -> list[float]:
        result = self.game.result
        if result is None or self.play.waiting is not None:
            return [0.0] * len(self.seats)
        r = rewards(result, self.seats, seat_sides(self.play.dg.scenario))
        return [r[s] for s in self.seats]

    def __str__(self) -> str:
        """The whole game, as the referee sees it: the board and status lines, the ply, round
        and pending decision, and the state's hash (two states print alike only when they are
        the same state)."""
        return f"{render_board(self.game)}\n{self.summary()}; state {self.game.state.hash()}"

    def summary(self) -> str:
        """``ply 3, round 2, x to play (play); last o: place 1,0`` and the dice under way."""
        st, play = self.game.state, self.play
        waiting = f"; dice for {play.waiting}: {play.chosen}" if play.waiting else ""
        history = self.game.history
        last = f"; last {history[-1][0]}: {history[-1][1]}" if history else ""
        pend = st.pending
        now = f"{pend.seat} to play ({pend.kind})" if pend is not None else "over"
        return f"ply {len(history)}, round {st.round}, {now}{last}{waiting}"


class Observer:
    """OpenSpiel's observer of a player: the codec's tensor of the seat's view and a short
    string; with ``recall`` (an information state) the string is the seat, the secrets it may
    see and every action and chance outcome so far."""

    def __init__(self, codec: Codec, scenario: Scenario, recall: bool = False):
        self.codec, self.limit, self.recall = codec, scenario.limits.get("rounds"), recall
        self.tensor = np.zeros(codec.obs_size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DgState, player: int) -> None:
        seat = state.seats[player]
        tensor = self.tensor
        tensor.fill(0.0)
        for i, v in self.codec.features(seat_state(state.game, seat), seat, self.limit):
            tensor[i] = v

    def string_from(self, state: DgState, player: int) -> str:
        """An observation: the board and status lines as the seat sees them now (hidden values
        hidden) and the ply, round and pending decision. An information state: the seat, the
        secrets it may see and every action and chance outcome so far (perfect recall; in a
        perfect-information game, as OpenSpiel's own games, the history)."""
        seat = state.seats[player]
        if not self.recall:
            return f"{seat}: {render_board(state.game.view(seat))}\n{state.summary()}"
        return f"{seat}: knows {known_secrets(state.game, seat)}; history {state.history()}"


def known_secrets(game: Game, seat: str) -> list[tuple[str, Any]]:
    """The secrets ``seat`` may see that not everybody may: (id, value), by id."""
    return [(sid, item["value"]) for sid, item in sorted(game.state.secrets.items())
            if item["see"] != "all" and may_see(item, seat)]
