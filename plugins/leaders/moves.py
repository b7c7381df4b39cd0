"""Boarding and landing (RL.2): ``board LEADER SHIP`` and ``land LEADER PLANET``.

The source: «Высадка осуществляется только на планету в только что активированной системе.
Погрузка осуществляется на любом этапе движения любого корабля (даже на истребитель).» and «Не
может высаживаться на нейтральной или вражеской планете в одиночку.» (D-L.7 in docs/options.md).

A map of cells has no systems: a leader's *system* is the cells within ``moves.reach`` of where it
is (its planet, or the ship carrying it). A ship's *move* this turn is the cells it has stood on
since its owner's turn began (``trail``: where it started and where each of its actions left it),
so a leader boards a ship that starts, passes a stop or ends its move in the leader's system, and
it may board before or after the ship moves. The *system just activated* is where the carrying
ship is now: a leader lands only on a planet of its holder within ``moves.reach`` of that ship. A
leader boards at most once and lands at most once per turn of its holder (``moves.per_turn``), so
a turn cannot shuttle it back and forth for ever.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from distant_galaxy import (
    ActorVerb,
    Arg,
    IllegalAction,
    SiteArg,
    TypedAction,
    UnitArg,
    Verb,
    cell_of,
    require,
)
from distant_galaxy_episodes.leaders.model import edit, leader_ids, leaders, section

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Scenario, Site, Token

Pos = tuple[int, int]
#: ``game.state.attrs`` key of this turn's record: the seat, the ships' trails, who moved.
TURN = "leader_turn"


# -- the turn's record --------------------------------------------------------------------------
def start_turn(game: Game, seat: str) -> None:
    """A new turn of ``seat``: its ships' trails begin where they stand; no leader has moved."""
    st = game.state
    st.attrs[TURN] = {"seat": seat, "boarded": [], "landed": [],
                      "trail": {t.id: [list(t.pos)] for t in st.tokens.values()
                                if t.owner == seat and t.pos is not None}}


def note_moves(game: Game, seat: str) -> None:
    """After an action of ``seat``: each of its ships that stands somewhere new adds the cell."""
    rec = game.state.attrs.get(TURN)
    if rec is None or rec["seat"] != seat:
        return
    trails = rec["trail"]
    for t in game.state.tokens.values():
        if t.owner == seat and t.pos is not None:
            cells = trails.get(t.id, [])
            if not cells or cells[-1] != list(t.pos):
                # new containers, never appended to: a snapshot of the state shares the old ones
                trails = {**trails, t.id: [*cells, list(t.pos)]}
    rec["trail"] = trails


def trail(game: Game, ship: Token) -> list[Pos]:
    """The cells ``ship`` has stood on this turn, ending where it is."""
    rec = game.state.attrs.get(TURN) or {}
    cells = [(c[0], c[1]) for c in rec.get("trail", {}).get(ship.id, [])]
    if ship.pos is not None and (not cells or cells[-1] != ship.pos):
        cells.append(ship.pos)
    return cells


def _done(game: Game, lid: str, what: str) -> bool:
    rec = game.state.attrs.get(TURN) or {}
    limit = section(game)["moves"]["per_turn"][what]
    return rec.get(what, []).count(lid) >= limit


def _mark(game: Game, lid: str, what: str) -> None:
    rec = game.state.attrs.get(TURN)
    if rec is not None:
        rec[what] = [*rec[what], lid]


# -- where things are ---------------------------------------------------------------------------
def leader_cell(game: Game, lid: str) -> Pos | None:
    """The cell of the leader's planet or carrying ship (None for a captive)."""
    rec = leaders(game)[lid]
    st = game.state
    if rec["ship"]:
        return st.tokens[rec["ship"]].pos
    if rec["planet"]:
        return st.sites[rec["planet"]].pos
    return None


def _near(game: Game, a: Pos | None, b: Pos | None) -> bool:
    return a is not None and b is not None and \
        game.scenario.grid.distance(a, b) <= section(game)["moves"]["reach"]


def may_board(game: Game, lid: str, ship: Token) -> bool:
    """RL.2: the ship's move this turn touches the leader's system (see the module's text)."""
    here = leader_cell(game, lid)
    return any(_near(game, c, here) for c in trail(game, ship))


def own_planets_near(game: Game, seat: str, ship: Token) -> list[Site]:
    """The seat's planets in the system of ``ship`` (within ``moves.reach``), in id order."""
    return sorted((s for s in game.state.sites.values()
                   if s.owner == seat and _near(game, s.pos, ship.pos)), key=lambda s: s.id)


def _own_ships(game: Game, seat: str) -> list[Token]:
    return [t for t in game.state.tokens.values() if t.owner == seat and t.pos is not None]


def _mine(game: Game, seat: str) -> list[str]:
    return sorted(k for k, r in leaders(game).items()
                  if r["holder"] == seat and (r["ship"] or r["planet"]))


def _your_leaders(game: Game, seat: str) -> str:
    items = [f"{lid} ({_where(game, lid)})" for lid in _mine(game, seat)]
    return "your leaders: " + (", ".join(items) if items else "none")


def _where(game: Game, lid: str) -> str:
    rec = leaders(game)[lid]
    return f"aboard {rec['ship']}" if rec["ship"] else f"on {rec['planet']}"


def own_leader(game: Game, seat: str, lid: str) -> dict[str, Any]:
    """The record of ``seat``'s leader ``lid`` (free, on a ship or planet), or IllegalAction."""
    rec = leaders(game).get(lid)
    if rec is None:
        raise IllegalAction(f"there is no leader '{lid}'; {_your_leaders(game, seat)}")
    if rec["holder"] != seat:
        raise IllegalAction(f"{lid} is not yours (held by {rec['holder']}); "
                            f"{_your_leaders(game, seat)}")
    require(rec["ship"] or rec["planet"], f"{lid} is a captive and cannot move (RL.10)")
    return rec


class LeaderArg(Arg):
    """A leader by id (leaders are records, not tokens): the seat's own, free one (else the
    refusal of :func:`own_leader`); the value is the id."""

    kind = "leader"
    default_name = "LEADER"

    def parse(self, game: Game, seat: str, text: str) -> str:
        own_leader(game, seat, text)
        return text

    def domain(self, scenario: Scenario) -> list[str] | None:
        return leader_ids(scenario)


def own_ship(game: Game, seat: str, tid: str) -> Token:
    """The seat's ship ``tid`` on the board, or the refusal listing the seat's ships."""
    ship = game.state.tokens.get(tid)
    if ship is None or ship.owner != seat or ship.pos is None:
        mine = ", ".join(t.id for t in _own_ships(game, seat)) or "none"
        raise IllegalAction(f"{tid} is no ship of yours on the board (your ships: {mine})")
    return ship


# -- the kinds ----------------------------------------------------------------------------------
class LeaderKind(ActorVerb):
    """A leader's verb: ``VERB LEADER WHERE``, in the phases the ``moves:`` section names; the
    seat's free leaders act (the actors), on the ships or planets they may reach (the targets)."""

    def __init__(self, phases: Iterable[str]):
        self.phases = frozenset(phases)

    def actors(self, game: Game, seat: str) -> list[str]:
        return _mine(game, seat)


class Board(LeaderKind):
    verb = "board"
    args = (LeaderArg(), UnitArg("SHIP", find=own_ship))
    doc = ("A leader boards your ship whose move this turn starts, stops or ends in the leader's "
           "system (next to its planet or its ship); once per turn (RL.2).")

    def actor_refusal(self, game: Game, seat: str, lid: str) -> str | None:
        return f"{lid} has already boarded a ship this turn (RL.2: once per turn)" \
            if _done(game, lid, "boarded") else None

    def targets(self, game: Game, seat: str, lid: str) -> list[Token]:
        return [t for t in _own_ships(game, seat)
                if t.id != leaders(game)[lid]["ship"] and may_board(game, lid, t)]

    def target_refusal(self, game: Game, seat: str, lid: str, ship: Token) -> str:
        return (f"{lid} is already aboard {ship.id}" if leaders(game)[lid]["ship"] == ship.id
                else f"{ship.id} has not been in the system of {lid} ({_where(game, lid)}) "
                "during its move this turn (RL.2: a leader boards a ship at a point of its move)")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        lid, ship = move.args
        rec = edit(game, lid)
        frm = rec["ship"] or rec["planet"]
        rec["ship"], rec["planet"] = ship.id, None
        _mark(game, lid, "boarded")
        game.emit("leader_boarded", leader=lid, leader_kind=rec["kind"], owner=seat,
                  ship=ship.id, **{"from": frm}, at=list(ship.pos), rule="RL.2")


class Land(LeaderKind):
    verb = "land"
    args = (LeaderArg(), SiteArg("PLANET", find=lambda game, seat, sid: game.state.sites.get(sid)))
    doc = ("A leader aboard your ship lands on your planet next to that ship (the system just "
           "activated); never alone on a free or enemy planet; once per turn (RL.2).")

    def actor_refusal(self, game: Game, seat: str, lid: str) -> str | None:
        rec = leaders(game)[lid]
        return (f"{lid} is on {rec['planet']}, aboard no ship: only a leader aboard a ship lands"
                if not rec["ship"] else f"{lid} has already landed this turn (RL.2: once per "
                "turn)" if _done(game, lid, "landed") else None)

    def targets(self, game: Game, seat: str, lid: str) -> list[Site]:
        return own_planets_near(game, seat, game.state.tokens[leaders(game)[lid]["ship"]])

    def target_refusal(self, game: Game, seat: str, lid: str, site: Site | str) -> str:
        ship = game.state.tokens[leaders(game)[lid]["ship"]]
        near = "your planets next to " + ship.id + ": " + (
            ", ".join(s.id for s in own_planets_near(game, seat, ship)) or "none")
        if isinstance(site, str):
            return f"there is no planet '{site}'; {near}"
        whose = "a free planet" if site.owner is None else f"{site.owner}'s planet"
        if site.owner != seat:
            return (f"{site.id} is {whose}: a leader cannot land alone on a neutral or enemy "
                    f"planet (RL.2); {near}")
        x, y = cell_of(ship)
        return (f"{site.id} is not in the system of {ship.id} at {x},{y} "
                f"(RL.2: a leader lands only in the system just activated); {near}")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        lid, site = move.args
        rec = edit(game, lid)
        frm = rec["ship"]
        rec["ship"], rec["planet"] = None, site.id
        _mark(game, lid, "landed")
        game.emit("leader_landed", leader=lid, leader_kind=rec["kind"], owner=seat,
                  planet=site.id, ship=frm, rule="RL.2")


def action_kinds(scenario: Scenario) -> list[Verb]:
    """``board`` and ``land`` in the phases of ``leaders.moves.phases``."""
    phases = scenario.data["leaders"]["moves"]["phases"]
    return [Board(phases), Land(phases)]


def describe(game: GameLike, event: dict[str, Any]) -> str | None:
    """The two events in words."""
    if event["type"] == "leader_boarded":
        return (f"  {event['owner']}'s {_kind_title(game, event)} ({event['leader']}) boards "
                f"{event['ship']} from {event['from']} (RL.2)")
    if event["type"] == "leader_landed":
        return (f"  {event['owner']}'s {_kind_title(game, event)} ({event['leader']}) lands "
                f"on {event['planet']} from {event['ship']} (RL.2)")
    return None


def _kind_title(game: GameLike, event: dict[str, Any]) -> str:
    spec = section(game)["kinds"].get(event["leader_kind"], {})
    return str(spec.get("title", event["leader_kind"]))

