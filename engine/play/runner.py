"""Running a game: controllers per seat, the log, saves, replay.

``play(game, controllers)`` asks the pending seat's controller for actions until the game ends
(or a round limit of the runner). ``replay_log(path)`` re-runs a logged game from its header and
actions and reports the first record that differs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distant_galaxy.core.actions import Action
from distant_galaxy.core.game import Game
from distant_galaxy.core.hidden import commitment, derived_secret
from distant_galaxy.errors import EngineError, LogError, PluginError, fault_text
from distant_galaxy.play.controllers import (
    Controller,
    HumanController,
    Quit,
    SharedScreen,
    bot_known,
    make_bot,
)
from distant_galaxy.play.log import LogWriter, dumps, game_header, read_log
from distant_galaxy.play.records import check_records
from distant_galaxy.scenario.find import find_by_id
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.model import Scenario

if TYPE_CHECKING:
    from distant_galaxy.core.view import GameLike


@dataclass
class Session:
    """A game with its header, controllers and log writer (what ``dg run`` drives)."""

    game: Game
    header: dict[str, Any]
    controllers: dict[str, Controller]
    log: LogWriter
    #: whether a Ctrl-C stopped :func:`play` (an action under way is taken back whole): ``dg
    #: run`` then says so and exits with 130, as an interrupted command does
    interrupted: bool = False


def resumed_session(game: Game, header: dict[str, Any], controllers: dict[str, Controller],
                    log: LogWriter) -> Session:
    """The session of a game resumed from a save (its actions replayed, into a log written
    again or not): its people are told what happens from now on, not the whole game again
    (:meth:`Controller.caught_up`) — a resumed stage retold every move since it began."""
    for controller in controllers.values():
        controller.caught_up(game)
    return Session(game, header, controllers, log)


def new_session(scenario: Scenario, seed: int, seats: list[str] | None,
                kinds: dict[str, str], log_path: str | Path | None = None,
                human_io: dict[str, Any] | None = None,
                render: Callable[[GameLike], str] | None = None,
                secret: str | None = None) -> Session:
    """Set up a game and its controllers (``kinds``: seat → bot name or 'human'); ``secret``:
    the game's secret (None: derived from the seed)."""
    chosen = seats or scenario.seat_ids()
    default = scenario.data.get("default_bot", "random")
    # the controllers and the set-up first: an unknown controller, or a plugin's fault while
    # the game is set up, is refused before the log file is opened (a file of that name is kept)
    controllers = make_controllers(scenario, chosen, kinds, seed, human_io or {}, render)
    game, setup = Game.set_up(scenario, seats=chosen, seed=seed, secret=secret)
    log = LogWriter(log_path)
    header = start_log(game, setup, log, {s: kinds.get(s, default) for s in chosen})
    return Session(game, header, controllers, log)


def logged_game(scenario: Scenario, seats: list[str], seed: int,
                sink: Callable[[dict[str, Any]], None],
                controllers: dict[str, str] | None = None, secret: str | None = None
                ) -> tuple[Game, dict[str, Any]]:
    """A new game whose log goes to ``sink``: the header (with the state at the first decision,
    :func:`~distant_galaxy.play.log.game_header`), then the set-up events, then play.
    ``secret``: the game's secret (core/hidden.py; None: derived from the seed)."""
    game, setup = Game.set_up(scenario, seats=seats, seed=seed, secret=secret)
    return game, start_log(game, setup, sink, controllers)


def start_log(game: Game, setup: list[dict[str, Any]], sink: Callable[[dict[str, Any]], None],
              controllers: dict[str, str] | None = None) -> dict[str, Any]:
    """Write a game's header and its set-up events to ``sink``, which then gets play's records;
    the header."""
    header = game_header(game, controllers)
    for record in (header, *setup):
        sink(record)
    done = getattr(sink, "flush", None)  # a group complete (``Sink``): on disk before play
    if done is not None:
        done()
    game.sink = sink
    return header


def make_controllers(scenario: Scenario, seats: list[str], kinds: dict[str, str], seed: int,
                     human_io: dict[str, Any], render: Callable[[GameLike], str] | None
                     ) -> dict[str, Controller]:
    bots = scenario.bots()
    default = scenario.data.get("default_bot", "random")
    out: dict[str, Controller] = {}
    people = [s for s in seats if kinds.get(s, default) == "human"]
    screen = SharedScreen() if len(people) > 1 else None  # a hot seat: one terminal, several
    for seat in seats:
        kind = kinds.get(seat, default)
        if kind == "human":
            out[seat] = HumanController(seat, seed, render=render, screen=screen, **human_io)
        else:
            out[seat] = make_bot(bots, kind, seat, seed)
    return out


def play(session: Session, max_actions: int = 1_000_000,
         on_turn: Callable[[Game], None] | None = None,
         on_action: Callable[[Game, str, Action, list[dict[str, Any]]], None] | None = None
         ) -> bool:
    """Play until the game ends; returns False if a human quit or Ctrl-C stopped it
    (``session.interrupted``). ``on_turn`` sees each new round,
    ``on_action`` each applied action (game, seat, action, its events); at the end every
    controller is told (``Controller.game_over``: a person sees what happened, then the result).
    """
    game = session.game
    last_round = game.state.round
    for _ in range(max_actions):
        if game.over:
            break
        try:
            if on_turn is not None and game.state.round != last_round:
                last_round = game.state.round
                on_turn(game)
            pend = game.pending
            assert pend is not None
            try:
                action = choose(session.controllers[pend.seat], game, pend.seat)
            except Quit:
                return False
            if action is None:
                return False
            events = game.apply(action)
            if on_action is not None:
                on_action(game, pend.seat, action, events)
        except KeyboardInterrupt:  # Ctrl-C at a prompt, in a bot, while an action is applied
            # (``Game.apply`` takes it back whole) or shown: the game stops where it stands
            session.interrupted = True
            return False
    else:
        raise EngineError(f"the game did not end within {max_actions} actions")
    for seat, ctrl in session.controllers.items():
        ctrl.game_over(game.view(seat))
    finish_log(session)
    return True


class ChangedByController(PluginError):
    """A controller changed the game's state while it chose (it wrote into its view): the game
    cannot be trusted from there, so it stops and is not saved."""


def choose(ctrl: Controller, game: Game, seat: str, watch: bool = True) -> Action | None:
    """``ctrl``'s action for ``seat``, chosen on what the seat may see (its view, never the game).
    A controller that fails with anything but an engine error is a PluginError saying what was
    raised and where, and naming the controller — or, when listing the legal actions itself
    fails (a plugin verb's ``candidates``), saying so; a person's quitting (``Quit``) passes
    through. With ``watch``, the state is hashed afresh before and after: a controller that
    changed it (a view is read-only, yet where nothing is hidden from the seat its state is the
    game's own object) is a :class:`ChangedByController` — unless it took actions back through
    the view (``view.undo()``, a person's prompt: the one change a view allows)."""
    before = game.state.hash(fresh=True) if watch else None
    view = game.view(seat)
    try:
        action = ctrl.choose(view)
    except (EngineError, Quit):
        raise
    except Exception as exc:
        if listing_error(game) is not None:  # the plugin verb's fault, which the bot asked
            raise PluginError(f"listing the legal actions of seat {seat} failed: "
                              f"{fault_text(exc)}") from exc
        raise PluginError(f"seat {seat}'s controller '{ctrl.name}' ({type(ctrl).__module__}) "
                          f"failed: {fault_text(exc)}") from exc
    if before is not None and not view.undone and game.state.hash(fresh=True) != before:
        raise ChangedByController(
            f"seat {seat}'s controller '{ctrl.name}' ({type(ctrl).__module__}) changed the "
            "game's state while it chose its action: a controller reads its view and returns an "
            "action, it never writes into the view (docs/plugins.md, 'Rules of good behaviour')")
    return action


def listing_error(game: Game) -> Exception | None:
    """What listing the pending decision's legal actions raises now (a plugin verb's
    ``candidates()`` that fails, or gives values of the wrong shape), or None (``dg test`` asks
    it before each action of a case; a failing controller is told apart from its listing)."""
    if game.over or game.pending is None:
        return None
    try:
        game.legal_actions()
    except Exception as exc:  # (any fault: the caller words it)
        return exc
    return None


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
    complete: bool = True


def differing_fields(expected: str | None, actual: str | None) -> tuple[str | None, str | None]:
    """Two records of a replay's report as a person reads them: where both are JSON objects,
    only the fields that differ (a header whose scenario changed was two lines of some 1,500
    characters each, to find one hash in); else as they are."""
    try:
        old, new = json.loads(expected or "null"), json.loads(actual or "null")
    except ValueError:
        return expected, actual
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return expected, actual
    keys = [k for k in sorted(set(old) | set(new)) if old.get(k, _ABSENT) != new.get(k, _ABSENT)]
    if not keys or len(keys) == len(set(old) | set(new)):
        return expected, actual
    return (dumps({k: old[k] for k in keys if k in old}) + "  (the fields that differ)",
            dumps({k: new[k] for k in keys if k in new}))


_ABSENT = object()


def replay_log(path: str | Path, scenario: Scenario | None = None) -> ReplayReport:
    """Re-run the game of a log from its header and actions; compare every record.

    ``scenario`` is the scenario to replay on when the caller built it (a campaign stage's, with
    its carry-over); by default it is loaded from the header.

    Every record is checked against the event schema first (a malformed one is a LogError at its
    line); the header is rebuilt from the scenario and compared (a changed scenario, engine or
    initial state is reported at line 1); a log that stops before its ``result`` is incomplete.
    """
    records = read_log(path)
    check_records(records, path)
    header = records[0][1]
    if scenario is None:
        scenario = _scenario_of(header, path)
    produced: list[dict[str, Any]] = []
    secret = logged_secret(records)
    if header.get("secret_sha256") not in (None, commitment(secret or derived_secret(
            header["seed"]))):
        return ReplayReport(False, len(records), 1, dumps(header), None,
                            "the log commits to a game secret (secret_sha256) that it does not "
                            "reveal — its game has not ended: the hidden values cannot be "
                            "rebuilt from the log alone (resume the game's save instead)",
                            complete=False)
    game, rebuilt = logged_game(scenario, header["seats"], header["seed"], produced.append,
                                header.get("controllers"), secret)
    changed = header_changes(header, rebuilt, scenario)
    if changed:
        return ReplayReport(False, len(records), 1, dumps(header), dumps(rebuilt),
                            "the header does not match the game it names: " + "; ".join(changed))
    if "source" in header and produced and produced[0].get("kind") == "header":
        # the same file (its scenario_sha256 matched), reached from another folder: the path
        # as the log wrote it
        produced[0] = {**produced[0], "source": header["source"]}
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
    report = _compare(records, produced)
    last = records[-1][0]
    if records[-1][1].get("kind") != "result" and (report.ok or report.line == last + 1):
        why = ("the game ended but no result record follows (was the log cut short?)"
               if game.over else "the game was not finished: a game quit or stopped, whose "
               "save, resumed with --log, writes its log whole")
        return ReplayReport(False, len(records), last + 1, None, report.actual,
                            f"incomplete log: its {last} lines replay as the game went, but it "
                            f"stops there; {why}", complete=False)
    return report


def logged_secret(records: list[tuple[int, dict[str, Any]]]) -> str | None:
    """The game's secret a log reveals at its end (``secret_reveal``), or None."""
    for _, rec in reversed(records):
        if rec.get("type") == "secret_reveal" and isinstance(rec.get("secret"), str):
            return str(rec["secret"])
    return None


def _scenario_of(header: dict[str, Any], beside: str | Path | None = None) -> Scenario:
    """The scenario a log names (:func:`scenario_name`), with the header's variant and
    options."""
    return load_scenario(scenario_name(header, beside), header.get("variant"),
                         header_options(header))


def scenario_name(header: dict[str, Any], beside: str | Path | None = None) -> str:
    """What a log's or save's header names to load: its ``source`` file (a mod) as written when
    it is a file from here, else the same path from the folder of the log or save ``beside``
    (a mod's log is shared with its file, and read from another folder), else the scenario's
    id — an unknown id then says which source was looked for."""
    source = header.get("source")
    if isinstance(source, str) and source:
        if Path(source).is_file():
            return source
        if beside is not None and (near := Path(beside).parent / source).is_file():
            return str(near)
        if find_by_id(str(header["scenario"])) is None:
            raise EngineError(f"the log's scenario {header['scenario']!r} came from the file "
                              f"{source!r}, which is neither here nor beside "
                              f"{beside or 'the log'}: run from the mod's folder, or put the "
                              "mod beside the log")
    return str(header["scenario"])


def header_options(header: dict[str, Any]) -> tuple[str, ...]:
    """The options a log's or save's header names (none when it names none, as older ones)."""
    options = header.get("options")
    if options is None:
        return ()
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise LogError("the header's options must be a list of option names")
    return tuple(options)


def header_changes(logged: dict[str, Any], rebuilt: dict[str, Any], scenario: Scenario
                   ) -> list[str]:
    """What differs between a log's header and the one its game gives now (each a sentence)."""
    out: list[str] = []
    if logged.get("engine") != rebuilt["engine"]:
        out.append(f"engine {logged.get('engine')!r} wrote it, this is engine "
                   f"{rebuilt['engine']!r}")
    if logged.get("scenario_sha256") != rebuilt["scenario_sha256"]:
        out.append("scenario_sha256 differs: the scenario is not the one the game ran "
                   f"({rebuilt['scenario_sha256'][:12]}… now)")
    for key in ("scenario", "options", "factions", "initial_hash", "secret_sha256"):
        if logged.get(key) != rebuilt.get(key):
            out.append(f"{key} differs")
    if logged.get("initial_hash") == rebuilt.get("initial_hash") \
            and logged.get("initial") != rebuilt.get("initial"):
        out.append("initial differs")
    if logged.get("source", None) is not None and rebuilt.get("source") is None \
            and not Path(str(logged["source"])).is_file():
        out.append(f"source {logged['source']!r} is not a scenario file")
    controllers = logged.get("controllers")
    if controllers is not None:
        bots = scenario.bots()
        bad = [f"{seat}={kind}" for seat, kind in controllers.items()
               if seat not in logged["seats"] or not (kind == "human" or bot_known(bots, kind))]
        if bad or set(controllers) != set(logged["seats"]):
            out.append("controllers do not name the seats and known controllers"
                       + (f" ({', '.join(bad)})" if bad else ""))
    extra = sorted(set(logged) - set(rebuilt) - {"controllers", "source"})
    if extra:
        out.append(f"unexpected field {extra[0]!r}")
    return out


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


__all__ = ["LogError", "ReplayReport", "Session", "header_changes", "header_options", "logged_game",
           "new_session", "play", "replay_log"]
