"""Paths of units and shuttles (R7.30 cell permissions, R7.31 one token per cell, speed)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from distant_galaxy import StashKey
from distant_galaxy_episodes.asteroid_belt import model

if TYPE_CHECKING:
    from distant_galaxy import Game, GameLike, Grid, Token

Pos = tuple[int, int]
CellTest = Callable[[Pos], bool]
Paths = dict[Pos, tuple[Pos, ...]]
#: unit type → (may enter, may stop) cell tests, made once per scenario.
PREDICATES = StashKey[dict[str, tuple[CellTest, CellTest]]]()


class Reach:
    """Where a unit at ``start`` may end within ``steps`` on one board: ``cells``, the cells it
    may stop on in breadth-first order (neighbours clockwise, as ``Grid.reachable``); ``dist``,
    the steps to every cell it can enter within ``steps`` (``start``: 0); ``parent``, the cell
    each was first reached from (its path: :meth:`path`)."""

    __slots__ = ("_border", "_paths", "cells", "dist", "enter", "parent", "start", "steps")

    def __init__(self, start: Pos, steps: int, cells: tuple[Pos, ...], dist: dict[Pos, int],
                 parent: dict[Pos, Pos], enter: frozenset[Pos]):
        self.start, self.steps, self.cells, self.dist, self.parent = start, steps, cells, dist, \
            parent
        self.enter = enter  # the cells the unit may enter (its Ways)
        self._paths: Paths | None = None
        self._border: frozenset[Pos] | None = None

    def border(self, grid: Grid) -> frozenset[Pos]:
        """The cells next to a cell the search stepped from (a cell it reached with a step
        left), made once: a piece arriving on or leaving any other cell changes nothing here."""
        if self._border is None:
            dist, steps = self.dist, self.steps
            near: set[Pos] = set()
            for cell, d in dist.items():
                if d < steps:
                    near.update(grid.neighbours(cell))
            self._border = frozenset(near)
        return self._border

    def depends_on(self, cell: Pos, grid: Grid) -> bool:
        """Whether a piece arriving on or leaving ``cell`` may change this answer: the unit may
        enter ``cell`` and the search stepped from a neighbour of it (a cell it reached with a
        step left). Else the search never looked at ``cell``."""
        if cell not in self.enter:
            return False
        dist, steps = self.dist, self.steps
        return any(dist.get(n, steps) < steps for n in grid.neighbours(cell))

    def path(self, cell: Pos) -> tuple[Pos, ...]:
        """The cells after ``start`` up to ``cell`` (a shortest path, ``Grid.reachable``'s)."""
        out = []
        parent, start = self.parent, self.start
        while cell != start:
            out.append(cell)
            cell = parent[cell]
        return tuple(reversed(out))

    def paths(self) -> Paths:
        """``Grid.reachable``'s answer: every cell of ``cells`` with its path (made once)."""
        if self._paths is None:
            self._paths = {c: self.path(c) for c in self.cells}
        return self._paths


class Ways:
    """A unit type's movement on the map, once per scenario: for every cell, its neighbours the
    unit may enter (clockwise), and the cells it may stop on (R7.30)."""

    __slots__ = ("enter", "nbrs", "stop")

    def __init__(self, game: GameLike, unit: str):
        grid = game.scenario.grid
        enter, stop = _preds(game, unit)
        cells = grid.all_cells()
        self.enter = frozenset(c for c in cells if enter(c))
        self.stop = frozenset(c for c in cells if stop(c))
        self.nbrs = {c: tuple(n for n in grid.neighbours(c) if n in self.enter) for c in cells}


#: unit type → its :class:`Ways`, once per scenario.
WAYS = StashKey[dict[str, Ways]]()


def ways(game: GameLike, unit: str) -> Ways:
    cache = game.scenario.stash.setdefault(WAYS, {})
    hit = cache.get(unit)
    if hit is None:
        hit = cache[unit] = Ways(game, unit)
    return hit


def stops(game: GameLike, unit: str) -> frozenset[Pos]:
    """The cells a unit of type ``unit`` may stop on (``model.may_stop`` of every cell)."""
    return ways(game, unit).stop


def blocking_cells(game: Game, now: Reach, taken: Iterable[Pos]) -> list[Pos]:
    """The cells of ``taken`` (other than the start) next to a cell the search stepped from:
    the only ones whose freeing may change ``now`` (``opens_a_move`` is False for the rest)."""
    near = now.border(game.scenario.grid)
    return [c for c in taken if c in near and c != now.start]


def search(ways_: Ways, start: Pos, steps: int, board: dict[Pos, str]) -> Reach:
    """Breadth-first search over the cells the unit may enter that no piece takes (the answer
    of ``Grid.reachable`` with the unit's cell tests, in the same order and with the same
    paths)."""
    nbrs, stop = ways_.nbrs, ways_.stop
    dist = {start: 0}
    parent: dict[Pos, Pos] = {}
    cells: list[Pos] = []
    frontier_ = [start]
    for d in range(1, steps + 1):
        nxt = []
        for cell in frontier_:
            for n in nbrs[cell]:
                if n in dist or n in board:
                    continue
                dist[n] = d
                parent[n] = cell
                nxt.append(n)
                if n in stop:
                    cells.append(n)
        if not nxt:
            break
        frontier_ = nxt
    return Reach(start, steps, tuple(cells), dist, parent, ways_.enter)


class ReachMemo:
    """Reachable cells already computed in one game, valid while the board is the one they were
    computed on (a copy of it: any piece that moves, arrives or leaves changes it — by this
    plugin, the engine, an undo or a restored state alike). When it changes, a :class:`Reach`
    that never looked at the cells whose occupancy changed is kept (``Reach.depends_on``); the
    rest is emptied."""

    __slots__ = ("board", "fronts", "paths", "reaches")

    def __init__(self) -> None:
        self.board: dict[Pos, str] = {}
        self.paths: dict[tuple[str, Pos, int, Pos | None], Paths] = {}
        self.fronts: dict[tuple[str, Pos, int], frozenset[Pos]] = {}
        self.reaches: dict[tuple[str, Pos, int], Reach] = {}

    def for_board(self, board: dict[Pos, str], grid: Grid
                  ) -> dict[tuple[str, Pos, int, Pos | None], Paths]:
        """The memo's entries, emptied first when ``board`` is not the one they were made on."""
        old = self.board
        if old != board:
            changed = old.keys() ^ board.keys()  # cells taken or freed since
            self.board = dict(board)
            self.paths = {}
            self.fronts = {}
            if changed:
                self.reaches = {k: r for k, r in self.reaches.items()
                                if not any(r.depends_on(c, grid) for c in changed)}
        return self.paths


#: The game's :class:`ReachMemo` (in ``game.stash``: a clone starts with an empty one).
REACH = StashKey[ReachMemo]()


def lend(game: GameLike, clone: Game) -> None:
    """Give a fresh clone of ``game`` a copy of its reach memo (the searches are kept as long as
    the clone's board leaves them valid, as in ``game`` itself). A seat's view of a game has no
    memo to lend: nothing is done."""
    stash = getattr(game, "stash", None)  # a GameView has none (HiddenAttribute)
    memo = stash.get(REACH, None) if stash is not None else None
    if memo is not None and clone.stash.get(REACH, None) is None:
        copy = clone.stash[REACH] = ReachMemo()
        copy.board, copy.reaches = dict(memo.board), dict(memo.reaches)


def checked_memo(game: Game) -> ReachMemo:
    """The game's reach memo, checked against its board now: pass it to :func:`reach` for the
    units of one listing (nothing may move in between)."""
    return _memo(game)


def check_memo(game: Game, seat: str) -> None:
    """The ``prepare`` of a verb whose targets are searches (``reach(…, memo_of(game))``):
    the game's reach memo checked against the board once per listing."""
    _memo(game)


def memo_of(game: Game) -> ReachMemo:
    """The game's reach memo as it is, not checked: for the units of one listing after
    :func:`checked_memo` (a verb's ``prepare``), nothing having moved since."""
    memo = game.stash.get(REACH, None)
    return memo if memo is not None else _memo(game)


def _memo(game: Game) -> ReachMemo:
    memo = game.stash.get(REACH, None)
    if memo is None:
        memo = game.stash[REACH] = ReachMemo()
    memo.for_board(game.state.board, game.scenario.grid)
    return memo


def _preds(game: GameLike, unit: str) -> tuple[CellTest, CellTest]:
    sc = game.scenario
    cache = sc.stash.setdefault(PREDICATES, {})
    hit = cache.get(unit)
    if hit is None:
        hit = cache[unit] = sc.permissions.predicates(sc.grid, sc.unit_tags[unit])
    return hit


#: unit type → (its speed, whether it has abilities: an elite), once per scenario.
SPEEDS = StashKey[dict[str, tuple[int, bool]]]()


def speed(game: GameLike, tok: Token) -> int:
    """The unit's speed this turn (the elite's Boost token adds its value, D7.4)."""
    table = game.scenario.stash.get(SPEEDS, None)
    if table is None:
        table = game.scenario.stash[SPEEDS] = {}
    found = table.get(tok.type)
    if found is None:
        spec = model.utype(game, tok.type)
        found = table[tok.type] = (int(spec.get("speed", 0)), bool(spec.get("abilities")))
    base, elite = found
    if elite:
        p = game.state.players.get(tok.owner or "")
        if p is not None and p.attrs.get("boost_turn") == model.stamp(game):
            base += int(p.attrs.get("boost", 0))
    return base


def reach(game: Game, unit: str, start: Pos, steps: int, memo: ReachMemo | None = None
          ) -> Reach:
    """Where a unit of type ``unit`` at ``start`` may end within ``steps`` (:class:`Reach`),
    memoised until the board changes (:class:`ReachMemo`). The caller must not change it.
    ``memo``: :func:`checked_memo` of the game, when the caller asks about several units of one
    board (one check of the board for all)."""
    if memo is None:
        memo = _memo(game)
    key = (unit, start, steps)
    hit = memo.reaches.get(key)
    if hit is None:
        hit = memo.reaches[key] = search(ways(game, unit), start, max(steps, 0),
                                         game.state.board)
    return hit


def reachable(game: Game, unit: str, start: Pos, steps: int, freed: Pos | None = None
              ) -> Paths:
    """Cells a unit of type ``unit`` at ``start`` may end on within ``steps``, with paths
    (``freed``: a cell counted as empty, to ask what a liquidation would open, R7.33).

    Memoised until the board changes (:class:`ReachMemo`): the answer depends only on which
    cells are taken. The caller must not change the dict it gets."""
    if steps <= 0:
        return {}
    if freed is None:
        return reach(game, unit, start, steps).paths()
    board = game.state.board
    paths = _memo(game).paths
    key = (unit, start, steps, freed)
    hit = paths.get(key)
    if hit is None:
        enter, stop = _preds(game, unit)
        hit = paths[key] = game.scenario.grid.reachable(
            start, steps, enter, stop, lambda p: p != freed and p in board)
    return hit


def opens_a_move(game: Game, unit: str, start: Pos, steps: int, freed: Pos,
                 now: Reach | None = None) -> bool:
    """Whether freeing the cell ``freed`` (taken now) lets a unit at ``start`` end on a cell it
    cannot reach now within ``steps`` (R7.33): ``reachable(…, freed=…)`` has a cell more than
    ``reachable(…)``, found without listing either. Every such cell is reached through
    ``freed``: ``freed`` itself when the unit may stop there, else a cell beyond it. ``now``:
    the unit's :func:`reach`, when the caller has it."""
    way = ways(game, unit)
    if steps <= 0 or freed not in way.enter:
        return False
    if now is None:
        now = reach(game, unit, start, steps)
    dist = now.dist
    near = [dist[n] for n in game.scenario.grid.neighbours(freed) if n in dist]
    if not near:
        return False
    left = steps - 1 - min(near)  # steps left after stepping onto the freed cell
    if left < 0:
        return False
    if freed in way.stop:
        return True
    board, nbrs, stop = game.state.board, way.nbrs, way.stop
    seen = {freed, start}
    frontier_ = [freed]
    for _ in range(left):
        nxt = []
        for cell in frontier_:
            for n in nbrs[cell]:
                if n in seen or n in board:
                    continue
                if n in stop and n not in dist:
                    return True
                seen.add(n)
                nxt.append(n)
        if not nxt:
            break
        frontier_ = nxt
    return False


def frontier(game: Game, unit: str, start: Pos, steps: int) -> frozenset[Pos]:
    """The cells a unit at ``start`` could step onto within ``steps`` if they were free: the
    neighbours of ``start`` and of every cell it can cross within ``steps - 1``. Freeing a cell
    outside this set cannot change :func:`reachable` (memoised with it)."""
    memo = _memo(game)
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
    """A path of a unit into the cell ``goal`` it may not normally stop on (a shuttle's cell):
    ``Grid.shortest_path`` with ``goal`` enterable and free, read from :func:`reach` (the search
    is the same until it meets ``goal``: from the first cell, in breadth-first order, that has
    ``goal`` as a neighbour and a step left)."""
    grid = game.scenario.grid
    if goal == start:
        return ()
    if not grid.in_bounds(goal) or grid.distance(start, goal) > steps:
        return None
    now = reach(game, unit, start, steps)
    dist = now.dist
    # the cells next to ``goal`` are the cells ``goal`` is next to (the grid's neighbours are
    # symmetric): none reached with a step left, no path (the common case, without a scan)
    if not any(dist.get(n, steps) < steps for n in grid.neighbours(goal)):
        return None
    for cell, d in dist.items():
        if d < steps and cell != goal and goal in grid.neighbours(cell):
            return (*now.path(cell), goal)
    return None
