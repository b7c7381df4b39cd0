"""Terminal view: asteroid glyphs (class + marker + owner) and status lines (track, shuttles)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy import StashKey
from distant_galaxy_episodes.asteroid_belt import model

if TYPE_CHECKING:
    from distant_galaxy import Game, Site

#: cell → id of the site there (the sites of a scenario never move), made on first use.
SITE_INDEX = StashKey[dict[tuple[int, int], str]]()

MARK = {"target": "T", "flag": "F", "mine": "M"}
LEGEND_TAIL = [
    "  @ portal (@$ cargo shuttle); ':' lane; '~' red (shuttles); '.' plain (elites)",
    "  ids: asteroid-C-N = N-th class-C asteroid, reading order; or give its cell x,y",
]


def legend(game: Game) -> list[str]:
    """The legend, with the unit glyphs of this scenario (a mod's new unit type included)."""
    sec = game.scenario.data.get("asteroid_belt", {})
    units = game.scenario.unit_types
    civ = [u for u in sec.get("unit_types", []) if u in units]
    shuttle = sec.get("shuttle_type", "shuttle")
    if shuttle in units:
        civ.append(shuttle)
    seat = game.state.seats[0]
    glyphs = " ".join(seat[0] + str(units[u].get("glyph", u[0].upper())) for u in civ)
    names = "/".join(civ)
    abos = [u for u in sec.get("aborigine_types", []) if u in units]
    abo_glyphs = " ".join(str(units[u].get("glyph", "#")) for u in abos)
    abo_names = "/".join(u.replace("aborigine-", "") for u in abos)
    return [*legend_head(game),
            f"  {glyphs}: {seat}'s {names};",
            f"  {abo_glyphs} Aborigine {abo_names} (defenders, played by the next seat)",
            *LEGEND_TAIL]


def legend_head(game: Game) -> list[str]:
    """The legend's first lines: the scenario's asteroid glyphs and classes (issue 10 item 7),
    and the first seat's marker glyphs."""
    kinds = [k for k in game.scenario.site_kinds.values() if k.get("asteroid")]
    kinds.sort(key=lambda k: str(k.get("class", "")))
    glyphs = " ".join(str(k.get("glyph", k.get("class", "?"))) for k in kinds)
    classes = "/".join(str(k.get("class", "?")) for k in kinds)
    what = "(its class)" if glyphs.replace(" ", "/") == classes else f"of class {classes}"
    seat = game.state.seats[0]
    mark = seat_mark(game, seat)
    marks = " ".join(mark + MARK[m] for m in ("target", "flag", "mine"))
    return [f"legend: {glyphs} asteroid {what};",
            f"  {marks} {seat}'s Target/Flag/Mine (see below);"]


def cell_glyph(game: Game, pos: tuple[int, int]) -> str | None:
    site = game.scenario.site_cells.get(pos)
    if site is None:
        return None
    s = _site_at(game, pos)
    if s is None:
        return None
    if model.kind(game, s).get("portal"):
        return "@$" if game.state.attrs.get("cargo") == s.id else "@"
    if not model.is_asteroid(game, s):
        return None
    name, seat = model.marker(s)
    if name and seat:   # the owner's mark + the marker, as units show owner + type (issue 11, 17)
        return seat_mark(game, seat) + MARK[name]
    return str(model.kind(game, s).get("class", "?"))


def seat_mark(game: Game, seat: str) -> str:
    """The seat's board mark (its ``glyph``, else its initial), as the engine draws units."""
    spec = next((s for s in game.scenario.seats if s["id"] == seat), {})
    return str(spec.get("glyph", seat[:1]))


def _site_at(game: Game, pos: tuple[int, int]) -> Site | None:
    index = game.scenario.stash.setdefault(SITE_INDEX, {})
    sid = index.get(pos)
    if sid is None:
        for s in game.state.sites.values():
            index[s.pos] = s.id
        sid = index.get(pos)
    return game.state.sites.get(sid) if sid else None


def status_lines(game: Game) -> list[str]:
    st = game.state
    track = model.param(game, "track_length")
    lines: list[str] = []
    for seat in st.seats:
        p = st.players[seat]
        pts = p.counters.get("points", 0)
        bar = "#" * min(pts, track) + "-" * max(track - pts, 0)
        ab = ",".join(p.attrs.get("abilities", [])) or "-"
        armed = ",".join(p.attrs.get("armed", []))
        lines.append(f"  {seat:<7} [{bar}] {pts}/{track} pts, {p.counters.get('resources', 0)} res,"
                     f" elite: {ab}" + (f" (armed: {armed})" if armed else ""))
        for sh in model.shuttles_of(game, seat):
            inside = ", ".join(f"{t.id}({t.type})" for t in st.carried_by(sh.id)) or "empty"
            where = f"{sh.pos[0]},{sh.pos[1]}" if sh.pos else "?"
            lines.append(f"          shuttle {sh.id} at {where}: {inside}")
    lines.extend(marker_lines(game))
    cargo = st.attrs.get("cargo")
    if cargo:
        s = st.sites[cargo]
        lines.append(f"  cargo shuttle at {cargo} ({s.pos[0]},{s.pos[1]})")
    return lines


def marker_lines(game: Game) -> list[str]:
    """Targets and Flags with their ids and cells; each seat's mines (ids are what actions take;
    an asteroid may also be given by its cell x,y)."""
    st = game.state
    out = []
    for name in ("target", "flag"):
        items = []
        for s in model.asteroids(game):
            if s.markers.get(name):
                cls = model.kind(game, s).get("class", "?")
                left = len(s.attrs.get("reserve_defenders", [])) + sum(
                    1 for t in st.tokens.values() if t.attrs.get("site") == s.id)
                extra = f", {left} defender{'s' if left != 1 else ''} left" \
                    if name == "target" else ""
                items.append(f"{s.id} {s.pos[0]},{s.pos[1]} (class {cls}, "
                             f"{s.markers[name]}{extra})")
        if items:
            out.extend(_wrap(f"  {name}s: ", items))
    for seat in st.seats:
        mines = [f"{s.pos[0]},{s.pos[1]} (class {model.kind(game, s).get('class', '?')})"
                 for s in model.asteroids(game) if s.markers.get("mine") == seat]
        if mines:
            out.extend(_wrap(f"  {seat}'s mines at: ", mines))
    return out


def _wrap(head: str, items: list[str], width: int = 80) -> list[str]:
    lines, cur = [], head
    for i, it in enumerate(items):
        piece = it + (", " if i < len(items) - 1 else "")
        if len(cur) + len(piece.rstrip()) > width and cur.strip():
            lines.append(cur.rstrip())
            cur = " " * 4
        cur += piece
    lines.append(cur.rstrip())
    return lines
