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
Paths = dict[Pos, tuple[Pos, ...]]
#: unit type → (may enter, may stop) cell tests, made once per scenario.
PREDICATES = StashKey[dict[str, tuple[CellTest, CellTest]]]()


class ReachMemo:
    """Reachable cells already computed in one game, valid while the board is the one they were
    computed on (a copy of it: any piece that moves, arrives or leaves changes it — by this
    plugin, the engine, an undo or a restored state alike — and empties the memo)."""

    __slots__ = ("board", "fronts", "paths")

    def __init__(self) -> None:
        self.board: dict[Pos, str] = {}
        self.paths: dict[tuple[str, Pos, int, Pos | None], Paths] = {}
        self.fronts: dict[tuple[str, Pos, int], frozenset[Pos]] = {}

    def for_board(self, board: dict[Pos, str]) -> dict[tuple[str, Pos, int, Pos | None], Paths]:
        """The memo's entries, emptied first when ``board`` is not the one they were made on."""
        if self.board != board:
            self.board = dict(board)
            self.paths = {}
            self.fronts = {}
        return self.paths


#: The game's :class:`ReachMemo` (in ``game.stash``: a clone starts with an empty one).
REACH = StashKey[ReachMemo]()


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
              ) -> Paths:
    """Cells a unit of type ``unit`` at ``start`` may end on within ``steps``, with paths
    (``freed``: a cell counted as empty, to ask what a liquidation would open, R7.33).

    Memoised until the board changes (:class:`ReachMemo`): the answer depends only on which
    cells are taken. The caller must not change the dict it gets."""
    if steps <= 0:
        return {}
    board = game.state.board
    memo = game.stash.get(REACH, None)
    if memo is None:
        memo = game.stash[REACH] = ReachMemo()
    paths = memo.for_board(board)
    key = (unit, start, steps, freed)
    hit = paths.get(key)
    if hit is None:
        enter, stop = _preds(game, unit)
        blocked = board.__contains__ if freed is None else (lambda p: p != freed and p in board)
        hit = paths[key] = game.scenario.grid.reachable(start, steps, enter, stop, blocked)
    return hit


def frontier(game: Game, unit: str, start: Pos, steps: int) -> frozenset[Pos]:
    """The cells a unit at ``start`` could step onto within ``steps`` if they were free: the
    neighbours of ``start`` and of every cell it can cross within ``steps - 1``. Freeing a cell
    outside this set cannot change :func:`reachable` (memoised with it)."""
    memo = game.stash.get(REACH, None)
    if memo is None:
        memo = game.stash[REACH] = ReachMemo()
    memo.for_board(game.state.board)
    key = (unit, start, steps)
    hit = memo.fronts.get(key)
    if hit is None:
        grid = game.scenario.grid
        enter, _ = _preds(game, unit)
        crossed = grid.reachable(start, steps - 1, enter, lambda p: True,
                                 game.state.board.__contains__) if steps > 1 else {}
        cells = set(grid.neighbours(start))
        for c in crossed:
            cells.update(grid.neighbours(c))
        hit = memo.fronts[key] = frozenset(cells)
    return hit


def path_into(game: Game, unit: str, start: Pos, goal: Pos, steps: int) -> tuple[Pos, ...] | None:
    """A path of a unit into the cell ``goal`` it may not normally stop on (a shuttle's cell)."""
    enter, _ = _preds(game, unit)
    board = game.state.board
    return game.scenario.grid.shortest_path(
        start, goal, steps, lambda p: p == goal or enter(p), lambda p: p == goal,
        lambda p: p != goal and p in board)
