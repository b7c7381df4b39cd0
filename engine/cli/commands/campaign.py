"""``dg campaign new|status|play|resume|replay``: a campaign played stage by stage (docs/campaign.md)."""

from __future__ import annotations

import argparse

from distant_galaxy.cli.spec import Command, seed_argument
from distant_galaxy.hookspecs import hookimpl

HANDLER = "distant_galaxy.cli.handlers.campaign:campaign"
PROG = "dg campaign"
SAVE_HELP = ("the campaign save (default: the only *.campaign.json of the current folder; "
             "'new' writes ID.campaign.json there)")
SEAT_HELP = "controller of a civilization: human, or a bot of the stage's scenario"


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save", metavar="PATH", help=SAVE_HELP)


def _playing(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", action="append", default=[], metavar="CIV=CONTROLLER",
                        help=SEAT_HELP + " (for this stage)")
    parser.add_argument("--all", action="store_true",
                        help="play every remaining stage, one after the other")
    parser.add_argument("--json", action="store_true",
                        help="print each stage's result as one JSON object")
    parser.add_argument("--quiet", action="store_true", help="do not print the board each round")


def campaign_arguments(parser: argparse.ArgumentParser) -> None:
    parser.prog = PROG
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    new = sub.add_parser("new", prog=f"{PROG} new",
                         help="start a campaign and write its save")
    new.add_argument("campaign", help="campaign id (see dg list) or path to a campaign .yaml")
    new.add_argument("--seat", action="append", default=[], metavar="CIV=CONTROLLER",
                     help=SEAT_HELP + " (for the whole campaign; the others are bots)")
    new.add_argument("--seed", type=seed_argument, help="the campaign's seed (each stage's seed comes "
                     "from it; default: a random seed, printed)")
    _common(new)
    status = sub.add_parser("status", prog=f"{PROG} status",
                         help="stages, results, standing and what carries next")
    status.add_argument("--json", action="store_true", help="print the status as JSON")
    _common(status)
    play = sub.add_parser("play", prog=f"{PROG} play",
                         help="play the next stage (or go on with the one under way)")
    play.add_argument("--log", metavar="PATH", help="the stage's JSONL log (default: next to "
                      "the save, SAVE.N-STAGE.jsonl; with --all, the first stage's, the others "
                      "by default)")
    _playing(play)
    _common(play)
    resume = sub.add_parser("resume", prog=f"{PROG} resume",
                         help="go on with the stage under way, from the save")
    _playing(resume)
    _common(resume)
    replay = sub.add_parser("replay", prog=f"{PROG} replay",
                         help="re-check every finished stage's log")
    _common(replay)


@hookimpl
def dg_commands() -> list[Command]:
    return [Command("campaign", "play a campaign: new, status, play, resume, replay", HANDLER,
                    campaign_arguments)]
