"""Events told to people: one short line per event, for the human prompt and ``dg explain``-like
read-outs, and the texts ``dg serve`` sends. Plugins describe their own event types through
``dg_describe_event``; the engine describes its core types and those of the generic board
games (moves and chains of jumps, captures, crownings, changes of owner, token counters,
passes), hides the changes of a counter kept out of the status lines (``status: false``), and
falls back to ``type: field=value…`` for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from distant_galaxy.text import article, count_of

if TYPE_CHECKING:
    from distant_galaxy.core.view import GameLike

QUIET = {"setup", "turn_end", "hand_back", "trigger"}


def _cell(value: Any) -> str:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return f"{value[0]},{value[1]}"
    return str(value)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def core_line(ev: dict[str, Any]) -> str | None:
    """The engine's own wording of a core event, or None if the type is not a core one."""
    t = ev.get("type")
    rule = f" [{ev['rule']}]" if ev.get("rule") else ""
    if t in QUIET:
        return ""
    if t == "turn_start":
        return f"--- {ev['seat']}'s turn (round {ev['round']}) ---"
    if t == "dice":
        forced = " (forced)" if ev.get("forced") else ""
        return f"  die {ev['die']} for {ev['purpose']}: {ev['value']}{forced}{rule}"
    if t == "counter":
        return (f"  {ev['seat']} {ev['counter']} {_signed(ev['delta'])} → {ev['value']} "
                f"({ev['reason']}){rule}")
    if t == "pool":
        return (f"  {ev['seat']} {ev['pool']}: {_signed(ev['delta'])} {ev['unit']} → "
                f"{ev['value']} ({ev['reason']})")
    if t == "place":
        owner = ev.get("owner") or ev.get("seat") or "neutral"
        return f"  {owner} {ev.get('unit')} {ev.get('token')} placed at {_cell(ev.get('to'))}"
    if t == "move" and "path" in ev:
        start = ev.get("from") or ev.get("frm")
        cells = ([start] if start else []) + list(ev["path"])
        path = " → ".join(_cell(p) for p in cells)
        cost = f", cost {ev['cost']}" if ev.get("cost") else ""
        why = f" ({ev['reason']})" if ev.get("reason") else ""
        who = " ".join(str(ev[k]) for k in ("seat", "unit", "token") if ev.get(k))
        return f"  {who} moves {path}{cost}{why}{rule}"
    if t == "hand_over":
        return f"  {ev['seat']} now decides: {ev['decision']} ({ev['reason']})"
    if t == "decision_skipped":
        return f"  {ev['seat']}: {ev['decision']} skipped ({ev['reason']})"
    if t == "undo":
        return f"  (taken back: {ev.get('action', 'the last action')})"
    if t == "note":
        return f"  note: {ev['message']}"
    if t == "bag_commit":
        return (f"  the bag {ev['bag']} ({count_of(ev['size'], 'item')}) is shuffled face down; "
                f"the log commits to its order (sha256 {str(ev['sha256'])[:12]}…){rule}")
    if t == "reveal":
        to = f" to {', '.join(ev['to'])}" if ev.get("to") else ""
        return f"  revealed{to}: {ev['secret']} is {_cell(ev['value'])} ({ev['reason']}){rule}"
    if t == "bag_reveal":
        return f"  the bag {ev['bag']} is opened: {', '.join(map(str, ev['order']))}"
    if t == "game_over":
        return _game_over(ev, f"{ev['winner']} wins" if ev.get("winner") else
                          "the game is drawn")
    board = _BOARD.get(str(t))
    return None if board is None else board(ev) + rule


def _game_over(ev: dict[str, Any], who: str) -> str:
    return f"*** {who}: {ev['reason']} (round {ev['round']}) ***"


def _piece(ev: dict[str, Any], owner: str = "owner") -> str:
    """``black man T9``: the piece an event names (its owner, else the seat, else neutral)."""
    who = ev.get(owner) or ev.get("seat") or "neutral"
    return f"{who} {ev.get('unit')} {ev.get('token')}"


def _moved(ev: dict[str, Any]) -> str:
    cells = [ev.get("from"), *(ev.get("via") or []), ev.get("to")]
    path = " → ".join(_cell(c) for c in cells if c is not None)
    why = f" ({ev['reason']})" if ev.get("reason") else ""
    return f"  {_piece(ev, 'seat')} moves {path}{why}"


def _turned(ev: dict[str, Any]) -> str:
    return (f"  {ev.get('unit')} {ev.get('token')} at {_cell(ev.get('at'))} turns from "
            f"{ev.get('was') or 'neutral'} to {ev.get('owner') or 'neutral'} ({ev.get('reason')})")


def _removed(ev: dict[str, Any]) -> str:
    where = f" from {_cell(ev['at'])}" if ev.get("at") is not None else ""
    return f"  {_piece(ev)} removed{where} ({ev.get('reason')})"


#: The generic board games' events (the built-in actions and rule effects), in words.
_BOARD: dict[str, Callable[[dict[str, Any]], str]] = {
    "move": _moved,
    "capture": lambda ev: f"  {ev.get('seat')} captures {_piece(ev)} at {_cell(ev.get('at'))}",
    "promote": lambda ev: (f"  {_piece(ev, 'seat')} at {_cell(ev.get('at'))} becomes "
                           f"{article(str(ev.get('to_unit')))}"),
    "remove": _removed,
    "owner": _turned,
    "token_counter": lambda ev: (f"  {ev.get('unit')} {ev.get('token')} {ev.get('counter')} "
                                 f"{_signed(ev.get('delta', 0))} → {ev.get('value')} "
                                 f"({ev.get('reason')})"),
    "pass": lambda ev: f"  {ev.get('seat')} has no legal action and passes ({ev.get('reason')})",
}


def _helper(game: GameLike, ev: dict[str, Any]) -> bool:
    """Whether ``ev`` changes a counter the scenario keeps out of the status lines
    (``status: false``: a helper counter of the rules, such as Kalah's ``last``)."""
    t = ev.get("type")
    if t not in ("counter", "token_counter"):
        return False
    specs = game.scenario.counters if t == "counter" else game.scenario.unit_counters
    spec = specs.get(str(ev.get("counter"))) if isinstance(specs, dict) else None
    return isinstance(spec, dict) and spec.get("status") is False


def describe(game: GameLike, ev: dict[str, Any]) -> str:
    """One line for a person ("" to hide the event)."""
    line = game.hook.dg_describe_event(game=game, event=ev)
    if line is not None:
        return str(line)
    if _helper(game, ev):
        return ""
    winner = ev.get("winner")
    if ev.get("type") == "game_over" and winner and winner not in game.state.seats:
        return _game_over(ev, f"the {winner} win")  # a side, as render_result words it
    reader = getattr(game, "seat", None)
    if ev.get("type") == "hand_over" and reader is not None and reader != ev.get("seat"):
        # the reason speaks to the seat that decides ("you play the Aborigines…"): another
        # seat's player is told who decides what
        return f"  {ev['seat']} now decides: {ev['decision']}"
    line = core_line(ev)
    if line is not None:
        return line
    fields = ", ".join(f"{k}={_cell(v)}" for k, v in ev.items() if k not in ("type", "kind"))
    return f"  {ev.get('type')}: {fields}"


def narrate(game: GameLike, events: Iterable[dict[str, Any]]) -> list[str]:
    """The lines of several events, hidden ones left out; a turn whose start is followed at
    once by the game's end (a drawn tic-tac-toe: the next seat has no move) is not announced,
    since it never comes."""
    told = list(events)
    return [line for i, ev in enumerate(told)
            if not (ev.get("type") == "turn_start" and i + 1 < len(told)
                    and told[i + 1].get("type") == "game_over")
            and (line := describe(game, ev))]
