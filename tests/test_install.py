"""The engine as a user installs it: real ``pip`` builds, the installed ``dg`` in a child process.

- The example plugin (tests/example_plugin, a package of its own) installed with pip adds a
  scenario that ``dg list`` shows, ``dg run ID`` plays and ``dg validate`` checks.
- Folders named ``engine/``, ``plugins/``, ``scenarios/`` and ``schemas/`` on the user's path (the
  current folder, ``PYTHONPATH``) shadow nothing: the engine imports as ``distant_galaxy``.
- The wheel holds exactly the top-level packages ``distant_galaxy`` and ``distant_galaxy_episodes``.

Builds use this environment's setuptools and wheel (the ``test`` extra) without build isolation,
so no index is needed; each takes about a second.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "tests" / "example_plugin"
SOURCES = ["engine", "plugins", "scenarios", "schemas", "pyproject.toml", "README.md", "LICENSE"]


def shipped_ids() -> set[str]:
    """The ids of the repository's scenarios/ folder (what the engine ships)."""
    found = set()
    for path in (ROOT / "scenarios").rglob("*.yaml"):
        match = re.search(r"^id:\s*(\S+)", path.read_text(encoding="utf-8"), re.MULTILINE)
        if match:
            found.add(match.group(1))
    return found


def dg_command() -> str:
    """The ``dg`` installed beside this interpreter (the engine under test)."""
    beside = Path(sys.executable).with_name("dg")
    found = str(beside) if beside.exists() else shutil.which("dg")
    if not found:
        pytest.skip("no installed dg command (pip install -e '.[test]')")
    return found


def env_with_path(*folders: Path) -> dict[str, str]:
    """This process's environment with ``PYTHONPATH`` set to exactly ``folders``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if folders:
        env["PYTHONPATH"] = os.pathsep.join(str(f) for f in folders)
    return env


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=300)


def pip(*args: str, cwd: Path) -> None:
    """``python -m pip ARGS`` offline (this environment's build tools) when it has them."""
    offline = all(importlib.util.find_spec(m) for m in ("setuptools", "wheel"))
    cmd = [sys.executable, "-m", "pip", *args, "--quiet", "--no-deps",
           *(["--no-build-isolation"] if offline else [])]
    # the pure build (DG_PURE=1): these tests are about what a wheel holds and finds, and the
    # compiled build is tested in a virtual environment of its own (.ci/run)
    out = run(cmd, dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", DG_PURE="1"), cwd)
    assert out.returncode == 0, out.stdout + out.stderr


def copy_tree(names: list[str], src: Path, dest: Path) -> Path:
    """Copy sources to ``dest`` (a build writes build/ and *.egg-info beside them)."""
    dest.mkdir(parents=True)
    for name in names:
        if (src / name).is_dir():
            shutil.copytree(src / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src / name, dest / name)
    return dest


def listed_ids(stdout: str) -> set[str]:
    """The scenario ids ``dg list`` printed (each entry starts at the left margin; the
    campaigns follow them, after a ``campaigns (…)`` line)."""
    scenarios = stdout.split("\ncampaigns (")[0]
    return {line.split()[0] for line in scenarios.splitlines() if line and not line[0].isspace()}


@pytest.fixture(scope="module")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/example_plugin installed for real with ``pip install --target``."""
    tmp = tmp_path_factory.mktemp("example")
    source = copy_tree(["pyproject.toml", "dg_example_race"], EXAMPLE, tmp / "src")
    pip("install", "--target", str(tmp / "site"), str(source), cwd=tmp)
    return tmp / "site"


def test_an_installed_package_adds_a_scenario_that_dg_lists_runs_and_validates(example_site, tmp_path):
    dg, env = dg_command(), env_with_path(example_site)
    race = example_site / "dg_example_race" / "scenarios" / "race.yaml"
    assert race.is_file()
    listed = run([dg, "list"], env, tmp_path)
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    assert listed_ids(listed.stdout) == shipped_ids() | {"example-race"}
    assert f"file: {race} (package dg-example-race)" in listed.stdout
    played = run([dg, "run", "example-race", "--seed", "1", "--quiet"], env, tmp_path)
    assert played.returncode == 0, played.stderr
    assert re.search(r"(wins|draw).*seed 1", played.stdout), played.stdout
    checked = run([dg, "validate"], env, tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"{len(shipped_ids()) + 1} scenario file(s) valid" in checked.stdout


@pytest.fixture
def lookalikes(tmp_path: Path) -> Path:
    """A folder holding its own engine/, plugins/, scenarios/ and schemas/, all junk."""
    junk = {
        "engine/__init__.py": "raise ImportError('a folder named engine/ was imported')\n",
        "engine/__main__.py": "raise SystemExit('a folder named engine/ ran')\n",
        "plugins/__init__.py": "raise ImportError('a folder named plugins/ was imported')\n",
        "plugins/asteroid_belt/__init__.py": "JUNK = True\n",
        "scenarios/__init__.py": "JUNK = True\n",
        "scenarios/asteroid-belt.yaml": "id: asteroid-belt\ntitle: [not a scenario\n",
        "scenarios/junk.yaml": "id: junk\nformat: junk\n",
        "schemas/__init__.py": "JUNK = True\n",
        "schemas/scenario.schema.json": "{not json\n",
    }
    for rel, text in junk.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_folders_named_like_ours_on_the_path_shadow_nothing(lookalikes):
    dg, env = dg_command(), env_with_path(lookalikes)
    for args in ([dg, "list"], [sys.executable, "-m", "distant_galaxy", "list"]):
        out = run(args, env, lookalikes)
        assert out.returncode == 0 and out.stderr == "", (args, out.stderr)
        assert listed_ids(out.stdout) == shipped_ids(), args
        assert str(lookalikes) not in out.stdout
    played = run([dg, "run", "asteroid-belt", "--seed", "1", "--quiet"], env, lookalikes)
    assert played.returncode == 0, played.stderr
    assert re.search(r"(wins|draw).*seed 1", played.stdout), played.stdout


def test_the_wheel_has_exactly_our_two_top_level_packages(tmp_path):
    source = copy_tree(SOURCES, ROOT, tmp_path / "src")
    pip("wheel", "-w", str(tmp_path / "dist"), str(source), cwd=tmp_path)
    [wheel] = (tmp_path / "dist").glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        entry_points = next(zf.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"distant_galaxy", "distant_galaxy_episodes"}
    assert "distant_galaxy/bundled/scenarios/asteroid-belt.yaml" in names
    assert "distant_galaxy/bundled/schemas/scenario.schema.json" in names
    assert "[distant_galaxy.scenarios]\ndistant_galaxy = distant_galaxy.bundled.scenarios" in entry_points
