"""``dg perft SCENARIO DEPTH``: the perft count (:mod:`distant_galaxy.harness.perft`)."""

from __future__ import annotations

import argparse

from distant_galaxy.cli.spec import Command, seed_argument
from distant_galaxy.hookspecs import hookimpl


def perft_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="scenario id or path to a .yaml file")
    parser.add_argument("depth", type=int, help="how many actions deep (a line ends early where "
                        "the game ends)")
    parser.add_argument("--variant", help="a variant of the scenario")
    parser.add_argument("--option", action="append", default=[], metavar="NAME",
                        help="an option of the scenario (repeatable)")
    parser.add_argument("--seed", type=seed_argument, default=1, help="seed of the game's dice (default 1)")
    parser.add_argument("--divide", action="store_true", help="also print the count below each "
                        "first action")
    parser.add_argument("--json", action="store_true", help="print the count (and the divide) "
                        "as one JSON object")


@hookimpl
def dg_commands() -> list[Command]:
    return [Command("perft", "count the action sequences of length DEPTH from the start",
                    "distant_galaxy.cli.handlers.perft:run_perft", perft_arguments)]
