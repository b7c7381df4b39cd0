"""Saves: atomic writes, format version, corrupt files refused, an interrupted save loses nothing."""

from __future__ import annotations

import json
import os

import pytest

from distant_galaxy import Game, SaveError
from distant_galaxy.play import saves
from distant_galaxy.play.log import make_header
from distant_galaxy.play.saves import read_save, save_game


def _saved(race, tmp_path, steps=("step",)):
    game = Game(race, seed=9, seats=["red", "blue"])
    for a in steps:
        game.apply(a)
    path = tmp_path / "game.save"
    save_game(game, make_header(race.id, None, ["red", "blue"], 9), path)
    return game, path


def test_save_and_load_round_trip(race, tmp_path):
    game, path = _saved(race, tmp_path)
    payload = read_save(path)
    assert payload["state"].hash() == game.state.hash()
    assert payload["actions"] == [("red", "step")]
    restored = Game(race, state=payload["state"])
    restored.apply("end")
    game.apply("end")
    assert restored.state.hash() == game.state.hash()


def test_interrupted_save_keeps_the_previous_file(race, tmp_path, monkeypatch):
    game, path = _saved(race, tmp_path)
    before = path.read_bytes()
    game.apply("end")

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", failing_replace)
    with pytest.raises(OSError):
        save_game(game, make_header(race.id, None, ["red", "blue"], 9), path)
    assert path.read_bytes() == before
    assert read_save(path)["actions"] == [("red", "step")]
    assert [p.name for p in tmp_path.iterdir()] == ["game.save"]  # no temporary left behind


def test_failing_write_mid_file_keeps_the_previous_file(race, tmp_path, monkeypatch):
    game, path = _saved(race, tmp_path)
    before = path.read_bytes()
    real_fdopen = os.fdopen

    class Half:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            raise OSError(5, "I/O error")

    monkeypatch.setattr(saves.os, "fdopen", lambda fd, *a, **k: Half(real_fdopen(fd, *a, **k)))
    with pytest.raises(OSError):
        save_game(game, make_header(race.id, None, ["red", "blue"], 9), path)
    assert path.read_bytes() == before


def test_future_format_is_refused(race, tmp_path):
    _, path = _saved(race, tmp_path)
    data = json.loads(path.read_text())
    data["format"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="format 99 is not supported"):
        read_save(path)


@pytest.mark.parametrize("mangle", [
    lambda t: t[: len(t) // 2],
    lambda t: t.replace('"round": 1', '"round": 2'),
    lambda t: "{}",
    lambda t: "",
])
def test_corrupt_saves_are_refused(race, tmp_path, mangle):
    _, path = _saved(race, tmp_path)
    path.write_text(mangle(path.read_text()))
    with pytest.raises(SaveError):
        read_save(path)


def test_a_cut_save_says_where_its_json_ends_in_plain_words(race, tmp_path):
    """The campaign player's trial: "Unterminated string starting at at line 159"."""
    _, path = _saved(race, tmp_path)
    text = path.read_text()
    path.write_text(text[:text.index('"', len(text) // 2) + 3])  # cut inside a string
    with pytest.raises(SaveError, match=r"\(not JSON: Unterminated string starting at line "
                                        r"\d+, column \d+\)$"):
        read_save(path)
    path.write_text(text[:-1] + ",")
    with pytest.raises(SaveError, match=r"not JSON: Expecting .* at line \d+, column \d+\)$"):
        read_save(path)


def test_a_later_save_removes_stale_temporaries(race, tmp_path):
    game, path = _saved(race, tmp_path)
    stale = tmp_path / ".game.save.abc123.tmp"
    stale.write_text("half a save")
    old = os.stat(stale).st_mtime - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".game.save.def456.tmp"   # maybe another process saving right now
    fresh.write_text("in progress")
    save_game(game, make_header(race.id, None, ["red", "blue"], 9), path)
    assert not stale.exists() and fresh.exists()


def test_the_folder_is_synced_after_the_rename(race, tmp_path, monkeypatch):
    """Issue 16, item 10: the rename itself is made durable (fsync of the folder)."""
    synced: list[bool] = []
    real_fsync = os.fsync

    def spy(fd):
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd")
                      else True)
        return real_fsync(fd)

    monkeypatch.setattr(saves.os, "fsync", spy)
    _saved(race, tmp_path)
    assert synced[-1] is True and len(synced) == 2  # the file, then its folder


def test_a_save_without_record_hash_is_refused(race, tmp_path):
    """Issue 16, item 7: ``record_hash`` is required."""
    _, path = _saved(race, tmp_path)
    data = json.loads(path.read_text())
    del data["record_hash"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="no record_hash"):
        read_save(path)
