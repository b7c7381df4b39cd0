"""The terminal view: the board as text, the players' counters and pools, plugin status lines.

Each cell shows a token (owner initial in upper or lower case + unit glyph), else a site glyph
(plugins may draw sites, e.g. an asteroid's class and marker), else the cell type's glyph.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from distant_galaxy.play.narrate import count_of

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game

Pos = tuple[int, int]


def token_glyph(game: Game, pos: Pos) -> str | None:
    tok = game.state.token_at(pos)
    if tok is None:
        return None
    unit = game.scenario.unit_types.get(tok.type, {})
    glyph = str(unit.get("glyph", tok.type[:1].upper()))
    if tok.owner is None:
        return glyph
    seat = next((s for s in game.scenario.seats if s["id"] == tok.owner), {})
    mark = str(seat.get("glyph", tok.owner[:1]))
    if unit.get("glyph_only"):
        return glyph
    return mark + glyph


def cell_glyph(game: Game, pos: Pos) -> str:
    """What the board shows at ``pos``."""
    tok = token_glyph(game, pos)
    if tok is not None:
        return tok
    custom = game.hook.dg_cell_glyph(game=game, pos=pos)
    if custom is not None:
        return custom
    site = _site_at(game, pos)
    if site is not None:
        kind = game.scenario.site_kinds.get(site, {})
        return str(kind.get("glyph", site[:1].upper()))
    ctype = game.scenario.grid.cell_type(pos)
    return str(game.scenario.cell_types.get(ctype, {}).get("glyph", "."))


def _site_at(game: Game, pos: Pos) -> str | None:
    return game.scenario.site_cells.get(pos)


def render_board(game: Game) -> str:
    """The board, then one line per player, then the plugins' status lines."""
    grid = game.scenario.grid
    lines = [grid.render(lambda p: cell_glyph(game, p))]
    lines.append(render_players(game))
    if game.scenario.unit_counters:
        lines.extend(render_unit_counters(game))
    for group in game.hook.dg_status_lines(game=game):
        lines.extend(group or [])
    return "\n".join(lines)


def render_players(game: Game) -> str:
    st = game.state
    if st.result is not None:
        head = f"round {st.round}: the game is over"
    else:
        head = f"round {st.round}, {st.active_seat}'s turn" + (
            f" — {st.pending.seat} decides: {st.pending.kind}" if st.pending else "")
    out = [head]
    order = list(game.scenario.counters)
    for seat in st.seats:
        p = st.players[seat]
        parts = [f"{k} {p.counters[k]}" for k in order if k in p.counters]
        parts += [f"{name}: " + ", ".join(count_of(n, u) for u, n in sorted(units.items()))
                  for name, units in p.pools.items() if units]
        faction = f" ({p.faction})" if p.faction and p.faction != seat else ""
        if parts or faction:
            out.append(f"  {seat}{faction}" + (": " + "; ".join(parts) if parts else ""))
    return "\n".join(out)


def render_unit_counters(game: Game) -> list[str]:
    """One line per owner: each token on the board with its counters (``unit_counters:``) as
    value/start, e.g. ``  red: R1 hull 3/6, R2 hull 4/4``."""
    names = list(game.scenario.unit_counters)
    types = game.scenario.unit_types
    by_owner: dict[str, list[str]] = {}
    for tok in sorted(game.state.tokens.values(), key=lambda t: (len(t.id), t.id)):
        if tok.pos is None:
            continue
        parts = [f"{n} {game.token_counter(tok, n)}/{types.get(tok.type, {}).get(n, 0)}"
                 for n in names if n in tok.attrs or n in types.get(tok.type, {})]
        if parts:
            by_owner.setdefault(tok.owner or "neutral", []).append(f"{tok.id} {' '.join(parts)}")
    return [f"  {owner}: {', '.join(items)}" for owner, items in by_owner.items()]


def render_result(game: Game) -> str:
    res = game.result
    if res is None:
        return "the game is not over"
    who = res.get("winner")
    if not who:
        head = "a draw"
    elif who in game.state.seats:
        head = f"{who} wins"
    else:  # a side rather than a seat (episode 5: aborigines / civilizations)
        head = f"the {who} win"
    return f"{head} — {res.get('reason')} (round {res.get('round')})"
