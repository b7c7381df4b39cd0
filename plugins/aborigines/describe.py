"""What the episode's events mean, one line each, for people (the ``dg_describe_event`` hook).

The human prompt prints these lines to tell a player what happened since their last decision:
the Aborigine turn (active portal, reinforcements, each ship's decision with the row that fired,
its move and shots), colonies, blocked and reopened portals, lots, and the civilizations' own
moves, jumps, attacks and captures. The wording of the Aborigine decisions is ``dg explain``'s
(``plugins/aborigines/explain.py``). Dice whose value the next line repeats are hidden ("").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.aborigines import explain as ex
from distant_galaxy_episodes.aborigines.model import model_of

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike

Event = dict[str, Any]

# Dice repeated by the event that follows them (combat, capture, take-over, hack, lot, active
# portal): hidden. The reinforcement die (R5.51) has its own line.
WIDTH = 106   # lines fit a terminal of 110 columns

HIDDEN_DICE = frozenset({"R5.50", "R5.10", "R5.11", "R5.30", "R5.12", "R5.41", "R5.4", "R5.65"})


def _xy(p: Any) -> str:
    return f"{p[0]},{p[1]}" if isinstance(p, (list, tuple)) and len(p) == 2 else str(p)


def _civ(owner: Any, tid: Any, unit: Any = None) -> str:
    """``red's R4 (scout)``."""
    return f"{owner}'s {tid}" + (f" ({unit})" if unit else "")


def _planet(game: Game, pid: Any) -> str:
    site = game.state.sites.get(str(pid))
    return f"{pid} at {_xy(site.pos)}" if site is not None else str(pid)


def _turn(game: Game, ev: Event) -> str:
    return (f"=== Aborigine turn before {ev.get('before')}'s turn (round {ev.get('round')}): "
            "they move at one portal ===")


def _active(game: Game, ev: Event) -> str:
    if ev.get("rule") == "R5.51":           # the fallback of R5.51 (*)
        return "  Aborigines: " + ex.active_text(ev)
    return f"  Aborigines: portal {ev.get('portal')} is active (die {ev.get('rolled')}, R5.50)"


def _dice(game: Game, ev: Event) -> str | None:
    rule = str(ev.get("rule", ""))
    if rule in HIDDEN_DICE:
        return ""
    if rule != "R5.51":
        return None
    m = model_of(game)
    table = game.scenario.tables.get(m.n("reinforcement_table", "reinforcements"), {})
    arrives: list[str] = []
    for row in table.get("rows", []):
        r = row.get("roll")
        lo, hi = (r, r) if isinstance(r, int) else (r[0], r[1])
        if lo <= int(ev["value"]) <= hi:
            arrives = list(row.get("arrives", []) or [])
    what = ", ".join(arrives) if arrives else "no ship"
    return (f"  Aborigines: reinforcement die {ev['value']} → {what} from the central area "
            "(R5.51)")


def _decision(game: Game, ev: Event) -> str:
    return "  " + ex.decision_text(ev, WIDTH - 2)


def _ai_move(game: Game, ev: Event) -> str:
    if ev.get("stay"):
        # the decision line already says it stays; only an unusual reason is worth a line
        return f"    {ev['ship']} stays at {_xy(ev['to'])}: {ev['why']}" \
            if ev.get("why") else ""
    return "    " + ex.move_text(ev)


def _combat(game: GameLike, ev: Event) -> str:
    if ev.get("defender_owner"):        # an Aborigine ship shoots at a civilization ship
        att = f"{ev['attacker']} ({ev.get('attacker_type', 'Aborigine')})"
        dfd = _civ(ev["defender_owner"], ev["defender"])
    else:
        att = _civ(ev.get("attacker_owner"), ev["attacker"])
        dfd = f"{ev['defender']} ({ev.get('defender_type', 'Aborigine')})"
    why = f" — {ev['why']}" if ev.get("why") and ev.get("rule") == "R5.11" else ""
    return "    " + ex.combat_text(ev, att, dfd, brief=True) + why


def _lost(game: Game, ev: Event) -> str:
    if ev.get("side") == "civilization" or ev.get("owner"):
        return (f"  !! {_civ(ev.get('owner'), ev['token'], ev.get('unit'))} is destroyed: "
                f"{ev.get('reason')} ({ev.get('rule')})")
    return (f"    Aborigine {ev['token']} ({ev.get('unit')}) is destroyed: {ev.get('reason')}; "
            f"back to the centre ({ev.get('rule')})")


def _colonized(game: Game, ev: Event) -> str:
    if ev.get("owner"):                 # a civilization colonizes (R5.2)
        return (f"  {_civ(ev['owner'], ev.get('ship'))} colonizes {_planet(game, ev['planet'])} "
                f"(zone of portal {ev.get('portal')}, {ev.get('rule')})")
    prev = ev.get("previous_owner")
    whose = f"{prev}'s planet" if prev else "the free planet"
    ships = ", ".join(ev.get("ships", []))
    return (f"  !! the Aborigines colonize {whose} {_planet(game, ev['planet'])} (portal "
            f"{ev.get('portal')}; ships {ships}) ({ev.get('rule')})")


def _takeover(game: Game, ev: Event) -> str:
    return (f"  the Aborigines try to take {ev.get('owner')}'s planet "
            f"{_planet(game, ev['planet'])}: rolled {ev['roll']}, needs {ev['need']}+ → "
            f"{ev['outcome']} ({ev.get('rule')})")


def _blocked(game: Game, ev: Event) -> str:
    """The count is the game's as it is told (the event does not carry the count at its time):
    "now", so that two portals closed since a player's last decision do not both read 2/3."""
    m = model_of(game)
    return (f"  !! portal {ev['portal']} is BLOCKED: nobody may jump from or to it ("
            f"{ev.get('rule')}; closed now: {m.closed_count(game.state)}/"
            f"{m.param('victory', 'closed_portals')})")


def _reopened(game: Game, ev: Event) -> str:
    return f"  portal {ev['portal']} is open again, freed by {ev.get('by')} ({ev.get('rule')})"


def _capture(game: Game, ev: Event) -> str:
    return (f"  {ev['ship']} tries to capture the Aborigine planet {_planet(game, ev['planet'])}: "
            f"rolled {ev['roll']}, needs {ev['need']}+ → {ev['outcome']} ({ev.get('rule')})")


def _hack(game: Game, ev: Event) -> str:
    return (f"  {ev['seat']} hacks {ev['ship']} to ram {ev['target']}: rolled {ev['roll']}, "
            f"needs {ev['need']}+ → {ev['outcome']} ({ev.get('rule')})")


def _jump(game: Game, ev: Event) -> str:
    m = model_of(game)
    grid = game.scenario.grid

    def near(p: Any) -> str:
        for n, c in m.portal_pos.items():
            if grid.distance(c, tuple(p)) == 1:
                return f" (portal {n})"
        return ""

    return (f"  {ev['token']} jumps {_xy(ev['from'])}{near(ev['from'])} → {_xy(ev['to'])}"
            f"{near(ev['to'])} ({ev.get('rule')})")


def _planet_ev(game: Game, ev: Event) -> str:
    level = f" (level {ev['level']})" if ev.get("level") else ""
    return f"  {_planet(game, ev['planet'])}{level} belongs to {ev['owner']}: {ev.get('reason')}"


def _place(game: GameLike, ev: Event) -> str | None:
    m = model_of(game)
    if ev.get("owner") is not None or ev.get("unit") not in m.ship_types:
        return None
    n = m.zone_of.get(tuple(ev.get("to") or ()))
    at = f" at portal {n}" if n else ""
    return f"  Aborigine {ev.get('unit')} {ev.get('token')} waits{at}, cell {_xy(ev.get('to'))}"


DESCRIBERS: dict[str, Callable[[Game, Event], str | None]] = {
    "aborigine_turn": _turn,
    "active_portal": _active,
    "ai_arrive": lambda g, ev: "  " + ex.arrive_text(ev),
    "reinforcement_missing": lambda g, ev: "  Aborigines: " + ex.missing_text(ev)
    + f" ({ev.get('rule')})",
    "ai_decision": _decision,
    "ai_move": _ai_move,
    "combat": _combat,
    "ship_lost": _lost,
    "lot": lambda g, ev: "  " + ex.lot_text(ev),
    "colonized": _colonized,
    "takeover": _takeover,
    "portal_blocked": _blocked,
    "portal_reopened": _reopened,
    "capture": _capture,
    "hack": _hack,
    "jump": _jump,
    "planet": _planet_ev,
    "place": _place,
    "dice": _dice,
}

# Every event type the plugin emits (tests check each has a description).
PLUGIN_EVENTS = frozenset(DESCRIBERS) - {"place", "dice"}


def describe_event(game: Game, ev: Event) -> str | None:
    """One line for a person, "" to hide the event, None to leave it to the engine."""
    fn = DESCRIBERS.get(str(ev.get("type")))
    if fn is None:
        return None
    try:
        return fn(game, ev)
    except (KeyError, TypeError, ValueError, IndexError):  # an odd event: the engine's fallback
        return None

