"""``dg check-plugin PATH|NAME…``: a plugin's sources held to the engine's public surface."""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path

from distant_galaxy.errors import EngineError
from distant_galaxy.harness.surface import python_files, surface_problems
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
        module = installed[target].split(":")[0].strip()
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.submodule_search_locations is None and "." in module:
            spec = importlib.util.find_spec(module.rsplit(".", 1)[0])  # its package's sources
        if spec is not None and spec.submodule_search_locations:
            return Path(next(iter(spec.submodule_search_locations)))
        if spec is not None and spec.origin:
            return Path(spec.origin)
    near = close_matches(target, list(installed))
    hint = f"; did you mean '{near[0]}'?" if near else ""
    raise EngineError(f"{target}: no such file or folder, nor an installed plugin{hint} "
                      f"(installed: {', '.join(sorted(installed)) or 'none'})")
