"""``dg check-plugin``: a plugin's sources held to the engine's public surface, read, never run
(a new plugin developer's trial: the rule "import only from distant_galaxy" was checked by the
engine's own tests alone)."""

from __future__ import annotations

from pathlib import Path

from distant_galaxy.cli.main import main

BAD = '''\
from typing import TYPE_CHECKING

from distant_galaxy import NumberArgs, hookimpl
from distant_galaxy.core.verbs import Verb

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game


def dg_bots():
    return {}


def dg_action_kind(scenario):
    return []


@hookimpl
def dg_setup(game):
    pass


def dg_helper_of_mine():
    return 1


@hookimpl
def dg_after_actions(game, action):
    pass


@hookimpl
def dg_turn_start(game, player):
    pass


@hookimpl(specname="dg_turn_end")
def when_a_turn_ends(game, seat):
    pass
'''


def test_every_problem_is_named_with_its_line_and_the_fix(tmp_path: Path, capsys) -> None:
    pkg = tmp_path / "dg_bumpers"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(BAD)
    (pkg / "venv").mkdir()  # an environment beside the sources is not read
    (pkg / "venv" / "x.py").write_text("from distant_galaxy.core import game\n")
    assert main(["check-plugin", str(pkg)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "dg_bumpers/__init__.py:3: 'NumberArgs' is not exported by distant_galaxy; did you mean "
        "'NumberArg'?",
        "dg_bumpers/__init__.py:4: imports the engine's sub-module 'distant_galaxy.core.verbs', "
        "which may change: write 'from distant_galaxy import Verb'",
        "dg_bumpers/__init__.py:7: imports the engine's sub-module 'distant_galaxy.core.game', "
        "which may change: write 'from distant_galaxy import Game'",
        "dg_bumpers/__init__.py:10: dg_bots is not marked '@hookimpl', so it would never be "
        "called ('from distant_galaxy import hookimpl')",
        "dg_bumpers/__init__.py:14: dg_action_kind is no hook and not marked '@hookimpl': did "
        "you mean 'dg_action_kinds'?",
        # the plugin developer trial: these passed, and the plugin then failed to load
        "dg_bumpers/__init__.py:28: dg_after_actions is marked '@hookimpl' but no hook has that "
        "name; did you mean 'dg_after_action'?",
        "dg_bumpers/__init__.py:33: dg_turn_start(game, player) takes 'player', which the hook "
        "does not pass: write dg_turn_start(game, seat), or fewer of them",
        "7 problem(s) in 1 file(s): docs/plugins.md, 'Rules of good behaviour'"]


def test_a_clean_plugin_and_an_installed_one_by_name(tmp_path: Path, capsys) -> None:
    assert main(["check-plugin", "example_race", "aborigines"]) == 0
    assert "only the engine's public surface, every hook marked" in capsys.readouterr().out
    assert main(["check-plugin", "aborigenes"]) == 2
    err = capsys.readouterr().err
    assert "aborigenes: no such file or folder, nor an installed plugin; did you mean " \
           "'aborigines'?" in err


def test_an_entry_point_naming_a_missing_module_is_an_error_not_a_traceback(
        capsys, monkeypatch) -> None:
    """The plugin developer trial: ``dg check-plugin NAME`` of an entry point whose module is
    misspelt ended in ModuleNotFoundError's traceback."""
    from distant_galaxy.cli.handlers import check_plugin

    monkeypatch.setattr(check_plugin, "installed_plugins",
                        lambda: {"bumps": "dg_bumps_misspelt.rules"})
    assert main(["check-plugin", "bumps"]) == 2
    err = capsys.readouterr().err
    assert "plugin bumps: its entry point names the module 'dg_bumps_misspelt.rules', which " \
           "cannot be found (ModuleNotFoundError: No module named 'dg_bumps_misspelt')" in err
