"""Without the optional extra ``serve`` everything else works and ``dg serve`` says what to
install (the extra's modules are imported only when ``dg serve`` runs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BLOCKED = """
import sys
sys.modules["starlette"] = None   # as if the extra were not installed
sys.modules["uvicorn"] = None
from distant_galaxy.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCKED, *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def test_dg_serve_names_the_extra_and_writes_nothing(tmp_path: Path) -> None:
    done = run(["serve", "tic-tac-toe", "--seat", "x=human"], tmp_path)
    assert done.returncode != 0
    assert 'pip install ".[serve]"' in done.stderr and "Starlette" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_rest_works_without_it(tmp_path: Path) -> None:
    done = run(["run", "tic-tac-toe", "--seed", "1", "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert run(["serve", "--help"], tmp_path).returncode == 0
