"""The ``dg`` command (also installed as ``distant-galaxy``): parse the command line, run the chosen
sub-command, turn errors into exit codes.

The sub-commands are those of the command plugins (:mod:`distant_galaxy.cli.registry`); only the
handler of the one that runs is imported, so ``dg --help`` and ``dg list`` stay cheap.

Bad input gives a non-zero exit and one clear message on stderr, never a Python traceback for a
user's mistake: ``EngineError`` and ``OSError`` exit 2 with one line; a broken pipe (``dg schema |
head``) is quiet; Ctrl-C exits 130; an internal error (a bug) exits 1 with its traceback. A plugin's fault
that the engine reports as an error (naming the plugin, what was raised and where) prints its
traceback too when the environment sets ``DG_TRACEBACK=1``. With
``--json`` (which tools read), every failure is also one JSON object on stdout, ``{"error": …,
"command": …, "exit": …}``, with the same exit code, whether the command refused the input, the
command line itself was wrong (the sub-command named even for an option the top level refused),
the user interrupted it or the engine failed (``"internal error: …"``, the traceback on stderr).
A command plugin that cannot be used is named in one warning line and the other commands work.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Sequence
from typing import cast

from distant_galaxy.build import version_line
from distant_galaxy.cli.parsing import ArgumentParser
from distant_galaxy.cli.registry import Commands, find_commands
from distant_galaxy.errors import EngineError, UnknownChoice
from distant_galaxy.text import bounded, quoted


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


class Parser(ArgumentParser):
    """argparse's parser whose usage errors are also a JSON object on stdout with ``--json``,
    naming the sub-command even when the top-level parser found the mistake (an unknown
    option: ``dg list --json --bogus``)."""

    json_errors = False
    #: The sub-command the command line names (its first word that is one), if any.
    command: str | None = None

    def error(self, message: str) -> None:  # type: ignore[override]
        message = bounded(message)
        if Parser.json_errors:
            own = self.prog.removeprefix("dg").strip()
            print_json_error(own or Parser.command or "dg", message, 2)
        super().error(message)


def print_json_error(command: str | None, message: str, code: int) -> None:
    """The error as one JSON object on stdout (``--json``)."""
    print(json.dumps({"error": message, "command": command, "exit": code}), flush=True)


def build_parser(commands: Commands, chosen: str | None = None, names_only: bool = False
                 ) -> argparse.ArgumentParser:
    """The ``dg`` parser with one sub-parser per command and its arguments; with ``chosen`` (a
    command's name), the sub-parser of that command alone; with ``names_only``, every command's
    sub-parser without its arguments (what ``dg --help`` lists)."""
    parser = Parser(prog="dg", description="Distant Galaxy scenario engine.")
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, spec in commands.specs.items():
        if chosen is not None and name != chosen:
            continue
        if names_only:
            sub.add_parser(name, help=spec.help)
            continue
        parent = cast(Parser, commands.parser_of(name))  # only its arguments are copied
        sub.add_parser(name, help=spec.help, parents=[parent])
    return parser


def parser_for(argv: Sequence[str], commands: Commands) -> argparse.ArgumentParser:
    """The parser a command line needs, with no more sub-parsers than it can reach (a start of
    ``dg`` parses one command's arguments; making them all was a tenth of ``dg list``'s
    start-up): the one command it starts with (``dg list --json``); the commands' names alone
    when it names none (``dg --help``, ``dg --version``, a misspelt command: the help lists
    them, the error names them); else every command's whole parser."""
    if argv and argv[0] in commands.specs:
        return build_parser(commands, chosen=argv[0])
    if not any(word in commands.specs for word in argv):
        return build_parser(commands, names_only=True)
    return build_parser(commands)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``dg`` with ``argv`` (default: the process's arguments); return the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    Parser.json_errors = "--json" in words
    commands = find_commands()
    Parser.command = next((w for w in words if w in commands.specs), None)
    for warning in commands.warnings:
        print(f"dg: warning: {warning}", file=sys.stderr)
    parser = parser_for(words, commands)
    args, extra = parser.parse_known_args(argv)
    if extra:  # said by the (sub-)command's own parser: its usage, not dg's
        message = bounded(f"unrecognized arguments: {' '.join(extra)}")
        if Parser.json_errors:
            print_json_error(Parser.command or "dg", message, 2)
            Parser.json_errors = False  # (said once: the sub-parser's error is argparse's)
        (ArgumentParser.innermost or parser).error(message)
    if not args.command:
        parser.print_help()
        return 2
    return run_command(commands, args)


def _error_text(args: argparse.Namespace, exc: EngineError) -> str:
    """What the command says of ``exc``: a variant or option asked for with ``--variant`` or
    ``--option`` that the scenario lacks is that option's mistake (the file that declares them
    named last), anything else its own text."""
    if isinstance(exc, UnknownChoice):
        given = getattr(args, exc.what, None)
        if exc.name == given or (isinstance(given, list) and exc.name in given):
            where = f" ({exc.what}s of {exc.pos.file}:{exc.pos.line})" if exc.pos else ""
            return f"--{exc.what} {quoted(exc.name)}: {exc.message}{where}"
    return str(exc)


def run_command(commands: Commands, args: argparse.Namespace) -> int:
    """Import the chosen command's handler and run it, turning errors into exit codes."""
    try:
        return commands.specs[args.command].load_handler()(args)
    except EngineError as exc:
        if os.environ.get("DG_TRACEBACK"):  # a plugin author's bug hunt: the whole story
            traceback.print_exception(exc, file=sys.stderr)
        return _failed(args, _error_text(args, exc))
    except BrokenPipeError:  # e.g. `dg schema | head`
        sys.stderr.close()
        return 0
    except OSError as exc:
        return _failed(args, f"{exc.filename or ''}: {exc.strerror}")
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        if getattr(args, "json", False):
            print_json_error(args.command, "interrupted", 130)
        return 130
    except Exception as exc:  # a fault of the engine or a plugin, not of the input
        if not getattr(args, "json", False):
            raise  # the traceback, for a bug report
        traceback.print_exc(file=sys.stderr)
        print_json_error(args.command, bounded(f"internal error: {type(exc).__name__}: {exc}"),
                         INTERNAL_ERROR)
        return INTERNAL_ERROR


#: The exit code of an internal error (a bug, not a mistake of the input): Python's own for an
#: uncaught exception.
INTERNAL_ERROR = 1


def _failed(args: argparse.Namespace, message: str, code: int = 2) -> int:
    """Report a refused command: one line on stderr, and with ``--json`` a JSON object on
    stdout; the exit code."""
    message = bounded(message)
    print(f"dg {args.command}: {message}", file=sys.stderr)
    if getattr(args, "json", False):
        print_json_error(args.command, message, code)
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
