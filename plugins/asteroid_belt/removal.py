"""What becomes of a beaten token (R7.35, R7.44, R7.50) and of an asteroid whose defenders are all
beaten (R7.13): civilization units go to repair, Aborigines are gone, a shuttle is destroyed with
its passengers sent to repair, a Target with no defender left becomes a Flag."""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy import add_to_pool
from distant_galaxy_episodes.asteroid_belt import model

if TYPE_CHECKING:
    from distant_galaxy import Game, Site, Token


def deployed(game: Game, site: Site) -> list[Token]:
    """The Aborigine defenders of ``site`` on the board."""
    return [t for t in game.state.tokens.values() if t.attrs.get("site") == site.id]


def remaining(site: Site) -> list[str]:
    """The defender types of ``site`` not placed yet."""
    return list(site.attrs.get("reserve_defenders", []))


def check_capture(game: Game, site: Site) -> None:
    """R7.13: a Target whose defenders are all beaten becomes a Flag."""
    if "target" in site.markers and not remaining(site) and not deployed(game, site):
        seat = site.markers["target"]
        model.set_marker(game, site, "flag", seat, "R7.13",
                         f"the defenders of {site.id} are beaten")


def to_repair(game: Game, tok: Token, reason: str, rule: str) -> None:
    """A beaten civilization unit leaves the board (or its shuttle) for repair (R7.35)."""
    seat = tok.owner
    where = list(tok.pos) if tok.pos is not None else None
    game.state.remove_token(tok)
    game.emit("to_repair", token=tok.id, unit=tok.type, seat=seat, at=where,
              carrier=tok.carrier, reason=reason, rule=rule)
    if seat is not None:
        add_to_pool(game, seat, "repair", tok.type, 1, reason)


def destroy_shuttle(game: Game, shuttle: Token, reason: str, rule: str) -> None:
    """A beaten shuttle leaves the board; its passengers go to repair (R7.44 row 1)."""
    for t in model.aboard(game, shuttle):
        to_repair(game, t, f"its shuttle {shuttle.id} was destroyed", rule)
    at = list(shuttle.pos) if shuttle.pos else None
    game.state.remove_token(shuttle)
    game.emit("shuttle_destroyed", token=shuttle.id, seat=shuttle.owner, at=at, reason=reason,
              rule=rule)


def remove_loser(game: Game, tok: Token, reason: str, rule: str) -> None:
    """Remove a beaten token: Aborigines are gone, civilization units go to repair (R7.50)."""
    if model.is_aborigine(game, tok):
        site = game.state.sites.get(tok.attrs.get("site", ""))
        game.state.remove_token(tok)
        game.emit("destroyed", token=tok.id, unit=tok.type, at=list(tok.pos) if tok.pos else None,
                  site=site.id if site else None, reason=reason, rule=rule)
        if site is not None:
            check_capture(game, site)
    elif model.is_shuttle(game, tok):
        destroy_shuttle(game, tok, reason, rule)
    else:
        to_repair(game, tok, reason, rule)
