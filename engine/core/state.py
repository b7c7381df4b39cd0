"""Game state: players, tokens, sites, round and turn, the pending decision.

The state is plain data. It serialises to JSON and back exactly (``to_json``/``from_json``), has a
stable hash over that JSON form, and clones cheaply (bots clone a lot). It knows nothing of any
episode: episode data lives in the open ``attrs`` and ``markers`` mappings.

Invariants kept by the mutating methods here: one token per board cell (``board`` index), and every
token is in exactly one place — on the board (``pos``), carried by another token (``carrier``), or
gone (removed from ``tokens``). Units in pools (reserve, repair) are counts per player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii
from typing import TYPE_CHECKING, Any

from distant_galaxy.errors import EngineError, IllegalAction

if TYPE_CHECKING:
    from distant_galaxy.core.journal import Journal

Pos = tuple[int, int]


@dataclass(slots=True)
class Token:
    """A piece: a unit, a shuttle, a marker piece. ``pos`` is None while carried."""

    id: str
    type: str
    owner: str | None
    pos: Pos | None = None
    carrier: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> Token:
        return Token(self.id, self.type, self.owner, self.pos, self.carrier, dict(self.attrs))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "type": self.type, "owner": self.owner}
        out["pos"] = list(self.pos) if self.pos is not None else None
        if self.carrier is not None:
            out["carrier"] = self.carrier
        if self.attrs:
            out["attrs"] = self.attrs
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Token:
        pos = tuple(d["pos"]) if d.get("pos") is not None else None
        return cls(d["id"], d["type"], d.get("owner"), pos, d.get("carrier"),  # type: ignore[arg-type]
                   dict(d.get("attrs", {})))


@dataclass(slots=True)
class Site:
    """A fixed place on the map (asteroid, portal, planet) with markers and an owner."""

    id: str
    kind: str
    pos: Pos
    owner: str | None = None
    markers: dict[str, Any] = field(default_factory=dict)
    attrs: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> Site:
        return Site(self.id, self.kind, self.pos, self.owner, dict(self.markers), dict(self.attrs))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "pos": list(self.pos), "owner": self.owner,
                "markers": self.markers, "attrs": self.attrs}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Site:
        return cls(d["id"], d["kind"], tuple(d["pos"]), d.get("owner"),  # type: ignore[arg-type]
                   dict(d.get("markers", {})), dict(d.get("attrs", {})))


@dataclass(slots=True)
class Player:
    """A seat in the game: faction, named counters, pools of unit counts, free attributes."""

    seat: str
    faction: str | None
    counters: dict[str, int] = field(default_factory=dict)
    pools: dict[str, dict[str, int]] = field(default_factory=dict)
    attrs: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> Player:
        c = Player.__new__(Player)  # (fields set by hand: cheaper than the dataclass call)
        c.seat, c.faction, c.counters = self.seat, self.faction, dict(self.counters)
        c.pools = {k: dict(v) for k, v in self.pools.items()} if self.pools else {}
        c.attrs = copy_attrs(self.attrs) if self.attrs else {}
        return c

    def pool(self, name: str) -> dict[str, int]:
        return self.pools.setdefault(name, {})

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "faction": self.faction, "counters": self.counters,
                "pools": self.pools, "attrs": self.attrs}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Player:
        return cls(d["seat"], d.get("faction"), dict(d.get("counters", {})),
                   {k: dict(v) for k, v in d.get("pools", {}).items()},
                   json.loads(json.dumps(d.get("attrs", {}))))


def cell_of(tok: Token) -> Pos:
    """The cell of ``tok``, a token the caller knows is on the board (its ``pos`` typed as a
    cell, not ``Pos | None``); an :class:`~distant_galaxy.errors.EngineError` naming the token
    if it is off the board (carried, in reserve)."""
    pos = tok.pos
    if pos is None:
        aboard = f" (aboard {tok.carrier})" if tok.carrier is not None else ""
        raise EngineError(f"{tok.id} is not on the board{aboard}")
    return pos


def copy_attrs(attrs: dict[str, Any]) -> dict[str, Any]:
    """Copy of a free attribute mapping, one level of containers deep (enough for episode data)."""
    out: dict[str, Any] = {}
    for k, v in attrs.items():
        if isinstance(v, dict):
            out[k] = dict(v)
        elif isinstance(v, list):
            out[k] = list(v)
        else:
            out[k] = v
    return out


@dataclass(slots=True)
class Pending:
    """Whose decision is awaited and why (the phase, or a hand-over such as defenders)."""

    seat: str
    kind: str
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "reason": self.reason}


#: stride -> cell -> its bit in the layout of ``GameState.bits_of`` (shared by every state)
_CELL_BITS: dict[int, dict[Pos, int]] = {}


@dataclass(slots=True)
class GameState:
    """Everything that changes during a game. ``board`` maps a cell to the token standing on it."""

    seats: list[str]
    players: dict[str, Player]
    tokens: dict[str, Token] = field(default_factory=dict)
    sites: dict[str, Site] = field(default_factory=dict)
    board: dict[Pos, str] = field(default_factory=dict)
    round: int = 1
    turn: int = 0
    phase: int = 0
    pending: Pending | None = None
    next_id: int = 1
    seed: int = 0
    rolls: int = 0
    result: dict[str, Any] | None = None
    attrs: dict[str, Any] = field(default_factory=dict)
    #: Hidden information: secret id -> entry (value, who may see it; core/hidden.py). Entries
    #: are replaced, never edited in place (clones share them). Written only when not empty.
    secrets: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Derived, not part of the state's value: owner -> {cell: unit type} of the tokens on the
    # board, in board order. Built on first use (``pieces_of``), kept up to date by the mutating
    # methods below, dropped by ``forget_index`` (after hand edits) and rebuilt whenever the board
    # size no longer matches (a hand edit that added or removed a cell).
    _index: dict[str | None, dict[Pos, str]] | None = field(default=None, repr=False,
                                                             compare=False)
    _index_n: int = field(default=-1, repr=False, compare=False)
    #: While ``Game.apply`` applies an action of a journaled game, its undo record
    #: (core/journal.py): edited tokens, sites and players are saved into it first
    #: (``save(obj)``), and it is told before a token is removed (``removing(state)``); in a
    #: pure game, the cheap undo record of a kind's ``touches`` (``Game._apply_light``). Not
    #: copied.
    journal: Journal | None = field(default=None, repr=False, compare=False)
    # Derived from the owner index: owner -> the cells of its tokens as an integer bitmask (bit
    # ``y * stride + x``), for the stride the last ``bits_of`` call asked for; None when not
    # built or when a token stands outside ``0 <= x < stride - 1, y >= 0``.
    _bits: dict[str | None, int] | None = field(default=None, repr=False, compare=False)
    _stride: int = field(default=0, repr=False, compare=False)
    _cells: dict[Pos, int] = field(default_factory=dict, repr=False, compare=False)
    # Derived, for ``text`` (the turn_end's hash): token id -> the JSON text of that token as it
    # was last written out; a copy starts empty, ``forget_index`` empties it.
    _texts: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    # Derived: (the token dict's ids in its order, the same ids in the canonical order); shared
    # by copies (never edited: replaced when the ids change).
    _order: tuple[tuple[str, ...], list[str]] | None = field(default=None, repr=False,
                                                             compare=False)
    # Derived: the tokens' texts in the canonical order, as ``text`` last joined them (None: not
    # made, as in a copy), and the ids of the tokens whose texts may have changed since: the
    # mutating methods append the token they touch, and ``text`` adds those it wrote with
    # ``attrs`` (which may be edited in place). ``_dirty`` is None exactly when ``_got`` is.
    _got: list[str] | None = field(default=None, repr=False, compare=False)
    _dirty: list[str] | None = field(default=None, repr=False, compare=False)

    # -- queries ---------------------------------------------------------------------------
    @property
    def active_seat(self) -> str:
        return self.seats[self.turn]

    @property
    def over(self) -> bool:
        return self.result is not None

    def token_at(self, pos: Pos) -> Token | None:
        """The token standing on cell ``pos``, or None (an empty cell, or one off the board)."""
        tid = self.board.get(pos)
        return self.tokens[tid] if tid is not None else None

    def tokens_of(self, owner: str | None) -> list[Token]:
        """Every token of ``owner`` (a seat id; None: the neutral ones), on the board or off it
        (carried, in reserve), in the order they were added."""
        return [t for t in self.tokens.values() if t.owner == owner]

    def carried_by(self, carrier_id: str) -> list[Token]:
        return [t for t in self.tokens.values() if t.carrier == carrier_id]

    def pieces_of(self, owner: str | None) -> dict[Pos, str]:
        """The cells of ``owner``'s tokens on the board with their unit types, in board order
        (a derived index: read it, never edit it)."""
        index = self._index
        if index is None or self._index_n != len(self.board):
            index = self._reindex()
        found = index.get(owner)
        if found is None:
            found = index[owner] = {}
        return found

    def bits_of(self, owner: str | None, stride: int) -> int | None:
        """The cells of ``owner``'s tokens on the board as an integer bitmask, bit
        ``y * stride + x`` (a derived index, like :meth:`pieces_of`), or None when a token of
        any owner stands outside ``0 <= x < stride - 1, y >= 0``. With ``stride`` = the grid's
        width + 1 the bit after each row's last cell stays clear, so shifting a mask by 1,
        ``stride - 1``, ``stride`` or ``stride + 1`` moves every cell one step east, south-west,
        south or south-east without wrapping round a row."""
        bits = self._bits  # (None whenever the owner index is: they are dropped together)
        if bits is None or self._stride != stride or self._index_n != len(self.board):
            bits = self._rebits(stride)
            if bits is None:
                return None
        return bits.get(owner, 0)

    def masks(self, stride: int) -> dict[str | None, int] | None:
        """Every owner's :meth:`bits_of` at once, owner -> bitmask (an owner without a piece on
        the board may be missing: 0), or None as there (a derived index: read it, never edit
        it)."""
        bits = self._bits
        if bits is None or self._stride != stride or self._index_n != len(self.board):
            bits = self._rebits(stride)
        return bits

    def occupied_bits(self, stride: int) -> int | None:
        """Every token's cell on the board as one bitmask (the union of :meth:`bits_of` over the
        owners), or None as there."""
        bits = self._bits  # (``bits_of``'s check, inlined: once per listing of a place kind)
        if bits is None or self._stride != stride or self._index_n != len(self.board):
            bits = self._rebits(stride)
            if bits is None:
                return None
        occ = 0
        for b in bits.values():
            occ |= b
        return occ

    def _rebits(self, stride: int) -> dict[str | None, int] | None:
        index = self._index
        if index is None or self._index_n != len(self.board):
            index = self._reindex()
        bits: dict[str | None, int] = {}
        self._stride = stride
        known = self._cells = _CELL_BITS.setdefault(stride, {})
        for owner, cells in index.items():
            b = 0
            for pos in cells:
                bit = known.get(pos) or self._new_bit(pos)
                if bit is None:
                    self._bits = None
                    return None
                b |= bit
            bits[owner] = b
        self._bits = bits
        return bits

    def _reindex(self) -> dict[str | None, dict[Pos, str]]:
        index: dict[str | None, dict[Pos, str]] = {}
        tokens = self.tokens
        for pos, tid in self.board.items():
            tok = tokens[tid]
            mine = index.get(tok.owner)
            if mine is None:
                mine = index[tok.owner] = {}
            mine[pos] = tok.type
        self._index, self._index_n, self._bits = index, len(self.board), None
        return index

    def forget_index(self) -> None:
        """Drop the derived owner index and the tokens' remembered texts (call after editing
        ``board`` or tokens by hand: a token's place, carrier, owner or type; its ``attrs`` may
        be edited in place without it)."""
        self._index = None
        self._bits = None
        if self._dirty is not None:
            self._texts, self._got, self._dirty = {}, None, None

    def describe_token(self, tid: str) -> str:
        """``orange's engineer E3`` — a token as a person reads it."""
        tok = self.tokens.get(tid)
        if tok is None:
            return tid
        owner = f"{tok.owner}'s " if tok.owner else ""
        return f"{owner}{tok.type} {tok.id}"

    def seat_after(self, seat: str, step: int = 1) -> str:
        i = self.seats.index(seat)
        return self.seats[(i + step) % len(self.seats)]

    # -- mutations keeping the invariants ------------------------------------------------------
    def new_id(self, prefix: str) -> str:
        tid = f"{prefix}{self.next_id}"
        self.next_id += 1
        return tid

    def add_token(self, type_: str, owner: str | None, pos: Pos | None, prefix: str = "T",
                  attrs: dict[str, Any] | None = None, carrier: str | None = None) -> Token:
        """A new token of unit type ``type_`` for ``owner`` (None: neutral) on cell ``pos`` (None:
        off the board, e.g. ``carrier``'s cargo), its id ``prefix`` + the next number, its counters
        ``attrs``; raises :class:`IllegalAction` if the cell is taken. Log it with
        ``game.emit("place", ...)``."""
        if pos is not None and pos in self.board:
            raise IllegalAction(f"cell {pos[0]},{pos[1]} is occupied by "
                                f"{self.describe_token(self.board[pos])}")
        tid = f"{prefix}{self.next_id}"  # (``new_id``, inlined: once per placed piece)
        self.next_id += 1
        tok = Token.__new__(Token)  # (fields set by hand: cheaper than the dataclass call)
        tok.id, tok.type, tok.owner, tok.pos, tok.carrier = tid, type_, owner, pos, carrier
        tok.attrs = dict(attrs) if attrs else {}
        self.tokens[tid] = tok
        if self._dirty is not None:  # its text is written when ``text`` is next asked
            self._dirty.append(tid)
        if pos is not None:
            self.board[pos] = tid
            index = self._index
            if index is not None:  # follow it in the owner index and the bitmasks
                mine = index.get(owner)
                if mine is None:
                    mine = index[owner] = {}
                mine[pos] = type_
                self._index_n = len(self.board)
                bits = self._bits
                if bits is not None:
                    bit = self._cells.get(pos) or self._new_bit(pos)
                    if bit:
                        bits[owner] = bits.get(owner, 0) | bit
                    else:
                        self._bits = None
        return tok

    def move_token(self, tok: Token, pos: Pos | None, carrier: str | None = None) -> None:
        """Put ``tok`` on cell ``pos`` (None: off the board, aboard ``carrier`` if given); raises
        :class:`IllegalAction` if another token stands there. The cell is not checked against
        the map: a verb's refusal does that (``game.scenario.grid.in_bounds(pos)``). Log it
        with ``game.emit("move", ...)``."""
        board = self.board
        if pos is not None and board.get(pos, tok.id) != tok.id:
            raise IllegalAction(f"cell {pos[0]},{pos[1]} is occupied by "
                                f"{self.describe_token(board[pos])}")
        if self.journal is not None:
            self.journal.save(tok)
        if self._dirty is not None:  # its text is written again when ``text`` is next asked
            self._dirty.append(tok.id)
        old = tok.pos
        if old is not None:
            del board[old]
        tok.pos = pos
        tok.carrier = carrier
        if pos is not None:
            board[pos] = tok.id
        if self._index is not None:
            self._index_move(tok, old, pos)

    def set_type(self, tok: Token, type_: str) -> None:
        """Make ``tok`` a token of unit type ``type_`` (a draughts man crowned king), keeping its
        id, owner, place and counters; the owner index follows."""
        if self.journal is not None:
            self.journal.save(tok)
        if self._dirty is not None:
            self._dirty.append(tok.id)
        tok.type = type_
        index = self._index
        if index is not None and tok.pos is not None:
            mine = index.get(tok.owner)
            if mine is not None and tok.pos in mine:
                mine[tok.pos] = type_
            else:  # out of step: rebuild when used
                self._index = self._bits = None

    def remove_token(self, tok: Token) -> None:
        """Take ``tok`` out of the game (off the board and out of ``tokens``). Log it with
        ``game.emit("capture", ...)`` or ``"remove"``."""
        if self.journal is not None:  # an undo record that keeps the token dict only if needed
            self.journal.removing(self)
        if self._dirty is not None:  # its text is written again when ``text`` is next asked
            self._dirty.append(tok.id)
        if tok.pos is not None:
            del self.board[tok.pos]
            if self._index is not None:
                self._index_drop(tok)
                self._index_n = len(self.board)
        del self.tokens[tok.id]

    def set_owner(self, tok: Token, owner: str | None) -> None:
        """Give ``tok`` to ``owner`` (a seat, or None for neutral), where it stands."""
        if self.journal is not None:
            self.journal.save(tok)
        if self._dirty is not None:  # its text is written again when ``text`` is next asked
            self._dirty.append(tok.id)
        if tok.owner == owner:
            return
        pos = tok.pos
        if pos is None or self._index is None:
            tok.owner = owner
            return
        self._index_drop(tok)  # out of the old owner's cells (and bits)...
        tok.owner = owner
        index = self._index
        if index is None:  # (the index was out of step: rebuilt when next used)
            return
        mine = index.get(owner)
        if mine is None:
            mine = index[owner] = {}
        mine[pos] = tok.type  # ...into the new owner's
        bits = self._bits
        if bits is not None:
            bits[owner] = bits.get(owner, 0) | self._cells[pos]

    def _index_move(self, tok: Token, old: Pos | None, new: Pos | None) -> None:
        """Follow a token from ``old`` to ``new`` (either None: off the board) in the index."""
        index = self._index
        assert index is not None
        mine = index.get(tok.owner)
        if old is not None:
            if mine is None or mine.pop(old, None) is None:  # out of step: rebuild when used
                self._index = self._bits = None
                return
        elif mine is None:
            mine = index[tok.owner] = {}
        if new is not None:
            mine[new] = tok.type
        self._index_n = len(self.board)
        bits = self._bits
        if bits is not None:
            cells = self._cells
            bit = (cells.get(new) or self._new_bit(new)) if new is not None else 0
            if bit is None:
                self._bits = None
            else:
                owner = tok.owner
                bits[owner] = (bits.get(owner, 0) ^ (cells[old] if old is not None else 0)) | bit

    def _index_drop(self, tok: Token) -> None:
        mine = self._index.get(tok.owner) if self._index is not None else None
        if mine is None or mine.pop(tok.pos, None) is None:  # out of step: rebuild when used
            self._index = None
            self._bits = None
            return
        bits = self._bits
        if bits is not None:
            bits[tok.owner] ^= self._cells[tok.pos]  # type: ignore[index]  # on the board

    def _new_bit(self, pos: Pos) -> int | None:
        """The bit of a cell in the layout of ``bits_of`` (remembered), None outside it."""
        x, y = pos
        stride = self._stride
        if not (0 <= x < stride - 1 and y >= 0):
            return None
        bit = self._cells[pos] = 1 << (y * stride + x)
        return bit

    # -- copies and serial form --------------------------------------------------------------
    def clone(self) -> GameState:
        # every field set by hand on a bare instance: a call with twenty keyword arguments
        # costs more than the copies (tests/core/test_state.py checks that no field is missed)
        c = GameState.__new__(GameState)
        c.seats = self.seats  # never mutated after setup
        c.players = {k: p.clone() for k, p in self.players.items()}
        c.tokens = {k: t.clone() for k, t in self.tokens.items()}
        c.sites = {k: s.clone() for k, s in self.sites.items()} if self.sites else {}
        c.board = dict(self.board)
        c.round, c.turn, c.phase, c.pending = self.round, self.turn, self.phase, self.pending
        c.next_id, c.seed, c.rolls, c.result = self.next_id, self.seed, self.rolls, self.result
        c.attrs = copy_attrs(self.attrs) if self.attrs else {}
        c.secrets = dict(self.secrets) if self.secrets else {}
        index = self._index
        fresh = index is not None and self._index_n == len(self.board)
        c._index = {o: dict(m) for o, m in index.items()} if fresh else None  # type: ignore[union-attr]
        c._index_n = self._index_n
        c._bits = dict(self._bits) if fresh and self._bits is not None else None
        c._stride, c._cells = self._stride, self._cells
        c._texts, c._order = {}, self._order  # (the order: immutable, shared)
        c._got = c._dirty = None
        c.journal = None  # a copy is never the state an action is being applied to
        return c

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seats": list(self.seats),
            "players": [self.players[s].to_json() for s in self.seats],
            "tokens": [t.to_json() for t in sorted(self.tokens.values(), key=_token_key)],
            "sites": [s.to_json() for s in self.sites.values()],
            "round": self.round, "turn": self.turn, "phase": self.phase,
            "pending": self.pending.to_json() if self.pending else None,
            "next_id": self.next_id, "seed": self.seed, "rolls": self.rolls,
            "result": self.result, "attrs": self.attrs,
        }
        if self.secrets:
            out["secrets"] = self.secrets
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameState:
        players = [Player.from_json(p) for p in d["players"]]
        tokens = [Token.from_json(t) for t in d["tokens"]]
        st = cls(
            seats=list(d["seats"]),
            players={p.seat: p for p in players},
            tokens={t.id: t for t in tokens},
            sites={s["id"]: Site.from_json(s) for s in d.get("sites", [])},
            round=d["round"], turn=d["turn"], phase=d["phase"],
            pending=Pending(**d["pending"]) if d.get("pending") else None,
            next_id=d["next_id"], seed=d["seed"], rolls=d["rolls"],
            result=d.get("result"), attrs=json.loads(json.dumps(d.get("attrs", {}))),
            secrets=json.loads(json.dumps(d.get("secrets", {}))),
        )
        for t in tokens:
            if t.pos is not None:
                if t.pos in st.board:
                    raise ValueError(f"two tokens on cell {t.pos}")
                st.board[t.pos] = t.id
        return st

    def canonical(self) -> str:
        """The canonical JSON text of the state (sorted keys, no spaces), written out afresh
        from :meth:`to_json`: the reference :meth:`text` is checked against."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def text(self) -> str:
        """:meth:`canonical`'s text, the same characters, assembled from the texts of the
        state's parts (issue 35, item 5): the tokens' texts are kept in the canonical order
        between calls (``_got``), and only those of the tokens moved, added, removed, retyped or
        given to another owner since (``_dirty``: the mutating methods note them), or holding
        ``attrs`` (which may be edited in place), are written out again; the canonical order is
        remembered while the token dict keeps its keys (``_order``). This is what :meth:`hash`
        reads at every turn's end of a recorded game."""
        nums: tuple[Any, ...] = (self.next_id, self.phase, self.rolls, self.round, self.seed,
                                 self.turn)
        nid, phase, rolls, rnd, seed, turn = nums
        if not (type(nid) is int and type(phase) is int and type(rolls) is int
                and type(rnd) is int and type(seed) is int and type(turn) is int):
            nid, phase, rolls, rnd, seed, turn = map(_number, nums)  # (an int's text: its str)
        pending, result, attrs, secrets, sites = (self.pending, self.result, self.attrs,
                                                  self.secrets, self.sites)
        players = _players_text(self.players, self.seats)
        more = _SECRETS_KEY + _json(secrets) if secrets else ""
        places = ",".join([_json(s.to_json()) for s in sites.values()]) if sites else ""
        return (f'{{"attrs":{_json(attrs) if attrs else "{}"},"next_id":{nid},"pending":'
                f'{"null" if pending is None else _pending_text(pending)},"phase":{phase},'
                f'"players":[{players}],"result":{"null" if result is None else _json(result)},'
                f'"rolls":{rolls},"round":{rnd},"seats":{_seats_text(self.seats)}{more},'
                f'"seed":{seed},"sites":[{places}],"tokens":[{self._tokens_text()}],'
                f'"turn":{turn}}}')

    def _tokens_text(self) -> str:
        """The tokens' texts in the canonical order (``to_json``'s), joined by commas."""
        tokens, got, dirty = self.tokens, self._got, self._dirty
        ids = tuple(tokens)
        order = self._order
        if got is not None and order is not None and order[0] == ids:  # the same tokens
            if dirty:  # moved, retyped, given away, or written with attrs last time
                texts, in_order = self._texts, order[1]
                for tid in dirty:
                    tok = tokens.get(tid)
                    if tok is not None:
                        text = texts[tid] = _token_text(tok)
                        got[in_order.index(tid)] = text
                    else:  # added and removed again since
                        texts.pop(tid, None)
        else:  # a token added or removed, or no texts kept yet
            order, got = self._follow(ids, got)
        with_attrs = _with_attrs(tokens)
        if with_attrs:  # written out each time; again at the next call, whatever happens
            in_order = order[1]
            for t in with_attrs:
                got[in_order.index(t.id)] = _json(t.to_json())
            self._dirty = [t.id for t in with_attrs]
        elif dirty is None:
            self._dirty = []
        elif dirty:
            dirty.clear()
        return ",".join(got)

    def _follow(self, ids: tuple[str, ...], got: list[str] | None
                ) -> tuple[tuple[tuple[str, ...], list[str]], list[str]]:
        """The canonical order of the token ids ``ids`` (remembered in ``_order``) and the
        tokens' texts in it (``_got``), after tokens were added or removed, or when no texts
        were kept (a new copy, after ``forget_index``)."""
        tokens, texts, dirty = self.tokens, self._texts, self._dirty
        gone = None  # a token removed since the last call (the last one, if several)
        if dirty:  # written out again (a token gone is forgotten)
            for tid in dirty:
                tok = tokens.get(tid)
                if tok is None:
                    texts.pop(tid, None)
                    gone = tid
                else:
                    texts[tid] = _token_text(tok)
        order = self._order
        if order is None or order[0] != ids:
            order, got = self._reorder(ids, got, gone)
        else:
            got = None
        in_order = order[1]
        if got is None:
            try:
                got = list(map(texts.__getitem__, in_order))
            except KeyError:  # never written out yet (a new copy; a token added by hand)
                for tid in in_order:
                    if tid not in texts:
                        texts[tid] = _token_text(tokens[tid])
                got = list(map(texts.__getitem__, in_order))
        elif dirty:  # the tokens that stay: the changed ones put in their places
            for tid in dirty:
                if tid in texts:
                    got[in_order.index(tid)] = texts[tid]
        self._got = got
        return order, got

    def _reorder(self, ids: tuple[str, ...], got: list[str] | None, gone: str | None
                 ) -> tuple[tuple[tuple[str, ...], list[str]], list[str] | None]:
        """The canonical order of the token dict's ids ``ids`` (remembered in ``_order``), and
        ``got`` (the texts in the order before) made to follow it, or None to be made anew.
        The usual changes follow at the cost of a copy: one token added at the end of the dict
        with the highest number (a piece placed), or the token ``gone`` removed (a capture)."""
        order = self._order
        if order is not None and got is not None:
            before, in_order = order
            n = len(before)
            if len(ids) == n + 1 and ids[:n] == before:
                new = ids[n]
                text = self._texts.get(new)
                if text is not None and (not in_order
                                         or _ID_KEYS[new] > _ID_KEYS[in_order[-1]]):
                    got.append(text)
                    self._order = order = (ids, [*in_order, new])
                    return order, got
            elif gone is not None and len(ids) == n - 1 and gone in before:
                i = before.index(gone)
                if before[:i] + before[i + 1:] == ids:
                    j = in_order.index(gone)
                    del got[j]
                    self._order = order = (ids, in_order[:j] + in_order[j + 1:])
                    return order, got
        self._order = order = (ids, sorted(ids, key=_ID_KEYS.__getitem__))
        return order, None

    def hash(self, fresh: bool = False) -> str:
        """A stable hash of the whole state (same on every machine and process): of
        :meth:`text`, or with ``fresh=True`` of :meth:`canonical` (the same value; the
        harness's checks write the state out afresh)."""
        text = self.canonical() if fresh else self.text()
        return (_sha256 or _load_sha256())(text.encode()).hexdigest()[:16]


def _token_key(t: Token) -> tuple[int, str]:
    return _id_key(t.id)


def _id_key(tid: str) -> tuple[int, str]:
    digits = "".join(c for c in tid if c.isdigit())
    return (int(digits) if digits else 0, tid)


class _IdKeys(dict[str, tuple[int, str]]):
    """Token id -> its place in the canonical order (``_id_key``), remembered (bounded)."""

    def __missing__(self, tid: str) -> tuple[int, str]:
        if len(self) >= _MEMO_LIMIT:
            self.clear()
        key = self[tid] = _id_key(tid)
        return key


def _json_default(value: object) -> object:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def _encoder() -> Callable[[Any], str]:
    """The text ``json.dumps(value, sort_keys=True, separators=(",", ":"))`` gives: json's own C
    encoder made once (``json.dumps`` makes it at every call), or ``json.dumps`` itself."""
    c_make_encoder = getattr(json.encoder, "c_make_encoder", None)  # (CPython's C encoder)
    if c_make_encoder is not None:
        try:
            encode = c_make_encoder(None, _json_default, encode_basestring_ascii, None, ":", ",",
                                    True, False, True)
        except TypeError:  # another signature: the documented way
            encode = None
        if encode is not None:
            return lambda value: "".join(encode(value, 0))
    return json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode


_json = _encoder()
#: hashlib's SHA-256 once a state has been hashed (see :func:`_load_sha256`)
_sha256: Callable[[bytes], Any] | None = None
_quote = encode_basestring_ascii
#: The key of the state's secrets in its text (after the seats: sorted keys)
_SECRETS_KEY = ',"secrets":'
#: Texts of small immutable parts, by their values (bounded: emptied when full)
_PENDING_TEXTS: dict[tuple[Any, Any, Any], str] = {}
_PLAYER_TEXTS: dict[tuple[Any, Any], str] = {}
_SEATS_TEXTS: dict[tuple[str, ...], str] = {}
_MEMO_LIMIT = 4096
_ID_KEYS = _IdKeys()


def _load_sha256() -> Callable[[bytes], Any]:
    """hashlib's SHA-256, imported at the first hash: hashlib loads OpenSSL, about 3 ms of a
    start-up that may never hash a state (``dg validate``, ``dg list``)."""
    global _sha256
    import hashlib
    _sha256 = hashlib.sha256
    return _sha256


def _seats_text(seats: list[str]) -> str:
    key = tuple(seats)
    text = _SEATS_TEXTS.get(key)
    if text is None:
        if len(_SEATS_TEXTS) >= _MEMO_LIMIT:
            _SEATS_TEXTS.clear()
        text = _SEATS_TEXTS[key] = _json(list(seats))
    return text


def _with_attrs(tokens: dict[str, Token]) -> list[Token]:
    """The tokens that hold ``attrs`` (their texts are written out each time)."""
    return [tok for tok in tokens.values() if tok.attrs]


def _token_text(t: Token) -> str:
    """A token's text (without ``attrs``): written by hand for the usual field types (what the
    JSON encoder gives for them, in its key order), by the encoder otherwise."""
    pos, owner, carrier = t.pos, t.owner, t.carrier
    if type(t.id) is not str or type(t.type) is not str \
            or (owner is not None and type(owner) is not str) \
            or (carrier is not None and type(carrier) is not str) \
            or (pos is not None and not (type(pos) is tuple and len(pos) == 2
                                         and type(pos[0]) is int and type(pos[1]) is int)):
        return _json(t.to_json())
    return "".join(('{"carrier":' + _quote(carrier) + "," if carrier is not None else "{",
                    '"id":', _quote(t.id), ',"owner":', "null" if owner is None else _quote(owner),
                    ',"pos":', "null" if pos is None else f"[{pos[0]},{pos[1]}]",
                    ',"type":', _quote(t.type), "}"))


def _number(value: Any) -> str:
    return str(value) if type(value) is int else _json(value)


def _pending_text(p: Pending) -> str:
    key = (p.seat, p.kind, p.reason)
    text = _PENDING_TEXTS.get(key)
    if text is None:
        if len(_PENDING_TEXTS) >= _MEMO_LIMIT:
            _PENDING_TEXTS.clear()
        text = _PENDING_TEXTS[key] = _json(p.to_json())
    return text


def _players_text(players: dict[str, Player], seats: list[str]) -> str:
    """The players' texts in the seats' order, joined by commas."""
    texts = []
    for seat in seats:
        texts.append(_player_text(players[seat]))
    return ",".join(texts)


def _player_text(p: Player) -> str:
    """A player's text; remembered by seat and faction while its containers are empty."""
    if p.counters or p.pools or p.attrs:
        return _json(p.to_json())
    key = (p.seat, p.faction)
    text = _PLAYER_TEXTS.get(key)
    if text is None:
        if len(_PLAYER_TEXTS) >= _MEMO_LIMIT:
            _PLAYER_TEXTS.clear()
        text = _PLAYER_TEXTS[key] = _json(p.to_json())
    return text
