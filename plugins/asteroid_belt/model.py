"""Reading episode 7's data from the scenario and small queries on the state.

Every number comes from the scenario YAML (unit stats, class stats, faction costs, params): a mod
that adds a unit type or changes a speed needs no Python.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import CellArg, IllegalAction, StashKey, Verb

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Scenario, Site, Token

Pos = tuple[int, int]
SECTION = "asteroid_belt"
#: The ids of the scenario's asteroid sites, in map order (made on first use).
ASTEROID_IDS = StashKey[tuple[str, ...]]()


class Facts:
    """Map and unit facts that never change during a game, computed once per scenario (in
    ``scenario.stash``, :func:`facts`): which unit types are shuttles or Aborigines, which site
    kinds are asteroids, portals or class-3 docks, and the sites of the map by id and by cell."""

    __slots__ = ("aborigines", "asteroid_kinds", "dock_ids", "dock_kinds", "portal_ids",
                 "portal_kinds", "shuttles", "site_by_pos")

    def __init__(self, game: GameLike):
        sc = game.scenario
        units, kinds = sc.unit_types, sc.site_kinds
        self.shuttles = frozenset(u for u, d in units.items() if (d or {}).get("shuttle"))
        self.aborigines = frozenset(u for u, d in units.items() if (d or {}).get("aborigine"))
        self.asteroid_kinds = frozenset(k for k, d in kinds.items() if (d or {}).get("asteroid"))
        self.portal_kinds = frozenset(k for k, d in kinds.items() if (d or {}).get("portal"))
        self.dock_kinds = frozenset(k for k, d in kinds.items() if (d or {}).get("shuttle_dock"))
        sites = game.state.sites.values()  # the scenario's map sites (ids and cells never change)
        self.portal_ids = tuple(s.id for s in sites if s.kind in self.portal_kinds)
        self.dock_ids = tuple(s.id for s in sites
                              if s.kind in self.asteroid_kinds and s.kind in self.dock_kinds)
        self.site_by_pos: dict[Pos, str] = {}
        for s in sites:
            self.site_by_pos.setdefault(s.pos, s.id)  # the first site on a cell, as before


FACTS = StashKey[Facts]()


def facts(game: GameLike) -> Facts:
    """The scenario's :class:`Facts` (made on the first call, from the first game's map)."""
    hit = game.scenario.stash.get(FACTS, None)
    if hit is None:
        hit = game.scenario.stash[FACTS] = Facts(game)
    return hit


def cfg(game: GameLike) -> dict[str, Any]:
    return game.scenario.data.get(SECTION, {})


def param(game: GameLike, name: str) -> int:
    """A number of ``params:`` the plugin needs (``checks.validate`` makes sure it is written)."""
    return int(game.scenario.params[name])


def cells(n: int) -> str:
    """``1 cell``, ``2 cells``: a distance for messages and help texts."""
    return plural(n, "cell")


def plural(n: int, word: str) -> str:
    """``1 shuttle``, ``2 shuttles``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def joined(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def stamp(game: GameLike) -> int:
    """A number unique to the current turn (per-turn flags store it instead of being reset):
    the rounds are counted in steps of the game's seat count, so every seat's turn has its own."""
    st = game.state
    return st.round * len(st.seats) + st.turn


def utype(game: GameLike, name: str) -> dict[str, Any]:
    return game.scenario.unit_types.get(name, {})


def id_prefix(game: Game, unit: str) -> str:
    """The letter of a unit's token ids: the type's first letter, or its board glyph when
    another civilization type starts with the same letter (engineer E, elite X: both were E)."""
    first = unit[:1].upper()
    if any(u != unit and u[:1].upper() == first for u in civ_types(game)):
        return str(utype(game, unit).get("glyph", first))
    return first


def civ_types(game: Game) -> list[str]:
    return list(cfg(game).get("unit_types", []))


def is_aborigine(game: Game, tok: Token) -> bool:
    return tok.type in facts(game).aborigines


def is_shuttle(game: GameLike, tok: Token) -> bool:
    return tok.type in facts(game).shuttles


def unit_cost(game: GameLike, seat: str, unit: str) -> int:
    """Creation cost of ``unit`` for ``seat`` (faction discounts R7.70–R7.72)."""
    fac = game.scenario.factions.get(game.state.players[seat].faction or "", {}) or {}
    costs = fac.get("costs", {}) or {}
    return int(costs.get(unit, utype(game, unit).get("cost", 0)))


def kind(game: GameLike, site: Site) -> dict[str, Any]:
    return game.scenario.site_kinds.get(site.kind, {})


def is_asteroid(game: GameLike, site: Site) -> bool:
    return site.kind in facts(game).asteroid_kinds


def asteroids(game: GameLike) -> list[Site]:
    """The asteroid sites, in map order (their ids are the scenario's: kept in its stash)."""
    ids = game.scenario.stash.get(ASTEROID_IDS, None)
    if ids is None:
        ids = game.scenario.stash[ASTEROID_IDS] = tuple(
            s.id for s in game.state.sites.values() if is_asteroid(game, s))
    sites = game.state.sites
    return [sites[i] for i in ids]


def portals(game: Game) -> list[Site]:
    sites = game.state.sites
    return [sites[i] for i in facts(game).portal_ids]


def docks(game: GameLike) -> list[Site]:
    """The class-3 (``shuttle_dock``) asteroids, in map order."""
    sites = game.state.sites
    return [sites[i] for i in facts(game).dock_ids]


def site_at(game: Game, pos: Pos) -> Site | None:
    sid = facts(game).site_by_pos.get(pos)
    return game.state.sites.get(sid) if sid is not None else None


def find_site(game: Game, ref: str) -> Site | None:
    """A site by id, by label (``base-orange``) or by its cell ``x,y``."""
    st = game.state
    if ref in st.sites:
        return st.sites[ref]
    if "," in ref:
        try:
            x, y = (int(v) for v in ref.split(","))
        except ValueError:
            return None
        return site_at(game, (x, y))
    for s in st.sites.values():
        if s.attrs.get("label") == ref:
            return s
    return None


def base_of(game: GameLike, seat: str) -> Site | None:
    sid = game.state.attrs.get("bases", {}).get(seat)
    return game.state.sites.get(sid) if sid else None


def marker(site: Site) -> tuple[str | None, str | None]:
    """(marker name, seat) of an asteroid: target / flag / mine, or (None, None)."""
    for name in ("mine", "flag", "target"):
        if name in site.markers:
            return name, site.markers[name]
    return None, None


def set_marker(game: Game, site: Site, name: str | None, seat: str | None, rule: str,
               reason: str, unit: str | None = None) -> None:
    """Replace the asteroid's marker (logged with the old one; ``unit``: the unit in range
    that allowed it, for a Target or a Mine)."""
    old, old_seat = marker(site)
    game.will_edit(site)
    site.markers = {name: seat} if name else {}
    extra = {"unit": unit} if unit is not None else {}
    game.emit("marker", site=site.id, marker=name, seat=seat, old=old, old_seat=old_seat,
              reason=reason, rule=rule, **extra)


def unit_near(game: Game, seat: str, pos: Pos, r: int, moved: bool = False,
              units: list[Token] | None = None) -> Token | None:
    """The seat's unit nearest to ``pos`` within ``r`` cells (``moved``: only one that moved
    this turn), ties in token order; None when there is none (``units``: the seat's
    ``units_of``, when the caller has them already)."""
    now = stamp(game)
    around = cells_near(game, pos, r)
    best: tuple[int, Token] | None = None
    for t in units if units is not None else units_of(game, seat):
        d = around.get(t.pos)  # type: ignore[arg-type]  # units_of: on the board
        if d is None or (moved and t.attrs.get(THIS_TURN, {}).get("moved") != now):
            continue
        if best is None or d < best[0]:
            best = (d, t)
    return best[1] if best else None


#: (cell, radius) → {cell within the radius: its distance}, once per scenario (:func:`cells_near`).
NEAR = StashKey[dict[tuple[Pos, int], dict[Pos, int]]]()


def cells_near(game: GameLike, pos: Pos, r: int) -> dict[Pos, int]:
    """The cells at most ``r`` from ``pos`` (``pos`` included) with their distances: a map fact,
    computed once per scenario for each (cell, radius) asked (the sites' ranges)."""
    if r < 0:
        return {}
    cache = game.scenario.stash.setdefault(NEAR, {})
    hit = cache.get((pos, r))
    if hit is None:
        grid = game.scenario.grid
        hit = cache[(pos, r)] = {c: grid.distance(c, pos)
                                 for c in grid.within(pos, r, include_center=True)}
    return hit


#: radius → {cell: the ids of the asteroids within the radius of it, in map order}.
ASTEROIDS_NEAR = StashKey[dict[int, dict[Pos, tuple[str, ...]]]]()


def asteroids_near(game: Game, r: int) -> dict[Pos, tuple[str, ...]]:
    """For every cell within ``r`` of an asteroid, those asteroids' ids (map order): a map fact,
    once per scenario and radius."""
    cache = game.scenario.stash.setdefault(ASTEROIDS_NEAR, {})
    found = cache.get(r)
    if found is None:
        lists: dict[Pos, list[str]] = {}
        for site in asteroids(game):
            for c in cells_near(game, site.pos, r):
                lists.setdefault(c, []).append(site.id)
        found = cache[r] = {c: tuple(ids) for c, ids in lists.items()}
    return found


def distance(game: Game, a: Pos, b: Pos) -> int:
    return game.scenario.grid.distance(a, b)


def is_unit_on_board(game: Game, tok: Token) -> bool:
    """A civilization or Aborigine unit standing on a cell (not a shuttle, not aboard one)."""
    return tok.pos is not None and not is_shuttle(game, tok)


def units_of(game: GameLike, seat: str) -> list[Token]:
    """The seat's units on the board (``is_unit_on_board``, written out: a hot path)."""
    shuttles = facts(game).shuttles
    return [t for t in game.state.tokens.values()
            if t.owner == seat and t.pos is not None and t.type not in shuttles]


def shuttles_of(game: GameLike, seat: str) -> list[Token]:
    shuttles = facts(game).shuttles
    return [t for t in game.state.tokens.values() if t.owner == seat and t.type in shuttles]


#: The pools whose units count towards a type's limit (D7.7), beside those on the board.
COUNTED_POOLS = ("reserve", "repair")


def owned_count(game: Game, seat: str, unit: str) -> int:
    """Units of a type the seat owns anywhere: board, shuttles, reserve, repair (D7.7 limits)."""
    p = game.state.players[seat]
    n = sum(1 for t in game.state.tokens.values() if t.owner == seat and t.type == unit)
    return n + sum(p.pools.get(pool, {}).get(unit, 0) for pool in COUNTED_POOLS)


def free(game: GameLike, pos: Pos) -> bool:
    return pos not in game.state.board


def may_stop(game: GameLike, unit: str, pos: Pos) -> bool:
    sc = game.scenario
    return sc.permissions.may_stop(sc.grid.cell_type(pos), sc.unit_tags[unit])


#: Token attribute holding what a token did this turn (``{"moved": stamp, …}``): internal
#: bookkeeping, kept in one mapping so that listings of a token's attributes do not show it.
THIS_TURN = "this_turn"


def done(game: GameLike, tok: Token, what: str) -> bool:
    """The token did ``what`` (moved, attacked, struck, rolled, flown, raided, created) this
    turn."""
    return tok.attrs.get(THIS_TURN, {}).get(what) == stamp(game)


def mark_done(game: Game, tok: Token, what: str) -> None:
    """Record that the token did ``what`` this turn (a new mapping: clones never share it)."""
    game.will_edit(tok)
    tok.attrs[THIS_TURN] = {**tok.attrs.get(THIS_TURN, {}), what: stamp(game)}


def undo_done(tok: Token, what: str) -> None:
    """Forget that the token did ``what`` (tests and tools)."""
    tok.attrs[THIS_TURN] = {k: v for k, v in tok.attrs.get(THIS_TURN, {}).items() if k != what}


def turn_refusal(game: Game, tok: Token, deed: str) -> str | None:
    """Why ``tok`` may not do ``deed`` (``moved``, ``attacked``) now by its flags of the turn:
    it was created this turn by the elite (R7.70), or it did it already (D7.6); else None
    (:func:`ready` and :func:`done` with the stamp made once: a hot path)."""
    flags = tok.attrs.get(THIS_TURN)
    if flags:
        st = game.state
        now = st.round * len(st.seats) + st.turn  # stamp(game), inline
        if flags.get("created") == now:
            return (f"{tok.id} was created this turn by the elite and acts from your next turn "
                    "(R7.70)")
        if flags.get(deed) == now:
            return f"{tok.id} has already {deed} this turn (D7.6)"
    return None


def ready(game: Game, tok: Token) -> bool:
    """A unit created by the Orange elite acts only from its owner's next turn (R7.70)."""
    return not done(game, tok, "created")


def aboard(game: GameLike, shuttle: Token) -> list[Token]:
    """The passengers of a shuttle."""
    return game.state.carried_by(shuttle.id)


#: The decision of a player's own turn, in which most verbs exist.
MAIN = frozenset({"main"})


class BeltVerb(Verb):
    """A verb of Asteroid Belt (of the main phase unless it says otherwise). Every one edits the
    state only through the engine's methods or right after ``game.will_edit``: ``journaled``,
    promised here once for all of them (a subclass's own ``perform`` keeps the promise)."""

    phases = MAIN

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.journaled = True


class MapCell(CellArg):
    """A cell argument on the map: ``x,y`` off the map is refused."""

    def parse(self, game: Game, seat: str, text: str) -> Pos:
        pos = super().parse(game, seat, text)
        if not game.scenario.grid.in_bounds(pos):
            g = game.scenario.grid
            raise IllegalAction(f"{pos[0]},{pos[1]} is off the {g.width}×{g.height} map")
        return pos


#: unit type → what one move of it costs, once per scenario (:func:`move_cost`).
MOVE_COSTS = StashKey[dict[str, int]]()


def move_cost(game: GameLike, unit: str) -> int:
    """What one move of a unit of this type costs (D7.5; none when the type has no cost)."""
    table = game.scenario.stash.get(MOVE_COSTS, None)
    if table is None:
        table = game.scenario.stash[MOVE_COSTS] = {}
    found = table.get(unit)
    if found is None:
        found = table[unit] = int(utype(game, unit).get("move_cost", 0))
    return found


def resources(game: GameLike, seat: str) -> int:
    return game.state.players[seat].counters.get("resources", 0)


def dock_name(scenario: Scenario) -> str:
    """``class-3``: the class of the asteroids shuttles are activated at, for texts (R7.41)."""
    classes = [str(k.get("class", name)) for name, k in scenario.site_kinds.items()
               if k.get("shuttle_dock")]
    return "class-" + "/".join(classes)
