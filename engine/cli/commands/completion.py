"""``dg completion SHELL``: a shell completion script for ``dg`` (and ``distant-galaxy``)."""

from __future__ import annotations

import argparse

from distant_galaxy.cli.spec import Command
from distant_galaxy.hookspecs import hookimpl

SHELLS = ("bash", "zsh", "tcsh")


def completion_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS, help="the shell to write the script for")


@hookimpl
def dg_commands() -> list[Command]:
    return [Command("completion", "print a shell completion script: eval \"$(dg completion "
                    "bash)\" (docs in README)",
                    "distant_galaxy.cli.handlers.completion:print_completion",
                    completion_arguments)]
