"""Every hook implementation guarded: its failures and wrong results name the plugin and the hook.

:func:`guard` wraps the implementations of a plugin manager once, when the manager is made
(:func:`distant_galaxy.plugins.make_plugin_manager`). A call that raises anything but an engine
error (which already says what is wrong, in the author's terms) or that returns a value its spec
does not allow becomes a :class:`~distant_galaxy.errors.PluginError` worded
``plugin X, hook Y: …``. The engine calls hooks where a failure leaves the state as it was: at
load (nothing is built), in set-up (no game exists yet) and inside ``Game.apply`` (which restores
the state on any error).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pluggy

from distant_galaxy.core.actions import ActionKind
from distant_galaxy.errors import EngineError, PluginError, fault_text

Check = Callable[[Any, dict[str, Any]], str | None]


def _none(value: Any, args: dict[str, Any]) -> str | None:
    return None  # the result of a hook that returns nothing is ignored, as pluggy does


def _optional(kind: type | tuple[type, ...], words: str) -> Check:
    def check(value: Any, args: dict[str, Any]) -> str | None:
        if value is None or isinstance(value, kind):
            return None
        return f"returned {type(value).__name__} {_short(value)}, expected {words} or None"
    return check


def _list_of(kind: type | tuple[type, ...], words: str) -> Check:
    def check(value: Any, args: dict[str, Any]) -> str | None:
        if value is None:
            return None
        if not isinstance(value, (list, tuple)):
            return f"returned {type(value).__name__} {_short(value)}, expected a list of {words}"
        for i, item in enumerate(value):
            if not isinstance(item, kind):
                return (f"item {i} of the result is {type(item).__name__} {_short(item)}, "
                        f"expected {words}")
        return None
    return check


def _named_schemas(value: Any, what: str) -> str | None:
    """What is wrong with a mapping of ``what`` names to JSON Schemas, or None."""
    if not isinstance(value, dict):
        return f"returned {type(value).__name__} {_short(value)}, expected a mapping of " \
               f"{what} names to JSON Schemas"
    for key, schema in value.items():
        if not isinstance(key, str) or not isinstance(schema, dict):
            return f"{what} {key!r}: expected a name and a JSON Schema (a mapping)"
    return None


def _schema_sections(value: Any, args: dict[str, Any]) -> str | None:
    return None if value is None else _named_schemas(value, "section")


def _state_schema(value: Any, args: dict[str, Any]) -> str | None:
    if not isinstance(value, dict):
        return f"returned {type(value).__name__} {_short(value)}, expected a mapping of " \
               "holders to mappings of names to JSON Schemas"
    for holder, names in value.items():
        problem = _named_schemas(names, f"{holder}: value") if isinstance(holder, str) else \
            f"holder {_short(holder)}: expected a name"
        if problem is not None:
            return problem
    return None


def _bots(value: Any, args: dict[str, Any]) -> str | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        return f"returned {type(value).__name__} {_short(value)}, expected a mapping of bot " \
               "names to controller classes"
    for key, bot in value.items():
        if not isinstance(key, str) or not callable(bot):
            return f"bot {key!r}: expected a name and a controller class"
    return None


#: Where a result check finds the plugin's sides (``DG_SIDES``) among the call's arguments.
SIDES_KEY = "$sides"


def _result(value: Any, args: dict[str, Any]) -> str | None:
    """``{"winner": seat or None, "reason": text}`` with a seat of the game, or a side that is
    no seat which the plugin declares in a module-level ``DG_SIDES`` tuple (episode 5's
    Aborigines and civilizations)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return f"returned {type(value).__name__} {_short(value)}, expected " \
               '{"winner": seat or None, "reason": text} or None'
    if not isinstance(value.get("reason", ""), str):
        return f"the reason must be a text, got {_short(value.get('reason'))}"
    winner = value.get("winner")
    game = args.get("game")
    seats = list(game.state.seats) if game is not None else []
    sides = args.get(SIDES_KEY, ())
    if winner is not None and winner not in seats and winner not in sides:
        known = ", ".join([*seats, *sides])
        return f"the winner {_short(winner)} is not a seat of this game (seats: {known})"
    return None


#: What each hook may return (hooks that return nothing: any result is ignored).
CHECKS: dict[str, Check] = {
    "dg_schema_sections": _schema_sections,
    "dg_state_schema": _state_schema,
    "dg_validate_scenario": _list_of(EngineError, "errors (SourceError)"),
    "dg_action_kinds": _list_of(ActionKind, "ActionKind objects"),
    "dg_bots": _bots,
    "dg_run_phase": _optional(bool, "True"),
    "dg_phase_applies": _optional(bool, "a bool"),
    "dg_decision_reason": _optional(str, "a text"),
    "dg_check_victory": _result,
    "dg_limit_result": _result,
    "dg_cell_glyph": _optional(str, "a text"),
    "dg_describe_event": _optional(str, "a text"),
    "dg_status_lines": _list_of(str, "texts"),
    "dg_legend_lines": _list_of(str, "texts"),
    "dg_invariants": _list_of(str, "texts"),
    "dg_campaign_facts": _optional(dict, "{seat: {name: value}}"),
}


#: The hooks that answer a question about a game: they read its state and never change it.
#: (``dg_limit_result`` is not one: it is asked once, as the round limit ends the game, and may
#: do what the end of a game does — episode 6 shows the battle orders still secret, RB.4; nor
#: is ``dg_check_victory`` when it answers with a result, which ends the game.)
QUESTIONS = frozenset({"dg_phase_applies", "dg_decision_reason", "dg_check_victory",
                       "dg_progress", "dg_secret_values", "dg_cell_glyph",
                       "dg_describe_event", "dg_status_lines", "dg_legend_lines",
                       "dg_explain_event",
                       "dg_invariants", "dg_campaign_facts"})

#: Whether the guard hashes the state around each question (:func:`watching_questions`).
_WATCH = [False]


@contextmanager
def watching_questions() -> Iterator[None]:
    """While inside, a question hook (:data:`QUESTIONS`) that changes the game's state is a
    PluginError naming it — two fresh hashes a call, so the conformance harness
    (``dg reliability``) watches, play does not: there a hook's change shows up later, as some
    other code's failure."""
    before = _WATCH[0]
    _WATCH[0] = True
    try:
        yield
    finally:
        _WATCH[0] = before


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _guarded(function: Callable[..., Any], plugin: str, hook: str, argnames: tuple[str, ...],
             check: Check, sides: tuple[str, ...]) -> Callable[..., Any]:
    # where the ``game`` of a question hook's call is (None: not a question, or no game)
    at = argnames.index("game") if hook in QUESTIONS and "game" in argnames else None

    def run(*args: Any) -> Any:
        state = getattr(args[at], "state", None) if at is not None and _WATCH[0] else None
        before = state.hash(fresh=True) if state is not None else None
        try:
            value = function(*args)
        except EngineError:
            raise  # already a clean error in the engine's words
        except Exception as exc:
            raise PluginError(f"plugin {plugin}, hook {hook}: {fault_text(exc)}") from exc
        if state is not None and not (value is not None and hook == "dg_check_victory") \
                and state.hash(fresh=True) != before:
            raise PluginError(f"plugin {plugin}, hook {hook}: changed the game's state, which a "
                              "hook that answers a question must never do (it is asked several "
                              "times an action: change the state in dg_after_action or a "
                              "verb's perform)")
        if value is None:
            return value
        problem = check(value, {**dict(zip(argnames, args, strict=False)), SIDES_KEY: sides})
        if problem is not None:
            raise PluginError(f"plugin {plugin}, hook {hook}: {problem}")
        return value

    run.dg_guarded = True  # type: ignore[attr-defined]
    return run


def guard(pm: pluggy.PluginManager) -> None:
    """Wrap every hook implementation of ``pm`` (once) so that it fails as a named PluginError."""
    for caller in vars(pm.hook).values():
        if not isinstance(caller, pluggy.HookCaller):
            continue
        check = CHECKS.get(caller.name, _none)
        for impl in caller.get_hookimpls():
            if impl.hookwrapper or impl.wrapper or getattr(impl.function, "dg_guarded", False):
                continue
            impl.function = _guarded(impl.function, _plugin_name(impl), caller.name,
                                     tuple(impl.argnames), check,
                                     tuple(getattr(impl.plugin, "DG_SIDES", ())))


def _plugin_name(impl: Any) -> str:
    """The name a plugin was registered under, or for an unnamed object (which pluggy names by
    its id) its module or class name."""
    if not impl.plugin_name.isdigit():
        return impl.plugin_name
    plugin = impl.plugin
    return getattr(plugin, "__name__", None) or type(plugin).__name__

