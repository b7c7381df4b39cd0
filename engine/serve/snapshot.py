"""What one client is sent: a snapshot of the game built from ``game.view(seat)`` alone.

A seat's snapshot reads nothing but that seat's view (a spectator's: the public view, the view
of no seat): the board as :func:`~distant_galaxy.play.render_svg.render_svg` draws the view, the
events that seat may see told in the prompt's words (:func:`~distant_galaxy.play.narrate.narrate`,
since the seat's last decision, as the terminal prompt tells them), the legal actions when it is
that seat's decision, the standing and the result. docs/serve.md lists the fields.

In a hot-seat game, between hand-overs (the pending human seat is not the one that decided last)
the snapshot is masked until the next player says "I am here" (``here``, the ``seat`` query
parameter): no board, no narration, no actions, no standing — the next seat's view is not sent
to the screen before that player is at it.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, cast

from distant_galaxy.core.actions import Action
from distant_galaxy.core.verbs import typed
from distant_galaxy.core.view import GameView
from distant_galaxy.errors import EngineError
from distant_galaxy.play.controllers import action_help
from distant_galaxy.play.narrate import narrate
from distant_galaxy.play.palette import palette_of
from distant_galaxy.play.render import render_board, render_legend, render_result
from distant_galaxy.play.render_svg import render_svg
from distant_galaxy.serve.links import HOT_SEAT

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.serve.host import GameHost

#: How many lines of what happened a spectator is sent (the latest).
SPECTATOR_LINES = 40

#: The most lines of "since your last decision" a snapshot carries (the latest); the page says
#: how many earlier ones are left out and fetches them all from ``/api/narration`` when asked.
MAX_LINES = 400

_CELL = re.compile(r"^(-?\d+),(-?\d+)$")


def view_of(game: Game, seat: str | None) -> GameView:
    """The view of ``seat``; of nobody (the public) for ``None``."""
    return game.view(cast(str, seat))


def action_targets(view: GameView, action: Action) -> tuple[str | None, list[list[int]]]:
    """The unit an action names and the cells it names, for clicking on the board: from its
    typed arguments (:func:`~distant_galaxy.core.verbs.typed`: the first ``unit`` argument's
    token, every ``cell`` argument); for a kind that declares no types, from its text."""
    try:
        parsed = typed(cast("Game", view), action)
    except EngineError:
        return text_targets(view, action)
    pairs = parsed.arguments()
    if all(param.kind == "word" for param, _ in pairs):
        return text_targets(view, action)
    unit: str | None = None
    cells: list[list[int]] = []
    for param, value in pairs:
        if param.kind == "unit" and unit is None:
            unit = getattr(value, "id", None)
        else:  # a cell's own cell; a column's cells (Connect Four's drop); most others none
            cells.extend([int(x), int(y)] for x, y in param.cells(value))
    return unit, cells


def text_targets(view: GameView, action: Action) -> tuple[str | None, list[list[int]]]:
    """An action's unit and cells read from its text: the first argument that is a token id of
    the view, and every argument written ``x,y``."""
    tokens = view.state.tokens
    unit: str | None = None
    cells: list[list[int]] = []
    for arg in action.args:
        found = _CELL.match(arg)
        if found:
            cells.append([int(found.group(1)), int(found.group(2))])
        elif unit is None and arg in tokens:
            unit = arg
    return unit, cells


def actions_of(view: GameView) -> list[dict[str, Any]]:
    """Every legal action of the pending decision, with its verb, unit and cells."""
    out = []
    for action in view.legal_actions():
        unit, cells = action_targets(view, action)
        out.append({"text": str(action), "verb": action.verb, "unit": unit, "cells": cells})
    return out


def narration(host: GameHost, view: GameView, seat: str | None) -> tuple[list[str], int]:
    """What happened since ``seat``'s last decision — the latest :data:`MAX_LINES` lines —
    and how many earlier lines are left out (a spectator: the latest lines, none counted)."""
    events = view.events
    if seat is None:
        return narrate(cast("Game", view), events[-4 * SPECTATOR_LINES:])[-SPECTATOR_LINES:], 0
    lines = all_lines(host, view, seat)
    return lines[-MAX_LINES:], max(0, len(lines) - MAX_LINES)


def all_lines(host: GameHost, view: GameView, seat: str) -> list[str]:
    """Every line of what happened since ``seat``'s last decision, as the terminal prompt
    tells them."""
    events = view.events
    start = host.seen.get(seat, 0)
    if start > len(events):
        start = 0
    return narrate(cast("Game", view), events[start:])


def full_narration(host: GameHost, who: str, here: str | None = None) -> dict[str, Any]:
    """``/api/narration``: every line since the seat's last decision (hot seat: nothing
    between hand-overs, as in the snapshot)."""
    with host.lock:
        seat = host.seat_for(who)
        if seat is None or masked(host, who, seat, here):
            return {"decision": host.decision, "you": seat, "lines": []}
        view = view_of(host.game, seat)
        return {"decision": host.decision, "you": seat, "lines": all_lines(host, view, seat)}


def standing(view: GameView) -> list[dict[str, Any]] | None:
    """Each seat's counters (in the scenario's order: Victory Points…) and pools, or None when
    the scenario keeps none."""
    st = view.state
    order = list(view.scenario.counters)
    rows = []
    for seat in st.seats:
        p = st.players[seat]
        counters = {k: p.counters[k] for k in order if k in p.counters}
        pools = {pool: dict(units) for pool, units in p.pools.items() if units}
        rows.append({"seat": seat, "counters": counters, "pools": pools})
    return rows if any(r["counters"] or r["pools"] for r in rows) else None


def seats_of(host: GameHost) -> list[dict[str, Any]]:
    game = host.game
    pal = palette_of(game.scenario)
    return [{"seat": s, "faction": game.state.players[s].faction,
             "controller": host.kinds.get(s, "?"), "connected": host.is_connected(s),
             "colour": pal.seat(s)} for s in game.state.seats]


def snapshot(host: GameHost, who: str | None, here: str | None = None) -> dict[str, Any]:
    """The snapshot for ``who`` (a seat, the hot-seat group, or None: a spectator); ``here``:
    in a hot-seat game, the seat whose player is at the screen."""
    game = host.game
    seat = host.seat_for(who)
    if masked(host, who, seat, here):
        return hidden_snapshot(host, seat)
    view = view_of(game, seat)
    pend = view.pending
    mine = pend is not None and pend.seat == seat and host.kinds.get(seat) == "human" \
        and not view.over and host.error is None
    status = [line for group in view.hook.dg_status_lines(game=view) for line in group or []]
    lines, left_out = narration(host, view, seat)
    return {
        **heading(host, seat),
        "pending": None if pend is None or view.over else {
            "seat": pend.seat, "kind": pend.kind,
            "reason": view.loop.reason_now() if mine else None},
        "your_turn": mine,
        **pictures(host, view, seat),
        "narration": lines,
        "narration_left_out": left_out,
        "actions": actions_of(view) if mine else [],
        "help": {verb: action_help(view, verb) for verb in sorted(view.kinds)} if mine else {},
        "undo": undoable(game) if mine else None,
        "standing": standing(view),
        "status": status,
        "result": view.result,
        "result_text": render_result(cast("Game", view)) if view.over else None,
        "handover": handover(host, seat) if who is not None else None,
        "masked": False,
    }


def undoable(game: Game) -> str | None:
    """The text of the action ``undo`` would take back (the last of the decision pending), or
    None (no action of this decision yet, or one that rolled a die or revealed a value)."""
    return game.history[-1][1] if game.can_undo() and game.history else None


def heading(host: GameHost, seat: str | None) -> dict[str, Any]:
    """The fields every snapshot has, hidden or not: the game, the seats, whose turn."""
    game = host.game
    state = game.state
    phases = game.scenario.phases
    return {
        "game": host.game_id,
        "scenario": {"id": game.scenario.id, "title": game.scenario.title,
                     "variant": game.variant, "options": list(game.options)},
        "you": seat,
        "seats": seats_of(host),
        "decision": host.decision,
        "round": state.round,
        "phase": str(phases[state.phase]["id"]) if 0 <= state.phase < len(phases) else None,
        "error": host.error,
        "warning": host.warning,
        "hot_seat": host.hot_seat,
    }


def masked(host: GameHost, who: str | None, seat: str | None, here: str | None) -> bool:
    """Whether a hot-seat screen is between hand-overs: the pending seat's player has not yet
    said "I am here"."""
    return who == HOT_SEAT and handover(host, seat) is not None and here != seat


def hidden_snapshot(host: GameHost, seat: str | None) -> dict[str, Any]:
    """A hot-seat snapshot between hand-overs: who is to come to the screen, nothing of what
    that seat sees."""
    pend = host.game.pending
    return {**heading(host, seat),
            "pending": None if pend is None else {"seat": pend.seat, "kind": pend.kind,
                                                  "reason": None},
            "your_turn": False, "svg": "", "board": "", "legend": "", "narration": [],
            "narration_left_out": 0, "actions": [], "help": {}, "undo": None, "standing": None,
            "status": [], "result": None, "result_text": None, "handover": handover(host, seat),
            "masked": True}


def pictures(host: GameHost, view: GameView, seat: str | None) -> dict[str, str]:
    """The board as an SVG picture and as the terminal's text, drawn once per state of the
    game for every seat that sees the whole state (one drawing per seat only where something
    is hidden from it)."""
    key = None if view.state is host.game.state else seat
    version = host.game.version
    cached = host.pictures.get(key)
    if cached is None or cached[0] != version:
        drawn = {"svg": render_svg(cast("Game", view)),
                 "board": render_board(cast("Game", view), legend=False),
                 "legend": render_legend(cast("Game", view))}
        cached = host.pictures[key] = (version, drawn)
    return cached[1]


def handover(host: GameHost, seat: str | None) -> str | None:
    """In a hot-seat game, the words that hide the board until the next person is at the
    screen: when the pending human seat is not the one that decided last — at the first
    decision too when the game hides values (whoever started the game must not see them)."""
    pend = host.game.pending
    if not host.hot_seat or pend is None or host.game.over or seat != pend.seat \
            or host.last_human == seat \
            or (host.last_human is None and not host.game.state.secrets):
        return None
    return f"pass to {seat}, then click"


def snapshot_json(host: GameHost, who: str | None, here: str | None = None) -> str:
    """The snapshot as JSON text, built once per change of the game for each ``who`` (and,
    on a hot-seat screen, whether its next player is at it)."""
    with host.lock:
        here = here if who == HOT_SEAT and here in host.humans() else None
        key = f"{who}/{here}" if here else who
        cached = host.cache.get(key)
        if cached is not None and cached[0] == host.version:
            return cached[1]
        text = json.dumps(snapshot(host, who, here), ensure_ascii=False, separators=(",", ":"))
        host.cache[key] = (host.version, text)
        return text
