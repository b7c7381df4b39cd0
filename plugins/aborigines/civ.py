"""The civilizations' reduced rule set (D5.1): move, jump through open portals, attack,
colonize, capture an Aborigine planet, and Monarchy's one-time hack (R5.4).

Each ship, per turn of its owner: one movement (``move`` up to its ``speed``, or one ``jump`` from
next to an open portal to next to another open portal) and one deed (``attack``, ``colonize`` or
``capture``); colonizing takes the ship's whole turn in orbit (it must not move that turn).

Each kind has one predicate, in ``reach.py``: ``legal`` lists what it allows, ``check`` accepts
what it allows and otherwise says why not. Help texts (``doc``) are templates filled from the
``aborigines:`` section of the scenario (``{civ[capture]}``, ``{die}``; ``{cells[hack_range]}``
is a distance in words, "2 cells"), so a mod's numbers show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from distant_galaxy import Action, ActionKind, IllegalAction, count_of, require
from distant_galaxy_episodes.aborigines import reach
from distant_galaxy_episodes.aborigines.adjust import adjustments, roll_best
from distant_galaxy_episodes.aborigines.combat import civ_fires, return_to_centre
from distant_galaxy_episodes.aborigines.model import ABORIGINES, HACKED, model, model_of

if TYPE_CHECKING:
    from distant_galaxy import Game, Scenario, Token

PHASES = frozenset({"main"})
Pos = tuple[int, int]


# -- what error messages list -----------------------------------------------------------------
def fleet(game: Game, seat: str) -> str:
    """``your ships: R1 at 11,1 (cruiser), …`` (ids are not on the board, so errors list them)."""
    ships = reach.ships(game, seat)
    if not ships:
        return "you have no ship on the board"
    return "your ships: " + ", ".join(f"{t.id} at {t.pos[0]},{t.pos[1]} ({t.type})"
                                      for t in ships)


def own_ship(game: Game, seat: str, tid: str) -> Token:
    """The seat's ship ``tid`` on the board, or IllegalAction listing the seat's ships."""
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


def _around(game: Game, tok: Token, pred: Callable[[Token], bool], what: str) -> str:
    """``Aborigine ships next to R1: A9 at 5,2 (invader)`` or ``none next to R1``."""
    near = reach.adjacent(game, tok.pos, pred)
    if not near:
        return f"no {what} next to {tok.id} at {tok.pos[0]},{tok.pos[1]}"
    return f"{what} next to {tok.id}: " + ", ".join(
        f"{t.id} at {t.pos[0]},{t.pos[1]} ({t.type})" for t in near)


def _planets_around(game: Game, tok: Token) -> str:
    sids = reach.adjacent_planets(game, tok.pos)
    if not sids:
        return f"no zone planet next to {tok.id} at {tok.pos[0]},{tok.pos[1]}"
    st = game.state
    return f"planets next to {tok.id}: " + ", ".join(
        f"{sid} at {st.sites[sid].pos[0]},{st.sites[sid].pos[1]}"
        + (f" ({st.sites[sid].owner})" if st.sites[sid].owner else " (free)") for sid in sids)


# -- the kinds ---------------------------------------------------------------------------------
class CivKind(ActionKind):
    """A verb of the civilizations' main phase: ``VERB SHIP ARG``, help built from the scenario."""

    phases = PHASES
    arity = (2, 2)
    #: ``doc`` with ``{key}`` / ``{key[sub]}`` fields of the ``aborigines:`` section.
    doc_template: ClassVar[str] = ""

    def __init__(self, numbers: dict[str, Any]):
        if self.doc_template:
            self.doc = self.doc_template.format_map(numbers)


class Move(CivKind):
    verb = "move"
    usage = "move SHIP x,y"
    doc = "Move a ship up to its speed through free space (once per turn, before any jump)."

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for t in reach.ships(game, seat):
            if reach.may_move(t):
                for cell in reach.move_targets(game, t):
                    yield Action.of("move", t.id, cell)

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(reach.may_move(tok), f"{tok.id} has already moved this turn")
        cell = action.pos(1)
        require(game.scenario.grid.in_bounds(cell), f"{action.arg(1)} is off the map")
        require(cell in reach.move_targets(game, tok), f"{tok.id} cannot reach {action.arg(1)} "
                "(speed, free space only)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        path = reach.move_targets(game, tok)[action.pos(1)]
        frm = tok.pos
        game.state.move_token(tok, action.pos(1))
        tok.attrs["moved"] = True
        game.emit("move", token=tok.id, frm=list(frm) if frm else None,
                  path=[list(c) for c in path])


class Jump(CivKind):
    verb = "jump"
    usage = "jump SHIP x,y"
    doc = "From next to an open portal, jump next to another open portal (R5.12)."

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for t in reach.ships(game, seat):
            if reach.may_move(t):
                for cell in reach.jump_targets(game, t):
                    yield Action.of("jump", t.id, cell)

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(reach.may_move(tok), f"{tok.id} has already moved this turn")
        m = model_of(game)
        near = reach.portals_next_to(game, tok.pos)
        require(bool(near), f"{tok.id} is not next to a portal")
        require(reach.open_portal_near(game, tok.pos) is not None,
                f"portal {near[0]} is blocked by the Aborigines (R5.12)")
        cell = action.pos(1)
        dest = reach.portals_next_to(game, cell)
        require(bool(dest), f"{action.arg(1)} is not next to a portal")
        require(not m.blocked(game.state, dest[0]),
                f"portal {dest[0]} is blocked by the Aborigines (R5.12)")
        require(cell in reach.jump_targets(game, tok), f"{tok.id} cannot jump to {action.arg(1)}")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        frm = list(tok.pos)
        game.state.move_token(tok, action.pos(1))
        tok.attrs["jumped"] = True
        game.emit("jump", token=tok.id, **{"from": frm}, to=list(action.pos(1)), rule="R5.12")


class Attack(CivKind):
    verb = "attack"
    usage = "attack SHIP TARGET"
    doc_template = ("Attack an adjacent Aborigine ship: one die, {civ[attack]}-{die} (R5.10); "
                    "the Hunter fires first (R5.11).")

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for t in reach.ships(game, seat):
            if reach.may_act(t):
                for e in reach.attack_targets(game, t):
                    yield Action("attack", (t.id, e.id))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(reach.may_act(tok), f"{tok.id} has already acted this turn")
        if any(e.id == action.arg(1) for e in reach.attack_targets(game, tok)):
            return
        m = model_of(game)
        nearby = _around(game, tok, m.is_aborigine, "Aborigine ships")
        target = game.state.tokens.get(action.arg(1))
        if target is None or not m.is_aborigine(target):
            raise IllegalAction(f"{action.arg(1)} is not an Aborigine ship; {nearby}")
        raise IllegalAction(f"{target.id} at {target.pos[0]},{target.pos[1]} is not adjacent to "
                            f"{tok.id}; {nearby}")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        tok.attrs["acted"] = True
        civ_fires(game, tok, game.state.tokens[action.arg(1)])


class Colonize(CivKind):
    verb = "colonize"
    usage = "colonize SHIP PLANET"
    doc = "Colonize a free planet of a portal zone next to your ship (R5.2)."

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for t in reach.ships(game, seat):
            if reach.may_act(t) and reach.may_move(t):
                for sid in reach.colonize_targets(game, t):
                    yield Action("colonize", (t.id, sid))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(reach.may_act(tok), f"{tok.id} has already acted this turn")
        if action.arg(1) not in reach.colonize_targets(game, tok):
            self.explain_planet(game, tok, action.arg(1))
        require(reach.may_move(tok), f"{tok.id} moved this turn: colonizing takes a whole turn "
                "in orbit")

    @staticmethod
    def explain_planet(game: Game, tok: Token, sid: str) -> None:
        """Why ``sid`` is not a free zone planet next to the ship (IllegalAction)."""
        site = game.state.sites.get(sid)
        if site is None or site.id not in model_of(game).planet_zone:
            raise IllegalAction(f"{sid} is not a planet of a portal zone; "
                                f"{_planets_around(game, tok)}")
        require(game.scenario.grid.distance(site.pos, tok.pos) == 1,
                f"{tok.id} is not in the orbit of {site.id}; {_planets_around(game, tok)}")
        raise IllegalAction(f"{site.id} already belongs to {site.owner}")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        tok = game.state.tokens[action.arg(0)]
        tok.attrs["acted"] = True
        site = game.state.sites[action.arg(1)]
        site.owner = seat
        game.emit("colonized", planet=site.id, owner=seat, ship=tok.id,
                  portal=model_of(game).planet_zone[site.id], rule="R5.2")


class Capture(CivKind):
    verb = "capture"
    usage = "capture SHIP PLANET"
    doc_template = ("Try to capture an adjacent Aborigine planet (die {civ[capture]}-{die}); "
                    "impossible while Aborigine ships are in its orbit (R5.42). Success reopens "
                    "the portal (R5.12).")

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for t in reach.ships(game, seat):
            if reach.may_act(t):
                for sid in reach.capture_targets(game, t):
                    yield Action("capture", (t.id, sid))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        tok = own_ship(game, seat, action.arg(0))
        require(reach.may_act(tok), f"{tok.id} has already acted this turn")
        if action.arg(1) in reach.capture_targets(game, tok):
            return
        site = game.state.sites.get(action.arg(1))
        if site is None or site.owner != ABORIGINES or site.id not in model_of(game).planet_zone:
            raise IllegalAction(f"{action.arg(1)} is not an Aborigine planet; "
                                f"{_planets_around(game, tok)}")
        require(game.scenario.grid.distance(site.pos, tok.pos) == 1,
                f"{tok.id} is not in the orbit of {site.id}; {_planets_around(game, tok)}")
        raise IllegalAction(f"Aborigine ships are in the orbit of {site.id} (R5.42)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        m = model_of(game)
        tok = game.state.tokens[action.arg(0)]
        tok.attrs["acted"] = True
        site = game.state.sites[action.arg(1)]
        adj = adjustments(game, "capture", ship=tok, planet=site)
        need = m.param("civ", "capture") + adj.need
        roll = roll_best(game, m.die, need, adj, f"{tok.id} captures {site.id}", "R5.12")
        ok = roll >= need
        game.emit("capture", planet=site.id, ship=tok.id, roll=roll, need=need,
                  outcome="captured" if ok else "failed", rule="R5.12", modifiers=adj.why)
        if ok:
            old = site.owner
            site.owner = seat
            site.markers = {k: v for k, v in site.markers.items() if k != "colony"}
            n = m.planet_zone[site.id]
            if not m.captured(game.state, n):
                game.emit("portal_reopened", portal=n, by=seat, rule="R5.12")
            game.hook.dg_site_taken(game=game, site=site, previous_owner=old, invasion=True)


class Hack(CivKind):
    verb = "hack"
    usage = "hack SHIP TARGET"
    doc_template = ("Monarchy, once per game: take control of an Aborigine ship (not the Hunter) "
                    "within {cells[hack_range]} of one of your ships on a die {civ[hack]}-{die} "
                    "and "
                    "ram another Aborigine ship (not the Hunter) of its zone; both are destroyed "
                    "(R5.4).")

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        if reach.may_hack(game, seat):
            for a, b in reach.hack_pairs(game, seat):
                yield Action("hack", (a.id, b.id))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        require(reach.may_hack(game, seat), "only Monarchy may hack, once per game (R5.4)")
        ids = {(a.id, b.id) for a, b in reach.hack_pairs(game, seat)}
        if (action.arg(0), action.arg(1)) not in ids:
            within = count_of(model_of(game).param("civ", "hack_range"), "cell")
            raise IllegalAction(f"{action}: the hacked ship must be an Aborigine ship other than "
                                f"the Hunter within {within} of your ships, the target another "
                                "Aborigine ship of its zone, not the Hunter (R5.4)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        m = model_of(game)
        st = game.state
        st.attrs[HACKED] = [*st.attrs.get(HACKED, []), seat]
        need = m.param("civ", "hack")
        roll = game.dice.roll(m.die, purpose=f"{seat} hacks {action.arg(0)}", rule="R5.4")
        ok = roll >= need
        game.emit("hack", seat=seat, ship=action.arg(0), target=action.arg(1), roll=roll,
                  need=need, outcome="rammed" if ok else "failed", rule="R5.4")
        if ok:
            return_to_centre(game, st.tokens[action.arg(0)], "hacked and rammed", "R5.4")
            return_to_centre(game, st.tokens[action.arg(1)], "rammed by a hacked ship", "R5.4")


def action_kinds(scenario: Scenario) -> list[ActionKind]:
    """The civilizations' verbs, their help filled from the scenario's numbers."""
    cfg = model(scenario).cfg
    # distances as words ("within 1 cell", "within 2 cells") for the templates' {cells[key]}
    cells = {k: count_of(v, "cell") for k, v in cfg.get("civ", {}).items()
             if k.endswith("range") and isinstance(v, int)}
    numbers = {**cfg, "cells": cells}
    return [kind(numbers) for kind in (Move, Jump, Attack, Colonize, Capture, Hack)]
