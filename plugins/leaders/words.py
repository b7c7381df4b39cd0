"""The leaders for people: each fate roll (RL.3, RL.4) and rescue (RL.10) told in words with the
row of the table that the d10 hit, boarding and landing (RL.2), and the status lines that show
every seat its own leaders, where each is (``dg_describe_event``, ``dg_status_lines``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.leaders import moves, rescue
from distant_galaxy_episodes.leaders.model import CAPTORS_DEFAULT, leaders, section

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike

#: The table each fate rule reads.
TABLES = {"RL.3": "ship_destroyed", "RL.4": "planet_taken"}


def side(name: str | None) -> str:
    """A holder in words: a seat as it is, the episode's captors as "the Aborigines"."""
    return "the Aborigines" if name == CAPTORS_DEFAULT else str(name)


def kind_title(game: GameLike, kind: str) -> str:
    return str(section(game)["kinds"].get(kind, {}).get("title", kind))


def _faces(row: dict[str, Any]) -> str:
    lo, hi = row["faces"]
    return str(lo) if lo == hi else f"{lo}-{hi}"


def _row(game: GameLike, rule: str, roll: int) -> dict[str, Any] | None:
    table = section(game).get(TABLES.get(rule, ""), [])
    return next((r for r in table if r["faces"][0] <= roll <= r["faces"][1]), None)


def fate_text(game: GameLike, ev: dict[str, Any]) -> str:
    """``!! red's Admiral (red-admiral), aboard when ship R1 destroyed in battle: d10 7 — 6-8
    escaped (RL.3): escapes to system-2``."""
    who = f"{ev['owner']}'s {kind_title(game, ev['leader_kind'])} ({ev['leader']})"
    head = f"  !! {who}: {ev['cause']}"
    outcome = {"killed": "killed, out of the game",
               "escaped": f"escapes to {ev.get('to')}",
               "captured": f"captured: {side(ev.get('captor'))} take it and keep it (D-L.1) until "
                           "a capture of one of their planets frees it (RL.10)"}[ev["fate"]]
    if ev.get("roll") is None:
        return f"{head}: no die — {outcome} ({ev['rule']})"
    row = _row(game, ev["rule"], int(ev["roll"]))
    hit = f"{_faces(row)} {row['fate']}" if row else "?"
    if row and row["fate"] == "escaped" and ev["fate"] == "killed":
        outcome = (f"but {ev['owner']} has no friendly unblockaded planet to escape to: killed "
                   "(D-L.3)")
    return f"{head}: d10 {ev['roll']} — {hit} ({ev['rule']}): {outcome}"


def rescue_text(game: GameLike, ev: dict[str, Any]) -> str:
    """``red takes planet-2 from aborigines: d10 9 — 9-10 frees one (RL.10): blue-admiral
    joins red on planet-2``."""
    head = f"  !! {ev['rescuer']} takes {ev['planet']} from {side(ev['holder'])}, who hold captives"
    freed = ", ".join(ev.get("freed") or [])
    joins = f"{freed} {'join' if len(ev.get('freed') or []) > 1 else 'joins'} " \
            f"{ev['rescuer']} on {ev['planet']}"
    if ev.get("roll") is None:
        return (f"{head}: their last planet, their race defeated — every captive is freed "
                f"(RL.10): {joins}")
    lo, hi = section(game)["rescue"]["faces"]
    if ev.get("choose"):
        return (f"{head}: d10 {ev['roll']} — {lo}-{hi} frees one (RL.10): {ev['rescuer']} "
                f"chooses which: {', '.join(ev['choose'])}")
    if not freed:
        return (f"{head}: d10 {ev['roll']}, needs {lo}-{hi} (RL.10): nobody is freed, they "
                "keep their captives (D-L.1)")
    return f"{head}: d10 {ev['roll']} — {lo}-{hi} frees one (RL.10, D-L.4): {joins}"


def describe(game: GameLike, ev: dict[str, Any]) -> str | None:
    """The leaders' events in words (None for the others)."""
    t = ev["type"]
    if t == "leader_placed":
        where = f"aboard {ev['ship']}" if ev.get("ship") else f"on {ev.get('planet')}"
        return (f"  {ev['owner']}'s {kind_title(game, ev['leader_kind'])} ({ev['leader']}) "
                f"starts {where} (RL.2)")
    if t in ("leader_boarded", "leader_landed"):
        return moves.describe(game, ev)
    if t == "leader_fate":
        return fate_text(game, ev)
    if t == "leader_rescue":
        return rescue_text(game, ev)
    return rescue.describe(ev)


def _where(game: Game, rec: dict[str, Any]) -> str:
    st = game.state
    if rec["ship"]:
        t = st.tokens[rec["ship"]]
        at = f" at {t.pos[0]},{t.pos[1]}" if t.pos is not None else ""
        return f"aboard {t.id} ({t.type}{at})"
    s = st.sites[rec["planet"]]
    return f"on {s.id} ({s.pos[0]},{s.pos[1]})"


def status_lines(game: Game) -> list[str]:
    """Every seat's leaders and where each is — the deciding seat first, so a player sees its
    own at the prompt —, then the captives and why they stay captive."""
    st = game.state
    recs = leaders(game)
    seats = list(st.seats)
    if st.pending is not None and st.pending.seat in seats:
        seats.remove(st.pending.seat)
        seats.insert(0, st.pending.seat)
    out = ["leaders (RL.2: board LEADER SHIP, land LEADER PLANET):"]
    for seat in seats:
        mine = [(lid, r) for lid, r in sorted(recs.items())
                if r["holder"] == seat and (r["ship"] or r["planet"])]
        you = " (deciding now)" if st.pending is not None and seat == st.pending.seat else ""
        places: dict[str, list[str]] = {}
        for lid, r in mine:   # one entry per place: "on system-2 (12,1): Agent, Diplomat"
            title = kind_title(game, r["kind"])
            places.setdefault(_where(game, r), []).append(
                title if lid == f"{seat}-{r['kind']}" else f"{title} {lid}")
        items = [f"{where}: {', '.join(names)}" for where, names in places.items()]
        out.append(f"  {seat}{you}: " + ("; ".join(items) if items else "none left"))
    held = [(lid, r) for lid, r in sorted(recs.items()) if not r["ship"] and not r["planet"]]
    for holder in sorted({r["holder"] for _, r in held}):
        names = ", ".join(f"{r['seat']}'s {kind_title(game, r['kind'])} ({lid})"
                          for lid, r in held if r["holder"] == holder)
        lo, hi = section(game)["rescue"]["faces"]
        last = ("their home cannot be taken, so no capture defeats them" if holder in
                section(game)["rescue"].get("not_defeated", []) else "their last planet frees all")
        out.append(f"  captives of {side(holder)}: {names} — kept (D-L.1); capturing one of their "
                   f"planets frees one on a d10 {lo}-{hi}, {last} (RL.10)")
    return out
