"""``dg simulate --svg OUT``: a chart of the report, written with string templates.

Per case a row of two panels: the win rates (each seat, the other winners, draws) as bars with
their 95 % interval as whiskers and a dashed line at the share every seat would have if seats
did not matter; and a histogram of game lengths in rounds. With ``--compare`` the second
scenario's bars stand under the first's, in another colour. No plotting library: the chart is a
few dozen shapes, and templates keep the file small, stable (the same report gives the same
bytes) and free of a heavy dependency.
"""

from __future__ import annotations

from html import escape
from typing import Any

from distant_galaxy.simulate.text import shown_seats

WIDTH, ROW = 900, 40
BAR_X, BAR_W = 150, 280
HIST_X, HIST_W = 520, 340
COLOURS = ("#3b6ea8", "#d0773a")


def _bars(case: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    rows = [(r["seat"], r) for r in shown_seats(case)]
    rows += [(str(r["winner"]), r) for r in case["other_winners"]]
    rows.append(("draws", case["draws"]))
    return rows


def _bar_panel(cases: list[dict[str, Any]], y: float) -> tuple[list[str], float]:
    out: list[str] = []
    first = cases[0]
    labels = [label for label, _ in _bars(first)]
    step = 14 * len(cases) + 8
    for i, label in enumerate(labels):
        top = y + i * step
        out.append(f'<text x="{BAR_X - 8}" y="{top + 11:.1f}" text-anchor="end">'
                   f'{escape(label)}</text>')
        for k, case in enumerate(cases):
            r = dict(_bars(case)).get(label, {"rate": 0.0, "ci": [0.0, 0.0]})
            by = top + k * 14
            w, lo, hi = (BAR_W * r["rate"], BAR_W * r["ci"][0], BAR_W * r["ci"][1])
            out.append(f'<rect x="{BAR_X}" y="{by:.1f}" width="{w:.1f}" height="11" '
                       f'fill="{COLOURS[k]}"><title>{escape(label)}: {100 * r["rate"]:.1f} % '
                       f'({100 * r["ci"][0]:.1f}–{100 * r["ci"][1]:.1f} %)</title></rect>')
            out.append(f'<path d="M{BAR_X + lo:.1f} {by + 5.5:.1f}H{BAR_X + hi:.1f}'
                       f'M{BAR_X + lo:.1f} {by + 1:.1f}v9M{BAR_X + hi:.1f} {by + 1:.1f}v9" '
                       'stroke="#222" fill="none"/>')
            out.append(f'<text x="{BAR_X + max(w, hi) + 6:.1f}" y="{by + 10:.1f}" '
                       f'class="small">{100 * r["rate"]:.1f} %</text>')
    height = len(labels) * step
    pos = first["positions"]
    if first["players"] > 1 and pos["seat_won"]:
        x = BAR_X + BAR_W * pos["expected"]
        out.append(f'<path d="M{x:.1f} {y - 4:.1f}V{y + height:.1f}" stroke="#888" '
                   'stroke-dasharray="3 3"/>')
    out.append(f'<path d="M{BAR_X} {y - 4:.1f}V{y + height:.1f}" stroke="#222"/>')
    for tick in (0, 25, 50, 75, 100):
        x = BAR_X + BAR_W * tick / 100
        out.append(f'<path d="M{x:.1f} {y + height:.1f}v4" stroke="#222"/>'
                   f'<text x="{x:.1f}" y="{y + height + 14:.1f}" class="small" '
                   f'text-anchor="middle">{tick} %</text>')
    return out, height + 16


def _histogram(cases: list[dict[str, Any]], y: float, height: float) -> list[str]:
    hists = [dict((int(k), int(v)) for k, v in c["rounds_histogram"]) for c in cases]
    values = sorted({k for h in hists for k in h})
    if not values:
        return []
    lo, hi = values[0], values[-1]
    span = hi - lo + 1
    top = max(max(h.values()) for h in hists if h)
    h_px = max(height, 60.0)
    w = HIST_W / span
    out = [f'<text x="{HIST_X}" y="{y - 6:.1f}" class="small">games by length in rounds '
           f'(highest bar: {top} games)</text>']
    for k, hist in enumerate(hists):
        for v, n in sorted(hist.items()):
            bh = h_px * n / top
            bx = HIST_X + (v - lo) * w + k * w / len(hists)
            out.append(f'<rect x="{bx:.1f}" y="{y + h_px - bh:.1f}" width="'
                       f'{max(w / len(hists) - 1, 0.5):.1f}" height="{bh:.1f}" '
                       f'fill="{COLOURS[k]}"><title>{v} rounds: {n} games</title></rect>')
    base = y + h_px
    out.append(f'<path d="M{HIST_X} {base:.1f}H{HIST_X + HIST_W}" stroke="#222"/>')
    every = 1 if span <= 25 else 5 if span <= 125 else 25
    for v in range(lo, hi + 1):
        if v == lo or v % every == 0:
            out.append(f'<text x="{HIST_X + (v - lo + 0.5) * w:.1f}" y="{base + 13:.1f}" '
                       f'class="small" text-anchor="middle">{v}</text>')
    return out


def report_svg(report: dict[str, Any]) -> str:
    """The chart of a report (and of its comparison) as an SVG document."""
    reports = [report] + ([report["compare"]["report"]] if "compare" in report else [])
    names = [r["scenario"] for r in reports]
    if len(names) == 2:
        names[1] = f"{names[1]} ({report['compare']['source']})"
    body: list[str] = []
    y = 40.0
    legend = "  ".join(f'<tspan fill="{COLOURS[i]}">■</tspan> {escape(n)}'
                       for i, n in enumerate(names))
    body.append(f'<text x="10" y="22" class="title">win rates with 95 % intervals; '
                f'game lengths — {legend}</text>')
    for i, case in enumerate(report["cases"]):
        group = [r["cases"][i] for r in reports]
        title = (f"{case['variant'] or 'base'}, {case['players']} players, "
                 f"{case['finished']} games")
        body.append(f'<text x="10" y="{y + 14:.1f}" class="head">{escape(title)}</text>')
        y += 30
        bars, height = _bar_panel(group, y)
        body += bars
        body += _histogram(group, y, height)
        y += max(height, 60.0) + ROW
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{y:.0f}" '
            f'viewBox="0 0 {WIDTH} {y:.0f}" font-family="sans-serif" font-size="12">\n'
            '<style>.title{font-size:14px;font-weight:bold}.head{font-weight:bold}'
            '.small{font-size:10px;fill:#444}</style>\n'
            f'<rect width="{WIDTH}" height="{y:.0f}" fill="white"/>\n'
            + "\n".join(body) + "\n</svg>\n")
