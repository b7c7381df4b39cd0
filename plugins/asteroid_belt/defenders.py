"""The Aborigine defenders (R7.12, R7.13, R7.52, D7.3), played by the seat after the attacker.

After the attacker's main phase, targets whose defenders are all beaten become Flags; then the
``defence`` decision goes to the next seat: it places the class's remaining defenders within
``params.defender_range`` of each targeted asteroid (``place``; every one that has a free cell
must be placed before ``end``), then each defender may strike once (``strike``) at a unit of the
attacking seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from distant_galaxy import EndAction, NameArg, SiteArg, TypedAction, UnitArg, article, cell_of
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.attacks import attack_cells
from distant_galaxy_episodes.asteroid_belt.combat import fight
from distant_galaxy_episodes.asteroid_belt.model import BeltVerb, MapCell
from distant_galaxy_episodes.asteroid_belt.movement import stops
from distant_galaxy_episodes.asteroid_belt.removal import deployed, remaining

if TYPE_CHECKING:
    from distant_galaxy import Game, Scenario, Site, Token

DEFENCE = frozenset({"defence"})
Pos = tuple[int, int]


def attacker(game: Game) -> str:
    return game.state.active_seat


def targets_of(game: Game, seat: str) -> list[Site]:
    return [s for s in model.asteroids(game) if s.markers.get("target") == seat]


def needs_defence(game: Game) -> bool:
    return any(remaining(s) or deployed(game, s) for s in targets_of(game, attacker(game)))


#: ``state.attrs`` key: the seat playing the Aborigines in the current defence (R7.52).
DEFENCE_BY = "defence_by"


def hand_over_defence(game: Game) -> None:
    """Log the defence's hand-over to the next seat (docs/log-format.md ``hand_over``) when
    the attacker has targets with defenders left (R7.12, R7.52)."""
    if not needs_defence(game):
        return
    st = game.state
    by = st.seat_after(attacker(game), 1)
    st.attrs[DEFENCE_BY] = by
    game.emit("hand_over", seat=by, decision="defence", frm=attacker(game),
              reason=announce(game, {}, by), rule="R7.52")


def hand_back_defence(game: Game) -> None:
    """Log the hand-back of the turn to the attacker after the defence (``hand_back``)."""
    by = game.state.attrs.pop(DEFENCE_BY, None)
    if by is not None:
        game.emit("hand_back", seat=attacker(game), decision="defence", frm=by, rule="R7.52")


def placement_cells(game: Game, site: Site, unit: str) -> list[Pos]:
    """Free cells for a defender: within ``defender_range`` of the asteroid (R7.52); when the
    invaders fill them all, the nearest ring further out (project decision, docs)."""
    r = model.param(game, "defender_range")
    grid = game.scenario.grid
    board, may = game.state.board, stops(game, unit)  # may: model.may_stop, once per scenario
    cells = [c for c in grid.within(site.pos, r) if c not in board and c in may]
    extra = 1
    while not cells and extra <= model.param(game, "defender_extra_rings"):
        cells = [c for c in grid.ring_clockwise(site.pos, r + extra)
                 if c not in board and c in may]
        extra += 1
    return cells


def place_options(game: Game) -> list[tuple[Site, str, Pos]]:
    out = []
    for site in targets_of(game, attacker(game)):
        for unit in sorted(set(remaining(site))):
            for c in placement_cells(game, site, unit):
                out.append((site, unit, c))
    return out


def may_place(game: Game) -> bool:
    """Whether a defender is left to place (``place_options`` is not empty), found without
    listing them all."""
    for site in targets_of(game, attacker(game)):
        for unit in set(remaining(site)):
            if placement_cells(game, site, unit):
                return True
    return False


def strikers(game: Game) -> list[Token]:
    sites = {s.id for s in targets_of(game, attacker(game))}
    return [t for t in game.state.tokens.values() if t.attrs.get("site") in sites
            and t.pos is not None and not model.done(game, t, "struck")]


def strike_targets(game: Game, tok: Token) -> list[Token]:
    seat = attacker(game)
    board, tokens = game.state.board, game.state.tokens
    shuttles = model.facts(game).shuttles
    out = []
    for c in attack_cells(game, tok.type, cell_of(tok)):
        tid = board.get(c)
        if tid is not None:
            other = tokens[tid]
            if other.owner == seat and other.type not in shuttles:
                out.append(other)
    return out


def strikes_mandatory(game: Game) -> bool:
    """R7.12: "Охранники астероидов ... атакуют вторгшихся захватчиков" — the guards attack: by
    default every placed defender with an invader in reach must strike
    (``asteroid_belt.defenders_strike: must``); ``may`` makes it optional."""
    return model.cfg(game).get("defenders_strike", "must") == "must"


def strikes_owed(game: Game) -> list[Token]:
    """The defenders that must still strike before the defence may end (none when optional)."""
    if not strikes_mandatory(game):
        return []
    return [t for t in strikers(game) if strike_targets(game, t)]


def announce(game: Game, phase: dict, seat: str) -> str:
    """The defence decision's reason: whose targets, which asteroids (id, class, cell) and how
    many defenders each has to place; the engine shows it in the prompt (``== seat: defence —``)."""
    att = attacker(game)
    parts = []
    for site in targets_of(game, att):
        left, out = remaining(site), deployed(game, site)
        what = f"{site.id} (class {model.kind(game, site).get('class', '?')} at " \
               f"{site.pos[0]},{site.pos[1]})"
        todo = f"place {len(left)}: {', '.join(left)}" if left else "nothing to place"
        if out:
            todo += f"; on the board: {', '.join(t.id for t in out)}"
        parts.append(f"{what} {todo}")
    within = model.cells(model.param(game, "defender_range"))
    strike = ("each with an invader in reach must strike once" if strikes_mandatory(game)
              else "each may strike once")
    reason = (f"you play the Aborigines defending {att}'s targets — " + "; ".join(parts)
              + f". Place every defender within {within} of its asteroid (place ASTEROID TYPE "
              f"x,y), then {strike} (strike DEFENDER x,y), then end (R7.12, R7.52)")
    return reason


def unit_arg(site: Site, name: str) -> str:
    """The defender type meant by ``name``: exact, or short (``scout`` → ``aborigine-scout``)."""
    left = remaining(site)
    if name in left:
        return name
    hits = sorted({u for u in left if u.endswith("-" + name)})  # the short name only
    return hits[0] if len(hits) == 1 else name


def targeted_site(game: Game, seat: str, ref: str) -> Site | None:
    """The asteroid targeted by the attacker that ``ref`` names (id, label or x,y), or None."""
    site = model.find_site(game, ref)
    return site if site is not None and site.markers.get("target") == attacker(game) else None


class DefenderType(NameArg):
    """An Aborigine defender type, exact or short (``scout``): the refusal resolves it against
    the asteroid's remaining defenders (:func:`unit_arg`)."""

    def parse(self, game: Game, seat: str, text: str) -> str:
        return text


def place_refusal(game: Game, move: TypedAction) -> str | None:
    """Why the defender of ``place ASTEROID TYPE x,y`` may not be set up there now, or None."""
    site, name, at = move.args
    if site is None:
        valid = "; ".join(f"{s.id} at {s.pos[0]},{s.pos[1]}"
                          for s in targets_of(game, attacker(game)))
        return (f"'{move.action.args[0]}' is not an asteroid targeted by {attacker(game)} (give "
                f"its id or x,y: {valid or 'none'})")
    unit = unit_arg(site, name)
    if unit not in remaining(site):
        left = ", ".join(remaining(site)) or "none"
        known = model.cfg(game).get("aborigine_types", [])
        if unit in known:
            return f"{site.id} has no {unit} left to place (left: {left})"
        guess = [u for u in known if u.endswith("-" + unit) or u.startswith(unit)]
        hint = f"; did you mean {guess[0]}?" if guess else ""
        return f"unknown type '{unit}'{hint} (left to place at {site.id}: {left})"
    if not model.free(game, at):
        return f"{at[0]},{at[1]} is occupied (R7.31)"
    if not model.may_stop(game, unit, at):
        return (f"{article(unit)} may not stand on {article(game.scenario.grid.cell_type(at))} "
                "cell (R7.30)")
    if at not in placement_cells(game, site, unit):
        return (f"{at[0]},{at[1]}: defenders stand on a free cell within "
                f"{model.cells(model.param(game, 'defender_range'))} of the asteroid (R7.52) "
                f"where {article(unit)} may stand (R7.30)")
    return None


class Place(BeltVerb):
    verb = "place"
    args = (SiteArg("ASTEROID", find=targeted_site),
            DefenderType("TYPE", lambda sc: sc.data.get(model.SECTION, {})
                         .get("aborigine_types", []), "defender type"), MapCell())
    phases = DEFENCE
    exact = True  # its candidates: every remaining defender's placement cells

    def __init__(self, scenario: Scenario):
        self.doc = ("Defence: set up one of the asteroid's remaining Aborigine defenders on a "
                    f"free cell within {model.cells(scenario.params['defender_range'])} of it "
                    "(R7.12, R7.52).")

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return place_options(game)

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return place_refusal(game, move)

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        site, name, at = move.args
        unit = unit_arg(site, name)
        left = remaining(site)
        left.remove(unit)
        game.will_edit(site)
        site.attrs["reserve_defenders"] = left
        tok = game.state.add_token(unit, None, at, prefix="D", attrs={"site": site.id})
        game.emit("place", token=tok.id, unit=unit, owner=None, to=list(at), site=site.id,
                  played_by=seat, reason="Aborigine defender", rule="R7.52")


class Strike(BeltVerb):
    verb = "strike"
    #: the defender by id (None when there is none: the refusal names the ones that may strike)
    args = (UnitArg("DEFENDER", find=lambda game, seat, tid: game.state.tokens.get(tid)),
            MapCell())
    doc = ("Defence: a defender attacks a unit of the attacking seat in its attack pattern, once "
           "per defence; every defender with an invader in reach must strike before the defence "
           "ends, unless the scenario makes it optional (R7.12, D7.3).")
    phases = DEFENCE
    exact = True  # its candidates: each striker's targets once the defenders are placed

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        if may_place(game):
            return []
        return [(tok, cell_of(other)) for tok in strikers(game)
                for other in strike_targets(game, tok)]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        tok, at = move.args
        if may_place(game):
            return "place the defenders first (R7.12)"
        if tok is None or tok not in strikers(game):
            left = ", ".join(f"{t.id} at {cell_of(t)[0]},{cell_of(t)[1]}"
                             for t in strikers(game))
            return (f"'{move.action.args[0]}' is not a defender that may still strike this "
                    f"defence (D7.3); defenders that may: {left or 'none'}")
        other = game.state.token_at(at)
        if other is None or other not in strike_targets(game, tok):
            return (f"{tok.id} cannot attack {at[0]},{at[1]}: a unit of {attacker(game)} in its "
                    "attack pattern is needed (R7.20, R7.21)")
        return None

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        tok, at = move.args
        other = game.state.token_at(at)
        assert other is not None
        model.mark_done(game, tok, "struck")
        game.emit("defence_strike", defender=tok.id, target=other.id, played_by=seat,
                  rule="R7.12")
        fight(game, tok, other, rule="R7.50")


def end_refusal(game: Game) -> str | None:
    """Why the defence may not end yet (defenders to place, strikes owed), or None."""
    pend = game.pending
    if pend is None or pend.kind != "defence":
        return None
    if may_place(game):
        return ("place the defenders first: every defender with a free cell near its asteroid "
                "is set up (R7.12)")
    if strikes_mandatory(game) and any(strike_targets(game, t) for t in strikers(game)):
        owed = strikes_owed(game)
        who = ", ".join(f"{t.id} at {cell_of(t)[0]},{cell_of(t)[1]}" for t in owed)
        return (f"the guards attack the invaders: {who} must strike first (R7.12: the "
                "asteroids' guards \"attack the invaders\")")
    return None


class End(EndAction):
    """``end`` — in the defence, only after every defender with a free cell is placed and every
    placed defender with an invader in reach has struck (R7.12)."""

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        return super().refusal(game, seat, move) or end_refusal(game)
