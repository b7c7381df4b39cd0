"""``dg reliability``: the reliability report (:mod:`distant_galaxy.harness.reliability`,
docs/reliability.md)."""

from __future__ import annotations

import argparse
import os

from distant_galaxy.cli.spec import Command, seed_argument
from distant_galaxy.hookspecs import hookimpl


def reliability_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenarios", nargs="*", metavar="SCENARIO",
                        help="scenario ids or files to play, as --scenario (the game author's "
                        "trial wrote 'dg reliability my.yaml' as the other commands take it)")
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--seed", type=seed_argument, default=1, help="first seed (default 1)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--scenario", action="append", default=[],
                        help="only this scenario id or file (repeatable); default: every "
                        "shipped one")
    parser.add_argument("--example", action="store_true",
                        help="also play the example race of tests/ (its plugin is registered)")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")


@hookimpl
def dg_commands() -> list[Command]:
    return [Command("reliability", "play many random games with every check and print the "
                    "counts (docs/reliability.md)",
                    "distant_galaxy.cli.handlers.reliability:run_reliability",
                    reliability_arguments)]
