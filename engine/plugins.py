"""Plugin discovery and the per-game plugin manager.

Built-in episode plugins and third-party ones load the same way: through the entry-point group
``distant_galaxy.plugins`` (``name = package.module``). A scenario lists the plugins it needs;
:func:`make_plugin_manager` registers exactly those, checks that every implementation matches a
spec, and refuses unknown names with the list of installed ones.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import pluggy

from distant_galaxy import hookspecs
from distant_galaxy.errors import PluginError

GROUP = "distant_galaxy.plugins"


@lru_cache(maxsize=1)
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def refresh() -> None:
    """Forget the cached entry points (after installing a plugin in the same process)."""
    _entry_points.cache_clear()


def available_plugins() -> list[str]:
    """Names of the installed plugins."""
    return sorted(_entry_points())


def load_plugin(name: str) -> Any:
    """Import the plugin object registered under ``name``."""
    eps = _entry_points()
    if name not in eps:
        near = difflib.get_close_matches(name, list(eps), n=1)
        hint = f"; did you mean '{near[0]}'?" if near else ""
        installed = ", ".join(sorted(eps)) or "none"
        raise PluginError(f"plugin '{name}' is not installed{hint} (installed: {installed}; "
                          f"plugins register in the entry-point group '{GROUP}')")
    try:
        return eps[name].load()
    except ImportError as exc:
        raise PluginError(f"plugin '{name}' failed to import: {exc}") from exc


def make_plugin_manager(names: list[str], extra: list[Any] | None = None) -> pluggy.PluginManager:
    """A plugin manager holding the engine's hook specs and exactly the named plugins."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name in names:
        plugin = load_plugin(name)
        _register(pm, plugin, name)
    for obj in extra or []:
        _register(pm, obj, None)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(_unknown_hook_message(exc)) from None
    return pm


def _register(pm: pluggy.PluginManager, plugin: Any, name: str | None) -> None:
    try:
        pm.register(plugin, name=name)
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {name or plugin!r}: {exc}") from None
    except ValueError as exc:  # registered twice
        raise PluginError(f"plugin {name or plugin!r}: {exc}") from None


def _unknown_hook_message(exc: pluggy.PluginValidationError) -> str:
    text = str(exc)
    known = [n for n in dir(hookspecs) if n.startswith("dg_")]
    for word in text.replace("'", " ").split():
        if word.startswith("dg_") or word.startswith("dg"):
            near = difflib.get_close_matches(word, known, n=1)
            if near:
                return f"{text}; did you mean '{near[0]}'?"
    return text
