"""``dg run``, ``dg resume``, ``dg show`` and ``dg replay``: playing games, saves and logs."""

from __future__ import annotations

import argparse

from distant_galaxy.cli.spec import Command, seed_argument
from distant_galaxy.hookspecs import hookimpl

HANDLERS = "distant_galaxy.cli.handlers.play"
SEAT_HELP = ("controller of a seat: human, random, mcts (the search bot, docs/bots.md), or a "
             "scenario's bot (a name it does not know lists them)")


def variant_arguments(parser: argparse.ArgumentParser) -> None:
    """``--variant`` and ``--option`` (``dg run``, ``dg serve``)."""
    parser.add_argument("--variant", help="a variant of the scenario (see dg list)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME",
                        help="play with an option of the scenario (repeatable; see dg list)")


def run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario id or path to a .yaml file")
    variant_arguments(parser)
    parser.add_argument("--seed", type=seed_argument, help="seed of the game's dice (default: a random "
                        "seed, printed with the result so the game can be replayed)")
    parser.add_argument("--players", type=int, help="number of seats to use (the first N)")
    parser.add_argument("--order", metavar="SEAT,SEAT,...",
                        help="the seats that play, in turn order (default: the scenario's, the "
                        "first N); dg simulate --rotate reports each game's")
    parser.add_argument("--seat", action="append", default=[], metavar="NAME=CONTROLLER",
                        help=SEAT_HELP)
    parser.add_argument("--log", help="write the JSONL event log to this file")
    parser.add_argument("--save", help="save the game to this file (atomically) when it stops")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--quiet", action="store_true", help="do not print the board each round")


def resume_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", help="a save written by dg run --save (its variant and "
                        "options are those it was started with)")
    parser.add_argument("--seat", action="append", default=[], metavar="NAME=CONTROLLER",
                        help="change a seat's controller (human, random, or a scenario's bot)")
    parser.add_argument("--log", help="write a complete JSONL log: the saved actions are "
                        "replayed into it (and must reproduce the saved state), then the rest "
                        "of the game")
    parser.add_argument("--save-to", help="where to save when it stops (default: the same file)")
    parser.add_argument("--allow-changed-scenario", action="store_true",
                        help="play on (with a warning) when the scenario changed since the save "
                        "(its sha256 differs); by default such a save is refused")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quiet", action="store_true")


def show_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", help="a save written by dg run --save")
    parser.add_argument("--allow-changed-scenario", action="store_true",
                        help="show the save (with a warning) even if its scenario changed")
    parser.add_argument("--svg", metavar="FILE", help="also write the board as an SVG picture")
    seen_by_argument(parser)
    parser.add_argument("--json", action="store_true", help="print the state as that view "
                        "holds it (hidden values masked) as one JSON object")


def seen_by_argument(parser: argparse.ArgumentParser) -> None:
    """``--seat SEAT``: show what that seat may see (default: what every player may see)."""
    parser.add_argument("--seat", metavar="SEAT", help="show what this seat may see "
                        "(game.view(SEAT)); by default what every player may see — never the "
                        "hidden values, which only the save and the log hold")


def replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log")
    parser.add_argument("--html", metavar="FILE", help="write a self-contained HTML replay viewer "
                        "of the log (the board at every step, the events in words) instead")
    parser.add_argument("--json", action="store_true", help="print the verdict as one JSON "
                        "object (ok, records, and where and how the log differs)")
    seen_by_argument(parser)


def render_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a JSONL log written by dg run --log")
    when = parser.add_mutually_exclusive_group()
    when.add_argument("--turn", type=int, metavar="N", help="the board as round N starts")
    when.add_argument("--step", type=int, metavar="K", help="the board after the K-th action "
                      "(0: the set-up)")
    shown_as = parser.add_mutually_exclusive_group()
    shown_as.add_argument("--svg", metavar="FILE", help="write the board as an SVG picture (else "
                          "print the text board)")
    shown_as.add_argument("--json", action="store_true", help="print the state as that view "
                          "holds it (hidden values masked) as one JSON object, as dg show --json")
    seen_by_argument(parser)


@hookimpl
def dg_commands() -> list[Command]:
    return [
        Command("run", "play a game (bots, or --seat NAME=human)", f"{HANDLERS}:run",
                run_arguments),
        Command("resume", "continue a saved game", f"{HANDLERS}:resume", resume_arguments),
        Command("show", "print the board of a save file", f"{HANDLERS}:show", show_arguments),
        Command("replay", "re-run a log and report the first record that differs (--html: a "
                "replay viewer)", f"{HANDLERS}:replay", replay_arguments),
        Command("render", "the board of a log at a round or step (text, or --svg)",
                "distant_galaxy.cli.handlers.pictures:render", render_arguments),
    ]
