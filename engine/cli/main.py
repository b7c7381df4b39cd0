"""The ``dg`` command (also installed as ``distant-galaxy``): parse the command line, run the chosen
sub-command, turn errors into exit codes.

The sub-commands are those of the command plugins (:mod:`distant_galaxy.cli.registry`); only the
handler of the one that runs is imported, so ``dg --help`` and ``dg list`` stay cheap.

Bad input gives a non-zero exit and one clear message on stderr, never a Python traceback for a
user's mistake: ``EngineError`` and ``OSError`` exit 2 with one line; a broken pipe (``dg schema |
head``) is quiet; Ctrl-C exits 130. A command plugin that cannot be used is named in one warning
line and the other commands work.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from distant_galaxy.build import version_line
from distant_galaxy.cli.registry import Commands, find_commands
from distant_galaxy.errors import EngineError


class VersionAction(argparse.Action):
    """``--version``: the version and which build runs (compiled or pure), worked out only when
    asked (the other commands do not pay for looking at the installed files: ``build`` itself
    imports nothing the interpreter has not loaded already)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS,
                 help: str = "show the version and the build (compiled or pure) and exit") -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def build_parser(commands: Commands) -> argparse.ArgumentParser:
    """The ``dg`` parser with one sub-parser per command."""
    parser = argparse.ArgumentParser(prog="dg", description="Distant Galaxy scenario engine.")
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, spec in commands.specs.items():
        sub.add_parser(name, help=spec.help, parents=[commands.parsers[name]])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``dg`` with ``argv`` (default: the process's arguments); return the exit code."""
    commands = find_commands()
    for warning in commands.warnings:
        print(f"dg: warning: {warning}", file=sys.stderr)
    parser = build_parser(commands)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    return run_command(commands, args)


def run_command(commands: Commands, args: argparse.Namespace) -> int:
    """Import the chosen command's handler and run it, turning errors into exit codes."""
    try:
        return commands.specs[args.command].load_handler()(args)
    except EngineError as exc:
        print(f"dg {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `dg schema | head`
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(f"dg {args.command}: {exc.filename or ''}: {exc.strerror}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
