"""Generic actions a scenario can use without a plugin (the ``actions:`` section).

The classic games (tic-tac-toe, breakthrough) are written with these alone: placing a piece from a
pool on a cell that satisfies a rule condition, and moving pieces by movement patterns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import ActionKind

if TYPE_CHECKING:
    from engine.scenario import Scenario


def generic_action_kinds(scenario: Scenario) -> list[ActionKind]:
    """The action kinds declared in the scenario's ``actions:`` section."""
    if scenario.data.get("actions"):
        raise scenario.error("generic actions (the 'actions:' section) are not available yet",
                             "actions")
    return []
