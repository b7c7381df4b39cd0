"""Fit for PyPI (issue 17, item 6): the metadata a package index shows, README links that work
(each naming a file of this checkout; relative until the project has a public address, see
pyproject.toml), and an sdist that holds the licence, the
docs and the test suite with its data — enough to run the tests from the unpacked sdist (a sample
here; the whole suite from a fresh install of the sdist: docs/performance.md, "Packaging")."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tests.test_install import run

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
SDIST_SOURCES = ["engine", "plugins", "scenarios", "schemas", "pyproject.toml", "README.md",
                 "LICENSE", "MANIFEST.in", "docs", "tests", "bench", "tools", ".ci"]


def test_the_metadata_a_package_index_shows():
    assert PROJECT["license"] == "MIT" and (ROOT / PROJECT["license-files"][0]).is_file()
    assert PROJECT["authors"] and PROJECT["keywords"]
    assert "Topic :: Games/Entertainment :: Board Games" in PROJECT["classifiers"]
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"])  # PEP 639
    # No project URLs: no public home yet (pyproject.toml says so); never a made-up address.
    assert "urls" not in PROJECT


def test_readme_links_name_files_of_the_checkout():
    """Each README link names a file of this checkout (relative links break on PyPI: once the
    project has a public address, they become absolute under ``[project.urls] Repository``)."""
    links = re.findall(r"\]\(([^)]+)\)", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert links
    for link in links:
        if not link.startswith(("https://", "http://")):
            assert (ROOT / link.split("#")[0]).exists(), link


def copy_sources(dest: Path) -> Path:
    """The files an sdist is built from (a clean checkout's), without build or test output."""
    dest.mkdir(parents=True)
    skip = shutil.ignore_patterns("__pycache__", "artifacts", "*.egg-info", ".hypothesis")
    for name in SDIST_SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=skip)
        else:
            shutil.copy(ROOT / name, dest / name)
    return dest


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("sdist")
    source = copy_sources(tmp / "src")
    code = "from setuptools import build_meta as b; import sys; print(b.build_sdist(sys.argv[1]))"
    out = run([sys.executable, "-c", code, str(tmp / "dist")], dict(os.environ), source)
    assert out.returncode == 0, out.stderr
    for warning in ("as data is deprecated", "absent from", "SetuptoolsDeprecationWarning"):
        assert warning not in out.stderr, out.stderr
    return tmp / "dist" / out.stdout.strip().splitlines()[-1]


def test_the_sdist_holds_the_licence_docs_and_the_tests_with_their_data(sdist):
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        info = tar.extractfile(next(m for m in tar.getmembers()
                                    if m.name.endswith("/PKG-INFO") and m.name.count("/") == 1))
        pkg_info = info.read().decode() if info else ""
    for wanted in ("LICENSE", "MANIFEST.in", "docs/authoring.md", "tests/conftest.py",
                   "tests/data/broken/every_stage.yaml", "tests/data/pictures/hex-hold.yaml",
                   "tests/example_plugin/pyproject.toml", "engine/play/replay.js",
                   "schemas/scenario.full.schema.json", "scenarios/classic/tic-tac-toe.yaml"):
        assert wanted in names, wanted
    assert not any(n.startswith("tests/artifacts") or "__pycache__" in n for n in names)
    assert "License-Expression: MIT" in pkg_info
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in pkg_info


def test_tests_run_from_the_unpacked_sdist(sdist, tmp_path):
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    [root] = [p for p in tmp_path.iterdir() if p.is_dir()]
    sample = ["tests/play/test_palette.py", "tests/test_editor_schema.py",
              "tests/scenario/test_validate.py"]
    sample = [s for s in sample if (root / s).exists()]
    out = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p",
                          "no:cacheprovider", *sample],
                         capture_output=True, text=True, cwd=root, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert re.search(r"\d+ passed", out.stdout)
