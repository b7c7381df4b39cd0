"""The civilizations' reduced rule set (D5.1): move, jump through open portals, attack,
colonize, capture an Aborigine planet, and Monarchy's one-time hack (R5.4).

Each ship, per turn of its owner: one movement (``move`` up to its ``speed``, or one ``jump`` from
next to an open portal to next to another open portal) and one deed (``attack``, ``colonize`` or
``capture``); colonizing takes the ship's whole turn in orbit (it must not move that turn).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from distant_galaxy import Action, ActionKind, require
from distant_galaxy.errors import IllegalAction
from distant_galaxy_episodes.aborigines.combat import civ_fires, return_to_centre
from distant_galaxy_episodes.aborigines.model import ABORIGINES, HACKED, model_of

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Token

PHASES = frozenset({"main"})
Pos = tuple[int, int]


def fleet(game: Game, seat: str) -> str:
    """``your ships: R1 at 11,1 (cruiser), …`` (ids are not on the board, so errors list them)."""
    ships = _ships(game, seat)
    if not ships:
        return "you have no ship on the board"
    return "your ships: " + ", ".join(f"{t.id} at {t.pos[0]},{t.pos[1]} ({t.type})"
                                      for t in ships)


def own_ship(game: Game, seat: str, tid: str) -> Token:
    tok = game.state.tokens.get(tid)
    if tok is None:
        same = next((t.id for t in game.state.tokens.values() if t.id.lower() == tid.lower()),
                    None)
        hint = f" (ids are case-sensitive: {same}?)" if same else ""
        raise IllegalAction(f"there is no ship '{tid}'{hint}; {fleet(game, seat)}")
    if tok.owner != seat:
        whose = f"{tok.owner}'s" if tok.owner else "an Aborigine"
        raise IllegalAction(f"{tid} is {whose} ship, not yours; {fleet(game, seat)}")
    require(tok.pos is not None, f"{tid} is not on the board; {fleet(game, seat)}")
    return tok


def _around(game: Game, tok: Token, pred, what: str) -> str:
    """``Aborigine ships next to R1: A9 at 5,2 (invader)`` or ``none next to R1``."""
    near = adjacent(game, tok.pos, pred)
    if not near:
        return f"no {what} next to {tok.id} at {tok.pos[0]},{tok.pos[1]}"
    return f"{what} next to {tok.id}: " + ", ".join(
        f"{t.id} at {t.pos[0]},{t.pos[1]} ({t.type})" for t in near)


def _planets_around(game: Game, tok: Token) -> str:
    sids = adjacent_planets(game, tok.pos)
    if not sids:
        return f"no zone planet next to {tok.id} at {tok.pos[0]},{tok.pos[1]}"
    st = game.state
    return f"planets next to {tok.id}: " + ", ".join(
        f"{sid} at {st.sites[sid].pos[0]},{st.sites[sid].pos[1]}"
        + (f" ({st.sites[sid].owner})" if st.sites[sid].owner else " (free)") for sid in sids)


def _moved(tok: Token) -> bool:
    return bool(tok.attrs.get("moved") or tok.attrs.get("jumped"))


def _ships(game: Game, seat: str) -> list[Token]:
    return [t for t in game.state.tokens.values() if t.owner == seat and t.pos is not None]


def _free_stop(game: Game, type_: str, cell: Pos) -> bool:
    sc = game.scenario
    return cell not in game.state.board and sc.permissions.may_stop(
        sc.grid.cell_type(cell), sc.unit_tags.get(type_, frozenset()))


def move_targets(game: Game, tok: Token) -> dict[Pos, tuple[Pos, ...]]:
    sc = game.scenario
    speed = int(sc.unit_types.get(tok.type, {}).get("speed", 2))
    enter, stop = sc.permissions.predicates(sc.grid, sc.unit_tags.get(tok.type, frozenset()))
    board = game.state.board
    return sc.grid.reachable(tok.pos, speed, enter, stop, lambda p: p in board)


def open_portal_near(game: Game, pos: Pos) -> int | None:
    """An open portal next to ``pos`` (R5.12: a blocked portal cannot be passed)."""
    m = model_of(game)
    for n, p in m.portal_pos.items():
        if game.scenario.grid.distance(p, pos) == 1 and not m.blocked(game.state, n):
            return n
    return None


def jump_targets(game: Game, tok: Token) -> list[Pos]:
    m = model_of(game)
    here = open_portal_near(game, tok.pos)
    if here is None:
        return []
    out = []
    for n, p in m.portal_pos.items():
        if n == here or m.blocked(game.state, n):
            continue
        out += [c for c in game.scenario.grid.ring_clockwise(p, 1) if _free_stop(game, tok.type, c)]
    return out


def adjacent(game: Game, pos: Pos, pred) -> list[Token]:
    st = game.state
    out = []
    for c in game.scenario.grid.neighbours(pos):
        t = st.token_at(c)
        if t is not None and pred(t):
            out.append(t)
    return out


def adjacent_planets(game: Game, pos: Pos) -> list[str]:
    m = model_of(game)
    grid = game.scenario.grid
    return [sid for sid in m.planet_zone if grid.distance(game.state.sites[sid].pos, pos) == 1]


class Move(ActionKind):
    verb = "move"
    usage = "move SHIP x,y"
    doc = "Move a ship up to its speed through free space (once per turn, before any jump)."
    phases = PHASES
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for t in _ships(game, seat):
            if not t.attrs.get("moved") and not t.attrs.get("jumped"):
                for cell in move_targets(game, t):
                    yield Action.of("move", t.id, cell)

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(not tok.attrs.get("moved") and not tok.attrs.get("jumped"),
                f"{tok.id} has already moved this turn")
        cell = action.pos(1)
        require(game.scenario.grid.in_bounds(cell), f"{action.arg(1)} is off the map")
        require(cell in move_targets(game, tok), f"{tok.id} cannot reach {action.arg(1)} "
                "(speed, free space only)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        path = move_targets(game, tok)[action.pos(1)]
        frm = tok.pos
        game.state.move_token(tok, action.pos(1))
        tok.attrs["moved"] = True
        game.emit("move", token=tok.id, frm=list(frm) if frm else None,
                  path=[list(c) for c in path])


class Jump(ActionKind):
    verb = "jump"
    usage = "jump SHIP x,y"
    doc = "From next to an open portal, jump next to another open portal (R5.12)."
    phases = PHASES
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for t in _ships(game, seat):
            if not t.attrs.get("jumped") and not t.attrs.get("moved"):
                for cell in jump_targets(game, t):
                    yield Action.of("jump", t.id, cell)

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(not tok.attrs.get("jumped") and not tok.attrs.get("moved"),
                f"{tok.id} has already moved this turn")
        m = model_of(game)
        near = [n for n, p in m.portal_pos.items()
                if game.scenario.grid.distance(p, tok.pos) == 1]
        require(near, f"{tok.id} is not next to a portal")
        require(open_portal_near(game, tok.pos) is not None,
                f"portal {near[0]} is blocked by the Aborigines (R5.12)")
        cell = action.pos(1)
        dest = [n for n, p in m.portal_pos.items()
                if game.scenario.grid.in_bounds(cell) and game.scenario.grid.distance(p, cell) == 1]
        require(dest, f"{action.arg(1)} is not next to a portal")
        require(not m.blocked(game.state, dest[0]),
                f"portal {dest[0]} is blocked by the Aborigines (R5.12)")
        require(cell in jump_targets(game, tok), f"{tok.id} cannot jump to {action.arg(1)}")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        frm = list(tok.pos)
        game.state.move_token(tok, action.pos(1))
        tok.attrs["jumped"] = True
        game.emit("jump", token=tok.id, **{"from": frm}, to=list(action.pos(1)), rule="R5.12")


class Attack(ActionKind):
    verb = "attack"
    usage = "attack SHIP TARGET"
    doc = "Attack an adjacent Aborigine ship: one die, 5-6 (R5.10); the Hunter fires first (R5.11)."
    phases = PHASES
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        m = model_of(game)
        for t in _ships(game, seat):
            if not t.attrs.get("acted"):
                for e in adjacent(game, t.pos, m.is_aborigine):
                    yield Action("attack", (t.id, e.id))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(not tok.attrs.get("acted"), f"{tok.id} has already acted this turn")
        target = game.state.tokens.get(action.arg(1))
        m = model_of(game)
        require(target is not None and m.is_aborigine(target),
                f"{action.arg(1)} is not an Aborigine ship; "
                + _around(game, tok, m.is_aborigine, "Aborigine ships"))
        require(game.scenario.grid.distance(tok.pos, target.pos) == 1,
                f"{target.id} at {target.pos[0]},{target.pos[1]} is not adjacent to {tok.id}; "
                + _around(game, tok, m.is_aborigine, "Aborigine ships"))

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        tok.attrs["acted"] = True
        civ_fires(game, tok, game.state.tokens[action.arg(1)])


class Colonize(ActionKind):
    verb = "colonize"
    usage = "colonize SHIP PLANET"
    doc = "Colonize a free planet of a portal zone next to your ship (R5.2)."
    phases = PHASES
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        st = game.state
        for t in _ships(game, seat):
            if not t.attrs.get("acted") and not _moved(t):
                for sid in adjacent_planets(game, t.pos):
                    if st.sites[sid].owner is None:
                        yield Action("colonize", (t.id, sid))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(not tok.attrs.get("acted"), f"{tok.id} has already acted this turn")
        site = game.state.sites.get(action.arg(1))
        require(site is not None and site.id in model_of(game).planet_zone,
                f"{action.arg(1)} is not a planet of a portal zone; {_planets_around(game, tok)}")
        require(game.scenario.grid.distance(site.pos, tok.pos) == 1,
                f"{tok.id} is not in the orbit of {site.id}; {_planets_around(game, tok)}")
        require(site.owner is None, f"{site.id} already belongs to {site.owner}")
        require(not _moved(tok), f"{tok.id} moved this turn: colonizing takes a whole turn "
                "in orbit")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        tok.attrs["acted"] = True
        site = game.state.sites[action.arg(1)]
        site.owner = seat
        game.emit("colonized", planet=site.id, owner=seat, ship=tok.id,
                  portal=model_of(game).planet_zone[site.id], rule="R5.2")


class Capture(ActionKind):
    verb = "capture"
    usage = "capture SHIP PLANET"
    doc = ("Try to capture an adjacent Aborigine planet (die 4-6); impossible while Aborigine "
           "ships are in its orbit (R5.42). Success reopens the portal (R5.12).")
    phases = PHASES
    arity = (2, 2)

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        st = game.state
        for t in _ships(game, seat):
            if not t.attrs.get("acted"):
                for sid in adjacent_planets(game, t.pos):
                    if st.sites[sid].owner == ABORIGINES and not self.guarded(game, sid):
                        yield Action("capture", (t.id, sid))

    @staticmethod
    def guarded(game: Game, sid: str) -> bool:
        m = model_of(game)
        return bool(adjacent(game, game.state.sites[sid].pos, m.is_aborigine))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(not tok.attrs.get("acted"), f"{tok.id} has already acted this turn")
        site = game.state.sites.get(action.arg(1))
        require(site is not None and site.owner == ABORIGINES,
                f"{action.arg(1)} is not an Aborigine planet; {_planets_around(game, tok)}")
        require(game.scenario.grid.distance(site.pos, tok.pos) == 1,
                f"{tok.id} is not in the orbit of {site.id}; {_planets_around(game, tok)}")
        require(not self.guarded(game, site.id),
                f"Aborigine ships are in the orbit of {site.id} (R5.42)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        m = model_of(game)
        tok = game.state.tokens[action.arg(0)]
        tok.attrs["acted"] = True
        site = game.state.sites[action.arg(1)]
        need = int(m.n("civ", {}).get("capture", 4))
        roll = game.dice.roll(6, purpose=f"{tok.id} captures {site.id}", rule="R5.12")
        ok = roll >= need
        game.emit("capture", planet=site.id, ship=tok.id, roll=roll, need=need,
                  outcome="captured" if ok else "failed", rule="R5.12")
        if ok:
            site.owner = seat
            site.markers = {k: v for k, v in site.markers.items() if k != "colony"}
            n = m.planet_zone[site.id]
            if not m.captured(game.state, n):
                game.emit("portal_reopened", portal=n, by=seat, rule="R5.12")


class Hack(ActionKind):
    verb = "hack"
    usage = "hack SHIP TARGET"
    doc = ("Monarchy, once per game: take control of an Aborigine ship (not the Hunter) within 2 "
           "of one of your ships on a die 5-6 and ram another Aborigine ship of its zone; both "
           "are destroyed (R5.4).")
    phases = PHASES
    arity = (2, 2)

    def usable(self, game: Game, seat: str) -> bool:
        fac = game.scenario.factions.get(game.state.players[seat].faction or "", {}) or {}
        return bool(fac.get("hack")) and seat not in game.state.attrs.get(HACKED, [])

    def pairs(self, game: Game, seat: str) -> Iterable[tuple[Token, Token]]:
        m = model_of(game)
        grid = game.scenario.grid
        mine = _ships(game, seat)
        reach = int(m.n("civ", {}).get("hack_range", 2))
        abos = [t for t in game.state.tokens.values() if m.is_aborigine(t)]
        for a in abos:
            if "hunter" in game.scenario.unit_tags.get(a.type, ()):
                continue
            if not any(grid.distance(a.pos, s.pos) <= reach for s in mine):
                continue
            for b in abos:
                if b.id != a.id and m.portal_of(b) == m.portal_of(a):
                    yield a, b

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        if self.usable(game, seat):
            for a, b in self.pairs(game, seat):
                yield Action("hack", (a.id, b.id))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        require(self.usable(game, seat), "only Monarchy may hack, once per game (R5.4)")
        ids = {(a.id, b.id) for a, b in self.pairs(game, seat)}
        if (action.arg(0), action.arg(1)) not in ids:
            raise IllegalAction(f"{action}: the hacked ship must be an Aborigine ship other than "
                                "the Hunter within 2 of your ships, the target another Aborigine "
                                "ship of its zone")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        m = model_of(game)
        st = game.state
        st.attrs[HACKED] = [*st.attrs.get(HACKED, []), seat]
        need = int(m.n("civ", {}).get("hack", 5))
        roll = game.dice.roll(6, purpose=f"{seat} hacks {action.arg(0)}", rule="R5.4")
        ok = roll >= need
        game.emit("hack", seat=seat, ship=action.arg(0), target=action.arg(1), roll=roll,
                  need=need, outcome="rammed" if ok else "failed", rule="R5.4")
        if ok:
            return_to_centre(game, st.tokens[action.arg(0)], "hacked and rammed", "R5.4")
            return_to_centre(game, st.tokens[action.arg(1)], "rammed by a hacked ship", "R5.4")


def action_kinds() -> list[ActionKind]:
    return [Move(), Jump(), Attack(), Colonize(), Capture(), Hack()]
