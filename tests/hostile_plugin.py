"""A plugin that misbehaves on demand (installed as ``hostile`` by tests/test_hookguard.py): the
hook named in ``MODE["hook"]`` raises or returns garbage; every other hook behaves."""

from __future__ import annotations

from typing import Any

from distant_galaxy import Verb, hookimpl

MODE: dict[str, str | None] = {"hook": None}


def _raise_if(hook: str) -> None:
    if MODE["hook"] == hook:
        raise RuntimeError(f"{hook} exploded")


@hookimpl
def dg_schema_sections() -> dict[str, Any]:
    _raise_if("dg_schema_sections")
    return {}


@hookimpl
def dg_rule_functions(registry: Any) -> None:
    _raise_if("dg_rule_functions")


class BrokenKind(Verb):
    """A kind whose ``__init__`` raises in the mode ``kind_init`` (a plugin's bug at load)."""

    verb = "broken"

    def __init__(self, scenario: Any):
        _raise_if("kind_init")
        self.doc = f"never legal in {scenario.id}"

    def candidates(self, game: Any, seat: str) -> list[Any]:
        return []


@hookimpl
def dg_action_kinds(scenario: Any) -> list[Any]:
    _raise_if("dg_action_kinds")
    return [BrokenKind(scenario)]


@hookimpl
def dg_bots() -> dict[str, Any]:
    _raise_if("dg_bots")
    return {}


@hookimpl
def dg_setup(game: Any) -> None:
    _raise_if("dg_setup")


@hookimpl
def dg_validate_scenario(scenario: Any) -> Any:
    return "a string, not a list" if MODE["hook"] == "dg_validate_scenario" else []


@hookimpl
def dg_check_victory(game: Any) -> Any:
    if MODE["hook"] == "dg_check_victory" and game.history:
        return {"winner": "nobody", "reason": "made up"}
    if MODE["hook"] == "victory_writes" and game.history:  # a question that changes the state
        game.state.players[game.state.seats[0]].counters["checked"] = len(game.history)
    return None
