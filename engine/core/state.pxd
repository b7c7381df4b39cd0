# The compiled build only (setup.py, DG_COMPILE=1): C declarations that Cython's "pure Python
# mode" applies to state.py; the pure-Python install ignores this file. setup.py compiles a copy
# of state.py whose four classes below are ``@dataclass`` instead of ``@dataclass(slots=True)``
# (Cython's own dataclass of an extension type has no ``slots``: its fields are C fields).

cimport cython

# A piece, the pending decision and the state as extension types (dataclasses still: the same
# __init__, __eq__, __repr__ and ``dataclasses.fields``): their fields are read in C by their own
# methods and by compiled code that knows their type (game.pxd, turns.pxd).
cdef class Token:
    cdef public object id, type, owner, pos, carrier, attrs

cdef class Pending:
    cdef public object seat, kind, reason

cdef class Player:
    cdef public object seat, faction, counters, pools, attrs

cdef class GameState:  # (the fields in the dataclass's order: its __init__ follows this one)
    cdef public object seats
    cdef public dict players, tokens
    cdef public object sites
    cdef public dict board
    cdef public object round, turn, phase
    cdef public Pending pending
    cdef public object next_id, seed, rolls, result, attrs, secrets
    cdef public object _index, _index_n, journal, _bits, _stride
    cdef public dict _cells
    cdef public dict _texts
    cdef public object _order
    cdef public list _got, _dirty
    # The mutators every move calls, with the token typed (its fields read in C).
    @cython.locals(board=dict)
    cpdef move_token(self, Token tok, pos, carrier=*)
    cpdef remove_token(self, Token tok)
    @cython.locals(index=dict, bits=dict, cells=dict)
    cpdef _index_move(self, Token tok, old, new)
    # The owner index and bitmasks read by every listing and victory check.
    @cython.locals(bits=dict)
    cpdef bits_of(self, owner, stride)
    @cython.locals(bits=dict)
    cpdef masks(self, stride)
    @cython.locals(index=dict)
    cpdef pieces_of(self, owner)
    # The text the turn_end hashes (issue 35 item 5), called in C by the turn loop (turns.pxd
    # types its state); the tokens' part with its lists in C.
    cpdef str text(self)
    cpdef str hash(self, bint fresh=*)
    @cython.locals(tokens=dict, texts=dict, got=list, dirty=list, in_order=list, ids=tuple,
                   with_attrs=list, t=Token)
    cpdef str _tokens_text(self)

# The parts of the state's text, called in C by ``text``.
cpdef str _token_text(Token t)
@cython.locals(tok=Token)
cpdef list _with_attrs(dict tokens)
cpdef str _pending_text(Pending p)
cpdef str _seats_text(seats)
cpdef str _player_text(Player p)
@cython.locals(texts=list)
cpdef str _players_text(dict players, seats)
