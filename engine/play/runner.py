"""Running a game: controllers per seat, the log, saves, replay.

``play(game, controllers)`` asks the pending seat's controller for actions until the game ends
(or a round limit of the runner). ``replay_log(path)`` re-runs a logged game from its header and
actions and reports the first record that differs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from distant_galaxy.core.game import Game
from distant_galaxy.errors import EngineError, LogError
from distant_galaxy.play.controllers import Controller, HumanController, Quit
from distant_galaxy.play.log import LogWriter, dumps, make_header, read_log
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.model import Scenario


@dataclass
class Session:
    """A game with its header, controllers and log writer (what ``dg run`` drives)."""

    game: Game
    header: dict[str, Any]
    controllers: dict[str, Controller]
    log: LogWriter


def new_session(scenario: Scenario, seed: int, seats: list[str] | None,
                kinds: dict[str, str], log_path: str | Path | None = None,
                human_io: dict[str, Any] | None = None,
                render: Callable[[Game], str] | None = None) -> Session:
    """Set up a game and its controllers (``kinds``: seat → bot name or 'human')."""
    chosen = seats or scenario.seat_ids()
    default = scenario.data.get("default_bot", "random")
    header = make_header(scenario.id, scenario.variant, chosen, seed,
                         source=str(scenario.path), controllers={s: kinds.get(s, default)
                                                                 for s in chosen})
    log = LogWriter(log_path)
    log(header)
    game = Game(scenario, seats=chosen, seed=seed, sink=log)
    controllers = make_controllers(scenario, chosen, kinds, seed, human_io or {}, render)
    return Session(game, header, controllers, log)


def make_controllers(scenario: Scenario, seats: list[str], kinds: dict[str, str], seed: int,
                     human_io: dict[str, Any], render: Callable[[Game], str] | None
                     ) -> dict[str, Controller]:
    bots = scenario.bots()
    default = scenario.data.get("default_bot", "random")
    out: dict[str, Controller] = {}
    for seat in seats:
        kind = kinds.get(seat, default)
        if kind == "human":
            out[seat] = HumanController(seat, seed, render=render, **human_io)
        elif kind in bots:
            out[seat] = bots[kind](seat, seed)
        else:
            raise EngineError(f"unknown controller '{kind}' for seat {seat} "
                              f"(choose human or one of: {', '.join(sorted(bots))})")
    return out


def play(session: Session, max_actions: int = 1_000_000,
         on_turn: Callable[[Game], None] | None = None) -> bool:
    """Play until the game ends; returns False if a human quit. ``on_turn`` sees each new round."""
    game = session.game
    last_round = game.state.round
    for _ in range(max_actions):
        if game.over:
            break
        if on_turn is not None and game.state.round != last_round:
            last_round = game.state.round
            on_turn(game)
        pend = game.pending
        assert pend is not None
        ctrl = session.controllers[pend.seat]
        try:
            action = ctrl.choose(game)
        except (Quit, KeyboardInterrupt):
            return False
        if action is None:
            return False
        game.apply(action)
    else:
        raise EngineError(f"the game did not end within {max_actions} actions")
    finish_log(session)
    return True


def finish_log(session: Session) -> None:
    res = session.game.result
    if res is not None:
        session.log({"kind": "result", **res})
    session.log.close()


@dataclass
class ReplayReport:
    """The outcome of a replay: ok, or the first line that differs with both versions."""

    ok: bool
    records: int
    line: int | None = None
    expected: str | None = None
    actual: str | None = None
    message: str = ""


def replay_log(path: str | Path) -> ReplayReport:
    """Re-run the game of a log from its header and actions; compare every record."""
    records = read_log(path)
    header = records[0][1]
    try:
        scenario = load_scenario(header.get("source") or header["scenario"], header.get("variant"))
    except EngineError:
        scenario = load_scenario(header["scenario"], header.get("variant"))
    produced: list[dict[str, Any]] = [header]
    game = Game(scenario, seats=header["seats"], seed=header["seed"], sink=produced.append)
    for n, rec in records[1:]:
        if rec["kind"] == "action":
            try:
                game.apply(rec["action"])
            except EngineError as exc:
                return _mismatch(records, produced, n, f"the action failed on replay: {exc}")
        elif rec["kind"] == "undo":
            try:
                game.undo()
            except EngineError as exc:
                return _mismatch(records, produced, n, f"the undo failed on replay: {exc}")
        elif rec["kind"] == "result" and game.result is not None:
            produced.append({"kind": "result", **game.result})
    return _compare(records, produced)


def _compare(records: list[tuple[int, dict[str, Any]]], produced: list[dict[str, Any]]
             ) -> ReplayReport:
    for i, (n, rec) in enumerate(records):
        if i >= len(produced):
            return ReplayReport(False, len(records), n, dumps(rec), None,
                                "the log has more records than the replay produced")
        if dumps(rec) != dumps(produced[i]):
            return ReplayReport(False, len(records), n, dumps(rec), dumps(produced[i]),
                                "the record differs from the replay")
    if len(produced) > len(records):
        return ReplayReport(False, len(records), records[-1][0] + 1, None, dumps(produced[len(records)]),
                            "the replay produced more records than the log holds")
    return ReplayReport(True, len(records))


def _mismatch(records: list[tuple[int, dict[str, Any]]], produced: list[dict[str, Any]], line: int,
              message: str) -> ReplayReport:
    report = _compare(records, produced)
    if not report.ok and report.line is not None and report.line < line:
        return report
    return ReplayReport(False, len(records), line, None, None, message)


__all__ = ["LogError", "ReplayReport", "Session", "new_session", "play", "replay_log"]
