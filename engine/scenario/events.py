"""The event catalogue: every event type a trigger's ``on:`` may name, with its fields.

One table shared by the loader (``on:`` must name one of these: ``"x-refers-to": "@events"`` in
the scenario schema), the docs (docs/rules.md "Events", checked by tests/scenario/test_events.py)
and the describe hooks. The engine's own events are :data:`ENGINE_EVENTS`; a plugin declares its
events in its section schema under ``"x-events"`` (type → a line saying what it is and its
fields), so that a scenario using the plugin may trigger on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from distant_galaxy.scenario.model import Scenario

__all__ = ["ENGINE_EVENTS", "EVENTS_KEY", "declared_events", "event_catalogue", "scenario_events"]

#: Where a plugin's section schema declares its event types.
EVENTS_KEY = "x-events"

#: The engine's event types (the core, the generic board actions, rule effects), each with what
#: it means and its fields (every event also has ``type``, and may have ``rule``).
ENGINE_EVENTS: dict[str, str] = {
    "setup": "a game starts; fields: scenario, variant, seats, seed",
    "turn_start": "a seat's turn starts; fields: seat, round",
    "turn_end": "a seat's turn ends; fields: seat, round",
    "hand_over": "a decision passes to another seat; fields: seat, decision, reason",
    "hand_back": "the decision returns; fields: seat, decision",
    "decision_skipped": "a seat had no legal action in a phase; fields: seat, decision, reason",
    "pass": "a seat without a legal action passed (`no_legal_action: pass`): its turn ended; "
            "fields: seat, decision, reason",
    "dice": "a die was rolled; fields: purpose, die (`d6`), value, forced (when forced)",
    "counter": "a player counter changed; fields: seat, counter, delta, value, reason",
    "pool": "a pool count changed; fields: seat, pool, unit, delta, value, reason",
    "place": "a token was placed; fields: seat (absent at set-up), token, unit, owner, to "
             "([x, y]), reason (set-up or a rule effect)",
    "move": "a token moved; fields: seat, token, unit, from ([x, y]), to ([x, y]), via (the "
            "cells a chain of jumps landed on in between), reason (from a rule effect)",
    "capture": "a token was captured; fields: seat, token, unit, owner, at ([x, y])",
    "promote": "a piece became another unit type on its last row (a draughts man crowned); "
               "fields: seat, token, unit (before), to_unit, at ([x, y])",
    "remove": "a rule effect took a token off (`remove_token`); fields: seat, token, unit, owner, "
              "at ([x, y], or none while carried), reason",
    "owner": "a rule effect gave a token to another seat (`set_owner`); fields: seat, token, "
             "unit, owner (the new one, or none), was (the old one), at ([x, y]), reason",
    "token_counter": "a token's counter changed (`unit.NAME` of `unit_counters:` set by an "
                     "effect, `set_counter`, or a plugin's `Game.change_token_counter`); fields: "
                     "token, unit, counter, delta, value, reason (and rule)",
    "note": "a rule effect's message (`log(...)`); fields: message",
    "trigger": "a trigger fired; fields: id, on",
    "undo": "the last action was taken back; fields: seat, action",
    "game_over": "the game ended; fields: winner, reason, round, victory",
    "bag_commit": "a bag was shuffled in secret (hidden information); fields: bag, size, "
                  "contents, sha256 (of the order and a salt), purpose, secret_sha256 (the "
                  "commitment to the game's secret the bag was shuffled from)",
    "reveal": "a secret was shown (to everybody, or to the seats `to`); fields: secret, value, "
              "reason, bag and slot (when drawn from a bag), to, visible_to",
    "secret_reveal": "at the end, the game's secret that every bag was shuffled from, for the "
                     "referee (its sha256 is the header's secret_sha256); fields: secret, sha256",
    "bag_reveal": "at the end, a bag's order and salt, for the referee; fields: bag, order, "
                  "salt, sha256",
}


def event_catalogue(sections: Mapping[str, Any]) -> dict[str, str]:
    """The engine's events and those the plugins' section schemas declare (``x-events``)."""
    return {**ENGINE_EVENTS, **declared_events(sections)}


def declared_events(sections: Mapping[str, Any]) -> dict[str, str]:
    """The events the plugins' section schemas declare (``x-events``), without the engine's."""
    events: dict[str, str] = {}
    for section in sections.values():
        declared = section.get(EVENTS_KEY) if isinstance(section, dict) else None
        if isinstance(declared, dict):
            events.update({str(k): str(v) for k, v in declared.items()})
    return events


def scenario_events(scenario: Scenario, plugins_only: bool = False) -> dict[str, str]:
    """The event catalogue of a loaded scenario: the engine's events and its plugins' (with
    ``plugins_only``, the plugins' alone) — what its triggers may name."""
    sections: dict[str, Any] = {}
    for group in scenario.pm.hook.dg_schema_sections():
        sections.update(group)
    return declared_events(sections) if plugins_only else event_catalogue(sections)
