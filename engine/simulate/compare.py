"""The differences between two reports of the same games (``dg simulate --compare FILE2``).

For every case and every rate of the first report (each seat's and faction's win rate, other
winners, draws, round-limit endings, the first position's rate) the second report's rate less the
first's, with Newcombe's hybrid score 95 % interval; ``significant`` when the interval excludes
0. Lengths: the difference of mean rounds and actions with a normal (Welch) interval, and of the
medians. The two reports play the same seeds, turn orders and bots, so each win rate is also
compared game by game (``paired``): of the seeds both finished, those whose game the winner won
only in the first scenario and only in the second, with the exact two-sided sign test of those
discordant pairs (McNemar's exact test) — more sensitive than the interval, which treats the two
runs as independent. The endings (``endings``: each kind of ``reasons``) are compared as rates.
"""

from __future__ import annotations

from typing import Any

from distant_galaxy.simulate.stats import newcombe, sign_test_two_sided, welch


def difference(a: dict[str, Any], b: dict[str, Any], games_a: int, games_b: int) -> dict[str, Any]:
    """One rate of two reports (``{"count", ...}`` each) as b − a with its interval."""
    d, lo, hi = newcombe(a["count"], games_a, b["count"], games_b)
    return {"a": a["rate"], "b": b["rate"], "difference": round(d, 4),
            "ci": [round(lo, 4), round(hi, 4)], "significant": bool(lo > 0 or hi < 0)}


def paired(winner: str | None, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """``winner``'s games compared seed by seed (None for a draw): ``games`` both finished,
    ``only_a`` and ``only_b`` the seeds it won in one scenario only, ``p`` the exact two-sided
    sign test of those; None when a report does not list its winners (a report saved before)."""
    if "winners" not in a or "winners" not in b:
        return None
    won_a = {seed: w for seed, w in a["winners"]}
    won_b = {seed: w for seed, w in b["winners"]}
    both = won_a.keys() & won_b.keys()
    only_a = sum(1 for s in both if won_a[s] == winner != won_b[s])
    only_b = sum(1 for s in both if won_b[s] == winner != won_a[s])
    p = sign_test_two_sided(only_a, only_b)
    return {"games": len(both), "only_a": only_a, "only_b": only_b, "p": round(p, 4),
            "significant": p < 0.05}


def _rows(key: str, name: str, a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    theirs = {row[name]: row for row in b[key]}
    zero = {"count": 0, "rate": 0.0}
    names = [row[name] for row in a[key]] + [row[name] for row in b[key]
                                              if row[name] not in {r[name] for r in a[key]}]
    mine = {row[name]: row for row in a[key]}
    return [{name: n, **difference(mine.get(n, zero), theirs.get(n, zero), a["finished"],
                                   b["finished"])} for n in names]


def _won(key: str, name: str, a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of a winner's rate (a seat, another winner), each with its ``paired`` test."""
    return [{**row, "paired": paired(row[name], a, b)} for row in _rows(key, name, a, b)]


def _endings(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """Each kind of ending (``reasons``, matched by ``kind``: a mod that changes a number of
    its victory still ends its games the same way) of either report as a rate, b − a; a kind's
    words are the first report's, else the second's."""
    def rates(r: dict[str, Any]) -> dict[str, Any]:
        n = r["finished"]
        return {"finished": n, "endings": [
            {"kind": row.get("kind", row["reason"]), "count": row["count"],
             "rate": round(row["count"] / n, 4) if n else 0.0} for row in r["reasons"]]}
    words = {row.get("kind", row["reason"]): row["reason"]
             for row in [*b["reasons"], *a["reasons"]]}  # (the first report's last: kept)
    return [{"reason": words[row["kind"]], **row}
            for row in _rows("endings", "kind", rates(a), rates(b))]


def _length(key: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Medians and means of a length (rounds or actions), b − a, the means' with an interval."""
    la, lb = a[key], b[key]
    if not la or not lb:
        return {}
    d, lo, hi = welch(la["mean"], la["sd"], a["finished"], lb["mean"], lb["sd"], b["finished"])
    return {"median_a": la["median"], "median_b": lb["median"],
            "median_difference": lb["median"] - la["median"], "mean_a": la["mean"],
            "mean_b": lb["mean"], "mean_difference": round(d, 4),
            "ci": [round(lo, 4), round(hi, 4)], "significant": bool(lo > 0 or hi < 0)}


def compare_case(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The differences of one case (b − a)."""
    fa, fb = a["finished"], b["finished"]
    out: dict[str, Any] = {"variant": a["variant"], "players": a["players"]}
    out["seat_wins"] = _won("seat_wins", "seat", a, b)
    out["faction_wins"] = _rows("faction_wins", "faction", a, b)
    out["other_winners"] = _won("other_winners", "winner", a, b)
    out["draws"] = {**difference(a["draws"], b["draws"], fa, fb), "paired": paired(None, a, b)}
    out["round_limit"] = difference(a["round_limit"], b["round_limit"], fa, fb)
    out["first_position"] = difference(a["positions"]["table"][0], b["positions"]["table"][0],
                                       fa, fb)
    out["rounds"] = _length("rounds", a, b)
    out["actions"] = _length("actions", a, b)
    out["endings"] = _endings(a, b)
    return out


def compare_reports(a: dict[str, Any], b: dict[str, Any], name_b: str) -> dict[str, Any]:
    """The first report with ``compare``: the second report (``name_b``) and the differences."""
    cases = [compare_case(x, y) for x, y in zip(a["cases"], b["cases"], strict=True)]
    return {**a, "compare": {"scenario": b["scenario"], "source": name_b, "report": b,
                             "cases": cases}}
