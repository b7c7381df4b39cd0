"""The campaign save: one JSON file, written atomically (``play.saves.write_atomic``), versioned,
tied to the campaign file's data hash, holding every finished stage (its seed, log, the log's
sha256 and scenario hash, result, each civilization's record and points, the grants it was set up
with) and, while a stage is under way, that stage's game save embedded (``play.saves``'s payload).

``record_hash`` covers everything else in the file, so a hand-edited save is refused; the stage
logs are checked against their recorded sha256 whenever the save is opened.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from distant_galaxy.errors import SaveError
from distant_galaxy.play.records import schema_problem
from distant_galaxy.play.saves import CAMPAIGN_MAGIC, read_json_file, write_atomic
from distant_galaxy.version import ENGINE_VERSION

MAGIC = CAMPAIGN_MAGIC
FORMAT = 1
KEYS = {"magic", "format", "engine", "campaign", "source", "campaign_sha256", "seed",
        "controllers", "stages", "current", "record_hash"}
SUFFIX = ".campaign.json"


def body_hash(data: dict[str, Any]) -> str:
    """The hash of a campaign save's content (everything but ``record_hash``)."""
    body = {k: v for k, v in data.items() if k != "record_hash"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def new_save(campaign_id: str, source: str, digest: str, seed: int,
             controllers: dict[str, str]) -> dict[str, Any]:
    """The save of a campaign that has not started a stage yet."""
    return {"magic": MAGIC, "format": FORMAT, "engine": ENGINE_VERSION, "campaign": campaign_id,
            "source": source, "campaign_sha256": digest, "seed": seed,
            "controllers": dict(controllers), "stages": [], "current": None}


def write_save(data: dict[str, Any], path: str | Path) -> None:
    """Write the campaign save atomically (an interrupted write leaves the previous file)."""
    data["engine"] = ENGINE_VERSION
    data["record_hash"] = body_hash(data)
    write_atomic(path, json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n")


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and check a campaign save; a SaveError says what is wrong with it."""
    data = read_json_file(path, "campaign save")
    if not isinstance(data, dict) or data.get("magic") != MAGIC:
        raise SaveError(f"{path}: not a campaign save (dg campaign new writes one)")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise SaveError(f"{path}: corrupt campaign save (unknown key {unknown[0]!r})")
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or not 1 <= fmt <= FORMAT:
        raise SaveError(f"{path}: campaign save format {fmt!r} is not supported by engine "
                        f"{ENGINE_VERSION} (it reads format 1..{FORMAT})")
    if data.get("record_hash") != body_hash(data):
        raise SaveError(f"{path}: the campaign save was changed by hand or is corrupt (its "
                        "content does not match its record_hash)")
    problem = schema_problem("campaign-save", data)  # record_hash is plain sha256: check content
    if problem is not None:
        raise SaveError(f"{path}: corrupt campaign save ({problem})")
    if not isinstance(data.get("stages"), list) or not isinstance(data.get("seed"), int):
        raise SaveError(f"{path}: corrupt campaign save (no stages or seed)")
    game = (data.get("current") or {}).get("game")
    problem = None if game is None else schema_problem("save", game)
    if problem is not None:
        raise SaveError(f"{path}: corrupt campaign save (the stage under way: {problem})")
    return data


def find_save(given: str | None, folder: Path | None = None) -> Path:
    """The campaign save to use: ``given``, else the only ``*.campaign.json`` of the folder."""
    if given:
        return Path(given)
    here = folder or Path(".")
    found = sorted(here.glob(f"*{SUFFIX}"))
    if len(found) == 1:
        return found[0]
    if not found:
        other = [p.name for p in sorted(here.glob("*.json"))[:200] if _is_campaign_save(p)]
        if other:
            raise SaveError(f"no campaign save named *{SUFFIX} in {here.resolve()}, but "
                            f"{', '.join(other)} {'is one' if len(other) == 1 else 'are'}: give "
                            f"it with --save {other[0]}")
        raise SaveError(f"no campaign save (*{SUFFIX}) in {here.resolve()}: start one with "
                        "'dg campaign new ID' or name it with --save PATH")
    raise SaveError(f"{len(found)} campaign saves here ({', '.join(p.name for p in found)}): "
                    "choose one with --save PATH")


def _is_campaign_save(path: Path) -> bool:
    """Whether the file (of at most 64 MB) holds a campaign save (asked only when no save is
    named as they should be)."""
    try:
        if path.stat().st_size > 64 * 2 ** 20:
            return False
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("magic") == MAGIC


def file_sha256(path: str | Path) -> str | None:
    """The sha256 of a file's bytes (None when it cannot be read)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


__all__ = ["FORMAT", "MAGIC", "SUFFIX", "body_hash", "file_sha256", "find_save", "new_save",
           "read_save", "write_save"]
