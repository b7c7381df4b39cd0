"""``dg simulate``: balance statistics of seeded bot games (docs/simulate.md)."""

from __future__ import annotations

import argparse

from distant_galaxy.cli.spec import Command, seed_argument
from distant_galaxy.hookspecs import hookimpl


def simulate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", nargs="?", help="scenario id or path to a .yaml file (a mod)")
    parser.add_argument("--variant", action="append", default=[], metavar="V",
                        help="a variant (repeatable); 'base' is the scenario itself, 'all' the "
                        "scenario and every variant (default: the scenario itself)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME",
                        help="play with an option of the scenario (repeatable)")
    parser.add_argument("--players", action="append", type=int, default=[], metavar="N",
                        help="seat count (repeatable; default: the scenario's most)")
    parser.add_argument("--seat", action="append", default=[], metavar="SEAT=BOT",
                        help="the bot of a seat (default: the scenario's default bot)")
    parser.add_argument("--games", type=int, default=100, help="games per variant and seat count "
                        "(default 100)")
    parser.add_argument("--first-seed", type=seed_argument, default=0, metavar="K",
                        help="game k is played with seed K+k (default 0)")
    parser.add_argument("--rotate", action="store_true",
                        help="rotate the turn order by the seed (seed mod seats), so every seat "
                        "plays first equally often")
    parser.add_argument("--compare", metavar="FILE2",
                        help="also play the same games on a second scenario (a mod) and show "
                        "the differences with their 95%% intervals")
    parser.add_argument("--jobs", type=int, metavar="J",
                        help="worker processes (default: every core)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                        help="run on a Dask distributed cluster (default: $DG_SCHEDULER; "
                        "needs the [cluster] extra)")
    parser.add_argument("--max-actions", type=int, default=20_000,
                        help="a game still running after this many actions is an error")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--svg", metavar="OUT", help="write a chart (SVG) to this file")
    parser.add_argument("--report", metavar="FILE",
                        help="print a saved --json report instead of playing")


@hookimpl
def dg_commands() -> list[Command]:
    return [Command("simulate", "balance statistics of many seeded bot games (win rates with "
                    "intervals, lengths, --compare a mod; docs/simulate.md)",
                    "distant_galaxy.cli.handlers.simulate:run_simulate", simulate_arguments)]
