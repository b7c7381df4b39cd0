"""Saves tied to what they ran and faults in writing (issue 16, items 6, 7 and 10), as a user
meets them through ``dg``: message, exit code, files unchanged."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Run, child_env

try:
    import resource
except ImportError:  # not on Windows
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parents[2]
TTT = (ROOT / "scenarios" / "classic" / "tic-tac-toe.yaml").read_text(encoding="utf-8")


def _mod(tmp_path: Path, size: int = 3) -> Path:
    """A copy of tic-tac-toe under another id (found by its path, not by its id)."""
    path = tmp_path / "mods" / "ttt.yaml"
    path.parent.mkdir(exist_ok=True)
    text = TTT.replace("id: tic-tac-toe", "id: my-ttt").replace("size: 3 ", f"size: {size} ")
    path.write_text(text.replace("# yaml-language-server: $schema=../../schemas/"
                                 "scenario.schema.json\n", ""), encoding="utf-8")
    return path


def _stopped_save(dg: Run, tmp_path: Path) -> Path:
    _mod(tmp_path)
    out = dg("run", "mods/ttt.yaml", "--seed", "1", "--seat", "x=human", "--save", "g.save",
             stdin="place 2,2\nquit\n")
    assert out.returncode == 0, out.stderr
    return tmp_path / "g.save"


# -- item 6: a save is tied to its scenario -------------------------------------------------
def test_a_save_records_the_scenario_sha256_and_a_relative_source(dg, tmp_path):
    save = json.loads(_stopped_save(dg, tmp_path).read_text(encoding="utf-8"))
    assert len(save["scenario_sha256"]) == 64
    assert save["header"]["source"] == "mods/ttt.yaml"
    assert save["header"]["scenario_sha256"] == save["scenario_sha256"]


def test_resume_refuses_a_save_whose_scenario_changed(dg, tmp_path):
    save = _stopped_save(dg, tmp_path)
    before = save.read_bytes()
    _mod(tmp_path, size=2)  # the author edits the scenario: size 3 -> 2
    out = dg("resume", "g.save", "--seat", "x=random")
    assert out.returncode == 2
    assert "the scenario my-ttt changed since the game was saved" in out.stderr
    assert "--allow-changed-scenario" in out.stderr and "Traceback" not in out.stderr
    assert save.read_bytes() == before


def test_allow_changed_scenario_warns_then_checks_the_state(dg, tmp_path):
    save = _stopped_save(dg, tmp_path)
    before = save.read_bytes()
    _mod(tmp_path, size=2)  # the mark at 2,2 is now off the board
    out = dg("resume", "g.save", "--seat", "x=random", "--allow-changed-scenario")
    assert "warning: g.save: the scenario my-ttt changed" in out.stderr
    assert out.returncode == 2 and "does not fit the scenario my-ttt" in out.stderr
    assert "off the map at 2,2" in out.stderr and "Traceback" not in out.stderr
    assert save.read_bytes() == before


def test_allow_changed_scenario_plays_on_when_the_state_still_fits(dg, tmp_path):
    _stopped_save(dg, tmp_path)
    _mod(tmp_path, size=4)
    out = dg("resume", "g.save", "--seat", "x=random", "--allow-changed-scenario", "--quiet")
    assert out.returncode == 0, out.stderr
    assert "warning:" in out.stderr and "seed 1" in out.stdout


# -- item 7: crafted saves --------------------------------------------------------------------
def _rehash(data: dict) -> dict:
    from distant_galaxy import GameState
    from distant_galaxy.play.saves import record_hash

    data["hash"] = GameState.from_json(data["state"]).hash()
    data["record_hash"] = record_hash(data["header"], data["actions"])
    return data


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.pop("record_hash"), "no record_hash"),
    (lambda d: d["state"].update(pending={"seat": "z", "kind": "play", "reason": ""}),
     "the pending decision belongs to 'z'"),
    (lambda d: d["state"]["tokens"][0].update(owner="mallory"), "owned by 'mallory'"),
    (lambda d: d["state"]["tokens"][0].update(type="elite"), "not a unit type of my-ttt"),
    (lambda d: d["state"]["tokens"][0].update(pos=[7, 7]), "off the map at 7,7"),
])
def test_a_crafted_save_is_a_clear_error(dg, tmp_path, edit, message):
    save = _stopped_save(dg, tmp_path)
    data = json.loads(save.read_text(encoding="utf-8"))
    edit(data)
    if "record_hash" in data:
        _rehash(data)
    save.write_text(json.dumps(data), encoding="utf-8")
    before = save.read_bytes()
    for command in ("resume", "show"):
        out = dg(command, "g.save", *(["--seat", "x=random"] if command == "resume" else []))
        assert out.returncode == 2, (command, out.stdout)
        assert message in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert save.read_bytes() == before


def test_another_scenarios_state_is_refused(dg, tmp_path):
    save = _stopped_save(dg, tmp_path)
    data = json.loads(save.read_text(encoding="utf-8"))
    from distant_galaxy import Game, load_scenario

    data["state"] = Game(load_scenario("breakthrough"), seed=1).state.to_json()
    save.write_text(json.dumps(_rehash(data)), encoding="utf-8")
    out = dg("resume", "g.save", "--seat", "x=random")
    assert out.returncode == 2 and "does not fit the scenario my-ttt" in out.stderr
    assert "Traceback" not in out.stderr


# -- item 10: faults in writing ---------------------------------------------------------------
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (a full disk)")
def test_a_full_disk_names_the_log(dg, tmp_path):
    out = dg("run", "tic-tac-toe", "--seed", "1", "--log", "/dev/full", "--quiet")
    assert out.returncode == 2
    assert out.stderr == "dg run: /dev/full: cannot write the log: No space left on device\n"


@pytest.mark.skipif(resource is None, reason="needs RLIMIT_FSIZE")
def test_when_the_log_write_fails_the_game_is_saved_first(example_plugin, tmp_path):
    def small_files() -> None:  # the log hits the limit half-way (Python ignores SIGXFSZ)
        resource.setrlimit(resource.RLIMIT_FSIZE, (15_000, 15_000))

    args = [sys.executable, "-m", "distant_galaxy", "run", "breakthrough", "--seed", "1",
            "--log", "g.jsonl", "--save", "g.save", "--quiet"]
    out = subprocess.run(args, capture_output=True, text=True, env=child_env(), cwd=tmp_path,
                         preexec_fn=small_files, timeout=120)
    assert out.returncode == 2, out.stdout
    assert "g.jsonl: cannot write the log: File too large" in out.stderr
    assert "the game stopped and was saved first to g.save" in out.stderr
    assert "Traceback" not in out.stderr
    saved = json.loads((tmp_path / "g.save").read_text(encoding="utf-8"))
    assert saved["actions"] and saved["state"]["result"] is None


def test_a_save_path_that_is_a_folder_names_that_path(dg, tmp_path):
    (tmp_path / "saves").mkdir()
    out = dg("run", "tic-tac-toe", "--seed", "1", "--save", "saves", "--quiet")
    assert out.returncode == 2
    assert "dg run: --save saves: a folder, not a file" in out.stderr  # before the game
    assert ".tmp" not in out.stderr and list((tmp_path / "saves").iterdir()) == []


def test_a_save_into_a_missing_folder_is_refused_before_the_game(dg, tmp_path):
    """A player's trial: the save's missing folder was found when the game stopped, and the
    whole game was lost."""
    out = dg("run", "tic-tac-toe", "--seed", "1", "--save", "nodir/t.json", "--quiet")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "dg run: --save nodir/t.json: no folder nodir (make it first)\n"


def test_saves_get_the_mode_of_logs(dg, tmp_path):
    out = dg("run", "tic-tac-toe", "--seed", "1", "--save", "g.save", "--log", "g.jsonl",
             "--quiet")
    assert out.returncode == 0, out.stderr
    mode = stat.S_IMODE(os.stat(tmp_path / "g.save").st_mode)
    assert mode == stat.S_IMODE(os.stat(tmp_path / "g.jsonl").st_mode)
