"""The board model of episode 5: portals numbered clockwise, their zones, planets, the centre.

Everything here is read from the scenario (the map and the ``aborigines:`` section) once per
scenario and kept in ``scenario.stash`` (key :data:`MODEL`); queries take the live
:class:`~distant_galaxy.GameState`. Every number of the episode is read from that section
(:meth:`Model.param`): the schema requires each of them, so none is written in Python.

Conventions (docs/aborigine-clash.md): the grid is ``square8`` (the source speaks of orthogonal
and diagonal neighbours), a portal's *zone* is every cell within ``zone_radius`` (2) of it, the
portal's number is its map label (``P1``..``P6``, 1 top-left, then clockwise).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from distant_galaxy import StashKey

if TYPE_CHECKING:
    from distant_galaxy import GameLike, GameState, Scenario, Site, Token

Pos = tuple[int, int]
ABORIGINES = "aborigines"  # the side's name in results and logs (not a seat)
CIVS = "civilizations"
CENTRE = "ab_centre"       # state.attrs key: ships waiting in the central area, by type
HACKED = "ab_hack_used"    # state.attrs key: seats that used Monarchy's one-time hack


@dataclass
class Model:
    """Static facts of one scenario's board and the episode's numbers."""

    cfg: dict[str, Any]
    portals: dict[int, str]                       # number -> site id
    portal_pos: dict[int, Pos]
    zone_of: dict[Pos, int] = field(default_factory=dict)   # cell -> portal number
    number_of: dict[str, int] = field(default_factory=dict)  # portal site id -> number
    planet_zone: dict[str, int] = field(default_factory=dict)  # zone planet id -> portal
    zone_planets: dict[int, list[str]] = field(default_factory=dict)
    ship_types: tuple[str, ...] = ()
    civ_types: tuple[str, ...] = ()

    # -- numbers ---------------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.portals)

    def n(self, key: str, default: Any = None) -> Any:
        """A value of the ``aborigines:`` section (names and lists; numbers: :meth:`param`)."""
        return self.cfg.get(key, default)

    def param(self, *path: str) -> int:
        """An integer of the ``aborigines:`` section, e.g. ``param("civ", "capture")``."""
        value: Any = self.cfg
        for key in path:
            value = value[key]
        return int(value)

    @property
    def die(self) -> int:
        """The sides of the die of every shot, capture, hack and take-over (``die``)."""
        return self.param("die")

    # -- portal arithmetic -----------------------------------------------------------------
    def step(self, number: int, k: int) -> int:
        """The portal ``k`` steps clockwise (negative: counter-clockwise) from ``number``."""
        return (number - 1 + k) % self.count + 1

    def clockwise(self, start: int) -> list[int]:
        """All portals, starting at ``start`` and going clockwise."""
        return [self.step(start, k) for k in range(self.count)]

    def site(self, state: GameState, number: int) -> Site:
        return state.sites[self.portals[number]]

    def number(self, site: Site) -> int:
        return self.number_of[site.id]

    # -- ships -----------------------------------------------------------------------------
    def is_aborigine(self, tok: Token) -> bool:
        return tok.owner is None and tok.type in self.ship_types

    def is_civ(self, tok: Token) -> bool:
        return tok.owner is not None

    def portal_of(self, tok: Token) -> int | None:
        """The portal whose zone holds the token (None outside every zone)."""
        if tok.pos is None:
            return None
        return self.zone_of.get(tok.pos)

    def aborigines_in(self, state: GameState, number: int, type_: str = "any") -> list[Token]:
        """Aborigine ships in a portal's zone (of one type, or ``any``)."""
        out = []
        for t in state.tokens.values():
            if t.owner is None and t.pos is not None and self.zone_of.get(t.pos) == number \
                    and t.type in self.ship_types and (type_ == "any" or t.type == type_):
                out.append(t)
        return out

    def civ_ships(self, state: GameState) -> list[Token]:
        return [t for t in state.tokens.values() if t.owner is not None and t.pos is not None]

    # -- planets and portals ---------------------------------------------------------------
    def planets(self, state: GameState, number: int) -> list[Site]:
        return [state.sites[s] for s in self.zone_planets.get(number, [])]

    def captured(self, state: GameState, number: int) -> bool:
        """R5.40: an Aborigine colony in the zone blocks the portal."""
        return any(p.owner == ABORIGINES for p in self.planets(state, number))

    def blocked(self, state: GameState, number: int) -> bool:
        """R5.12: a portal occupied by the Aborigines cannot be passed by anyone else."""
        return self.captured(state, number)

    def held(self, state: GameState, number: int) -> bool:
        """R5.2: a zone is held by the civilizations when they own a planet in it (and it is open)."""
        return not self.captured(state, number) and any(
            p.owner not in (None, ABORIGINES) for p in self.planets(state, number))

    def closed_count(self, state: GameState) -> int:
        return sum(1 for n in self.portals if self.captured(state, n))

    def held_count(self, state: GameState) -> int:
        return sum(1 for n in self.portals if self.held(state, n))


#: ``scenario.stash`` key of the scenario's :class:`Model`.
MODEL = StashKey[Model]()


def model(scenario: Scenario) -> Model:
    """The model of a scenario, built on first use and kept in its stash."""
    found = scenario.stash.get(MODEL, None)
    if found is None:
        found = scenario.stash[MODEL] = build_model(scenario)
    return found


def model_of(game: GameLike) -> Model:
    """The model of the game's scenario."""
    return model(game.scenario)


def build_model(scenario: Scenario) -> Model:
    """Read the portals (numbered by their labels), zones and zone planets from the map."""
    cfg = dict(scenario.data.get("aborigines", {}))
    portal_kind = cfg.get("portal_site", "portal")
    planet_kind = cfg.get("planet_site", "planet")
    radius = int(cfg["zone_radius"])
    portals: dict[int, str] = {}
    portal_pos: dict[int, Pos] = {}
    for i, site in enumerate(scenario.map_sites):
        if site["kind"] != portal_kind:
            continue
        label = str(site.get("attrs", {}).get("label", ""))
        num = int(label.lstrip("Pp")) if label.lstrip("Pp").isdigit() else len(portals) + 1
        sid = site.get("id") or f"{site['kind']}-{i + 1}"
        portals[num] = sid
        portal_pos[num] = site["pos"]
    m = Model(cfg, dict(sorted(portals.items())), portal_pos)
    m.number_of = {sid: num for num, sid in m.portals.items()}
    grid = scenario.grid
    for num, pos in m.portal_pos.items():
        for c in grid.within(pos, radius, include_center=True):
            m.zone_of.setdefault(c, num)
    for i, site in enumerate(scenario.map_sites):
        if site["kind"] == planet_kind and site["pos"] in m.zone_of:
            sid = site.get("id") or f"{site['kind']}-{i + 1}"
            m.zone_planets.setdefault(m.zone_of[site["pos"]], []).append(sid)
            m.planet_zone[sid] = m.zone_of[site["pos"]]
    m.ship_types = tuple(cfg.get("order", ["invader", "guard", "hunter"]))
    m.civ_types = tuple(t for t in scenario.unit_types if t not in m.ship_types)
    return m
