"""``dg replay LOG --html FILE``: one self-contained HTML page replaying a logged game.

No network, no server: the page holds its data (one JSON block), its style and its script, and
opens from disk. It shows the board at every step (the set-up, then after each action, drawn from
the records of :mod:`distant_galaxy.play.render_svg`), buttons and keys to step forward and back,
a slider and a round list to jump, and for each step: who did what, the events told in words (the
same lines as the human prompt: :func:`distant_galaxy.play.narrate.describe`), the dice with their
purpose, and the explanations plugins give through ``dg_explain_event`` (for episode 5 each
Aborigine decision with its priority row, as ``dg explain`` prints it).

Identical piece layouts are stored once (a step names its layout by index), so a long game stays
a few megabytes at most.
"""

from __future__ import annotations

import html
import json
from dataclasses import replace
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distant_galaxy.play.narrate import describe
from distant_galaxy.play.palette import palette_of
from distant_galaxy.play.render import render_players, render_result, seen, visible
from distant_galaxy.play.render_svg import (
    board_records,
    legend_records,
    picture_size,
    piece_records,
)
from distant_galaxy.play.steps import Step, walk

if TYPE_CHECKING:
    from distant_galaxy.core.view import GameLike, GameView


def step_record(game: GameLike, step: Step, layout: int) -> dict[str, Any]:
    """What the page shows of one step: the action, the events in words, the dice, the
    plugins' explanations, the players' lines, and the index of its piece layout."""
    lines = [line for ev in step.events if (line := describe(game, ev))]
    dice = [f"{_die(ev.get('die'))} for {ev.get('purpose')}: {ev.get('value')}"
            + (" (forced)" if ev.get("forced") else "") + (f" [{ev['rule']}]" if ev.get("rule")
                                                           else "")
            for ev in step.events if ev.get("type") == "dice"]
    explain: list[str] = []
    for ev in step.events:
        for group in game.hook.dg_explain_event(game=game, event=ev):
            explain.extend(str(x) for x in group or [])
    status = render_players(game).split("\n")
    if game.over:
        status.insert(0, render_result(game))
    return {"i": step.index, "line": step.line, "round": step.round, "seat": step.seat,
            "action": step.action, "lines": lines, "dice": dice, "explain": explain,
            "status": status, "layout": layout}


def _die(die: Any) -> str:
    """``d6`` for a die of 6 sides (logs write ``6`` or ``"d6"``)."""
    text = str(die)
    return text if text.startswith("d") else f"d{text}"


def replay_data(path: str | Path, seat: str | None = None) -> dict[str, Any]:
    """The page's data: the static board, the legend, the piece layouts and the steps — as
    ``seat`` may see them (None: every player; :func:`~distant_galaxy.play.render.seen`)."""
    layouts: list[list[dict[str, Any]]] = []
    index: dict[str, int] = {}
    steps: list[dict[str, Any]] = []
    first: GameView | None = None
    pal = None
    for full, step in walk(path):
        game = seen(full, seat)
        step = replace(step, events=visible(step.events, seat))
        if first is None:
            first, pal = game, palette_of(game.scenario)
        pieces = piece_records(game, pal=pal)
        key = json.dumps(pieces, sort_keys=True)
        if key not in index:
            index[key] = len(layouts)
            layouts.append(pieces)
        steps.append(step_record(game, step, index[key]))
    assert first is not None and pal is not None
    legend = legend_records(first, pal)
    width, height = picture_size(first, legend)
    return {"title": first.scenario.title, "scenario": first.scenario.id,
            "seed": first.state.seed, "log": str(path), "width": width, "height": height,
            "board": board_records(first.scenario, pal), "legend": legend,
            "layouts": layouts, "steps": steps}


def replay_html(path: str | Path, seat: str | None = None) -> tuple[str, int]:
    """The page for the log at ``path`` (as ``seat`` may see it; None: every player) and how
    many steps it has."""
    data = replay_data(path, seat)
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    assets = files("distant_galaxy.play")
    page = (assets / "replay.html").read_text(encoding="utf-8")
    page = page.replace("@@TITLE@@", html.escape(f"{data['title']} — seed {data['seed']}"))
    page = page.replace("@@STYLE@@", (assets / "replay.css").read_text(encoding="utf-8"))
    page = page.replace("@@SCRIPT@@", (assets / "replay.js").read_text(encoding="utf-8"))
    page = page.replace("@@DATA@@", blob)
    return page, len(data["steps"])
