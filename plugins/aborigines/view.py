"""What the terminal board shows of episode 5: cell glyphs, the status lines under the board
(portals, the central area with the victory counts, the seats) and the legend.

Every number shown comes from the scenario: the thresholds of ``aborigines.victory`` and the
portals of the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy import count_of
from distant_galaxy_episodes.aborigines.model import ABORIGINES, CENTRE, model_of

if TYPE_CHECKING:
    from distant_galaxy import Game

Pos = tuple[int, int]
LINE_WIDTH = 100  # a seat's line and its planets share one line up to this width


def seat_letter(game: Game, seat: str) -> str:
    """The letter of a seat on the board (its ``glyph``, else its initial), upper case."""
    info = next((s for s in game.scenario.seats if s["id"] == seat), {})
    return str(info.get("glyph", seat[:1])).upper()


def cell_glyph(game: Game, pos: Pos) -> str | None:
    """Portals show their number (X when blocked); planets and systems their owner's letter
    (@ the Aborigines), free zone planets o (free systems keep their site glyph)."""
    m = model_of(game)
    st = game.state
    for n, p in m.portal_pos.items():
        if p == pos:
            return "X" if m.blocked(st, n) else str(n)
    for s in st.sites.values():
        if s.pos != pos or s.kind == m.n("portal_site", "portal"):
            continue
        if s.owner == ABORIGINES:
            return "@"
        if s.owner:
            return seat_letter(game, s.owner)
        if s.kind == m.n("planet_site", "planet"):
            return "o"
    return None


def status_lines(game: Game) -> list[str]:
    """Per portal its state and Aborigine ships, the central area and the victory counts, the
    seats and the last Aborigine turn (the legend: :func:`legend`)."""
    m = model_of(game)
    st = game.state
    lines = []
    for n in m.portals:
        abo = m.aborigines_in(st, n)
        counts = {k: sum(1 for t in abo if t.type == k) for k in m.ship_types}
        kinds = ", ".join(f"{c} {k}{'s' if c > 1 else ''}" for k, c in counts.items() if c)
        state = "BLOCKED" if m.blocked(st, n) else ("held" if m.held(st, n) else "open")
        lines.append(f"  portal {n}: {state}; Aborigines: {kinds or 'none'}")
    centre = st.attrs.get(CENTRE, {})
    order = {k: i for i, k in enumerate(m.ship_types)}  # the scenario's order, save or not
    lines.append("  centre: " + ", ".join(f"{centre[k]} {k}" for k in sorted(
        centre, key=lambda k: (order.get(k, len(order)), k)))
                 + f" | closed {m.closed_count(st)}/{m.param('victory', 'closed_portals')}, "
                 f"held {m.held_count(st)}/{m.param('victory', 'held_zones')}")
    lines += seat_lines(game)
    lines += st.attrs.get("ab_report", [])
    return lines


def legend(game: Game) -> list[str]:
    """What the board's letters mean, built from the scenario's portals and unit types."""
    units = game.scenario.unit_types
    seat = game.state.seats[0]
    civ = [u for u, spec in units.items() if "civ" in spec.get("tags", [])]
    abo = [u for u, spec in units.items() if "aborigine" in spec.get("tags", [])]
    civ_glyphs = " ".join(seat[0] + str(units[u].get("glyph", u[0].upper())) for u in civ)
    abo_glyphs = " ".join(str(units[u].get("glyph", u[0])) for u in abo)
    portals = sorted(model_of(game).portals)
    numbers = f"{portals[0]}-{portals[-1]}" if len(portals) > 1 else str(portals[0])
    return [f"legend: {numbers} portal (X blocked); o zone planet; H/L system; # centre;",
            "  a held planet shows its owner's letter (@: an Aborigine colony)",
            f"  {civ_glyphs}: {seat}'s {'/'.join(civ)}; {abo_glyphs}: Aborigine {'/'.join(abo)}"]


def seat_lines(game: Game) -> list[str]:
    """Per seat: its letter, ships on the board (id type cell) and planets held."""
    st = game.state
    out = []
    for seat in st.seats:
        ships = [(t, at) for t in st.tokens.values() if t.owner == seat and (at := t.pos) is not None]
        fleet = ", ".join(f"{t.id} {t.type} {x},{y}" for t, (x, y) in ships) or "none"
        planets = [s for s in st.sites.values() if s.owner == seat]
        held = ", ".join(f"{s.id} {s.pos[0]},{s.pos[1]}" for s in planets) or "none"
        line = f"  {seat} [{seat_letter(game, seat)}]: {count_of(len(ships), 'ship')}: {fleet}"
        more = f"planets held: {held}"
        if len(line) + len(more) + 3 <= LINE_WIDTH:
            out.append(f"{line} | {more}")
        else:
            out += [line, " " * (len(seat) + 7) + more]
    return out
