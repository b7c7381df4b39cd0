"""Paths of units and shuttles (R7.30 cell permissions, R7.31 one token per cell, speed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from distant_galaxy import StashKey
from distant_galaxy_episodes.asteroid_belt import model

if TYPE_CHECKING:
    from distant_galaxy import Game, Token

Pos = tuple[int, int]
CellTest = Callable[[Pos], bool]
#: unit type → (may enter, may stop) cell tests, made once per scenario.
PREDICATES = StashKey[dict[str, tuple[CellTest, CellTest]]]()


def _preds(game: Game, unit: str) -> tuple[CellTest, CellTest]:
    sc = game.scenario
    cache = sc.stash.setdefault(PREDICATES, {})
    hit = cache.get(unit)
    if hit is None:
        hit = cache[unit] = sc.permissions.predicates(sc.grid, sc.unit_tags[unit])
    return hit


def speed(game: Game, tok: Token) -> int:
    """The unit's speed this turn (the elite's Boost token adds its value, D7.4)."""
    base = int(model.utype(game, tok.type).get("speed", 0))
    p = game.state.players.get(tok.owner or "")
    if p is not None and p.attrs.get("boost_turn") == model.stamp(game) \
            and model.utype(game, tok.type).get("abilities"):
        base += int(p.attrs.get("boost", 0))
    return base


def reachable(game: Game, unit: str, start: Pos, steps: int, freed: Pos | None = None
              ) -> dict[Pos, tuple[Pos, ...]]:
    """Cells a unit of type ``unit`` at ``start`` may end on within ``steps``, with paths
    (``freed``: a cell counted as empty, to ask what a liquidation would open, R7.33)."""
    if steps <= 0:
        return {}
    enter, stop = _preds(game, unit)
    board = game.state.board
    blocked = board.__contains__ if freed is None else (lambda p: p != freed and p in board)
    return game.scenario.grid.reachable(start, steps, enter, stop, blocked)


def path_into(game: Game, unit: str, start: Pos, goal: Pos, steps: int) -> tuple[Pos, ...] | None:
    """A path of a unit into the cell ``goal`` it may not normally stop on (a shuttle's cell)."""
    enter, _ = _preds(game, unit)
    board = game.state.board
    return game.scenario.grid.shortest_path(
        start, goal, steps, lambda p: p == goal or enter(p), lambda p: p == goal,
        lambda p: p != goal and p in board)
