"""``dg explain LOG [--turn N]``: the Aborigine decisions of a game log, readable.

For every Aborigine turn: the active-portal and reinforcement dice, arrivals, then per ship the
row that fired (with its rule text and where it is written), the unit in range it aims at (the
enemy ship it fires at, the planet it guards), the portals it compared and why the
others lost, and what it did (moves, attacks, colonies, lots). ``--turn N`` keeps round N only;
``--json`` prints them as one object for scripts (:func:`explain_json`).
With the Leaders option: each leader's fate and rescue, and at each Aborigine turn the captives the
Aborigines hold and why they keep them (``explain_captives.py``, D-L.1).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Iterator
from typing import Any

from distant_galaxy import json_header, read_log
from distant_galaxy_episodes.aborigines.explain_captives import Captives

#: One explained event: its round, the player's action it followed (``{"seat", "action"}``; None
#: for the Aborigines' own turn), the event record and its lines as ``dg explain`` prints them.
Explained = tuple[int, dict[str, Any] | None, dict[str, Any], list[str]]


def explained(records: Iterable[dict[str, Any]], turn: int | None = None) -> Iterator[Explained]:
    """The events of a log that ``dg explain`` explains (only round ``turn`` when given), each
    with its round, the action it followed and its lines."""
    rnd = 1
    show = turn is None or turn == 1
    action: dict[str, Any] | None = None  # the player's action the next events follow
    captives = Captives()
    for rec in records:
        if rec.get("kind") == "action":
            action = {"seat": rec.get("seat"), "action": rec.get("action")}
            continue
        if rec.get("kind") != "event":
            continue
        t = rec.get("type")
        if t == "turn_start":
            action = None
            rnd = int(rec.get("round", rnd))
            show = turn is None or rnd == turn
            continue
        told = captives.note(rec, rnd)   # the Leaders option's captives (followed always)
        if not show:
            continue
        line = told or _line(rec)
        if t == "aborigine_turn" and captives.summary():
            line = [str(line), str(captives.summary())]
        if not line:
            continue
        lines = [str(text) for text in (line if isinstance(line, list) else [line])]
        if lines[0].startswith("\n=="):
            action = None  # a turn of the Aborigines' own, not a player's action
        yield rnd, action, rec, lines


def explain_records(records: Iterable[dict[str, Any]], turn: int | None = None) -> list[str]:
    """The lines ``dg explain`` prints: each explained event's, a player's action before the
    first line it caused."""
    out: list[str] = []
    told: dict[str, Any] | None = None
    for _, action, _, lines in explained(records, turn):
        if action is not None and action is not told:
            out.append(f"  -- {action['seat']} plays: {action['action']}")
            told = action
        out.extend(lines)
    return out


def _cands(rows: list[dict[str, Any]]) -> str:
    return "; ".join(f"{r['row']}: " + (f"true at {', '.join(map(str, r['satisfied']))}"
                                        if r.get("satisfied") else "false everywhere")
                     for r in rows)


# -- wording shared with the human prompt (plugins/aborigines/describe.py) --------------------
def active_text(rec: dict[str, Any]) -> str:
    """``active portal: 3 — rolled (R5.50)``; the R5.51 fallback says why another portal acts."""
    portal = rec.get("portal")
    return (f"active portal: {portal if portal is not None else 'none'} — {rec.get('why')} "
            f"({rec.get('rule')})")


def arrive_text(rec: dict[str, Any]) -> str:
    return (f"{rec['ship']} ({rec['unit']}) arrives at portal {rec['portal']}, cell "
            f"{_xy(rec['to'])}: {rec.get('why')} (R5.52)")


def missing_text(rec: dict[str, Any]) -> str:
    return f"no {rec['unit']} arrives: {rec['reason']}"


def in_range_text(rec: dict[str, Any], cell: bool = True) -> str:
    """The unit in range a decision aims at (issue 11 item 13): ``red's R4 (scout) at 8,2``,
    ``planet-2 (aborigines) at 20,1`` (without ``at …`` when ``cell`` is false); "" when the
    row aims at none."""
    if not rec.get("in_range"):
        return ""
    at = f" at {_xy(rec.get('in_range_at'))}" if cell else ""
    if rec.get("in_range_kind") == "planet":
        return f"{rec['in_range']} ({rec.get('in_range_owner') or 'free'}){at}"
    return f"{rec.get('in_range_owner')}'s {rec['in_range']} ({rec.get('in_range_unit')}){at}"


def decision_text(rec: dict[str, Any], width: int | None = None) -> str:
    """One line: the ship, its portal, where it goes, the unit in range it aims at and the row
    that fired (the row's text is shortened with … when the line would be longer than
    ``width``)."""
    head = f"{rec['ship']} ({rec['unit']}) at portal {rec['from']}"
    if rec.get("row") is None:
        return f"{head}: no row applies: stays"
    where = ("stays" if rec.get("stay") or rec.get("to") == rec["from"]
             else f"goes to portal {rec['to']}")
    aim = in_range_text(rec, cell=False)
    if aim:
        where += f" for {aim}"
    line = f"{head} {where}: row {rec['row']} fired: \"{rec.get('row_text')}\""
    if width is not None and len(line) > width:
        line = line[:width - 2] + "…\""
    return line


def move_text(rec: dict[str, Any]) -> str:
    if rec.get("stay"):
        return f"{rec['ship']} stays at {_xy(rec['to'])}" + (
            f" ({rec['why']})" if rec.get("why") else "")
    return f"{rec['ship']} moves {_xy(rec.get('from'))} → {_xy(rec['to'])}: {rec.get('why')}"


def combat_text(rec: dict[str, Any], attacker: str = "", defender: str = "",
                brief: bool = False) -> str:
    """``A15 attacks R4: rolled 6, needs 5+ → hit (R5.30)``; ``attacker``/``defender`` replace
    the bare ids (e.g. with owner and type); ``brief`` leaves out the base number."""
    mods = ", ".join(m for m in rec.get("modifiers", []) or []
                     if not (brief and str(m).startswith("base ")))
    return (f"{attacker or rec['attacker']} attacks {defender or rec['defender']}: rolled "
            f"{rec['roll']}, needs {rec['need']}+ → {rec['outcome']} "
            f"({rec.get('rule')}{'; ' + mods if mods else ''})")


def lost_text(rec: dict[str, Any]) -> str:
    return f"{rec['token']} ({rec['unit']}) is destroyed: {rec.get('reason')} ({rec.get('rule')})"


def lot_text(rec: dict[str, Any]) -> str:
    return (f"by lot (R5.65): {rec['question']}: rolled {rec['roll']} → {rec['chosen']} "
            f"of {', '.join(rec['options'])}")


def _line(rec: dict[str, Any]) -> str | list[str] | None:
    t = rec.get("type")
    if t == "aborigine_turn":
        return f"\n== round {rec.get('round')}: Aborigine turn before {rec.get('before')}'s turn"
    if t == "dice" and str(rec.get("rule", "")).startswith("R5.5"):
        return f"   die {rec.get('value')} for {rec.get('purpose')} ({rec.get('rule')})"
    if t == "active_portal":
        return "   " + active_text(rec)
    if t == "ai_arrive":
        return "   " + arrive_text(rec)
    if t == "reinforcement_missing":
        return "   " + missing_text(rec)
    if t == "ai_decision":
        head = (f"   {rec['ship']} ({rec['unit']}) at portal {rec['from']} sees portals "
                f"{', '.join(map(str, rec.get('visible', [])))} (R5.62)")
        if rec.get("row") is None:
            return [head, f"      no row applies: stays ({_cands(rec.get('rows', []))})"]
        lines = [head,
                 f"      rows: {_cands(rec.get('rows', []))}",
                 f"      row {rec['row']} fired: \"{rec.get('row_text')}\" [{rec.get('row_at')}]",
                 f"      → portal {rec['to']}: {rec.get('how')}; intent {rec.get('intent')}"]
        for lost in rec.get("lost", []):
            lines.append(f"        portal {lost['portal']} lost: {lost['why']}")
        if rec.get("in_range"):
            lines.append(f"      in range: {in_range_text(rec)}")
        return lines
    if t == "ai_move":
        return "      " + move_text(rec)
    if t == "combat":
        return "      " + combat_text(rec)
    if t == "ship_lost":
        return "      " + lost_text(rec)
    if t == "lot":
        return "   " + lot_text(rec)
    if t in ("colonized", "takeover", "portal_blocked", "portal_reopened", "capture", "hack"):
        fields = ", ".join(f"{k}={v}" for k, v in rec.items() if k not in ("kind", "type"))
        return f"   {t}: {fields}"
    if t == "game_over":
        return f"\n== game over: {rec.get('winner') or 'draw'} — {rec.get('reason')}"
    return None


def event_lines(rec: dict[str, Any]) -> list[str]:
    """The explanation of one event, as ``dg explain`` prints it (no line: not an AI event)."""
    line = _line(rec)
    if not line:
        return []
    return [text.lstrip("\n") for text in (line if isinstance(line, list) else [line])]


def _xy(p: Any) -> str:
    return f"{p[0]},{p[1]}" if p else "-"


def cmd_explain(args: argparse.Namespace) -> int:
    """The handler of ``dg explain`` (registered by :mod:`.commands`): print the explanation of
    ``args.log`` (only round ``args.turn`` when given; ``--json``: one object, below)."""
    records = [rec for _, rec in read_log(args.log)]
    scenario = next((rec.get("scenario") for rec in records if rec.get("kind") == "header"), None)
    clash = any(rec.get("type") == "aborigine_turn" for rec in records)
    if getattr(args, "json", False):
        print(json.dumps(explain_json(args, records, scenario, clash), sort_keys=True))
        return 0
    if not clash:
        print(_not_clash(scenario))
        return 0
    lines = explain_records(records, args.turn)
    if not lines:
        print("no Aborigine decisions in this log" + (f" for round {args.turn}" if args.turn
                                                          else ""))
        return 0
    print("\n".join(lines).lstrip("\n"))
    return 0


def explain_json(args: argparse.Namespace, records: list[dict[str, Any]], scenario: str | None,
                 clash: bool) -> dict[str, Any]:
    """``dg explain --json``: each explained event with its ``round``, the player's action it
    followed (``after``: ``{"seat", "action"}`` or null), the log's ``event`` record and its
    ``text`` lines; ``note`` says why there is none in another scenario's log."""
    decisions = [{"round": rnd, "after": action, "event": rec,
                  "text": [line.lstrip("\n") for line in lines]}
                 for rnd, action, rec, lines in (explained(records, args.turn) if clash else ())]
    return {**json_header(), "log": str(args.log), "scenario": scenario, "turn": args.turn,
            "decisions": decisions, "note": None if clash else _not_clash(scenario)}


def _not_clash(scenario: str | None) -> str:
    """Another scenario's log (Asteroid Belt's defenders fight, but by other rules)."""
    return (f"no Aborigine decisions in this log{f' (a game of {scenario})' if scenario else ''}"
            ": dg explain reads the logs of Clash with the Aborigines (episode 5), whose "
            "Aborigine fleet the engine moves by its priority table")
