"""``dg test [PATH…]``: run the YAML rule tests of scenario files and report each case."""

from __future__ import annotations

import argparse

from distant_galaxy.errors import ScenarioErrors
from distant_galaxy.scenario.find import scenario_files
from distant_galaxy.scenario.rule_tests import run_file


def run_rule_tests(args: argparse.Namespace) -> int:
    names = args.paths or [str(p) for p in scenario_files()]
    passed = failed = 0
    for name in names:
        try:
            results = run_file(name)
        except ScenarioErrors as exc:
            print(f"{name}: does not load:\n{exc}")
            failed += 1
            continue
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
