"""A plugin's source held to the engine's public surface (``dg check-plugin``), read, never run.

docs/plugins.md asks a plugin to import only from ``distant_galaxy`` itself (the sub-packages are
the engine's layout and may change) and to mark each hook implementation with ``@hookimpl``.
The engine holds its own episodes to this in its tests; this module lets a plugin's author do
the same before anyone installs the plugin. For every ``*.py`` file under a folder it reports,
as ``file:line: problem``:

* an import of an engine sub-module (``from distant_galaxy.core.game import Game``), even under
  ``TYPE_CHECKING``, with the public name to use when the engine exports it;
* a name imported from ``distant_galaxy`` that it does not export (with the closest one);
* a module-level function named as one of the engine's hooks but not decorated (pluggy would
  never call it), and one named ``dg_…`` like a hook it is not (a misspelt hook);
* a function marked ``@hookimpl`` that names no hook (the engine's, or one the plugin declares
  itself), and one that takes an argument its engine hook does not pass (both would stop the
  plugin from loading).
"""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

from distant_galaxy.plugins import hook_arguments, hook_names, installed_plugins
from distant_galaxy.text import close_matches

ENGINE = "distant_galaxy"
#: Folders never read: environments and build products beside a plugin's sources.
SKIPPED = frozenset({".git", ".venv", "venv", "build", "dist", "__pycache__", ".tox",
                     "node_modules"})


def surface_problems(folder: Path) -> list[str]:
    """Every problem of the ``*.py`` files under ``folder`` (or of the file ``folder``), each
    ``file:line: problem`` with the file relative to ``folder``'s parent."""
    base = folder.parent
    out: list[str] = []
    trees: list[tuple[str, ast.Module]] = []
    for path in python_files(folder):
        where = path.relative_to(base).as_posix()
        try:
            trees.append((where, ast.parse(path.read_text(encoding="utf-8"), str(path))))
        except (SyntaxError, UnicodeDecodeError, ValueError) as exc:
            line = getattr(exc, "lineno", None) or 1
            out.append(f"{where}:{line}: cannot be read as Python ({exc.__class__.__name__})")
    hooks = engine_hooks() | installed_hooks() | {name for _, tree in trees
                                                  for name in declared_hooks(tree)}
    for where, tree in trees:
        out.extend(f"{where}:{line}: {text}" for line, text in file_problems(tree, hooks))
    return out


@lru_cache(maxsize=1)
def exported_names() -> tuple[str, ...]:
    """The names the public surface exports (``distant_galaxy.__all__``), read from its source as
    a plugin's sources are read (the surface is the top layer: nothing below imports it)."""
    spec = importlib.util.find_spec(ENGINE)
    origin = spec.origin if spec is not None else None
    if origin is None:  # (never for an installed engine)
        return ()
    tree = ast.parse(Path(origin).read_text(encoding="utf-8"), origin)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__"
                                                for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    return ()


def engine_hooks() -> frozenset[str]:
    """The engine's hook names (:func:`distant_galaxy.plugins.hook_names`), as a set."""
    return frozenset(hook_names())


def module_sources(module: str) -> Path | None:
    """The folder of ``module``'s package (its file, for a module alone), found without
    importing it; None when not found. ImportError when a package on its path is missing."""
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.submodule_search_locations is None and "." in module:
        spec = importlib.util.find_spec(module.rsplit(".", 1)[0])  # its package's sources
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    if spec is not None and spec.origin:
        return Path(spec.origin)
    return None


@lru_cache(maxsize=1)
def installed_hooks() -> frozenset[str]:
    """The hooks the installed plugins declare (read from their sources, not imported): a plugin
    may implement another plugin's hook (episode 5 declares ``dg_roll_adjustments``, which the
    Leaders option implements)."""
    names: set[str] = set()
    for reference in installed_plugins().values():
        try:
            folder = module_sources(reference.split(":")[0].strip())
        except (ImportError, ValueError):
            continue  # a plugin that cannot be found declares nothing here
        for path in python_files(folder) if folder is not None else ():
            try:
                names.update(declared_hooks(ast.parse(path.read_text(encoding="utf-8"))))
            except (SyntaxError, UnicodeDecodeError, ValueError):
                continue
    return frozenset(names)


def declared_hooks(tree: ast.Module) -> Iterator[str]:
    """The hooks a plugin declares itself (functions decorated with its ``hookspec``, added in
    its ``dg_add_hookspecs``): other plugins implement them."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                "hookspec" in ast.unparse(d) for d in node.decorator_list):
            yield node.name


def python_files(folder: Path) -> Iterator[Path]:
    """The ``*.py`` files of ``folder`` (itself, when it is one), in a stable order."""
    if folder.is_file():
        yield folder
        return
    for path in sorted(folder.rglob("*.py")):
        if not SKIPPED.intersection(path.relative_to(folder).parts[:-1]):
            yield path


def file_problems(tree: ast.Module, hooks: frozenset[str] | None = None
                  ) -> Iterator[tuple[int, str]]:
    """``(line, problem)`` of one parsed file; ``hooks``: the hook names known (default: the
    engine's)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield from _from_import(node)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(ENGINE + "."):
                    yield node.lineno, _private(alias.name, ())
    yield from _hooks(tree.body, engine_hooks() if hooks is None else hooks)


def _from_import(node: ast.ImportFrom) -> Iterator[tuple[int, str]]:
    module, names = str(node.module), [a.name for a in node.names]
    if module.startswith(ENGINE + "."):
        yield node.lineno, _private(module, names)
    elif module == ENGINE:
        for name in names:
            if name != "*" and name not in exported_names():
                near = close_matches(name, exported_names())
                hint = f"; did you mean '{near[0]}'?" if near else ""
                yield node.lineno, f"'{name}' is not exported by {ENGINE}{hint}"


def _private(module: str, names: Iterable[str]) -> str:
    """An engine sub-module imported: which public names to import instead, where exported."""
    public = [n for n in names if n in exported_names()]
    instead = f": write 'from {ENGINE} import {', '.join(public)}'" if public else (
        f" (what the plugin needs of it must come from '{ENGINE}' itself: docs/plugins.md)")
    return f"imports the engine's sub-module '{module}', which may change{instead}"


def _hooks(body: list[ast.stmt], hooks: frozenset[str]) -> Iterator[tuple[int, str]]:
    """A module-level function named as a hook but not decorated; an undecorated ``dg_…`` one
    named almost as a hook; a decorated one that names no hook or takes what its hook does not
    pass."""
    for node in body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if node.decorator_list:
            yield from _marked(node, hooks)
            continue
        if node.name in hooks:
            yield node.lineno, (f"{node.name} is not marked '@hookimpl', so it would never be "
                                f"called ('from {ENGINE} import hookimpl')")
        elif node.name.startswith("dg_"):
            near = close_matches(node.name, sorted(hooks))
            if near:
                yield node.lineno, (f"{node.name} is no hook and not marked '@hookimpl': did "
                                    f"you mean '{near[0]}'?")


def _marked(node: ast.FunctionDef | ast.AsyncFunctionDef, hooks: frozenset[str]
            ) -> Iterator[tuple[int, str]]:
    """A function marked ``@hookimpl`` (without ``specname=``) that names no hook, or takes an
    argument its engine hook does not pass."""
    marks = [d for d in node.decorator_list if "hookimpl" in ast.unparse(d)]
    if not marks or any("specname" in ast.unparse(d) for d in marks):
        return
    if node.name not in hooks:
        near = close_matches(node.name, sorted(hooks))
        hint = f"; did you mean '{near[0]}'?" if near else ""
        yield node.lineno, f"{node.name} is marked '@hookimpl' but no hook has that name{hint}"
        return
    spec = hook_arguments().get(node.name)
    taken = [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
    extra = [a for a in taken if spec is not None and a not in spec]
    if extra:
        yield node.lineno, (f"{node.name}({', '.join(taken)}) takes "
                            f"{', '.join(repr(a) for a in extra)}, which the hook does not "
                            f"pass: write {node.name}({', '.join(spec or ())}), or fewer of them")


__all__ = ["declared_hooks", "engine_hooks", "exported_names", "file_problems", "installed_hooks",
           "module_sources", "python_files", "surface_problems"]
