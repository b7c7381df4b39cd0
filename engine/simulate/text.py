"""``dg simulate``'s report as text (a block per case) or Markdown (one row per case).

Rates print as percentages with their 95 % interval; a difference of ``--compare`` as points
(b − a) with its interval and ``significant`` when the interval excludes 0.
"""

from __future__ import annotations

from typing import Any

from distant_galaxy.text import count_of


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def interval(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f} %"


def points(x: float) -> str:
    return f"{100 * x:+.1f}"


def num(x: float) -> str:
    return f"{x:g}"


def case_title(case: dict[str, Any]) -> str:
    variant = case["variant"] or "base"
    opts = "".join(f" +{o}" for o in case.get("options", []))
    bots = sorted(set(case["bots"].values()))
    who = bots[0] if len(bots) == 1 else ", ".join(f"{s}={b}" for s, b in case["bots"].items())
    return f"{variant}{opts}, {case['players']} players (bots: {who})"


def header(report: dict[str, Any]) -> str:
    lo, hi = report["seeds"]
    order = "rotated by seed" if report["turn_order"] == "rotated" else "the scenario's"
    return (f"{report['scenario']}: {report['games']} games per table, seeds {lo}–{hi}, "
            f"turn order {order}")


def shown_seats(case: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats' rows, unless only sides that are no seat won (episode 5: the Aborigines or
    the civilizations together)."""
    if case["other_winners"] and not any(r["count"] for r in case["seat_wins"]):
        return []
    return list(case["seat_wins"])


def _row(label: str, r: dict[str, Any]) -> str:
    return f"  {label:<18} {r['count']:>6}  {pct(r['rate']):>7}  {interval(r['ci'])}"


def case_text(case: dict[str, Any], scenario: str = "SCENARIO") -> list[str]:
    lines = [f"{case_title(case)}: {case['finished']} games"
             + (f", {case['errors']} FAILED" if case["errors"] else "")]
    lines.append(f"  {'':<18} {'wins':>6}  {'rate':>7}  95 % interval")
    same = all(r["faction"] in (None, r["seat"]) for r in case["seat_wins"])
    for r in shown_seats(case):
        label = r["seat"] if same or r["faction"] is None else f"{r['seat']} ({r['faction']})"
        lines.append(_row(label, r))
    if not same:
        lines += [_row(f"faction {r['faction']}", r) for r in case["faction_wins"]
                  if len(r["seats"]) > 1]
    lines += [_row(str(r["winner"]), r) for r in case["other_winners"]]
    lines.append(_row("draws", case["draws"]))
    lines.append(_row("round limit", case["round_limit"]))
    pos = case["positions"]
    first = pos["table"][0]
    if case["players"] > 1 and pos["seat_won"]:
        lines.append(_row("first to play", first) + f"   vs {pct(pos['expected'])}: "
                     f"{points(pos['first_seat_edge'])} points"
                     + (" (significant)" if pos["significant"] else ""))
    for key in ("rounds", "actions"):
        s = case[key]
        if s:
            lines.append(f"  {key:<8} median {num(s['median'])} (quartiles {num(s['q1'])}–"
                         f"{num(s['q3'])}), mean {s['mean']:.1f}, {s['min']}–{s['max']}")
    note = case.get("games_of_note") or {}
    if note:
        short, long_ = note["shortest"], note["longest"]
        again = " ".join(["dg run", scenario,
                          *([f"--variant {case['variant']}"] if case.get("variant") else []),
                          *[f"--option {o}" for o in case.get("options", [])],
                          *[f"--seat {s}={b}" for s, b in sorted(case.get("bots", {}).items())],
                          "--seed S --order A,B…"])
        lines.append(f"  shortest game: {_game(short)}, {count_of(short['rounds'], 'round')}; "
                     f"longest: {_game(long_)}, {count_of(long_['rounds'], 'round')}")
        lines.append(f"    (one game again: {again})")
    lines.append("  ended by:")
    for r in case["reasons"]:
        tag = f"[{r['rule']}] " if r["rule"] else ""
        seeds = ", ".join(str(g["seed"]) for g in r.get("examples", []))
        lines.append(f"    {r['count']:>6} × {tag}{r['reason']}"
                     + (" (round limit)" if r["round_limit"] else "")
                     + (f" — e.g. seed {seeds}" if seeds else ""))
    for e in case["error_examples"]:
        lines.append(f"  FAILED seed {e['seed']}: {e['error']}")
    return lines


def _game(ref: dict[str, Any]) -> str:
    """``seed 36 (order orange, purple)``."""
    return f"seed {ref['seed']} (order {', '.join(ref['order'])})"


def diff_text(d: dict[str, Any], label: str) -> str:
    flag = "  significant" if d["significant"] else ""
    return (f"  {label:<18} {pct(d['a']):>7} → {pct(d['b']):>7}  {points(d['difference'])} "
            f"points ({points(d['ci'][0])} to {points(d['ci'][1])}){flag}")


def compare_text(report: dict[str, Any]) -> list[str]:
    comp = report["compare"]
    lines = [f"compared with {comp['source']} ({comp['scenario']}): b − a, 95 % Newcombe "
             "interval"]
    for c in comp["cases"]:
        lines.append(f"{c['variant'] or 'base'}, {c['players']} players:")
        seats = _won_by_seats(c)  # (episode 5: only sides win, every seat's row would be 0 %)
        for r in c["seat_wins"] if seats else []:
            lines += [diff_text(r, r["seat"]), *paired_text(r.get("paired"))]
        for r in c["other_winners"]:
            lines += [diff_text(r, str(r["winner"])), *paired_text(r.get("paired"))]
        lines += [diff_text(c["draws"], "draws"), *paired_text(c["draws"].get("paired"), "drawn")]
        lines.append(diff_text(c["round_limit"], "round limit"))
        if seats:
            lines.append(diff_text(c["first_position"], "first to play"))
        for key in ("rounds", "actions"):
            r = c[key]
            if r:
                lines.append(f"  {key:<18} mean {r['mean_a']:.1f} → {r['mean_b']:.1f}  "
                             f"{r['mean_difference']:+.2f} ({r['ci'][0]:+.2f} to "
                             f"{r['ci'][1]:+.2f}), median {num(r['median_a'])} → "
                             f"{num(r['median_b'])}" + ("  significant" if r["significant"]
                                                         else ""))
        if c.get("endings"):
            lines.append("  endings:")
            lines += [ending_text(r) for r in c["endings"]]
    return lines


def _won_by_seats(c: dict[str, Any]) -> bool:
    """Whether a seat won a game in either run of a compared case (else only sides did)."""
    return bool(not c["other_winners"] or any(r["a"] or r["b"] for r in c["seat_wins"]))


def paired_text(p: dict[str, Any] | None, verb: str = "won") -> list[str]:
    """The line under a rate: its games compared seed by seed (none for an older report)."""
    if not p:
        return []
    flag = "  significant" if p["significant"] else ""
    chance = "< 0.0001" if p["p"] < 0.0001 else f"{p['p']:.4f}"
    return [f"  {'':<18} by seed: {verb} only in a {p['only_a']}, only in b {p['only_b']} of "
            f"{p['games']} (sign test p {chance}){flag}"]


def ending_text(d: dict[str, Any]) -> str:
    """One kind of ending, b − a: its rates, then its words (they may be long)."""
    flag = "  significant" if d["significant"] else ""
    return (f"    {pct(d['a']):>7} → {pct(d['b']):>7}  {points(d['difference'])} points "
            f"({points(d['ci'][0])} to {points(d['ci'][1])}){flag}  {d['reason']}")


def report_text(report: dict[str, Any]) -> str:
    """The whole report as text."""
    lines = [header(report), ""]
    for case in report["cases"]:
        lines += [*case_text(case, str(report.get("source") or report["scenario"])), ""]
    if "compare" in report:
        b = report["compare"]["report"]
        lines += [f"second scenario: {b['scenario']} ({report['compare']['source']})", ""]
        for case in b["cases"]:
            lines += [*case_text(case, str(report["compare"]["source"])), ""]
        lines += compare_text(report)
    return "\n".join(lines).rstrip() + "\n"


def _cell(r: dict[str, Any]) -> str:
    return f"{pct(r['rate'])} ({interval(r['ci'])})"


def markdown_row(case: dict[str, Any]) -> str:
    wins = [f"{r['seat']} {_cell(r)}" for r in shown_seats(case)]
    wins += [f"{r['winner']} {_cell(r)}" for r in case["other_winners"]]
    pos = case["positions"]
    first = "–" if case["players"] < 2 or not pos["seat_won"] else (
        f"{points(pos['first_seat_edge'])}" + (" *" if pos["significant"] else ""))
    return (f"| {case['variant'] or 'base'} | {case['players']} | {case['finished']} | "
            f"{'<br>'.join(wins)} | {pct(case['draws']['rate'])} | "
            f"{pct(case['round_limit']['rate'])} | {first} | "
            f"{_spread(case['rounds'])} | {_spread(case['actions'])} |")


def _spread(s: dict[str, Any]) -> str:
    """``median (q1–q3)``, or ``–`` when no game finished (every one failed)."""
    return f"{num(s['median'])} ({num(s['q1'])}–{num(s['q3'])})" if s else "–"


def report_markdown(report: dict[str, Any]) -> str:
    """One Markdown table, a row per case (and the comparison's, with ``--compare``)."""
    lines = [f"{header(report)}.", "",
             "| variant | players | games | win rate (95 % Wilson interval) | draws | "
             "round limit | first seat's edge (points) | rounds: median (quartiles) | "
             "actions: median (quartiles) |",
             "|---|---|---|---|---|---|---|---|---|"]
    lines += [markdown_row(c) for c in report["cases"]]
    if any(c["positions"]["significant"] for c in report["cases"]):
        lines += ["", "\\* what every position would win if the position did not matter is "
                  "outside the first seat's 95 % interval."]
    if "compare" in report:
        lines += ["", "```", *compare_text(report), "```"]
    return "\n".join(lines) + "\n"
