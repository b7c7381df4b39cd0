"""Terminal view: asteroid glyphs (class + marker + owner) and status lines (track, shuttles)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from plugins.asteroid_belt import model

if TYPE_CHECKING:
    from engine.game import Game

MARK = {"target": "t", "flag": "f", "mine": "M"}


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
    cls = str(model.kind(game, s).get("class", "?"))
    if not name:
        return cls
    return f"{cls}{MARK[name]}{(seat or '?')[:1]}"


def _site_at(game: Game, pos: tuple[int, int]):
    index = game.scenario.__dict__.setdefault("_ab_site_index", {})
    sid = index.get(pos)
    if sid is None:
        for s in game.state.sites.values():
            index[s.pos] = s.id
        sid = index.get(pos)
    return game.state.sites.get(sid) if sid else None


def status_lines(game: Game) -> list[str]:
    st = game.state
    track = int(model.param(game, "track_length", 15))
    lines = [("legend: N=asteroid class, t/f/M = Target/Flag/Mine + owner initial, "
              "@=portal (@$ cargo shuttle), #e/#a/#s Aborigines, xE/xA/xS/xX/xH = seat x's "
              "engineer/assault/scout/elite/shuttle; ':' lane, '~' red, '.' plain")]
    for seat in st.seats:
        p = st.players[seat]
        pts = p.counters.get("points", 0)
        bar = "#" * min(pts, track) + "-" * max(track - pts, 0)
        ab = ",".join(p.attrs.get("abilities", [])) or "-"
        armed = ",".join(p.attrs.get("armed", []))
        lines.append(f"  {seat:<7} track [{bar}] {pts}/{track}  resources {p.counters.get('resources', 0)}"
                     f"  elite tokens: {ab}" + (f" (armed: {armed})" if armed else ""))
        for sh in model.shuttles_of(game, seat):
            inside = ", ".join(f"{t.id}({t.type})" for t in st.carried_by(sh.id)) or "empty"
            where = f"{sh.pos[0]},{sh.pos[1]}" if sh.pos else "?"
            lines.append(f"          shuttle {sh.id} at {where}: {inside}")
    cargo = st.attrs.get("cargo")
    if cargo:
        s = st.sites[cargo]
        lines.append(f"  cargo shuttle at {cargo} ({s.pos[0]},{s.pos[1]})")
    return lines
