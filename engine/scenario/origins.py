"""Which shipped plugin brings which rule function: docs/rules.md marks the functions a scenario
has only by naming their plugin in ``plugins:``, and an unknown function's error names the plugin
that brings it (the game author's trial called ``adjacent_enemies`` in a classic game)."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

from distant_galaxy.plugins import installed_plugins, make_plugin_manager
from distant_galaxy.scenario.bindings import engine_registry

#: Entry points whose module is in this package are the shipped plugins.
BUILTIN_PLUGIN_PACKAGE = "distant_galaxy_episodes."

__all__ = ["BUILTIN_PLUGIN_PACKAGE", "function_origins", "registry_stub", "shipped_plugin_of",
           "shipped_plugins"]


def shipped_plugins() -> list[str]:
    """The names of the installed plugins that ship with the engine, sorted."""
    return sorted(name for name, value in installed_plugins().items()
                  if value.startswith(BUILTIN_PLUGIN_PACKAGE))


def registry_stub(plugins: list[str]) -> SimpleNamespace:
    """A stand-in scenario with no numbers of its own and ``plugins``' plugin manager: what
    :func:`~distant_galaxy.scenario.bindings.engine_registry` needs to list the functions."""
    return SimpleNamespace(counters={}, unit_counters={}, unit_types={}, site_kinds={},
                           params={}, pm=make_plugin_manager(plugins))


@cache
def function_origins() -> dict[str, str]:
    """Function name → the shipped plugin it comes from, for the functions a scenario has only
    by naming that plugin in ``plugins:``."""
    everywhere = {spec.name for spec in engine_registry(registry_stub([]))}  # type: ignore[arg-type]
    origins: dict[str, str] = {}
    for plugin in shipped_plugins():
        for spec in engine_registry(registry_stub([plugin])):  # type: ignore[arg-type]
            if spec.name not in everywhere:
                origins.setdefault(spec.name, plugin)
    return origins


def shipped_plugin_of(function: str) -> str | None:
    """The shipped plugin ``function`` comes with (``adjacent_enemies``: ``aborigines``), else
    None; worked out the first time it is asked (an error's hint), then kept."""
    return function_origins().get(function)
