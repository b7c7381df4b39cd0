"""Generic actions a scenario can use without a plugin (the ``actions:`` section).

The classic games (tic-tac-toe, breakthrough) are written with these alone: placing a piece from a
pool (or an unlimited supply) on a cell that satisfies a rule condition, and moving pieces by
movement patterns declared in YAML, with captures. ::

    actions:
      - id: place                 # the verb: "place 1,1"
        kind: place
        piece: mark               # the unit type placed
        from: reserve             # optional: a pool of the player (absent: unlimited supply)
        where: "y == 0 or unit_at(x, y + 1) != none"   # optional rule on the cell (x, y)
        ends_turn: true
      - id: move                  # the verb: "move 3,6 3,5" (from, to)
        kind: move
        forward: {white: north, black: south}          # each seat's forward direction
        pieces:                   # unit type -> its movement patterns
          pawn:
            - {directions: [forward], only: move}
            - {directions: [forward-left, forward-right]}
        capture: remove           # or {pool: prisoners, of: captor|owner}
        ends_turn: true
      - id: drop                  # "drop 3": a place given by its column alone
        kind: place
        piece: disc
        column_only: true
        row: lowest_empty         # or highest_empty: the cell the piece takes in the column
        where: {if: "y > 0", message: the top row stays empty}   # the message on a refusal
      - id: roll                  # "roll": no argument; runs the effect (a dice race)
        kind: do
        piece: runner             # the effect sees the acting seat's runner as `unit`
        do: "move_token(unit, min(unit.x + 1d6, params.length - 1), unit.y)"
        ends_turn: true

A pattern: ``directions`` (relative: forward, backward, left, right, forward-left, forward-right,
backward-left, backward-right, or the groups orthogonal, diagonal, any; absolute: north, south,
east, west, north-east, north-west, south-east, south-west) or ``offsets`` (``[right, forward]``
pairs, always leaps); ``steps`` (default 1); ``slide: true`` stops on any cell up to ``steps``
(unlimited without it) until blocked; ``leap: true`` jumps over the cells in between; ``only:
move`` (never captures) or ``only: capture`` (only captures). A piece never lands on its own side's
piece; landing on another seat's piece captures it.

A pattern with ``jump: true`` captures by jumping over the next cell's piece onto the empty cell
beyond, and jumps chain into one action (``move 2,5 4,3 6,1``); the action's ``must_capture``
(or the scenario's top-level ``must_capture:``), ``chain`` and ``promote`` settings make
draughts (``distant_galaxy.builtin.board.jumps``).

``setup.fill`` places pieces on every cell that satisfies a rule, so the set-up follows the
map size given by ``params``: ``{type: pawn, owner: black, where: "y < 2"}``.

Rule functions for terminal conditions: ``line_of(n, seat)``, ``pieces(seat)``,
``pieces_on_row(seat, row)``, ``pieces_on_column(seat, column)``, ``next_seat(seat)`` and
``no_legal_move()``.

This module owns the section as a whole (compiled at load with errors collected, the ``fill``
set-up) and the rule functions above. The engine never imports it: the hooks of
``distant_galaxy.builtin.board.plugin`` wire it into every scenario, as a plugin's would be. The
kinds themselves are in ``distant_galaxy.builtin.board.kinds``, the movement patterns and move
tables in ``distant_galaxy.builtin.board.patterns``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distant_galaxy.builtin.board.bitlines import (
    LineTest,
    count_column,
    count_row,
    has_line,
    line_checker,
)
from distant_galaxy.builtin.board.jumps import JumpKind, has_jumps
from distant_galaxy.builtin.board.kinds import DoKind, DoOnPieceKind, MoveKind, PlaceKind
from distant_galaxy.builtin.board.patterns import Pos
from distant_galaxy.builtin.rule_functions import legal_actions_for_rule
from distant_galaxy.core.actions import ActionKind
from distant_galaxy.errors import SourceError
from distant_galaxy.scenario.context import RuleContext

if TYPE_CHECKING:
    from distant_galaxy.core.game import Game
    from distant_galaxy.rules import Expr, Registry
    from distant_galaxy.scenario.rules import ScenarioRules


# -- compiling the section (at load, errors collected) --------------------------------------
_KINDS: dict[Any, type[ActionKind]] = {"place": PlaceKind, "move": MoveKind, "do": DoKind}
#: The keys that only one kind reads: given to another kind, they would do nothing.
_KIND_KEYS = {"from": "place", "column_only": "place", "row": "place", "forward": "move",
              "pieces": "move", "capture": "move", "do": "do", "must_capture": "move",
              "chain": "move", "promote": "move", "promotion_ends_chain": "move",
              "target": "do", "owner": "do"}


def _misplaced_keys(rules: ScenarioRules, i: int, item: dict[str, Any]) -> None:
    """Report the keys of another kind written on this action (they would be ignored)."""
    kind = item.get("kind", "move")
    for key, owner in _KIND_KEYS.items():
        if key in item and owner != kind:
            rules.report(f"'{key}' belongs to a '{owner}' action; this one is a '{kind}' "
                         "action, which would ignore it", "actions", i, key)
    if item.get("owner") is not None and kind == "do" and not item.get("target"):
        rules.report("'owner' says whose piece a 'target: piece' action names: it needs "
                     "'target: piece'", "actions", i, "owner")
    if item.get("row") is not None and kind == "place" and not item.get("column_only"):
        rules.report("'row' says where a piece given by its column goes: it needs "
                     "'column_only: true'", "actions", i, "row")


class GenericSection:
    """The compiled ``actions:`` section and ``setup.fill`` of one scenario."""

    def __init__(self, rules: ScenarioRules):
        self.rules = rules
        self.scenario = rules.scenario
        self.kinds: list[ActionKind] = []
        self.fill: list[tuple[dict[str, Any], Expr]] = []
        sc = self.scenario
        for i, item in enumerate(sc.data.get("actions") or []):
            if item.get("kind", "move") not in _KINDS:
                continue  # the schema names the unknown kind: nothing else is said of it
            _misplaced_keys(rules, i, item)
            try:
                made = _KINDS.get(item.get("kind"), MoveKind)
                if made is MoveKind and has_jumps(item):
                    made = JumpKind  # a pattern jumps: draughts' chains of captures
                elif made is DoKind and item.get("target"):
                    made = DoOnPieceKind  # the action names a cell with one of its pieces
                kind = made(self, i, item)
            except SourceError as exc:
                rules.errors.append(exc)
                continue
            self.kinds.append(kind)
        if sc.data.get("must_capture") and not any(isinstance(k, JumpKind) for k in self.kinds):
            rules.report("'must_capture: true' has no effect: no move action has a jump pattern "
                         "(jump: true)", "must_capture",
                         hint="compulsory capture applies to the chains of jumps of a move action")
        fill = sc.setup.get("fill") if isinstance(sc.setup, dict) else None
        for i, item in enumerate(fill or []):
            try:
                self._fill_item(i, item)
            except SourceError as exc:
                rules.errors.append(exc)

    def _fill_item(self, i: int, item: Any) -> None:
        sc = self.scenario
        path = ("setup", "fill", i)
        if not isinstance(item, dict) or "type" not in item or "where" not in item:
            raise sc.error("a fill item is {type, owner?, where: RULE}", *path)
        if item["type"] not in sc.unit_types:
            raise sc.error(f"unknown unit type '{item['type']}'", *path, "type",
                           hint=f"unit types: {', '.join(sc.unit_types) or 'none'}")
        seats = [s["id"] for s in sc.seats]
        if item.get("owner") is not None and item["owner"] not in seats:
            raise sc.error(f"unknown seat '{item['owner']}'", *path, "owner",
                           hint=f"seats: {', '.join(seats)}")
        cond = self.rules.expr(item["where"], *path, "where", names={"x": "int", "y": "int"})
        if cond is not None:
            self.fill.append((item, cond))

    def fill_board(self, game: Game) -> None:
        """Place the pieces of ``setup.fill`` (every cell satisfying the rule, in reading order)."""
        st = game.state
        for item, cond in self.fill:
            owner = item.get("owner")
            if owner is not None and owner not in st.players:
                continue  # a seat that is not in this game
            for pos in game.scenario.grid.all_cells():
                if pos in st.board or not cond(RuleContext(game, x=pos[0], y=pos[1])):
                    continue
                t = st.add_token(item["type"], owner, pos, prefix=item.get("prefix", "T"))
                game.emit("place", token=t.id, unit=t.type, owner=t.owner, to=list(pos),
                          reason="setup")


# -- rule functions for terminal conditions ---------------------------------------------------
_LINE_DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _owned(game: Game, seat: str) -> list[Pos]:
    st = game.state
    if game.pure:  # only the engine edits the state: its owner index is exact
        return list(st.pieces_of(seat))
    tokens = st.tokens
    return [p for p, tid in st.board.items() if tokens[tid].owner == seat]


_LINES: dict[tuple[int, int, bool], tuple[Pos, ...]] = {}


def _line_cells(length: int, index: int, row: bool) -> tuple[Pos, ...]:
    """The cells of row ``index`` (x from 0 to length - 1) or of that column (y likewise)."""
    key = (length, index, row)
    cells = _LINES.get(key)
    if cells is None:
        cells = tuple((i, index) if row else (index, i) for i in range(length))
        if len(_LINES) < 4096:
            _LINES[key] = cells
    return cells


def _count_on(game: Game, seat: str, cells: tuple[Pos, ...]) -> int:
    """How many of ``cells`` hold a piece of ``seat``."""
    st = game.state
    if game.pure:  # only the engine edits the state: its owner index is exact
        mine = st.pieces_of(seat)
        n = 0
        for cell in cells:
            if cell in mine:
                n += 1
        return n
    board, tokens = st.board, st.tokens
    n = 0
    for cell in cells:
        tid = board.get(cell)
        if tid is not None and tokens[tid].owner == seat:
            n += 1
    return n


def register_generic_functions(reg: Registry) -> None:
    """The rule functions of generic games (registered for every scenario)."""

    tests: dict[tuple[int, int, int], LineTest] = {}  # (n, stride, height) -> line_checker's

    @reg.function("line_of", ["n", "seat"], "Whether a seat has n pieces in a row on the board "
                  "(orthogonally or diagonally adjacent, in a straight line).",
                  "line_of(3, player.seat)", returns="bool", seat_cells="seat")
    def line_of(ctx: dict, n: int, seat: str) -> bool:
        game: Game = ctx["$game"]
        if game.pure:  # only the engine edits the state: its bitmasks are exact
            grid = game.scenario.grid
            stride = grid.width + 1
            bits = game.state.bits_of(seat, stride)
            if bits is not None:
                key = (n, stride, grid.height)
                check = tests.get(key)  # (``line_checker``'s own cache, without the call)
                if check is None:
                    check = tests[key] = line_checker(n, stride, grid.height)
                if type(check) is not tuple:
                    return check(bits)
                return check[bits] if bits < len(check) else has_line(bits, n, stride)
        mine = set(_owned(game, seat))
        if len(mine) < n:
            return False
        for (x, y) in mine:
            for dx, dy in _LINE_DIRS:
                if (x - dx, y - dy) in mine:
                    continue  # not the start of this line
                k = 1
                while (x + dx * k, y + dy * k) in mine:
                    k += 1
                if k >= n:
                    return True
        return False

    @reg.function("pieces", ["seat"], "How many pieces a seat has on the board.",
                  "pieces(player.seat) == 0", returns="int", seat_cells="seat")
    def pieces(ctx: dict, seat: str) -> int:
        return len(_owned(ctx["$game"], seat))

    @reg.function("pieces_on_row", ["seat", "row"], "How many pieces a seat has on a row "
                  "(y; row 0 is the top line of the map).",
                  'pieces_on_row(player.seat, 0) > 0', returns="int",
                  seat_cells="seat")
    def pieces_on_row(ctx: dict, seat: str, row: int) -> int:
        game = ctx["$game"]
        if game.pure:  # only the engine edits the state: its bitmasks are exact
            stride = game.scenario.grid.width + 1
            bits = game.state.bits_of(seat, stride)
            if bits is not None:
                return count_row(bits, row, stride)
        return _count_on(game, seat, _line_cells(game.scenario.grid.width, row, True))

    @reg.function("pieces_on_column", ["seat", "column"], "How many pieces a seat has on a "
                  "column (x).", 'pieces_on_column(player.seat, 0) > 0',
                  returns="int", seat_cells="seat")
    def pieces_on_column(ctx: dict, seat: str, column: int) -> int:
        game = ctx["$game"]
        if game.pure:  # only the engine edits the state: its bitmasks are exact
            stride = game.scenario.grid.width + 1
            bits = game.state.bits_of(seat, stride)
            if bits is not None:
                return count_column(bits, column, stride, game.scenario.grid.height)
        return _count_on(game, seat, _line_cells(game.scenario.grid.height, column, False))

    @reg.function("next_seat", ["seat"], "The seat after this one in turn order (in a "
                  "two-player game, the opponent).", "next_seat(seat)", returns="str")
    def next_seat(ctx: dict, seat: str) -> str:
        return ctx["$game"].state.seat_after(seat, 1)

    @reg.function("no_legal_move", [], "Whether a decision is pending and its seat has no "
                  "legal action (stalemate).", "no_legal_move()", returns="bool",
                  needs_decision=True)
    def no_legal_move(ctx: dict) -> bool:
        game: Game = ctx["$game"]
        return (game.state.pending is not None
                and not legal_actions_for_rule(game, "no_legal_move"))

