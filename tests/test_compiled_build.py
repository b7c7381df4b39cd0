"""The compiled build (setup.py; issue 19 item 5, issue 35 item 1): a plain ``pip install .``
compiles where it can and installs the pure build otherwise, ``DG_PURE=1`` forces the pure build,
``DG_COMPILE=1`` requires the compiled one, and editable installs are always pure.

``.ci/run`` installs the pure build (``DG_PURE=1``) and runs the suite with ``DG_EXPECT_PURE=1``,
installs the compiled build in a virtual environment of its own and runs the suite there with
``DG_EXPECT_COMPILED=1``, where the last tests check that Python really imports the modules of
that build (a build that silently fell back to pure Python would test nothing new).
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import importlib.util
import os
from distutils.errors import CompileError
from pathlib import Path
from types import ModuleType

import pytest
import setuptools
from setuptools.command.build_ext import build_ext

from distant_galaxy import build

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


def load_setup() -> ModuleType:
    """setup.py as a module (its ``setup()`` call runs only as ``__main__``, as a build runs it)."""
    spec = importlib.util.spec_from_file_location("dg_setup_py", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_environment_chooses_the_build() -> None:
    setup_py = load_setup()
    assert setup_py.wanted({}) == "optional"  # a plain `pip install .`: compiled if it can be
    assert setup_py.wanted({"DG_PURE": "1"}) == "pure"
    assert setup_py.wanted({"DG_PURE": "1", "DG_COMPILE": "1"}) == "pure"
    assert setup_py.wanted({"DG_COMPILE": "1"}) == "required"
    assert setup_py.extensions("pure") == []  # DG_PURE=1 declares none: a py3-none-any wheel


def test_the_modules_are_compiled_without_debug_information_on_posix() -> None:
    """``-g0`` after Python's own ``-g``: modules a quarter of the size, the same code."""
    setup_py = load_setup()
    declared = setup_py.extensions("optional")
    assert [e.name for e in declared] == [name for name, _ in compiled_modules()]
    for ext in declared:
        assert ext.extra_compile_args == (["-g0"] if os.name == "posix" else [])


def build_command(tmp_path: Path, **options: object) -> build_ext:
    """setup.py's build_ext over one extension module, building under ``tmp_path``."""
    from setuptools import Distribution

    setup_py = load_setup()
    dist = Distribution({"name": "probe", "ext_modules": [
        setuptools.Extension("distant_galaxy.core.state", ["state.py"])]})
    cmd = setup_py.OptionalBuildExt(dist)
    cmd.initialize_options()
    cmd.build_lib, cmd.build_temp = str(tmp_path / "lib"), str(tmp_path / "temp")
    for name, value in options.items():
        setattr(cmd, name, value)
    cmd.finalize_options()
    return cmd


def test_an_editable_install_builds_nothing(tmp_path, capsys, monkeypatch) -> None:
    """An extension module in the source tree would shadow its .py: editable is always pure,
    even with DG_COMPILE=1, and nothing is compiled or written."""
    monkeypatch.setenv("DG_COMPILE", "1")
    cmd = build_command(tmp_path, editable_mode=True)
    cmd.run()
    assert cmd.extensions == [] and not (tmp_path / "lib").exists()
    assert "the pure-Python build: an editable install is always pure" in capsys.readouterr().err


def test_a_failed_compilation_installs_the_pure_build(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("DG_COMPILE", raising=False)
    cmd = build_command(tmp_path)
    left = Path(cmd.get_ext_fullpath("distant_galaxy.core.state"))  # an earlier build's module
    left.parent.mkdir(parents=True)
    left.write_bytes(b"")

    def fail() -> None:
        raise CompileError("gcc: internal compiler error")

    monkeypatch.setattr(cmd, "_pure_reason", lambda: None)
    monkeypatch.setattr(cmd, "_compile", fail)
    cmd.run()
    assert cmd.extensions == [] and not left.exists()  # no stale extension module in the wheel
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the pure-Python build: the compilation failed " \
        "(CompileError: gcc: internal compiler error)" in err
    monkeypatch.setenv("DG_COMPILE", "1")  # required: the install fails instead
    cmd = build_command(tmp_path)
    monkeypatch.setattr(cmd, "_pure_reason", lambda: None)
    monkeypatch.setattr(cmd, "_compile", fail)
    with pytest.raises(CompileError):
        cmd.run()


def test_a_missing_compiler_is_named_in_one_line() -> None:
    setup_py = load_setup()

    class NoCompiler:
        compiler_so = ("/usr/bin/cc", "-O3")

        def compile(self, *args: object, **kwargs: object) -> None:
            raise FileNotFoundError(2, "No such file or directory")

    assert setup_py.compiler_problem(NoCompiler()) == (
        "no C compiler that builds against Python's headers (/usr/bin/cc: not found)")


@pytest.mark.skipif(os.environ.get("DG_EXPECT_COMPILED") != "1",
                    reason="not the compiled build (.ci/run sets DG_EXPECT_COMPILED=1 there)")
def test_the_compiled_build_imports_extension_modules() -> None:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name, _ in compiled_modules():
        module = importlib.import_module(name)
        assert str(module.__file__).endswith(suffixes), (name, module.__file__)
    assert build.compiled_modules() == tuple(sorted(name for name, _ in compiled_modules()))
    assert build.build_name() == build.COMPILED


@pytest.mark.skipif(os.environ.get("DG_EXPECT_PURE") != "1",
                    reason="not the pure build (.ci/run sets DG_EXPECT_PURE=1 there)")
def test_the_pure_build_imports_no_extension_module() -> None:
    for name, _ in compiled_modules():
        module = importlib.import_module(name)
        assert str(module.__file__).endswith(".py"), (name, module.__file__)
    assert build.compiled_modules() == () and build.build_name() == build.PURE
