"""Distant Galaxy Engine: a data-driven grid-and-turn engine for scenarios written in YAML.

This module is the public surface: everything a plugin or a program needs is exported here (see
``__all__`` and docs/plugins.md); the sub-packages are the engine's own layout and may change.

>>> from distant_galaxy import load_scenario, Game          # doctest: +SKIP
>>> game = Game(load_scenario("asteroid-belt"), seed=7)      # doctest: +SKIP
>>> game.apply(game.legal_actions()[0])                      # doctest: +SKIP
"""

from __future__ import annotations

from distant_galaxy.core.actions import Action, ActionKind, EndAction, parse_pos, require
from distant_galaxy.core.dice import Dice, table_lookup
from distant_galaxy.core.game import Game
from distant_galaxy.core.grid import CellPermissions, Grid
from distant_galaxy.core.state import GameState, Pending, Player, Site, Token
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
from distant_galaxy.play.log import read_log
from distant_galaxy.rules import Effect, Expr, Registry
from distant_galaxy.scenario.context import RuleContext
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.model import Scenario
from distant_galaxy.scenario.rules import ScenarioRules
from distant_galaxy.scenario.setup import add_to_pool
from distant_galaxy.stash import Stash, StashKey
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
    "Effect",
    "EndAction",
    "EngineError",
    "Expr",
    "Game",
    "GameState",
    "Grid",
    "HumanController",
    "IllegalAction",
    "LogError",
    "MalformedAction",
    "Pending",
    "Player",
    "PluginError",
    "RandomBot",
    "Registry",
    "RuleContext",
    "RuleError",
    "RuleRuntimeError",
    "SaveError",
    "Scenario",
    "ScenarioError",
    "ScenarioErrors",
    "ScenarioRules",
    "Site",
    "SourceError",
    "SourcePos",
    "Stash",
    "StashKey",
    "Token",
    "__version__",
    "add_to_pool",
    "hookimpl",
    "load_scenario",
    "parse_pos",
    "read_log",
    "require",
    "table_lookup",
]
