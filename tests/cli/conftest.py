"""The ``dg`` command as a user runs it: a child process, in an empty folder, that finds the
example plugin of tests/example_plugin (as an installed plugin)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import DATA, EXAMPLE

RACE = str(DATA / "scenarios" / "race.yaml")

Run = Callable[..., subprocess.CompletedProcess]


def child_env(*paths: Path) -> dict[str, str]:
    """The environment of a child process with ``paths`` first on its ``sys.path``."""
    env = dict(os.environ)
    extra = [str(p) for p in paths]
    if env.get("PYTHONPATH"):
        extra.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(extra)
    return env


@pytest.fixture
def dg(example_plugin: Path, tmp_path: Path) -> Run:
    """``dg(*args, stdin="", cwd=None)``: run ``python -m distant_galaxy`` with the example
    plugin, in a temporary folder unless ``cwd`` says otherwise."""
    env = child_env(example_plugin, EXAMPLE)

    def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "distant_galaxy", *args], capture_output=True,
                              text=True, env=env, cwd=cwd or tmp_path, input=stdin, timeout=120)
    return run
