"""A search bot's "thinking" line: how far one decision's search has come, for a person waiting.

A controller has an optional ``thinking`` attribute (:class:`~distant_galaxy.play.controllers.
Controller`): a callable the runner may set, given a line of text to show, or None to clear it.
``dg run`` sets it only when standard error is a terminal and neither ``--quiet`` nor ``--json``
was given (:func:`distant_galaxy.cli.term.thinking_line`): pipes, files, logs and tests see
nothing. The search bot reports through :class:`Thinking`, which shows the first line only once a
decision has taken ``delay`` seconds (a quick decision shows nothing) and then at most every
``every`` seconds, so the line costs nothing next to the search: the budget is the only bound on
how long a decision takes.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: Shows a line (``str``) or clears it (``None``).
Report = Callable[[str | None], None]


class Thinking:
    """The progress of one decision of ``seat``: ``tick(done)`` after each iteration (or
    playout), ``close()`` when the decision is made."""

    def __init__(self, report: Report, seat: str, total: int | None, seconds: float | None,
                 unit: str = "iterations", *, delay: float = 0.1, every: float = 0.1,
                 clock: Callable[[], float] = time.perf_counter):
        self.report, self.seat, self.total, self.seconds, self.unit = report, seat, total, \
            seconds, unit
        self.every, self.clock = every, clock
        self.t0 = clock()
        self.next = self.t0 + delay
        self.shown = 0  # how many lines were shown

    def tick(self, done: int) -> None:
        """``done`` iterations so far: show the line if it is time to."""
        now = self.clock()
        if now < self.next:
            return
        self.next = now + self.every
        self.shown += 1
        self.report(self.text(done, now - self.t0))

    def text(self, done: int, spent: float) -> str:
        """``red thinking… 120/200 iterations, 0.4 s`` (a time budget: ``0.4/1.0 s, 120 …``)."""
        if self.seconds is not None:
            return f"{self.seat} thinking… {spent:.1f}/{self.seconds:g} s, {done} {self.unit}"
        of = f"/{self.total}" if self.total else ""
        return f"{self.seat} thinking… {done}{of} {self.unit}, {spent:.1f} s"

    def close(self) -> None:
        """The decision is made: clear the line if one was shown."""
        if self.shown:
            self.report(None)


__all__ = ["Report", "Thinking"]
