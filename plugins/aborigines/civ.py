"""The civilizations' reduced rule set (D5.1): move, jump through open portals, attack,
colonize, capture an Aborigine planet, and Monarchy's one-time hack (R5.4).

Each ship, per turn of its owner: one movement (``move`` up to its ``speed``, or one ``jump`` from
next to an open portal to next to another open portal) and one deed (``attack``, ``colonize`` or
``capture``); colonizing takes the ship's whole turn in orbit (it must not move that turn).

Each kind but ``hack`` is an :class:`~distant_galaxy.ActorVerb`: a ship of the seat that may
still move (``Movement``) or act (``Deed``) and its targets, from the predicates in ``reach.py``;
a refused target gets a message naming what is around the ship. Help texts (``doc``) are
templates filled from the ``aborigines:`` section of the scenario (``{civ[capture]}``, ``{die}``;
``{cells[hack_range]}`` is a distance in words, "2 cells"), so a mod's numbers show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from distant_galaxy import (
    ActorVerb,
    CellArg,
    IllegalAction,
    SiteArg,
    TypedAction,
    UnitArg,
    Verb,
    cell_of,
    count_of,
    require,
)
from distant_galaxy_episodes.aborigines import reach
from distant_galaxy_episodes.aborigines.adjust import adjustments, roll_best
from distant_galaxy_episodes.aborigines.combat import civ_fires, return_to_centre
from distant_galaxy_episodes.aborigines.model import ABORIGINES, HACKED, model, model_of

if TYPE_CHECKING:
    from distant_galaxy import Game, Scenario, Site, Token

PHASES = frozenset({"main"})
Pos = tuple[int, int]


# -- what error messages list -----------------------------------------------------------------
def fleet(game: Game, seat: str) -> str:
    """``your ships: R1 at 11,1 (cruiser), …`` (ids are not on the board, so errors list them)."""
    ships = reach.ships(game, seat)
    if not ships:
        return "you have no ship on the board"
    return "your ships: " + ", ".join(f"{t.id} at {_xy(t)} ({t.type})"
                                      for t in ships)


def _xy(tok: Token) -> str:
    """``11,1``: the cell of a ship on the board, as messages write it."""
    x, y = cell_of(tok)
    return f"{x},{y}"


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
    near = reach.adjacent(game, cell_of(tok), pred)
    if not near:
        return f"no {what} next to {tok.id} at {_xy(tok)}"
    return f"{what} next to {tok.id}: " + ", ".join(
        f"{t.id} at {_xy(t)} ({t.type})" for t in near)


def _planets_around(game: Game, tok: Token) -> str:
    sids = reach.adjacent_planets(game, cell_of(tok))
    if not sids:
        return f"no zone planet next to {tok.id} at {_xy(tok)}"
    st = game.state
    return f"planets next to {tok.id}: " + ", ".join(
        f"{sid} at {st.sites[sid].pos[0]},{st.sites[sid].pos[1]}"
        + (f" ({st.sites[sid].owner})" if st.sites[sid].owner else " (free)") for sid in sids)


def _planet_refusal(game: Game, tok: Token, site: Site | str, what: str,
                    kind: Callable[[Site], bool], held: Callable[[Site], str]) -> str:
    """Why ``site`` (or the text naming none) is refused to the ship ``tok``: it is not
    ``what`` (a zone planet that ``kind`` accepts), not in the ship's orbit, else ``held``."""
    if isinstance(site, str) or site.id not in model_of(game).planet_zone or not kind(site):
        return f"{site if isinstance(site, str) else site.id} is not {what}; " \
               f"{_planets_around(game, tok)}"
    if game.scenario.grid.distance(site.pos, cell_of(tok)) != 1:
        return f"{tok.id} is not in the orbit of {site.id}; {_planets_around(game, tok)}"
    return held(site)


def _token(game: Game, seat: str, tid: str) -> Token | None:
    return game.state.tokens.get(tid)


def _site(game: Game, seat: str, sid: str) -> Site | None:
    return game.state.sites.get(sid)


SHIP, PLANET = UnitArg("SHIP", find=own_ship), SiteArg("PLANET", find=_site)
TARGET = UnitArg("TARGET", find=_token)


# -- the kinds ---------------------------------------------------------------------------------
class CivVerb(Verb):
    """A verb of the civilizations' main phase, ``VERB SHIP ARG``, help built from the scenario."""

    phases = PHASES
    #: ``doc`` with ``{key}`` / ``{key[sub]}`` fields of the ``aborigines:`` section.
    doc_template: ClassVar[str] = ""

    def __init__(self, numbers: dict[str, Any]):
        if self.doc_template:
            self.doc = self.doc_template.format_map(numbers)


class CivKind(CivVerb, ActorVerb):
    """A verb of one of the seat's ships (the actor) and its target."""

    def actors(self, game: Game, seat: str) -> list[Token]:
        return reach.ships(game, seat)


class Movement(CivKind):
    """``move`` or ``jump``: the ship's one movement of the turn."""

    def actor_refusal(self, game: Game, seat: str, tok: Token) -> str | None:
        return None if reach.may_move(tok) else f"{tok.id} has already moved this turn"


class Deed(CivKind):
    """``attack``, ``colonize`` or ``capture``: the ship's one deed of the turn."""

    def actor_refusal(self, game: Game, seat: str, tok: Token) -> str | None:
        return None if reach.may_act(tok) else f"{tok.id} has already acted this turn"


class Move(Movement):
    verb = "move"
    args = (SHIP, CellArg())
    doc = ("Move a ship up to its speed through free space: its one movement of the turn (a "
           "move or a jump), before or after its one deed (attack, colonize, capture).")

    def targets(self, game: Game, seat: str, tok: Token) -> dict[Pos, tuple[Pos, ...]]:
        return reach.move_targets(game, tok)

    def target_refusal(self, game: Game, seat: str, tok: Token, cell: Pos) -> str:
        return (f"{cell[0]},{cell[1]} is off the map" if not game.scenario.grid.in_bounds(cell)
                else f"{tok.id} cannot reach {cell[0]},{cell[1]} (speed, free space only)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, cell = move.args
        path, frm = reach.move_targets(game, tok)[cell], tok.pos
        game.state.move_token(tok, cell)
        tok.attrs["moved"] = True
        game.emit("move", token=tok.id, frm=list(frm) if frm else None,
                  path=[list(c) for c in path])


class Jump(Movement):
    verb = "jump"
    args = (SHIP, CellArg())
    doc = ("From next to an open portal, jump next to another open portal (R5.12): the ship's "
           "one movement of the turn (a move or a jump).")

    def actor_refusal(self, game: Game, seat: str, tok: Token) -> str | None:
        near = reach.portals_next_to(game, cell_of(tok))
        return (super().actor_refusal(game, seat, tok)
                or (f"{tok.id} is not next to a portal" if not near else
                    f"portal {near[0]} is blocked by the Aborigines (R5.12)"
                    if reach.open_portal_near(game, cell_of(tok)) is None else None))

    def targets(self, game: Game, seat: str, tok: Token) -> list[Pos]:
        return reach.jump_targets(game, tok)

    def target_refusal(self, game: Game, seat: str, tok: Token, cell: Pos) -> str:
        dest, text = reach.portals_next_to(game, cell), f"{cell[0]},{cell[1]}"
        return (f"{text} is not next to a portal" if not dest else
                f"portal {dest[0]} is blocked by the Aborigines (R5.12)"
                if model_of(game).blocked(game.state, dest[0]) else
                f"{tok.id} cannot jump to {text}")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, cell = move.args
        frm = list(tok.pos)
        game.state.move_token(tok, cell)
        tok.attrs["jumped"] = True
        game.emit("jump", token=tok.id, **{"from": frm}, to=list(cell), rule="R5.12")


class Attack(Deed):
    verb = "attack"
    args = (SHIP, TARGET)
    doc_template = ("Attack an adjacent Aborigine ship: one die, {civ[attack]}-{die} (R5.10); "
                    "the Hunter fires first (R5.11).")

    def targets(self, game: Game, seat: str, tok: Token) -> list[Token]:
        return reach.attack_targets(game, tok)

    def target_refusal(self, game: Game, seat: str, tok: Token, target: Token | str) -> str:
        m = model_of(game)
        nearby = _around(game, tok, m.is_aborigine, "Aborigine ships")
        if isinstance(target, str) or not m.is_aborigine(target):
            return f"{target if isinstance(target, str) else target.id} is not an Aborigine " \
                   f"ship; {nearby}"
        return f"{target.id} at {_xy(target)} is not adjacent to {tok.id}; " \
               f"{nearby}"

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, target = move.args
        tok.attrs["acted"] = True
        civ_fires(game, tok, target)


class Colonize(Deed):
    verb = "colonize"
    args = (SHIP, PLANET)
    doc = "Colonize a free planet of a portal zone next to your ship (R5.2)."

    def actor_refusal(self, game: Game, seat: str, tok: Token) -> str | None:
        return super().actor_refusal(game, seat, tok) or (
            None if reach.may_move(tok) else
            f"{tok.id} moved this turn: colonizing takes a whole turn in orbit")

    def targets(self, game: Game, seat: str, tok: Token) -> list[Site]:
        return [game.state.sites[sid] for sid in reach.colonize_targets(game, tok)]

    def target_refusal(self, game: Game, seat: str, tok: Token, site: Site | str) -> str:
        return _planet_refusal(game, tok, site, "a planet of a portal zone", lambda s: True,
                               lambda s: f"{s.id} already belongs to {s.owner}")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, site = move.args
        tok.attrs["acted"] = True
        site.owner = seat
        game.emit("colonized", planet=site.id, owner=seat, ship=tok.id,
                  portal=model_of(game).planet_zone[site.id], rule="R5.2")


class Capture(Deed):
    verb = "capture"
    args = (SHIP, PLANET)
    doc_template = ("Try to capture an adjacent Aborigine planet (die {civ[capture]}-{die}); "
                    "impossible while Aborigine ships are in its orbit (R5.42). Success reopens "
                    "the portal (R5.12).")

    def targets(self, game: Game, seat: str, tok: Token) -> list[Site]:
        return [game.state.sites[sid] for sid in reach.capture_targets(game, tok)]

    def target_refusal(self, game: Game, seat: str, tok: Token, site: Site | str) -> str:
        return _planet_refusal(game, tok, site, "an Aborigine planet",
                               lambda s: s.owner == ABORIGINES,
                               lambda s: f"Aborigine ships are in the orbit of {s.id} (R5.42)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        m, (tok, site) = model_of(game), move.args
        tok.attrs["acted"] = True
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


class Hack(CivVerb):
    verb = "hack"
    args = (UnitArg("SHIP", find=_token), TARGET)
    doc_template = ("Monarchy, once per game: take control of an Aborigine ship (not the Hunter) "
                    "within {cells[hack_range]} of one of your ships on a die {civ[hack]}-{die} "
                    "and "
                    "ram another Aborigine ship (not the Hunter) of its zone; both are destroyed "
                    "(R5.4).")

    exact = True  # its candidates: the hack pairs, when the seat may hack

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return list(reach.hack_pairs(game, seat)) if reach.may_hack(game, seat) else []

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        if not reach.may_hack(game, seat):
            return "only Monarchy may hack, once per game (R5.4)"
        if tuple(move.action.args) in {(a.id, b.id) for a, b in reach.hack_pairs(game, seat)}:
            return None
        within = count_of(model_of(game).param("civ", "hack_range"), "cell")
        return (f"{move.action}: the hacked ship must be an Aborigine ship other than the Hunter "
                f"within {within} of your ships, the target another Aborigine ship of its zone, "
                "not the Hunter (R5.4)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        m, st, (ship, target) = model_of(game), game.state, move.args
        st.attrs[HACKED] = [*st.attrs.get(HACKED, []), seat]
        need = m.param("civ", "hack")
        roll = game.dice.roll(m.die, purpose=f"{seat} hacks {ship.id}", rule="R5.4")
        ok = roll >= need
        game.emit("hack", seat=seat, ship=ship.id, target=target.id, roll=roll,
                  need=need, outcome="rammed" if ok else "failed", rule="R5.4")
        if ok:
            return_to_centre(game, ship, "hacked and rammed", "R5.4")
            return_to_centre(game, target, "rammed by a hacked ship", "R5.4")


def action_kinds(scenario: Scenario) -> list[Verb]:
    """The civilizations' verbs, their help filled from the scenario's numbers."""
    cfg = model(scenario).cfg
    # distances as words ("within 1 cell", "within 2 cells") for the templates' {cells[key]}
    cells = {k: count_of(v, "cell") for k, v in cfg.get("civ", {}).items()
             if k.endswith("range") and isinstance(v, int)}
    numbers = {**cfg, "cells": cells}
    return [kind(numbers) for kind in (Move, Jump, Attack, Colonize, Capture, Hack)]
