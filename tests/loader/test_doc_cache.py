"""YAML files read before (:mod:`distant_galaxy.loader.doc_cache`): a kept document is the one
the loader makes (data, lines, every place), a changed file is read again, a refused file is
never kept, a broken cache file is not used, and a warm read imports no PyYAML."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from distant_galaxy.cache import save_kept
from distant_galaxy.errors import ScenarioError
from distant_galaxy.loader import doc_cache, yamlsafe
from distant_galaxy.loader.document import Document
from distant_galaxy.scenario.find import scenario_files
from tests.cli.conftest import child_env

ROOT = Path(__file__).resolve().parents[2]


def same(a: Document, b: Document) -> bool:
    return (a.data, a.file, a.lines, a.value_places, a.key_places, a.string_ends) == \
        (b.data, b.file, b.lines, b.value_places, b.key_places, b.string_ends)


def parsed(texts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Write the names of the files the YAML loader parses into ``texts``."""
    real = doc_cache._load
    monkeypatch.setattr(doc_cache, "_load", lambda raw, name: texts.append(name)
                        or real(raw, name))


def test_every_shipped_file_is_kept_as_the_loader_makes_it(cache_folder: Path,
                                                           monkeypatch: pytest.MonkeyPatch):
    files = [*scenario_files(), *sorted((ROOT / "tests" / "data").rglob("*.yaml"))[:40]]
    fresh = {}
    for path in files:
        try:
            fresh[path] = yamlsafe.load_yaml_file(path)
        except ScenarioError:
            continue
        assert same(doc_cache.load_yaml_file(path), fresh[path])  # read, then kept
    save_kept()
    texts: list[str] = []
    parsed(texts, monkeypatch)
    monkeypatch.setenv("DG_CACHE_DIR", str(cache_folder) + "/")  # read the file again
    for path, doc in fresh.items():
        kept = doc_cache.load_yaml_file(path)
        assert same(kept, doc), path
        for where in list(doc.value_places)[::7]:  # the places errors point at
            assert kept.pos(where) == doc.pos(where)
    assert texts == []


def test_a_changed_file_is_read_again(cache_folder: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "a.yaml"
    path.write_text("id: a\n")
    assert doc_cache.load_yaml_file(path).data == {"id": "a"}
    path.write_text("id: b\n")
    assert doc_cache.load_yaml_file(path).data == {"id": "b"}
    texts: list[str] = []
    parsed(texts, monkeypatch)
    assert doc_cache.load_yaml_file(path).data == {"id": "b"} and texts == []
    assert doc_cache.load_yaml_file(str(path)).file == str(path)  # named as given


def test_a_refused_file_is_never_kept(cache_folder: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "bad.yaml"
    path.write_text("a: [1\n")
    for _ in range(2):
        with pytest.raises(ScenarioError, match="YAML syntax error"):
            doc_cache.load_yaml_file(path)
    save_kept()
    assert not (cache_folder / doc_cache.NAME).exists()


def test_a_broken_cache_file_is_not_used(cache_folder: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch):
    cache_folder.mkdir(mode=0o700)
    (cache_folder / doc_cache.NAME).write_bytes(b"\x00 not marshal")
    path = tmp_path / "a.yaml"
    path.write_text("id: a\n")
    assert doc_cache.load_yaml_file(path).data == {"id": "a"}


def test_a_large_file_is_read_by_the_loader_every_time(cache_folder: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(doc_cache, "KEPT_BYTES", 10)
    path = tmp_path / "a.yaml"
    path.write_text("id: a-longer-id\n")
    texts: list[str] = []
    parsed(texts, monkeypatch)
    for _ in range(2):
        assert doc_cache.load_yaml_file(path).data == {"id": "a-longer-id"}
    assert len(texts) == 2


def test_a_warm_read_imports_no_pyyaml(cache_folder: Path, tmp_path: Path):
    path = tmp_path / "a.yaml"
    path.write_text("id: a\nlist: [1, 2.5, true, null, 'x']\n")
    code = ("import sys\n"
            "from distant_galaxy.loader import load_yaml_file\n"
            f"print(load_yaml_file({str(path)!r}).data, 'yaml' in sys.modules)\n")
    env = child_env()
    env["DG_CACHE_DIR"] = str(cache_folder)
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, timeout=60).stdout.strip() for _ in range(2)]
    data = "{'id': 'a', 'list': [1, 2.5, True, None, 'x']}"
    assert runs == [f"{data} True", f"{data} False"]
