"""What the plugins say cells are worth to a seat (``dg_cell_values``), for the ``civ`` bot.

The bot asks with the view it was given, so an option can only value what the seat may know (the
Space Domain values a face-down marker by the expected value of the bag's unseen contents).
Without such an option there is no answer and the bot plays exactly as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distant_galaxy import GameLike

Pos = tuple[int, int]


def cell_bonus(game: GameLike, seat: str) -> dict[Pos, float]:
    """Cell -> the plugins' values added up (empty when no plugin implements the hook)."""
    if "dg_cell_values" not in game.hooked:
        return {}
    out: dict[Pos, float] = {}
    for group in game.hook.dg_cell_values(game=game, seat=seat):
        for pos, value in (group or {}).items():
            out[pos] = out.get(pos, 0.0) + float(value)
    return out
