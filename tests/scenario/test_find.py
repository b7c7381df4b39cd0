"""Finding scenarios (engine/scenario/find.py): folders registered by installed packages through the
entry-point group ``distant_galaxy.scenarios``, the engine's own among them; unique ids; broken
entry points reported once by name while the rest still works.

Each test "installs" small packages by writing ``.dist-info`` metadata and the package files in a
temporary folder put on ``sys.path`` (how an installed package is found); tests/test_install.py
does the same with a real ``pip install``.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from distant_galaxy import ScenarioError, load_scenario
from distant_galaxy.harness.conformance import shipped_cases
from distant_galaxy.scenario import find
from distant_galaxy.scenario.catalog import catalog
from distant_galaxy.scenario.validate import validate_paths
from tests.conftest import DATA

RACE_TEXT = (DATA / "scenarios" / "race.yaml").read_text(encoding="utf-8")
SHIPPED_IDS = {"aborigine-clash", "asteroid-belt", "breakthrough", "connect-four", "draughts",
               "fleet-battle", "kalah", "othello", "pig", "tic-tac-toe"}


def race_with_id(sid: str) -> str:
    """The example race (its plugin is registered for the suite) under another id."""
    return RACE_TEXT.replace("id: example-race", f"id: {sid}")


class Site:
    """A folder on ``sys.path`` where the test installs packages (metadata and files)."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch):
        self.root = root
        self.modules: list[str] = []
        root.mkdir()
        monkeypatch.syspath_prepend(str(root))

    def install(self, dist: str, entries: dict[str, str], files: dict[str, str]) -> Path:
        """Install distribution ``dist`` with these scenario entry points and files."""
        info = self.root / f"{dist.replace('-', '_')}-0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
        lines = "".join(f"{name} = {value}\n" for name, value in entries.items())
        (info / "entry_points.txt").write_text(f"[{find.GROUP}]\n{lines}")
        for rel, text in files.items():
            path = self.root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            self.modules.append(rel.split("/")[0])
        importlib.invalidate_caches()
        find.refresh()
        return self.root


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    where = Site(tmp_path / "site", monkeypatch)
    yield where
    for name in list(sys.modules):
        if name.split(".")[0] in where.modules:
            del sys.modules[name]
    find.refresh()  # the next lookup sees sys.path as monkeypatch restores it


def ids_of(provider: str) -> list[str]:
    return [e["id"] for e in catalog() if e["provider"] == provider]


def test_the_engine_registers_its_own_scenarios_like_any_package():
    first = find.discover().folders[0]
    assert first.package == find.BUNDLED == "distant_galaxy.bundled.scenarios"
    assert first.provider == "distant-galaxy-engine"
    assert list(first.files) == find.scenario_files(find.scenarios_dir())
    assert set(ids_of("distant-galaxy-engine")) == SHIPPED_IDS
    assert find.scenario_problems() == []


def test_a_package_adds_its_scenario_folder(site):
    site.install("dgt-extra", {"extra": "dgt_extra.scenarios"}, {
        "dgt_extra/__init__.py": "",
        "dgt_extra/scenarios/__init__.py": "",
        "dgt_extra/scenarios/sub/extra.yaml": race_with_id("extra-race"),
    })
    path = site.root / "dgt_extra" / "scenarios" / "sub" / "extra.yaml"
    assert ids_of("dgt-extra") == ["extra-race"]
    entry = next(e for e in catalog() if e["id"] == "extra-race")
    assert entry["path"] == str(path) and entry["plugins"] == ["example_race"]
    assert find.find_by_id("extra-race") == path
    assert load_scenario("extra-race").id == "extra-race"
    mod = site.root.parent / "mod.yaml"
    mod.write_text("extends: extra-race\nid: extra-mod\ntitle: A mod of a package's scenario\n")
    assert load_scenario(mod).title == "A mod of a package's scenario"
    assert "extra-race" in [c.label for c in shipped_cases()]
    problems, checked = validate_paths([])
    assert problems == [] and checked == len(find.scenario_files())
    assert set(ids_of("distant-galaxy-engine")) == SHIPPED_IDS  # the engine's own still there


def test_a_namespace_package_folder_is_found_too(site):
    site.install("dgt-ns", {"ns": "dgt_ns"}, {"dgt_ns/ns.yaml": race_with_id("ns-race")})
    assert find.find_by_id("ns-race") == site.root / "dgt_ns" / "ns.yaml"


def test_an_id_in_two_files_is_an_error_naming_both(site):
    site.install("dgt-one", {"one": "dgt_one"}, {"dgt_one/__init__.py": "",
                                                  "dgt_one/twin.yaml": race_with_id("twin")})
    site.install("dgt-two", {"two": "dgt_two"}, {"dgt_two/__init__.py": "",
                                                  "dgt_two/twin.yaml": race_with_id("twin")})
    one, two = site.root / "dgt_one" / "twin.yaml", site.root / "dgt_two" / "twin.yaml"
    with pytest.raises(ScenarioError) as err:
        load_scenario("twin")
    assert f"{one} (package dgt-one)" in str(err.value) and f"{two} (package dgt-two)" in str(err.value)
    assert "ids must be unique" in str(err.value)
    [problem] = find.scenario_problems()
    assert "'twin'" in problem and str(one) in problem and str(two) in problem
    assert sorted(ids_of("dgt-one") + ids_of("dgt-two")) == ["twin", "twin"]  # both listed
    problems, _ = validate_paths([])
    assert problem in problems
    assert load_scenario("tic-tac-toe").id == "tic-tac-toe"  # other ids still work


def test_a_package_clashing_with_a_shipped_id_does_not_win_silently(site):
    site.install("dgt-copy", {"copy": "dgt_copy"}, {"dgt_copy/__init__.py": "",
                                                    "dgt_copy/ttt.yaml": "id: tic-tac-toe\n"})
    with pytest.raises(ScenarioError, match="'tic-tac-toe' is in 2 files"):
        find.find_by_id("tic-tac-toe")


BROKEN = {
    "dgt-missing": ({"gone": "dgt_no_such_module"}, {}, "no module named 'dgt_no_such_module'"),
    "dgt-module": ({"mod": "dgt_plain"}, {"dgt_plain.py": "X = 1\n"}, "is a module, not a package"),
    "dgt-empty": ({"empty": "dgt_empty"}, {"dgt_empty/__init__.py": ""}, "holds no scenario"),
    "dgt-raises": ({"bad": "dgt_raises"}, {"dgt_raises/__init__.py": "raise RuntimeError('boom')\n"},
                   "RuntimeError: boom"),
}


def install_broken_and_good(site: Site) -> None:
    for dist, (entries, files, _) in BROKEN.items():
        site.install(dist, entries, files)
    site.install("dgt-good", {"good": "dgt_good"}, {"dgt_good/__init__.py": "",
                                                     "dgt_good/good.yaml": race_with_id("good-race")})


def test_broken_entry_points_are_reported_once_by_name_and_the_others_still_list(site):
    install_broken_and_good(site)
    problems = find.scenario_problems()
    assert len(problems) == len(BROKEN)
    for dist, (_, _, reason) in BROKEN.items():
        [line] = [p for p in problems if f"package '{dist}'" in p]
        assert reason in line
    assert ids_of("dgt-good") == ["good-race"]
    assert set(ids_of("distant-galaxy-engine")) == SHIPPED_IDS
    assert find.scenario_problems() == problems  # found once, not again on every call
    assert set(problems) <= set(validate_paths([])[0])


def test_dg_list_warns_once_per_broken_package(site):
    install_broken_and_good(site)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site.root)
    out = subprocess.run([sys.executable, "-m", "distant_galaxy", "list"], capture_output=True,
                         text=True, env=env, cwd=site.root, timeout=120)
    assert out.returncode == 0, out.stderr
    for dist in BROKEN:
        assert out.stderr.count(f"package '{dist}'") == 1, out.stderr
    scenarios = out.stdout.split("\ncampaigns (")[0]  # the campaigns are listed after them
    listed = {line.split()[0] for line in scenarios.splitlines() if line and not line[0].isspace()}
    assert listed == SHIPPED_IDS | {"good-race"}
    assert "(package dgt-good)" in out.stdout


def test_without_the_engine_entry_point_the_problem_says_so(monkeypatch):
    monkeypatch.setattr(find, "entry_points", lambda group: [])
    find.refresh()
    try:
        assert find.known_ids() == []
        [problem] = find.scenario_problems()
        assert "engine's own scenarios are not registered" in problem
        with pytest.raises(ScenarioError, match="no scenario is installed"):
            find.resolve_scenario_path("asteroid-belt")
    finally:
        monkeypatch.undo()
        find.refresh()


def test_unknown_ids_get_a_did_you_mean():
    with pytest.raises(ScenarioError) as err:
        find.resolve_scenario_path("asteroid-blet")
    assert err.value.hint == "did you mean 'asteroid-belt'?"


def test_a_scenario_with_an_episode_answers_to_its_alias():
    """Issue 13: ``episode: N`` makes ``episode-N`` an alias of the scenario's id."""
    assert find.find_by_id("episode-5") == find.find_by_id("aborigine-clash")
    assert load_scenario("episode-7").id == "asteroid-belt"
    assert "episode-5" in find.known_aliases()
    entry = next(e for e in catalog() if e["id"] == "aborigine-clash")
    assert entry["alias"] == "episode-5"
    assert find.find_by_id("episode-99") is None
    with pytest.raises(ScenarioError, match="unknown scenario 'episode-55'"):
        load_scenario("episode-55")


def test_an_alias_of_two_files_is_refused_naming_both_and_a_real_id_wins(site):
    twin = race_with_id("twin-a").replace("id: twin-a", "id: twin-a\nepisode: 42")
    site.install("dgt-eps", {"eps": "dgt_eps"}, {
        "dgt_eps/__init__.py": "",
        "dgt_eps/a.yaml": twin,
        "dgt_eps/b.yaml": twin.replace("id: twin-a", "id: twin-b"),
        "dgt_eps/c.yaml": race_with_id("episode-43").replace("id: episode-43",
                                                             "id: episode-43\nepisode: 44"),
        "dgt_eps/d.yaml": race_with_id("forty-three").replace("id: forty-three",
                                                              "id: forty-three\nepisode: 43"),
    })
    with pytest.raises(ScenarioError, match="alias 'episode-42' names 2 scenarios") as err:
        load_scenario("episode-42")
    assert "'twin-a'" in str(err.value) and "'twin-b'" in str(err.value)
    assert find.find_by_id("episode-43") == site.root / "dgt_eps" / "c.yaml"  # the id wins
    assert find.find_by_id("episode-44") == site.root / "dgt_eps" / "c.yaml"
    assert find.scenario_problems() == []  # a shared episode number is no installation problem
