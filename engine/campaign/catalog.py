"""The campaigns ``dg list`` shows (read, not compiled: ``dg list`` stays cheap).

What a campaign file gives the listing (its title and, for each stage, the scenario it names)
depends on its text alone, so it is remembered in the user's cache folder by the SHA-256 of the
file's bytes, as the scenarios' entries are (:mod:`distant_galaxy.scenario.catalog_cache`): a
listing whose files are all remembered reads no YAML (nor imports PyYAML). Whether a stage's
scenario is installed is decided at each listing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from distant_galaxy import loader
from distant_galaxy.cache import KeptEntries, content_key, maker
from distant_galaxy.campaign.find import campaign_files
from distant_galaxy.errors import EngineError
from distant_galaxy.scenario.find import known_ids

NAME = "campaign-entries.json"
LIMIT = 64


def campaign_catalog() -> list[dict[str, Any]]:
    """Each installed campaign's id, title, file, provider and stages (read, not compiled)."""
    installed = set(known_ids())
    cache = KeptEntries(NAME, (*maker([__file__]), "v1"), limit=LIMIT)
    out = []
    for cid, path, provider in campaign_files():
        where = {"id": cid or path.stem, "path": path, "provider": provider}
        try:
            key: str | None = content_key(path.read_bytes())
        except OSError:
            key = None  # the loader says why, below
        summary = cache.get(key) if key is not None else None
        if summary is None:
            try:
                summary = summarize(path)
            except EngineError as exc:
                out.append({**where, "title": f"(unreadable: {exc})", "stages": ""})
                continue
            if key is not None:
                cache.put(key, summary)
        out.append({**where, "title": summary["title"],
                    "stages": _stage_words(summary["stages"], installed)})
    cache.save()
    return sorted(out, key=lambda e: e["id"])


def summarize(path: Path) -> dict[str, Any]:
    """What the listing takes from a campaign file: its ``title`` and, for each stage in order,
    ``[name, is_text, missing]`` (``name``: the scenario it names, as text, or None) or None for
    a stage that is not a mapping."""
    data = loader.load_yaml_file(path).data  # the loader (and PyYAML) only when a file is read
    stages = data.get("stages") if isinstance(data, dict) else None
    rows: list[list[Any] | None] = []
    for stage in stages or []:
        if not isinstance(stage, dict):
            rows.append(None)
            continue
        name = stage.get("scenario")
        rows.append([str(name) if name else None, isinstance(name, str),
                     bool(stage.get("missing"))])
    return {"title": str(data.get("title", "")), "stages": rows}


def _stage_words(stages: list[Any], installed: set[str]) -> str:
    words = []
    for n, stage in enumerate(stages, 1):
        if not isinstance(stage, list):
            continue
        name, is_text, missing = stage
        if missing or not name:
            words.append(f"{n} -")
        elif (is_text and name in installed) or name.endswith((".yaml", ".yml")):
            words.append(f"{n} {name}")
        else:
            words.append(f"{n} {name} (not installed)")
    return ", ".join(words)


def shipped_campaign_paths() -> list[Path]:
    """The files of every installed campaign."""
    return [path for _, path, _ in campaign_files()]


__all__ = ["campaign_catalog", "shipped_campaign_paths", "summarize"]
