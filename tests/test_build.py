"""Which build runs (engine/build.py; issue 35, item 1): read from the installed files."""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

from distant_galaxy import build
from distant_galaxy.resources import installed_folder
from distant_galaxy.version import ENGINE_VERSION

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_extension_modules_are_found_by_their_import_names(tmp_path: Path) -> None:
    (tmp_path / "core" / "__pycache__").mkdir(parents=True)
    (tmp_path / "core" / f"game{SUFFIX}").write_bytes(b"")
    (tmp_path / "core" / "game.py").write_text("")
    (tmp_path / "core" / "__pycache__" / f"stale{SUFFIX}").write_bytes(b"")
    (tmp_path / f"top{SUFFIX}").write_bytes(b"")
    assert build.extension_modules(str(tmp_path)) == ("distant_galaxy.core.game",
                                                      "distant_galaxy.top")


def test_a_folder_of_python_files_is_the_pure_build(tmp_path: Path) -> None:
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "game.py").write_text("")
    assert build.extension_modules(str(tmp_path)) == ()


def test_the_version_line_and_the_json_header_name_the_same_build() -> None:
    head = build.json_header()
    assert head == {"engine": ENGINE_VERSION, "build": build.build_name()}
    assert head["build"] in (build.COMPILED, build.PURE)
    line = build.version_line()
    assert line.startswith(f"dg {ENGINE_VERSION} (")
    assert ("compiled build" in line) == (head["build"] == build.COMPILED)


def test_the_episodes_compiled_modules_count_too(tmp_path: Path, monkeypatch) -> None:
    """The shipped episodes are installed with the engine and compiled with it (setup.py's
    ``COMPILED`` lists some of their modules): their extension modules are the build's too."""
    (tmp_path / "asteroid_belt").mkdir()
    (tmp_path / "asteroid_belt" / f"movement{SUFFIX}").write_bytes(b"")
    monkeypatch.setattr(build, "installed_folder", lambda package: str(tmp_path))
    build.compiled_modules.cache_clear()
    try:
        assert "distant_galaxy_episodes.asteroid_belt.movement" in build.compiled_modules()
        assert build.build_name() == build.COMPILED
    finally:
        build.compiled_modules.cache_clear()


def test_the_episodes_folder_is_found_by_its_package_name() -> None:
    folder = installed_folder(build.EPISODES)
    assert folder is not None and Path(folder, "asteroid_belt").is_dir()
    assert installed_folder("no_such_package_here") is None
