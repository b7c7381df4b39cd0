"""``dg serve`` and ``dg join``: a game hosted for browsers and terminals on other machines."""

from __future__ import annotations

import argparse

from distant_galaxy.cli.commands.play import SEAT_HELP, variant_arguments
from distant_galaxy.cli.spec import Command, seed_argument
from distant_galaxy.hookspecs import hookimpl

HANDLERS = "distant_galaxy.cli.handlers.serve"


def serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", nargs="?", help="scenario id or path to a .yaml file "
                        "(dg list shows the scenarios and each one's seats)")
    parser.add_argument("--seat", action="append", default=[], metavar="NAME=CONTROLLER",
                        help=SEAT_HELP + " (human: a person joins with the seat's link; the "
                        "other seats are played by bots on the server). The seat names are "
                        "the scenario's: dg list shows them (tic-tac-toe: x, o)")
    variant_arguments(parser)
    parser.add_argument("--seed", type=seed_argument, help="seed of the game's dice (default: a "
                        "64-bit random one and a fresh secret for the hidden values)")
    parser.add_argument("--players", type=int, help="number of seats to use (the first N)")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on "
                        "(default 127.0.0.1, this machine only; 0.0.0.0 for a LAN: the links "
                        "then name this machine's LAN address)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: a "
                        "free one; the links printed name it)")
    parser.add_argument("--public-url", metavar="URL", help="the address players open, which "
                        "the printed links start with: a reverse proxy's "
                        "(https://games.example.org/dg) or this machine's on a LAN "
                        "(http://192.168.1.20:8000)")
    parser.add_argument("--log", help="write the JSONL event log to this file (kept with the "
                        "save: --resume goes on writing it)")
    parser.add_argument("--save", help="the save, written atomically at every decision "
                        "(default: serve-SCENARIO-DATE-TIME.json here, never the seed; with "
                        "--games N, put {game} in the name, as in --log)")
    parser.add_argument("--hot-seat", action="store_true", help="every human seat at one "
                        "screen: one link, the board hidden between hand-overs")
    parser.add_argument("--campaign", nargs="?", const="", metavar="SAVE", help="host the "
                        "stage under way or the next stage of a campaign save (default: the "
                        "only *.campaign.json here)")
    parser.add_argument("--resume", metavar="SAVE", help="go on with a game saved by dg serve "
                        "(or dg run --save); the links kept beside it still work")
    parser.add_argument("--games", type=int, default=1, metavar="N", help="host N games of the "
                        "scenario at once (seeds SEED..SEED+N-1; game ids g1..gN; no save files "
                        "unless --save names one with {game})")
    parser.add_argument("--pace", type=float, default=0.0, metavar="SECONDS",
                        help="wait this long before each bot action (to watch bots play)")


def join_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", help="the seat's link printed by dg serve "
                        "(http://HOST:PORT/play/TOKEN), or a spectator's (…/watch)")


@hookimpl
def dg_commands() -> list[Command]:
    return [
        Command("serve", "host a game for browsers and terminals (dg serve SCENARIO --seat "
                "orange=human; --campaign; --resume SAVE)", f"{HANDLERS}:serve", serve_arguments),
        Command("join", "play a seat of a game hosted by dg serve from this terminal",
                f"{HANDLERS}:join", join_arguments),
    ]
