"""``dg completion SHELL``: the completion script shtab writes from ``dg``'s own argument parser,
so every sub-command (the installed command plugins' included) and option completes. The
script completes both command names, ``dg`` and ``distant-galaxy``."""

from __future__ import annotations

import argparse
import re
import sys

import shtab

from distant_galaxy.cli.main import build_parser
from distant_galaxy.cli.registry import find_commands


def print_completion(args: argparse.Namespace) -> int:
    parser = build_parser(find_commands())
    script = shtab.complete(parser, shell=args.shell)
    if args.shell == "bash":  # the long name completes like dg
        script = re.sub(r"^(complete .*-F _shtab_dg dg)$", r"\1 distant-galaxy", script,
                        flags=re.MULTILINE)
    sys.stdout.write(script if script.endswith("\n") else script + "\n")
    return 0
