"""One line per event for people (the ``dg_describe_event`` hook): what happened, in words.

The human prompt prints these lines to tell a player what happened since their last decision
(the other seat's turn, the defenders, combats). Events already told by another line (the dice of a
combat, the resources paid for a move, the repair after a lost combat) are hidden (""). Events this
module does not know are left to the engine (None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import count_of
from distant_galaxy_episodes.asteroid_belt import model
from distant_galaxy_episodes.asteroid_belt.actions import capture_resources

if TYPE_CHECKING:
    from distant_galaxy import GameLike

MARKER_NAME = {"target": "Target", "flag": "Flag", "mine": "Mine"}
# counters and pool changes whose reason another line already tells
HIDDEN_REASONS = ("move of ", "mine on ", "cargo raid loot", "deployed from the start base",
                  "create ", "elite creates ", "back from repair", "beaten ", "liquidated",
                  "its shuttle ", "destroyed raiding")
HIDDEN_DICE = ("attack roll of ", "defence roll of ", "reroll (", "cargo raid by ",
               "cargo shuttle jumps", "cargo shuttle's portal")


def cell(value: Any) -> str:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return f"{value[0]},{value[1]}"
    return "?" if value is None else str(value)


def site_label(game: GameLike, sid: str | None) -> str:
    """``asteroid-2-2 (class 2 at 1,4)``; a base is named as such."""
    site = game.state.sites.get(sid or "")
    if site is None:
        return str(sid)
    k = model.kind(game, site)
    base = site.attrs.get("base")
    what = f"class {k['class']}" if "class" in k else (k.get("title") or site.kind)
    extra = f", {base}'s base" if base else ""
    return f"{site.id} ({what} at {cell(site.pos)}{extra})"


def unit_label(tid: str, unit: str | None, owner: str | None) -> str:
    if owner is None:
        return f"{tid} ({unit or 'Aborigine'})"
    return f"{tid} ({owner} {unit})"


def _mark(name: str | None, seat: str | None) -> str:
    if not name:
        return "nothing"
    return f"{seat}'s {MARKER_NAME.get(name, name)}" if seat else MARKER_NAME.get(name, name)


def _combat(game: GameLike, ev: dict[str, Any]) -> str:
    att = unit_label(ev["attacker"], ev.get("attacker_unit"), ev.get("attacker_owner"))
    dfd = ev["defender"]
    if ev.get("defender_owner") is None:
        dfd = f"{dfd} ({ev.get('defender_unit')})"
    elif ev.get("defender_owner") != ev.get("attacker_owner"):
        dfd = f"{dfd} ({ev.get('defender_owner')} {ev.get('defender_unit')})"
    where = f" at {cell(ev['at'])}" if ev.get("at") else ""
    a = f"{ev['attack_roll']}" + (f"+{ev['attack_bonus']}" if ev.get("attack_bonus") else "")
    d = f"{ev['defence_roll']}" + (f"+{ev['defence_bonus']}" if ev.get("defence_bonus") else "")
    rr = "".join(f" (reroll of the {r['side']}'s die: {r['old']}→{r['new']})"
                 for r in ev.get("rerolls") or [])
    loser, fate = ev.get("loser"), ev.get("fate")
    if ev["outcome"] == "draw":
        result = "draw, both stay"
    elif fate == "safe":
        result = f"{loser} loses but is safe (scouts attack without risk)"
    elif fate == "shield":
        result = f"{loser} loses, saved by the Shield token"
    elif fate == "repair":
        result = f"{loser} beaten, goes to repair"
    elif loser:
        result = f"{loser} destroyed"
    else:
        result = "attacker wins" if ev["outcome"] == "attacker_wins" else "defender wins"
    verb = "strikes" if ev.get("attacker_owner") is None else "attacks"
    if ev.get("attacker_kind") == "shuttle":
        verb = "rams"
    return f"  {att} {verb} {dfd}{where}: {a} vs {d}{rr} → {result}"


def _place(game: GameLike, ev: dict[str, Any]) -> str | None:
    tid, unit, to = ev.get("token"), ev.get("unit"), cell(ev.get("to"))
    if ev.get("site"):
        who = f"{ev['played_by']} places" if ev.get("played_by") else "placed:"
        return f"  {who} defender {tid} ({unit}) at {to} for {site_label(game, ev['site'])}"
    owner = ev.get("owner")
    if ev.get("rule") == "R7.34":
        return f"  {owner} deploys {unit} {tid} at {to} from the reserve"
    if "source" in ev:
        src = "back from repair" if ev["source"] == "repair" else "new"
        how = "the elite creates" if str(ev.get("reason", "")).startswith("elite") else "creates"
        cost = count_of(ev.get("cost", 0), "resource")
        paid = f" of the fresh mine {ev['mine']}" if ev.get("mine") else ""
        return f"  {owner} {how} {unit} {tid} at {to} ({src}, {cost}{paid}) [{ev.get('rule')}]"
    return None


def _raid(game: GameLike, ev: dict[str, Any]) -> str:
    out = str(ev.get("outcome"))
    what = {"destroyed": "the shuttle is destroyed, its passengers go to repair",
            "escape": "the cargo shuttle escapes"}.get(out, out)
    if out == "loot":
        table = game.scenario.tables.get("cargo_raid", {})
        row: dict[str, Any] = next(
            (r for r in table.get("rows", []) if _covers(r.get("roll"), ev["roll"])), {})
        got = row.get("resources")
        what = f"loot, +{count_of(got, 'resource') if isinstance(got, int) else '? resources'}"
    return (f"  {ev['seat']}'s shuttle {ev['shuttle']} ({ev.get('aboard', 0)} aboard) raids the "
            f"cargo shuttle at {site_label(game, ev.get('portal'))}: roll {ev['roll']} → {what}"
            " [R7.44]")


def _covers(r: Any, v: int) -> bool:
    if isinstance(r, int):
        return r == v
    return isinstance(r, list) and len(r) == 2 and r[0] <= v <= r[1]


def _counter(game: GameLike, ev: dict[str, Any]) -> str | None:
    reason = str(ev.get("reason", ""))
    if reason.startswith(HIDDEN_REASONS):
        return ""
    d = ev["delta"]
    sign = f"+{d}" if d >= 0 else str(d)
    if ev.get("rule") == "D7.2":
        sid = reason.rsplit(" of ", 1)[-1]
        return (f"  {ev['seat']} income {sign} {ev['counter']} from the class-5 mine "
                f"{site_label(game, sid)} → {ev['value']}")
    if ev.get("rule") == "R7.61":
        return (f"  {ev['seat']} is reinforced: one unit of each type into the reserve, "
                f"{sign} {ev['counter']} → {ev['value']} [R7.61]")
    return None


def describe(game: GameLike, ev: dict[str, Any]) -> str | None:
    t = ev.get("type")
    rule = f" [{ev['rule']}]" if ev.get("rule") else ""
    if t == "combat":
        return _combat(game, ev) + rule
    if t in ("defence_strike", "safe_attack"):
        return ""                                   # the combat line tells it
    if t == "marker":
        site = site_label(game, ev["site"])
        old, new = _mark(ev.get("old"), ev.get("old_seat")), _mark(ev.get("marker"),
                                                                   ev.get("seat"))
        line = f"  {site}: {old} → {new}"
        if ev.get("unit"):
            line += f" by {ev['unit']}"
        if ev.get("marker") == "mine" and ev.get("old") is not None:
            s = game.state.sites.get(ev["site"])
            if s is not None:
                pts = int(model.kind(game, s).get("points", 0))
                line += (f" (+{count_of(pts, 'point')}, "
                         f"+{count_of(capture_resources(game, s), 'resource')})")
        if ev.get("marker") == "flag":
            line += " (defenders beaten)"
        return line + rule
    if t == "to_repair":
        if str(ev.get("reason", "")).startswith("beaten"):
            return ""                               # the combat line tells it
        where = f" from {cell(ev['at'])}" if ev.get("at") else \
            (f" aboard {ev['carrier']}" if ev.get("carrier") else "")
        return f"  {ev['seat']}'s {ev['unit']} {ev['token']}{where} goes to repair ({ev['reason']})"
    if t == "destroyed":
        if str(ev.get("reason", "")).startswith("beaten"):
            return ""
        return f"  defender {ev['token']} ({ev['unit']}) is removed ({ev['reason']})"
    if t == "move" and ev.get("seat"):
        path = " → ".join(cell(p) for p in [ev.get("frm"), *list(ev.get("path") or [])])
        if "aboard" in ev:
            n = len(ev.get("aboard") or [])
            return f"  {ev['seat']}'s shuttle {ev['token']} ({n} aboard) flies {path}{rule}"
        cost = f", cost {ev['cost']}" if ev.get("cost") else ""
        return f"  {unit_label(ev['token'], ev.get('unit'), ev['seat'])} moves {path}{cost}"
    if t == "place":
        return _place(game, ev)
    if t == "dice":
        return "" if str(ev.get("purpose", "")).startswith(HIDDEN_DICE) else None
    if t == "counter":
        return _counter(game, ev)
    if t == "pool":
        reason = str(ev.get("reason", ""))
        return "" if reason == "setup" or reason.startswith(HIDDEN_REASONS) else None
    if t == "elite_created":
        ready = "acts from the next turn" if ev.get("ready") == "next_turn" else "acts now"
        return (f"  {ev['seat']}'s elite created {count_of(ev['count'], ev['unit'])} (of "
                f"{ev['asked']} asked; {ready}){rule}")
    if t == "ability_used":
        what = {"speed": "moves further this turn", "reroll": "armed for the next losing die",
                "shield": "armed: the elite survives one lost combat"}.get(str(ev.get("effect")), "")
        return f"  {ev['seat']} uses the elite's {ev['ability']} token ({what}){rule}"
    if t == "ability_spent":
        return f"  {ev['seat']}'s {ev['ability']} token is spent: {ev['reason']}{rule}"
    if t == "shuttle_activated":
        cost = count_of(ev["cost"], "resource") if ev.get("cost") else "free"
        by = f", {ev['unit']} near it" if ev.get("unit") else ""
        return (f"  {ev['seat']} activates shuttle {ev['token']} at {cell(ev['at'])} next to "
                f"{site_label(game, ev.get('site'))} ({cost}{by}){rule}")
    if t == "shuttle_destroyed":
        return f"  {ev['seat']}'s shuttle {ev['token']} is destroyed ({ev['reason']}){rule}"
    if t == "shuttle_leaves":
        return f"  {ev['seat']}'s shuttle {ev['token']} is empty and leaves the board{rule}"
    if t == "board":
        cost = f", cost {ev['cost']}" if ev.get("cost") else ""
        return (f"  {ev['token']} ({ev['unit']}) boards shuttle {ev['shuttle']} from "
                f"{cell(ev.get('frm'))} ({ev.get('aboard')} aboard{cost})")
    if t == "unload":
        cost = f", cost {ev['cost']}" if ev.get("cost") else ""
        return (f"  {ev['token']} ({ev['unit']}) leaves shuttle {ev['shuttle']} to "
                f"{cell(ev.get('to'))}{cost}")
    if t == "cargo_moves":
        frm = f" from {ev['frm']}" if ev.get("frm") else ""
        return f"  the Aborigine cargo shuttle jumps{frm} to {site_label(game, ev['to'])}{rule}"
    if t == "raid":
        return _raid(game, ev)
    return None
