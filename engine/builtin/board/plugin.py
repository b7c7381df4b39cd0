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
    from distant_galaxy.errors import SourceError
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
    """Compile the ``actions:`` section and ``setup.fill`` (errors go to the scenario's list);
    warn of a victory ``line_of(N, …)`` longer than the board allows."""
    scenario.stash[SECTION] = GenericSection(rules)
    rules.warnings.extend(impossible_lines(scenario, rules))


def impossible_lines(scenario: Scenario, rules: ScenarioRules) -> list[SourceError]:
    """A victory that is ``line_of(N, seat)`` with a constant N longer than the board's longest
    line (its width or height) can never hold: the game author's ``line: 10`` on 9×9 validated
    and no game could be won by it."""
    longest = max(scenario.grid.width, scenario.grid.height)
    out: list[SourceError] = []
    for i, item in enumerate(scenario.data.get("victory") or []):
        victory = next((v for v in rules.victories
                        if isinstance(item, dict) and v.id == item.get("id")), None)
        if victory is None:
            continue
        call, spec = victory.cond.own_call, victory.cond.call
        if spec is None or spec.name != "line_of" or not call or not call[2]:
            continue
        n = call[2][0]
        if isinstance(n, int) and not isinstance(n, bool) and n > longest:
            out.append(scenario.error(
                f"victory '{victory.id}': line_of({n}, …) can never hold on a "
                f"{scenario.grid.width}x{scenario.grid.height} board (its longest line has "
                f"{longest} cells)", "victory", i, "if"))
    return out


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
