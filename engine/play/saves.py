"""Saves: the header, the actions so far and the state, written atomically with a format version.

A save is written to a temporary file in the same folder, flushed and synced, then renamed over the
old one (``os.replace``), so an interrupted save leaves the previous file intact. Loading refuses a
corrupt file, a save of an unknown format, or a state whose hash does not match — never half-loads.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.state import GameState
from distant_galaxy.errors import SaveError
from distant_galaxy.version import ENGINE_VERSION, SAVE_FORMAT

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game

MAGIC = "distant-galaxy-save"
KEYS = {"magic", "format", "engine", "header", "actions", "state", "hash", "record_hash"}


def save_payload(game: Game, header: dict[str, Any]) -> dict[str, Any]:
    """The save of ``game`` as a JSON-ready mapping."""
    actions = [list(a) for a in game.history]
    return {"magic": MAGIC, "format": SAVE_FORMAT, "engine": ENGINE_VERSION,
            "header": header, "actions": actions,
            "state": game.state.to_json(), "hash": game.state.hash(),
            "record_hash": record_hash(header, actions)}


def record_hash(header: Any, actions: Any) -> str:
    """A hash of the header and the actions of a save (the state has its own ``hash``)."""
    text = json.dumps({"header": header, "actions": actions}, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (temporary file, fsync, rename)."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                               dir=str(target.parent or "."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _remove_stale_temporaries(target)


STALE_SECONDS = 60


def _remove_stale_temporaries(target: Path) -> None:
    """Delete temporaries of earlier saves of ``target`` that a killed process left behind
    (older than a minute, so a save under way in another process is never touched)."""
    now = time.time()
    for leftover in target.parent.glob(f".{target.name}.*.tmp"):
        try:
            if now - leftover.stat().st_mtime > STALE_SECONDS:
                leftover.unlink()
        except OSError:
            pass


def save_game(game: Game, header: dict[str, Any], path: str | Path) -> None:
    """Save ``game`` to ``path`` atomically."""
    write_atomic(path, json.dumps(save_payload(game, header), sort_keys=True, indent=1))


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and check a save file; returns the payload with ``state`` as a GameState."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the save: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise SaveError(f"{path}: corrupt save (not UTF-8 text at byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if text.startswith('{"') and '"kind":"header"' in text.split("\n", 1)[0]:
            raise SaveError(f"{path}: this is a game log, not a save; "
                            f"'dg replay {path}' re-runs it") from None
        raise SaveError(f"{path}: corrupt save (not JSON: {exc.msg} at line {exc.lineno})"
                        ) from None
    except (ValueError, RecursionError) as exc:  # huge numbers, absurd nesting
        raise SaveError(f"{path}: corrupt save (not JSON: {str(exc)[:80]})") from None
    if not isinstance(data, dict) or data.get("magic") != MAGIC:
        raise SaveError(f"{path}: not a Distant Galaxy save file")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise SaveError(f"{path}: corrupt save (unknown key {unknown[0]!r})")
    fmt = data.get("format")
    if not isinstance(fmt, int) or fmt > SAVE_FORMAT or fmt < 1:
        raise SaveError(f"{path}: save format {fmt!r} is not supported by engine "
                        f"{ENGINE_VERSION} (it reads formats 1..{SAVE_FORMAT}); "
                        "update the engine to open it")
    try:
        state = GameState.from_json(data["state"])
        header = data["header"]
        actions = [tuple(a) for a in data["actions"]]
        digest = state.hash()
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise SaveError(f"{path}: corrupt save ({exc!r})") from None
    if digest != data.get("hash"):
        raise SaveError(f"{path}: corrupt save (the state does not match its hash)")
    if "record_hash" in data and record_hash(header, data["actions"]) != data["record_hash"]:
        raise SaveError(f"{path}: corrupt save (the header or actions do not match their hash)")
    return {"header": header, "actions": actions, "state": state, "engine": data.get("engine")}
