"""The set-up of a game of episode 5 (after the engine's generic one): the central area, home
systems, the level-N planets of Chaos and Monarchy (R5.4) and the starting Aborigine fleet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy import parse_pos
from distant_galaxy_episodes.aborigines.model import CENTRE, model_of

if TYPE_CHECKING:
    from distant_galaxy import Game, Site


def set_up(game: Game) -> None:
    """Fill the central area (``aborigines.centre``), give the seats their systems, place
    ``aborigines.start``."""
    m = model_of(game)
    st = game.state
    st.attrs[CENTRE] = {k: int(v) for k, v in m.n("centre", {}).items()}
    by_pos = {s.pos: s for s in st.sites.values()}
    for seat, at in m.n("homes", {}).items():
        if seat in st.players:
            site = by_pos.get(parse_pos(str(at)))
            if site is not None:
                site.owner = seat
                game.emit("planet", planet=site.id, owner=seat, reason="home system")
    for seat in st.seats:
        fac = game.scenario.factions.get(st.players[seat].faction or "", {}) or {}
        if fac.get("extra_planet"):
            site = by_pos.get(parse_pos(str(fac["extra_planet"])))
            if site is not None:
                give_extra_planet(game, seat, site, int(fac["extra_planet_level"]))
    for item in m.n("start", []) or []:
        pos = parse_pos(str(item["at"]))
        tok = st.add_token(item["type"], None, pos, prefix="A")
        game.emit("place", token=tok.id, unit=tok.type, owner=None, to=list(pos), reason="setup")


def give_extra_planet(game: Game, seat: str, site: Site, level: int) -> None:
    """R5.4: the faction's planet of ``extra_planet_level`` outside the portal zones."""
    site.owner = seat
    site.attrs = {**site.attrs, "level": level}
    game.emit("planet", planet=site.id, owner=seat, level=level,
              reason=f"level-{level} planet outside the portal zones", rule="R5.4")
