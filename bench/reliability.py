"""Reliability report: ``python bench/reliability.py [--games N] [--jobs J] [--example]``.

Plays N seeded random games round-robin over every shipped scenario and variant (``dg list``), with
invariants after every action, illegal inputs at random points, a replay of every log, a tampered
log per game, save/restore checks and an interrupted save per game, and prints the counts. The exit
status is 1 when anything failed. The same report is ``dg reliability``; see docs/reliability.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from distant_galaxy.harness.reliability import main

if __name__ == "__main__":
    raise SystemExit(main())
