"""Command plugins (:mod:`distant_galaxy.cli.registry`): built-ins and installed ones the same way,
through the ``dg_commands`` hook; a broken plugin is named once and the others still work."""

from __future__ import annotations

import itertools
import sys
import textwrap
from pathlib import Path

import pytest

from distant_galaxy import Command, PluginError
from distant_galaxy.cli.main import main
from distant_galaxy.cli.registry import BUILTIN, GROUP, find_commands

_numbers = itertools.count()


def install(site: Path, source: str, handler: str = "") -> str:
    """Install a command plugin module (and its handler module) under ``site``, registered in
    the entry-point group as an installed package would be; return the plugin's name."""
    n = next(_numbers)
    name, module = f"cmd{n}", f"dg_test_cmd_{n}"
    (site / f"{module}.py").write_text(textwrap.dedent(source).replace("HANDLER", f"{module}_run"))
    if handler:
        (site / f"{module}_run.py").write_text(textwrap.dedent(handler))
    dist = site / f"dg_test_cmd_{n}-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: dg-test-cmd-{n}\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[{GROUP}]\n{name} = {module}\n")
    return name


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


HELLO = """
    from distant_galaxy import Command, hookimpl

    def hello_arguments(parser):
        parser.add_argument("--name", default="galaxy")

    @hookimpl
    def dg_commands():
        return [Command("hello", "say hello", "HANDLER:hello", hello_arguments)]
"""
HELLO_RUN = """
    def hello(args):
        print(f"hello {args.name}")
        return 0
"""


def test_builtin_commands_are_plugins_registered_by_name():
    found = find_commands()
    assert found.warnings == []
    assert {found.owners[name] for name in ("list", "run", "perft", "reliability")} <= set(BUILTIN)
    assert found.owners["explain"] == "aborigines"  # an installed command plugin


def test_an_installed_command_runs_and_its_handler_is_imported_only_then(site, capsys):
    name = install(site, HELLO, HELLO_RUN)
    found = find_commands()
    assert found.owners["hello"] == name and found.warnings == []
    assert f"dg_test_cmd_{name[3:]}_run" not in sys.modules
    assert main(["hello", "--name", "you"]) == 0
    assert capsys.readouterr().out == "hello you\n"


@pytest.mark.parametrize("source, fragment", [
    ("raise ImportError('missing dependency xyz')\n", "failed to import: ImportError: missing "
     "dependency xyz"),
    # issue 33 item 1: BaseException subclasses at import silenced every command before
    ("import sys\nsys.exit(3)\n", "failed to import: SystemExit: 3"),
    ("raise KeyboardInterrupt('at import')\n", "failed to import: KeyboardInterrupt: at import"),
    ("raise GeneratorExit('at import')\n", "failed to import: GeneratorExit: at import"),
    ("from distant_galaxy import hookimpl\n@hookimpl\ndef dg_commands():\n    raise SystemExit(4)\n",
     "dg_commands failed: SystemExit: 4"),
    ("from distant_galaxy import hookimpl\n@hookimpl\ndef dg_comands():\n    return []\n",
     "dg_comands"),
    ("from distant_galaxy import hookimpl\n@hookimpl\ndef dg_commands():\n    return 3\n",
     "dg_commands must return a list of Command, not int"),
    ("from distant_galaxy import hookimpl\n@hookimpl\ndef dg_commands():\n    return ['x']\n",
     "'x' is not a Command"),
    ("from distant_galaxy import hookimpl\n@hookimpl\ndef dg_commands():\n    1 / 0\n",
     "dg_commands failed: ZeroDivisionError"),
    ("from distant_galaxy import Command, hookimpl\n@hookimpl\ndef dg_commands():\n"
     "    return [Command('list', 'mine', 'x:y')]\n", "'dg list' is already a command of "
     "'distant_galaxy.cli.commands.scenarios'; skipped"),
    ("from distant_galaxy import Command, hookimpl\ndef bad(parser):\n    parser.add_argument()\n"
     "@hookimpl\ndef dg_commands():\n    return [Command('oops', 'bad', 'x:y', bad)]\n",
     "the arguments of 'dg oops' failed"),
])
def test_a_broken_plugin_is_named_once_and_the_rest_works(site, capsys, source, fragment):
    name = install(site, source)
    found = find_commands()
    assert len(found.warnings) == 1, found.warnings
    assert f"command plugin '{name}'" in found.warnings[0] and fragment in found.warnings[0]
    assert "oops" not in found.specs and found.owners["list"] != name
    assert main(["list"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("dg: warning:") == 1 and name in captured.err
    assert "tic-tac-toe" in captured.out


def test_a_handler_that_fails_to_import_is_one_line(site, capsys):
    install(site, HELLO, "raise ImportError('no module named nowhere')\n")
    assert main(["hello"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dg hello: cannot import the handler ") and err.count("\n") == 1
    assert "ImportError: no module named nowhere" in err


def test_a_command_needs_a_module_function_handler():
    with pytest.raises(PluginError, match="'module:function'"):
        Command("x", "help", "no_colon_here")


def test_a_plugin_that_exits_at_import_does_not_silence_dg_version(site, capsys):
    """Issue 33 item 1: ``sys.exit(3)`` at import made ``dg --version`` exit 3 with no output."""
    name = install(site, "import sys\nsys.exit(3)\n")
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code in (0, None)
    captured = capsys.readouterr()
    assert captured.out.startswith("dg ")
    assert f"command plugin '{name}' failed to import: SystemExit: 3" in captured.err
