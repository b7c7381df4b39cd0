"""Run every timing bench and write the table that docs/performance.md shows.

    python bench/run_all.py            # the default (short) run of each bench, table into the doc
    python bench/run_all.py --long     # the benches' long runs
    python bench/run_all.py --no-write # print the table only

Each bench runs in its own process with ``--json`` (bench/timing.py: CPU time, sides alternated,
≥ 5 rounds, min and median); the table goes between the ``bench:run_all`` markers of
docs/performance.md. The batch scripts (balance_*, *_batch, reliability) count outcomes, not
time, and are not run here.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parent / "docs" / "performance.md"
START, END = "<!-- bench:run_all start -->", "<!-- bench:run_all end -->"

#: script → (arguments of the short run, arguments of the long run)
BENCHES: dict[str, tuple[list[str], list[str]]] = {
    "vs_openspiel.py": ([], ["--long"]),
    "bench_asteroid_belt.py": ([], ["--long"]),
    "bench_rules.py": ([], ["--long"]),
    "bench_rule_closures.py": (["--scale", "0.3"], []),
    "bench_aborigines.py": ([], ["--games", "200"]),
    "bench_startup.py": (["--rounds", "5"], ["--rounds", "15"]),
}


def run(script: str, args: list[str]) -> dict:
    """The JSON a bench printed (its first JSON value; bench_startup prints a table after it)."""
    done = subprocess.run([sys.executable, str(HERE / script), *args, "--json"],
                          capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 1: a bench reporting a missed target
        raise SystemExit(f"{script} failed:\n{done.stderr}")
    value, _ = json.JSONDecoder().raw_decode(done.stdout.lstrip())
    return value


def _mm(d: dict, fmt: str = "{:,.2f}") -> str:
    return f"{fmt.format(d['min'])} / {fmt.format(d['median'])}"


def rows_of(script: str, data: dict) -> list[list[str]]:
    """Table rows: measure, ours (min / median), peer (min / median), ratio, target."""
    out: list[list[str]] = []
    if script == "vs_openspiel.py":
        for r in data["rows"]:
            for p in r["peers"]:
                out.append([f"{r['game']}, µs per random-playout move", _mm(r["ours_us_per_move"]),
                            f"{p['peer']}: {_mm(p['us_per_move'])}",
                            f"{p['ratio']['min']:.3f}× / {p['ratio']['median']:.3f}×",
                            f"≥ {p['target']}× {'met' if p['met'] else 'missed'}"])
            for m in r["missing"]:
                out.append([f"{r['game']}", _mm(r["ours_us_per_move"]), f"{m}: not installed",
                            "", ""])
    elif script == "bench_asteroid_belt.py":
        f = data["figures"]
        targets = {"greedy": "≤ 220 µs", "apply": "≤ 60 µs"}
        for k, label in (("greedy", "greedy decision"), ("random", "random decision"),
                         ("apply", "apply"), ("clone", "state clone")):
            t = targets.get(k, "")
            if t:
                t += " " + ("met" if f[k]["min"] <= float(t.split()[1]) else "missed")
            out.append([f"Asteroid Belt {label}, µs", _mm(f[k], "{:,.0f}"), "", "", t])
        for k, v in f.items():
            if k.startswith("game: "):
                out.append([f"Asteroid Belt games/s (CPU), {k[6:]}",
                            f"{v['games_per_s_min_cpu']:.2f} / {v['games_per_s_median_cpu']:.2f}",
                            "", "", ""])
    elif script == "bench_rules.py":
        for r in data["rows"]:
            out.append([f"rule `{r['expression']}`, ns per call", _mm(r["rule_ns"], "{:,.1f}"),
                        f"Python lambda: {_mm(r['lambda_ns'], '{:,.1f}')}",
                        f"{r['ratio']['min']:.2f}× / {r['ratio']['median']:.2f}× slower",
                        f"≤ 2× {'met' if r['met'] else 'missed'}"])
    elif script == "bench_rule_closures.py":
        for r in data["rows"]:
            out.append([f"games {r['what']}, CPU s per round (rules as generated code)",
                        _mm(r["generated_s"], "{:.3f}"),
                        f"rules as closures: {_mm(r['closures_s'], '{:.3f}')}",
                        f"{r['ratio']['min']:.3f}× / {r['ratio']['median']:.3f}×", ""])
    elif script == "bench_aborigines.py":
        out.append(["Clash: Aborigine turn, ms", _mm(data["aborigine_turn"], "{:.3f}"), "", "", ""])
        out.append(["Clash: whole game, ms", _mm(data["game"], "{:.1f}"), "", "", ""])
    elif script == "bench_startup.py":
        import statistics

        limits = {"dg --help": 8.0, "dg validate": 15.0}
        for name, row in data.items():
            med = statistics.median(row["ratio"])
            t = f"≤ {limits[name]:g}× {'met' if med <= limits[name] else 'missed'}" \
                if name in limits else ""
            out.append([f"`{name}`, CPU ms", f"{min(row['cpu']) * 1e3:.0f} / "
                        f"{statistics.median(row['cpu']) * 1e3:.0f}",
                        f"`python -c pass`: {statistics.median(row['bare']) * 1e3:.0f}",
                        f"{min(row['ratio']):.1f}× / {med:.1f}×", t])
    return out


def table(results: dict[str, dict], seconds: float) -> str:
    lines = [f"Run by `python bench/run_all.py` on {time.strftime('%Y-%m-%d')} (Python "
             f"{platform.python_version()}, {seconds:.0f} s); CPU time, min / median of ≥ 5 "
             "alternated rounds; ratio = peer / ours for speed peers (> 1: ours is faster).",
             "", "| measure | ours (min / median) | peer (min / median) | ratio (min / median) "
             "| target |", "|---|---|---|---|---|"]
    for script, data in results.items():
        lines += ["| " + " | ".join(r) + " |" for r in rows_of(script, data)]
    return "\n".join(lines)


def write(doc: Path, text: str) -> None:
    old = doc.read_text(encoding="utf-8")
    block = f"{START}\n{text}\n{END}"
    if START in old and END in old:
        new = old[:old.index(START)] + block + old[old.index(END) + len(END):]
    else:
        new = old.rstrip("\n") + "\n\n## All benches (bench/run_all.py)\n\n" + block + "\n"
    doc.write_text(new, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--long", action="store_true", help="the benches' long runs")
    ap.add_argument("--only", nargs="*", choices=list(BENCHES), help="only these scripts")
    ap.add_argument("--no-write", action="store_true", help="print, do not edit the doc")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    results = {}
    for script in args.only or BENCHES:
        print(f"running {script} …", file=sys.stderr, flush=True)
        results[script] = run(script, BENCHES[script][1 if args.long else 0])
    text = table(results, time.perf_counter() - t0)
    print(text)
    if not args.no_write:
        write(DOC, text)
        print(f"\nwritten to {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
