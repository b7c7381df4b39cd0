"""Reliability report: ``python bench/reliability.py [--games N] [--jobs J] [--example]``.

Plays N seeded random games round-robin over every shipped scenario and variant (``dg list``), with
invariants after every action, illegal inputs at random points, a replay of every log, a tampered
log per game, save/restore checks and an interrupted save per game, and prints the counts. The exit
status is 1 when anything failed. It is ``dg reliability``; see docs/reliability.md.
"""

from __future__ import annotations

import sys

from distant_galaxy.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main(["reliability", *sys.argv[1:]]))
