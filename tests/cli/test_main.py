"""The ``dg`` entry point (:mod:`distant_galaxy.cli.main`): the parser made of every command's
spec, and errors turned into exit codes — one line, never a traceback."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from distant_galaxy import Command, EngineError
from distant_galaxy.build import version_line
from distant_galaxy.cli.main import build_parser, main, parser_for, run_command
from distant_galaxy.cli.registry import Commands, find_commands
from distant_galaxy.version import ENGINE_VERSION

BUILTIN = ["list", "validate", "schema", "test", "check-plugin", "run", "resume", "show", "replay",
           "render", "perft", "reliability", "completion"]


def fails_with_engine_error(args: argparse.Namespace) -> int:
    raise EngineError("no such thing")


def fails_with_os_error(args: argparse.Namespace) -> int:
    raise FileNotFoundError(2, "No such file or directory", "x.save")


def fails_with_broken_pipe(args: argparse.Namespace) -> int:
    raise BrokenPipeError


def fails_with_ctrl_c(args: argparse.Namespace) -> int:
    raise KeyboardInterrupt


def run_handler(name: str, err: io.StringIO, monkeypatch: pytest.MonkeyPatch) -> int:
    commands = Commands()
    commands.add("tests", [Command("boom", "fails", f"{__name__}:{name}")])
    monkeypatch.setattr(sys, "stderr", err)
    return run_command(commands, argparse.Namespace(command="boom"))


@pytest.mark.parametrize("handler, code, message", [
    ("fails_with_engine_error", 2, "dg boom: no such thing\n"),
    ("fails_with_os_error", 2, "dg boom: x.save: No such file or directory\n"),
    ("fails_with_ctrl_c", 130, "interrupted\n"),
    ("no_such_handler", 2, f"dg boom: the handler {__name__}:no_such_handler of 'dg boom' does "
                           "not exist\n"),
])
def test_errors_become_one_line_and_an_exit_code(handler, code, message, monkeypatch):
    err = io.StringIO()
    assert run_handler(handler, err, monkeypatch) == code
    assert err.getvalue() == message


def test_a_broken_pipe_is_quiet(monkeypatch):
    err = io.StringIO()
    assert run_handler("fails_with_broken_pipe", err, monkeypatch) == 0
    assert err.closed  # nothing more is written (Python's own "Exception ignored" message)


def test_help_lists_every_builtin_command(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("    ")
              and not line.startswith("     ")]
    assert listed[:len(BUILTIN)] == BUILTIN
    assert "explain" in listed  # the aborigines episode's command plugin


def test_no_command_prints_help_and_exits_2(capsys):
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out


def test_version(capsys):
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out == version_line() + "\n"
    assert version_line().startswith(f"dg {ENGINE_VERSION} (")


def test_both_command_names_are_installed():
    scripts = {ep.name: ep.value for ep in entry_points(group="console_scripts")}
    assert scripts.get("dg") == scripts.get("distant-galaxy") == "distant_galaxy.cli.main:main"


@pytest.mark.parametrize("name", ["dg", "distant-galaxy"])
def test_the_installed_command_runs(name, tmp_path):
    script = Path(sys.executable).with_name(name)
    if not script.exists():
        pytest.skip(f"no {name} script beside {sys.executable}")
    out = subprocess.run([str(script), "--version"], capture_output=True, text=True,
                         cwd=tmp_path, timeout=60)
    assert out.returncode == 0 and out.stdout == version_line() + "\n", out.stderr


def test_python_dash_m_is_dg(dg):
    out = dg("--version")
    assert out.returncode == 0 and out.stdout == version_line() + "\n"


COMMAND_LINES = [["list", "--json"], ["validate", "asteroid-belt", "--json"],
                 ["run", "tic-tac-toe", "--seed", "3", "--seat", "x=random"],
                 ["simulate", "breakthrough", "--games", "2", "--jobs", "1"],
                 ["campaign", "new", "global", "--seed", "1"], ["perft", "tic-tac-toe", "2"]]


@pytest.mark.parametrize("argv", COMMAND_LINES)
def test_a_command_line_parses_as_with_the_whole_parser(argv):
    """Issue 35: a start of dg makes the sub-parser of the command it runs, not all of them."""
    commands = find_commands()
    assert parser_for(argv, commands).parse_args(argv) == \
        build_parser(find_commands()).parse_args(argv)


def test_only_the_running_command_s_arguments_are_made():
    commands = find_commands()
    assert not set(commands.parsers) & {"list", "run", "validate"}  # built-ins: when asked for
    assert "explain" in commands.parsers  # an installed plugin's: at once, to name a broken one
    parser_for(["list"], commands)
    assert {"list", "run", "validate"} & set(commands.parsers) == {"list"}
    help_text = parser_for(["--help"], commands).format_help()
    assert help_text == build_parser(find_commands()).format_help()  # every command listed
    assert {"list", "run", "validate"} & set(commands.parsers) == {"list"}


@pytest.mark.parametrize("argv", [["bogus"], ["--json", "list", "--seed", "3"], ["list", "-x"]])
def test_a_wrong_command_line_is_refused_in_the_same_words(argv, capsys):
    messages = []
    for parser in (parser_for(argv, find_commands()), build_parser(find_commands())):
        with pytest.raises(SystemExit):
            parser.parse_args(argv)
        messages.append(capsys.readouterr().err)
    assert messages[0] == messages[1] and "error:" in messages[0]
