"""Plugin discovery and the per-scenario plugin manager.

The engine's own features are plugins of the same hooks (as pytest's default plugins):
:data:`BUILTIN_PLUGINS` are imported by module name and registered into every scenario's manager,
before the plugins the scenario names (so this module, below ``scenario/``, imports none of them:
they sit above it, docs/architecture.md "Layers"). Those — the shipped episodes and third-party
ones alike — load through the entry-point group ``distant_galaxy.plugins`` (``name = package.module``).
:func:`make_plugin_manager` registers exactly the built-ins and the named plugins, checks that
every implementation matches a spec, and refuses unknown names with the list of installed ones;
its hook implementations are guarded (:mod:`distant_galaxy.hookguard`), so a plugin's failure or
wrong result is a PluginError naming the plugin and the hook.
"""

from __future__ import annotations

import importlib
import re
from functools import lru_cache
from types import ModuleType
from typing import Any

import pluggy

from distant_galaxy import hookspecs
from distant_galaxy.entrypoints import EntryPoint, entry_points
from distant_galaxy.errors import PluginError, fault_text, short_path
from distant_galaxy.hookguard import guard
from distant_galaxy.text import close_matches

GROUP = "distant_galaxy.plugins"

#: The engine's built-in plugins: name → module, imported when a manager is made and registered
#: into every scenario's plugin manager in this order before the scenario's own: the engine's rule
#: functions (``distance``, ``unit_at``…), the generic board actions (the ``actions:`` section,
#: ``setup.fill`` and their rule functions) and the built-in bots. Their hook implementations are
#: ``tryfirst``, so they run before any other plugin's (a plugin's verb or bot of the same name
#: replaces the built-in one).
BUILTIN_PLUGINS: dict[str, str] = {
    "builtin.rule_functions": "distant_galaxy.builtin.rule_functions",
    "builtin.board": "distant_galaxy.builtin.board.plugin",
    "builtin.bots": "distant_galaxy.bots.plugin",
}


@lru_cache(maxsize=1)
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def refresh() -> None:
    """Forget the cached entry points and import failures (after installing a plugin in the
    same process)."""
    _entry_points.cache_clear()
    _FAILED.clear()


def available_plugins() -> list[str]:
    """Names of the installed plugins."""
    return sorted(_entry_points())


def installed_plugins() -> dict[str, str]:
    """The installed plugins: name → the object reference of its entry point (``package.module``)."""
    return {name: ep.value for name, ep in _entry_points().items()}


#: The plugins whose import failed in this process: name → why (see :func:`import_failures`).
_FAILED: dict[str, str] = {}


def import_failures() -> dict[str, str]:
    """The installed plugins that failed to import so far in this process, with the reason
    (``dg schema`` reports each once, naming it, and goes on with the others)."""
    return dict(_FAILED)


def load_plugin(name: str) -> Any:
    """Import the plugin object registered under ``name``; a PluginError naming the plugin and
    its entry point if it is not installed or its import fails in any way (a third-party
    module may raise anything while it is imported: it breaks only the scenarios that name it).
    """
    eps = _entry_points()
    if name not in eps:
        near = close_matches(name, list(eps))
        hint = f"; did you mean '{near[0]}'?" if near else ""
        installed = ", ".join(sorted(eps)) or "none"
        raise PluginError(f"plugin '{name}' is not installed{hint} (installed: {installed}; "
                          f"plugins register in the entry-point group '{GROUP}': install the "
                          "package that declares it into the environment of this dg, e.g. "
                          "pip install -e ./my-plugin; PYTHONPATH alone registers nothing — "
                          "docs/plugins.md)")
    if name in _FAILED:
        raise PluginError(_FAILED[name])
    try:
        return eps[name].load()
    except BaseException as exc:  # SystemExit, KeyboardInterrupt… at import too
        _FAILED[name] = (f"plugin '{name}' ({eps[name].value}) failed to import: "
                         f"{fault_text(exc)}")
        raise PluginError(_FAILED[name]) from None


class _Manager(pluggy.PluginManager):
    """pluggy's manager, with what it finds on a module remembered: every scenario (each
    variant and option of it too) makes a manager and registers the same modules, and pluggy
    looks at each of a module's attributes every time (``dg validate`` of the shipped files
    makes some thirty managers: 0.8 ms each for Asteroid Belt's, 0.3 ms with this). What is
    remembered is used again only for the same module holding the same attribute object (a
    module reloaded or edited is looked at afresh); a plugin object that is not a module is
    looked at afresh each time."""

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        if type(plugin) is not ModuleType:
            return super().parse_hookimpl_opts(plugin, name)
        return _kept(_IMPL_OPTS, plugin, name, super().parse_hookimpl_opts)

    def parse_hookspec_opts(self, module_or_class: Any, name: str) -> Any:
        if type(module_or_class) is not ModuleType:
            return super().parse_hookspec_opts(module_or_class, name)
        return _kept(_SPEC_OPTS, module_or_class, name, super().parse_hookspec_opts)


#: What :class:`_Manager` found on modules: (module name, attribute name) → (the module, the
#: attribute's object, its hook options or None); emptied past :data:`_KEPT_LIMIT` entries
_IMPL_OPTS: dict[tuple[str, str], tuple[ModuleType, object, Any]] = {}
_SPEC_OPTS: dict[tuple[str, str], tuple[ModuleType, object, Any]] = {}
_KEPT_LIMIT = 1 << 14


def _kept(table: dict[tuple[str, str], tuple[ModuleType, object, Any]], module: ModuleType,
          name: str, parse: Any) -> Any:
    """``parse(module, name)``, remembered in ``table`` for this module and attribute object."""
    key = (module.__name__, name)
    attr = module.__dict__.get(name)
    kept = table.get(key)
    if kept is not None and kept[0] is module and kept[1] is attr:
        return kept[2]
    opts = parse(module, name)
    if len(table) >= _KEPT_LIMIT:
        table.clear()
    table[key] = (module, attr, opts)
    return opts


def make_plugin_manager(names: list[str], extra: list[Any] | None = None) -> pluggy.PluginManager:
    """A plugin manager holding the engine's hook specs, its built-in plugins and exactly the named
    plugins (then ``extra`` objects)."""
    pm = _Manager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.hook.dg_add_hookspecs.call_historic(kwargs={"pm": pm})  # each plugin's own specs
    for name, module in BUILTIN_PLUGINS.items():
        _register(pm, importlib.import_module(module), name)
    for name in names:
        plugin = load_plugin(name)
        _register(pm, plugin, name)
        _refuse_unmarked(pm, plugin, name)
    for obj in extra or []:
        _register(pm, obj, None)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(unknown_hook_text(pm, exc)) from None
    guard(pm)  # every failure and wrong result names the plugin and the hook
    return pm


def implemented_hooks(pm: pluggy.PluginManager) -> frozenset[str]:
    """The names of the hooks that at least one plugin in ``pm`` implements (pluggy's
    ``get_hookimpls``): a caller may skip calling any other hook, whose result is known (no
    result, or None for a ``firstresult`` hook)."""
    return frozenset(name for name, caller in vars(pm.hook).items()
                     if isinstance(caller, pluggy.HookCaller) and caller.get_hookimpls())


def _register(pm: pluggy.PluginManager, plugin: Any, name: str | None) -> None:
    try:
        pm.register(plugin, name=name)
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {name or plugin!r}: {validation_text(pm, exc)}") from None
    except ValueError as exc:  # registered twice, or dg_add_hookspecs found no spec
        raise PluginError(f"plugin {name or plugin!r}: {exc}") from None
    except Exception as exc:  # its dg_add_hookspecs failed
        raise PluginError(f"plugin {name or plugin!r}, hook dg_add_hookspecs: "
                          f"{type(exc).__name__}: {exc}") from None


def _refuse_unmarked(pm: pluggy.PluginManager, plugin: Any, name: str) -> None:
    """A function of ``plugin`` named as a hook but not marked ``@hookimpl`` (or marked by another
    project's marker) is a PluginError: pluggy would ignore it without a word, and the hook
    would seem not to work."""
    if type(plugin) is not ModuleType:
        return
    for attr in hook_names():
        function = getattr(plugin, attr, None)
        if callable(function) and pm.parse_hookimpl_opts(plugin, attr) is None:
            raise PluginError(f"plugin {name}: {attr}{_defined_at(function)} is not marked as a "
                              "hook implementation, so it would never be called: write "
                              "'@hookimpl' above it ('from distant_galaxy import hookimpl')")


@lru_cache(maxsize=1)
def hook_names() -> tuple[str, ...]:
    """The engine's hook names (``dg_…`` of :mod:`distant_galaxy.hookspecs`)."""
    return tuple(n for n in dir(hookspecs) if n.startswith("dg_"))


def hook_arguments() -> dict[str, tuple[str, ...]]:
    """Each engine hook's arguments, as its spec names them (an implementation may take fewer)."""
    return {name: parameters(getattr(hookspecs, name)) for name in hook_names()}


def parameters(function: Any) -> tuple[str, ...]:
    """The names of a plain function's parameters, read from its code (``inspect`` costs
    ``dg``'s start-up a few milliseconds); ``()`` for what has no code of its own."""
    code = getattr(function, "__code__", None)
    if code is None:
        return ()
    count = code.co_argcount + code.co_kwonlyargcount
    return tuple(code.co_varnames[:count])


def _defined_at(function: Any) -> str:
    """`` (file.py:12)``: where ``function`` is defined (its file by the last two path parts),
    or ``""`` when it has no code of its own."""
    code = getattr(function, "__code__", None)
    if code is None:
        return ""
    return f" ({short_path(code.co_filename)}:{code.co_firstlineno})"


def validation_text(pm: pluggy.PluginManager, exc: pluggy.PluginValidationError) -> str:
    """pluggy's refusal of a hook implementation in one line: a function that takes an argument
    its hook does not pass names the argument, where it is defined and the hook's own arguments
    (``dg_turn_start(game, player) (p/m.py:3) takes 'player', which the hook does not pass: write
    dg_turn_start(game, seat)``, or fewer of them); other refusals as pluggy words them, on one
    line."""
    text = str(exc)
    hook = re.search(r"for hook '([^']+)'", text)
    extra = re.search(r"Argument\(s\) \{([^}]*)\} are declared in the hookimpl", text)
    caller = getattr(pm.hook, hook.group(1), None) if hook else None
    spec = getattr(caller, "spec", None)
    if hook is None or extra is None or spec is None:
        return " ".join(text.split())
    name = hook.group(1)
    function = getattr(getattr(exc, "plugin", None), name, None)
    given = ", ".join(parameters(function)) if callable(function) else "…"
    wrong = ", ".join(repr(a.strip().strip("'")) for a in extra.group(1).split(","))
    return (f"{name}({given}){_defined_at(function)} takes {wrong}, which the hook does not "
            f"pass: write {name}({', '.join(spec.argnames)}), or fewer of them")


def unknown_hook_text(pm: pluggy.PluginManager, exc: pluggy.PluginValidationError,
                      named: bool = True) -> str:
    """pluggy's "unknown hook" in the engine's words: the plugin by its name (pluggy writes the
    module's repr; ``named=False`` leaves it to the caller), where the function is defined, and
    the hook it may have meant."""
    text = str(exc)
    plugin = getattr(exc, "plugin", None)
    hook = re.search(r"unknown hook '([^']+)'", text)
    if plugin is not None and hook is not None:
        name = pm.get_name(plugin) or getattr(plugin, "__name__", repr(plugin))
        text = (f"{f'plugin {name}: ' if named else ''}unknown hook '{hook.group(1)}'"
                f"{_defined_at(getattr(plugin, hook.group(1), None))}")
    for word in text.replace("'", " ").split():
        if word.startswith("dg_") or word.startswith("dg"):
            near = close_matches(word, hook_names())
            if near:
                return f"{text}; did you mean '{near[0]}'?"
    return text
