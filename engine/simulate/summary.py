"""The numbers of a report, from the outcomes of one case's games (plain data, ready for JSON).

Per seat and per faction: wins, win rate and its 95 % Wilson interval; the same for winners that
are no seat (a side a plugin declares, as episode 5's ``aborigines``), for draws and for games the
round limit ended; by turn position (the first seat's edge); game
length in rounds and actions (median, quartiles, mean, a histogram of rounds); the reasons games
ended; the result ``tier`` counts when results carry one; each finished game's seed and winner
(``winners``: ``--compare`` pairs the games of two scenarios by seed). Rates are rounded to 4
places.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from distant_galaxy.simulate.plan import Case
from distant_galaxy.simulate.stats import mean_sd, quartiles, wilson

Outcome = dict[str, Any]


def rate(count: int, games: int) -> dict[str, Any]:
    """``{"count", "rate", "ci"}``: the rate of ``count`` in ``games`` with its Wilson interval."""
    lo, hi = wilson(count, games)
    return {"count": count, "rate": _r(count / games if games else 0.0), "ci": [_r(lo), _r(hi)]}


def _r(x: float) -> float:
    return round(x, 4)


def length(values: Sequence[int]) -> dict[str, Any]:
    """Median, quartiles, mean, standard deviation, min and max of game lengths."""
    if not values:
        return {}
    q1, med, q3 = quartiles(values)
    mean, sd = mean_sd(values)
    return {"median": med, "q1": q1, "q3": q3, "mean": _r(mean), "sd": _r(sd),
            "min": min(values), "max": max(values)}


def reason_key(reason: str) -> str:
    """A reason with its game's details taken out (numbers become ``N``, the word after one in
    the singular — ``closed 1 portal`` and ``closed 2 portals`` are ``closed N portal`` —, a
    parenthesis holding a ``:`` list of values is dropped; rule ids such as R5.3 stay), so
    endings of one kind count together."""
    return re.sub(r"\bN (\w{3,}?[^s])s\b", r"N \1", generic(reason))


def generic(reason: str) -> str:
    """A reason's words with its numbers as ``N`` and a ``:`` list of values dropped (what a
    kind of ending is shown as when its games' words differ: the longest's, plurals kept)."""
    text = re.sub(r" ?\([^()]*:[^()]*\)", "", reason)
    return re.sub(r"(?<![\w.])\d+", "N", text).strip()  # R5.3 stays


def summarize(case: Case, outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The report of one case (its :meth:`Case.describe` plus the numbers)."""
    done = [o for o in outcomes if "error" not in o]
    errors = [o for o in outcomes if "error" in o]
    n = len(done)
    seats = list(case.seats)
    wins = Counter(o["winner"] for o in done)
    factions = dict(case.factions)
    out: dict[str, Any] = case.describe()
    out.update(games=len(outcomes), finished=n, errors=len(errors),
               error_examples=[{"seed": o["seed"], "error": o["error"]} for o in errors[:5]])
    out["seat_wins"] = [{"seat": s, "faction": factions.get(s), **rate(wins[s], n)} for s in seats]
    out["faction_wins"] = _factions(seats, factions, wins, n)
    out["other_winners"] = [{"winner": w, **rate(c, n)} for w, c in
                            sorted(wins.items(), key=lambda kv: (-kv[1], str(kv[0])))
                            if w is not None and w not in seats]
    out["draws"] = rate(wins[None], n)
    out["round_limit"] = rate(sum(1 for o in done if o["limit"]), n)
    out["positions"] = _positions(done, len(seats))
    out["rounds"] = length([o["round"] for o in done])
    out["actions"] = length([o["actions"] for o in done])
    out["rounds_histogram"] = sorted(Counter(o["round"] for o in done).items())
    out["reasons"] = _reasons(done)
    out["winners"] = [[o["seed"], o["winner"]] for o in done]  # for --compare's pairs
    out["games_of_note"] = extremes(done)
    tiers = Counter(str(o["tier"]) for o in done if "tier" in o)
    if tiers:
        out["tiers"] = [{"tier": t, **rate(c, n)} for t, c in sorted(tiers.items(),
                                                                       key=lambda kv: -kv[1])]
    return out


def _factions(seats: list[str], factions: dict[str, str | None], wins: Counter[Any], n: int
              ) -> list[dict[str, Any]]:
    by: dict[str, list[str]] = {}
    for s in seats:
        f = factions.get(s)
        if f is not None:
            by.setdefault(f, []).append(s)
    return [{"faction": f, "seats": ss, **rate(sum(wins[s] for s in ss), n)}
            for f, ss in by.items()]


def _positions(done: Sequence[Outcome], seats: int) -> dict[str, Any]:
    """Wins by turn position (1 = plays first), and the first seat's edge: its rate less the
    rate every position would have if the position did not matter (the games a seat won, shared
    equally); ``significant`` when that rate is outside the first position's interval."""
    won = [o for o in done if o["winner"] in o["order"]]
    counts = Counter(o["order"].index(o["winner"]) for o in won)
    n = len(done)
    table = [{"position": p + 1, **rate(counts[p], n)} for p in range(seats)]
    if not won:  # no seat won a game (a side won, or draws): a position's edge does not apply
        return {"table": table, "expected": None, "first_seat_edge": None, "significant": False,
                "seat_won": 0}
    expected = len(won) / (n * seats) if n and seats else 0.0
    first = counts[0] / n if n else 0.0
    lo, hi = wilson(counts[0], n)
    return {"table": table, "expected": _r(expected), "first_seat_edge": _r(first - expected),
            "significant": bool(n and seats > 1 and not lo <= expected <= hi),
            "seat_won": len(won)}


def _reasons(done: Sequence[Outcome]) -> list[dict[str, Any]]:
    """The endings counted by kind (``reason_key``); a kind whose games all gave the same words
    keeps them (``round limit 20 reached``, not ``round limit N reached``)."""
    keys = Counter((o.get("rule"), o["limit"], reason_key(o["reason"])) for o in done)
    words: dict[tuple[Any, ...], set[str]] = {}
    games: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for o in done:
        key = (o.get("rule"), o["limit"], reason_key(o["reason"]))
        words.setdefault(key, set()).add(o["reason"].strip())
        games.setdefault(key, []).append(o)
    rows = sorted(keys.items(), key=lambda kv: (-kv[1], str(kv[0][0]), kv[0][2]))
    return [{"rule": rule, "round_limit": limit, "count": c, "kind": text,
             "reason": next(iter(words[(rule, limit, text)]))
             if len(words[(rule, limit, text)]) == 1
             else generic(max(sorted(words[(rule, limit, text)]), key=len)),
             "examples": [game_ref(o) for o in games[(rule, limit, text)][:EXAMPLES]]}
            for (rule, limit, text), c in rows]


#: How many games each ending names as examples (``reasons[].examples``).
EXAMPLES = 3


def game_ref(o: Outcome) -> dict[str, Any]:
    """What replays one game of a batch: its seed and turn order (``dg run SCENARIO --seed S
    --order A,B`` plays it again, with the batch's variant, options and bots), and its length."""
    return {"seed": o["seed"], "order": list(o["order"]), "rounds": o["round"],
            "actions": o["actions"]}


def extremes(done: Sequence[Outcome]) -> dict[str, Any]:
    """The shortest and the longest game (by rounds, then actions; the first such seed)."""
    if not done:
        return {}
    key = lambda o: (o["round"], o["actions"])  # noqa: E731
    return {"shortest": game_ref(min(done, key=key)), "longest": game_ref(max(done, key=key))}
