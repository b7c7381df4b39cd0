"""A log walked step by step: the game after the set-up and after each action (or undo), with the
events each step caused, for pictures (``dg render``) and the replay viewer (``dg replay --html``).

The log is checked against the event schema and its header rebuilt, as ``dg replay`` does; an
action that fails on replay is reported at its line (the log does not belong to this engine or
scenario), never drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError, LogError
from distant_galaxy.play.log import read_log
from distant_galaxy.play.records import check_records
from distant_galaxy.play.runner import header_options, logged_game, logged_secret, scenario_name
from distant_galaxy.scenario.load import load_scenario


@dataclass
class Step:
    """One step of a logged game: ``index`` 0 is the set-up, then one per action (or undo) in
    the log's order; ``line`` is the log line of that record; ``events`` what the step caused."""

    index: int
    line: int
    seat: str | None
    action: str | None
    round: int
    events: list[dict[str, Any]] = field(default_factory=list)


def open_log(path: str | Path) -> tuple[Game, list[tuple[int, dict[str, Any]]]]:
    """The game a log starts (set up, before any action) and its checked records."""
    records = read_log(path)
    check_records(records, path)
    header = records[0][1]
    scenario = load_scenario(scenario_name(header, path), header.get("variant"),
                             header_options(header))
    game, _ = logged_game(scenario, header["seats"], header["seed"], lambda rec: None,
                          header.get("controllers"), logged_secret(records))
    return game, records


def walk(path: str | Path) -> Iterator[tuple[Game, Step]]:
    """``(game, step)`` for the set-up and after each action of the log; the same ``Game`` is
    advanced in place (clone it to keep a step). A step's events are the log's event records
    that follow its action (those of the set-up: before the first action)."""
    game, records = open_log(path)
    groups: list[tuple[int, dict[str, Any] | None, list[dict[str, Any]]]] = [
        (records[0][0], None, [])]
    for line, record in records[1:]:
        if record.get("kind") in ("action", "undo"):
            groups.append((line, record, []))
        elif record.get("kind") == "event":
            groups[-1][2].append(record)
    yield game, Step(0, groups[0][0], None, None, game.state.round, groups[0][2])
    for index, (line, rec, events) in enumerate(groups[1:], start=1):
        assert rec is not None
        seat = game.pending.seat if game.pending else None
        try:
            if rec["kind"] == "action":
                game.apply(rec["action"])
            else:
                game.undo()
        except EngineError as exc:
            raise LogError(f"{path}:{line}: the {rec['kind']} failed on replay: {exc}") from None
        text = rec.get("action") if rec["kind"] == "action" else "undo"
        yield game, Step(index, line, seat, text, game.state.round, events)


def game_at(path: str | Path, turn: int | None = None, step: int | None = None) -> Game:
    """The game of a log at the start of round ``turn`` (before its first action), or after
    action number ``step`` (0: the set-up), or at the end when neither is given."""
    last: Game | None = None
    for game, st in walk(path):
        if step is not None and st.index == step:
            return game
        if turn is not None and st.round == turn and (game.pending is not None or game.over):
            return game
        last = game
    if step is not None:
        raise EngineError(f"{path}: the log has fewer than {step} actions")
    if turn is not None:
        raise EngineError(f"{path}: the game never reached round {turn}")
    assert last is not None
    return last
