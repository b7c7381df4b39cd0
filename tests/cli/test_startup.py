"""Start-up stays cheap: ``dg --help`` and ``dg list`` import only what they need, the top-level
surface imports a name when it is used, and no library module imports the command line."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import distant_galaxy
from tests.cli.conftest import child_env

ROOT = Path(__file__).resolve().parents[2]

#: Modules that ``dg --help`` and ``dg list`` must not import (issue 10, "Start-up").
HEAVY = ("lark", "jsonschema", "rich", "unittest.mock", "asyncio", "distant_galaxy.harness",
         "distant_galaxy.rules", "distant_galaxy.core.game", "distant_galaxy.scenario.load",
         "distant_galaxy.scenario.model")

SHOW_MODULES = """
import contextlib, io, sys
from distant_galaxy.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print("\\n".join(sorted(sys.modules)))
"""


def modules_after(*argv: str, code: str = SHOW_MODULES) -> set[str]:
    """The modules a fresh interpreter holds after running ``dg argv``."""
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                         env=child_env(), timeout=60)
    assert out.returncode == 0, out.stderr
    return set(out.stdout.split())


def heavy(modules: set[str]) -> list[str]:
    """The heavy modules among ``modules``, and every game plugin (an episode's ``plugin``)."""
    bad = sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))
    return bad + sorted(m for m in modules if m.startswith("distant_galaxy_episodes.")
                        and m.count(".") == 2 and not m.endswith(".commands"))


@pytest.mark.parametrize("argv", [("--help",), ("list",)])
def test_help_and_list_import_only_what_they_need(argv):
    modules = modules_after(*argv)
    assert heavy(modules) == []
    assert "distant_galaxy.cli.registry" in modules  # it did run


def test_importing_the_package_imports_no_sub_package():
    modules = modules_after(code="import sys, distant_galaxy\nprint('\\n'.join(sys.modules))")
    ours = sorted(m for m in modules if m.startswith("distant_galaxy."))
    assert ours == ["distant_galaxy.lazy", "distant_galaxy.version"]  # two leaf modules


def test_a_public_name_is_imported_on_first_use():
    code = ("import sys, distant_galaxy\nassert 'distant_galaxy.core.game' not in sys.modules\n"
            "game = distant_galaxy.Game\nassert 'distant_galaxy.core.game' in sys.modules\n"
            "from distant_galaxy.core.game import Game\nassert game is Game\n"
            "assert 'Game' in dir(distant_galaxy)\nprint('ok')")
    assert "ok" in modules_after(code=code)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        distant_galaxy.nothing_here  # noqa: B018


def imports_of(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


def test_no_library_module_imports_the_command_line():
    """Only ``engine/cli/`` itself, ``python -m distant_galaxy`` (``__main__``) and the top-level
    surface that exports ``Command``."""
    engine = ROOT / "engine"
    allowed = {engine / "__init__.py", engine / "__main__.py"}
    found = [f"{path.relative_to(ROOT)}:{line}: {module}"
             for path in sorted(engine.rglob("*.py"))
             if engine / "cli" not in path.parents and path not in allowed
             for line, module in imports_of(path)
             if module == "distant_galaxy.cli" or module.startswith("distant_galaxy.cli.")]
    assert found == []


#: Standard-library modules the start of a command need not load (issue 35: ``shutil`` came with
#: argparse's help formatter, ``hashlib`` loads OpenSSL, ``difflib`` only makes hints). Writing
#: the cache the first time may load them (``tempfile``); a warm cache is what is checked.
UNNEEDED = ("shutil", "hashlib", "difflib")


@pytest.mark.parametrize("argv", [("--help",), ("list",), ("validate", "asteroid-belt")])
def test_help_list_and_validate_load_no_unneeded_library(argv, tmp_path):
    env = {**child_env(), "DG_CACHE_DIR": str(tmp_path)}
    for _ in range(2):  # the first run fills the cache
        out = subprocess.run([sys.executable, "-c", SHOW_MODULES, *argv], capture_output=True,
                             text=True, env=env, timeout=60)
        assert out.returncode == 0, out.stderr
    modules = set(out.stdout.split())
    assert sorted(set(UNNEEDED) & modules) == []
    assert "distant_galaxy.cli.registry" in modules
