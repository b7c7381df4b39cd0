"""Which sub-commands ``dg`` has: the built-in command plugins and the installed ones.

Every sub-command comes from a command plugin answering the ``dg_commands`` hook with
:class:`~distant_galaxy.cli.spec.Command` specs. The built-in ones are plain modules of
:mod:`distant_galaxy.cli.commands` registered by name (:data:`BUILTIN`), as pytest registers its
default plugins; third-party ones are found through the entry-point group :data:`GROUP`. That
group is separate from the game plugins' (``distant_galaxy.plugins``), so starting ``dg`` imports
no game plugin: a game plugin that adds a command ships a light module for it (the aborigines
episode's ``dg explain`` is ``distant_galaxy_episodes.aborigines.commands``).

A command plugin that fails to import (whatever it raises, ``SystemExit`` included), has a
misspelt hook, whose hook fails or returns something else than commands, or whose command's
arguments cannot be added, is reported once by name (:attr:`Commands.warnings`) and left out;
the other commands still work. An installed plugin's arguments are added at every start, so that
a broken one is named at once; a built-in command's are added when the command runs (or the
shell completion is written): ``dg`` parses one command's arguments, and making the parsers of
all of them was a tenth of ``dg list``'s start-up (issue 35).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pluggy

from distant_galaxy import hookspecs
from distant_galaxy.cli.parsing import ArgumentParser
from distant_galaxy.cli.spec import Command
from distant_galaxy.entrypoints import entry_points
from distant_galaxy.errors import fault_text

GROUP = "distant_galaxy.commands"
"""The entry-point group of third-party command plugins (``name = package.module``)."""

BUILTIN = (
    "distant_galaxy.cli.commands.scenarios",
    "distant_galaxy.cli.commands.play",
    "distant_galaxy.cli.commands.perft",
    "distant_galaxy.cli.commands.reliability",
    "distant_galaxy.cli.commands.completion",
    "distant_galaxy.cli.commands.referee",
    "distant_galaxy.cli.commands.simulate",
    "distant_galaxy.cli.commands.campaign",
    "distant_galaxy.cli.commands.serve",
)
"""The built-in command plugins, registered by module name in this order (as ``dg --help``
lists their commands)."""


@dataclass
class Commands:
    """The commands found, by name, each with the argument parser of its own arguments (a
    built-in command's made when first asked for, :meth:`parser_of`), and the warnings about
    plugins left out."""

    specs: dict[str, Command] = field(default_factory=dict)
    parsers: dict[str, argparse.ArgumentParser] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def add(self, plugin: str, items: Any, check: bool = True) -> None:
        """Add the commands one plugin returned (each checked on its own; their arguments added
        now when ``check``, else when first asked for: :meth:`parser_of`)."""
        if not isinstance(items, (list, tuple)):
            self.warnings.append(f"command plugin '{plugin}': dg_commands must return a list of "
                                 f"Command, not {type(items).__name__}")
            return
        for item in items:
            self.add_one(plugin, item, check)

    def add_one(self, plugin: str, command: Any, check: bool = True) -> None:
        """Add one command of ``plugin``, unless it is not a Command, its name is taken, or (when
        ``check``) its arguments cannot be added (each recorded in :attr:`warnings`)."""
        if not isinstance(command, Command):
            self.warnings.append(f"command plugin '{plugin}': {command!r} is not a Command")
            return
        if command.name in self.specs:
            self.warnings.append(f"command plugin '{plugin}': 'dg {command.name}' is already "
                                 f"a command of '{self.owners[command.name]}'; skipped")
            return
        if check:
            parser = ArgumentParser(add_help=False)
            try:
                command.arguments(parser)
            except BaseException as exc:  # argparse itself exits on some errors
                self.warnings.append(f"command plugin '{plugin}': the arguments of 'dg "
                                     f"{command.name}' failed: {type(exc).__name__}: {exc}")
                return
            self.parsers[command.name] = parser
        self.specs[command.name] = command
        self.owners[command.name] = plugin

    def parser_of(self, name: str) -> argparse.ArgumentParser:
        """The parser of the command ``name``'s own arguments (a built-in command's is made when
        first asked for)."""
        parser = self.parsers.get(name)
        if parser is None:
            parser = ArgumentParser(add_help=False)
            self.specs[name].arguments(parser)
            self.parsers[name] = parser
        return parser


def installed_command_plugins() -> dict[str, Any]:
    """The entry points of :data:`GROUP` by name (the first one of a name wins)."""
    found: dict[str, Any] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep)
    return found


def find_commands(builtin: Iterable[str] = BUILTIN) -> Commands:
    """Every command of the built-in and the installed command plugins."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    found = Commands()
    builtin = tuple(builtin)
    for name in builtin:
        _register(pm, name, lambda name=name: importlib.import_module(name), found)
    for name, ep in sorted(installed_command_plugins().items()):
        _register(pm, name, ep.load, found)
    for impl in pm.hook.dg_commands.get_hookimpls():
        try:
            items = impl.function()
        except BaseException as exc:  # a plugin's hook may fail in any way
            found.warnings.append(f"command plugin '{impl.plugin_name}': dg_commands failed: "
                                  f"{type(exc).__name__}: {exc}")
            continue
        found.add(impl.plugin_name, items, check=impl.plugin_name not in builtin)
    return found


def _register(pm: pluggy.PluginManager, name: str, load: Any, found: Commands) -> None:
    """Import and register one command plugin, or record why it is left out."""
    try:
        plugin = load()
    except BaseException as exc:  # a module may even call sys.exit() at import
        # (SystemExit, KeyboardInterrupt, GeneratorExit): named and left out, as a game
        # plugin's failed import is; the command goes on
        found.warnings.append(f"command plugin '{name}' failed to import: {fault_text(exc)}")
        return
    try:
        pm.register(plugin, name=name)
    except ValueError as exc:  # the same name, or the same module, registered twice
        found.warnings.append(f"command plugin '{name}': {exc}")
        return
    except pluggy.PluginValidationError as exc:
        pm.unregister(name=name)
        found.warnings.append(f"command plugin '{name}': {exc}")
        return
    try:
        pm.check_pending()  # a misspelt hook fails loudly
    except pluggy.PluginValidationError as exc:
        found.warnings.append(f"command plugin '{name}': {_misspelt_hook(pm, exc)}")
        pm.unregister(name=name)


def _misspelt_hook(pm: pluggy.PluginManager, exc: pluggy.PluginValidationError) -> str:
    """A command plugin's unknown hook in the game plugins' words (where it is defined, the hook
    it may have meant)."""
    from distant_galaxy.plugins import unknown_hook_text

    return unknown_hook_text(pm, exc, named=False)
