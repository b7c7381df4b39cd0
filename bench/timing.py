"""Shared timing of the bench scripts (issue 19, item 1): CPU time, sides alternated, rounds.

Every bench measures with :func:`rounds`: each round runs every side once, in an order that
alternates from round to round (so a load spike hits both sides alike), and times each run in CPU
time (``time.process_time``: another process on a loaded machine does not count). A side is a
function returning how many units of work it did (moves, decisions, calls); its figure is CPU
seconds per unit. :class:`Figure` keeps the min and the median over the rounds; :func:`ratio`
divides a peer's figure by ours (> 1: we are faster).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Figure:
    """CPU seconds per unit of work of one side, one value per round."""

    name: str
    per_unit: list[float] = field(default_factory=list)

    @property
    def min(self) -> float:
        """The best round (the least disturbed)."""
        return min(self.per_unit)

    @property
    def median(self) -> float:
        """The median round."""
        return statistics.median(self.per_unit)

    def as_dict(self, scale: float = 1e6) -> dict[str, float]:
        """Min and median in ``scale`` units (µs by default)."""
        return {"min": round(self.min * scale, 3), "median": round(self.median * scale, 3)}


def cpu(run: Callable[[], int]) -> tuple[float, int]:
    """CPU seconds of one call of ``run`` and the units of work it returned."""
    t0 = time.process_time()
    units = run()
    return time.process_time() - t0, units


def rounds(sides: dict[str, Callable[[], int]], n_rounds: int = 5,
           warm_up: bool = True) -> dict[str, Figure]:
    """Run every side once per round, alternating the order, and time each in CPU time."""
    if n_rounds < 5:
        raise ValueError("at least 5 rounds (issue 19: min and median of ≥ 5)")
    names = list(sides)
    if warm_up:
        for name in names:
            sides[name]()
    figures = {name: Figure(name) for name in names}
    for r in range(n_rounds):
        for name in (names if r % 2 == 0 else names[::-1]):
            seconds, units = cpu(sides[name])
            figures[name].per_unit.append(seconds / max(units, 1))
    return figures


def ratio(peer: Figure, ours: Figure) -> dict[str, float]:
    """Peer time / our time on the min and on the median (> 1: ours is faster)."""
    return {"min": round(peer.min / ours.min, 3), "median": round(peer.median / ours.median, 3)}


def line(label: str, fig: Figure, unit: str = "µs", scale: float = 1e6) -> str:
    """``label: min X µs, median Y µs (n rounds)``."""
    return (f"{label}: min {fig.min * scale:,.2f} {unit}, median {fig.median * scale:,.2f} {unit} "
            f"({len(fig.per_unit)} rounds, CPU time)")
