"""Faults (issue 6, item 4): interrupted saves, damaged logs, future formats, corrupt saves.

* a save interrupted mid-write — an injected failing write, or a child process killed during a slow
  write — leaves the previous save readable and unchanged;
* a truncated or edited log is reported by replay (and ``dg replay``) at the first bad line;
* a save (or log) of an unknown future format version is refused with a clear message;
* a corrupt save is refused with a SaveError — never another exception, never half-loaded.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from distant_galaxy.errors import LogError, SaveError
from distant_galaxy.harness.reliability import (
    Case,
    Tally,
    check_tampered,
    failing_write,
    file_cases,
    play_actions,
    random_game,
)
from distant_galaxy.play.runner import replay_log
from distant_galaxy.play.saves import read_save, save_game, save_payload
from distant_galaxy.version import LOG_FORMAT, SAVE_FORMAT

from .conftest import RACE

HEADER = {"scenario": "example-race", "seed": 1, "source": str(RACE)}


@pytest.fixture
def race_case() -> Case:
    return file_cases(RACE)[0]


@pytest.fixture
def race_game(race_case: Case):
    played = random_game(race_case, 5, Tally(), invariants=False)
    return race_case, played


def _tmp_files(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- interrupted saves ------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["fsync", "write"])
def test_failing_write_keeps_the_previous_save(race_game, tmp_path: Path, mode: str):
    case, played = race_game
    path = tmp_path / "game.save"
    early = play_actions(case, 5, played.actions[:2])
    save_game(early, HEADER, path)
    before = path.read_bytes()
    late = play_actions(case, 5, played.actions)
    with pytest.raises(OSError), failing_write(mode):
        save_game(late, HEADER, path)
    assert path.read_bytes() == before
    assert read_save(path)["state"].hash() == early.state.hash()
    assert _tmp_files(tmp_path) == []
    save_game(late, HEADER, path)  # the next save works
    assert read_save(path)["state"].hash() == late.state.hash()


def test_interrupted_saves_of_every_scenario(case: Case, tmp_path: Path):
    played = random_game(case, 2, Tally(), invariants=False)
    rng = random.Random(2)
    tally = Tally()
    from distant_galaxy.harness.reliability import interrupted_save

    for k in range(4):
        game = play_actions(case, 2, played.actions[: rng.randrange(len(played.actions) + 1)])
        interrupted_save(game, tmp_path / f"s{k}.save", HEADER, tally, case, 2, rng)
    assert not tally.failures, tally.failures
    assert tally.saves_recovered == tally.saves_interrupted == 4


CHILD = textwrap.dedent("""
    import json, os, sys, time
    from distant_galaxy.harness.reliability import file_cases, play_actions
    from distant_galaxy.play.saves import save_game, read_save
    path, stage = sys.argv[1], sys.argv[2]
    actions = json.loads(sys.argv[3])
    case = file_cases(sys.argv[4])[0]
    header = {"scenario": "example-race", "seed": 5}
    save_game(play_actions(case, 5, actions[:1]), header, path)
    print("GOOD", read_save(path)["state"].hash(), flush=True)
    late = play_actions(case, 5, actions)
    real_fdopen, real_fsync = os.fdopen, os.fsync
    def slow_fdopen(fd, *a, **kw):
        fh = real_fdopen(fd, *a, **kw)
        real_write = fh.write
        def write(text):
            for i in range(0, len(text), 64):
                real_write(text[i:i + 64]); fh.flush()
                if i == 0 and stage == "write":
                    print("WRITING", flush=True)
                time.sleep(0.05)
            return len(text)
        fh.write = write
        return fh
    def slow_fsync(fd):
        real_fsync(fd)
        if stage == "fsync":
            print("WRITING", flush=True)
            time.sleep(60)
    os.fdopen, os.fsync = slow_fdopen, slow_fsync
    save_game(late, header, path)
    print("DONE", flush=True)
""")


@pytest.mark.parametrize("stage", ["write", "fsync"])
def test_killed_during_a_slow_write(race_game, tmp_path: Path, plugin_env, stage: str):
    """SIGKILL a child while it writes (or syncs) a save: the previous save is intact."""
    _, played = race_game
    path = tmp_path / "game.save"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), stage, json.dumps(played.actions), str(RACE)],
        env=plugin_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        good = child.stdout.readline().split()
        assert good and good[0] == "GOOD", child.stderr.read()
        assert child.stdout.readline().strip() == "WRITING"
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    assert read_save(path)["state"].hash() == good[1]
    leftovers = _tmp_files(tmp_path)
    assert leftovers, "the killed write should have left its temporary file"
    assert all(p.name.startswith(".game.save.") for p in leftovers)  # hidden, never the save


# -- damaged logs -------------------------------------------------------------------------------------
def _log(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    return path


def test_truncated_log_reported_at_the_cut_line(race_game, tmp_path: Path, plugin_env):
    _, played = race_game
    lines = played.log.splitlines(keepends=True)
    n = len(lines) // 2
    path = _log(tmp_path, "".join(lines[:n]) + lines[n][: len(lines[n]) // 2])
    with pytest.raises(LogError, match=rf"game\.jsonl:{n + 1}: not a JSON record"):
        replay_log(path)
    out = subprocess.run([sys.executable, "-m", "distant_galaxy", "replay", str(path)], env=plugin_env,
                         check=False, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and f"game.jsonl:{n + 1}:" in out.stderr
    assert "Traceback" not in out.stderr


def test_edited_log_reported_at_the_edited_line(race_game, tmp_path: Path, plugin_env):
    _, played = race_game
    lines = played.log.splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if '"type":"dice"' in line)
    rec = json.loads(lines[n])
    rec["value"] = rec["value"] % 6 + 1  # a different die
    lines[n] = json.dumps(rec, sort_keys=True, separators=(",", ":")) + "\n"
    path = _log(tmp_path, "".join(lines))
    report = replay_log(path)
    assert not report.ok and report.line == n + 1
    out = subprocess.run([sys.executable, "-m", "distant_galaxy", "replay", str(path)], env=plugin_env,
                         check=False, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and f"game.jsonl:{n + 1}:" in out.stderr


def test_log_with_an_illegal_action_reported_at_it(race_game, tmp_path: Path):
    _, played = race_game
    lines = played.log.splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if '"kind":"action"' in line)
    lines[n] = '{"action":"fly away","kind":"action","seat":"red"}\n'
    report = replay_log(_log(tmp_path, "".join(lines)))
    assert not report.ok and report.line == n + 1
    assert "failed on replay" in report.message


def test_tampered_logs_of_every_scenario(case: Case, tmp_path: Path):
    played = random_game(case, 1, Tally(), invariants=False)
    tally = Tally()
    for k in range(12):
        check_tampered(played.log, tmp_path, random.Random(k), tally, case, 1)
    assert not tally.failures, "\n".join(tally.failures)
    assert tally.tampering_detected == tally.logs_tampered


def test_future_log_format_refused(race_game, tmp_path: Path):
    _, played = race_game
    lines = played.log.splitlines(keepends=True)
    head = json.loads(lines[0])
    head["format"] = LOG_FORMAT + 1
    lines[0] = json.dumps(head) + "\n"
    with pytest.raises(LogError, match=r"game\.jsonl:1: log format .* not supported"):
        replay_log(_log(tmp_path, "".join(lines)))


# -- future and corrupt saves ------------------------------------------------------------------------
def _payload(case: Case, played) -> dict:
    return save_payload(play_actions(case, 5, played.actions), HEADER)


def test_future_save_format_refused(race_game, tmp_path: Path):
    case, played = race_game
    data = _payload(case, played)
    data["format"] = SAVE_FORMAT + 1
    path = tmp_path / "future.save"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"not supported by engine .* update the engine"):
        read_save(path)


def _refused(path: Path) -> None:
    try:
        read_save(path)
    except SaveError as exc:
        assert str(exc).startswith(str(path))
        return
    raise AssertionError(f"a corrupt save was loaded: {path.read_bytes()[:200]!r}")


def test_truncated_saves_refused(race_game, tmp_path: Path):
    case, played = race_game
    text = json.dumps(_payload(case, played), indent=1)
    path = tmp_path / "cut.save"
    for cut in range(0, len(text), max(1, len(text) // 300)):
        path.write_text(text[:cut])
        _refused(path)


def test_flipped_bytes_refused_or_harmless(race_game, tmp_path: Path):
    """A changed byte is refused, or (whitespace, an empty mapping's key) loads the very same game."""
    case, played = race_game
    raw = bytearray(json.dumps(_payload(case, played), indent=1).encode())
    path = tmp_path / "good.save"
    path.write_bytes(bytes(raw))
    good = read_save(path)
    rng = random.Random(0)
    path = tmp_path / "flip.save"
    for _ in range(400):
        data = bytearray(raw)
        i = rng.randrange(len(data))
        data[i] = rng.choice(b'0123456789{}[]",:x \xff')
        if data == raw:
            continue
        path.write_bytes(bytes(data))
        try:
            got = read_save(path)
        except SaveError:
            continue
        assert got["state"].hash() == good["state"].hash()
        assert got["actions"] == good["actions"] and got["header"] == good["header"], (
            bytes(data[max(0, i - 30): i + 30]))


STATE_EDITS = [
    ("players", "x"), ("players", [1]), ("players", [{"seat": 3}]), ("tokens", "abc"),
    ("tokens", [{"id": "T1"}]), ("tokens", [7]), ("sites", [{"id": "s"}]), ("sites", "x"),
    ("pending", "x"), ("pending", {"who": 1}), ("round", None), ("seats", 5), ("attrs", [1]),
    ("next_id", "x"),
]


@pytest.mark.parametrize(("key", "value"), STATE_EDITS, ids=[f"{k}={v!r}" for k, v in STATE_EDITS])
def test_corrupt_state_refused(race_game, tmp_path: Path, key: str, value):
    case, played = race_game
    data = _payload(case, played)
    data["state"][key] = value
    path = tmp_path / "bad.save"
    path.write_text(json.dumps(data))
    _refused(path)


GARBAGE_SAVES = [
    "", "null", "[]", '{"magic": "distant-galaxy-save"}',
    '{"magic": "distant-galaxy-save", "format": 1}',
    '{"magic": "distant-galaxy-save", "format": "1", "state": {}}',
    '{"magic": "distant-galaxy-save", "format": 0}',
    '{"magic": "distant-galaxy-save", "format": true}',
    "[" * 100_000, '{"a": ' + "1" * 10_000 + "}", "\xff\xfe",
]


@pytest.mark.parametrize("text", GARBAGE_SAVES, ids=[str(i) for i in range(len(GARBAGE_SAVES))])
def test_garbage_saves_refused(tmp_path: Path, text: str):
    path = tmp_path / "junk.save"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    _refused(path)


def test_tampered_state_refused_by_hash(race_game, tmp_path: Path):
    case, played = race_game
    data = _payload(case, played)
    data["state"]["round"] += 1
    path = tmp_path / "edited.save"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not match its hash"):
        read_save(path)
