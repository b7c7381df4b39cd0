"""The spec of a ``dg`` sub-command: what ``dg --help`` lists and how to reach its handler.

A command plugin (a built-in module of :mod:`distant_galaxy.cli.commands`, or a third-party module
registered in the entry-point group ``distant_galaxy.commands``) returns these from its
``dg_commands`` hook. The spec is cheap to make: the handler is named by a ``"module:function"``
string and imported only when that command runs, so ``dg --help`` imports no game machinery::

    from distant_galaxy import Command, hookimpl

    def explain_arguments(parser):
        parser.add_argument("log", help="a JSONL log written by dg run --log")

    @hookimpl
    def dg_commands():
        return [Command("explain", "explain the AI's decisions of a game log",
                        "my_package.explain:run", explain_arguments)]

The handler is called with the parsed ``argparse.Namespace`` and returns the exit code.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from distant_galaxy.errors import EngineError, PluginError

Handler = Callable[[argparse.Namespace], int]
"""What a command runs: ``handler(args) -> exit code``."""


def no_arguments(parser: argparse.ArgumentParser) -> None:
    """For a command without arguments."""


MAX_SEED = 2**64 - 1
"""The largest seed: seeds are whole numbers 0..2**64-1, as the logs' and saves' schemas say."""


def seed_argument(text: str) -> int:
    """An argparse ``type`` for a seed: a whole number from 0 to :data:`MAX_SEED`, or a clear
    error. Every command that takes a seed uses it, so no command writes a log or a save with a
    seed the engine's readers would refuse."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{text}: a seed is a whole number from 0 to {MAX_SEED}")
    return value


def check_seed_run(first: int, games: int, flag: str) -> None:
    """Refuse ``games`` games seeded ``first``, ``first + 1``…: ``games`` below 1, or a last
    seed past :data:`MAX_SEED` (an :class:`EngineError` naming ``flag``, ``--seed`` or
    ``--first-seed``)."""
    if games < 1:
        raise EngineError("--games must be at least 1")
    if first + games - 1 > MAX_SEED:
        raise EngineError(f"{flag} {first} with --games {games}: the last game's seed would "
                          f"pass {MAX_SEED}, the largest seed")


@dataclass(frozen=True)
class Command:
    """A ``dg`` sub-command.

    ``name`` is the word after ``dg``; ``help`` the one line ``dg --help`` shows; ``handler`` the
    ``"package.module:function"`` that runs it; ``arguments(parser)`` adds its arguments to its
    ``argparse`` parser (keep it free of heavy imports: it runs at every start).
    """

    name: str
    help: str
    handler: str
    arguments: Callable[[argparse.ArgumentParser], None] = no_arguments

    def __post_init__(self) -> None:
        module, sep, function = self.handler.partition(":")
        if not (self.name and sep and module and function):
            raise PluginError(f"command {self.name!r}: handler must be 'module:function', "
                              f"not {self.handler!r}")

    def load_handler(self) -> Handler:
        """Import the handler (only now: when the command runs)."""
        module_name, _, function = self.handler.partition(":")
        try:
            module = importlib.import_module(module_name)
        except BaseException as exc:  # it may even call sys.exit() at import
            raise PluginError(f"cannot import the handler {self.handler} of 'dg {self.name}': "
                              f"{type(exc).__name__}: {exc}") from None
        handler = getattr(module, function, None)
        if not callable(handler):
            raise PluginError(f"the handler {self.handler} of 'dg {self.name}' does not exist")
        return cast(Handler, handler)
