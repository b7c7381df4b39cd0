"""The golden seeded games: record their logs once, then check that a change leaves them identical.

Every change that does not mean to change a game must leave these logs byte-identical (the
header's ``engine``/``build`` fields aside, which name the program, not the game)::

    python bench/golden.py record DIR    # before the change: write DIR/<case>.jsonl
    python bench/golden.py check DIR     # after it: replay the same cases, compare line by line
    python bench/golden.py check DIR --only clash   # the cases whose name contains 'clash'

The cases cover every shipped scenario with each of its variants and options (and two seeds of
the default set-up), played by the scenarios' default bots through ``dg run`` in a fresh process,
as a user plays them. A change that means to change a game (a rule fix) re-records the cases it
changes and says which in its commit message.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

#: (name, dg run arguments)
CASES: list[tuple[str, list[str]]] = [
    ("asteroid-belt-7", ["asteroid-belt", "--seed", "7"]),
    ("asteroid-belt-8", ["asteroid-belt", "--seed", "8"]),
    ("asteroid-belt-2p", ["asteroid-belt", "--seed", "3", "--players", "2"]),
    ("asteroid-belt-quick", ["asteroid-belt", "--seed", "4", "--variant", "quick"]),
    ("asteroid-belt-hard", ["asteroid-belt", "--seed", "5", "--variant", "hard"]),
    ("asteroid-belt-strikes", ["asteroid-belt", "--seed", "6", "--variant", "optional-strikes"]),
    ("clash-1", ["aborigine-clash", "--seed", "1"]),
    ("clash-2", ["aborigine-clash", "--seed", "2"]),
    ("clash-2p", ["aborigine-clash", "--seed", "3", "--players", "2"]),
    ("clash-leaders", ["aborigine-clash", "--seed", "4", "--option", "leaders"]),
    ("clash-space-domain", ["aborigine-clash", "--seed", "5", "--option", "space-domain"]),
    ("clash-both", ["aborigine-clash", "--seed", "6", "--option", "leaders",
                    "--option", "space-domain"]),
    ("fleet-1", ["fleet-battle", "--seed", "1"]),
    ("fleet-2", ["fleet-battle", "--seed", "2"]),
    ("fleet-hot-seat", ["fleet-battle", "--seed", "3", "--variant", "hot-seat"]),
    ("fleet-skirmish", ["fleet-battle", "--seed", "4", "--variant", "skirmish"]),
    ("fleet-orders", ["fleet-battle", "--seed", "5", "--option", "battle-orders"]),
    ("fleet-secret-orders", ["fleet-battle", "--seed", "6", "--option", "secret-orders"]),
    ("tic-tac-toe-1", ["tic-tac-toe", "--seed", "1"]),
    ("tic-tac-toe-big", ["tic-tac-toe", "--seed", "2", "--variant", "big"]),
    ("tic-tac-toe-wide-four", ["tic-tac-toe", "--seed", "3", "--option", "wide",
                               "--option", "four"]),
    ("breakthrough-1", ["breakthrough", "--seed", "1"]),
    ("breakthrough-small", ["breakthrough", "--seed", "2", "--variant", "small"]),
    ("connect-four-1", ["connect-four", "--seed", "1"]),
    ("connect-four-small", ["connect-four", "--seed", "2", "--variant", "small"]),
    ("asteroid-belt-random", ["asteroid-belt", "--seed", "9", "--seat", "orange=random"]),
]

#: Header fields that name the program that wrote the log, not the game.
PROGRAM_FIELDS = ("engine", "build")


def play(args: list[str], log: Path) -> None:
    """Play one case through ``dg run`` in a fresh process, writing its log."""
    cmd = [sys.executable, "-m", "distant_galaxy", "run", *args, "--quiet", "--log", str(log)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}\n{done.stderr[-2000:]}")


def comparable(path: Path) -> list[str]:
    """The log's lines, the header's program fields dropped."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if lines:
        header = json.loads(lines[0])
        for key in PROGRAM_FIELDS:
            header.pop(key, None)
        lines[0] = json.dumps(header, sort_keys=True)
    return lines


def first_difference(a: list[str], b: list[str]) -> str | None:
    """``line N`` and both texts (cut), or None when equal."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"line {i + 1}:\n  golden: {x[:300]}\n  now:    {y[:300]}"
    if len(a) != len(b):
        return f"length: golden {len(a)} lines, now {len(b)}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["record", "check"])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--only", default="", help="only the cases whose name contains this")
    opts = parser.parse_args(argv)
    cases = [(n, a) for n, a in CASES if opts.only in n]
    opts.folder.mkdir(parents=True, exist_ok=True)
    bad = 0
    for name, args in cases:
        golden = opts.folder / f"{name}.jsonl"
        if opts.mode == "record":
            play(args, golden)
            continue
        with tempfile.TemporaryDirectory() as tmp:
            now = Path(tmp) / "now.jsonl"
            play(args, now)
            diff = first_difference(comparable(golden), comparable(now))
        if diff:
            bad += 1
            print(f"{name}: DIFFERS at {diff}")
    if opts.mode == "record":
        print(f"{len(cases)} logs recorded in {opts.folder}")
    elif bad:
        print(f"{bad} of {len(cases)} logs differ")
    else:
        print(f"{len(cases)} logs, all identical")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
