"""The search bot's parameters: ``mcts``, ``mcts:ITERATIONS``, ``mcts:SECONDSs`` and options.

``--seat x=mcts:400`` searches 400 iterations per decision; ``--seat x=mcts:0.5s`` searches for
half a second per decision. Options follow after commas: ``c=`` (the UCT exploration constant),
``depth=`` (plies of a playout before it is scored), ``rollout=random|default`` (playouts by the
random bot or by the scenario's ``default_bot``), ``prior=default`` (the default bot's choice is
searched first at every node of the tree and wins ties), ``score=win|graded`` (a playout cut off
at ``depth`` scored by the round-limit verdict alone, or graded by the seats' progress towards the
scenario's victory thresholds as well), ``widen=K`` (progressive widening: a node visited ``n``
times has at most ``1 + K·√n`` children; 0: every legal action), ``reuse=yes|no`` (keep the
subtree of the actions played since the last decision), ``determinize=yes|no`` (draw each
iteration's hidden values from what the seat's view allows, ``dg_secret_values``),
``root=uct|halving`` (the root searched by UCT, or by sequential halving over common dice:
:mod:`distant_galaxy.bots.halving`), ``candidates=K`` (halving: the actions weighed, the default
bot's choice among them) and ``margin=Z`` (halving: the best candidate replaces the default bot's
choice only if its lead is more than Z standard errors), ``ranked=K`` (halving: the default bot's
next K choices are candidates, where it ranks them: an optional ``ranked(game)`` method),
``dice=stream|keyed`` (halving: one stream of dice per sample, or each action's dice keyed by
its turn and itself: :class:`distant_galaxy.bots.rollout.KeyedDice`), ``tempo=T`` (0..0.5: win
sooner, lose later — a playout's score moves by up to T with its length) and ``cap=1s`` (at most
this many CPU seconds per decision on top of an iteration budget: the search stops early where it
would take longer — reproducible only as long as the cap is not reached), ``plies=N``
(halving: at most N plies of playout per decision on top of the iteration budget — a cap of
work, not of time, so reproducible wherever it is reached) and ``solve=yes|no`` (the UCT root:
an end reached in the tree by a line with no die and no hidden value is proved, and proofs are
backed up as MCTS-Solver does — a proved win is played, a proved loss avoided; default yes), e.g.
``mcts:0.5s,depth=60,rollout=default`` or ``mcts:60,root=halving,rollout=default,depth=40``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from distant_galaxy.errors import EngineError

ROLLOUTS = ("random", "default")
PRIORS = ("none", "default")
SCORES = ("win", "graded")
SWITCHES = ("yes", "no")
ROOTS = ("uct", "halving")
DICE = ("stream", "keyed")
#: The options that take one of a few words, and those words (a switch sets a bool field).
CHOICES = {"rollout": ROLLOUTS, "prior": PRIORS, "score": SCORES, "reuse": SWITCHES,
           "determinize": SWITCHES, "root": ROOTS, "dice": DICE, "solve": SWITCHES}


@dataclass(frozen=True)
class Budget:
    """How much the search bot thinks per decision and how it plays out."""

    iterations: int | None = 200   # iterations per decision (None: a time budget)
    seconds: float | None = None   # seconds per decision (a wall-clock budget: not reproducible)
    c: float = 1.4                 # UCT exploration constant
    depth: int = 200               # plies of one playout before it is scored
    rollout: str = "random"        # the playouts' policy: the random bot or the default bot
    prior: str = "none"            # "default": the default bot's choice first, and on ties
    score: str = "win"             # a cut-off playout: "win" (the limit verdict) or "graded"
    widen: float = 0.0             # progressive widening (0: off): at most 1 + widen·√n children
    reuse: bool = True             # keep the subtree of the actions played since the last search
    determinize: bool = True       # draw hidden values from what the view allows (dg_secret_values)
    root: str = "uct"              # "halving": sequential halving over common dice (halving.py)
    candidates: int = 8            # halving: how many actions are weighed (the prior among them)
    margin: float = 1.0            # halving: standard errors a candidate must lead the prior by
    cap: float | None = None       # at most this many CPU seconds per decision (None: no cap)
    dice: str = "stream"           # halving: "keyed": each action's dice keyed by turn and action
    ranked: int = 0                # halving: the default bot's next K choices are candidates
    tempo: float = 0.0             # win sooner, lose later: up to this much by a playout's length
    plies: int | None = None       # halving: at most this many playout plies per decision
    solve: bool = True             # prove ends reached in the tree (MCTS-Solver), where sound


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
    if budget.plies is not None and budget.root != "halving":
        raise EngineError(f"mcts: plies={budget.plies}: a cap of playout plies needs root=halving")
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
        if key in ("candidates", "ranked", "plies"):
            number = int(value)
            if number < (0 if key == "ranked" else 1):
                raise ValueError(value)
            counts: dict[str, Any] = {key: number}
            return replace(budget, **counts)
        if key == "cap":
            cap = float(value[:-1] if value.endswith("s") else value)
            if not math.isfinite(cap) or cap <= 0:
                raise ValueError(value)
            return replace(budget, cap=cap)
        if key in ("widen", "margin", "tempo"):
            amount = float(value)
            if not math.isfinite(amount) or amount < 0 or (key == "tempo" and amount > 0.5):
                raise ValueError(value)
            amounts: dict[str, Any] = {key: amount}
            return replace(budget, **amounts)
    except ValueError:
        least = "≥ 1" if key in ("candidates", "plies") else "of seconds > 0" if key == "cap" else \
            "from 0 to 0.5" if key == "tempo" else "≥ 0"
        raise EngineError(f"mcts: {key}={value}: {key} must be a number {least}") from None
    choices = CHOICES.get(key)
    if choices is not None:
        if value not in choices:
            raise EngineError(f"mcts: {key}={value}: choose one of {', '.join(choices)}")
        chosen: dict[str, Any] = {key: value == "yes" if choices is SWITCHES else value}
        return replace(budget, **chosen)
    raise EngineError(f"mcts: unknown option {key!r} "
                      f"(options: c, depth, rollout, prior, score, widen, reuse, determinize, root, "
                      f"candidates, margin, cap, plies, dice, ranked, tempo, solve)")
