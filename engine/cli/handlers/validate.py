"""``dg validate [PATH…]``: every error of every file, variant and option, with file:line:col."""

from __future__ import annotations

import argparse
import json
import sys

from distant_galaxy.scenario.validate import validate_paths, validate_problems


def validate(args: argparse.Namespace) -> int:
    if getattr(args, "json", False):
        found, checked = validate_problems(args.paths)
        print(json.dumps({"ok": not found, "files": checked,
                          "errors": [p.to_json() for p in found]}, indent=1))
        return 1 if found else 0
    problems, checked = validate_paths(args.paths)
    for text in problems:
        print(text)
    if problems:
        print(f"{len(problems)} error(s) in {checked} scenario file(s)", file=sys.stderr)
        return 1
    print(f"{checked} scenario file(s) valid, with all their variants and options")
    return 0
