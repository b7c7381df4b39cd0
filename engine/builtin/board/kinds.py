"""The generic action kinds: ``place``, ``move`` and ``do`` as typed :class:`Verb`s.

Owns what the two kinds of the ``actions:`` section do in a game: their common parts (verb, doc,
``ends_turn``, the optional ``where`` rule, interned actions), ``PlaceKind`` (a piece from a pool
or an unlimited supply onto an empty cell) and ``MoveKind`` (a piece by its movement patterns,
with captures). The patterns and the per-seat move tables are compiled by
``distant_galaxy.builtin.board.patterns``; the section itself is read by
``distant_galaxy.builtin.board.section``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from distant_galaxy.builtin.board.patterns import (
    ABSOLUTE,
    MovePattern,
    Pos,
    build_seat_tables,
    compile_pattern,
)
from distant_galaxy.core.actions import Action
from distant_galaxy.core.verbs import CellArg, NumberArg, TypedAction, Verb
from distant_galaxy.errors import IllegalAction, SourceError
from distant_galaxy.rules.hints import suggest
from distant_galaxy.scenario.context import RuleContext
from distant_galaxy.scenario.setup import add_to_pool
from distant_galaxy.text import article

if TYPE_CHECKING:
    from distant_galaxy.builtin.board.section import GenericSection
    from distant_galaxy.core.game import Game
    from distant_galaxy.rules import Expr

class _NoSteps(dict):
    """The steps of a piece without movement patterns: none, from any cell."""

    def __missing__(self, key: Any) -> tuple[()]:
        return ()


_NO_STEPS = _NoSteps()
#: Whether this module runs compiled (the optional build, ``DG_COMPILE=1``): then a move kind's
#: coded listing reads the cells' bits (:func:`_bit_steps`, bytes indexed in C), faster there
#: than the dict look-ups of :func:`_coded_steps`; in the pure build the look-ups are faster.
COMPILED = not __file__.endswith(".py")
#: How many actions in all a place kind keeps in its listings by occupied cells
#: (``PlaceKind.legal``) before it starts afresh: all 512 boards of tic-tac-toe (9 cells), 181
#: listings of a 19×19 board (about half a megabyte of references at most).
_FREE_LISTS_ACTIONS = 1 << 16


def _unknown(what: str, name: str, known: Iterable[str]) -> str:
    """``unknown unit type 'pawns'; did you mean 'pawn'?`` (the guess only when one is close)."""
    return f"unknown {what} '{name}'{suggest(name, known)}"


def _first_relative(pat: dict[str, Any], unit: str, j: int) -> tuple[str, tuple[Any, ...]]:
    """The first relative direction of pattern ``j`` of ``unit`` (a group counts: it is made of
    relative ones; else its offsets) in words, and its path within the action."""
    for k, name in enumerate(pat.get("directions", [])):
        if name not in ABSOLUTE:
            return f"'{name}'", ("pieces", unit, j, "directions", k)
    return "an offset", ("pieces", unit, j, "offsets", 0)


def _jump_steps(steps: Iterable[tuple[Any, ...]], board: dict, tokens: dict, seat: str,
                append: Callable[[Any], None], cells: bool = False) -> None:
    """Append the interned action (or, with ``cells``, the target cell) of each single jump of
    ``steps`` (to, cells between, may move, may capture, action) that the board allows ``seat``
    now: onto a free cell when it may move, onto an enemy when it may capture, with the cells
    between free."""
    for to, between, move_ok, capture_ok, act in steps:
        occ = board.get(to)
        if occ is None:
            if not move_ok:
                continue
        elif not capture_ok or tokens[occ].owner == seat:
            continue
        if between and any(c in board for c in between):
            continue
        append(to if cells else act)


def _coded_steps(mine: dict[Pos, str], board: dict[Pos, str],
                 codes: dict[str, dict[Pos, tuple[Any, ...]]]) -> list[Action]:
    """``MoveKind.legal`` by its codes: the pieces ``mine`` (cell -> unit type, the owner
    index), each step (to, code, action) of its unit type from its cell where the code allows
    it (a function of its own: the compiled build types its dicts, kinds.pxd)."""
    return [act for frm, unit in mine.items()
            for to, code, act in codes.get(unit, _NO_STEPS)[frm]
            if ((to not in mine) if code == 3  # moves or captures: not onto an own piece
                else (to not in board) if code == 1  # moves only: an empty cell
                else (to in board and to not in mine))]  # captures only


def _bit_steps(mine: dict[Pos, str], codes: dict[str, dict[Pos, tuple[Any, ...]]],
               masks: dict[str | None, int], seat: str, size: int) -> list[Action]:
    """:func:`_coded_steps` by bits: each step (bit, code, action) tested on the seat's cells
    and every piece's cells, the state's bitmasks (``GameState.masks``, bit ``y * stride + x``)
    as ``size`` little-endian bytes; the same actions in the same order."""
    occupied = 0
    for bits in masks.values():
        occupied |= bits
    own = masks.get(seat, 0).to_bytes(size, "little")
    taken_cells = occupied.to_bytes(size, "little")
    out: list[Action] = []
    for frm, unit in mine.items():
        per_cell = codes.get(unit)
        if per_cell is None:
            continue
        for step in per_cell[frm]:
            i = step[0]
            code = step[1]
            if (own[i >> 3] >> (i & 7)) & 1:
                continue  # onto an own piece: never
            if code != 3:
                taken = (taken_cells[i >> 3] >> (i & 7)) & 1
                if code == 1:  # moves only: an empty cell
                    if taken:
                        continue
                elif not taken:  # captures only: an opponent's piece
                    continue
            out.append(step[2])
    return out


def _bit_codes(codes: dict[str, dict[Pos, tuple[Any, ...]]], stride: int
               ) -> dict[str, dict[Pos, tuple[Any, ...]]]:
    """``codes`` with each step's cell as its bit (``y * stride + x``), for :func:`_bit_steps`."""
    return {unit: {frm: tuple((to[1] * stride + to[0], code, act) for to, code, act in steps)
                   for frm, steps in per_cell.items()}
            for unit, per_cell in codes.items()}


class _GenericKind(Verb):
    """Common parts: verb, doc, ``ends_turn``, the optional ``where`` rule, interned actions.

    Each kind states its rule as a :class:`Verb` (``candidates`` and ``refusal`` over typed
    cells), keeps a fast ``legal`` over precomputed tables (the conformance harness compares the
    two) and a fast ``apply`` that decodes a listed action by identity; ``check`` says the
    refusal after the action's text."""

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        self.section = section
        self.scenario = sc = section.scenario
        self.path: tuple[str | int, ...] = ("actions", i)
        self.verb = str(item["id"])
        self.doc = str(item.get("doc", ""))
        self.rule: str | None = item.get("rule")
        ends = item.get("ends_turn", False)
        #: ``ends_turn`` as a rule (Kalah's extra turn), evaluated after the action; else None
        #: and ``ends_turn`` the constant
        self.ends_rule: Expr | None = None
        self.ends_turn = bool(ends) and not isinstance(ends, str)
        if "phases" in item:
            self.phases = frozenset(item["phases"])
        self.where: Expr | None = None
        #: shown when ``where`` refuses an action (``where: {if: RULE, message: TEXT}``)
        self.where_message: str | None = None
        where = item.get("where")
        if isinstance(where, dict):
            self.where_message = str(where["message"]) if "message" in where else None
            self.where = section.rules.expr(where.get("if"), *self.path, "where", "if",
                                            names=self.where_names)
        elif where is not None:
            self.where = section.rules.expr(where, *self.path, "where", names=self.where_names)
        if isinstance(ends, str):
            self.ends_rule = section.rules.expr(ends, *self.path, "ends_turn",
                                                names=self.where_names)
        self.grid = sc.grid
        self._interned: dict[Any, Action] = {}
        self._decoded: dict[int, tuple[Action, Any]] = {}

    where_names: ClassVar[dict[str, str]] = {}

    def check(self, game: Game, seat: str, action: Action) -> None:
        reason = self.refusal(game, seat, self.typed(game, seat, action))
        if reason is not None:
            raise IllegalAction(f"{action}: {reason}")

    def perform(self, game: Game, seat: str, move: TypedAction) -> None:
        self.apply(game, seat, move.action)

    def _finish(self, game: Game, seat: str, **names: Any) -> None:
        """End the decision if ``ends_turn`` says so (``names``: what its rule may read)."""
        if self.ends_turn or (self.ends_rule is not None and self._ends(game, seat, **names)):
            game.end_decision()

    def _ends(self, game: Game, seat: str, **names: Any) -> bool:
        """The ``ends_turn`` rule's verdict after the action (``seat``, ``player``, ``names``)."""
        assert self.ends_rule is not None
        return bool(self.ends_rule(RuleContext(game, seat=seat, player=game.state.players[seat],
                                               **names)))

    def _intern(self, key: Any, *args: Any) -> Action:
        act = self._interned.get(key)
        if act is None:
            act = self._interned[key] = Action.of(self.verb, *args)
            self._decoded[id(act)] = (act, key)
        return act

    def _where_ok(self, game: Game, **names: Any) -> bool:
        assert self.where is not None
        return bool(self.where(RuleContext(game, **names)))

    def _where_refusal(self, what: str) -> str:
        """Why ``where`` refused ``what`` (a cell): the author's message, else the rule text."""
        assert self.where is not None
        if self.where_message is not None:
            return self.where_message
        return f"{what} does not satisfy '{self.where.source}'"

    def _may_stop(self, unit_type: str) -> frozenset[Pos]:
        sc = self.scenario
        tags = sc.unit_tags.get(unit_type, frozenset({unit_type}))
        return frozenset(p for p in self.grid.all_cells()
                         if sc.permissions.may_stop(self.grid.cell_type(p), tags))

    def _stops_nowhere(self, unit_type: str, *key: str) -> SourceError:
        """The error of a piece no cell of the map lets stop (an action never legal): the map's
        cell types have no ``stop:`` that names it (placed on ``key``: a move's ``pieces:``
        key, a place's ``piece:`` value)."""
        sc = self.scenario
        types = sorted({self.grid.cell_type(p) for p in self.grid.all_cells()})
        made = sc.key_error if key[0] == "pieces" else sc.error
        example = f"cell_types: {{{types[0] if types else 'square'}: {{stop: [\"*\"]}}}}"
        return made(f"{article(unit_type)} may stop on no cell of the map, so "
                    f"'{self.verb}' could never be played", *self.path, *key,
                    hint=f"a cell type's 'stop:' says which units may end there: {example} "
                         f"lets every unit type stop (or list unit types or tags: "
                         f"stop: [{unit_type}])")


class _ColumnArg(NumberArg):
    """The column of a ``column_only`` place (``drop 3``): one off the board says so; a person
    gives it by clicking any cell of the column."""

    def __init__(self, name: str, lo: int, hi: int, rows: int):
        super().__init__(name, lo, hi)
        self.rows = rows

    def out_of_range(self, n: int) -> str:
        return f"column {n} is off the board ({self.lo}..{self.hi})"

    def cells(self, value: Any) -> list[Pos]:
        return [(value, y) for y in range(self.rows)]


class PlaceKind(_GenericKind):
    """``VERB x,y``: put a piece (from a pool or an unlimited supply) on an empty cell.

    The rule is :meth:`refusal` (why a cell is refused, or None); ``legal`` evaluates it for every
    cell at once (the cells where the piece may stop are precomputed), ``check`` raises its reason.
    """

    where_names: ClassVar[dict[str, str]] = {"x": "int", "y": "int"}
    pure = True
    adds_only = True  # apply adds a token, never moves or removes one: see ``Game.apply``

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "apply" in cls.__dict__ and "adds_only" not in cls.__dict__:
            cls.adds_only = False  # a new apply makes no promise until the subclass declares it

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        super().__init__(section, i, item)
        sc = self.scenario
        self.piece: str = item.get("piece", "")
        if self.piece not in sc.unit_types:
            raise sc.error(_unknown("unit type", self.piece, sc.unit_types), *self.path, "piece",
                           hint=f"unit types: {', '.join(sc.unit_types) or 'none'}")
        self.pool: str | None = item.get("from")
        if self.pool is not None and self.pool not in sc.pools:
            raise sc.error(f"unknown pool '{self.pool}'", *self.path, "from",
                           hint=f"pools: {', '.join(sc.pools) or 'none'}")
        self.stop_cells = self._may_stop(self.piece)
        self.cells = [p for p in self.grid.all_cells() if p in self.stop_cells]
        if not self.cells:
            raise self._stops_nowhere(self.piece, "piece")
        #: ``column_only``: players give the column (``drop 3``), the row follows from ``row``
        self.column_only = bool(item.get("column_only", False))
        self.usage = f"{self.verb} x" if self.column_only else f"{self.verb} x,y"
        self.args = ((_ColumnArg("x", 0, self.grid.width - 1, self.grid.height),)
                     if self.column_only else (CellArg(),))
        self.arity = (1, 1)
        lowest = item.get("row", "lowest_empty") == "lowest_empty"
        self.columns: dict[int, list[Pos]] = {}
        for p in sorted(self.cells, key=lambda c: (c[0], -c[1] if lowest else c[1])):
            self.columns.setdefault(p[0], []).append(p)
        if self.column_only:
            self.column_actions = [(c, self._intern(c, c)) for c in self.columns]
            stride = self.grid.width + 1  # the layout of ``GameState.bits_of``
            #: (bitmask of the column's cells, its action): legal while a cell of it is free
            self.column_masks = [(sum(1 << (y * stride + x) for x, y in self.columns[c]), a)
                                 for c, a in self.column_actions]
        else:
            self.actions = [(p, self._intern(p, p)) for p in self.cells]
        #: occupied cells' bitmask -> the legal actions (no ``where``, a pure game: the free
        #: cells alone decide), kept for every game of the scenario (bounded: cleared when full)
        self._free_lists: dict[int, tuple[Action, ...]] = {}
        self._free_limit = max(16, _FREE_LISTS_ACTIONS // max(1, len(self.cells)))

    def _supply(self, game: Game, seat: str) -> bool:
        if self.pool is None:
            return True
        return game.state.players[seat].pools.get(self.pool, {}).get(self.piece, 0) > 0

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        """The cells :meth:`refusal` accepts: supply, then a free stop cell, then ``where``."""
        if self.pool is not None and not self._supply(game, seat):
            return []
        board = game.state.board
        if self.column_only:
            occ = game.state.occupied_bits(self.grid.width + 1) \
                if game.pure and self.where is None else None
            if occ is not None:  # the owner index is exact: a column is legal while not full
                free = ~occ
                return [a for mask, a in self.column_masks if mask & free]
            return [a for c, a in self.column_actions
                    if (p := self._row_of(board, c)) is not None
                    and (self.where is None or self._where_ok(game, x=p[0], y=p[1]))]
        if self.where is None:
            occ = game.state.occupied_bits(self.grid.width + 1) if game.pure else None
            if occ is None:
                return [a for p, a in self.actions if p not in board]
            listed = self._free_lists.get(occ)
            if listed is None:  # a tuple: shared by every caller, who may not change it
                if len(self._free_lists) >= self._free_limit:
                    self._free_lists.clear()
                listed = self._free_lists[occ] = tuple([a for p, a in self.actions
                                                        if p not in board])
            return listed
        return [a for p, a in self.actions
                if p not in board and self._where_ok(game, x=p[0], y=p[1])]

    def _row_of(self, board: dict[Pos, str], column: int) -> Pos | None:
        """The cell a piece given by ``column`` goes to: the first free one in ``row`` order."""
        for p in self.columns.get(column, ()):
            if p not in board:
                return p
        return None

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return [(c,) for c in self.columns] if self.column_only else [(p,) for p in self.cells]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        """Why ``seat`` may not place a piece there now (for ``column_only``: in that column's
        next free cell), or None when it may."""
        (target,) = move.args
        if not self.column_only:
            return self.cell_refusal(game, seat, target)
        pos = self._row_of(game.state.board, target)
        if pos is not None:
            return self.cell_refusal(game, seat, pos)
        width = self.grid.width
        return (f"column {target} is full" if target in self.columns else
                f"column {target} is off the board (0..{width - 1})" if not 0 <= target < width
                else f"{article(self.piece)} may not be placed in column {target}")

    def cell_refusal(self, game: Game, seat: str, pos: Pos) -> str | None:
        """Why ``seat`` may not place a piece on ``pos`` now, or None when it may."""
        st = game.state
        x, y = pos
        if not self.grid.in_bounds(pos):
            return f"cell {x},{y} is off the board ({self.grid.width}x{self.grid.height})"
        if pos in st.board:
            return f"cell {x},{y} is occupied by {st.describe_token(st.board[pos])}"
        if pos not in self.stop_cells:
            cell = article(self.grid.cell_type(pos))
            return f"{article(self.piece)} may not stop on {cell} cell"
        if not self._supply(game, seat):
            return f"{seat} has no {self.piece} left in '{self.pool}'"
        if self.where is not None and not self._where_ok(game, x=x, y=y):
            return self._where_refusal(f"cell {x},{y}")
        return None

    def touches(self, game: Game, seat: str, action: Action) -> tuple[tuple[str, ...],
                                                                      tuple[str, ...]]:
        """What apply changes besides the board: no token, the seat's pools (if any)."""
        return (), ((seat,) if self.pool is not None else ())

    def apply(self, game: Game, seat: str, action: Action) -> None:
        hit = self._decoded.get(id(action))
        if hit is not None and hit[0] is action:
            target = hit[1]
        else:
            (target,) = self.typed(game, seat, action).args
        # (checked: for column_only, the column's next free cell)
        pos = self._row_of(game.state.board, target) if self.column_only else target
        assert pos is not None
        if self.pool is not None:
            add_to_pool(game, seat, self.pool, self.piece, -1, self.verb)
        tok = game.state.add_token(self.piece, seat, pos)
        if game.record:  # (``emit``'s event, built in place: once a move)
            placed = {"type": "place", "seat": seat, "token": tok.id, "unit": self.piece,
                      "to": [pos[0], pos[1]]}
            if self.rule:
                placed["rule"] = self.rule
            game.events.append(placed)
        if self.ends_turn:  # (``_finish``; the turn loop's own, one call less)
            game.loop.end_decision(game)
        elif self.ends_rule is not None and self._ends(game, seat, x=pos[0], y=pos[1]):
            game.loop.end_decision(game)



class MoveKind(_GenericKind):
    """``VERB x,y x,y``: move one of your pieces by one of its patterns (capturing if allowed).

    The rule is the per-seat move tables and ``where``: ``legal`` reads the tables (through the
    fastest path the patterns allow), ``check`` accepts the targets the same tables give and, on a
    refusal, explains it from them.
    """

    where_names: ClassVar[dict[str, str]] = {"x": "int", "y": "int", "unit": "unit"}
    pure = True

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        super().__init__(section, i, item)
        sc = self.scenario
        self.usage = f"{self.verb} x,y x,y"
        self.args = (CellArg(), CellArg())
        self.arity = (2, 2)
        if self.grid.is_hex:
            raise sc.error("move patterns need a square grid (square4 or square8)", *self.path)
        seats = [s["id"] for s in sc.seats]
        self.forward: dict[str, str] = dict(item.get("forward") or {})
        for seat in self.forward:
            if seat not in seats:
                raise sc.key_error(_unknown("seat", seat, seats), *self.path, "forward", seat,
                                   hint=f"seats: {', '.join(seats)}")
        self.patterns: dict[str, list[MovePattern]] = {}
        relative: tuple[str, tuple[Any, ...]] | None = None  # the first relative direction
        for unit, pats in (item.get("pieces") or {}).items():
            if unit not in sc.unit_types:
                raise sc.key_error(_unknown("unit type", unit, sc.unit_types), *self.path,
                                   "pieces", unit,
                                   hint=f"unit types: {', '.join(sc.unit_types) or 'none'}")
            compiled = []
            for j, pat in enumerate(pats):
                p = compile_pattern(sc, self.path, pat, ("pieces", unit, j))
                if relative is None and any(n not in ABSOLUTE for n, _ in p.vectors):
                    relative = _first_relative(pat, unit, j)
                compiled.append(p)
            self.patterns[unit] = compiled
        if not self.patterns:
            raise sc.error("a move action needs 'pieces' with their patterns", *self.path)
        if relative is not None:
            missing = [s for s in seats if s not in self.forward]
            if missing:
                what, where = relative
                raise sc.error(f"{what} is relative to each seat's forward (as forward, left, "
                               "the groups orthogonal, diagonal and any, and offsets are), and "
                               f"no forward is given for {', '.join(missing)}",
                               *self.path, *where,
                               hint="forward: {" + ", ".join(f"{s}: north" for s in missing)
                                    + "} (north, south, east or west), or absolute directions "
                                    "(north, south-east…) in the patterns")
        capture = item.get("capture", "remove")
        self.capture_pool: str | None = None
        self.capture_to_owner = False
        if isinstance(capture, dict):
            self.capture_pool = capture.get("pool")
            self.capture_to_owner = capture.get("of", "captor") == "owner"
            if self.capture_pool not in sc.pools:
                raise sc.error(f"unknown pool '{self.capture_pool}'", *self.path, "capture",
                               hint=f"pools: {', '.join(sc.pools) or 'none'}")
        self._stop = {unit: self._may_stop(unit) for unit in self.patterns}
        for unit, cells in self._stop.items():
            if not cells:
                raise self._stops_nowhere(unit, "pieces", unit)
        self._tables: dict[str, dict[str, dict[Pos, tuple[Any, ...]]]] = {}
        # seat -> unit type -> cell -> steps, when no pattern of the seat slides or overlaps
        self._jumps: dict[str, dict[str, dict[Pos, tuple[Any, ...]]] | None] = {}
        # seat -> unit type -> cell -> (to, code, action) when no jump has cells in between:
        # code 1 moves only, 2 captures only, 3 both (see ``legal``)
        self._codes: dict[str, dict[str, dict[Pos, tuple[Any, ...]]] | None] = {}
        # seat -> its codes where ``legal`` lists by them (no ``where``): the pure games' path
        self._coded: dict[str, dict[str, dict[Pos, tuple[Any, ...]]]] = {}
        # the same with each step's cell as its bit, and the bitmasks' layout (``_bit_steps``)
        self._bit_coded: dict[str, dict[str, dict[Pos, tuple[Any, ...]]]] = {}
        self._stride = self.grid.width + 1
        self._mask_bytes = (self._stride * self.grid.height + 7) // 8

    # -- geometry, precomputed per seat ----------------------------------------------------------
    def _table(self, seat: str) -> dict[str, dict[Pos, tuple[Any, ...]]]:
        """unit type -> cell -> (steps, rays, dedup): ``steps`` are (to, between, move_ok,
        capture_ok, action); ``rays`` are (cells, move_ok, capture_ok, stop) for slides.
        Built once per seat (with ``_jumps`` and ``_codes``) by ``build_seat_tables``."""
        tables = self._tables.get(seat)
        if tables is not None:
            return tables
        tables, jumps, codes = build_seat_tables(self.grid, self.patterns, self._stop,
                                                 self.forward, seat, self._intern)
        self._tables[seat] = tables
        self._jumps[seat] = jumps
        self._codes[seat] = codes
        return tables

    def _targets(self, game: Game, seat: str, frm: Pos, entry: tuple[Any, ...]) -> list[Pos]:
        st = game.state
        board, tokens = st.board, st.tokens
        steps, rays, dedup = entry
        out: list[Pos] = []
        _jump_steps(steps, board, tokens, seat, out.append, cells=True)
        for cells, move_ok, capture_ok, stop in rays:
            for c in cells:
                occ = board.get(c)
                if occ is None:
                    if move_ok and c in stop:
                        out.append(c)
                    continue
                if capture_ok and tokens[occ].owner != seat and c in stop:
                    out.append(c)
                break
        if dedup:
            out = list(dict.fromkeys(out))
        return out

    # -- the ActionKind interface ------------------------------------------------------------------
    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        if game.pure:
            codes = self._coded.get(seat)
            if codes is not None:  # (the first case below, found once: one lookup)
                st = game.state
                if COMPILED:
                    masks = st.masks(self._stride)
                    if masks is not None:
                        bit_codes = self._bit_coded.get(seat)
                        if bit_codes is None:
                            bit_codes = self._bit_coded[seat] = _bit_codes(codes, self._stride)
                        return _bit_steps(st.pieces_of(seat), bit_codes, masks, seat,
                                          self._mask_bytes)
                return _coded_steps(st.pieces_of(seat), st.board, codes)
        st = game.state
        board, tokens = st.board, st.tokens
        tables = self._table(seat)
        interned = self._interned
        where = self.where
        out: list[Action] = []
        append = out.append
        jumps = self._jumps[seat]
        codes = self._codes[seat] if where is None and game.pure else None
        if codes is not None:
            # single steps without cells in between, no rule, only the engine edits the state:
            # the owner index says whose a cell is; a code says what the step may do
            self._coded[seat] = codes
            return _coded_steps(st.pieces_of(seat), board, codes)
        if jumps is not None and where is None and game.pure:
            # single jumps only, no rule, and only the engine edits the state: the owner index
            mine = st.pieces_of(seat)
            for frm, unit in mine.items():
                per_cell = jumps.get(unit)
                if per_cell is None:
                    continue
                for to, between, move_ok, capture_ok, act in per_cell[frm]:
                    if to in board:
                        if not capture_ok or to in mine:
                            continue
                    elif not move_ok:
                        continue
                    if between and any(c in board for c in between):
                        continue
                    append(act)
            return out
        if jumps is not None and where is None:  # single jumps only, no rule: the hot path
            for frm, tid in board.items():
                tok = tokens[tid]
                if tok.owner != seat:
                    continue
                per_cell = jumps.get(tok.type)
                if per_cell is not None:
                    _jump_steps(per_cell[frm], board, tokens, seat, append)
            return out
        for frm, tid in board.items():
            tok = tokens[tid]
            if tok.owner != seat:
                continue
            per_cell = tables.get(tok.type)
            if per_cell is None:
                continue
            entry = per_cell[frm]
            if entry[1] or entry[2] or where is not None:  # slides, overlaps, a rule: general
                targets = self._targets(game, seat, frm, entry)
            else:  # only single jumps: the hot path
                _jump_steps(entry[0], board, tokens, seat, append)
                continue
            for to in targets:
                if where is not None and not self._where_ok(game, x=to[0], y=to[1], unit=tok):
                    continue
                act = interned.get((frm, to))
                append(act if act is not None else self._intern((frm, to), frm, to))
        return out

    def _decode(self, game: Game, seat: str, action: Action) -> tuple[Pos, Pos]:
        hit = self._decoded.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        frm, to = self.typed(game, seat, action).args
        return frm, to

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        """Every (from, to) a piece of ``seat`` reaches by one of its patterns on an empty
        board."""
        tables = self._table(seat)
        out: list[tuple[Pos, Pos]] = []
        for frm, tid in game.state.board.items():
            tok = game.state.tokens[tid]
            per_cell = tables.get(tok.type) if tok.owner == seat else None
            if per_cell is not None:
                steps, rays, _ = per_cell[frm]
                cells = [s[0] for s in steps] + [c for r in rays for c in r[0]]
                out.extend((frm, to) for to in dict.fromkeys(cells))
        return out

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        frm, to = move.args
        st = game.state
        for p in (frm, to):
            if not self.grid.in_bounds(p):
                return f"cell {p[0]},{p[1]} is off the board ({self.grid.width}x{self.grid.height})"
        tok = st.token_at(frm)
        if tok is None:
            return f"there is no piece on {frm[0]},{frm[1]}"
        if tok.owner != seat:
            return f"the {tok.type} on {frm[0]},{frm[1]} belongs to {tok.owner}, not {seat}"
        pats = self.patterns.get(tok.type)
        if pats is None:
            return f"{article(tok.type)} cannot {self.verb} (pieces that can: " \
                   f"{', '.join(self.patterns)})"
        entry = self._table(seat)[tok.type][frm]
        if to in self._targets(game, seat, frm, entry):
            if self.where is not None and not self._where_ok(game, x=to[0], y=to[1], unit=tok):
                return self._where_refusal(f"{to[0]},{to[1]}")
            return None
        return self._unreached(st.token_at(to), seat, tok.type, frm, to, entry, pats)

    def _unreached(self, occ: Any, seat: str, unit: str, frm: Pos, to: Pos, entry: tuple[Any, ...],
                 pats: list[MovePattern]) -> str:
        """Why a piece of type ``unit`` on ``frm`` does not reach ``to`` (``occ``: the token
        there, or None), from its table ``entry``."""
        step_hits = [s for s in entry[0] if s[0] == to]
        ray_hits = [r for r in entry[1] if to in r[0]]
        if not step_hits and not ray_hits:
            return f"{article(unit)} cannot reach {to[0]},{to[1]} from {frm[0]},{frm[1]} " \
                   f"(it moves: {'; '.join(p.text for p in pats)})"
        if occ is not None and occ.owner == seat:
            return f"{to[0]},{to[1]} is occupied by your own {occ.type}"
        if occ is None and not any(s[2] for s in step_hits) and not any(r[1] for r in ray_hits):
            return f"{article(unit)} moves to {to[0]},{to[1]} only to capture, and the cell is empty"
        if occ is not None and not any(s[3] for s in step_hits) \
                and not any(r[2] for r in ray_hits):
            return f"{article(unit)} cannot capture on {to[0]},{to[1]} (that move is onto " \
                   "empty cells only)"
        return f"the way from {frm[0]},{frm[1]} to {to[0]},{to[1]} is blocked"

    def touches(self, game: Game, seat: str, action: Action) -> tuple[tuple[str, ...],
                                                                      tuple[str, ...]]:
        """The tokens and seats apply changes: the mover, the captured piece, a pool's owner."""
        frm, to = self._decode(game, seat, action)
        board = game.state.board
        moved, taken = board.get(frm), board.get(to)
        if taken is None:
            return ((moved,) if moved is not None else ()), ()
        tids = (moved, taken) if moved is not None else (taken,)
        seats: tuple[str, ...] = ()
        if self.capture_pool is not None:
            owner = game.state.tokens[taken].owner
            seats = (owner,) if self.capture_to_owner and owner else (seat,)
        return tids, seats

    def apply(self, game: Game, seat: str, action: Action) -> None:
        frm, to = self._decode(game, seat, action)
        st = game.state
        tok = st.tokens[st.board[frm]]
        taken_id = st.board.get(to)
        if taken_id is not None:
            taken = st.tokens[taken_id]
            st.remove_token(taken)
            if game.record:  # unrecorded events go nowhere: skip building them
                captured = {"type": "capture", "seat": seat, "token": taken.id,
                            "unit": taken.type, "owner": taken.owner, "at": [to[0], to[1]]}
                if self.rule:
                    captured["rule"] = self.rule
                game.events.append(captured)  # (``emit``'s event, built in place)
            if self.capture_pool is not None:
                keeper = taken.owner if self.capture_to_owner and taken.owner else seat
                add_to_pool(game, keeper, self.capture_pool, taken.type, 1, "capture")
        st.move_token(tok, to)
        if game.record:  # (``emit``'s event, built in place: once a move)
            moved = {"type": "move", "seat": seat, "token": tok.id, "unit": tok.type,
                     "to": [to[0], to[1]], "from": [frm[0], frm[1]]}
            if self.rule:
                moved["rule"] = self.rule
            game.events.append(moved)
        if self.ends_turn:  # (``_finish``; the turn loop's own, one call less)
            game.loop.end_decision(game)
        elif self.ends_rule is not None and self._ends(game, seat, x=to[0], y=to[1], unit=tok):
            game.loop.end_decision(game)



class DoKind(_GenericKind):
    """``VERB`` (no argument): run the action's ``do:`` effect — a dice race's ``roll``.

    ``piece:`` (optional) names a unit type: the effect and ``where`` see the acting seat's first
    token of that type as ``unit`` (the action is not legal while the seat has none). ``where``
    (a rule) says when the action is legal. The effect's changes are logged by the effects
    themselves (``move_token`` logs a ``move``…), with the action as their reason.
    """

    pure = False  # the effect may change anything (and roll dice)

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        sc = section.scenario
        self.piece: str | None = item.get("piece")
        if self.piece is not None and self.piece not in sc.unit_types:
            raise sc.error(f"unknown unit type '{self.piece}'", "actions", i, "piece",
                           hint=f"unit types: {', '.join(sc.unit_types) or 'none'}")
        self.where_names = self._seen_names()
        super().__init__(section, i, item)
        if "do" not in item:
            raise sc.error("a 'do' action needs 'do: EFFECT'", *self.path,
                           hint="e.g. do: 'move_token(unit, unit.x + 1d6, unit.y)'")
        self.effect = section.rules.effect(item["do"], *self.path, "do", names=self.where_names)
        self._arguments()

    def _seen_names(self) -> dict[str, str]:
        """The names ``where``, the effect and ``ends_turn`` see, with their types."""
        return {"unit": "unit"} if self.piece is not None else {}

    def _arguments(self) -> None:
        """The usage and arity of the verb."""
        self.usage = self.verb
        self.args = ()
        self.arity = (0, 0)

    def _names(self, game: Game, seat: str) -> dict[str, Any] | None:
        """The names the rules see (``unit``), or None when the seat has no such piece."""
        if self.piece is None:
            return {}
        found = [t for t in game.state.tokens.values()
                 if t.owner == seat and t.type == self.piece and t.pos is not None]
        if not found:
            return None
        return {"unit": min(found, key=lambda t: (len(t.id), t.id))}

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        return ((),)

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        names = self._names(game, seat)
        if names is None:
            return f"{seat} has no {self.piece} on the board"
        if self.where is not None and not self._where_ok(game, seat=seat, **names):
            return self._where_refusal("now")
        return None

    def apply(self, game: Game, seat: str, action: Action) -> None:
        names = self._names(game, seat) or {}
        self._run(game, seat, names, action)

    def _run(self, game: Game, seat: str, names: dict[str, Any], action: Action) -> None:
        """The effect with ``names``, then ``ends_turn``. Its changes give the action itself as
        their reason (``action sow 1,0``): nothing else says which pit a seat sowed (the game
        author's trial watched a bot's Kalah moves as bare counter changes)."""
        if self.effect is not None:
            ctx = RuleContext(game, seat=seat, player=game.state.players[seat], **names)
            ctx["$reason"] = f"action {action}"
            self.effect(ctx)
        self._finish(game, seat, **names)


class DoOnPieceKind(DoKind):
    """``VERB x,y``: a ``do`` action with ``target: piece`` — the seat names a cell holding one
    of its tokens of type ``piece`` (Kalah's ``sow 3,1``; with ``owner: other`` another seat's,
    ``owner: any`` anyone's: a mill's capture of a piece of one's choice); the effect, ``where``
    and ``ends_turn`` see that token as ``unit`` and its cell as ``x``, ``y``."""

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        sc = section.scenario
        if item.get("piece") is None:
            raise sc.error("'target: piece' needs 'piece: UNIT_TYPE' (the tokens it names)",
                           "actions", i, "target")
        #: whose tokens it names: "own" (the acting seat's), "other" or "any"
        self.whose: str = item.get("owner") or "own"
        super().__init__(section, i, item)

    def _may_name(self, seat: str, owner: str | None) -> bool:
        """Whether a token of ``owner`` is one this action may name for ``seat``."""
        whose = self.whose
        return owner == seat if whose == "own" else \
            (owner is not None and owner != seat) if whose == "other" else True

    def _whose_words(self, seat: str) -> str:
        return seat if self.whose == "own" else "another seat" if self.whose == "other" \
            else "anyone"

    def _seen_names(self) -> dict[str, str]:
        return {"unit": "unit", "x": "int", "y": "int"}

    def _arguments(self) -> None:
        self.usage = f"{self.verb} x,y"
        self.args = (CellArg(),)
        self.arity = (1, 1)

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        """The cells of the tokens of the piece it may name (``owner:``), in reading order (row
        by row)."""
        tokens = game.state.tokens
        return [(pos,) for pos, tid in sorted(game.state.board.items(),
                                              key=lambda item: (item[0][1], item[0][0]))
                if self._may_name(seat, tokens[tid].owner) and tokens[tid].type == self.piece]

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        (pos,) = move.args
        tok = game.state.token_at(pos)
        if tok is None or not self._may_name(seat, tok.owner) or tok.type != self.piece:
            return f"{pos[0]},{pos[1]} holds no {self.piece} of {self._whose_words(seat)}"
        if self.where is not None and not self._where_ok(game, seat=seat, unit=tok, x=pos[0],
                                                         y=pos[1]):
            return self._where_refusal(f"{pos[0]},{pos[1]}")
        return None

    def apply(self, game: Game, seat: str, action: Action) -> None:
        pos = action.pos(0)
        tok = game.state.token_at(pos)
        self._run(game, seat, {"unit": tok, "x": pos[0], "y": pos[1]}, action)
