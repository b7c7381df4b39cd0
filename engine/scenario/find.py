"""Finding scenario files: the folders installed packages register, and a scenario by id or path.

Every folder of scenarios comes from the entry-point group ``distant_galaxy.scenarios``: an entry
``label = "some.package"`` names an importable package whose folder (searched recursively for
``*.yaml``) holds scenario files; it is found as :func:`importlib.resources.files` finds it
(:func:`~distant_galaxy.resources.package_folder`), never by looking at ``site-packages``. The
engine registers its own bundled scenarios the same way (``distant_galaxy.bundled.scenarios``,
listed first); a plugin package registers its own folder.

Scenario ids are unique across all folders: an id found in two files is an error naming both files
(``dg run ID`` refuses it, ``dg validate`` and ``dg list`` report it) — no folder silently wins.
A package whose entry point is broken (module missing, not a package, no scenario file in it) is
reported once, by name, in :func:`scenario_problems`; the other packages' scenarios still work.

What is found is cached per process; :func:`refresh` forgets it (after installing a package).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from distant_galaxy.entrypoints import EntryPoint, entry_points
from distant_galaxy.errors import ScenarioError, fault_text
from distant_galaxy.resources import package_folder
from distant_galaxy.text import close_matches, quoted, shorten

if TYPE_CHECKING:
    from importlib.abc import Traversable

GROUP = "distant_galaxy.scenarios"
"""The entry-point group of scenario folders (``label = "package.with.yaml.files"``)."""

BUNDLED = "distant_galaxy.bundled.scenarios"
"""The package of the engine's own scenarios (the repository's ``scenarios/`` folder)."""


@dataclass(frozen=True)
class ScenarioFolder:
    """A folder of scenario files and the installed package (distribution) that provides it."""

    provider: str
    """The distribution's name (``distant-galaxy-engine``, ``dg-example-race``)."""
    package: str
    """The import name of the folder (``distant_galaxy.bundled.scenarios``)."""
    files: tuple[Path, ...]
    """Its ``*.yaml`` files, sorted, sub-folders included."""


@dataclass(frozen=True)
class FoundScenario:
    """One scenario file of a folder, with its ``id:`` (None when the file has none)."""

    path: Path
    id: str | None
    episode: int | None
    """The file's ``episode:`` number (its alias ``episode-N``), None when it has none."""
    folder: ScenarioFolder

    @property
    def provider(self) -> str:
        """The distribution that provides the file."""
        return self.folder.provider

    def describe(self) -> str:
        """``path (package provider)``, as errors name a file."""
        return f"{self.path} (package {self.provider})"


@dataclass(frozen=True)
class Discovery:
    """Everything found: the folders, each file, the files of each id, and the problems."""

    folders: tuple[ScenarioFolder, ...]
    scenarios: tuple[FoundScenario, ...]
    by_id: dict[str, tuple[FoundScenario, ...]]
    problems: tuple[str, ...]
    by_episode: dict[int, tuple[FoundScenario, ...]] = field(default_factory=dict)
    """The files of each ``episode:`` number (the alias ``episode-N``)."""
    campaigns: tuple[tuple[Path, ScenarioFolder], ...] = ()
    """The campaign files of the folders (:func:`is_campaign_file`), each with its folder."""


# -- the folders ------------------------------------------------------------------------------
def scenarios_dir() -> Path:
    """The engine's own scenarios (the package ``distant_galaxy.bundled.scenarios``, found as
    importlib.resources finds it: the repository's ``scenarios/`` folder in an editable
    install)."""
    return Path(str(package_folder(BUNDLED)))


def _provider(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return dist.name if dist is not None else ep.name


def _yaml_files(root: Traversable) -> list[Path]:
    """The ``*.yaml`` files on disk under ``root`` (a plain folder or a namespace package)."""
    if isinstance(root, Path):
        return sorted(p for p in root.rglob("*.yaml") if p.is_file())
    found: list[Path] = []
    for child in root.iterdir():
        if child.is_dir():
            found.extend(_yaml_files(child))
        elif isinstance(child, Path) and child.name.endswith(".yaml"):
            found.append(child)
    return sorted(found)


def _folder(ep: EntryPoint) -> ScenarioFolder:
    """The folder an entry point names; raises LookupError with the reason it is unusable."""
    name = ep.value.strip()
    try:
        root = package_folder(name)
    except ModuleNotFoundError as exc:
        raise LookupError(f"no module named '{exc.name or name}'") from None
    except TypeError:
        raise LookupError(f"'{name}' is a module, not a package (a folder of scenario files)") from None
    except Exception as exc:  # a third-party package's import can fail in any way
        raise LookupError(f"importing '{name}' failed: {fault_text(exc)}") from None
    files = _yaml_files(root)
    if not files:
        raise LookupError(f"package '{name}' holds no scenario (*.yaml) file on disk "
                          f"(are the YAML files declared as package data?)")
    return ScenarioFolder(_provider(ep), name, tuple(files))


def _folders() -> tuple[list[ScenarioFolder], list[str]]:
    """Every registered folder (the bundled one first, then by provider) and the broken entries."""
    folders: list[ScenarioFolder] = []
    problems: list[str] = []
    seen: set[tuple[Path, ...]] = set()
    eps = sorted(entry_points(group=GROUP), key=lambda ep: (ep.value != BUNDLED, _provider(ep), ep.name))
    for ep in eps:
        try:
            folder = _folder(ep)
        except LookupError as exc:
            problems.append(f"scenarios of package '{_provider(ep)}' skipped: entry point "
                            f"'{ep.name} = {ep.value}' (group {GROUP}): {exc}")
            continue
        if folder.files not in seen:  # the same folder registered twice counts once
            seen.add(folder.files)
            folders.append(folder)
    if not any(ep.value == BUNDLED for ep in eps):
        problems.append(f"the engine's own scenarios are not registered (no '{BUNDLED}' in the "
                        f"entry-point group {GROUP}): reinstall distant-galaxy-engine")
    return folders, problems


# -- the index --------------------------------------------------------------------------------
def _peek(path: Path) -> tuple[str | None, int | None]:
    """The ``id:`` and ``episode:`` of a scenario file, read cheaply (their first top-level
    lines)."""
    return _facts(path)[:2]


def _facts(path: Path) -> tuple[str | None, int | None, bool]:
    """The ``id:`` and ``episode:`` of a file (their first top-level lines) and whether it is a
    campaign (:func:`is_campaign_file`), read in one pass."""
    sid: str | None = None
    episode: int | None = None
    campaign = False
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("id:") and sid is None:
                    sid = line[3:].split("#")[0].strip().strip("'\"") or None
                elif line.startswith("episode:") and episode is None:
                    value = line[8:].split("#")[0].strip()
                    episode = int(value) if value.isdigit() else None
                elif line.startswith("campaign:"):
                    campaign = True
    except (OSError, UnicodeDecodeError):
        return None, None, campaign  # (a campaign: line read before the fault counts)
    return sid, episode, campaign


def _peek_id(path: Path) -> str | None:
    """The ``id:`` of a scenario file, read cheaply (first top-level ``id:`` line)."""
    return _peek(path)[0]


EPISODE_ALIAS = re.compile(r"episode-([0-9]+)")
"""The alias of a scenario with ``episode: N``: ``episode-N`` (``dg run episode-6``)."""


def episode_alias(episode: int | None) -> str | None:
    """``episode-N`` for an episode number, None for None."""
    return None if episode is None else f"episode-{episode}"


def is_campaign_file(path: Path) -> bool:
    """Whether a YAML file of a scenario folder is a campaign (a top-level ``campaign:`` key,
    docs/campaign.md), not a scenario: campaigns are listed apart and never loaded as scenarios."""
    try:
        with path.open(encoding="utf-8") as fh:
            return any(line.startswith("campaign:") for line in fh)
    except (OSError, UnicodeDecodeError):
        return False


def _clash(sid: str, found: tuple[FoundScenario, ...]) -> str:
    files = " and ".join(f.describe() for f in found)
    return f"scenario id '{sid}' is in {len(found)} files: {files}; ids must be unique"


@lru_cache(maxsize=1)
def discover() -> Discovery:
    """What is installed now (cached; :func:`refresh` forgets it)."""
    folders, problems = _folders()
    listed: list[FoundScenario] = []
    campaigns: list[tuple[Path, ScenarioFolder]] = []
    for folder in folders:
        for path in folder.files:
            sid, episode, campaign = _facts(path)  # each file read once
            if campaign:
                campaigns.append((path, folder))
            else:
                listed.append(FoundScenario(path, sid, episode, folder=folder))
    scenarios = tuple(listed)
    grouped: dict[str, list[FoundScenario]] = {}
    episodes: dict[int, list[FoundScenario]] = {}
    for found in scenarios:
        if found.id:
            grouped.setdefault(found.id, []).append(found)
            if found.episode is not None:
                episodes.setdefault(found.episode, []).append(found)
    by_id = {sid: tuple(group) for sid, group in grouped.items()}
    problems += [_clash(sid, group) for sid, group in by_id.items() if len(group) > 1]
    by_episode = {n: tuple(group) for n, group in episodes.items()}
    return Discovery(tuple(folders), scenarios, by_id, tuple(problems), by_episode,
                     tuple(campaigns))


def refresh() -> None:
    """Forget what was found (after installing a package in the same process)."""
    discover.cache_clear()


def found_scenarios() -> list[FoundScenario]:
    """Every scenario file of every registered folder, with its id and provider."""
    return list(discover().scenarios)


def scenario_files(root: Path | None = None) -> list[Path]:
    """The ``*.yaml`` files under ``root``, or of every registered folder when it is None."""
    if root is not None:
        return sorted(p for p in root.rglob("*.yaml") if p.is_file())
    return [found.path for found in discover().scenarios]


def scenario_problems() -> list[str]:
    """Broken entry points and clashing ids, one line each (``dg list`` warns, ``dg validate``
    fails)."""
    return list(discover().problems)


def known_ids() -> list[str]:
    """The ids of every registered scenario, sorted."""
    return sorted(discover().by_id)


def known_aliases() -> list[str]:
    """The aliases ``episode-N`` of the registered scenarios that have an ``episode:``, sorted
    by number."""
    return [f"episode-{n}" for n in sorted(discover().by_episode)]


def find_by_id(sid: str) -> Path | None:
    """The registered scenario file with this id, or with this alias ``episode-N`` (a file
    with ``episode: N``; a real id wins over an alias); a clash (two files) is a ScenarioError
    naming both. ``find_by_id.known()`` lists the ids."""
    found = discover().by_id.get(sid, ())
    if len(found) > 1:
        raise ScenarioError(_clash(sid, found), hint="remove or rename one of them")
    if not found:
        return _find_by_alias(sid)
    return found[0].path


def _find_by_alias(name: str) -> Path | None:
    match = EPISODE_ALIAS.fullmatch(name)
    if match is None:
        return None
    found = discover().by_episode.get(int(match.group(1)), ())
    if len(found) > 1:
        files = " and ".join(f"'{f.id}' ({f.describe()})" for f in found)
        raise ScenarioError(f"alias '{name}' names {len(found)} scenarios: {files}",
                            hint="name the scenario by its id")
    return found[0].path if found else None


find_by_id.known = known_ids  # type: ignore[attr-defined]


def resolve_scenario_path(name: str) -> Path:
    """A scenario by id (``asteroid-belt``) or by path (``mods/small.yaml``)."""
    p = Path(name)
    if p.suffix in (".yaml", ".yml") or p.exists():
        if p.is_dir():
            raise ScenarioError(f"{shorten(name)}: a folder, not a scenario file (name a .yaml "
                                "file in it)")
        if not p.is_file():
            raise ScenarioError(f"{shorten(name)}: no such scenario file")
        return p
    found = find_by_id(name)
    if found is None:
        raise ScenarioError(f"unknown scenario {quoted(name)}", hint=_unknown_hint(name))
    return found


def _unknown_hint(name: str) -> str:
    """The closest id, else the known ones, then why some scenarios may be missing (a package
    whose import failed: its scenarios are not found, and this is why)."""
    ids = known_ids()
    near = close_matches(name, ids + known_aliases())
    missing = "".join(f"; {p}" for p in scenario_problems())
    if near:
        return f"did you mean '{near[0]}'?{missing}"
    if ids:
        return f"known: {', '.join(ids)}{missing}"
    return "no scenario is installed" + missing


__all__ = [
    "BUNDLED",
    "GROUP",
    "Discovery",
    "FoundScenario",
    "ScenarioFolder",
    "discover",
    "episode_alias",
    "find_by_id",
    "found_scenarios",
    "is_campaign_file",
    "known_aliases",
    "known_ids",
    "refresh",
    "resolve_scenario_path",
    "scenario_files",
    "scenario_problems",
    "scenarios_dir",
]
