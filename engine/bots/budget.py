"""The search bot's parameters: ``mcts``, ``mcts:ITERATIONS``, ``mcts:SECONDSs`` and options.

``--seat x=mcts:400`` searches 400 iterations per decision; ``--seat x=mcts:0.5s`` searches for
half a second per decision. Options follow after commas: ``c=`` (the UCT exploration constant),
``depth=`` (plies of a playout before it is scored), ``rollout=random|default`` (playouts by the
random bot or by the scenario's ``default_bot``), ``prior=default`` (the default bot's choice is
searched first and wins ties), e.g. ``mcts:0.5s,depth=60,rollout=default``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from distant_galaxy.errors import EngineError

ROLLOUTS = ("random", "default")
PRIORS = ("none", "default")


@dataclass(frozen=True)
class Budget:
    """How much the search bot thinks per decision and how it plays out."""

    iterations: int | None = 200   # iterations per decision (None: a time budget)
    seconds: float | None = None   # seconds per decision (a wall-clock budget: not reproducible)
    c: float = 1.4                 # UCT exploration constant
    depth: int = 200               # plies of one playout before it is scored
    rollout: str = "random"        # the playouts' policy: the random bot or the default bot
    prior: str = "none"            # "default": the default bot's choice first, and on ties


def parse_budget(text: str | None) -> Budget:
    """A :class:`Budget` from the text after ``mcts:``; raises :class:`EngineError` with the
    reason on bad input."""
    budget = Budget()
    if not text:
        return budget
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        key, sep, value = item.partition("=")
        budget = _option(budget, key.strip(), value.strip()) if sep else _amount(budget, item)
    return budget


def _amount(budget: Budget, item: str) -> Budget:
    try:
        if item.endswith("s"):
            seconds = float(item[:-1])
            if not math.isfinite(seconds) or seconds <= 0:
                raise ValueError(item)
            return replace(budget, iterations=None, seconds=seconds)
        iterations = int(item)
        if iterations < 1:
            raise ValueError(item)
        return replace(budget, iterations=iterations, seconds=None)
    except ValueError:
        raise EngineError(f"mcts:{item}: a budget is a number of iterations (mcts:200) or "
                          f"seconds per decision (mcts:0.5s)") from None


def _option(budget: Budget, key: str, value: str) -> Budget:
    try:
        if key == "c":
            c = float(value)
            if not math.isfinite(c) or c < 0:
                raise ValueError(value)
            return replace(budget, c=c)
        if key == "depth":
            depth = int(value)
            if depth < 0:
                raise ValueError(value)
            return replace(budget, depth=depth)
    except ValueError:
        raise EngineError(f"mcts: {key}={value}: {key} must be a number ≥ 0") from None
    if key == "rollout":
        if value not in ROLLOUTS:
            raise EngineError(f"mcts: rollout={value}: choose one of {', '.join(ROLLOUTS)}")
        return replace(budget, rollout=value)
    if key == "prior":
        if value not in PRIORS:
            raise EngineError(f"mcts: prior={value}: choose one of {', '.join(PRIORS)}")
        return replace(budget, prior=value)
    raise EngineError(f"mcts: unknown option {key!r} (options: c, depth, rollout, prior)")
