"""A probe plugin for the play tests (installed under the name ``probe_play`` by conftest.py): it
draws one cell itself, adds a status line, and describes or hides some events."""

from __future__ import annotations

from typing import Any

from distant_galaxy import Game, hookimpl


@hookimpl
def dg_cell_glyph(game: Game, pos: tuple[int, int]) -> str | None:
    """The top-left cell is drawn as ``@``."""
    return "@" if pos == (0, 0) else None


@hookimpl
def dg_status_lines(game: Game) -> list[str]:
    """One line under the board: how many actions were played."""
    return [f"probe: {len(game.history)} actions"]


@hookimpl
def dg_describe_event(game: Game, event: dict[str, Any]) -> str | None:
    """``ping`` events in the plugin's words; a ``note`` saying "secret" is hidden."""
    if event.get("type") == "ping":
        return f"  ping from {event['seat']}"
    if event.get("type") == "note" and event.get("message") == "secret":
        return ""
    return None
