"""``dg verify-log LOG``: the referee of hidden information (:mod:`distant_galaxy.harness.referee`)."""

from __future__ import annotations

import argparse

from distant_galaxy.cli.spec import Command
from distant_galaxy.hookspecs import hookimpl


def verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a JSONL log written by dg run --log")
    parser.add_argument("--json", action="store_true", help="print the verdict as one JSON object "
                        "(ok, bags, reveals, problems); the exit code as without it")


@hookimpl
def dg_commands() -> list[Command]:
    return [Command("verify-log", "check from a log alone that every revealed hidden item came "
                    "from the bag committed at set-up",
                    "distant_galaxy.cli.handlers.referee:verify_log", verify_arguments)]
