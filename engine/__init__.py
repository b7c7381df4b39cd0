"""Distant Galaxy Engine: a data-driven grid-and-turn engine for scenarios written in YAML.

The public API: load a scenario, make a game, list legal actions, apply them, read the events.

>>> from engine import load_scenario, Game          # doctest: +SKIP
>>> game = Game(load_scenario("asteroid-belt"), seed=7)  # doctest: +SKIP
>>> game.apply(game.legal_actions()[0])              # doctest: +SKIP
"""

from __future__ import annotations

from distant_galaxy.core.actions import Action, ActionKind, EndAction, require
from distant_galaxy.core.dice import Dice, table_lookup
from distant_galaxy.core.game import Game
from distant_galaxy.core.grid import CellPermissions, Grid
from distant_galaxy.core.state import GameState, Player, Site, Token
from distant_galaxy.errors import (
    ActionError,
    AmbiguousAction,
    EngineError,
    IllegalAction,
    LogError,
    MalformedAction,
    PluginError,
    RuleError,
    RuleRuntimeError,
    SaveError,
    ScenarioError,
    ScenarioErrors,
    SourceError,
    SourcePos,
)
from distant_galaxy.hookspecs import hookimpl
from distant_galaxy.play.controllers import Controller, HumanController, RandomBot
from distant_galaxy.scenario.model import Scenario, load_scenario
from distant_galaxy.version import ENGINE_VERSION

__version__ = ENGINE_VERSION

__all__ = [
    "ENGINE_VERSION",
    "Action",
    "ActionError",
    "ActionKind",
    "AmbiguousAction",
    "CellPermissions",
    "Controller",
    "Dice",
    "EndAction",
    "EngineError",
    "Game",
    "GameState",
    "Grid",
    "HumanController",
    "IllegalAction",
    "LogError",
    "MalformedAction",
    "Player",
    "PluginError",
    "RandomBot",
    "RuleError",
    "RuleRuntimeError",
    "SaveError",
    "Scenario",
    "ScenarioError",
    "ScenarioErrors",
    "Site",
    "SourceError",
    "SourcePos",
    "Token",
    "__version__",
    "hookimpl",
    "load_scenario",
    "require",
    "table_lookup",
]
