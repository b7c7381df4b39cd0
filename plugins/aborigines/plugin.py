"""The plugin object of Episode 5 — Clash with the Aborigines: the hook implementations,
each delegating to the modules of the package (``aborigines/__init__.py`` says what each holds)."""

from __future__ import annotations

from typing import Any

from distant_galaxy import hookimpl
from distant_galaxy.core.actions import parse_pos
from distant_galaxy_episodes.aborigines import civ
from distant_galaxy_episodes.aborigines.bots import CivBot
from distant_galaxy_episodes.aborigines.model import ABORIGINES, CENTRE, CIVS, model, model_of
from distant_galaxy_episodes.aborigines.priorities import compile_tables, register_functions
from distant_galaxy_episodes.aborigines.schema import SECTION
from distant_galaxy_episodes.aborigines.turn import aborigine_turn


@hookimpl
def dg_schema_sections() -> dict[str, Any]:
    return {"aborigines": SECTION}


@hookimpl
def dg_rule_functions(registry: Any) -> None:
    register_functions(registry)


@hookimpl
def dg_validate_scenario(scenario: Any) -> list[Any]:
    errors = list(compile_tables(scenario))
    m = model(scenario)
    if sorted(m.portals) != list(range(1, len(m.portals) + 1)) or not m.portals:
        errors.append(scenario.error("portals must be labelled P1..Pn (1 top-left, clockwise); "
                                     f"found {sorted(m.portals)}", "map", "legend"))
    table = scenario.data.get("aborigines", {}).get("reinforcement_table", "reinforcements")
    if table not in scenario.tables:
        errors.append(scenario.error(f"no dice table '{table}'", "aborigines"))
    return errors


@hookimpl
def dg_action_kinds(scenario: Any) -> list[Any]:
    return civ.action_kinds()


@hookimpl
def dg_setup(game: Any) -> None:
    m = model_of(game)
    st = game.state
    st.attrs[CENTRE] = {k: int(v) for k, v in m.n("centre", {}).items()}
    by_pos = {s.pos: s for s in st.sites.values()}
    for seat, at in m.n("homes", {}).items():
        if seat in st.players:
            site = by_pos.get(parse_pos(str(at)))
            if site is not None:
                site.owner = seat
                game.emit("planet", planet=site.id, owner=seat, reason="home system")
    for seat in st.seats:
        fac = game.scenario.factions.get(st.players[seat].faction or "", {}) or {}
        if fac.get("extra_planet"):
            site = by_pos.get(parse_pos(str(fac["extra_planet"])))
            if site is not None:
                site.owner = seat
                site.attrs = {**site.attrs, "level": int(fac.get("extra_planet_level", 3))}
                game.emit("planet", planet=site.id, owner=seat, level=site.attrs["level"],
                          reason="level-3 planet outside the portal zones", rule="R5.4")
    for item in m.n("start", []) or []:
        pos = parse_pos(str(item["at"]))
        tok = st.add_token(item["type"], None, pos, prefix="A")
        game.emit("place", token=tok.id, unit=tok.type, owner=None, to=list(pos), reason="setup")


@hookimpl
def dg_run_phase(game: Any, phase: dict[str, Any]) -> bool | None:
    if phase.get("auto") != "aborigine_turn":
        return None
    aborigine_turn(game)
    return True


@hookimpl
def dg_turn_start(game: Any, seat: str) -> None:
    """A new turn of ``seat``: its ships may move and act again; its cruisers' shots expire."""
    for t in game.state.tokens.values():
        if t.owner == seat and t.attrs:
            t.attrs = {}


@hookimpl
def dg_check_victory(game: Any) -> dict[str, Any] | None:
    m = model_of(game)
    st = game.state
    closed = m.closed_count(st)
    if closed >= int(m.n("victory", {}).get("closed_portals", 3)):
        return {"winner": ABORIGINES, "reason": f"the Aborigines closed {closed} portals",
                "rule": "R5.1"}
    held = m.held_count(st)
    if held >= int(m.n("victory", {}).get("held_zones", 4)):
        return {"winner": CIVS, "reason": f"the civilizations hold {held} portal zones",
                "rule": "R5.2"}
    return None


@hookimpl
def dg_limit_result(game: Any) -> dict[str, Any] | None:
    m = model_of(game)
    return {"winner": CIVS, "rule": "R5.2",
            "reason": f"turn limit {game.scenario.limits.get('rounds')} reached: the Aborigines "
                      f"closed only {m.closed_count(game.state)} portals (R5.3)"}


@hookimpl
def dg_bots() -> dict[str, Any]:
    return {"civ": CivBot}


@hookimpl
def dg_describe_event(game: Any, event: dict[str, Any]) -> str | None:
    from distant_galaxy_episodes.aborigines.describe import describe_event

    return describe_event(game, event)


def seat_letter(game: Any, seat: str) -> str:
    """The letter of a seat on the board (its ``glyph``, else its initial), upper case."""
    info = next((s for s in game.scenario.seats if s["id"] == seat), {})
    return str(info.get("glyph", seat[:1])).upper()


@hookimpl
def dg_cell_glyph(game: Any, pos: tuple[int, int]) -> str | None:
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


@hookimpl
def dg_status_lines(game: Any) -> list[str]:
    m = model_of(game)
    st = game.state
    lines = []
    for n in m.portals:
        abo = m.aborigines_in(st, n)
        counts = {k: sum(1 for t in abo if t.type == k) for k in m.ship_types}
        kinds = ", ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in counts.items() if n)
        state = "BLOCKED" if m.blocked(st, n) else ("held" if m.held(st, n) else "open")
        lines.append(f"  portal {n}: {state}; Aborigines: {kinds or 'none'}")
    centre = st.attrs.get(CENTRE, {})
    lines.append("  centre: " + ", ".join(f"{v} {k}" for k, v in centre.items())
                 + f" | closed {m.closed_count(st)}/3, held {m.held_count(st)}/4")
    lines += seat_lines(game)
    lines += legend(game)
    lines += st.attrs.get("ab_report", [])
    return lines


def legend(game: Any) -> list[str]:
    """What the board's letters mean, built from the scenario's unit types."""
    units = game.scenario.unit_types
    seat = game.state.seats[0]
    civ = [u for u, spec in units.items() if "civ" in spec.get("tags", [])]
    abo = [u for u, spec in units.items() if "aborigine" in spec.get("tags", [])]
    civ_glyphs = " ".join(seat[0] + str(units[u].get("glyph", u[0].upper())) for u in civ)
    abo_glyphs = " ".join(str(units[u].get("glyph", u[0])) for u in abo)
    return ["legend: 1-6 portal (X blocked); o zone planet; H/L system; # centre;",
            "  a held planet shows its owner's letter (@: an Aborigine colony)",
            f"  {civ_glyphs}: {seat}'s {'/'.join(civ)}; {abo_glyphs}: Aborigine {'/'.join(abo)}"]


def seat_lines(game: Any) -> list[str]:
    """Per seat: its letter, ships on the board (id type cell) and planets held."""
    st = game.state
    out = []
    for seat in st.seats:
        ships = [t for t in st.tokens.values() if t.owner == seat and t.pos is not None]
        fleet = ", ".join(f"{t.id} {t.type} {t.pos[0]},{t.pos[1]}" for t in ships) or "none"
        planets = [s for s in st.sites.values() if s.owner == seat]
        held = ", ".join(f"{s.id} {s.pos[0]},{s.pos[1]}" for s in planets) or "none"
        line = f"  {seat} [{seat_letter(game, seat)}]: {len(ships)} ships: {fleet}"
        more = f"planets held: {held}"
        if len(line) + len(more) + 3 <= 100:
            out.append(f"{line} | {more}")
        else:
            out += [line, " " * (len(seat) + 7) + more]
    return out


@hookimpl
def dg_invariants(game: Any) -> list[str]:
    m = model_of(game)
    bad = []
    for t in game.state.tokens.values():
        if m.is_aborigine(t) and m.portal_of(t) is None:
            bad.append(f"Aborigine ship {t.id} at {t.pos} is outside every portal zone")
    if any(v < 0 for v in game.state.attrs.get(CENTRE, {}).values()):
        bad.append("negative count in the central area")
    return bad
