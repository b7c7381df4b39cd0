"""Run every timing bench and write the tables that docs/performance.md shows.

    python bench/run_all.py --compiled /path/to/compiled-venv/bin/python   # both builds
    python bench/run_all.py            # the pure build only (this interpreter)
    python bench/run_all.py --long     # the benches' long runs
    python bench/run_all.py --no-write # print the tables only

Each bench runs in its own process with ``--json`` (bench/timing.py: CPU time, sides alternated,
≥ 5 rounds, min and median), by the interpreter of each build: ``--pure PYTHON`` (default: this
one) and ``--compiled PYTHON`` (a virtual environment with the compiled build, ``pip install .``
where a C compiler exists; each child's build is checked). Two tables: issue 35's targets by
build (between the ``bench:issue35`` markers of docs/performance.md) and every bench's figures of
the pure build (between the ``bench:run_all`` markers). The parallel and memory benches run once,
by the compiled build when it is given (what a plain install gives). The batch scripts
(balance_*, *_batch, reliability) count outcomes, not time, and are not run here.
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
START35, END35 = "<!-- bench:issue35 start -->", "<!-- bench:issue35 end -->"

#: issue 35's benches run by both builds: script → (short run, long run)
BOTH: dict[str, tuple[list[str], list[str]]] = {
    "vs_openspiel.py": ([], ["--long"]),
    "bench_startup.py": (["--rounds", "5"], ["--rounds", "15"]),
    "bench_mcts.py": ([], ["--rounds", "7", "--ab-games", "4"]),
    "bench_recording.py": ([], ["--long"]),
}
#: issue 35's benches run once (by the compiled build when given)
ONCE: dict[str, tuple[list[str], list[str]]] = {
    "bench_parallel.py": ([], ["--rounds", "5"]),  # (its default batches: 200 and 1,000 games)
    "bench_memory.py": (["--games", "100"], ["--games", "500"]),
}
#: the other benches, run by the pure build: script → (short run, long run)
BENCHES: dict[str, tuple[list[str], list[str]]] = {
    "bench_asteroid_belt.py": ([], ["--long"]),
    "bench_rules.py": ([], ["--long"]),
    "bench_rule_closures.py": (["--scale", "0.3"], []),
    "bench_aborigines.py": ([], ["--games", "200"]),
}


def run(script: str, args: list[str], python: str = sys.executable) -> dict:
    """The JSON a bench printed (its first JSON value; bench_startup prints a table after it)."""
    done = subprocess.run([python, str(HERE / script), *args, "--json"],
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


def build_of(python: str) -> str:
    """``pure`` or ``compiled``: the build the interpreter ``python`` imports."""
    done = subprocess.run([python, "-c", "from distant_galaxy.build import build_name; "
                           "print(build_name())"], capture_output=True, text=True, check=True)
    return "compiled" if done.stdout.strip().startswith("compiled") else "pure"


def _ratio(r: dict, fmt: str = "{:.3f}×") -> str:
    return f"{fmt.format(r['min'])} / {fmt.format(r['median'])}"


def _verdict(met: bool | None) -> str:
    return "" if met is None else (" **met**" if met else " missed")


def rows35(build: str, data: dict[str, dict]) -> dict[str, tuple[str, bool | None]]:
    """Issue 35's measures of one build: measure → (figures, whether its target is met)."""
    import statistics

    out: dict[str, tuple[str, bool | None]] = {}
    vs = data.get("vs_openspiel.py")
    for r in (vs or {}).get("rows", []):
        for q in r["peers"]:
            if "OpenSpiel" not in q["peer"]:
                continue
            label = {"tic-tac-toe": "tic-tac-toe vs OpenSpiel's Python game",
                     "breakthrough": "breakthrough 8×8 vs OpenSpiel C++",
                     "breakthrough-32": "breakthrough 32×32 vs OpenSpiel C++ "
                                        "`breakthrough(rows=32,columns=32)`",
                     "connect-four": "Connect Four vs OpenSpiel C++"}[r["game"]]
            out[label] = (f"{_mm(r['ours_us_per_move'])} µs vs {_mm(q['us_per_move'])} µs a "
                          f"move: {_ratio(q['ratio'])} (≥ {q['target']}×)", q["met"])
    st = data.get("bench_startup.py")
    limits = {"dg --help": 6.0, "dg list": 6.0, "dg validate asteroid-belt": 12.0,
              "dg validate": 15.0}
    for name, row in (st or {}).items():
        med = statistics.median(row["ratio"])
        label = f"`{name}` CPU vs `python -c pass`"
        out[label] = (f"{min(row['cpu']) * 1e3:.0f} / {statistics.median(row['cpu']) * 1e3:.0f} ms"
                      f" vs {statistics.median(row['bare']) * 1e3:.0f} ms: "
                      f"{min(row['ratio']):.1f}× / {med:.1f}× (≤ {limits[name]:g}×)",
                      med <= limits[name])
    mc = data.get("bench_mcts.py")
    for r in (mc or {}).get("rows", []):
        label = f"search bot, {r['game']}: iterations per CPU s vs OpenSpiel MCTSBot"
        if "peer_per_s" not in r:
            out[label] = (f"{_mm(r['ours_per_s'], '{:,.0f}')} (OpenSpiel not installed)", None)
            continue
        out[label] = (f"{_mm(r['ours_per_s'], '{:,.0f}')} vs {_mm(r['peer_per_s'], '{:,.0f}')} "
                      f"(`mcts:{r['iterations']}`): {_ratio(r['ratio'], '{:.2f}×')} (≥ 1×)",
                      r["met"])
    if mc:
        a = mc["asteroid_belt_ply"]
        out["Asteroid Belt late-game playout ply (default bots), ms"] = (
            f"{_mm(a['ms_per_ply'], '{:.3f}')}, worst position {a['worst_position_ms_per_ply']:.3f}"
            + (" (≤ 0.25 ms)" if build == "compiled" else ""),
            a["met"] if build == "compiled" else None)
    rec = data.get("bench_recording.py")
    for r in (rec or {}).get("rows", []):
        out[f"recorded / unrecorded, {r['game']}"] = (
            f"{_mm(r['unrecorded_us_per_move'])} → {_mm(r['recorded_us_per_move'])} µs a move: "
            f"{r['ratio']['min']:.2f}× / {r['ratio']['median']:.2f}× (≤ {r['target']}×)",
            r["met"])
        if "logged_us_per_move" in r:
            q = r["logged_ratio"]
            out[f"logged (`dg run --log`) / unrecorded, {r['game']}"] = (
                f"{_mm(r['unrecorded_us_per_move'])} → {_mm(r['logged_us_per_move'])} µs a "
                f"move: {q['min']:.2f}× / {q['median']:.2f}×", None)
    par = data.get("bench_parallel.py")
    for r in (par or {}).get("rows", []):
        one = r["ways"]["--jobs 1"]["games_per_s"]
        for way, f in r["ways"].items():
            if way == "--jobs 1":
                continue
            sp, est = f["speedup"], f.get("idle_speedup_estimate")
            text = (f"{f['games_per_s']['median']:.2f} vs {one['median']:.2f} ({r['games']} "
                    f"games, {r['rounds']} rounds, load {min(r['load_average']):.1f}–"
                    f"{max(r['load_average']):.1f}): {sp['median']:.2f}× median, best "
                    f"{sp['best']:.2f}×")
            if est is None:  # (a report of the bench before the estimate)
                out[f"`dg simulate {r['scenario']}` {way} vs `--jobs 1`, games/s (wall)"] = (
                    f"{text} (≥ 1.8×)", sp["best"] >= 1.8)
                continue
            out[f"`dg simulate {r['scenario']}` {way} vs `--jobs 1`, games/s (wall; CPU "
                f"critical path)"] = (
                f"{text}; idle-machine estimate {est['median']:.2f}× median, best "
                f"{est['best']:.2f}× (≥ 1.8×)", est["median"] >= 1.8)
    mem = data.get("bench_memory.py")
    for r in (mem or {}).get("rows", []):
        out[f"peak RSS, `{r['command']}`"] = (f"{r['peak_mb']:.1f} MB ({r['cpu_s']:.1f} CPU s)",
                                              None)
    return out


def table35(by_build: dict[str, dict[str, dict]], seconds: float, command: str) -> str:
    """Issue 35's table: each measure by build, with its target and whether it is met."""
    figures = {b: rows35(b, d) for b, d in by_build.items()}
    builds = list(by_build)
    measures: list[str] = []
    for b in builds:
        measures += [m for m in figures[b] if m not in measures]
    lines = [f"Run by `{command}` on {time.strftime('%Y-%m-%d')} (Python "
             f"{platform.python_version()}, {seconds:.0f} s of wall clock); CPU time, "
             "min / median of alternated rounds unless it says wall; a speed ratio is peer / "
             "ours (> 1: ours is faster), a cost ratio ours / the baseline.", "",
             "| measure | " + " | ".join(f"{b} build" for b in builds) + " |",
             "|---|" + "---|" * len(builds)]
    for m in measures:
        cells = []
        for b in builds:
            text, met = figures[b].get(m, ("", None))
            cells.append(text + _verdict(met))
        lines.append(f"| {m} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def write(doc: Path, text: str, start: str = START, end: str = END,
          heading: str = "## All benches (bench/run_all.py)") -> None:
    old = doc.read_text(encoding="utf-8")
    block = f"{start}\n{text}\n{end}"
    if start in old and end in old:
        new = old[:old.index(start)] + block + old[old.index(end) + len(end):]
    else:
        new = old.rstrip("\n") + f"\n\n{heading}\n\n" + block + "\n"
    doc.write_text(new, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pure", default=sys.executable, help="python of the pure build")
    ap.add_argument("--compiled", help="python of the compiled build (none: pure only)")
    ap.add_argument("--long", action="store_true", help="the benches' long runs")
    ap.add_argument("--only", nargs="*", choices=[*BOTH, *ONCE, *BENCHES],
                    help="only these scripts")
    ap.add_argument("--no-write", action="store_true", help="print, do not edit the doc")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    pythons = {"pure": args.pure}
    if args.compiled:
        pythons["compiled"] = args.compiled
    for name, python in pythons.items():
        if build_of(python) != name:
            raise SystemExit(f"{python} does not run the {name} build")
    chosen = args.only or [*BOTH, *ONCE, *BENCHES]
    by_build: dict[str, dict[str, dict]] = {b: {} for b in pythons}
    once = "compiled" if "compiled" in pythons else "pure"
    for script in chosen:
        spec = BOTH.get(script) or ONCE.get(script) or BENCHES[script]
        runs = list(pythons) if script in BOTH else [once if script in ONCE else "pure"]
        for b in runs:
            print(f"running {script} ({b} build) …", file=sys.stderr, flush=True)
            by_build[b][script] = run(script, spec[1 if args.long else 0], pythons[b])
    seconds = time.perf_counter() - t0
    command = "python bench/run_all.py" + (" --compiled PYTHON" if args.compiled else "") \
        + (" --long" if args.long else "")
    text35 = table35(by_build, seconds, command)
    pure = {s: d for s, d in by_build["pure"].items() if s in BENCHES or s in
            ("vs_openspiel.py", "bench_startup.py")}
    text = table(pure, seconds)
    print(text35 + "\n\n" + text)
    if not args.no_write:
        write(DOC, text35, START35, END35, "## Issue 35: the table (bench/run_all.py)")
        write(DOC, text)
        print(f"\nwritten to {DOC}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
