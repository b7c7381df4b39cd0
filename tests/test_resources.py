"""Package folders (:mod:`distant_galaxy.resources`): what :func:`importlib.resources.files`
gives, without importing it for a package that is one folder on disk."""

from __future__ import annotations

import importlib.resources
import subprocess
import sys
from pathlib import Path

import pytest

from distant_galaxy.resources import package_folder
from tests.cli.conftest import child_env


@pytest.mark.parametrize("name", ["distant_galaxy.bundled.scenarios",
                                  "distant_galaxy.bundled.schemas", "distant_galaxy", "json"])
def test_a_package_folder_is_importlib_resources_folder(name: str):
    assert str(package_folder(name)) == str(importlib.resources.files(name))
    assert isinstance(package_folder(name), Path)


def test_a_module_is_not_a_package():
    with pytest.raises(TypeError, match="not a package"):
        package_folder("json.decoder")
    with pytest.raises(ModuleNotFoundError):
        package_folder("no_such_package_here")


def test_a_namespace_package_is_what_importlib_resources_says(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "dg_test_space").mkdir()
    (tmp_path / "dg_test_space" / "a.yaml").write_text("id: a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = package_folder("dg_test_space")
    assert [p.name for p in found.iterdir()] == ["a.yaml"]


def test_finding_the_bundled_folder_imports_no_importlib_resources():
    code = ("import sys\nfrom distant_galaxy.resources import package_folder\n"
            "package_folder('distant_galaxy.bundled.scenarios')\n"
            "print('importlib.resources' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=child_env(), timeout=60)
    assert out.stdout.strip() == "False", out.stderr
