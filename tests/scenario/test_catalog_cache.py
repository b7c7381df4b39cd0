"""The catalogue's entries remembered by content (:mod:`distant_galaxy.scenario.catalog_cache`):
the same catalogue with and without the cache, a changed file read again, a broken or foreign
cache ignored, a file that does not load never kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from distant_galaxy.scenario import catalog as catalog_module
from distant_galaxy.scenario.catalog import catalog
from distant_galaxy.scenario.catalog_cache import NAME, EntryCache, content_key, maker


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DG_CACHE_DIR", str(folder))
    return folder


def test_the_catalogue_is_the_same_with_the_cache_and_without(cache_dir: Path,
                                                              monkeypatch: pytest.MonkeyPatch):
    first = catalog()  # read, then kept
    assert (cache_dir / NAME).is_file()
    reads = []
    real = catalog_module.read_data
    monkeypatch.setattr(catalog_module, "read_data", lambda p: reads.append(p) or real(p))
    again = catalog()
    assert again == first and reads == []  # every entry from the cache, in the same key order
    assert [list(e) for e in again] == [list(e) for e in first]
    monkeypatch.setenv("DG_CACHE_DIR", "")  # no cache at all
    assert catalog() == first and len(reads) == len(first)


def test_a_changed_file_gets_a_new_entry_and_a_maker_change_drops_all(tmp_path: Path):
    path = str(tmp_path / NAME)
    cache = EntryCache(("v", 1), path)
    cache.put(content_key(b"id: a\n"), {"id": "a"})
    cache.save()
    again = EntryCache(("v", 1), path)
    assert again.get(content_key(b"id: a\n")) == {"id": "a"}
    assert again.get(content_key(b"id: b\n")) is None
    assert EntryCache(("v", 2), path).get(content_key(b"id: a\n")) is None


def test_a_broken_cache_file_is_not_used(tmp_path: Path):
    path = tmp_path / NAME
    path.write_bytes(b"not JSON")
    assert EntryCache(("v",), str(path)).get("k") is None
    path.write_text(json.dumps(["a list"]))
    assert EntryCache(("v",), str(path)).get("k") is None
    path.write_text(json.dumps({"made_by": ["v"], "entries": {"k": "not an entry"}}))
    assert EntryCache(("v",), str(path)).get("k") is None


def test_the_maker_follows_the_modules_files(tmp_path: Path):
    module = tmp_path / "m.py"
    module.write_text("x = 1\n")
    before = maker([str(module)])
    module.write_text("x = 22\n")
    assert maker([str(module)]) != before
    assert maker([str(tmp_path / "missing.py")])[1] == (str(tmp_path / "missing.py"), None, None)


def test_entries_cached_before_seats_were_listed_are_made_again(cache_dir: Path):
    """Issue 30 (dg list shows the seats): the cache's key names the fields' version, and an
    entry without ``seats`` (an older engine's) is read again from its file."""
    fresh = {e["id"]: e["seats"] for e in catalog()}
    assert [s["id"] for s in fresh["tic-tac-toe"]] == ["x", "o"]
    kept = json.loads((cache_dir / NAME).read_text())
    assert ["fields", catalog_module.ENTRY_FIELDS] in kept["made_by"]
    for entry in kept["entries"].values():  # as an older engine kept them, under today's key
        entry.pop("seats")
    (cache_dir / NAME).write_text(json.dumps(kept))
    assert {e["id"]: e["seats"] for e in catalog()} == fresh
    old = dict(kept, made_by=[m for m in kept["made_by"] if m[0] != "fields"])
    (cache_dir / NAME).write_text(json.dumps(old))  # an older engine's key: not used
    assert {e["id"]: e["seats"] for e in catalog()} == fresh


def test_a_mod_without_seats_has_those_of_the_scenario_it_extends():
    entries = [{"id": "base", "alias": "episode-1", "seats": [{"id": "red"}], "extends": None},
               {"id": "mod", "seats": [], "extends": "episode-1"},
               {"id": "mod-of-mod", "seats": [], "extends": "mod"},
               {"id": "loop", "seats": [], "extends": "loop"}]
    catalog_module.inherit_seats(entries)
    assert [e["seats"] for e in entries] == [[{"id": "red"}]] * 3 + [[]]
