"""``dg run``, ``dg resume``, ``dg show`` and ``dg replay``: games, saves and logs."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from distant_galaxy.build import json_header
from distant_galaxy.cli.handlers.pictures import write_replay
from distant_galaxy.cli.term import Paint, painter, thinking_line
from distant_galaxy.core.game import Game
from distant_galaxy.core.hidden import fresh_secret, saved_secret
from distant_galaxy.errors import EngineError, PluginError
from distant_galaxy.harness.invariants import check_saved
from distant_galaxy.play.controllers import HumanController
from distant_galaxy.play.log import LogWriteError, LogWriter
from distant_galaxy.play.narrate import narrate
from distant_galaxy.play.outputs import check_outputs, check_written
from distant_galaxy.play.palette import palette_of
from distant_galaxy.play.render import (
    no_such_seat,
    render_board,
    render_result,
    seen,
    view_json,
)
from distant_galaxy.play.render_svg import render_svg
from distant_galaxy.play.runner import (
    ChangedByController,
    Session,
    differing_fields,
    header_options,
    logged_game,
    make_controllers,
    new_session,
    play,
    replay_log,
    resumed_session,
    scenario_name,
)
from distant_galaxy.play.saves import load_game, read_save, save_game, write_atomic
from distant_galaxy.scenario.load import load_scenario
from distant_galaxy.scenario.model import Scenario
from distant_galaxy.scenario.rules import ENDLESS
from distant_galaxy.text import count_of, quoted, shorten

if TYPE_CHECKING:
    from distant_galaxy.core.view import GameLike

#: Below this a ``--seed`` can be found by trying seeds against the visible dice (2**48 seeds).
SMALL_SEED = 2 ** 48


def parse_seats(items: list[str], called: str = "NAME") -> dict[str, str]:
    """``--seat NAME=CONTROLLER`` options as ``{name: controller}`` (``called``: what the name
    is called in the error of an item without ``=``, e.g. a campaign's CIVILIZATION)."""
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            word = item.strip()
            example = f"{word}=human" if word.replace("-", "").isalnum() else "orange=human"
            raise EngineError(f"--seat {quoted(item)}: write it as {called}=CONTROLLER (e.g. "
                              f"{example})")
        name, _, kind = item.partition("=")
        name, kind = name.strip(), kind.strip()
        if out.get(name, kind) != kind:  # the later would silently win
            raise EngineError(f"--seat {name} is given twice ({out[name]}, then {kind}): give "
                              "it once")
        out[name] = kind
    return out


def run(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario, args.variant, args.option)
    seats = scenario.seats_for(args.players)
    if getattr(args, "order", None):
        seats = seat_order(scenario, args.order, args.players)
    secret = None
    if args.seed is None:  # 64 bits, and a fresh secret for the hidden values (core/hidden.py)
        args.seed, secret = secrets.randbits(64), fresh_secret()
    kinds = parse_seats(args.seat)
    for name in kinds:
        if name not in seats:
            raise no_such_seat(name, seats)
    check_outputs(args.save, args.log)  # before anything is written
    try:
        session = new_session(scenario, args.seed, seats, kinds, args.log, human_io(args),
                              render=board_renderer(), secret=secret)
    except PluginError as exc:  # a plugin's fault while the game was set up: no file written
        given = [str(f) for f in (args.log, args.save) if f]
        there = [f for f in given if Path(f).exists()]
        kept = (f" ({' and '.join(there)} as it was)" if there else
                " (no file was written)" if given else "")
        raise EngineError(f"{exc}; the game could not be set up{kept}") from exc
    warning = small_seed_warning(session.game, args.seed, secret)
    if warning:
        print(warning, file=sys.stderr)
        screen = next((c.screen for c in session.controllers.values()
                       if isinstance(c, HumanController) and c.screen is not None), None)
        if screen is not None:  # a hot seat's first hand-over clears the screen: told again
            screen.notes.append(warning)
    if scenario.rules.endless and "human" not in kinds.values():
        print(f"warning: {ENDLESS} (as dg validate says): the bots play until the limit of "
              "1,000,000 actions", file=sys.stderr)
    return _drive(session, args, save_to=args.save)


def small_seed_warning(game: Game, seed: int, secret: str | None) -> str | None:
    """The warning for a ``--seed`` below :data:`SMALL_SEED` in a game with hidden values that
    the seed decides (no fresh ``secret``), or None (``dg run`` and ``dg serve`` print it)."""
    if secret is not None or not game.state.secrets or seed >= SMALL_SEED:
        return None
    return ("warning: the --seed given is small and this game has hidden values, which the "
            "seed decides: a player who tries seeds against the dice they see may find it and "
            "them; leave --seed out for a random seed and a fresh secret")


def seat_order(scenario: Scenario, text: str, players: int | None) -> list[str]:
    """``--order purple,orange``: the seats that play, in turn order (each a seat of the
    scenario, once; as many as ``--players`` when it is given, and as the scenario allows)."""
    order = [s.strip() for s in text.split(",") if s.strip()]
    known = scenario.seat_ids(len(scenario.seats))
    for seat in order:
        if seat not in known:
            raise EngineError(f"--order: {shorten(seat)} is no seat of {scenario.id} (seats: "
                              f"{', '.join(known)})")
    if len(set(order)) != len(order):
        raise EngineError(f"--order: a seat named twice ({text})")
    if players is not None and players != len(order):
        raise EngineError(f"--order names {len(order)} seats, --players {players}")
    scenario.seats_for(len(order))
    return order


def _drive(session: Session, args: argparse.Namespace, save_to: str | None) -> int:
    """Play the session to its end (or until a person stops), save, print the result.

    When the log cannot be written (a full disk…), the game stops, is saved first (with
    ``--save``), then the failure is reported naming the log file."""
    game = session.game
    show = not (args.json or args.quiet)
    humans = any(getattr(c, "name", "") == "human" for c in session.controllers.values())
    line = thinking_line() if show else None  # a bot's "thinking" line: on a terminal only
    for ctrl in session.controllers.values():
        ctrl.thinking = line
    paint = painter()
    watch = Watcher(paint) if show and not humans else None
    if watch is not None:
        watch.board(game)
    try:
        done = play(session, on_turn=watch.board if watch else None,
                    on_action=watch.action if watch else None)
    except LogWriteError as exc:
        if save_to:
            save_game(game, session.header, save_to)
            raise EngineError(f"{exc}; the game stopped and was saved first to {save_to} "
                              f"(dg resume {save_to})") from None
        raise EngineError(f"{exc}; the game stopped (nothing was kept: use --save FILE to "
                          "keep a game)") from None
    except ChangedByController as exc:  # the state cannot be trusted: never saved
        raise EngineError(f"{exc}; the game stopped and was not saved{_as_it_was(save_to)}"
                          ) from exc
    except EngineError as exc:  # a plugin's or a rule's fault: the action was taken back
        raise EngineError(f"{exc}{_kept_after_fault(session, save_to)}") from exc
    if save_to:
        save_game(game, session.header, save_to)
    if not done:
        code = stopped_code(session)
        if args.json:
            print(json.dumps(stopped_json(game, save_to, session.interrupted), sort_keys=True))
            return code
        print(("interrupted: " if session.interrupted else "") + "game stopped"
              + (f"; saved to {save_to} ({resume_hint(session, save_to)})" if save_to
                 else _unsaved(session)))
        return code
    if args.json:
        print(json.dumps(result_json(game), sort_keys=True))
    else:
        if watch is not None:
            watch.board(game)
        print(f"{render_result(game, paint)} — seed {game.state.seed}")
    return 0


def _unsaved(session: Session) -> str:
    """What a stopped game without ``--save`` kept: nothing, or its log, which is no save."""
    log = session.log.path
    if log is None:
        return "; nothing was kept (use --save FILE to keep a game)"
    return (f"; its log {log} holds it so far, but a log cannot be resumed (use --save FILE to "
            "keep a game)")


def _kept_after_fault(session: Session, save_to: str | None) -> str:
    """What became of a game that a fault stopped (the failed action was taken back): with
    ``--save``, saved — when the game still holds its invariants and would load again — so that
    nothing is lost; the words that say so, to follow the fault's own."""
    if not save_to:
        return "; the game stopped (nothing was kept: use --save FILE to keep a game)"
    problems = check_saved(session.game)
    if problems:
        return f"; the game stopped and was not saved ({problems[0]}){_as_it_was(save_to)}"
    try:
        save_game(session.game, session.header, save_to)
    except EngineError as exc:
        return f"; the game stopped and was not saved ({exc})"
    return f"; the game stopped and was saved first to {save_to} ({resume_hint(session, save_to)})"


def resume_hint(session: Session, save_to: str) -> str:
    """``dg resume g.save``, with ``--log g.jsonl`` when the game was logged: a resumed game
    writes its log only when told (then whole again, from the start), and a player who left the
    option out found the log stopped where the game had (the new player's trial)."""
    log = session.log.path
    return f"dg resume {save_to}" + (f" --log {log}" if log is not None else "")


def _as_it_was(save_to: str | None) -> str:
    """``; g.save is as it was`` when the save file of a game not saved exists (else nothing)."""
    return f"; {save_to} is as it was" if save_to and Path(save_to).exists() else ""


def human_io(args: argparse.Namespace) -> dict[str, Any]:
    """With ``--json`` the human prompt talks on stderr: stdout holds the JSON alone."""
    return {"out": sys.stderr} if args.json else {}


def board_renderer() -> Any:
    """``render_board`` as the human prompt calls it: in colour on a colour terminal."""
    paint = painter()
    if paint is None:
        return render_board

    def draw(game: GameLike, legend: bool = True) -> str:
        return render_board(game, paint, legend)
    return draw


class Watcher:
    """What a bot-only run prints (unless ``--quiet``; a bot-only campaign stage too): a line
    per action with what it caused, and the board at each new round — only when it changed
    since it was last printed. On a colour terminal (``paint``) owners are drawn in their
    colours."""

    def __init__(self, paint: Paint | None = None) -> None:
        self.last: str | None = None
        self.paint = paint

    def board(self, game: Game) -> None:
        """The board, if it changed; its key (the legend lines) with the first board only."""
        text = render_board(game, self.paint, legend=False)
        if text != self.last:
            first = self.last is None
            print(render_board(game, self.paint) if first else "\n" + text)
            self.last = text

    def action(self, game: Game, seat: str, action: object, events: list[dict[str, Any]]
               ) -> None:
        who = seat if self.paint is None else self.paint(seat, palette_of(game.scenario).seat(seat))
        print(f"{who}: {action}")
        for line in narrate(game, [e for e in events if e.get("type") != "turn_start"]):
            print(line)


def result_json(game: Game) -> dict[str, Any]:
    """The result of a finished game as ``dg run --json`` prints it (``rule``: the rule id that
    ended it, when the scenario names one — the log's ``game_over`` has it too; ``rounds``: the
    round it ended in, the log's ``round``)."""
    res = dict(game.result or {})
    return {**json_header(), "scenario": game.scenario.id, "variant": game.variant,
            "options": list(game.options), "seed": game.state.seed,
            "winner": res.get("winner"), "draw": res.get("winner") is None,
            "reason": res.get("reason"), "rule": res.get("rule"), "rounds": game.state.round,
            "counters": res.get("counters", {}), "actions": len(game.history)}


def stopped_code(session: Session) -> int:
    """The exit status of a game stopped before its end: 0 when a person quit, 130 when Ctrl-C
    stopped it (as any interrupted command)."""
    return 130 if session.interrupted else 0


def stopped_json(game: Game, save_to: str | None, interrupted: bool = False
                 ) -> dict[str, Any]:
    """What ``dg run --json`` prints when a person stops the game before its end (by Ctrl-C:
    ``interrupted``)."""
    return {**json_header(), "scenario": game.scenario.id, "variant": game.variant,
            "options": list(game.options), "seed": game.state.seed, "stopped": True,
            "interrupted": interrupted, "saved_to": save_to, "rounds": game.state.round,
            "actions": len(game.history), "winner": None, "draw": False}


def resume(args: argparse.Namespace) -> int:
    payload = read_save(args.save)
    game, header = game_from_save(args.save, payload, args.allow_changed_scenario)
    kinds = dict(header.get("controllers", {}))
    kinds.update(parse_seats(args.seat))
    controllers = make_controllers(game.scenario, game.state.seats, kinds, game.state.seed,
                                   human_io(args), board_renderer())
    if kinds:  # who plays on: the new log's and the save's header say so
        header = {**header, "controllers": kinds}
    check_outputs(args.save_to, args.log, resumed=args.save)
    log = LogWriter(args.log)
    if args.log:
        game = replayed_into_log({**payload, "header": header}, game, log)
    session = resumed_session(game, header, controllers, log)
    if not args.json:  # where the game stands (the past is not told again)
        st = game.state
        print(f"== resumed {args.save}: {game.scenario.title}, round {st.round}, "
              f"{count_of(len(game.history), 'action')} played"
              + (f"; {st.pending.seat} decides: {st.pending.kind}" if st.pending else ""))
    return _drive(session, args, save_to=args.save_to or args.save)


def replayed_into_log(payload: dict[str, Any], saved: Game, log: LogWriter) -> Game:
    """A new game that replays the save's actions into ``log``; it must reach the saved state."""
    header = payload["header"]
    game, _ = logged_game(saved.scenario, header["seats"], header["seed"], log,
                          header.get("controllers"), saved_secret(saved.state))
    for seat, text in payload["actions"]:
        game.apply(text, seat=seat)
    if game.state.hash() != saved.state.hash():
        raise EngineError("the save's actions do not reproduce its state (was it made by another "
                          "engine version?); resume without --log")
    return game


def game_from_save(path: str, payload: dict[str, Any], allow_changed: bool = False,
                   trial: bool = True) -> tuple[Game, dict[str, Any]]:
    """The game of a save read by ``read_save`` and its header (the scenario loaded from it);
    ``trial=False`` to show it, not play it on (:func:`~distant_galaxy.play.saves.load_game`)."""
    header = payload["header"]
    scenario = load_scenario(scenario_name(header, path), header.get("variant"),
                             header_options(header))
    game = load_game(path, payload, scenario, allow_changed=allow_changed,
                     warn=lambda text: print(text, file=sys.stderr), check=check_saved,
                     trial=trial)
    return game, header


def show(args: argparse.Namespace) -> int:
    full, _ = game_from_save(args.save, read_save(args.save),
                             getattr(args, "allow_changed_scenario", False), trial=False)
    if getattr(args, "svg", None):  # before anything is printed: the file is refused whole
        check_written(args.svg, "--svg", "svg", read=(args.save,))
    seat = getattr(args, "seat", None)
    game = seen(full, seat)  # issue 34: never the hidden values the save holds
    if getattr(args, "json", False):
        print(json.dumps({**json_header(), "save": str(args.save), **view_json(game, seat)},
                         sort_keys=True))
        return 0
    paint = painter()
    print(render_board(game, paint))
    if game.over:
        print(render_result(game, paint))
    if getattr(args, "svg", None):
        write_atomic(args.svg, render_svg(game))
        print(f"board written to {args.svg}")
    return 0


def _record(text: str | None) -> Any:
    """A record of a replay's report (its JSON text) as data, or None."""
    return None if text is None else json.loads(text)


def replay(args: argparse.Namespace) -> int:
    if getattr(args, "html", None):
        return write_replay(args)
    report = replay_log(args.log)
    if getattr(args, "json", False):
        print(json.dumps({**json_header(), "log": str(args.log), "ok": report.ok,
                          "records": report.records, "complete": report.complete,
                          "line": None if report.ok else report.line,
                          "message": None if report.ok else report.message,
                          "log_record": _record(report.expected),
                          "replay_record": _record(report.actual)},
                         sort_keys=True))
        return 0 if report.ok else 1
    if report.ok:
        print(f"{args.log}: replay matches ({report.records} records)")
        return 0
    where = f"{args.log}:{report.line}" if report.complete else str(args.log)  # (no such line)
    print(f"{where}: {report.message}", file=sys.stderr)
    logged, replayed = differing_fields(report.expected, report.actual)
    if logged is not None:
        print(f"  log:    {logged}", file=sys.stderr)
    if replayed is not None:
        print(f"  replay: {replayed}", file=sys.stderr)
    return 1
