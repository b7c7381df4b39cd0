"""``dg check-plugin PATH|NAME…``: a plugin's sources held to the engine's public surface."""

from __future__ import annotations

import argparse
from pathlib import Path

from distant_galaxy.errors import EngineError
from distant_galaxy.harness.surface import module_sources, python_files, surface_problems
from distant_galaxy.plugins import installed_plugins
from distant_galaxy.text import close_matches


def check_plugin(args: argparse.Namespace) -> int:
    """Print every problem found (``file:line: problem``) and a summary; exit 1 on any."""
    problems: list[str] = []
    files = 0
    for target in args.paths:
        folder = sources_of(target)
        files += sum(1 for _ in python_files(folder))
        problems += surface_problems(folder)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} problem(s) in {files} file(s): docs/plugins.md, 'Rules of good "
              "behaviour'")
        return 1
    print(f"{files} file(s): only the engine's public surface, every hook marked")
    return 0


def sources_of(target: str) -> Path:
    """The folder (or file) of a plugin given by path, or by the name it is installed under
    (found without importing it)."""
    path = Path(target)
    if path.exists():
        return path
    installed = installed_plugins()
    if target in installed:
        found = _find(target, installed[target].split(":")[0].strip())
        if found is not None:
            return found
    near = close_matches(target, list(installed))
    hint = f"; did you mean '{near[0]}'?" if near else ""
    raise EngineError(f"{target}: no such file or folder, nor an installed plugin{hint} "
                      f"(installed: {', '.join(sorted(installed)) or 'none'})")


def _find(name: str, module: str) -> Path | None:
    """The sources of ``module`` (None when not found), an EngineError when its package is
    missing: an entry point that names a module nobody installed."""
    try:
        return module_sources(module)
    except (ImportError, ValueError) as exc:
        raise EngineError(f"plugin {name}: its entry point names the module '{module}', which "
                          f"cannot be found ({type(exc).__name__}: {exc}): is the entry point "
                          "spelt as the package's module, and the package installed?") from None
