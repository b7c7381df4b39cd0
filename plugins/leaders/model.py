"""Where every leader is: ``game.state.attrs["leaders"]``, a mapping id → record (saved and
restored with the state). A record: ``kind``, ``seat`` (whose leader it was at the start),
``holder`` (who controls it now: a seat, or the side that captured it), ``ship`` or ``planet``
(where it is; both None while it is a captive)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy import parse_pos

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Scenario

KEY = "leaders"
#: RL.3 "captured by the destroyer": in episode 5 the destroyer of a civilization ship is always
#: the Aborigines (the side's name as the episode's results spell it).
CAPTORS_DEFAULT = "aborigines"


def section(game: GameLike) -> dict[str, Any]:
    """The scenario's ``leaders:`` section."""
    return game.scenario.data["leaders"]


def leader_ids(scenario: Scenario) -> list[str]:
    """Every leader id the scenario may have: ``SEAT-KIND`` for each seat and kind (RL.2)."""
    kinds = scenario.data.get("leaders", {}).get("kinds", {})
    return [f"{seat}-{kind}" for seat in scenario.seat_ids() for kind in kinds]


def leaders(game: Game) -> dict[str, dict[str, Any]]:
    """The records, by id (a live mapping of the state)."""
    return game.state.attrs.setdefault(KEY, {})


def edit(game: Game, lid: str) -> dict[str, Any]:
    """The record of ``lid``, ready to be changed: a fresh copy put in its place. A snapshot of
    the state (``GameState.clone``, taken before every action for undo and for errors) copies
    ``attrs`` one level deep, so it shares the records; changing one in place would change the
    snapshot too."""
    recs = leaders(game)
    rec = recs[lid] = dict(recs[lid])
    return rec


def title(game: Game, lid: str) -> str:
    rec = leaders(game)[lid]
    return f"{rec['seat']}'s {section(game)['kinds'][rec['kind']]['title']} ({lid})"


def home_site(game: Game, seat: str) -> str | None:
    """The seat's home planet (``leaders.homes``), if it holds it."""
    at = section(game)["homes"].get(seat)
    if at is None:
        return None
    pos = parse_pos(str(at))
    for s in game.state.sites.values():
        if s.pos == pos:
            return s.id
    return None


def place_all(game: Game) -> None:
    """RL.2: every seat's leaders start in its home system — on the home planet, or aboard the
    seat's first ship of the type named by ``start`` (a ship next to the home planet)."""
    st = game.state
    recs = leaders(game)
    for seat in st.seats:
        home = home_site(game, seat)
        for kind, spec in section(game)["kinds"].items():
            lid = f"{seat}-{kind}"
            ship = _first_ship(game, seat, spec["start"])
            recs[lid] = {"kind": kind, "seat": seat, "holder": seat, "ship": ship,
                         "planet": None if ship else home}
            game.emit("leader_placed", leader=lid, leader_kind=kind, owner=seat, ship=ship,
                      planet=None if ship else home, rule="RL.2")


def _first_ship(game: Game, seat: str, unit: str) -> str | None:
    if unit == "planet":
        return None
    for t in game.state.tokens.values():
        if t.owner == seat and t.type == unit:
            return t.id
    return None


# Every list of leaders is in id order: a save writes the records sorted, so insertion order
# would differ between a game and its restored copy (and the d10s would go to other leaders).
def on_ship(game: Game, tid: str) -> list[str]:
    """The leaders aboard ship ``tid``, in id order."""
    return sorted(k for k, r in leaders(game).items() if r["ship"] == tid)


def on_planet(game: Game, sid: str) -> list[str]:
    """The leaders on planet ``sid``, in id order."""
    return sorted(k for k, r in leaders(game).items() if r["planet"] == sid)


def captives_of(game: Game, holder: str) -> list[str]:
    """The captives ``holder`` keeps, in id order."""
    return sorted(k for k, r in leaders(game).items()
                  if r["holder"] == holder and not r["ship"] and not r["planet"])
