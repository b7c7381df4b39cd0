"""The generic board actions as a built-in plugin: the hooks that wire the ``actions:`` section,
``setup.fill`` and the board's rule functions into every scenario.

Registered by name (``builtin.board``) into every scenario's plugin manager by
:func:`distant_galaxy.plugins.make_plugin_manager`, as pytest registers its default plugins; it
uses the same hooks as a third-party plugin, and keeps the compiled section in the scenario's
stash. Its implementations run before other plugins' (``tryfirst``), so the generic verbs come
first and a plugin's verb of the same name replaces one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy.builtin.board.section import GenericSection, register_generic_functions
from distant_galaxy.hookspecs import hookimpl
from distant_galaxy.stash import StashKey

if TYPE_CHECKING:
    from distant_galaxy.core.actions import ActionKind
    from distant_galaxy.core.game import Game
    from distant_galaxy.rules import Registry
    from distant_galaxy.scenario.model import Scenario
    from distant_galaxy.scenario.rules import ScenarioRules

#: The compiled ``actions:`` section and ``setup.fill`` of a scenario (in ``scenario.stash``).
SECTION = StashKey[GenericSection]()


@hookimpl(tryfirst=True)
def dg_rule_functions(registry: Registry) -> None:
    """``line_of``, ``pieces``, ``pieces_on_row``, ``pieces_on_column``, ``next_seat``,
    ``no_legal_move``."""
    register_generic_functions(registry)


@hookimpl(tryfirst=True)
def dg_compile_rules(scenario: Scenario, rules: ScenarioRules) -> None:
    """Compile the ``actions:`` section and ``setup.fill`` (errors go to the scenario's list)."""
    scenario.stash[SECTION] = GenericSection(rules)


@hookimpl(tryfirst=True)
def dg_action_kinds(scenario: Scenario) -> list[ActionKind]:
    """The kinds declared in the ``actions:`` section."""
    section = scenario.stash.get(SECTION, None)
    return list(section.kinds) if section is not None else []


@hookimpl(tryfirst=True)
def dg_setup(game: Game) -> None:
    """Place the pieces of ``setup.fill``."""
    section = game.scenario.stash.get(SECTION, None)
    if section is not None and section.fill:
        section.fill_board(game)
