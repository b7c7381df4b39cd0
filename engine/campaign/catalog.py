"""The campaigns ``dg list`` shows (read, not compiled: ``dg list`` stays cheap)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from distant_galaxy.campaign.find import campaign_files
from distant_galaxy.errors import EngineError
from distant_galaxy.loader import load_yaml_file
from distant_galaxy.scenario.find import known_ids


def campaign_catalog() -> list[dict[str, Any]]:
    """Each installed campaign's id, title, file, provider and stages (read, not compiled)."""
    installed = set(known_ids())
    out = []
    for cid, path, provider in campaign_files():
        try:
            data = load_yaml_file(path).data
        except EngineError as exc:
            out.append({"id": cid or path.stem, "title": f"(unreadable: {exc})", "path": path,
                        "provider": provider, "stages": ""})
            continue
        stages = data.get("stages") if isinstance(data, dict) else None
        out.append({"id": cid or path.stem, "title": str(data.get("title", "")), "path": path,
                    "provider": provider, "stages": _stage_words(stages or [], installed)})
    return sorted(out, key=lambda e: e["id"])


def _stage_words(stages: list[Any], installed: set[str]) -> str:
    words = []
    for n, stage in enumerate(stages, 1):
        if not isinstance(stage, dict):
            continue
        name = stage.get("scenario")
        if stage.get("missing") or not name:
            words.append(f"{n} -")
        elif name in installed or str(name).endswith((".yaml", ".yml")):
            words.append(f"{n} {name}")
        else:
            words.append(f"{n} {name} (not installed)")
    return ", ".join(words)


def shipped_campaign_paths() -> list[Path]:
    """The files of every installed campaign."""
    return [path for _, path, _ in campaign_files()]


__all__ = ["campaign_catalog", "shipped_campaign_paths"]
