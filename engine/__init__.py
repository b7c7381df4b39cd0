"""Distant Galaxy Engine: a data-driven grid-and-turn engine for scenarios written in YAML.

This module is the public surface: everything a plugin or a program needs is exported here (see
``__all__`` and docs/plugins.md); the sub-packages are the engine's own layout and may change.

>>> from distant_galaxy import load_scenario, Game          # doctest: +SKIP
>>> game = Game(load_scenario("asteroid-belt"), seed=7)      # doctest: +SKIP
>>> game.apply(game.legal_actions()[0])                      # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy.lazy import lazy_exports
from distant_galaxy.version import ENGINE_VERSION

if TYPE_CHECKING:  # the same names, for type checkers and editors
    from distant_galaxy.build import json_header
    from distant_galaxy.builtin.board.patterns import MovePattern, compile_pattern, oriented
    from distant_galaxy.cli.spec import Command
    from distant_galaxy.core.actions import Action, ActionKind, parse_pos, require
    from distant_galaxy.core.dice import Dice, table_lookup
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.grid import CellPermissions, Grid
    from distant_galaxy.core.hidden import UNKNOWN, HiddenInformation, bag_remaining
    from distant_galaxy.core.state import GameState, Pending, Player, Site, Token, cell_of
    from distant_galaxy.core.verbs import (
        ActorVerb,
        Arg,
        CellArg,
        EndAction,
        NameArg,
        NumberArg,
        SiteArg,
        TypedAction,
        UnitArg,
        Verb,
        typed,
        verb_rule,
    )
    from distant_galaxy.core.view import GameLike, GameView
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
    from distant_galaxy.harness.referee import verify_hidden
    from distant_galaxy.hookspecs import hookimpl, hookspec
    from distant_galaxy.play.controllers import Controller, HumanController, RandomBot
    from distant_galaxy.play.log import read_log
    from distant_galaxy.rules import Effect, Expr, Registry
    from distant_galaxy.scenario.context import RuleContext
    from distant_galaxy.scenario.load import load_scenario
    from distant_galaxy.scenario.model import Scenario
    from distant_galaxy.scenario.rules import ScenarioRules
    from distant_galaxy.scenario.setup import add_to_pool
    from distant_galaxy.stash import Stash, StashKey
    from distant_galaxy.text import article, close_matches, count_of

__version__ = ENGINE_VERSION

# Where each public name is defined. A name is imported on first use (PEP 562), so
# ``import distant_galaxy`` costs almost nothing and ``dg --help`` loads no scenario machinery.
# A new export is a line here, its import above and its name in ``__all__``
# (tests/test_public_surface.py checks that the three agree).
_SOURCES: dict[str, str] = {
    "MovePattern": "distant_galaxy.builtin.board.patterns",
    "compile_pattern": "distant_galaxy.builtin.board.patterns",
    "oriented": "distant_galaxy.builtin.board.patterns",
    "Command": "distant_galaxy.cli.spec",
    "json_header": "distant_galaxy.build",
    "Action": "distant_galaxy.core.actions",
    "ActionKind": "distant_galaxy.core.actions",
    "ActorVerb": "distant_galaxy.core.verbs",
    "Arg": "distant_galaxy.core.verbs",
    "CellArg": "distant_galaxy.core.verbs",
    "EndAction": "distant_galaxy.core.verbs",
    "NameArg": "distant_galaxy.core.verbs",
    "NumberArg": "distant_galaxy.core.verbs",
    "SiteArg": "distant_galaxy.core.verbs",
    "TypedAction": "distant_galaxy.core.verbs",
    "UnitArg": "distant_galaxy.core.verbs",
    "Verb": "distant_galaxy.core.verbs",
    "typed": "distant_galaxy.core.verbs",
    "verb_rule": "distant_galaxy.core.verbs",
    "parse_pos": "distant_galaxy.core.actions",
    "require": "distant_galaxy.core.actions",
    "Dice": "distant_galaxy.core.dice",
    "table_lookup": "distant_galaxy.core.dice",
    "Game": "distant_galaxy.core.game",
    "CellPermissions": "distant_galaxy.core.grid",
    "Grid": "distant_galaxy.core.grid",
    "HiddenInformation": "distant_galaxy.core.hidden",
    "UNKNOWN": "distant_galaxy.core.hidden",
    "bag_remaining": "distant_galaxy.core.hidden",
    "GameLike": "distant_galaxy.core.view",
    "GameView": "distant_galaxy.core.view",
    "verify_hidden": "distant_galaxy.harness.referee",
    "GameState": "distant_galaxy.core.state",
    "Pending": "distant_galaxy.core.state",
    "Player": "distant_galaxy.core.state",
    "Site": "distant_galaxy.core.state",
    "Token": "distant_galaxy.core.state",
    "cell_of": "distant_galaxy.core.state",
    "ActionError": "distant_galaxy.errors",
    "AmbiguousAction": "distant_galaxy.errors",
    "EngineError": "distant_galaxy.errors",
    "IllegalAction": "distant_galaxy.errors",
    "LogError": "distant_galaxy.errors",
    "MalformedAction": "distant_galaxy.errors",
    "PluginError": "distant_galaxy.errors",
    "RuleError": "distant_galaxy.errors",
    "RuleRuntimeError": "distant_galaxy.errors",
    "SaveError": "distant_galaxy.errors",
    "ScenarioError": "distant_galaxy.errors",
    "ScenarioErrors": "distant_galaxy.errors",
    "SourceError": "distant_galaxy.errors",
    "SourcePos": "distant_galaxy.errors",
    "hookimpl": "distant_galaxy.hookspecs",
    "hookspec": "distant_galaxy.hookspecs",
    "Controller": "distant_galaxy.play.controllers",
    "HumanController": "distant_galaxy.play.controllers",
    "RandomBot": "distant_galaxy.play.controllers",
    "read_log": "distant_galaxy.play.log",
    "article": "distant_galaxy.text",
    "count_of": "distant_galaxy.text",
    "close_matches": "distant_galaxy.text",
    "Effect": "distant_galaxy.rules",
    "Expr": "distant_galaxy.rules",
    "Registry": "distant_galaxy.rules",
    "RuleContext": "distant_galaxy.scenario.context",
    "load_scenario": "distant_galaxy.scenario.load",
    "Scenario": "distant_galaxy.scenario.model",
    "ScenarioRules": "distant_galaxy.scenario.rules",
    "add_to_pool": "distant_galaxy.scenario.setup",
    "Stash": "distant_galaxy.stash",
    "StashKey": "distant_galaxy.stash",
}

__all__ = [
    "ENGINE_VERSION",
    "UNKNOWN",
    "Action",
    "ActionError",
    "ActionKind",
    "ActorVerb",
    "AmbiguousAction",
    "Arg",
    "CellArg",
    "CellPermissions",
    "Command",
    "Controller",
    "Dice",
    "Effect",
    "EndAction",
    "EngineError",
    "Expr",
    "Game",
    "GameLike",
    "GameState",
    "GameView",
    "Grid",
    "HiddenInformation",
    "HumanController",
    "IllegalAction",
    "LogError",
    "MalformedAction",
    "MovePattern",
    "NameArg",
    "NumberArg",
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
    "SiteArg",
    "SourceError",
    "SourcePos",
    "Stash",
    "StashKey",
    "Token",
    "TypedAction",
    "UnitArg",
    "Verb",
    "__version__",
    "add_to_pool",
    "article",
    "bag_remaining",
    "cell_of",
    "close_matches",
    "compile_pattern",
    "count_of",
    "hookimpl",
    "hookspec",
    "json_header",
    "load_scenario",
    "oriented",
    "parse_pos",
    "read_log",
    "require",
    "table_lookup",
    "typed",
    "verb_rule",
    "verify_hidden",
]


__getattr__, __dir__ = lazy_exports(globals(), _SOURCES, __all__)
