"""The optional compiled build (setup.py, ``DG_COMPILE=1 pip install .``; issue 19, item 5).

The pure-Python install is the default and what the rest of the suite tests; ``.ci/run`` also
installs the compiled build in a virtual environment of its own and runs the suite there with
``DG_EXPECT_COMPILED=1``, where the last test checks that Python really imports the compiled
modules (a build that silently fell back to pure Python would test nothing new).
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"engine": "distant_galaxy", "plugins": "distant_galaxy_episodes"}


def compiled_modules() -> list[tuple[str, str]]:
    """setup.py's ``COMPILED`` list, read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in targets):
                return ast.literal_eval(node.value)
    raise AssertionError("setup.py has no COMPILED list")


def test_each_compiled_module_is_a_source_of_the_package() -> None:
    modules = compiled_modules()
    assert modules
    for name, source in modules:
        folder, *rest = Path(source).with_suffix("").parts
        assert (ROOT / source).is_file(), source
        assert name == ".".join([PACKAGES[folder], *rest]), (name, source)


def test_each_pxd_file_declares_a_compiled_module() -> None:
    """A ``.pxd`` beside a module that is not compiled would be ignored without a word."""
    compiled = {source for _, source in compiled_modules()}
    pxds = sorted(p.relative_to(ROOT).as_posix() for folder in PACKAGES
                  for p in (ROOT / folder).rglob("*.pxd"))
    assert pxds  # (game.pxd at least)
    for pxd in pxds:
        assert pxd[:-len(".pxd")] + ".py" in compiled, pxd


def test_the_pxd_files_are_in_the_sdist_and_not_in_wheels() -> None:
    """Only a build reads them: MANIFEST.in takes them into the sdist, pyproject.toml keeps them
    out of the wheels (the compiled build's too)."""
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert {f"recursive-include {folder} *.pxd" for folder in PACKAGES} <= set(manifest)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '[tool.setuptools.exclude-package-data]\n"*" = ["*.pxd"]' in pyproject


def test_the_default_build_adds_no_extension_modules() -> None:
    """Without DG_COMPILE=1, setup.py calls setup() with nothing but pyproject.toml's metadata."""
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert 'os.environ.get("DG_COMPILE") == "1"' in text and "\nelse:\n    setup()\n" in text


@pytest.mark.skipif(os.environ.get("DG_EXPECT_COMPILED") != "1",
                    reason="not the compiled build (.ci/run sets DG_EXPECT_COMPILED=1 there)")
def test_the_compiled_build_imports_extension_modules() -> None:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name, _ in compiled_modules():
        module = importlib.import_module(name)
        assert str(module.__file__).endswith(suffixes), (name, module.__file__)
