"""Plugins import only the engine's public surface: names exported by ``distant_galaxy`` itself.

A plugin (the shipped episodes, the example plugin of the docs) that imports a sub-module of the
engine — ``distant_galaxy.core.game``, even under ``TYPE_CHECKING`` — depends on the engine's
layout, which may change; what it needs must be exported from the top level and documented.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import distant_galaxy
from distant_galaxy.harness.surface import surface_problems

ROOT = Path(__file__).resolve().parents[1]
#: The plugin packages held to the public surface: every shipped one, and the docs' example.
PLUGINS = ["tests/example_plugin/dg_example_race",
           *sorted(f"plugins/{p.name}" for p in (ROOT / "plugins").iterdir()
                   if (p / "__init__.py").is_file())]


def private_imports(folder: Path) -> list[str]:
    """The problems ``dg check-plugin`` finds under ``folder`` (``file:line: problem``)."""
    return surface_problems(folder)


def test_every_shipped_plugin_package_is_checked() -> None:
    assert {"plugins/aborigines", "plugins/asteroid_belt", "plugins/fleet_battle",
            "plugins/leaders", "plugins/space_domain"} <= set(PLUGINS)


@pytest.mark.parametrize("folder", PLUGINS)
def test_plugin_imports_only_the_public_surface(folder: str) -> None:
    assert private_imports(ROOT / folder) == []


@pytest.mark.parametrize("folder", PLUGINS)
def test_names_a_plugin_imports_are_exported(folder: str) -> None:
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "distant_galaxy":
                for alias in node.names:
                    assert alias.name in distant_galaxy.__all__, (path, alias.name)


def test_every_exported_name_exists() -> None:
    for name in distant_galaxy.__all__:
        assert hasattr(distant_galaxy, name), name


def test_the_checker_sees_a_private_import(tmp_path: Path) -> None:
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "m.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from distant_galaxy.core.game import Game\n")
    assert private_imports(pkg) == ["p/m.py:3: imports the engine's sub-module "
                                    "'distant_galaxy.core.game', which may change: write 'from "
                                    "distant_galaxy import Game'"]


def test_the_lazy_table_matches_the_type_checking_imports_and_all() -> None:
    """``distant_galaxy/__init__.py`` names each export three times: in its ``TYPE_CHECKING``
    imports, in the table its ``__getattr__`` imports from, and in ``__all__``."""
    tree = ast.parse((ROOT / "engine" / "__init__.py").read_text(encoding="utf-8"))
    typed: dict[str, str] = {}
    table: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom) and imp.module
                typed.update({alias.name: imp.module for alias in imp.names})
        elif isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "_SOURCES":
            table = ast.literal_eval(node.value)
    assert typed == table
    assert sorted(table) == sorted(set(distant_galaxy.__all__) - {"ENGINE_VERSION", "__version__"})


def test_the_words_helpers_are_exported() -> None:
    """Issue 11 item 18: plugins write counts and articles with the engine's helpers."""
    from distant_galaxy import article, count_of

    assert (count_of(1, "point"), count_of(3, "point"), article("engineer")) == \
        ("1 point", "3 points", "an engineer")


def test_every_exported_name_is_documented() -> None:
    """The table of docs/plugins.md's "The public surface" has a row for every name of
    ``__all__`` (the names in backticks of its first column, without their arguments)."""
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    section = text.split("## The public surface", 1)[1]
    documented = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            documented.update(re.sub(r"\(.*", "", name) for name in re.findall(r"`([^`]+)`", first))
    assert sorted(set(distant_galaxy.__all__) - documented) == []
