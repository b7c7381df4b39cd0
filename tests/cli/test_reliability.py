"""``dg reliability`` (:mod:`distant_galaxy.cli.commands.reliability`): the report, and
``--example``, whose paths into the checkout's tests/ are found by the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distant_galaxy import EngineError
from distant_galaxy.cli.handlers.reliability import example_paths
from distant_galaxy.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def test_example_paths_are_the_checkouts_tests(monkeypatch):
    monkeypatch.chdir(ROOT)  # a plain install finds the checkout from the current folder
    plugin, race = example_paths()
    assert plugin == ROOT / "tests" / "example_plugin"
    assert race == ROOT / "tests" / "data" / "scenarios" / "race.yaml"


def test_example_needs_a_checkout(tmp_path):
    with pytest.raises(EngineError, match="--example needs the repository's tests/ folder"):
        example_paths(tmp_path)


def test_one_game_with_every_check(capsys):
    assert main(["reliability", "--games", "1", "--jobs", "1", "--scenario", "tic-tac-toe",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 1 and report["failures"] == []
    assert report["cases"] == ["tic-tac-toe", "tic-tac-toe[big]", "tic-tac-toe[+wide]",
                               "tic-tac-toe[+four]", "tic-tac-toe[+wide+four]",
                               "tic-tac-toe[big+wide+four]"]  # its options too (docs/options.md)


def test_the_example_race_is_played_with_its_plugin(dg):
    out = dg("reliability", "--games", "1", "--jobs", "1", "--example", "--scenario",
             "example-race", "--json", cwd=ROOT)  # a checkout: found from the current folder
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["cases"] == ["example-race"] and report["games"] == 1


def test_no_scenario_to_play(capsys):
    assert main(["reliability", "--games", "1", "--scenario", "nothing-like-this"]) == 2
    assert "no scenarios to play" in capsys.readouterr().err


def test_a_mod_file_is_played(capsys, tmp_path):
    """Issue 15, item 10: ``--scenario FILE`` runs the checks on a mod (not only shipped ids)."""
    mod = tmp_path / "mod.yaml"
    mod.write_text("format: 1\nid: my-mod\ntitle: Mod\nextends: tic-tac-toe\n")
    assert main(["reliability", "--games", "1", "--jobs", "1", "--scenario", str(mod),
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cases"] == ["my-mod", "my-mod[big]", "my-mod[+wide]", "my-mod[+four]",
                               "my-mod[+wide+four]", "my-mod[big+wide+four]"]  # the base's options
    assert report["failures"] == []
