"""``dg validate [PATH…]``: every error of every file, variant and option, with file:line:col."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from distant_galaxy.build import json_header
from distant_galaxy.campaign.catalog import shipped_campaign_paths
from distant_galaxy.campaign.find import campaign_ids
from distant_galaxy.scenario.find import is_campaign_file, known_ids
from distant_galaxy.scenario.load import reading_once
from distant_galaxy.scenario.validate import validate_paths, validate_problems


def validate(args: argparse.Namespace) -> int:
    with reading_once():  # a campaign's scenarios were read already, for their own checks
        return _validate(args)


def _validate(args: argparse.Namespace) -> int:
    ids = set(campaign_ids()) - set(known_ids()) if args.paths else set()
    campaigns = [p for p in args.paths
                 if p in ids or (Path(p).is_file() and is_campaign_file(Path(p)))]
    scenarios = [p for p in args.paths if p not in campaigns]
    if getattr(args, "json", False):
        return _print_json(args.paths, scenarios, campaigns)
    if args.paths and not scenarios:
        problems: list[Any] = []
        checked = 0
    else:
        problems, checked = validate_paths(scenarios)
    if not args.paths:
        campaigns = [str(p) for p in shipped_campaign_paths()]
    if campaigns:  # the campaign loader is imported only for them
        from distant_galaxy.campaign.validate import validate_campaign
    for name in campaigns:
        problems.extend(validate_campaign(name))
    for text in problems:
        print(text)
    errors = [t for t in problems if not str(t).startswith("warning: ")]  # warnings: printed
    if errors:
        print(f"{len(errors)} error(s) in {checked} scenario file(s)"
              + (f" and {len(campaigns)} campaign file(s)" if campaigns else ""), file=sys.stderr)
        return 1
    if checked or not campaigns:
        print(f"{checked} scenario file(s) valid, with all their variants and options")
    if campaigns:
        print(f"{len(campaigns)} campaign file(s) valid")
    return 0


def _print_json(paths: list[str], scenarios: list[str], campaigns: list[str]) -> int:
    """One JSON document: ``files`` scenario files checked, ``campaigns`` campaign files checked
    (when any), every problem of both with file, line, column, message and suggestion."""
    if paths and not scenarios:
        found: list[Any] = []
        checked = 0
    else:
        found, checked = validate_problems(scenarios)
    if not paths:
        campaigns = [str(p) for p in shipped_campaign_paths()]
    if campaigns:
        from distant_galaxy.campaign.validate import campaign_problems
    for name in campaigns:
        found.extend(campaign_problems(name))
    errors = [p for p in found if getattr(p, "severity", "error") == "error"]
    doc: dict[str, object] = {**json_header(), "ok": not errors, "files": checked,
                              "errors": [p.to_json() for p in errors]}
    warned = [p.to_json() for p in found if p not in errors]
    if warned:
        doc["warnings"] = warned
    if campaigns:
        doc["campaigns"] = len(campaigns)
    print(json.dumps(doc, indent=1))
    return 1 if errors else 0
