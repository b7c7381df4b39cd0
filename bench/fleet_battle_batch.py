"""Episode 6: N seeded bot battles of every seat count, variant and option set, every log record
validated against the event schema; each result must name a tier (issue 13, "Done when").

Seed ``s`` plays case ``s mod 10``: the plain scenario with 1, 2, 3, 4 civilization seats and the
hot-seat variant, each without and with the ``battle-orders`` option, all seats played by the
default ``fleet`` bot (the Aborigine fleet by the engine's AI). Prints one JSON line per case and
one for the whole run; exits 1 if a game did not finish, a result has no tier, or a record broke
the schema. The games are those of ``bench/episode_batch.py`` (its ``play``).

    python bench/fleet_battle_batch.py --games 500
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from typing import Any

from episode_batch import play  # bench/ is on sys.path when this script runs
from jsonschema import Draft202012Validator

from distant_galaxy import load_scenario
from distant_galaxy.loader import load_schema

TIERS = ("crushing defeat", "brilliant victory", "minor success", "draw")
CASES: list[tuple[str | None, tuple[str, ...], int]] = [
    (variant, options, players)
    for options in ((), ("battle-orders",))
    for variant, players in ((None, 1), (None, 2), (None, 3), (None, 4), ("hot-seat", 2))]


def _tally() -> dict[str, Any]:
    return {"games": 0, "unfinished": 0, "no_tier": 0, "invalid_records": 0, "records": 0,
            "tiers": Counter(), "winners": Counter(), "rules": Counter(), "rounds": []}


def _add(row: dict[str, Any], result: dict[str, Any], records: list[dict],
         validator: Draft202012Validator) -> None:
    row["games"] += 1
    row["unfinished"] += not result["over"]
    row["no_tier"] += result.get("tier") not in TIERS
    row["tiers"][str(result.get("tier"))] += 1
    row["winners"][str(result.get("winner"))] += 1
    row["rules"][str(result.get("rule"))] += 1
    row["rounds"].append(result["rounds"])
    for rec in records:
        row["records"] += 1
        if next(validator.iter_errors(json.loads(json.dumps(rec))), None) is not None:
            row["invalid_records"] += 1


def _line(label: str, row: dict[str, Any]) -> str:
    out = {k: (dict(v.most_common()) if isinstance(v, Counter) else v) for k, v in row.items()
           if k != "rounds"}
    out["median_rounds"] = statistics.median(row["rounds"]) if row["rounds"] else None
    return json.dumps({"case": label, **out})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games in all (seeds 0..N-1)")
    args = ap.parse_args()
    validator = Draft202012Validator(load_schema("event"))
    scenarios = {(v, o): load_scenario("fleet-battle", v, list(o)) for v, o, _ in CASES}
    rows = {i: _tally() for i in range(len(CASES))}
    total = _tally()
    start = time.process_time()
    for seed in range(args.games):
        variant, options, players = CASES[seed % len(CASES)]
        scenario = scenarios[(variant, options)]
        result, records = play(scenario, scenario.seat_ids(players), seed)
        _add(rows[seed % len(CASES)], result, records, validator)
        _add(total, result, records, validator)
    for i, (variant, options, players) in enumerate(CASES):
        label = f"{variant or '-'}{''.join('+' + o for o in options)} players={players}"
        print(_line(label, rows[i]), flush=True)
    total["cpu_s"] = round(time.process_time() - start, 1)
    print(_line("all", total), flush=True)
    bad = total["unfinished"] or total["no_tier"] or total["invalid_records"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
