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

A pattern: ``directions`` (relative: forward, backward, left, right, forward-left, forward-right,
backward-left, backward-right, or the groups orthogonal, diagonal, any; absolute: north, south,
east, west, north-east, north-west, south-east, south-west) or ``offsets`` (``[right, forward]``
pairs, always leaps); ``steps`` (default 1); ``slide: true`` stops on any cell up to ``steps``
(unlimited without it) until blocked; ``leap: true`` jumps over the cells in between; ``only:
move`` (never captures) or ``only: capture`` (only captures). A piece never lands on its own side's
piece; landing on another seat's piece captures it.

``setup.fill`` places pieces on every cell that satisfies a rule, so the set-up follows the
map size given by ``params``: ``{type: pawn, owner: black, where: "y < 2"}``.

Rule functions for terminal conditions: ``line_of(n, seat)``, ``pieces(seat)``,
``pieces_on_row(seat, row)``, ``pieces_on_column(seat, column)``, ``next_seat(seat)`` and
``no_legal_move()``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, ActionKind
from engine.errors import IllegalAction, SourceError

if TYPE_CHECKING:
    from engine.game import Game
    from engine.rules import Expr, Registry
    from engine.scenario import Scenario
    from engine.scenario_rules import ScenarioRules

Pos = tuple[int, int]

#: Relative directions as (right, forward) steps.
RELATIVE: dict[str, tuple[int, int]] = {
    "forward": (0, 1), "backward": (0, -1), "left": (-1, 0), "right": (1, 0),
    "forward-left": (-1, 1), "forward-right": (1, 1),
    "backward-left": (-1, -1), "backward-right": (1, -1),
}
#: Absolute directions as (dx, dy) on screen (y grows downward: north is up).
ABSOLUTE: dict[str, tuple[int, int]] = {
    "north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
    "north-east": (1, -1), "north-west": (-1, -1), "south-east": (1, 1), "south-west": (-1, 1),
}
GROUPS: dict[str, list[str]] = {
    "orthogonal": ["forward", "backward", "left", "right"],
    "diagonal": ["forward-left", "forward-right", "backward-left", "backward-right"],
    "any": list(RELATIVE),
}
#: A seat's forward direction → (right vector, forward vector).
FACING: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "north": ((1, 0), (0, -1)), "south": ((-1, 0), (0, 1)),
    "east": ((0, 1), (1, 0)), "west": ((0, -1), (-1, 0)),
}


# -- compiling the section (at load, errors collected) --------------------------------------
class GenericSection:
    """The compiled ``actions:`` section and ``setup.fill`` of one scenario."""

    def __init__(self, rules: ScenarioRules):
        self.rules = rules
        self.scenario = rules.scenario
        self.kinds: list[ActionKind] = []
        self.fill: list[tuple[dict[str, Any], Expr]] = []
        sc = self.scenario
        for i, item in enumerate(sc.data.get("actions") or []):
            try:
                kind = (PlaceKind if item.get("kind") == "place" else MoveKind)(self, i, item)
            except SourceError as exc:
                rules.errors.append(exc)
                continue
            self.kinds.append(kind)
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


def compile_section(rules: ScenarioRules) -> GenericSection:
    """Compile the scenario's generic actions and fill set-up (errors go to ``rules.errors``)."""
    return GenericSection(rules)


def generic_action_kinds(scenario: Scenario) -> list[ActionKind]:
    """The action kinds declared in the scenario's ``actions:`` section."""
    section = getattr(scenario.rules, "generic", None)
    return list(section.kinds) if section is not None else []


def generic_setup(game: Game) -> None:
    """Place the pieces of ``setup.fill`` (every cell satisfying the rule, in reading order)."""
    section = getattr(game.scenario.rules, "generic", None)
    if section is None or not section.fill:
        return
    from engine.game_env import GameContext

    st = game.state
    for item, cond in section.fill:
        owner = item.get("owner")
        if owner is not None and owner not in st.players:
            continue  # a seat that is not in this game
        for pos in game.scenario.grid.all_cells():
            if pos in st.board or not cond(GameContext(game, x=pos[0], y=pos[1])):
                continue
            t = st.add_token(item["type"], owner, pos, prefix=item.get("prefix", "T"))
            game.emit("place", token=t.id, unit=t.type, owner=t.owner, to=list(pos),
                      reason="setup")


# -- the kinds ---------------------------------------------------------------------------------
class _GenericKind(ActionKind):
    """Common parts: verb, doc, ``ends_turn``, the optional ``where`` rule, interned actions."""

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        self.section = section
        self.scenario = sc = section.scenario
        self.path: tuple[str | int, ...] = ("actions", i)
        self.verb = str(item["id"])  # type: ignore[misc]
        self.doc = str(item.get("doc", ""))  # type: ignore[misc]
        self.rule: str | None = item.get("rule")
        self.ends_turn = bool(item.get("ends_turn", False))
        if "phases" in item:
            self.phases = frozenset(item["phases"])  # type: ignore[misc]
        self.where: Expr | None = None
        if "where" in item:
            self.where = section.rules.expr(item["where"], *self.path, "where",
                                            names=self.where_names)
        self.grid = sc.grid
        self._interned: dict[Any, Action] = {}
        self._decoded: dict[int, tuple[Action, Any]] = {}

    where_names: ClassVar[dict[str, str]] = {}

    def _finish(self, game: Game, seat: str) -> None:
        if self.ends_turn:
            game.end_decision()

    def _intern(self, key: Any, *args: Any) -> Action:
        act = self._interned.get(key)
        if act is None:
            act = self._interned[key] = Action.of(self.verb, *args)
            self._decoded[id(act)] = (act, key)
        return act

    def _where_ok(self, game: Game, **names: Any) -> bool:
        from engine.game_env import GameContext

        assert self.where is not None
        return bool(self.where(GameContext(game, **names)))

    def _may_stop(self, unit_type: str) -> frozenset[Pos]:
        sc = self.scenario
        tags = sc.unit_tags.get(unit_type, frozenset({unit_type}))
        return frozenset(p for p in self.grid.all_cells()
                         if sc.permissions.may_stop(self.grid.cell_type(p), tags))


class PlaceKind(_GenericKind):
    """``VERB x,y``: put a piece (from a pool or an unlimited supply) on an empty cell."""

    where_names: ClassVar[dict[str, str]] = {"x": "int", "y": "int"}

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        super().__init__(section, i, item)
        sc = self.scenario
        self.piece: str = item.get("piece", "")
        if self.piece not in sc.unit_types:
            raise sc.error(f"unknown unit type '{self.piece}'", *self.path, "piece",
                           hint=f"unit types: {', '.join(sc.unit_types) or 'none'}")
        self.pool: str | None = item.get("from")
        if self.pool is not None and self.pool not in sc.pools:
            raise sc.error(f"unknown pool '{self.pool}'", *self.path, "from",
                           hint=f"pools: {', '.join(sc.pools) or 'none'}")
        self.usage = f"{self.verb} x,y"  # type: ignore[misc]
        self.arity = (1, 1)  # type: ignore[misc]
        stop = self._may_stop(self.piece)
        self.cells = [p for p in self.grid.all_cells() if p in stop]
        self.actions = [(p, self._intern(p, p)) for p in self.cells]

    def _supply(self, game: Game, seat: str) -> bool:
        if self.pool is None:
            return True
        return game.state.players[seat].pools.get(self.pool, {}).get(self.piece, 0) > 0

    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        if not self._supply(game, seat):
            return []
        board = game.state.board
        if self.where is None:
            return [a for p, a in self.actions if p not in board]
        return [a for p, a in self.actions
                if p not in board and self._where_ok(game, x=p[0], y=p[1])]

    def _target(self, action: Action) -> Pos:
        hit = self._decoded.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        self.check_arity(action)
        return action.pos(0)

    def check(self, game: Game, seat: str, action: Action) -> None:
        pos = self._target(action)
        st = game.state
        if not self.grid.in_bounds(pos):
            raise IllegalAction(f"{action}: cell {pos[0]},{pos[1]} is off the board "
                                f"({self.grid.width}x{self.grid.height})")
        if pos in st.board:
            raise IllegalAction(f"{action}: cell {pos[0]},{pos[1]} is occupied by "
                                f"{st.describe_token(st.board[pos])}")
        if pos not in self.cells:
            raise IllegalAction(f"{action}: a {self.piece} may not stop on a "
                                f"{self.grid.cell_type(pos)} cell")
        if not self._supply(game, seat):
            raise IllegalAction(f"{action}: {seat} has no {self.piece} left in '{self.pool}'")
        if self.where is not None and not self._where_ok(game, x=pos[0], y=pos[1]):
            raise IllegalAction(f"{action}: cell {pos[0]},{pos[1]} does not satisfy "
                                f"'{self.where.source}'")

    def touches(self, game: Game, seat: str, action: Action) -> tuple[tuple[str, ...],
                                                                      tuple[str, ...]]:
        """What apply changes besides the board: no token, the seat's pools (if any)."""
        return (), ((seat,) if self.pool is not None else ())

    def apply(self, game: Game, seat: str, action: Action) -> None:
        pos = self._target(action)
        if self.pool is not None:
            from engine.setup import add_to_pool

            add_to_pool(game, seat, self.pool, self.piece, -1, self.verb)
        tok = game.state.add_token(self.piece, seat, pos)
        if game.record:
            extra: dict[str, Any] = {"rule": self.rule} if self.rule else {}
            game.emit("place", seat=seat, token=tok.id, unit=self.piece, to=list(pos), **extra)
        self._finish(game, seat)


class _Pattern:
    """One movement pattern, compiled."""

    __slots__ = ("capture_ok", "leap", "move_ok", "slide", "steps", "text", "vectors")

    def __init__(self, vectors: list[tuple[str, tuple[int, int]]], steps: int | None,
                 slide: bool, leap: bool, only: str | None, text: str):
        self.vectors = vectors  # (name, (a, b)); relative: (right, forward); absolute: (dx, dy)
        self.steps, self.slide, self.leap = steps, slide, leap
        self.move_ok = only != "capture"
        self.capture_ok = only != "move"
        self.text = text


class MoveKind(_GenericKind):
    """``VERB x,y x,y``: move one of your pieces by one of its patterns (capturing if allowed)."""

    where_names: ClassVar[dict[str, str]] = {"x": "int", "y": "int", "unit": "unit"}

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        super().__init__(section, i, item)
        sc = self.scenario
        self.usage = f"{self.verb} x,y x,y"  # type: ignore[misc]
        self.arity = (2, 2)  # type: ignore[misc]
        if self.grid.is_hex:
            raise sc.error("move patterns need a square grid (square4 or square8)", *self.path)
        seats = [s["id"] for s in sc.seats]
        self.forward: dict[str, str] = dict(item.get("forward") or {})
        for seat in self.forward:
            if seat not in seats:
                raise sc.error(f"unknown seat '{seat}'", *self.path, "forward", seat,
                               hint=f"seats: {', '.join(seats)}")
        self.patterns: dict[str, list[_Pattern]] = {}
        relative = False
        for unit, pats in (item.get("pieces") or {}).items():
            if unit not in sc.unit_types:
                raise sc.error(f"unknown unit type '{unit}'", *self.path, "pieces", unit,
                               hint=f"unit types: {', '.join(sc.unit_types) or 'none'}")
            compiled = []
            for j, pat in enumerate(pats):
                p = self._pattern(pat, ("pieces", unit, j))
                relative = relative or any(n not in ABSOLUTE for n, _ in p.vectors)
                compiled.append(p)
            self.patterns[unit] = compiled
        if not self.patterns:
            raise sc.error("a move action needs 'pieces' with their patterns", *self.path)
        if relative:
            missing = [s for s in seats if s not in self.forward]
            if missing:
                raise sc.error(f"relative directions need every seat's forward; missing: "
                               f"{', '.join(missing)}", *self.path,
                               hint="forward: {seat: north|south|east|west, ...}")
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
        self._tables: dict[str, dict[str, dict[Pos, tuple[Any, ...]]]] = {}
        # seat -> unit type -> cell -> steps, when no pattern of the seat slides or overlaps
        self._jumps: dict[str, dict[str, dict[Pos, tuple[Any, ...]]] | None] = {}
        # seat -> unit type -> cell -> (to, code, action) when no jump has cells in between:
        # code 1 moves only, 2 captures only, 3 both (see ``legal``)
        self._codes: dict[str, dict[str, dict[Pos, tuple[Any, ...]]] | None] = {}

    def _pattern(self, pat: dict[str, Any], sub: tuple[str | int, ...]) -> _Pattern:
        sc = self.scenario
        vectors: list[tuple[str, tuple[int, int]]] = []
        for name in pat.get("directions", []):
            for n in GROUPS.get(name, [name]):
                if n in RELATIVE:
                    vectors.append((n, RELATIVE[n]))
                elif n in ABSOLUTE:
                    vectors.append((n, ABSOLUTE[n]))
                else:
                    raise sc.error(f"unknown direction '{n}'", *self.path, *sub, "directions")
        for off in pat.get("offsets", []):
            vectors.append((f"offset {off[0]},{off[1]}", (int(off[0]), int(off[1]))))
        if not vectors:
            raise sc.error("a pattern needs 'directions' or 'offsets'", *self.path, *sub)
        slide = bool(pat.get("slide", False))
        leap = bool(pat.get("leap", False)) or "offsets" in pat
        steps = pat.get("steps")
        if steps is None and not slide:
            steps = 1
        text = ", ".join(n for n, _ in vectors)
        if slide:
            text = f"slide {text}" + (f" up to {steps}" if steps else "")
        elif steps != 1:
            text = f"{steps} steps {text}"
        if pat.get("only"):
            text += f" ({pat['only']} only)"
        if "offsets" in pat and pat.get("directions"):
            raise sc.error("a pattern has either 'directions' or 'offsets'", *self.path, *sub)
        return _Pattern(vectors, steps, slide, leap, pat.get("only"), text)

    # -- geometry, precomputed per seat ----------------------------------------------------------
    def _vector(self, seat: str, name: str, v: tuple[int, int]) -> tuple[int, int]:
        if name in ABSOLUTE:
            return v
        right, fwd = FACING[self.forward[seat]]
        return (v[0] * right[0] + v[1] * fwd[0], v[0] * right[1] + v[1] * fwd[1])

    def _table(self, seat: str) -> dict[str, dict[Pos, tuple[Any, ...]]]:
        """unit type -> cell -> (steps, rays, dedup): ``steps`` are (to, between, move_ok,
        capture_ok, action); ``rays`` are (cells, move_ok, capture_ok) for slides."""
        tables = self._tables.get(seat)
        if tables is not None:
            return tables
        grid = self.grid
        tables = {}
        for unit, pats in self.patterns.items():
            stop = self._stop[unit]
            per_cell: dict[Pos, tuple[Any, ...]] = {}
            for (x, y) in grid.all_cells():
                steps: list[tuple[Any, ...]] = []
                rays: list[tuple[Any, ...]] = []
                for pat in pats:
                    for name, v in pat.vectors:
                        dx, dy = self._vector(seat, name, v)
                        if pat.slide:
                            cells = []
                            k = 1
                            while pat.steps is None or k <= pat.steps:
                                c = (x + dx * k, y + dy * k)
                                if not grid.in_bounds(c):
                                    break
                                cells.append(c)
                                k += 1
                            if cells:
                                rays.append((tuple(cells), pat.move_ok, pat.capture_ok,
                                             stop))
                            continue
                        n = pat.steps or 1
                        to = (x + dx * n, y + dy * n)
                        if not grid.in_bounds(to) or to not in stop:
                            continue
                        between = () if pat.leap else tuple(
                            (x + dx * k, y + dy * k) for k in range(1, n))
                        act = self._intern(((x, y), to), (x, y), to)
                        steps.append((to, between, pat.move_ok, pat.capture_ok, act))
                targets = [s[0] for s in steps] + [c for r in rays for c in r[0]]
                dedup = len(set(targets)) != len(targets)
                per_cell[(x, y)] = (tuple(steps), tuple(rays), dedup)
            tables[unit] = per_cell
        self._tables[seat] = tables
        simple = all(not rays and not dedup for per_cell in tables.values()
                     for _, rays, dedup in per_cell.values())
        self._jumps[seat] = {unit: {c: e[0] for c, e in per_cell.items()}
                             for unit, per_cell in tables.items()} if simple else None
        adjacent = simple and all(not s[1] for per_cell in tables.values()
                                  for e in per_cell.values() for s in e[0])
        self._codes[seat] = {unit: {c: tuple((s[0], s[2] + 2 * s[3], s[4]) for s in e[0]
                                             if s[2] or s[3])
                                    for c, e in per_cell.items()}
                             for unit, per_cell in tables.items()} if adjacent else None
        return tables

    def _targets(self, game: Game, seat: str, frm: Pos, entry: tuple[Any, ...]) -> list[Pos]:
        st = game.state
        board, tokens = st.board, st.tokens
        steps, rays, dedup = entry
        out: list[Pos] = []
        for to, between, move_ok, capture_ok, _ in steps:
            occ = board.get(to)
            if occ is None:
                if not move_ok:
                    continue
            elif not capture_ok or tokens[occ].owner == seat:
                continue
            if between and any(c in board for c in between):
                continue
            out.append(to)
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
        st = game.state
        board, tokens = st.board, st.tokens
        tables = self._table(seat)
        interned = self._interned
        where = self.where
        out: list[Action] = []
        append = out.append
        jumps = self._jumps[seat]
        codes = self._codes[seat] if where is None and game._pure else None
        if codes is not None:
            # single steps without cells in between, no rule, only the engine edits the state:
            # the owner index says whose a cell is; a code says what the step may do
            mine = st.pieces_of(seat)
            for frm, unit in mine.items():
                per_cell = codes.get(unit)
                if per_cell is None:
                    continue
                for to, code, act in per_cell[frm]:
                    if code == 3:  # moves or captures: anywhere but on an own piece
                        if to not in mine:
                            append(act)
                    elif code == 1:  # moves only: an empty cell
                        if to not in board:
                            append(act)
                    elif to in board and to not in mine:  # captures only
                        append(act)
            return out
        if jumps is not None and where is None and game._pure:
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
                if per_cell is None:
                    continue
                for to, between, move_ok, capture_ok, act in per_cell[frm]:
                    occ = board.get(to)
                    if occ is None:
                        if not move_ok:
                            continue
                    elif not capture_ok or tokens[occ].owner == seat:
                        continue
                    if between and any(c in board for c in between):
                        continue
                    append(act)
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
            else:  # only single jumps: the hot path, inlined
                for to, between, move_ok, capture_ok, act in entry[0]:
                    occ = board.get(to)
                    if occ is None:
                        if not move_ok:
                            continue
                    elif not capture_ok or tokens[occ].owner == seat:
                        continue
                    if between and any(c in board for c in between):
                        continue
                    append(act)
                continue
            for to in targets:
                if where is not None and not self._where_ok(game, x=to[0], y=to[1], unit=tok):
                    continue
                act = interned.get((frm, to))
                append(act if act is not None else self._intern((frm, to), frm, to))
        return out

    def _decode(self, action: Action) -> tuple[Pos, Pos]:
        hit = self._decoded.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        self.check_arity(action)
        return action.pos(0), action.pos(1)

    def check(self, game: Game, seat: str, action: Action) -> None:
        frm, to = self._decode(action)
        st = game.state
        for p in (frm, to):
            if not self.grid.in_bounds(p):
                raise IllegalAction(f"{action}: cell {p[0]},{p[1]} is off the board "
                                    f"({self.grid.width}x{self.grid.height})")
        tok = st.token_at(frm)
        if tok is None:
            raise IllegalAction(f"{action}: there is no piece on {frm[0]},{frm[1]}")
        if tok.owner != seat:
            raise IllegalAction(f"{action}: the {tok.type} on {frm[0]},{frm[1]} belongs to "
                                f"{tok.owner}, not {seat}")
        pats = self.patterns.get(tok.type)
        if pats is None:
            raise IllegalAction(f"{action}: a {tok.type} cannot {self.verb} (pieces that can: "
                                f"{', '.join(self.patterns)})")
        entry = self._table(seat)[tok.type][frm]
        if to in self._targets(game, seat, frm, entry):
            if self.where is not None and not self._where_ok(game, x=to[0], y=to[1], unit=tok):
                raise IllegalAction(f"{action}: {to[0]},{to[1]} does not satisfy "
                                    f"'{self.where.source}'")
            return
        occ = st.token_at(to)
        step_hits = [s for s in entry[0] if s[0] == to]
        ray_hits = [r for r in entry[1] if to in r[0]]
        moves = "; ".join(p.text for p in pats)
        if not step_hits and not ray_hits:
            raise IllegalAction(f"{action}: a {tok.type} cannot reach {to[0]},{to[1]} from "
                                f"{frm[0]},{frm[1]} (it moves: {moves})")
        if occ is not None and occ.owner == seat:
            raise IllegalAction(f"{action}: {to[0]},{to[1]} is occupied by your own "
                                f"{occ.type}")
        if occ is None and not any(s[2] for s in step_hits) and not any(r[1] for r in ray_hits):
            raise IllegalAction(f"{action}: a {tok.type} moves to {to[0]},{to[1]} only to "
                                f"capture, and the cell is empty")
        if occ is not None and not any(s[3] for s in step_hits) \
                and not any(r[2] for r in ray_hits):
            raise IllegalAction(f"{action}: a {tok.type} cannot capture on {to[0]},{to[1]} "
                                f"(that move is onto empty cells only)")
        raise IllegalAction(f"{action}: the way from {frm[0]},{frm[1]} to {to[0]},{to[1]} "
                            f"is blocked")

    def touches(self, game: Game, seat: str, action: Action) -> tuple[tuple[str, ...],
                                                                      tuple[str, ...]]:
        """The tokens and seats apply changes: the mover, the captured piece, a pool's owner."""
        frm, to = self._decode(action)
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
        frm, to = self._decode(action)
        st = game.state
        tok = st.tokens[st.board[frm]]
        taken_id = st.board.get(to)
        if taken_id is not None:
            taken = st.tokens[taken_id]
            st.remove_token(taken)
            if game.record:  # unrecorded events go nowhere: skip building them
                game.emit("capture", seat=seat, token=taken.id, unit=taken.type, owner=taken.owner,
                          at=list(to), **({"rule": self.rule} if self.rule else {}))
            if self.capture_pool is not None:
                from engine.setup import add_to_pool

                keeper = taken.owner if self.capture_to_owner and taken.owner else seat
                add_to_pool(game, keeper, self.capture_pool, taken.type, 1, "capture")
        st.move_token(tok, to)
        if game.record:
            extra: dict[str, Any] = {"rule": self.rule} if self.rule else {}
            game.emit("move", seat=seat, token=tok.id, unit=tok.type, to=list(to),
                      **{"from": list(frm)}, **extra)
        self._finish(game, seat)


# -- rule functions for terminal conditions ---------------------------------------------------
_LINE_DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _owned(game: Game, seat: str) -> list[Pos]:
    st = game.state
    if game._pure:  # only the engine edits the state: its owner index is exact
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


def register_generic_functions(reg: Registry) -> None:
    """The rule functions of generic games (registered for every scenario)."""

    @reg.function("line_of", ["n", "seat"], "Whether a seat has n pieces in a row on the board "
                  "(orthogonally or diagonally adjacent, in a straight line).",
                  "line_of(3, player.seat)", returns="bool")
    def line_of(ctx: dict, n: int, seat: str) -> bool:
        game: Game = ctx["$game"]
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
                  "pieces(player.seat) == 0", returns="int")
    def pieces(ctx: dict, seat: str) -> int:
        return len(_owned(ctx["$game"], seat))

    @reg.function("pieces_on_row", ["seat", "row"], "How many pieces a seat has on a row "
                  "(y; row 0 is the top line of the map).",
                  'pieces_on_row(player.seat, 0) > 0', returns="int")
    def pieces_on_row(ctx: dict, seat: str, row: int) -> int:
        game = ctx["$game"]
        st = game.state
        cells = _line_cells(game.scenario.grid.width, row, True)
        if game._pure:  # only the engine edits the state: its owner index is exact
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

    @reg.function("pieces_on_column", ["seat", "column"], "How many pieces a seat has on a "
                  "column (x).", 'pieces_on_column(player.seat, 0) > 0', returns="int")
    def pieces_on_column(ctx: dict, seat: str, column: int) -> int:
        game = ctx["$game"]
        st = game.state
        cells = _line_cells(game.scenario.grid.height, column, False)
        if game._pure:  # only the engine edits the state: its owner index is exact
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

    @reg.function("next_seat", ["seat"], "The seat after this one in turn order (in a "
                  "two-player game, the opponent).", "next_seat(seat)", returns="str")
    def next_seat(ctx: dict, seat: str) -> str:
        return ctx["$game"].state.seat_after(seat, 1)

    @reg.function("no_legal_move", [], "Whether a decision is pending and its seat has no "
                  "legal action (stalemate).", "no_legal_move()", returns="bool")
    def no_legal_move(ctx: dict) -> bool:
        game: Game = ctx["$game"]
        return game.state.pending is not None and not game.legal_actions()

