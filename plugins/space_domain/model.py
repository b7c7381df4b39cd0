"""The option's data: the section, the compiled markers, the markers on the board.

The board's markers are ``state.attrs["space_domain"]``: ``{"x,y": secret id}`` for each marker
still face down. The face is the secret's value (``game.secret(id)``); a seat's view holds no
face it may not see. A test or a puzzle may also lay a marker in the open: ``{"x,y":
{"face": id}}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from distant_galaxy import StashKey

if TYPE_CHECKING:
    from distant_galaxy import Effect, Expr, Game, Scenario

SECTION = "space_domain"
ATTR = "space_domain"
Pos = tuple[int, int]


@dataclass(frozen=True)
class Marker:
    """One kind of marker of the bag, its rules compiled."""

    id: str
    title: str
    count: int
    kind: str
    text: str
    rule: str
    roll: int | None
    cond: Expr | None
    do: Effect
    otherwise: Effect | None
    value: float


MARKERS = StashKey[dict[str, Marker]]()
SYSTEMS = StashKey[list[Pos]]()


def section(scenario: Scenario) -> dict[str, Any]:
    """The ``space_domain:`` section."""
    return dict(scenario.data.get(SECTION, {}))


def markers(scenario: Scenario) -> dict[str, Marker]:
    """The compiled markers by id (compiled at load, plugin.dg_compile_rules)."""
    return scenario.stash.get(MARKERS, {})


def contents(scenario: Scenario) -> dict[str, int]:
    """The bag: marker id -> how many (in the section's order)."""
    return {m["id"]: int(m["count"]) for m in section(scenario).get("bag", [])
            if int(m["count"]) > 0}


def bag_name(scenario: Scenario) -> str:
    return str(section(scenario)["bag_name"])


def systems(scenario: Scenario) -> list[Pos]:
    """RS.1: the empty systems, in the section's order — or, with ``systems: every``, every cell
    an empty system may be (:func:`every_system`), in reading order (row by row)."""
    found = scenario.stash.get(SYSTEMS, None)
    if found is None:
        listed = section(scenario).get("systems", "every")
        found = every_system(scenario) if listed == "every" else [cell(t) for t in listed]
        scenario.stash[SYSTEMS] = found
    return list(found)


def every_system(scenario: Scenario) -> list[Pos]:
    """RS.1 «в каждую пустую систему не имеющую планет (кроме специальных систем)»: each cell of
    a type in ``system_cells`` farther than ``away_from[kind]`` from every site of that kind."""
    sec = section(scenario)
    grid = scenario.grid
    allowed = set(sec.get("system_cells", []))
    away = dict(sec.get("away_from", {}))
    sites = [(tuple(s["pos"]), away[s["kind"]]) for s in scenario.map_sites
             if s.get("kind") in away]
    return [pos for pos in grid.all_cells() if grid.cell_type(pos) in allowed
            and all(grid.distance(pos, spos) > d for spos, d in sites)]


def cell(text: str) -> Pos:
    x, y = text.split(",")
    return int(x), int(y)


def key(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def on_board(game: Game) -> dict[str, Any]:
    """The markers still on the board: ``"x,y"`` -> secret id (or ``{"face": id}``)."""
    return game.state.attrs.get(ATTR, {})


def face_down(game: Game) -> list[Pos]:
    """The cells that hold a marker not yet resolved."""
    return [cell(k) for k in on_board(game)]


def face_of(game: Game, pos: Pos) -> str | None:
    """The marker's face at ``pos`` if this game may read it (a seat's view may not)."""
    ref = on_board(game).get(key(pos))
    if ref is None:
        return None
    if isinstance(ref, dict):
        return str(ref["face"])
    return str(game.secret(ref)) if game.knows(ref) else None
