"""``dg list``, ``dg validate``, ``dg schema``, ``dg test``
(:mod:`distant_galaxy.cli.commands.scenarios`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distant_galaxy.cli.main import main
from distant_galaxy.scenario import load
from tests.cli.conftest import RACE


def test_validate_reports_file_line_col(dg, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(Path(RACE).read_text().replace("title:", "titel:"))
    out = dg("validate", str(bad))
    assert out.returncode == 1
    assert "bad.yaml:4:1" in out.stdout and "did you mean 'title'" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


def test_list_and_schema(dg):
    out = dg("list")
    assert out.returncode == 0
    schema = dg("schema")
    assert schema.returncode == 0
    assert json.loads(schema.stdout)["$schema"].endswith("2020-12/schema")


def test_test_command_runs_yaml_cases(dg):
    out = dg("test", RACE)
    assert out.returncode == 0, out.stdout
    assert "4 passed, 0 failed" in out.stdout


def test_list_shows_every_shipped_scenario_with_its_variants(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for sid in ("asteroid-belt", "aborigine-clash", "tic-tac-toe", "breakthrough", "connect-four"):
        assert sid in out
    assert "variants: big; plugins: none" in out  # tic-tac-toe


def test_validate_reads_each_file_once_for_all_its_variants(monkeypatch, capsys):
    reads: list[str] = []
    real = load.load_yaml_file

    def counting(path):
        reads.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(load, "load_yaml_file", counting)
    assert main(["validate", "asteroid-belt", "tic-tac-toe"]) == 0  # 2 and 1 variants
    assert reads == ["asteroid-belt.yaml", "tic-tac-toe.yaml"]
    assert "2 scenario file(s) valid" in capsys.readouterr().out


def test_a_broken_variant_is_named(tmp_path, capsys):
    mod = tmp_path / "mod.yaml"
    text = Path(RACE).read_text()
    mod.write_text(text + "variants:\n  wide:\n    description: bad\n    overlay: {seats: 3}\n")
    assert main(["validate", str(mod)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("[variant wide] ") and "mod.yaml:" in out


@pytest.mark.parametrize("command", ["validate", "test"])
def test_a_missing_file_is_one_line(command, capsys):
    code = main([command, "no/such/file.yaml"])
    captured = capsys.readouterr()
    assert code != 0 and "no such scenario file" in captured.out + captured.err
    assert "Traceback" not in captured.out + captured.err


def test_an_episode_alias_runs_lists_and_tests_its_scenario(capsys, tmp_path):
    """Issue 13: ``episode: 6`` makes ``dg run episode-6`` play fleet-battle to its end (the
    log's result names the tier), and ``dg list`` shows the alias."""
    assert main(["list"]) == 0
    listed = capsys.readouterr().out
    assert "fleet-battle" in listed and "also: episode-6" in listed
    log = tmp_path / "ep6.jsonl"
    assert main(["run", "episode-6", "--seed", "3", "--quiet", "--log", str(log)]) == 0
    result = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    assert result["kind"] == "result" and json.loads(log.read_text().splitlines()[0])[
        "scenario"] == "fleet-battle"
    assert result["tier"] in ("crushing defeat", "brilliant victory", "minor success", "draw")
    assert main(["test", "episode-6"]) == 0


def test_list_of_a_mods_file_shows_what_it_plays_with(capsys, tmp_path):
    """A new author's trial: ``dg list FILE`` was refused, so a mod's variants, options and
    seats (those of the scenario it extends) could be seen nowhere."""
    mod = tmp_path / "four.yaml"
    mod.write_text("format: 1\nid: four\ntitle: Four\nextends: tic-tac-toe\n", encoding="utf-8")
    assert main(["list", str(mod), "tic-tac-toe"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["four", "Four"]
    assert "(package none: a file of its own)" in out
    assert out.count("seats: x (Crosses), o (Noughts)") == 2
    assert out.count("options: wide (Wide board), four (Four in a row)") == 2
    assert "campaigns" not in out
    assert main(["list", "--json", str(mod)]) == 0
    entry, = json.loads(capsys.readouterr().out)["scenarios"]
    assert entry["id"] == "four" and entry["variants"] == ["big"]
