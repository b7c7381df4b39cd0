"""The static checks of a scenario's rule tests (``tests:``), without playing them: the seats,
unit types and pools a case's ``setup`` names, and the types of the events it expects. ``dg
validate`` reports them for each case with the scenario of the case's own variant and options
(an option may bring its own unit types and its plugins' events); ``dg test`` refuses such a case
before playing it."""

from __future__ import annotations

from typing import Any

from distant_galaxy.errors import SourceError
from distant_galaxy.rules.hints import suggest
from distant_galaxy.scenario.event_fields import event_fields
from distant_galaxy.scenario.events import scenario_events
from distant_galaxy.scenario.model import Scenario
from distant_galaxy.text import close_matches


def case_errors(scenario: Scenario, case: dict[str, Any], index: int,
                events: list[str] | None = None) -> list[SourceError]:
    """Every name of test case ``index`` that ``scenario`` (the case's own form) does not know:
    :func:`setup_errors` and :func:`event_errors` (``events``: the scenario's event types,
    when the caller checks many cases of one form)."""
    if not isinstance(case, dict):
        return []  # the schema says what a case is
    setup = case.get("setup")
    return [*setup_errors(scenario, setup if isinstance(setup, dict) else {}, index),
            *action_errors(scenario, case, index),
            *event_errors(scenario, case, index, events)]


def action_errors(scenario: Scenario, case: dict[str, Any], index: int) -> list[SourceError]:
    """The actions of a case whose verb the scenario has no action of (``plase 4,4`` was
    found by ``dg test`` alone: the game author's trial), each at its place with a guess."""
    actions = case.get("actions")
    verbs = [*scenario.action_kinds(), "undo"]
    errors: list[SourceError] = []
    for j, text in enumerate(actions if isinstance(actions, list) else ()):
        verb = text.split()[0] if isinstance(text, str) and text.split() else None
        if verb is not None and verb.lower() not in verbs:
            errors.append(scenario.error(
                f"unknown action '{verb}'{suggest(verb, verbs)}", "tests", index, "actions", j,
                hint=f"the actions: {', '.join(sorted(verbs))}"))
    return errors


def setup_errors(scenario: Scenario, setup: dict[str, Any], index: int) -> list[SourceError]:
    """The seats, unit types and pools of a case's ``setup`` that the scenario does not have,
    each at its place with a "did you mean" (a seat typo in ``counters:`` was a raw KeyError)."""
    seats = [s["id"] for s in scenario.seats]
    errors: list[SourceError] = []

    def refuse(what: str, name: Any, known: list[str], *path: str | int) -> None:
        errors.append(scenario.error(f"unknown {what} '{name}'{suggest(str(name), known)}",
                                     "tests", index, "setup", *path,
                                     hint=f"{what}s: {', '.join(known) or 'none'}"))

    for section in ("counters", "pools"):
        for seat in _keys(setup.get(section)):
            if seat not in seats:
                refuse("seat", seat, seats, section, seat)
    pools = setup.get("pools")
    for seat, named in (pools.items() if isinstance(pools, dict) else ()):
        for pool in _keys(named):
            if pool not in scenario.pools:
                refuse("pool", pool, list(scenario.pools), "pools", seat, pool)
    tokens = setup.get("tokens")
    for j, spec in enumerate(tokens if isinstance(tokens, list) else ()):
        if not isinstance(spec, dict):
            continue
        if spec.get("type") not in scenario.unit_types:
            refuse("unit type", spec.get("type"), list(scenario.unit_types), "tokens", j, "type")
        if spec.get("owner") is not None and spec["owner"] not in seats:
            refuse("seat", spec["owner"], seats, "tokens", j, "owner")
        counters = list(scenario.unit_counters)
        for key in _keys(spec.get("attrs")):  # a token's counters: a misspelt one is set unread
            if key not in counters and suggest(str(key), counters):
                errors.append(scenario.key_error(
                    f"unknown unit counter '{key}'{suggest(str(key), counters)}", "tests", index,
                    "setup", "tokens", j, "attrs", key,
                    hint=f"a token's attrs set its unit counters: {', '.join(counters)}"))
    if setup.get("pending") is not None and setup["pending"] not in seats:
        refuse("seat", setup["pending"], seats, "pending")
    return errors


def event_errors(scenario: Scenario, case: dict[str, Any], index: int,
                 events: list[str] | None = None) -> list[SourceError]:
    """The expected events of a case whose ``type`` no event of the scenario has (the engine's
    and its plugins': ``expect: {events: [{type: gameover}]}`` could never be found)."""
    expect = case.get("expect")
    wanted = expect.get("events") if isinstance(expect, dict) else None
    if not isinstance(wanted, list):
        return []
    known = events if events is not None else list(scenario_events(scenario))
    errors: list[SourceError] = []
    for j, event in enumerate(wanted):
        kind = event.get("type") if isinstance(event, dict) else None
        if isinstance(kind, str) and kind not in known:
            errors.append(scenario.error(
                f"unknown event type '{kind}': no event of this game has it"
                f"{suggest(kind, known)}",
                "tests", index, "expect", "events", j, "type",
                hint="the engine's events are listed in docs/log-format.md; a plugin's in its "
                     "section schema"))
        elif isinstance(kind, str):
            errors += _field_errors(scenario, event, kind, (index, j))
    return errors


def _field_errors(scenario: Scenario, event: dict[str, Any], kind: str,
                  where: tuple[int, int]) -> list[SourceError]:
    """The fields of an expected event that look like a misspelt field of its type (``{type:
    place, too: [0, 0]}``: never found, so the test failed with no word of why — a new author's
    trial). Only a near miss of a listed field: the catalogue's lists are not every field a
    plugin may add (the fleet battle's ``game_over`` has a ``tier``)."""
    fields = event_fields(scenario_events(scenario).get(kind, ""))
    if fields is None:
        return []
    known = sorted(fields)
    errors: list[SourceError] = []
    for key in event:
        near = close_matches(str(key), known, cutoff=0.75) if key not in fields else []
        if near:
            errors.append(scenario.key_error(
                f"unknown field '{key}' of a '{kind}' event; did you mean '{near[0]}'?",
                "tests", where[0], "expect", "events", where[1], key,
                hint=f"a '{kind}' event's fields: {', '.join(known)}"))
    return errors


def _keys(value: Any) -> list[Any]:
    return list(value) if isinstance(value, dict) else []


__all__ = ["action_errors", "case_errors", "event_errors", "setup_errors"]
