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

from distant_galaxy import Action, ActionKind, IllegalAction, require
from distant_galaxy_episodes.leaders.model import edit, leaders, section

if TYPE_CHECKING:
    from distant_galaxy import Game, Scenario, Site, Token

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


# -- the kinds ----------------------------------------------------------------------------------
class LeaderKind(ActionKind):
    """A leader's verb: ``VERB LEADER WHERE``, in the phases the ``moves:`` section names."""

    arity = (2, 2)

    def __init__(self, phases: Iterable[str]):
        self.phases = frozenset(phases)


class Board(LeaderKind):
    verb = "board"
    usage = "board LEADER SHIP"
    doc = ("A leader boards your ship whose move this turn starts, stops or ends in the leader's "
           "system (next to its planet or its ship); once per turn (RL.2).")

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        ships = _own_ships(game, seat)
        for lid in _mine(game, seat):
            if _done(game, lid, "boarded"):
                continue
            aboard = leaders(game)[lid]["ship"]
            for t in ships:
                if t.id != aboard and may_board(game, lid, t):
                    yield Action("board", (lid, t.id))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        lid, tid = action.arg(0), action.arg(1)
        rec = own_leader(game, seat, lid)
        ship = game.state.tokens.get(tid)
        mine = ", ".join(t.id for t in _own_ships(game, seat)) or "none"
        if ship is None or ship.owner != seat or ship.pos is None:
            raise IllegalAction(f"{tid} is no ship of yours on the board (your ships: {mine})")
        require(rec["ship"] != tid, f"{lid} is already aboard {tid}")
        require(not _done(game, lid, "boarded"), f"{lid} has already boarded a ship this turn "
                "(RL.2: once per turn)")
        require(may_board(game, lid, ship), f"{tid} has not been in the system of {lid} "
                f"({_where(game, lid)}) during its move this turn (RL.2: a leader boards a ship "
                "at a point of its move)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        lid, tid = action.arg(0), action.arg(1)
        rec = edit(game, lid)
        frm = rec["ship"] or rec["planet"]
        rec["ship"], rec["planet"] = tid, None
        _mark(game, lid, "boarded")
        game.emit("leader_boarded", leader=lid, leader_kind=rec["kind"], owner=seat,
                  ship=tid, **{"from": frm}, at=list(game.state.tokens[tid].pos), rule="RL.2")


class Land(LeaderKind):
    verb = "land"
    usage = "land LEADER PLANET"
    doc = ("A leader aboard your ship lands on your planet next to that ship (the system just "
           "activated); never alone on a free or enemy planet; once per turn (RL.2).")

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        for lid in _mine(game, seat):
            ship_id = leaders(game)[lid]["ship"]
            if ship_id is None or _done(game, lid, "landed"):
                continue
            for s in own_planets_near(game, seat, game.state.tokens[ship_id]):
                yield Action("land", (lid, s.id))

    def check(self, game: Game, seat: str, action: Action) -> None:
        self.check_arity(action)
        lid, sid = action.arg(0), action.arg(1)
        rec = own_leader(game, seat, lid)
        require(rec["ship"], f"{lid} is on {rec['planet']}, aboard no ship: only a leader "
                "aboard a ship lands")
        site = game.state.sites.get(sid)
        ship = game.state.tokens[rec["ship"]]
        near = ", ".join(s.id for s in own_planets_near(game, seat, ship)) or "none"
        if site is None:
            raise IllegalAction(f"there is no planet '{sid}'; your planets next to {ship.id}: "
                                f"{near}")
        whose = "a free planet" if site.owner is None else f"{site.owner}'s planet"
        require(site.owner == seat, f"{sid} is {whose}: a leader cannot land alone on a neutral "
                f"or enemy planet (RL.2); your planets next to {ship.id}: {near}")
        require(_near(game, site.pos, ship.pos), f"{sid} is not in the system of {ship.id} at "
                f"{ship.pos[0]},{ship.pos[1]} (RL.2: a leader lands only in the system just "
                f"activated); your planets next to {ship.id}: {near}")
        require(not _done(game, lid, "landed"), f"{lid} has already landed this turn "
                "(RL.2: once per turn)")

    def apply(self, game: Game, seat: str, action: Action) -> None:
        lid, sid = action.arg(0), action.arg(1)
        rec = edit(game, lid)
        frm = rec["ship"]
        rec["ship"], rec["planet"] = None, sid
        _mark(game, lid, "landed")
        game.emit("leader_landed", leader=lid, leader_kind=rec["kind"], owner=seat,
                  planet=sid, ship=frm, rule="RL.2")


def action_kinds(scenario: Scenario) -> list[ActionKind]:
    """``board`` and ``land`` in the phases of ``leaders.moves.phases``."""
    phases = scenario.data["leaders"]["moves"]["phases"]
    return [Board(phases), Land(phases)]


def describe(game: Game, event: dict[str, Any]) -> str | None:
    """The two events in words."""
    if event["type"] == "leader_boarded":
        return (f"  {event['owner']}'s {_kind_title(game, event)} ({event['leader']}) boards "
                f"{event['ship']} from {event['from']} (RL.2)")
    if event["type"] == "leader_landed":
        return (f"  {event['owner']}'s {_kind_title(game, event)} ({event['leader']}) lands "
                f"on {event['planet']} from {event['ship']} (RL.2)")
    return None


def _kind_title(game: Game, event: dict[str, Any]) -> str:
    spec = section(game)["kinds"].get(event["leader_kind"], {})
    return str(spec.get("title", event["leader_kind"]))

