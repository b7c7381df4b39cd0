"""The Aborigine turn before every player's turn (R5.50–R5.53), an automatic phase."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy_episodes.aborigines.colonization import check_colonies
from distant_galaxy_episodes.aborigines.model import CENTRE, model_of
from distant_galaxy_episodes.aborigines.moves import die_direction, entry_cells
from distant_galaxy_episodes.aborigines.priorities import decide

if TYPE_CHECKING:
    from distant_galaxy import Game


def active_fallback(game: Game, rolled: int) -> int | None:
    """R5.51 (*): the nearest portal clockwise (from the rolled one) holding an Aborigine ship.

    The footnote belongs to the "nothing" row only (``fallback: clockwise`` in the table): a
    reinforcement that cannot come (none left in the centre) does not move the activity."""
    m = model_of(game)
    for p in m.clockwise(rolled):
        if m.aborigines_in(game.state, p):
            return p
    return None


def reinforce(game: Game, portal: int, roll: int, row: dict[str, Any]) -> list[str]:
    """R5.51/R5.52: ships of the row come from the centre to the portal's die cell."""
    st = game.state
    centre = dict(st.attrs.get(CENTRE, {}))
    arrived = []
    for type_ in row.get("arrives", []) or []:
        if centre.get(type_, 0) <= 0:
            game.emit("reinforcement_missing", unit=type_, portal=portal,
                      reason="none left in the central area", rule="R5.23")
            continue
        cells = entry_cells(game, type_, portal, roll)
        if not cells:
            game.emit("reinforcement_missing", unit=type_, portal=portal,
                      reason="no free cell within reach of the portal", rule="R5.52")
            continue
        centre[type_] -= 1
        tok = st.add_token(type_, None, cells[0], prefix="A")
        st.attrs[CENTRE] = dict(centre)
        game.emit("ai_arrive", ship=tok.id, unit=type_, portal=portal, to=list(cells[0]),
                  die=roll, rule="R5.52",
                  why="die cell" if cells[0] == _die_cell(game, portal, roll)
                  else "die cell taken: next free cell clockwise")
        arrived.append(tok.id)
    return arrived


def _die_cell(game: Game, portal: int, roll: int) -> tuple[int, int]:
    m = model_of(game)
    c = m.portal_pos[portal]
    dx, dy = die_direction(game, c, roll)
    return (c[0] + dx, c[1] + dy)


def aborigine_turn(game: Game) -> None:
    """The whole Aborigine turn: active portal, reinforcements, each ship's row, colonies."""
    m = model_of(game)
    st = game.state
    game.emit("aborigine_turn", before=st.active_seat, round=st.round, rule="R5.50")
    rolled = game.dice.roll(m.count, purpose="active portal", rule="R5.50")
    # told before the reinforcement die is rolled, so that a person reads the portal first
    game.emit("active_portal", rolled=rolled, portal=rolled, rule="R5.50", why="rolled")
    table = game.scenario.tables[m.n("reinforcement_table", "reinforcements")]
    roll, row = game.dice.roll_table(table, purpose="reinforcements and entry cell", rule="R5.51")
    active = rolled
    arrived = reinforce(game, rolled, roll, row)
    if row.get("fallback") and not m.aborigines_in(st, rolled):
        moved = active_fallback(game, rolled)
        game.emit("active_portal", rolled=rolled, portal=moved, rule="R5.51",
                  why=f"roll {roll}: portal {rolled} has no Aborigine ship: "
                  + ("nearest portal clockwise with one" if moved else
                     "no Aborigine ship at any portal, nothing moves"))
        if moved is None:
            _report(game, rolled, None, roll, arrived, [])
            check_colonies(game)
            return
        active = moved
    order = list(m.n("order", list(m.ship_types)))
    ships = sorted(m.aborigines_in(st, active), key=lambda t: (order.index(t.type),
                                                                _idnum(t.id)))
    done = []
    for ship in ships:
        if ship.id not in st.tokens or m.portal_of(st.tokens[ship.id]) != active:
            continue
        ev = decide(game, st.tokens[ship.id], roll)
        done.append(f"{ship.id}({ship.type}) {ev.get('row') or '-'}→{ev.get('to')}")
    check_colonies(game)
    _report(game, rolled, active, roll, arrived, done)


def _idnum(tid: str) -> int:
    digits = "".join(c for c in tid if c.isdigit())
    return int(digits) if digits else 0


def _report(game: Game, rolled: int, active: int | None, roll: int, arrived: list[str],
            done: list[str]) -> None:
    where = f"portal {active}" if active == rolled else \
        (f"portal {rolled}→{active}" if active else f"portal {rolled} (nobody there)")
    lines = [f"Aborigines before {game.state.active_seat}: {where}, reinforcement die {roll}"
             + (f", arrived {' '.join(arrived)}" if arrived else ", nothing arrived")]
    if done:
        lines.append("  moves: " + "; ".join(done))
    game.state.attrs["ab_report"] = lines
