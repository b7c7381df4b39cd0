"""Colonization by the Aborigines (R5.40–R5.42) and the lot for open questions (R5.65)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.aborigines.adjust import adjustments
from distant_galaxy_episodes.aborigines.model import ABORIGINES, model_of

if TYPE_CHECKING:
    from distant_galaxy import Game, Site, Token


def by_lot(game: Game, options: list[Any], question: str) -> Any:
    """R5.65: the rules give no answer — choose by a die with a face per option, logged as such."""
    if len(options) == 1:
        return options[0]
    roll = game.dice.roll(len(options), purpose=f"lot: {question}", rule="R5.65")
    choice = options[roll - 1]
    game.emit("lot", question=question, options=[str(o) for o in options], roll=roll,
              chosen=str(choice), rule="R5.65")
    return choice


def check_colonies(game: Game) -> None:
    """Every zone with enough Aborigine ships (one of them able to colonize) takes a planet."""
    m = model_of(game)
    st = game.state
    need = m.param("colonize", "ships")
    colonists = set(m.n("colonize", {}).get("colonists", ["invader"]))
    for n in m.portals:
        if m.captured(st, n):
            continue
        ships = m.aborigines_in(st, n)
        if len(ships) < need or not any(t.type in colonists for t in ships):
            continue
        planets = m.planets(st, n)
        free = [p for p in planets if p.owner is None]
        if free:
            planet = by_lot(game, [p.id for p in free], f"which free planet of portal {n} "
                            "the Aborigines colonize")
            _take(game, n, st.sites[planet], ships, "R5.40")
            continue
        owned = [p for p in planets if p.owner not in (None, ABORIGINES)]
        if not owned:
            continue
        pid = by_lot(game, [p.id for p in owned], f"which civilization planet of portal {n} "
                     "the Aborigines try to take")
        planet = st.sites[pid]
        assert planet.owner is not None  # (one of the civilization planets above)
        base = m.param("colonize", "take_planet")
        fac = game.scenario.factions.get(st.players[planet.owner].faction or "", {}) or {}
        adj = adjustments(game, "takeover", planet=planet, owner=planet.owner)
        if adj.cancel:
            game.emit("takeover", planet=pid, owner=planet.owner, outcome="cancelled",
                      modifiers=adj.why, rule=adj.rules[0] if adj.rules else "R5.41")
            continue
        extra = int(fac.get("planet_defence", 0)) + adj.need
        roll = game.dice.roll(m.die, purpose=f"Aborigines try to take {pid}", rule="R5.41")
        ok = roll >= base + extra
        game.emit("takeover", planet=pid, owner=planet.owner, roll=roll, need=base + extra,
                  outcome="taken" if ok else "held", rule="R5.41", modifiers=adj.why,
                  note="civilization ships in orbit do not prevent it")
        if ok:
            _take(game, n, planet, ships, "R5.41")


def _take(game: Game, portal: int, planet: Site, ships: list[Token], rule: str) -> None:
    old = planet.owner
    planet.owner = ABORIGINES
    planet.markers = {**planet.markers, "colony": ABORIGINES}
    game.emit("colonized", planet=planet.id, portal=portal, previous_owner=old,
              ships=[t.id for t in ships], rule=rule)
    game.emit("portal_blocked", portal=portal, rule="R5.12")
    if old is not None:
        game.hook.dg_site_taken(game=game, site=planet, previous_owner=old, invasion=True)
