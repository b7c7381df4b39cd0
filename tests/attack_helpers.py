"""Helpers of the attack tests (issue 16): a mod with one rule, and ``dg`` as a child process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def mod_with_rule(folder: Path, rule: str, name: str = "mod.yaml") -> Path:
    """A mod of tic-tac-toe whose victory condition is ``rule`` (line 7, the rule at column 10)."""
    path = folder / name
    path.write_text(
        "format: 1\nid: attack\ntitle: Attack\nextends: tic-tac-toe\nvictory:\n"
        f"  - id: line\n    if: '{rule}'\n    reason: attack\n", encoding="utf-8")
    return path


def run_dg(cwd: Path, *args: str, timeout: float = 60, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess:
    """``python -m distant_galaxy ARGS`` in ``cwd``, killed after ``timeout`` seconds (a
    generous bound, never a timing assertion)."""
    return subprocess.run([sys.executable, "-m", "distant_galaxy", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=timeout, env=env, stdin=subprocess.DEVNULL)
