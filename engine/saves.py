"""Saves: the header, the actions so far and the state, written atomically with a format version.

A save is written to a temporary file in the same folder, flushed and synced, then renamed over the
old one (``os.replace``), so an interrupted save leaves the previous file intact. Loading refuses a
corrupt file, a save of an unknown format, or a state whose hash does not match — never half-loads.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import SaveError
from engine.state import GameState
from engine.version import ENGINE_VERSION, SAVE_FORMAT

if TYPE_CHECKING:
    from engine.game import Game

MAGIC = "distant-galaxy-save"


def save_payload(game: Game, header: dict[str, Any]) -> dict[str, Any]:
    """The save of ``game`` as a JSON-ready mapping."""
    return {"magic": MAGIC, "format": SAVE_FORMAT, "engine": ENGINE_VERSION,
            "header": header, "actions": [list(a) for a in game.history],
            "state": game.state.to_json(), "hash": game.state.hash()}


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


def save_game(game: Game, header: dict[str, Any], path: str | Path) -> None:
    """Save ``game`` to ``path`` atomically."""
    write_atomic(path, json.dumps(save_payload(game, header), sort_keys=True, indent=1))


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and check a save file; returns the payload with ``state`` as a GameState."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the save: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}: corrupt save (not JSON: {exc.msg} at line {exc.lineno})"
                        ) from None
    if not isinstance(data, dict) or data.get("magic") != MAGIC:
        raise SaveError(f"{path}: not a Distant Galaxy save file")
    fmt = data.get("format")
    if not isinstance(fmt, int) or fmt > SAVE_FORMAT or fmt < 1:
        raise SaveError(f"{path}: save format {fmt!r} is not supported by engine "
                        f"{ENGINE_VERSION} (it reads formats 1..{SAVE_FORMAT}); "
                        "update the engine to open it")
    try:
        state = GameState.from_json(data["state"])
        header = data["header"]
        actions = [tuple(a) for a in data["actions"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path}: corrupt save ({exc!r})") from None
    if state.hash() != data.get("hash"):
        raise SaveError(f"{path}: corrupt save (the state does not match its hash)")
    return {"header": header, "actions": actions, "state": state, "engine": data.get("engine")}
