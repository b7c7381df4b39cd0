"""What a civilization ship may do now: the one predicate per action that ``legal`` lists and
``check`` explains (``civ.py``), and that the ``civ`` bot reads.

A ship has one movement per turn (``move`` or ``jump``: :func:`may_move`) and one deed
(``attack``, ``colonize``, ``capture``: :func:`may_act`); the functions below give the cells,
ships and planets each action may reach from where the ship stands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from distant_galaxy import cell_of
from distant_galaxy_episodes.aborigines.model import ABORIGINES, HACKED, model_of

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Token

Pos = tuple[int, int]


def ships(game: Game, seat: str) -> list[Token]:
    """The seat's ships on the board."""
    return [t for t in game.state.tokens.values() if t.owner == seat and t.pos is not None]


def may_move(tok: Token) -> bool:
    """Whether the ship still has its movement of this turn (neither moved nor jumped)."""
    return not (tok.attrs.get("moved") or tok.attrs.get("jumped"))


def may_act(tok: Token) -> bool:
    """Whether the ship still has its deed of this turn (attack, colonize or capture)."""
    return not tok.attrs.get("acted")


def _free_stop(game: Game, type_: str, cell: Pos) -> bool:
    sc = game.scenario
    return cell not in game.state.board and sc.permissions.may_stop(
        sc.grid.cell_type(cell), sc.unit_tags.get(type_, frozenset()))


def move_targets(game: Game, tok: Token) -> dict[Pos, tuple[Pos, ...]]:
    """Cells the ship reaches with a ``move`` (up to its type's ``speed``), with their paths."""
    sc = game.scenario
    speed = int(sc.unit_types[tok.type]["speed"])
    enter, stop = sc.permissions.predicates(sc.grid, sc.unit_tags.get(tok.type, frozenset()))
    board = game.state.board
    return sc.grid.reachable(cell_of(tok), speed, enter, stop, lambda p: p in board)


def portals_next_to(game: Game, pos: Pos) -> list[int]:
    """The portals next to ``pos`` (open or blocked)."""
    grid = game.scenario.grid
    return [n for n, p in model_of(game).portal_pos.items()
            if grid.in_bounds(pos) and grid.distance(p, pos) == 1]


def open_portal_near(game: Game, pos: Pos) -> int | None:
    """An open portal next to ``pos`` (R5.12: a blocked portal cannot be passed)."""
    m = model_of(game)
    for n, p in m.portal_pos.items():
        if game.scenario.grid.distance(p, pos) == 1 and not m.blocked(game.state, n):
            return n
    return None


def jump_targets(game: Game, tok: Token) -> list[Pos]:
    """Free cells next to another open portal, when the ship stands next to an open one (R5.12)."""
    m = model_of(game)
    here = open_portal_near(game, cell_of(tok))
    if here is None:
        return []
    out = []
    for n, p in m.portal_pos.items():
        if n == here or m.blocked(game.state, n):
            continue
        out += [c for c in game.scenario.grid.ring_clockwise(p, 1) if _free_stop(game, tok.type, c)]
    return out


def adjacent(game: GameLike, pos: Pos, pred: Callable[[Token], bool]) -> list[Token]:
    """The tokens next to ``pos`` for which ``pred`` holds, clockwise from north."""
    st = game.state
    out = []
    for c in game.scenario.grid.neighbours(pos):
        t = st.token_at(c)
        if t is not None and pred(t):
            out.append(t)
    return out


def adjacent_planets(game: GameLike, pos: Pos) -> list[str]:
    """The zone planets next to ``pos`` (whoever owns them)."""
    m = model_of(game)
    grid = game.scenario.grid
    return [sid for sid in m.planet_zone if grid.distance(game.state.sites[sid].pos, pos) == 1]


def attack_targets(game: GameLike, tok: Token) -> list[Token]:
    """The Aborigine ships next to the ship (R5.10)."""
    return adjacent(game, cell_of(tok), model_of(game).is_aborigine)


def colonize_targets(game: Game, tok: Token) -> list[str]:
    """The free zone planets next to the ship (R5.2)."""
    st = game.state
    return [sid for sid in adjacent_planets(game, cell_of(tok)) if st.sites[sid].owner is None]


def guarded(game: GameLike, sid: str) -> bool:
    """Whether Aborigine ships are in the orbit of planet ``sid`` (R5.42)."""
    return bool(adjacent(game, game.state.sites[sid].pos, model_of(game).is_aborigine))


def capture_targets(game: GameLike, tok: Token) -> list[str]:
    """The unguarded Aborigine planets next to the ship (R5.12, R5.42)."""
    st = game.state
    return [sid for sid in adjacent_planets(game, cell_of(tok))
            if st.sites[sid].owner == ABORIGINES and not guarded(game, sid)]


def may_hack(game: Game, seat: str) -> bool:
    """Whether the seat's faction hacks (Monarchy) and has not used it yet (R5.4)."""
    fac = game.scenario.factions.get(game.state.players[seat].faction or "", {}) or {}
    return bool(fac.get("hack")) and seat not in game.state.attrs.get(HACKED, [])


def hack_pairs(game: Game, seat: str) -> Iterable[tuple[Token, Token]]:
    """(hacked ship, rammed ship): an Aborigine ship other than the Hunter within ``civ.hack_range``
    of one of the seat's ships, and another Aborigine ship of its zone, not the Hunter either
    (R5.4: "(кроме охотника)" exempts the Hunter from the hack, the ram included)."""
    m = model_of(game)
    grid = game.scenario.grid
    mine = ships(game, seat)
    reach = m.param("civ", "hack_range")
    abos = [t for t in game.state.tokens.values() if m.is_aborigine(t)]
    tags = game.scenario.unit_tags
    abos = [t for t in abos if "hunter" not in tags.get(t.type, ())]
    for a in abos:
        if not any(grid.distance(cell_of(a), cell_of(s)) <= reach for s in mine):
            continue
        for b in abos:
            if b.id != a.id and m.portal_of(b) == m.portal_of(a):
                yield a, b
