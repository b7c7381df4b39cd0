"""Finding scenario files: the shipped ones (through importlib.resources), by id or by path."""

from __future__ import annotations

import difflib
import importlib.resources
from pathlib import Path

from distant_galaxy.errors import ScenarioError


def scenarios_dir() -> Path:
    """The shipped scenarios (the package ``distant_galaxy.bundled.scenarios``, found through
    importlib.resources: the repository's ``scenarios/`` folder in an editable install)."""
    return Path(str(importlib.resources.files("distant_galaxy.bundled.scenarios")))


def scenario_files(root: Path | None = None) -> list[Path]:
    base = root or scenarios_dir()
    return sorted(p for p in base.rglob("*.yaml") if p.is_file())


def _index() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for p in scenario_files():
        sid = _peek_id(p)
        if sid and sid not in out:
            out[sid] = p
    return out


def _peek_id(path: Path) -> str | None:
    """The ``id:`` of a scenario file, read cheaply (first top-level ``id:`` line)."""
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("id:"):
                    return line[3:].split("#")[0].strip().strip("'\"") or None
    except OSError:
        return None
    return None


def find_by_id(sid: str) -> Path | None:
    """The shipped scenario file with this id (``find_by_id.known()`` lists the ids)."""
    return _index().get(sid)


find_by_id.known = lambda: sorted(_index())  # type: ignore[attr-defined]


def resolve_scenario_path(name: str) -> Path:
    """A scenario by id (``asteroid-belt``) or by path (``mods/small.yaml``)."""
    p = Path(name)
    if p.suffix in (".yaml", ".yml") or p.exists():
        if not p.is_file():
            raise ScenarioError(f"{name}: no such scenario file")
        return p
    found = find_by_id(name)
    if found is None:
        ids = sorted(_index())
        near = difflib.get_close_matches(name, ids, n=1)
        hint = f"did you mean '{near[0]}'?" if near else f"known: {', '.join(ids)}"
        raise ScenarioError(f"unknown scenario '{name}'", hint=hint)
    return found


__all__ = ["find_by_id", "resolve_scenario_path", "scenario_files", "scenarios_dir"]
