"""``dg verify-log LOG [--json]``: print what the referee found in a log's hidden information;
exit 1 when something does not agree with the committed bags."""

from __future__ import annotations

import argparse
import json

from distant_galaxy.build import json_header
from distant_galaxy.harness.referee import verify_hidden
from distant_galaxy.play.log import read_log


def verify_log(args: argparse.Namespace) -> int:
    records = read_log(args.log)  # a LogError is printed by dg as one line
    events = [r for _, r in records if r.get("kind") == "event"]
    bags = sum(1 for e in events if e.get("type") == "bag_commit")
    shown = sum(1 for e in events if e.get("type") == "reveal" and "bag" in e)
    problems = verify_hidden(records)
    if getattr(args, "json", False):
        print(json.dumps({**json_header(), "log": str(args.log), "ok": not problems,
                          "bags": bags, "reveals": shown, "problems": problems}, sort_keys=True))
        return 1 if problems else 0
    if problems:
        for p in problems:
            print(f"{args.log}: {p}")
        print(f"{args.log}: {len(problems)} problem(s) with the hidden information")
        return 1
    if not bags:
        print(f"{args.log}: no hidden information in this log")
        return 0
    print(f"{args.log}: hidden information verified: {bags} bag(s) committed, {shown} reveal(s), "
          "each from its committed bag")
    return 0
