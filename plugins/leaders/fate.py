"""The fates of leaders (RL.3, RL.4) and their rescue (RL.10), each d10 a die of the game's
seeded dice logged with its purpose and rule; the tables are ``leaders.ship_destroyed``,
``leaders.planet_taken`` and ``leaders.rescue`` of the scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.leaders import rescue as choice
from distant_galaxy_episodes.leaders.model import (
    captives_of,
    edit,
    home_site,
    leaders,
    on_planet,
    on_ship,
    section,
    title,
)

if TYPE_CHECKING:
    from distant_galaxy import Game


def lookup(table: list[dict[str, Any]], roll: int) -> str:
    """The fate of the row whose ``faces`` [low, high] hold ``roll``."""
    for row in table:
        lo, hi = row["faces"]
        if lo <= roll <= hi:
            return str(row["fate"])
    raise ValueError(f"no row of the fate table holds {roll}")


def ship_lost(game: Game, tid: str, owner: str | None, battle: bool, by: str | None) -> None:
    """RL.3: the leaders aboard a destroyed ship — a d10 each in battle, else killed."""
    sec = section(game)
    for lid in on_ship(game, tid):
        if battle:
            roll = game.dice.roll(sec["die"], purpose=f"fate of {title(game, lid)}: ship {tid} "
                                  "destroyed in battle", rule="RL.3")
            fate = lookup(sec["ship_destroyed"], roll)
        else:
            roll, fate = None, sec["ship_lost_outside_battle"]
        _apply(game, lid, fate, captor=by, roll=roll, rule="RL.3",
               cause=f"ship {tid} destroyed" + (" in battle" if battle else ""))


def planet_taken(game: Game, sid: str, captor: str | None, invasion: bool) -> None:
    """RL.4: the leaders on a planet taken by invasion — a d10 each; otherwise they escape."""
    sec = section(game)
    for lid in on_planet(game, sid):
        if invasion:
            roll = game.dice.roll(sec["die"], purpose=f"fate of {title(game, lid)}: planet {sid} "
                                  "taken by invasion", rule="RL.4")
            fate = lookup(sec["planet_taken"], roll)
        else:
            roll, fate = None, sec["planet_changed_hands"]
        _apply(game, lid, fate, captor=captor, roll=roll, rule="RL.4",
               cause=f"planet {sid} taken")


def _apply(game: Game, lid: str, fate: str, captor: str | None, roll: int | None, rule: str,
           cause: str) -> None:
    rec = edit(game, lid)
    rec["ship"] = rec["planet"] = None
    to = None
    if fate == "escaped":
        to = refuge(game, rec["holder"])
        if to is None:
            fate = "killed"   # D-L.3: no friendly unblockaded planet to escape to
    if fate == "killed":
        del leaders(game)[lid]
    elif fate == "captured":
        rec["holder"] = captor or "aborigines"
    else:
        rec["planet"] = to
    game.emit("leader_fate", leader=lid, leader_kind=rec["kind"], owner=rec["seat"], cause=cause,
              roll=roll, fate=fate, to=to, captor=rec["holder"] if fate == "captured" else None,
              rule=rule)


def refuge(game: Game, seat: str) -> str | None:
    """D-L.3: a friendly planet no enemy ship is next to (unblockaded) — the home planet first,
    then the others in id order; None when there is none."""
    st = game.state
    grid = game.scenario.grid
    home = home_site(game, seat)
    mine = sorted((s for s in st.sites.values() if s.owner == seat),
                  key=lambda s: (s.id != home, s.id))
    for s in mine:
        near = [st.token_at(c) for c in grid.neighbours(s.pos)]
        if not any(t is not None and t.owner != seat for t in near):
            return s.id
    return None


def defeated(game: Game, holder: str) -> bool:
    """RL.10 «Если была захвачена последняя планета расы, то захватчику переходят все
    захваченные побежденным лидеры»: the holder's race is defeated — its last planet is taken.
    A holder in ``rescue.not_defeated`` has a home no capture takes (episode 5: the Aborigines'
    central area, R5.23), so its last colony falling does not defeat it."""
    if holder in section(game)["rescue"].get("not_defeated", []):
        return False
    return not any(s.owner == holder for s in game.state.sites.values())


def rescue(game: Game, sid: str, rescuer: str, previous_owner: str) -> None:
    """RL.10: a successful invasion of a planet of a holder of captives: d10, ``rescue.faces``
    frees one (the rescuer chooses among several: rescue.py) — control passes to the invader,
    who gets it on the planet; a defeated holder's last planet taken frees them all
    (:func:`defeated`)."""
    sec = section(game)
    held = captives_of(game, previous_owner)
    if not held:
        return
    last = defeated(game, previous_owner)
    if last and sec["rescue"].get("last_planet_frees_all", True):
        freed, roll = held, None
    else:
        roll = game.dice.roll(sec["die"], purpose=f"rescue of a leader held by {previous_owner} "
                              f"({rescuer} took {sid})", rule="RL.10")
        lo, hi = sec["rescue"]["faces"]
        freed = held[:1] if lo <= roll <= hi else []
        if freed and len(held) > 1:  # «спаситель выбирает одного из них»: asked after the action
            choice.offer(game, rescuer, sid, previous_owner, held)
            freed = []
    for lid in freed:
        rec = edit(game, lid)
        rec["holder"], rec["planet"] = rescuer, sid
    fields: dict[str, Any] = {"choose": held} if choice.CHOICE in game.state.attrs else {}
    game.emit("leader_rescue", planet=sid, rescuer=rescuer, holder=previous_owner, roll=roll,
              freed=freed, last_planet=last, **fields, rule="RL.10")
