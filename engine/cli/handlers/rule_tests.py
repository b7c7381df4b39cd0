"""``dg test [PATH…]``: run the YAML rule tests of scenario files and report each case."""

from __future__ import annotations

import argparse
import json
from typing import Any

from distant_galaxy.errors import ScenarioErrors
from distant_galaxy.harness.rule_tests import run_file
from distant_galaxy.scenario.find import scenario_files


def run_rule_tests(args: argparse.Namespace) -> int:
    names = args.paths or [str(p) for p in scenario_files()]
    if getattr(args, "json", False):
        return _json_report(names)
    passed = failed = 0
    for name in names:
        try:
            results = run_file(name)
        except ScenarioErrors as exc:
            print(f"{name}: does not load:\n{exc}")
            failed += 1
            continue
        if not results and args.paths:  # named, and nothing to run: not a pass
            print(f"{name}: no tests (a scenario's tests: list, docs/authoring.md)")
        for r in results:
            if r.ok:
                passed += 1
                if not args.quiet:
                    print(f"PASS {r.where} {r.name}")
            else:
                failed += 1
                print(f"FAIL {r.where} {r.name}")
                for p in r.problems:
                    print(f"    {p}")
    print(f"dg test: {passed} passed, {failed} failed")
    return 1 if failed else 0


def _json_report(names: list[str]) -> int:
    """``dg test --json``: every case of every file, and the files that do not load."""
    cases: list[dict[str, Any]] = []
    broken: list[dict[str, str]] = []
    for name in names:
        try:
            results = run_file(name)
        except ScenarioErrors as exc:
            broken.append({"file": name, "message": str(exc)})
            continue
        cases.extend({"file": name, "name": r.name, "where": r.where, "ok": r.ok,
                      "problems": list(r.problems)} for r in results)
    passed = sum(1 for c in cases if c["ok"])
    failed = len(cases) - passed + len(broken)
    print(json.dumps({"passed": passed, "failed": failed, "cases": cases,
                      "not_loaded": broken}, indent=1))
    return 1 if failed else 0
