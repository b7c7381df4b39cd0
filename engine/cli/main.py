"""The ``dg`` command: list, run, resume, show, replay, validate, schema.

Bad input gives a non-zero exit and one clear message on stderr, never a Python traceback for a
user's mistake (``EngineError`` and ``OSError`` are caught at the top; exit code 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from distant_galaxy.errors import EngineError
from distant_galaxy.version import ENGINE_VERSION

Command = Callable[[argparse.Namespace], int]
COMMANDS: dict[str, Command] = {}


def command(name: str) -> Callable[[Command], Command]:
    def deco(fn: Command) -> Command:
        COMMANDS[name] = fn
        return fn
    return deco


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dg", description="Distant Galaxy scenario engine.")
    p.add_argument("--version", action="version", version=f"dg {ENGINE_VERSION}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("list", help="scenarios and variants found, with the plugins each needs")
    r = sub.add_parser("run", help="play a game (bots, or --seat NAME=human)")
    r.add_argument("scenario", help="scenario id or path to a .yaml file")
    r.add_argument("--variant", help="a variant of the scenario (see dg list)")
    r.add_argument("--seed", type=int, help="seed of the game's dice (default: a random seed, "
                   "printed with the result so the game can be replayed)")
    r.add_argument("--players", type=int, help="number of seats to use (the first N)")
    r.add_argument("--seat", action="append", default=[], metavar="NAME=CONTROLLER",
                   help="controller of a seat: human, random, or a scenario's bot")
    r.add_argument("--log", help="write the JSONL event log to this file")
    r.add_argument("--save", help="save the game to this file (atomically) when it stops")
    r.add_argument("--json", action="store_true", help="print the result as one JSON object")
    r.add_argument("--quiet", action="store_true", help="do not print the board each round")
    rs = sub.add_parser("resume", help="continue a saved game")
    rs.add_argument("save", help="a save written by dg run --save")
    rs.add_argument("--seat", action="append", default=[], metavar="NAME=CONTROLLER",
                    help="change a seat's controller (human, random, or a scenario's bot)")
    rs.add_argument("--log", help="write a complete JSONL log: the saved actions are replayed "
                    "into it (and must reproduce the saved state), then the rest of the game")
    rs.add_argument("--save-to", help="where to save when it stops (default: the same file)")
    rs.add_argument("--json", action="store_true")
    rs.add_argument("--quiet", action="store_true")
    sh = sub.add_parser("show", help="print the board of a save file")
    sh.add_argument("save", help="a save written by dg run --save")
    rp = sub.add_parser("replay", help="re-run a log and report the first record that differs")
    rp.add_argument("log")
    v = sub.add_parser("validate", help="check scenario files; report every error")
    v.add_argument("paths", nargs="*", help="files or scenario ids (default: every shipped one)")
    sub.add_parser("schema", help="print the combined JSON Schema of scenarios")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    _register_extra(parser)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    handler = COMMANDS.get(args.command) or getattr(args, "func", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except EngineError as exc:
        print(f"dg {args.command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `dg schema | head`
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(f"dg {args.command}: {exc.filename or ''}: {exc.strerror}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


_EXTRA: list[Callable[[Any], None]] = []


def extra_subcommands(fn: Callable[[Any], None]) -> Callable[[Any], None]:
    """Register a function that adds sub-commands (used by engine modules, e.g. perft, test)."""
    _EXTRA.append(fn)
    return fn


def _register_extra(parser: argparse.ArgumentParser) -> None:
    """Sub-commands of engine modules (``distant_galaxy.cli_extra``) and of installed plugins."""
    from distant_galaxy.cli import rule_tests_command  # noqa: F401  (registers dg test)
    from distant_galaxy.harness import perft, reliability  # noqa: F401  (dg perft, reliability)

    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for fn in _EXTRA:
        fn(sub)
    _plugin_commands().hook.dg_cli_commands(subparsers=sub)


def _plugin_commands() -> Any:
    """A plugin manager of every installed plugin that loads (a broken one is skipped with a
    warning, so that ``dg`` itself still works)."""
    from distant_galaxy.plugins import available_plugins, make_plugin_manager

    names = []
    for name in available_plugins():
        try:
            make_plugin_manager([name])
            names.append(name)
        except EngineError as exc:
            print(f"dg: warning: plugin '{name}' skipped: {exc}", file=sys.stderr)
    return make_plugin_manager(names)


# -- commands -------------------------------------------------------------------------------
@command("list")
def cmd_list(args: argparse.Namespace) -> int:
    from distant_galaxy.scenario.catalog import catalog
    from distant_galaxy.scenario.find import scenario_problems

    for entry in catalog():
        variants = ", ".join(entry["variants"]) or "-"
        plugins = ", ".join(entry["plugins"]) or "none"
        print(f"{entry['id']:<22} {entry['title']}")
        print(f"{'':<22} file: {entry['path']} (package {entry['provider']})")
        print(f"{'':<22} variants: {variants}; plugins: {plugins}; players: {entry['players']}")
    for problem in scenario_problems():
        print(f"dg: warning: {problem}", file=sys.stderr)
    return 0


def parse_seats(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise EngineError(f"--seat {item!r}: write it as NAME=CONTROLLER (e.g. orange=human)")
        name, _, kind = item.partition("=")
        out[name.strip()] = kind.strip()
    return out


@command("run")
def cmd_run(args: argparse.Namespace) -> int:
    from distant_galaxy.play.render import render_board
    from distant_galaxy.play.runner import new_session
    from distant_galaxy.scenario.load import load_scenario

    scenario = load_scenario(args.scenario, args.variant)
    seats = scenario.seat_ids(args.players) if args.players else scenario.seat_ids()
    _check_players(scenario, seats, args.players)
    if args.seed is None:
        import secrets

        args.seed = secrets.randbelow(1_000_000)
    kinds = parse_seats(args.seat)
    for name in kinds:
        if name not in seats:
            raise EngineError(f"--seat {name}: no such seat in this game (seats: {', '.join(seats)})")
    session = new_session(scenario, args.seed, seats, kinds, args.log, render=render_board)
    return _drive(session, args, save_to=args.save)


def _check_players(scenario: Any, seats: list[str], asked: int | None) -> None:
    lo, hi = scenario.players.get("min", 1), scenario.players.get("max", len(scenario.seats))
    if asked is not None and not lo <= asked <= hi:
        raise EngineError(f"{scenario.id} is for {lo} to {hi} players, not {asked}")


def _drive(session: Any, args: argparse.Namespace, save_to: str | None) -> int:
    from distant_galaxy.play.render import render_board, render_result
    from distant_galaxy.play.runner import play
    from distant_galaxy.play.saves import save_game

    game = session.game
    show = not (args.json or args.quiet)
    humans = any(getattr(c, "name", "") == "human" for c in session.controllers.values())
    if show and not humans:
        print(render_board(game))
    done = play(session, on_turn=(lambda g: print("\n" + render_board(g))) if show and not humans
                else None)
    if save_to:
        save_game(game, session.header, save_to)
    if not done:
        print("game stopped" + (f"; saved to {save_to} (dg resume {save_to})" if save_to
                                else "; nothing was kept (use --save FILE to keep a game)"))
        return 0
    if args.json:
        print(json.dumps(result_json(game), sort_keys=True))
    else:
        if show:
            print("\n" + render_board(game))
        print(f"{render_result(game)} — seed {game.state.seed}")
    return 0


def result_json(game: Any) -> dict[str, Any]:
    res = dict(game.result or {})
    return {"scenario": game.scenario.id, "variant": game.variant, "seed": game.state.seed,
            "winner": res.get("winner"), "draw": res.get("winner") is None,
            "reason": res.get("reason"), "rounds": game.state.round,
            "counters": res.get("counters", {}), "actions": len(game.history)}


@command("resume")
def cmd_resume(args: argparse.Namespace) -> int:
    from distant_galaxy.play.log import LogWriter
    from distant_galaxy.play.render import render_board
    from distant_galaxy.play.runner import Session, make_controllers
    from distant_galaxy.play.saves import read_save

    payload = read_save(args.save)
    game, header = _game_from_save(payload)
    log = LogWriter(args.log)
    if args.log:
        game = _replayed_into_log(payload, game, log)
    kinds = dict(header.get("controllers", {}))
    kinds.update(parse_seats(args.seat))
    controllers = make_controllers(game.scenario, game.state.seats, kinds, game.state.seed, {},
                                   render_board)
    session = Session(game, header, controllers, log)
    return _drive(session, args, save_to=args.save_to or args.save)


def _replayed_into_log(payload: dict[str, Any], saved: Any, log: Any) -> Any:
    """A new game that replays the save's actions into ``log``; it must reach the saved state."""
    from distant_galaxy.core.game import Game

    header = payload["header"]
    log(header)
    game = Game(saved.scenario, seats=header["seats"], seed=header["seed"], sink=log)
    for seat, text in payload["actions"]:
        game.apply(text, seat=seat)
    if game.state.hash() != saved.state.hash():
        raise EngineError("the save's actions do not reproduce its state (was it made by another "
                          "engine version?); resume without --log")
    return game


def _game_from_save(payload: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    from distant_galaxy.core.game import Game
    from distant_galaxy.scenario.load import load_scenario

    header = payload["header"]
    scenario = load_scenario(_source(header), header.get("variant"))
    game = Game(scenario, state=payload["state"], seed=header["seed"])
    game.history = [tuple(a) for a in payload["actions"]]  # type: ignore[misc]
    return game, header


def _source(header: dict[str, Any]) -> str:
    src = header.get("source")
    if src and Path(src).is_file():
        return str(src)
    return str(header["scenario"])


@command("show")
def cmd_show(args: argparse.Namespace) -> int:
    from distant_galaxy.play.render import render_board, render_result
    from distant_galaxy.play.saves import read_save

    game, _ = _game_from_save(read_save(args.save))
    print(render_board(game))
    if game.over:
        print(render_result(game))
    return 0


@command("replay")
def cmd_replay(args: argparse.Namespace) -> int:
    from distant_galaxy.play.runner import replay_log

    report = replay_log(args.log)
    if report.ok:
        print(f"{args.log}: replay matches ({report.records} records)")
        return 0
    print(f"{args.log}:{report.line}: {report.message}", file=sys.stderr)
    if report.expected is not None:
        print(f"  log:    {report.expected}", file=sys.stderr)
    if report.actual is not None:
        print(f"  replay: {report.actual}", file=sys.stderr)
    return 1


@command("validate")
def cmd_validate(args: argparse.Namespace) -> int:
    from distant_galaxy.scenario.validate import validate_paths

    problems, checked = validate_paths(args.paths)
    for text in problems:
        print(text)
    if problems:
        print(f"{len(problems)} error(s) in {checked} scenario file(s)", file=sys.stderr)
        return 1
    print(f"{checked} scenario file(s) valid, with all their variants")
    return 0


@command("schema")
def cmd_schema(args: argparse.Namespace) -> int:
    from distant_galaxy.scenario.catalog import full_schema

    print(json.dumps(full_schema(), indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
