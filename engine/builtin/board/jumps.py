"""Jumps: the ``move`` kind with patterns that capture by jumping over a piece (draughts).

A pattern with ``jump: true`` moves a piece over the next cell in one of its directions, which
must hold another seat's piece, onto the empty cell beyond; the jumped piece is captured (the
action's ``capture:`` says where it goes). Jumps chain into ONE action, its text the cells the
piece stands on in turn: ``move 2,5 4,3 6,1``. The action's settings::

    - id: move
      kind: move
      forward: {black: south, white: north}
      pieces:
        man:
          - {directions: [forward-left, forward-right], only: move}
          - {directions: [forward-left, forward-right], jump: true}
        king:
          - {directions: [diagonal], only: move}
          - {directions: [diagonal], jump: true}
      must_capture: true        # while a capture exists, only captures are legal (also a
                                # top-level scenario setting; the action's own one wins)
      chain: full               # full (default): a chain goes on while the piece can jump;
                                # any: it may stop after any jump; single: one jump an action
      promote: {man: king}      # a man reaching its last row becomes a king…
      promotion_ends_chain: true   # …and its move ends there (default true)
      ends_turn: true           # or a rule, judged once the whole move is made (the chain
                                # and the crown): x, y the landing cell, unit the piece

A jumped piece stays on its cell until the chain ends (it may not be jumped twice, and no jump
lands on it); the cell the piece started from is free for it to land on again. The seat's last row
is the far edge in its ``forward`` direction. The kind is chosen by the section when any pattern of
a ``move`` action jumps (:func:`has_jumps`); the other patterns move as ``MoveKind``'s do.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from distant_galaxy.builtin.board.kinds import MoveKind
from distant_galaxy.builtin.board.patterns import Pos, compile_pattern, oriented
from distant_galaxy.core.actions import Action, parse_pos
from distant_galaxy.core.verbs import TypedAction
from distant_galaxy.scenario.setup import add_to_pool
from distant_galaxy.text import article

if TYPE_CHECKING:
    from distant_galaxy.builtin.board.section import GenericSection
    from distant_galaxy.core.game import Game
    from distant_galaxy.core.state import GameState

#: The ``chain:`` settings: how far a chain of jumps goes in one action.
CHAINS = ("full", "any", "single")
#: A chain: the cells the piece stands on in turn (from first), and the cells it jumps over.
Chain = tuple[tuple[Pos, ...], tuple[Pos, ...]]


def has_jumps(item: dict[str, Any]) -> bool:
    """Whether a ``move`` action of the ``actions:`` section has a pattern that jumps."""
    pieces = item.get("pieces")
    if not isinstance(pieces, dict):
        return False
    return any(isinstance(p, dict) and p.get("jump") for pats in pieces.values()
               if isinstance(pats, list) for p in pats)


def _split(item: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[tuple[int, Any]]]]:
    """The action without its jump patterns (for ``MoveKind``) and, per unit type, its jump
    patterns with their index in the YAML list."""
    steps: dict[str, Any] = {}
    jumps: dict[str, list[tuple[int, Any]]] = {}
    for unit, pats in (item.get("pieces") or {}).items():
        steps[unit] = [p for p in pats if not (isinstance(p, dict) and p.get("jump"))]
        jumps[unit] = [(j, p) for j, p in enumerate(pats) if isinstance(p, dict) and p.get("jump")]
    return {**item, "pieces": steps}, jumps


class JumpKind(MoveKind):
    """``VERB x,y x,y [x,y …]``: a step as ``MoveKind``'s, or a chain of jumps (draughts)."""

    pure = True
    journaled = True

    def __init__(self, section: GenericSection, i: int, item: dict[str, Any]):
        stepping, jump_pats = _split(item)
        super().__init__(section, i, stepping)
        sc = self.scenario
        self.usage = f"{self.verb} x,y x,y [x,y ...]"
        self.arity = (2, 1 + len(self.grid.all_cells()))
        # the action's own setting, else the scenario's (``must_capture:`` at the top level)
        self.must_capture = bool(item.get("must_capture", sc.data.get("must_capture", False)))
        self.chain = str(item.get("chain", "full"))
        if self.chain not in CHAINS:
            raise sc.error(f"unknown chain setting '{self.chain}'", *self.path, "chain",
                           hint=f"chain: {' | '.join(CHAINS)}")
        #: unit type -> its jump vectors, as the patterns give them (name, vector)
        self.jump_vectors: dict[str, list[tuple[str, tuple[int, int]]]] = {}
        for unit, pats in jump_pats.items():
            vectors = []
            for j, pat in pats:
                if pat.get("steps", 1) != 1 or pat.get("slide") or pat.get("leap") \
                        or pat.get("only") or "offsets" in pat:
                    raise sc.error("a jump goes over the next cell: it takes 'directions' "
                                   "alone (no steps, slide, leap, only or offsets)",
                                   *self.path, "pieces", unit, j)
                plain = {k: v for k, v in pat.items() if k != "jump"}
                vectors.extend(compile_pattern(sc, self.path, plain, ("pieces", unit, j)).vectors)
            if vectors:
                self.jump_vectors[unit] = vectors
        self.promote: dict[str, str] = dict(item.get("promote") or {})
        for unit, crowned in self.promote.items():
            for name in (unit, crowned):
                if name not in sc.unit_types:
                    raise sc.error(f"unknown unit type '{name}'", *self.path, "promote",
                                   hint=f"unit types: {', '.join(sc.unit_types) or 'none'}")
        missing = [s["id"] for s in sc.seats if s["id"] not in self.forward]
        if self.promote and missing:
            raise sc.error(f"promotion on the last row needs every seat's forward; missing: "
                           f"{', '.join(missing)}", *self.path, "promote",
                           hint="forward: {seat: north|south|east|west, ...}")
        self.promotion_ends_chain = bool(item.get("promotion_ends_chain", True))
        # seat -> unit type -> cell -> ((over, land), ...): the jumps that stay on the board
        self._hops: dict[str, dict[str, dict[Pos, tuple[tuple[Pos, Pos], ...]]]] = {}
        # seat -> the cells of its last row
        self._last_row: dict[str, frozenset[Pos]] = {}

    # -- geometry, per seat ------------------------------------------------------------------
    def _hop_table(self, seat: str) -> dict[str, dict[Pos, tuple[tuple[Pos, Pos], ...]]]:
        table = self._hops.get(seat)
        if table is not None:
            return table
        table = {}
        for unit, vectors in self.jump_vectors.items():
            stop = self._may_stop(unit)
            per_cell: dict[Pos, tuple[tuple[Pos, Pos], ...]] = {}
            for (x, y) in self.grid.all_cells():
                hops = []
                for name, v in vectors:
                    dx, dy = oriented(name, v, self.forward, seat)
                    land = (x + 2 * dx, y + 2 * dy)
                    if self.grid.in_bounds(land) and land in stop:
                        hops.append(((x + dx, y + dy), land))
                per_cell[(x, y)] = tuple(dict.fromkeys(hops))
            table[unit] = per_cell
        self._hops[seat] = table
        return table

    def last_row(self, seat: str) -> frozenset[Pos]:
        """The cells of ``seat``'s last row: the far edge in its forward direction."""
        cells = self._last_row.get(seat)
        if cells is None:
            w, h = self.grid.width, self.grid.height
            edge = {"south": lambda p: p[1] == h - 1, "north": lambda p: p[1] == 0,
                    "east": lambda p: p[0] == w - 1, "west": lambda p: p[0] == 0}
            test = edge[self.forward[seat]] if seat in self.forward else (lambda p: False)
            cells = self._last_row[seat] = frozenset(p for p in self.grid.all_cells() if test(p))
        return cells

    def _promotes(self, seat: str, unit: str, cell: Pos) -> bool:
        return unit in self.promote and cell in self.last_row(seat)

    # -- chains --------------------------------------------------------------------------------
    def chains(self, state: GameState, seat: str, frm: Pos, unit: str) -> list[Chain]:
        """Every chain of jumps the piece of type ``unit`` on ``frm`` may make now."""
        hops = self._hop_table(seat).get(unit)
        if hops is None:
            return []
        board, tokens = state.board, state.tokens
        out: list[Chain] = []

        def walk(cell: Pos, path: tuple[Pos, ...], over: tuple[Pos, ...]) -> None:
            for mid, land in hops[cell]:
                tid = board.get(mid)
                if tid is None or mid in over or tokens[tid].owner == seat:
                    continue
                if land in board and land != frm:
                    continue
                chain = ((*path, land), (*over, mid))
                if self.chain == "single" or (self.promotion_ends_chain
                                              and self._promotes(seat, unit, land)):
                    out.append(chain)
                    continue
                before = len(out)
                walk(land, *chain)
                if len(out) == before or self.chain == "any":
                    out.insert(before, chain)

        walk(frm, (frm,), ())
        return out

    def _all_chains(self, game: Game, seat: str) -> list[Chain]:
        st = game.state
        if not self.jump_vectors:
            return []
        tokens = st.tokens
        out: list[Chain] = []
        for frm, tid in list(st.board.items()):
            tok = tokens[tid]
            if tok.owner == seat and tok.type in self.jump_vectors:
                out.extend(self.chains(st, seat, frm, tok.type))
        return out

    def _chain_action(self, chain: Chain) -> Action:
        path = chain[0]
        return self._intern(("jump", *path), *path)

    # -- the ActionKind interface ----------------------------------------------------------------
    def legal(self, game: Game, seat: str) -> Iterable[Action]:
        """The chains of jumps; and the steps, unless ``must_capture`` and a capture exists."""
        jumps = [self._chain_action(c) for c in self._all_chains(game, seat)]
        if self.where is not None:
            jumps = [a for a in jumps if self._chain_where_ok(game, a)]
        if jumps and self.must_capture:
            return jumps
        steps = list(super().legal(game, seat))
        if self.must_capture:
            captures = [a for a in steps if self._step_captures(game, a)]
            if captures:
                return captures
        return steps + jumps

    def _chain_where_ok(self, game: Game, action: Action) -> bool:
        path = self._cells(action)
        tok = game.state.token_at(path[0])
        return tok is not None and self._where_ok(game, x=path[-1][0], y=path[-1][1], unit=tok)

    def _step_captures(self, game: Game, action: Action) -> bool:
        return self._cells(action)[1] in game.state.board

    def _cells(self, action: Action) -> tuple[Pos, ...]:
        hit = self._decoded.get(id(action))
        if hit is not None and hit[0] is action:
            key = hit[1]
            return tuple(key[1:]) if key[0] == "jump" else tuple(key)
        self.check_arity(action)
        return tuple(parse_pos(a, action) for a in action.args)

    def _find_chain(self, game: Game, seat: str, path: tuple[Pos, ...]) -> Chain | None:
        """The chain the piece on ``path[0]`` makes along ``path``, if it is one it may make."""
        tok = game.state.token_at(path[0])
        if tok is None or tok.owner != seat:
            return None
        for chain in self.chains(game.state, seat, path[0], tok.type):
            if chain[0] == path:
                return chain
        return None

    def candidates(self, game: Game, seat: str) -> Iterable[tuple[Any, ...]]:
        """The chains of jumps the seat's pieces may make, then the steps' candidates."""
        return [c[0] for c in self._all_chains(game, seat)] + list(super().candidates(game, seat))

    def refusal(self, game: Game, seat: str, move: TypedAction) -> str | None:
        path: tuple[Pos, ...] = tuple(move.args)
        for p in path:
            if not self.grid.in_bounds(p):
                return f"cell {p[0]},{p[1]} is off the board ({self.grid.width}x{self.grid.height})"
        chain = self._find_chain(game, seat, path)
        if chain is not None:
            if self.where is not None and not self._chain_where_ok(game, move.action):
                return self._where_refusal(f"{path[-1][0]},{path[-1][1]}")
            return None
        if len(path) == 2:  # a step, unless it is a jump refused
            reason = super().refusal(game, seat, move)
            if reason is None:
                return self._uncompelled(game, seat, move.action) if self.must_capture else None
            if not self._is_hop(game, seat, path):
                return reason
        return self._why_not(game, seat, path)

    def _is_hop(self, game: Game, seat: str, path: tuple[Pos, ...]) -> bool:
        tok = game.state.token_at(path[0])
        hops = self._hop_table(seat).get(tok.type) if tok is not None else None
        return hops is not None and any(land == path[1] for _, land in hops[path[0]])

    def _uncompelled(self, game: Game, seat: str, action: Action) -> str | None:
        """Under ``must_capture``, why a step that captures nothing is refused while a capture
        exists (None when it captures, or none exists)."""
        if self._step_captures(game, action):
            return None
        chains = self._all_chains(game, seat)
        if chains:
            return f"a capture is compulsory (e.g. '{self._chain_action(chains[0])}')"
        captures = [a for a in super().legal(game, seat) if self._step_captures(game, a)]
        if captures:
            return f"a capture is compulsory (e.g. '{captures[0]}')"
        return None

    def _why_not(self, game: Game, seat: str, path: tuple[Pos, ...]) -> str:
        """Why ``path`` is not a chain of jumps the seat's piece may make (the first bad hop)."""
        st = game.state
        frm = path[0]
        tok = st.token_at(frm)
        if tok is None:
            return f"there is no piece on {frm[0]},{frm[1]}"
        if tok.owner != seat:
            return f"the {tok.type} on {frm[0]},{frm[1]} belongs to {tok.owner}, not {seat}"
        hops = self._hop_table(seat).get(tok.type)
        if hops is None:
            return f"{article(tok.type)} does not jump"
        over: list[Pos] = []
        for k in range(1, len(path)):
            a, b = path[k - 1], path[k]
            mid = next((m for m, land in hops[a] if land == b), None)
            if mid is None:
                return (f"{article(tok.type)} cannot jump from {a[0]},{a[1]} to {b[0]},{b[1]} "
                        f"(it jumps: {self._jump_text(tok.type)})")
            occ = st.token_at(mid)
            if occ is None or mid in over:
                return f"there is no piece to jump on {mid[0]},{mid[1]}"
            if occ.owner == seat:
                return f"{mid[0]},{mid[1]} holds your own {occ.type}"
            if b in st.board and b != frm:
                return f"the landing cell {b[0]},{b[1]} is occupied"
            over.append(mid)
            if k < len(path) - 1 and self.chain == "single":
                return "one jump an action (chain: single)"
            if k < len(path) - 1 and self.promotion_ends_chain \
                    and self._promotes(seat, tok.type, b):
                return (f"the {tok.type} is promoted on {b[0]},{b[1]}, which ends its move")
        return (f"the chain must go on: the {tok.type} can jump again from "
                f"{path[-1][0]},{path[-1][1]}")

    def _jump_text(self, unit: str) -> str:
        return ", ".join(dict.fromkeys(n for n, _ in self.jump_vectors[unit]))

    def touches(self, game: Game, seat: str, action: Action) -> tuple[tuple[str, ...],
                                                                      tuple[str, ...]]:
        """The mover and every captured piece; the seats whose pools receive them."""
        path = self._cells(action)
        board, tokens = game.state.board, game.state.tokens
        chain = self._find_chain(game, seat, path)
        cells = (path[0], *chain[1]) if chain is not None else path
        tids = tuple(t for c in cells if (t := board.get(c)) is not None)
        seats: tuple[str, ...] = ()
        if self.capture_pool is not None:
            owners = [tokens[t].owner for t in tids[1:]]
            seats = tuple(dict.fromkeys(o for o in owners if o)) if self.capture_to_owner \
                else (seat,)
        return tids, seats

    def apply(self, game: Game, seat: str, action: Action) -> None:
        path = self._cells(action)
        chain = self._find_chain(game, seat, path)
        st = game.state
        tok = st.tokens[st.board[path[0]]]
        if chain is None:  # a step
            if self.promote:
                self._step(game, seat, action)
            else:
                super().apply(game, seat, action)
            return
        extra: dict[str, Any] = {"rule": self.rule} if self.rule else {}
        for mid in chain[1]:
            self._capture(game, seat, st.tokens[st.board[mid]], mid, extra)
        st.move_token(tok, path[-1])
        if game.record:
            game.emit("move", seat=seat, token=tok.id, unit=tok.type, to=list(path[-1]),
                      **{"from": list(path[0])}, via=[list(c) for c in path[1:-1]], **extra)
        self._crown(game, seat, tok, extra)
        self._end_move(game, seat, tok)

    def _step(self, game: Game, seat: str, action: Action) -> None:
        """A step of a kind that promotes: ``MoveKind``'s, then the crown (before the turn
        ends)."""
        ends, rule = self.ends_turn, self.ends_rule
        self.ends_turn, self.ends_rule = False, None
        try:
            super().apply(game, seat, action)
        finally:
            self.ends_turn, self.ends_rule = ends, rule
        to = self._cells(action)[1]
        extra: dict[str, Any] = {"rule": self.rule} if self.rule else {}
        tok = game.state.tokens[game.state.board[to]]
        self._crown(game, seat, tok, extra)
        self._end_move(game, seat, tok)

    def _end_move(self, game: Game, seat: str, tok: Any) -> None:
        """``ends_turn`` once the whole move is made (the chain and the crown): the constant, or
        the rule with the landing cell as ``x``, ``y`` and the piece as ``unit``."""
        if self.ends_turn or (self.ends_rule is not None and self._ends(
                game, seat, x=tok.pos[0], y=tok.pos[1], unit=tok)):
            game.loop.end_decision(game)

    def _capture(self, game: Game, seat: str, taken: Any, at: Pos, extra: dict[str, Any]) -> None:
        game.state.remove_token(taken)
        if game.record:
            game.emit("capture", seat=seat, token=taken.id, unit=taken.type, owner=taken.owner,
                      at=list(at), **extra)
        if self.capture_pool is not None:
            keeper = taken.owner if self.capture_to_owner and taken.owner else seat
            add_to_pool(game, keeper, self.capture_pool, taken.type, 1, "capture")

    def _crown(self, game: Game, seat: str, tok: Any, extra: dict[str, Any]) -> None:
        if tok.pos is None or not self._promotes(seat, tok.type, tok.pos):
            return
        before = tok.type
        game.state.set_type(tok, self.promote[before])
        if game.record:
            game.emit("promote", seat=seat, token=tok.id, unit=before, to_unit=tok.type,
                      at=list(tok.pos), **extra)

