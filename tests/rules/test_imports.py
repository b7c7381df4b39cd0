"""The rule language's imports: all at module level, no cycle, nothing of the game.

Type-only imports under ``if TYPE_CHECKING:`` are allowed (and left out of the cycle check, since
they never run).
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "engine" / "rules"
PACKAGE = "distant_galaxy.rules"
#: What the language may import from the rest of the engine: its error types, the cache folder
#: (parser tables, kept trees and code), the size limits of values, the lazy-module helper and
#: the helpers for words shown to people (the "did you mean" hints) — leaf modules that import
#: nothing of the game.
ALLOWED_OUTSIDE = {"distant_galaxy.errors", "distant_galaxy.cache", "distant_galaxy.limits",
                   "distant_galaxy.lazy", "distant_galaxy.text"}


def _modules() -> dict[str, ast.Module]:
    return {f"{PACKAGE}.{path.stem}" if path.stem != "__init__" else PACKAGE:
            ast.parse(path.read_text(encoding="utf-8")) for path in sorted(RULES.glob("*.py"))}


def _is_type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
        and node.test.id == "TYPE_CHECKING"


def _runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    return [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]


def _targets(node: ast.Import | ast.ImportFrom, modules: set[str]) -> list[str]:
    """The project modules an import statement loads (``from pkg import mod`` loads ``pkg.mod``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    subs = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules]
    return subs or [base]


def test_every_import_is_at_module_level() -> None:
    nested = []
    for name, tree in _modules().items():
        allowed = {id(n) for stmt in tree.body if _is_type_checking(stmt) for n in ast.walk(stmt)}
        nested += [f"{name}:{node.lineno}" for node in ast.walk(tree)
                   if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in allowed
                   and node not in tree.body]
    assert nested == [], f"imports inside functions or blocks: {nested}"


def test_no_import_cycle_among_the_language_modules() -> None:
    trees = _modules()
    graph = {name: {target for node in _runtime_imports(tree)
                    for target in _targets(node, set(trees)) if target in trees and target != name}
             for name, tree in trees.items()}
    try:
        list(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        raise AssertionError(f"import cycle: {exc.args[1]}") from None


def test_the_language_does_not_import_the_game() -> None:
    trees = _modules()
    outside = sorted({f"{name} → {target}" for name, tree in trees.items()
                      for stmt in tree.body if not _is_type_checking(stmt)
                      for node in ast.walk(stmt) if isinstance(node, (ast.Import, ast.ImportFrom))
                      for target in _targets(node, set(trees))
                      if target.startswith("distant_galaxy") and not target.startswith(PACKAGE)
                      and target not in ALLOWED_OUTSIDE})
    assert outside == []
