"""The terminal view: the board as text, the players' counters and pools, plugin status lines.

Each cell shows a token (owner initial in upper or lower case + unit glyph, + the value of the
counter the scenario shows, ``unit_counters: NAME: {show: true}``), else a site glyph
(plugins may draw sites, e.g. an asteroid's class and marker), else the cell type's glyph.

``paint(text, style)``, where given (the ``dg`` command passes one on a colour terminal), wraps a
piece of text in a style — an owner's colour (:mod:`distant_galaxy.play.palette`) or ``"bold"``;
without it the text is exactly the plain form pipes and tests see.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import EngineError
from distant_galaxy.play.palette import palette_of
from distant_galaxy.scenario.score import final_score
from distant_galaxy.text import close_matches, count_of, shorten

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import Token
    from distant_galaxy.core.view import GameLike, GameView
    from distant_galaxy.scenario.model import Scenario

Pos = tuple[int, int]
Paint = Callable[[str, "str | None"], str]
"""``paint(text, style)``: the text wrapped in a style (a ``#rrggbb`` colour or ``"bold"``)."""


def shown_counter(scenario: Scenario) -> str | None:
    """The unit counter drawn on each token's cell (``unit_counters: NAME: {show: true}``: Kalah's
    seeds), or None."""
    for name, spec in scenario.unit_counters.items():
        if isinstance(spec, dict) and spec.get("show"):
            return str(name)
    return None


def shown_value(game: GameLike, tok: Token) -> str | None:
    """The text of the shown counter of ``tok`` (:func:`shown_counter`), None when the scenario
    shows none or the token's type does not carry it."""
    name = shown_counter(game.scenario)
    if name is None or not (name in tok.attrs
                            or name in game.scenario.unit_types.get(tok.type, {})):
        return None
    return str(game.token_counter(tok, name))


def token_glyph(game: GameLike, pos: Pos) -> str | None:
    tok = game.state.token_at(pos)
    if tok is None:
        return None
    unit = game.scenario.unit_types.get(tok.type, {})
    glyph = str(unit.get("glyph", tok.type[:1].upper()))
    value = shown_value(game, tok)
    if value is not None:  # the counter the author shows, after the owner's mark
        glyph += value
    if tok.owner is None:
        return glyph
    if unit.get("glyph_only"):
        return glyph
    return game.scenario.seat_letter(tok.owner) + glyph


def cell_glyph(game: GameLike, pos: Pos) -> str:
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


def _site_at(game: GameLike, pos: Pos) -> str | None:
    return game.scenario.site_cells.get(pos)


def no_such_seat(name: str, seats: list[str]) -> EngineError:
    """The error of a ``--seat NAME`` that is no seat of the game, with a guess."""
    near = close_matches(name, seats)
    guess = f"; did you mean '{near[0]}'?" if near else ""
    return EngineError(f"--seat {shorten(name)}: no such seat in this game{guess} (seats: "
                       f"{', '.join(seats)})")


def seen(game: Game, seat: str | None = None) -> GameView:
    """What ``seat`` may see of ``game`` — ``game.view(seat)``, the one source of what a player
    may see; ``None``: what every player may see (``dg show``, ``dg render``, ``dg replay
    --html``); the renderers take it as controllers do. A seat that is not one of the game's is
    an error."""
    if seat is not None and seat not in game.state.seats:
        raise no_such_seat(seat, list(game.state.seats))
    return game.view(seat)


def view_json(game: GameView, seat: str | None) -> dict[str, Any]:
    """A view of a game (:func:`seen`) as ``dg show --json`` and ``dg render --json`` print it:
    ``seat`` (None: what every player may see), ``round``, ``over``, ``result`` and the
    ``state`` as that view holds it (hidden values masked)."""
    return {"seat": seat, "round": game.state.round, "over": game.over, "result": game.result,
            "state": game.state.to_json()}


def visible(events: list[dict[str, Any]], seat: str | None) -> list[dict[str, Any]]:
    """The events ``seat`` (None: every player) may see: an event with ``visible_to`` only for
    those seats (the referee's, ``visible_to: []``, for nobody)."""
    return [e for e in events if "visible_to" not in e or seat in e["visible_to"]]


def has_board(scenario: Scenario) -> bool:
    """Whether the scenario's map is worth drawing: something can stand on it (a unit type, a
    site) or a plugin may draw it. A dice race such as Pig has none: no board is drawn."""
    return bool(scenario.unit_types or scenario.map_sites or scenario.data.get("plugins"))


def render_board(game: GameLike, paint: Paint | None = None, legend: bool = True) -> str:
    """The board (when the scenario has one, :func:`has_board`), then one line per player,
    then the plugins' status lines and (``legend``) their key to the board's glyphs."""
    lines = []
    if has_board(game.scenario):
        painter = None if paint is None else _cell_painter(game, paint)
        lines.append(game.scenario.grid.render(lambda p: cell_glyph(game, p), painter))
    text = [render_players(game, paint)]
    if game.scenario.unit_counters:
        text.extend(render_unit_counters(game))
    for group in game.hook.dg_status_lines(game=game):
        text.extend(group or [])
    if legend:
        text.extend(legend_lines(game))
    lines.extend(fitted_lines(text))
    return "\n".join(lines)


def fitted_lines(text: list[str]) -> list[str]:
    """Status lines (each may hold several) as lines of the terminal's usual width (:func:`fit`)."""
    return [fitted for line in "\n".join(text).split("\n") for fitted in fit(line)]


def legend_lines(game: GameLike) -> list[str]:
    """The plugins' key to the board's glyphs (``dg_legend_lines``), as ``render_board`` prints
    it under the status lines."""
    return [line for group in game.hook.dg_legend_lines(game=game) for line in group or []]


def render_legend(game: GameLike) -> str:
    """The board's key alone, fitted as ``render_board`` fits it ("": the scenario has none)."""
    key = legend_lines(game)
    return "\n".join(fitted_lines(key)) if key else ""


#: The width the status lines under a board are wrapped to (a terminal's usual 80 columns).
LINE_WIDTH = 80

_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


def fit(line: str, width: int = LINE_WIDTH) -> list[str]:
    """A status line as lines of at most ``width`` visible characters, wrapped between words,
    each further line indented two more than the first (a colour's escape codes are no width
    for the test, though ``textwrap`` counts them where it wraps)."""
    if len(_ESCAPES.sub("", line)) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
    return textwrap.wrap(line, width=width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [line]


def _cell_painter(game: GameLike, paint: Paint) -> Callable[[Pos, str], str]:
    """Cells with a token in its owner's colour, owned sites in theirs, the rest plain."""
    pal = palette_of(game.scenario)

    def painter(pos: Pos, text: str) -> str:
        tok = game.state.token_at(pos)
        if tok is not None:
            return paint(text, pal.seat(tok.owner))
        owner = next((s.owner for s in game.state.sites.values() if s.pos == pos and s.owner),
                     None)
        return paint(text, pal.seat(owner)) if owner else text

    return painter


def render_players(game: GameLike, paint: Paint | None = None) -> str:
    st = game.state
    pal = palette_of(game.scenario) if paint else None

    def name(seat: str | None) -> str:
        if paint is None or pal is None or seat not in st.players:
            return str(seat)
        return paint(seat, pal.seat(seat))

    if st.result is not None:
        head = f"round {st.round}: the game is over"
    else:
        head = f"round {st.round}, {name(st.active_seat)}'s turn" + (
            f" — {name(st.pending.seat)} decides: {st.pending.kind}" if st.pending else "")
    out = [head]
    order = [k for k, spec in game.scenario.counters.items() if in_status(spec)]
    bare: list[str] = []  # seats with a faction and nothing else to show: one line for all
    for seat in st.seats:
        p = st.players[seat]
        parts = [f"{k} {p.counters[k]}" for k in order if k in p.counters]
        parts += [f"{pool}: " + ", ".join(count_of(n, u) for u, n in sorted(units.items()))
                  for pool, units in p.pools.items() if units]
        faction = f" ({p.faction})" if p.faction and p.faction != seat else ""
        if parts:
            out.append(f"  {name(seat)}{faction}: " + "; ".join(parts))
        elif faction:
            bare.append(f"{name(seat)}{faction}")
    if bare:
        out.insert(1, "  " + ", ".join(bare))
    return "\n".join(out)


def in_status(spec: Any) -> bool:
    """Whether a counter (``counters:`` or ``unit_counters:``) is printed in the status lines:
    not with ``status: false`` (a helper counter of the rules, such as Kalah's ``last``), nor,
    for a unit counter, with ``show: true`` (it is drawn on the board)."""
    return not isinstance(spec, dict) or (spec.get("status", True) is not False
                                          and not spec.get("show"))


def render_unit_counters(game: GameLike) -> list[str]:
    """One line per owner (``no seat`` for the tokens of none): each token on the board with
    its counters (``unit_counters:``), and the value it started at when it differs, e.g.
    ``  red: R1 hull 3 (start 6), R2 hull 4``."""
    names = [n for n, spec in game.scenario.unit_counters.items() if in_status(spec)]
    types = game.scenario.unit_types
    by_owner: dict[str, list[str]] = {}
    for tok in sorted(game.state.tokens.values(), key=lambda t: (len(t.id), t.id)):
        if tok.pos is None:
            continue
        parts = [_counter_text(n, game.token_counter(tok, n), types.get(tok.type, {}).get(n, 0))
                 for n in names if n in tok.attrs or n in types.get(tok.type, {})]
        if parts:
            by_owner.setdefault(tok.owner or "no seat", []).append(f"{tok.id} {' '.join(parts)}")
    return [f"  {owner}: {', '.join(items)}" for owner, items in by_owner.items()]


def _counter_text(name: str, value: Any, start: Any) -> str:
    """``hull 3 (start 6)``, or ``hull 6`` while it is at its start."""
    return f"{name} {value}" + ("" if value == start else f" (start {start})")


def render_result(game: GameLike, paint: Paint | None = None) -> str:
    """``orange wins — reason (round N)``; the outcome in bold (and the winner's colour) when
    ``paint`` is given."""
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
    if paint is not None:
        colour = palette_of(game.scenario).seats.get(str(who)) if who else None
        head = paint(head, f"bold {colour}" if colour else "bold")
    score = final_score(game)
    shown = "" if score is None else ": " + ", ".join(f"{seat} {value}" for seat, value in score)
    return f"{head} — {res.get('reason')} (round {res.get('round')}){shown}"
