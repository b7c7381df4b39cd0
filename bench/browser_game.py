"""A whole game of ``dg serve`` played in a real browser, as a person would (the README's line):

    python bench/browser_game.py [--scenario asteroid-belt] [--seat orange] [--seed 1]
                                 [--policy dock|first] [--max-actions 3000]

starts ``dg serve SCENARIO --seat SEAT=human`` (the other seats: the scenario's bots) on a free
port, opens the seat's link in Debian's chromium (Playwright, headless), and plays every one of
the seat's decisions by clicking on the page (tests/browser/seat.py: a unit, then its target;
a cell; a site; a button) until the game's result is shown. ``--policy first`` clicks the first
legal action each time; ``dock`` (Asteroid Belt only) plays as tests/browser/test_serve_page.py
does: defenders and guards first, attacks, shuttles, units towards the class-3 asteroids, and at
most 40 actions a turn before ending it. It reports the seat's decisions, the rounds, the wall
time, the longest wait for the page to show the next decision, the result, and every console
error of the page. Run it with ``nice``: the bots and the browser share the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from distant_galaxy import load_scenario  # noqa: E402
from tests.browser.chromium import CHROMIUM, FLAGS, MISSING  # noqa: E402
from tests.browser.seat import Seat, towards_a_dock  # noqa: E402
from tests.serve.served import start  # noqa: E402

#: Actions of one turn after which the ``dock`` player ends its turn when it may.
TURN_CAP = 40


def choose(policy: str, scenario: Any, seat: Seat, snap: dict[str, Any], state: dict[str, int]
           ) -> dict[str, Any]:
    actions = snap["actions"]
    if policy == "first":
        return dict(actions[0])
    ends = [a for a in actions if a["verb"] == "end"]
    if state["turn_actions"] >= TURN_CAP and ends:
        return dict(ends[0])
    return towards_a_dock(scenario, snap, seat.positions(), state["deployed"])


def play(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    scenario = load_scenario(args.scenario)
    with tempfile.TemporaryDirectory() as tmp:
        served = start([args.scenario, "--seat", f"{args.seat}=human", "--seed", str(args.seed)],
                       Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                errors: list[str] = []
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda e: errors.append(str(e)))
                began = time.monotonic()
                page.goto(served.links[args.seat])
                seat = Seat(page)
                return drive(args, scenario, seat, began, errors)
        finally:
            served.stop()


def drive(args: argparse.Namespace, scenario: Any, seat: Seat, began: float,
          errors: list[str]) -> dict[str, Any]:
    state = {"deployed": 0, "turn_actions": 0}
    waits: list[float] = []
    for _ in range(args.max_actions):
        t = time.monotonic()
        snap = seat.wait_turn()
        waits.append(time.monotonic() - t)
        if snap is None:
            break
        action = choose(args.policy, scenario, seat, snap, state)
        ended = action["verb"] == "end"
        state["deployed"] = 0 if ended else state["deployed"] + (action["verb"] == "deploy")
        state["turn_actions"] = 0 if ended else state["turn_actions"] + 1
        seat.play(action)
    final = seat.snapshot()
    verbs: dict[str, int] = {}
    for text in seat.done:
        verbs[text.split()[0]] = verbs.get(text.split()[0], 0) + 1
    return {"scenario": args.scenario, "seed": args.seed, "policy": args.policy,
            "decisions": len(seat.done), "verbs": verbs, "rounds": final["round"],
            "seconds": round(time.monotonic() - began, 1),
            "longest_wait_s": round(max(waits), 2), "median_wait_s": round(
                statistics.median(waits), 3),
            "result": final["result_text"], "over": final["result"] is not None,
            "page_errors": [e for e in errors if "status of 400" not in e]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="asteroid-belt")
    ap.add_argument("--seat", default="orange")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", choices=["dock", "first"], default="dock")
    ap.add_argument("--max-actions", type=int, default=3000)
    args = ap.parse_args()
    if MISSING:
        print(f"no headless browser: {MISSING}", file=sys.stderr)
        return 2
    report = play(args)
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0 if report["over"] and not report["page_errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
