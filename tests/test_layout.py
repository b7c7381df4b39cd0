"""The engine's layout holds no hidden import cycles, no private reads across modules, and its
packages keep to their layers.

Every import of an engine module is at module level (type-only ones under ``if TYPE_CHECKING:``),
so the dependencies between modules are all in sight at the top of each file; an import placed
inside a function usually hides a cycle. No module reads or writes another module's private
names (``obj._name`` of a class defined elsewhere, ``from module import _name``): what a module
needs from another is a public, documented name. And a package imports only packages of its own
layer or below (the contract ``LAYERS`` of tools/layers.py, drawn in docs/architecture.md).
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"
_SPEC = importlib.util.spec_from_file_location("layers_tool", ROOT / "tools" / "layers.py")
assert _SPEC is not None and _SPEC.loader is not None
layers = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(layers)
_imports_in = layers.imports_in
cycles = layers.cycles

#: Folders not held to these rules (none: every module of the engine is).
NOT_YET: tuple[str, ...] = ()

#: Imports that stay inside a function, with the reason: (module, function) → why.
LOCAL_IMPORTS = {
    ("play/controllers.py", "_setup_readline"):
        "readline changes how input() behaves in the whole process: only a person's prompt loads it",
    ("simulate/cluster.py", "_distributed"):
        "Dask is the optional [cluster] extra: imported only when dg simulate names a scheduler",
    ("entrypoints.py", "_from_importlib"):
        "importlib.metadata is what the module saves dg's start-up from: imported only where a "
        "path entry or a finder is one the module does not read",
    ("cli/handlers/serve.py", "server_module"):
        "Starlette and uvicorn are the optional [serve] extra: imported only when dg serve runs",
    ("resources.py", "package_folder"):
        "importlib.resources imports tempfile, zipfile …: asked only for a package that is not "
        "one folder on disk (issue 35, start-up)",
    ("bots/plugin.py", "dg_bots"):
        "the search bot and the controllers are imported when a game asks for its bots, not by "
        "every load or check of a scenario (issue 35, dg validate's start-up)",
    ("core/state.py", "_load_sha256"):
        "hashlib loads OpenSSL (3 ms): imported at the first state hash, not by dg validate or "
        "dg list, which hash no state (issue 35, start-up)",
    ("core/hidden.py", "_sha256_hex"):
        "hashlib loads OpenSSL (3 ms): imported at the first key or digest of a secret, not by "
        "every start that loads the module (issue 35, start-up)",
    ("core/hidden.py", "fresh_secret"):
        "secrets imports hmac and hashlib (OpenSSL, 3 ms): imported when a game asks for a "
        "fresh secret, not by every start that loads the module (issue 35, start-up)",
    ("cli/registry.py", "_misspelt_hook"):
        "the game plugins' module (the hook guard, the engine's core) only when a command plugin "
        "misspells a hook, not at every start of dg (issue 35, start-up)",
    ("text.py", "close_matches"):
        "difflib makes the 'did you mean' hints: imported when a name is wrong, not by every "
        "start (issue 35, start-up)",
    ("cli/handlers/validate.py", "_validate"):
        "the campaign loader only when campaigns are checked (dg validate SCENARIO imports none)",
    ("cli/handlers/validate.py", "_print_json"):
        "the campaign loader only when campaigns are checked (dg validate SCENARIO imports none)",
}


def modules() -> list[Path]:
    """The engine's modules held to the layout rules."""
    return [p for p in sorted(ENGINE.rglob("*.py"))
            if not p.relative_to(ENGINE).as_posix().startswith(NOT_YET)]


def local_imports(path: Path, rel: str) -> list[str]:
    """``file:line: function imports module`` for every import inside a function of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if (rel, fn.name) in LOCAL_IMPORTS:
            continue
        for imp in _imports_in(fn):
            names = imp.module if isinstance(imp, ast.ImportFrom) else \
                ", ".join(a.name for a in imp.names)
            out.append(f"{rel}:{imp.lineno}: {fn.name}() imports {names}")
    return sorted(set(out))


def _defined_names(tree: ast.AST) -> set[str]:
    """The names a module defines itself: functions, classes, variables, its own attributes
    (``self.x = …``, class-level fields, ``__slots__`` strings) and parameters."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            names.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.isidentifier():
            names.add(node.value)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_reads(path: Path, rel: str) -> list[str]:
    """``file:line: name`` for every private name of another module that ``path`` uses."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    own = _defined_names(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            if node.attr not in own:
                out.append(f"{rel}:{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("distant_galaxy"):
            out += [f"{rel}:{node.lineno}: import {a.name}" for a in node.names if _private(a.name)]
    return sorted(set(out))


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_imports_are_at_module_level(path: Path) -> None:
    assert local_imports(path, path.relative_to(ENGINE).as_posix()) == []


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_no_private_name_of_another_module_is_used(path: Path) -> None:
    assert private_reads(path, path.relative_to(ENGINE).as_posix()) == []


def import_graph() -> dict[str, set[str]]:
    """Module → the engine modules it imports at run time, for the modules held to the rules."""
    return layers.import_graph(modules())


def test_no_import_cycle() -> None:
    graph = import_graph()
    held = set(graph)
    assert [c for c in cycles(graph) if set(c) <= held] == []


def package_graph() -> dict[str, set[str]]:
    """Package → the engine packages it imports at run time."""
    out: dict[str, set[str]] = {}
    for src, dst in layers.package_edges(layers.import_graph()):
        out.setdefault(src, set()).add(dst)
    return out


def test_packages_import_only_their_own_layer_and_those_below() -> None:
    """The layer contract: no back edge (an import of a package in a higher layer), and every
    package of the engine has a layer."""
    assert layers.back_edges(layers.import_graph()) == []
    folders = {p.name for p in ENGINE.iterdir() if (p / "__init__.py").is_file()} - {"bundled"}
    files = {p.stem for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    assert folders | files | {layers.SURFACE} == set(layers.layer_index())


def test_no_package_cycle() -> None:
    assert cycles(package_graph()) == []


def test_the_layer_check_sees_a_back_edge() -> None:
    graph = {"distant_galaxy.scenario.rule_tests": {"distant_galaxy.play.saves"},
             "distant_galaxy.play.saves": {"distant_galaxy.core.game"}}
    index = layers.layer_index()
    assert layers.back_edges(graph) == [
        f"scenario (layer {index['scenario']}) imports play (layer {index['play']}): "
        "distant_galaxy.scenario.rule_tests → distant_galaxy.play.saves"]
    assert layers.back_edges({"distant_galaxy.newpkg.m": {"distant_galaxy.core.game"}})[0] \
        .startswith("newpkg → core: a package of no layer")


def test_the_architecture_doc_shows_the_current_layers() -> None:
    """docs/architecture.md's diagram is generated from the imports (tools/layers.py --write)."""
    text = layers.DOC.read_text(encoding="utf-8")
    assert layers.doc_block(text) == layers.mermaid(), "run: python tools/layers.py --write"


def test_the_allowed_local_imports_still_exist() -> None:
    for rel, function in LOCAL_IMPORTS:
        tree = ast.parse((ENGINE / rel).read_text(encoding="utf-8"))
        fns = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == function]
        assert fns and any(_imports_in(f) for f in fns), (rel, function)


def test_the_checkers_see_what_they_forbid(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "from distant_galaxy.core.state import _hidden\n"
        "def f(game):\n"
        "    if TYPE_CHECKING:\n"
        "        from distant_galaxy.core.game import Game\n"
        "    from distant_galaxy.scenario.load import load_scenario\n"
        "    game._cache = 1\n"
        "    return game._pure, game.public\n"
        "class C:\n"
        "    def __init__(self):\n"
        "        self._own = 1\n"
        "    def get(self, other):\n"
        "        return other._own\n")
    assert local_imports(module, "m.py") == ["m.py:6: f() imports distant_galaxy.scenario.load"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert private_reads(module, "m.py") == ["m.py:2: import _hidden", "m.py:7: ._cache",
                                             "m.py:8: ._pure"]
