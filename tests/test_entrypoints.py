"""Entry points read without importlib.metadata (:mod:`distant_galaxy.entrypoints`, issue 35
item 2): the same entry points in the same order, the same winner of a name found twice, the
same parsing of ``entry_points.txt``, and importlib.metadata's own answer where a path entry or a
finder is one this module does not read."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest

from distant_galaxy import entrypoints

GROUPS = ("distant_galaxy.plugins", "distant_galaxy.scenarios", "distant_galaxy.commands",
          "console_scripts", "pytest11", "dg_test.none")


def both(group: str) -> tuple[list[tuple], list[tuple]]:
    """(importlib.metadata's, ours): name, value, group and distribution name of each."""
    theirs = [(e.name, e.value, e.group, e.dist.name if e.dist else None)
              for e in metadata.entry_points(group=group)]
    ours = [(e.name, e.value, e.group, e.dist.name if e.dist else None)
            for e in entrypoints.entry_points(group)]
    return theirs, ours


def dist(folder: Path, stem: str, name: str, text: str, kind: str = "dist-info") -> None:
    info = folder / f"{stem}.{kind}"
    info.mkdir(parents=True)
    (info / ("METADATA" if kind == "dist-info" else "PKG-INFO")).write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n\nName: not-this\n")
    (info / "entry_points.txt").write_text(text)


@pytest.mark.parametrize("group", GROUPS)
def test_the_installed_entry_points_are_importlib_metadatas(group: str):
    theirs, ours = both(group)
    assert ours == theirs


def test_a_name_found_twice_the_first_on_the_path_wins_and_the_file_parses_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    first, second = tmp_path / "a", tmp_path / "b"
    text = ("# a comment\n\n[dg_test.group]\n  one = dg_test_mod  \n"
            "two=dg_test_mod:VALUE.real\n[other]\nthree = x\n[dg_test.group]\nfour = y:z\n")
    dist(first, "Dg.Test_Pkg-1.0", "Dg.Test-Pkg", text)
    dist(second, "dg_test_pkg-2.0", "dg-test-pkg", "[dg_test.group]\nlost = nowhere\n")
    dist(second, "dg_other-0.1", "dg-other", "[dg_test.group]\nfive = w\n", kind="egg-info")
    (second / "dg_test_mod.py").write_text("VALUE = 41\n")
    monkeypatch.syspath_prepend(str(second))
    monkeypatch.syspath_prepend(str(first))
    theirs, ours = both("dg_test.group")
    assert ours == theirs
    assert [e[0] for e in ours] == ["one", "two", "four", "five"]
    assert ours[0][3] == "Dg.Test-Pkg"  # the metadata's Name (its first header block only)
    loaded = {e.name: e for e in entrypoints.entry_points("dg_test.group")}
    assert loaded["two"].load() == 41 and loaded["one"].load().VALUE == 41


def test_a_zip_on_the_path_or_another_finder_asks_importlib_metadata(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    calls = []
    real = entrypoints._from_importlib
    monkeypatch.setattr(entrypoints, "_from_importlib", lambda g: calls.append(g) or real(g))
    archive = tmp_path / "some.zip"
    archive.write_bytes(b"")
    monkeypatch.syspath_prepend(str(archive))
    theirs, ours = both("distant_galaxy.plugins")
    assert ours == theirs and calls == ["distant_galaxy.plugins"]
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(archive)])

    class Finder:
        @staticmethod
        def find_distributions(context: object = None) -> list:
            return []

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder])
    theirs, ours = both("distant_galaxy.plugins")
    assert ours == theirs and calls == ["distant_galaxy.plugins"] * 2


def test_dg_help_does_not_import_importlib_metadata(tmp_path: Path):
    import subprocess

    code = ("import sys\nfrom distant_galaxy.cli.main import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print('importlib.metadata' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, check=True)
    assert done.stdout.strip().splitlines()[-1] == "False"


def test_what_changes_while_the_process_runs_is_read_again(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch):
    """A folder's listing and an ``entry_points.txt`` are kept by modification time and size:
    a package installed, changed or removed is seen at the next call."""
    monkeypatch.syspath_prepend(str(tmp_path))
    assert both("dg_test.later") == ([], [])
    dist(tmp_path, "dg_later-0.1", "dg-later", "[dg_test.later]\none = a\n")
    theirs, ours = both("dg_test.later")
    assert ours == theirs and [e[0] for e in ours] == ["one"]
    (tmp_path / "dg_later-0.1.dist-info" / "entry_points.txt").write_text(
        "[dg_test.later]\none = a\ntwo = b\n")
    theirs, ours = both("dg_test.later")
    assert ours == theirs and [e[0] for e in ours] == ["one", "two"]
    for child in (tmp_path / "dg_later-0.1.dist-info").iterdir():
        child.unlink()
    (tmp_path / "dg_later-0.1.dist-info").rmdir()
    assert both("dg_test.later") == ([], [])
