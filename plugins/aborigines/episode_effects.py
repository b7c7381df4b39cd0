"""Effects of episode 5 that options' YAML may use (the Space Domain markers): a civilization
ship lost outside battle or shot down by the Aborigines, an Aborigine ship called back to the
central area, more ships waiting there. Each is the episode's own procedure (``combat.py``,
R5.23), logged with the rule's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.aborigines.combat import destroy_civ, return_to_centre
from distant_galaxy_episodes.aborigines.model import ABORIGINES, CENTRE, model_of

if TYPE_CHECKING:
    from distant_galaxy import Game, Registry, Token


def _reason(ctx: dict) -> str:
    return str(ctx.get("$reason", "rule"))


def _token(game: Game, unit: Any) -> Token | None:
    """The token a rule's value names (a unit view or an id), or None."""
    return game.state.tokens.get(getattr(unit, "id", unit)) if unit is not None else None


def register_episode_effects(reg: Registry) -> None:
    """``lose(ship)``, ``shot_down(ship)``, ``recall(unit)``, ``to_centre(unit_type, n)``."""

    @reg.effect("lose", ["ship"], "A civilization ship is destroyed outside battle (a "
                "`ship_lost` event; the Leaders option decides the fate of its leaders).",
                "lose(ship)")
    def lose(ctx: dict, ship: Any) -> None:
        game: Game = ctx["$game"]
        tok = _token(game, ship)
        if tok is None or tok.owner is None:
            return
        game.state.remove_token(tok)
        game.emit("ship_lost", token=tok.id, unit=tok.type, owner=tok.owner,
                  side="civilization", reason=_reason(ctx))
        game.hook.dg_ship_lost(game=game, token=tok, battle=False, by=None)

    @reg.effect("shot_down", ["ship"], "A civilization ship is destroyed in battle by the "
                "Aborigines, as their attack of R5.30 (a `ship_lost` event; with the Leaders "
                "option its leaders roll their fate, RL.3).", "shot_down(ship)")
    def shot_down(ctx: dict, ship: Any) -> None:
        game: Game = ctx["$game"]
        tok = _token(game, ship)
        if tok is None or tok.owner is None:
            return
        destroy_civ(game, tok, _reason(ctx), "R5.30", by=ABORIGINES)

    @reg.effect("recall", ["unit"], "An Aborigine ship goes back to the central area, from where "
                "it may return (R5.23; nothing when `unit` is none or no Aborigine ship).",
                'recall(nearest(ship, "aborigine"))')
    def recall(ctx: dict, unit: Any) -> None:
        game: Game = ctx["$game"]
        tok = _token(game, unit)
        if tok is None or not model_of(game).is_aborigine(tok):
            return
        return_to_centre(game, tok, _reason(ctx))

    @reg.effect("to_centre", ["unit_type", "n"], "`n` more Aborigine ships of a type wait in "
                "the central area (R5.23), logged as a `note`.", 'to_centre("invader", 1)')
    def to_centre(ctx: dict, unit_type: str, n: int) -> None:
        game: Game = ctx["$game"]
        centre = dict(game.state.attrs.get(CENTRE, {}))
        centre[str(unit_type)] = centre.get(str(unit_type), 0) + int(n)
        game.state.attrs[CENTRE] = centre
        game.emit("note", message=f"{int(n)} more {unit_type} in the Aborigines' central area "
                                  f"({_reason(ctx)})", rule="R5.23")
