"""The cache cache_folder's files (:mod:`distant_galaxy.cache`): kept entries read back, a file of
another maker or a broken one not used, written atomically, the process's files written back
when asked (and at exit) and read again from a new cache_folder."""

from __future__ import annotations

import json
import marshal
import os
from pathlib import Path

import pytest

from distant_galaxy import cache
from distant_galaxy.cache import KeptBytes, KeptEntries, content_key, kept_bytes, maker


def test_entries_are_read_back_by_the_same_maker_only(tmp_path: Path):
    path = str(tmp_path / "e.json")
    kept = KeptEntries("e.json", ("v", 1), path)
    kept.put("k", {"a": 1})
    kept.save()
    assert KeptEntries("e.json", ("v", 1), path).get("k") == {"a": 1}
    assert KeptEntries("e.json", ("v", 2), path).get("k") is None


def test_bytes_are_read_back_by_the_same_maker_only(tmp_path: Path):
    path = str(tmp_path / "b.marshal")
    kept = KeptBytes("b.marshal", ("v", 1), path)
    kept.put("k", b"data")
    kept.save()
    assert KeptBytes("b.marshal", ("v", 1), path).get("k") == b"data"
    assert KeptBytes("b.marshal", ("v", 2), path).get("k") is None


@pytest.mark.parametrize("content", [b"", b"not marshal", marshal.dumps([1, 2]),
                                     marshal.dumps((("v",), {"k": "not bytes"}))])
def test_a_broken_or_foreign_bytes_file_is_not_used(tmp_path: Path, content: bytes):
    path = tmp_path / "b.marshal"
    path.write_bytes(content)
    assert KeptBytes("b.marshal", ("v",), str(path)).get("k") is None


def test_at_most_the_limit_is_kept_this_run_first(tmp_path: Path):
    path = str(tmp_path / "b.marshal")
    old = KeptBytes("b.marshal", ("v",), path, limit=3)
    for key in "abc":
        old.put(key, key.encode())
    old.save()
    new = KeptBytes("b.marshal", ("v",), path, limit=3)
    new.put("d", b"d")
    assert new.get("c") == b"c"
    new.save()
    kept = KeptBytes("b.marshal", ("v",), path, limit=3)
    assert kept.get("d") == b"d" and kept.get("c") == b"c"
    assert [kept.get(k) for k in "ab"].count(None) == 1


def test_a_write_replaces_the_file_whole(tmp_path: Path):
    path = tmp_path / "f"
    assert cache.write_atomically(str(path), b"one")
    assert cache.write_atomically(str(path), b"two")
    assert path.read_bytes() == b"two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]  # no part left behind
    assert not cache.write_atomically(str(tmp_path / "missing" / "f"), b"x")


def test_the_process_file_follows_the_cache_folder(cache_folder: Path, monkeypatch: pytest.MonkeyPatch):
    kept = kept_bytes("t.marshal", lambda: ("v",), 10)
    assert kept is kept_bytes("t.marshal", lambda: ("v",), 10)
    kept.put("k", b"1")
    cache.save_kept()
    assert KeptBytes("t.marshal", ("v",), str(cache_folder / "t.marshal")).get("k") == b"1"
    monkeypatch.setenv("DG_CACHE_DIR", "")  # no cache at all: nothing read, nothing written
    off = kept_bytes("t.marshal", lambda: ("v",), 10)
    assert off is not kept and off.get("k") is None and off.path is None
    off.put("k", b"2")
    off.save()


def test_the_maker_names_the_version_and_the_files(tmp_path: Path):
    module = tmp_path / "m.py"
    module.write_text("x = 1\n")
    first = maker([str(module)])
    module.write_text("x = 22\n")
    assert maker([str(module)]) != first and first[0] == cache.ENGINE_VERSION
    assert cache.package_files("no_such_package_here", ["a"]) == ["no_such_package_here"]
    assert cache.package_files("json", ["decoder"])[0].endswith(os.path.join("json", "decoder.py"))


def test_content_keys_are_sha256():
    import hashlib

    assert content_key(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_entries_json_that_is_not_an_object_is_not_used(tmp_path: Path):
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"made_by": ["v"], "entries": ["x"]}))
    assert KeptEntries("e.json", ("v",), str(path)).get("k") is None
