"""What an Aborigine ship sees (R5.60–R5.62).

* R5.60 every ship sees the cells within its type's ``vision`` (2) of a portal it looks at;
* R5.61 the Hunter's ``vision`` is 3 (it still moves only within ``move_radius``); a type with
  ``contact_vision`` (the guard: 3) also sees an enemy that far when that enemy is next to a ship
  of that type;
* R5.62 ships of portal P look at P and its two neighbours; a neighbour that holds an Aborigine
  ship extends the view one portal further in that direction, no more. Candidates are listed with
  the ship's own portal first, then in the tie-break direction (clockwise by default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distant_galaxy import GameState, Scenario, Token
    from distant_galaxy_episodes.aborigines.model import Model


def visible_portals(m: Model, state: GameState, home: int) -> list[int]:
    """The portals seen from ``home``, own portal first, then in tie-break order (R5.62)."""
    seen = {home}
    reach = m.param("neighbour_portals")
    extend = m.param("extended_vision")
    for direction in (1, -1):
        for k in range(1, reach + 1):
            seen.add(m.step(home, direction * k))
        edge = m.step(home, direction * reach)
        if extend and m.aborigines_in(state, edge):
            for k in range(1, extend + 1):
                seen.add(m.step(home, direction * (reach + k)))
    order = m.clockwise(home)
    if m.n("tie_break", "clockwise") == "counterclockwise":
        order = [home, *order[1:][::-1]]
    return [p for p in order if p in seen]


def vision_radius(scenario: Scenario, type_: str) -> int:
    """How far a ship of ``type_`` sees from a portal (its unit type's ``vision``, R5.60)."""
    return int(scenario.unit_types[type_]["vision"])


def visible_enemies(m: Model, scenario: Scenario, state: GameState, ship: Token,
                    number: int) -> list[Token]:
    """Civilization ships the ship sees around portal ``number`` (R5.60, R5.61)."""
    grid = scenario.grid
    centre = m.portal_pos[number]
    radius = vision_radius(scenario, ship.type)
    contact = int(scenario.unit_types.get(ship.type, {}).get("contact_vision", 0))
    contact_types = {t for t in m.ship_types
                     if scenario.unit_types.get(t, {}).get("contact_vision")}
    out = []
    for t in state.tokens.values():
        if t.owner is None or t.pos is None:
            continue
        d = grid.distance(t.pos, centre)
        if d <= radius:
            out.append(t)
        elif contact and d <= contact:
            for c in grid.neighbours(t.pos):
                other = state.token_at(c)
                if other is not None and other.owner is None and other.type in contact_types:
                    out.append(t)
                    break
    return out
