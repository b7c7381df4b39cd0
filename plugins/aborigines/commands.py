"""The aborigines episode's command plugin: ``dg explain LOG [--turn N]``.

A light module of its own (entry-point group ``distant_galaxy.commands``), so that starting ``dg``
does not import the episode; the handler, :func:`.explain.cmd_explain`, is imported only when
``dg explain`` runs.
"""

from __future__ import annotations

import argparse

from distant_galaxy import Command, hookimpl


def explain_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", help="a JSONL log written by dg run --log")
    parser.add_argument("--turn", type=int, help="only this round (1-based)")
    parser.add_argument("--json", action="store_true", help="print the decisions as one JSON "
                        "object: each event with its round, the action it followed, the log "
                        "record and its lines")


@hookimpl
def dg_commands() -> list[Command]:
    return [Command("explain", "explain the Aborigine decisions of a game log",
                    "distant_galaxy_episodes.aborigines.explain:cmd_explain", explain_arguments)]
