"""Generic invariants of a game, checked by the conformance suite after every action.

``check_invariants(game)`` returns a list of broken invariants (empty when all hold), each a short
sentence naming the token, site, seat or counter at fault. It checks what the engine promises for
every scenario, whatever its plugins:

* the board index and the tokens agree: one token per cell, ``board[pos]`` names a token standing
  at ``pos``, every cell is on the map;
* every token is in exactly one place: on the board (``pos``), carried by another existing token
  (``carrier``, no cycles), or removed (absent from ``tokens``);
* token and site owners are names (seats, or a non-player side such as natives); sites sit on
  the map, their markers are a mapping
  with text keys and JSON values;
* counters stay within their declared ``min``/``max`` (``scenario.counters[name]``); pool counts are
  integers, never negative;
* the pending decision belongs to a seat and has at least one legal action until the game is over;
  a finished game has no pending decision;
* the round never passes the scenario's limit (``limits.rounds``);
* the state is JSON-serialisable and survives ``to_json``/``from_json`` with the same hash;
* plus every plugin's own invariants (the ``dg_invariants`` hook).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.state import GameState

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game

__all__ = ["InvariantError", "assert_invariants", "check_invariants", "check_saved", "check_state"]


class InvariantError(AssertionError):
    """Raised by :func:`assert_invariants` with every broken invariant in its message."""


def assert_invariants(game: Game, *, round_trip: bool = True) -> None:
    """Raise :class:`InvariantError` listing the broken invariants of ``game`` (if any)."""
    broken = check_invariants(game, round_trip=round_trip)
    if broken:
        raise InvariantError("; ".join(broken))


def check_invariants(game: Game, *, round_trip: bool = True) -> list[str]:
    """Every broken invariant of ``game`` (engine-generic ones, then the plugins')."""
    out = check_state(game.state, game.scenario, round_trip=round_trip)
    out.extend(_check_decision(game))
    for group in game.hook.dg_invariants(game=game):
        out.extend(f"plugin: {text}" for text in group or [])
    return out


def check_saved(game: Game) -> list[str]:
    """What is wrong with a game made on a saved state (``load_game(..., check=check_saved)``):
    the invariants, without the JSON round trip (the state was just read from JSON)."""
    try:
        return check_invariants(game, round_trip=False)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        return [f"the state is malformed ({exc!r:.120})"]


def check_state(st: GameState, scenario: Any, *, round_trip: bool = True) -> list[str]:
    """Invariants of a state alone (also used on restored saves)."""
    out: list[str] = []
    seats = set(st.seats)
    grid = scenario.grid
    if set(st.players) != seats:
        out.append(f"players {sorted(st.players)} differ from seats {sorted(seats)}")
    # board index <-> token positions
    for pos, tid in st.board.items():
        tok = st.tokens.get(tid)
        if tok is None:
            out.append(f"board cell {_p(pos)} names missing token {tid}")
        elif tok.pos != pos:
            out.append(f"board cell {_p(pos)} names {tid}, which stands at {_p(tok.pos)}")
        if not grid.in_bounds(pos):
            out.append(f"token {tid} is off the map at {_p(pos)}")
    for tid, tok in st.tokens.items():
        if tok.id != tid:
            out.append(f"token keyed {tid} has id {tok.id}")
        if tok.owner is not None and not isinstance(tok.owner, str):
            out.append(f"token {tid} is owned by {tok.owner!r}, not a name")
        if tok.pos is not None:
            if st.board.get(tok.pos) != tid:
                out.append(f"token {tid} at {_p(tok.pos)} is missing from the board index "
                           f"(the cell holds {st.board.get(tok.pos)})")
            if tok.carrier is not None:
                out.append(f"token {tid} is both on the board and carried by {tok.carrier}")
        elif tok.carrier is None:
            out.append(f"token {tid} is nowhere: not on the board and not carried")
        elif tok.carrier not in st.tokens:
            out.append(f"token {tid} is carried by {tok.carrier}, which does not exist")
        else:
            seen = {tid}
            c: str | None = tok.carrier
            while c is not None:
                if c in seen:
                    out.append(f"token {tid} is in a carrier cycle")
                    break
                seen.add(c)
                carrier = st.tokens.get(c)
                c = carrier.carrier if carrier is not None else None
    # sites
    for sid, site in st.sites.items():
        if site.id != sid:
            out.append(f"site keyed {sid} has id {site.id}")
        if not grid.in_bounds(site.pos):
            out.append(f"site {sid} is off the map at {_p(site.pos)}")
        if site.owner is not None and not isinstance(site.owner, str):
            out.append(f"site {sid} is owned by {site.owner!r}, not a name")
        if not isinstance(site.markers, dict):
            out.append(f"site {sid} markers are a {type(site.markers).__name__}, not a mapping")
        else:
            for key, value in site.markers.items():
                if not isinstance(key, str):
                    out.append(f"site {sid} marker key {key!r} is not text")
                elif not _is_json(value):
                    out.append(f"site {sid} marker {key} holds a non-JSON value {value!r}")
    # counters and pools
    for seat, player in st.players.items():
        for name, value in player.counters.items():
            if not isinstance(value, int) or isinstance(value, bool):
                out.append(f"{seat}.{name} = {value!r} is not an integer")
                continue
            spec = scenario.counters.get(name) or {}
            lo, hi = spec.get("min"), spec.get("max")
            if lo is not None and value < lo:
                out.append(f"{seat}.{name} = {value} is below its minimum {lo}")
            if hi is not None and value > hi:
                out.append(f"{seat}.{name} = {value} is above its maximum {hi}")
        for pool, units in player.pools.items():
            if not isinstance(units, dict):
                out.append(f"{seat} pool {pool} is not a mapping")
                continue
            for unit, n in units.items():
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    out.append(f"{seat} pool {pool}: {unit} = {n!r} (must be a count >= 0)")
    # turn structure
    if not 0 <= st.turn < len(st.seats):
        out.append(f"turn index {st.turn} out of range")
    if not 0 <= st.phase <= len(scenario.phases):
        out.append(f"phase index {st.phase} out of range")
    limit = scenario.limits.get("rounds")
    if limit is not None and st.round > limit:
        out.append(f"round {st.round} is past the scenario's limit of {limit} rounds")
    if round_trip:
        try:
            text = st.canonical()
            if st.text() != text:  # what the turn_end hashes: the tokens' remembered texts
                out.append("the state's assembled text (GameState.text) differs from its "
                           "canonical text: a token changed outside GameState's methods "
                           "without forget_index()")
            again = GameState.from_json(json.loads(text))
            if again.canonical() != text:
                out.append("the state does not survive to_json/from_json unchanged")
        except (TypeError, ValueError) as exc:
            out.append(f"the state is not serialisable: {exc}")
    return out


def _check_decision(game: Game) -> list[str]:
    st = game.state
    if st.result is not None:
        return [] if st.pending is None else ["the game is over but a decision is pending"]
    if st.pending is None:
        return ["the game is not over and no decision is pending"]
    if st.pending.seat not in st.seats:
        return [f"the pending decision belongs to {st.pending.seat!r}, not a seat"]
    if not game.legal_actions():
        return [f"the pending decision ({st.pending.seat}: {st.pending.kind}) has no legal action"]
    return []


def _is_json(value: Any) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return False
    return True


def _p(pos: Any) -> str:
    return f"{pos[0]},{pos[1]}" if isinstance(pos, tuple) and len(pos) == 2 else repr(pos)
