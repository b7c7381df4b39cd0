"""Seeded bot games of every variant and seat count of a scenario, every log record validated.

For each variant (and the plain scenario) and each seat count the scenario allows, plays games
with seeds 0..N-1 and the scenario's default bots, keeps each game's JSONL log in memory, checks
every record against ``schemas/event.schema.json``, and prints per case the games finished with a
result, the end reasons, the winners, the median rounds and the records that broke the schema
(issue 11, "Done when"). Exits 1 if a game did not finish or a record is invalid.

With ``--option`` (repeatable) the games are played with those options on; a log with hidden
information is also checked by the referee (``verify_hidden``: every revealed item came from the
committed bag), and the Space Domain markers resolved are counted by kind. ``--mixed-seats``
plays one case whose seat count goes round with the seed (min, min+1, …, max, min, …) instead of
one case per seat count.

    python bench/episode_batch.py asteroid-belt --games 500
    python bench/episode_batch.py aborigine-clash --games 500
    python bench/episode_batch.py aborigine-clash --games 500 --mixed-seats --option space-domain
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from typing import Any

from jsonschema import Draft202012Validator

from distant_galaxy import load_scenario, verify_hidden
from distant_galaxy.loader import load_schema
from distant_galaxy.play.runner import logged_game, make_controllers

MAX_ACTIONS = 20_000


def play(scenario: Any, seats: list[str], seed: int) -> tuple[dict[str, Any], list[dict]]:
    """One game with the default bots; (result with rounds, the log's records)."""
    records: list[dict[str, Any]] = []
    controllers = make_controllers(scenario, seats, {}, seed, {}, None)
    game, _header = logged_game(scenario, seats, seed, records.append,
                                {s: c.name for s, c in controllers.items()})
    for _ in range(MAX_ACTIONS):
        if game.over:
            break
        assert game.pending is not None
        seat = game.pending.seat
        game.apply(controllers[seat].choose(game.view(seat)))  # what the seat may see
    return {**(game.result or {}), "rounds": game.state.round, "over": game.over}, records


def run_case(sid: str, variant: str | None, players: int | tuple[int, int], games: int,
             validator: Draft202012Validator, options: tuple[str, ...] = ()) -> dict[str, Any]:
    """Play one (variant, seat count) case and tally it; ``players`` (lo, hi) goes round with
    the seed."""
    scenario = load_scenario(sid, variant, options=list(options))
    reasons: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    markers: Counter[str] = Counter()
    rounds: list[int] = []
    unfinished = invalid = records_checked = hidden_bad = 0
    for seed in range(games):
        n = players if isinstance(players, int) else \
            players[0] + seed % (players[1] - players[0] + 1)
        result, records = play(scenario, scenario.seat_ids(n), seed)
        unfinished += not result["over"]
        reasons[str(result.get("reason", "?")).split(";")[0]] += 1
        winners[str(result.get("winner"))] += 1
        rounds.append(result["rounds"])
        for rec in records:
            records_checked += 1
            if next(validator.iter_errors(json.loads(json.dumps(rec))), None) is not None:
                invalid += 1
            if rec.get("type") == "marker_resolved":
                markers[str(rec["marker"])] += 1
        if any(rec.get("type") == "bag_commit" for rec in records):
            hidden_bad += bool(verify_hidden(list(enumerate(records, 1))))
    row: dict[str, Any] = {
        "variant": variant or "-", "options": list(options),
        "players": players if isinstance(players, int) else f"{players[0]}-{players[1]}",
        "games": games, "unfinished": unfinished, "invalid_records": invalid,
        "records": records_checked, "median_rounds": statistics.median(rounds),
        "winners": dict(winners.most_common()), "reasons": dict(reasons.most_common())}
    if markers or hidden_bad:
        row["markers_resolved"] = dict(markers.most_common())
        row["referee_failures"] = hidden_bad
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("scenario", help="a scenario id or file")
    ap.add_argument("--games", type=int, default=100, help="games per case (seeds 0..N-1)")
    ap.add_argument("--variant", action="append", default=[],
                    help="only this variant ('-' for the plain scenario; repeatable)")
    ap.add_argument("--option", action="append", default=[],
                    help="play with this option on (repeatable: a set of options)")
    ap.add_argument("--mixed-seats", action="store_true",
                    help="one case per variant, the seat count going round with the seed")
    args = ap.parse_args()
    base = load_scenario(args.scenario)
    lo, hi = base.players.get("min", 1), base.players.get("max", len(base.seats))
    validator = Draft202012Validator(load_schema("event"))
    failed = False
    chosen = [None, *sorted(base.variants)]
    if args.variant:
        chosen = [v for v in chosen if (v or "-") in args.variant]
    counts: list[int | tuple[int, int]] = [(lo, hi)] if args.mixed_seats else \
        list(range(lo, hi + 1))
    for variant in chosen:
        for players in counts:
            start = time.process_time()
            row = run_case(args.scenario, variant, players, args.games, validator,
                           tuple(args.option))
            row["cpu_s"] = round(time.process_time() - start, 1)
            failed |= bool(row["unfinished"] or row["invalid_records"]
                           or row.get("referee_failures"))
            print(json.dumps(row), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
