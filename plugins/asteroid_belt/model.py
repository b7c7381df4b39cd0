"""Reading episode 7's data from the scenario and small queries on the state.

Every number comes from the scenario YAML (unit stats, class stats, faction costs, params): a mod
that adds a unit type or changes a speed needs no Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.scenario.setup import add_to_pool

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Site, Token

Pos = tuple[int, int]
SECTION = "asteroid_belt"


def cfg(game: Game) -> dict[str, Any]:
    return game.scenario.data.get(SECTION, {})


def param(game: Game, name: str, default: Any = None) -> Any:
    return game.scenario.params.get(name, default)


def stamp(game: Game) -> int:
    """A number unique to the current turn (per-turn flags store it instead of being reset)."""
    st = game.state
    return st.round * 16 + st.turn


def utype(game: Game, name: str) -> dict[str, Any]:
    return game.scenario.unit_types.get(name, {})


def civ_types(game: Game) -> list[str]:
    return list(cfg(game).get("unit_types", []))


def is_aborigine(game: Game, tok: Token) -> bool:
    return bool(utype(game, tok.type).get("aborigine"))


def is_shuttle(game: Game, tok: Token) -> bool:
    return bool(utype(game, tok.type).get("shuttle"))


def unit_cost(game: Game, seat: str, unit: str) -> int:
    """Creation cost of ``unit`` for ``seat`` (faction discounts R7.70–R7.72)."""
    fac = game.scenario.factions.get(game.state.players[seat].faction or "", {}) or {}
    costs = fac.get("costs", {}) or {}
    return int(costs.get(unit, utype(game, unit).get("cost", 0)))


def kind(game: Game, site: Site) -> dict[str, Any]:
    return game.scenario.site_kinds.get(site.kind, {})


def is_asteroid(game: Game, site: Site) -> bool:
    return bool(kind(game, site).get("asteroid"))


def asteroids(game: Game) -> list[Site]:
    return [s for s in game.state.sites.values() if is_asteroid(game, s)]


def portals(game: Game) -> list[Site]:
    return [s for s in game.state.sites.values() if kind(game, s).get("portal")]


def site_at(game: Game, pos: Pos) -> Site | None:
    for s in game.state.sites.values():
        if s.pos == pos:
            return s
    return None


def find_site(game: Game, ref: str) -> Site | None:
    """A site by id, by label (``base-orange``) or by its cell ``x,y``."""
    st = game.state
    if ref in st.sites:
        return st.sites[ref]
    if "," in ref:
        try:
            x, y = (int(v) for v in ref.split(","))
        except ValueError:
            return None
        return site_at(game, (x, y))
    for s in st.sites.values():
        if s.attrs.get("label") == ref:
            return s
    return None


def base_of(game: Game, seat: str) -> Site | None:
    sid = game.state.attrs.get("bases", {}).get(seat)
    return game.state.sites.get(sid) if sid else None


def marker(site: Site) -> tuple[str | None, str | None]:
    """(marker name, seat) of an asteroid: target / flag / mine, or (None, None)."""
    for name in ("mine", "flag", "target"):
        if name in site.markers:
            return name, site.markers[name]
    return None, None


def set_marker(game: Game, site: Site, name: str | None, seat: str | None, rule: str,
               reason: str) -> None:
    """Replace the asteroid's marker (logged with the old one)."""
    old, old_seat = marker(site)
    site.markers = {name: seat} if name else {}
    game.emit("marker", site=site.id, marker=name, seat=seat, old=old, old_seat=old_seat,
              reason=reason, rule=rule)


def distance(game: Game, a: Pos, b: Pos) -> int:
    return game.scenario.grid.distance(a, b)


def units_of(game: Game, seat: str, on_board: bool = True) -> list[Token]:
    return [t for t in game.state.tokens.values()
            if t.owner == seat and not is_shuttle(game, t) and (t.pos is not None or not on_board)]


def shuttles_of(game: Game, seat: str) -> list[Token]:
    return [t for t in game.state.tokens.values() if t.owner == seat and is_shuttle(game, t)]


def owned_count(game: Game, seat: str, unit: str) -> int:
    """Units of a type the seat owns anywhere: board, shuttles, reserve, repair (D7.7 limits)."""
    p = game.state.players[seat]
    n = sum(1 for t in game.state.tokens.values() if t.owner == seat and t.type == unit)
    return n + p.pools.get("reserve", {}).get(unit, 0) + p.pools.get("repair", {}).get(unit, 0)


def free(game: Game, pos: Pos) -> bool:
    return pos not in game.state.board


def may_stop(game: Game, unit: str, pos: Pos) -> bool:
    sc = game.scenario
    return sc.permissions.may_stop(sc.grid.cell_type(pos), sc.unit_tags[unit])


def ready(game: Game, tok: Token) -> bool:
    """A unit created by the Orange elite acts only from its owner's next turn (R7.70)."""
    return tok.attrs.get("fresh") != stamp(game)


def to_repair(game: Game, tok: Token, reason: str, rule: str) -> None:
    """A beaten civilization unit leaves the board (or its shuttle) for repair (R7.35)."""
    seat = tok.owner
    where = list(tok.pos) if tok.pos is not None else None
    game.state.remove_token(tok)
    game.emit("to_repair", token=tok.id, unit=tok.type, seat=seat, at=where,
              carrier=tok.carrier, reason=reason, rule=rule)
    if seat is not None:
        add_to_pool(game, seat, "repair", tok.type, 1, reason)


def remove_loser(game: Game, tok: Token, reason: str, rule: str) -> None:
    """Remove a beaten token: Aborigines are gone, civilization units go to repair (R7.50)."""
    if is_aborigine(game, tok):
        site = game.state.sites.get(tok.attrs.get("site", ""))
        game.state.remove_token(tok)
        game.emit("destroyed", token=tok.id, unit=tok.type, at=list(tok.pos) if tok.pos else None,
                  site=site.id if site else None, reason=reason, rule=rule)
        if site is not None:
            from distant_galaxy_episodes.asteroid_belt.defenders import check_capture

            check_capture(game, site)
    elif is_shuttle(game, tok):
        from distant_galaxy_episodes.asteroid_belt.shuttles import destroy_shuttle

        destroy_shuttle(game, tok, reason, rule)
    else:
        to_repair(game, tok, reason, rule)


def cell(game: Game, action: Any, i: int) -> Pos:
    """Argument ``i`` of an action as a cell on the map (IllegalAction when off the map)."""
    from distant_galaxy.errors import IllegalAction

    pos = action.pos(i)
    if not game.scenario.grid.in_bounds(pos):
        g = game.scenario.grid
        raise IllegalAction(f"{pos[0]},{pos[1]} is off the {g.width}×{g.height} map")
    return pos
