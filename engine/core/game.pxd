# The compiled build only (setup.py, DG_COMPILE=1): C declarations that Cython's "pure Python
# mode" applies to game.py; the pure-Python install ignores this file.

cimport cython

from distant_galaxy.core.state cimport GameState, Pending
from distant_galaxy.core.turns cimport TurnLoop

cdef class _Light:
    cdef public object attrs, board, pending, players, scalars, secrets, tokens, touched
    cdef public GameState state
    cdef public Py_ssize_t n_board, n_tokens

# A game's attributes that the turn loop reads on every action, as C fields (the rest, and any a
# plugin adds, stay in its ``__dict__``); weak references to it keep working (TurnLoop, dice).
cdef class Game:
    cdef dict __dict__
    cdef object __weakref__
    cdef public object scenario, variant, options, hook, kinds, sink, record, stash, events
    cdef public object history, _undo, _legal_key, _legal, _settled_key, _verb_key, _by_verb
    cdef public object _verbs_settled, _version, _flushed, _undo_why, hooked, hooks_in_play, pure
    cdef public object journaled, victory_memo, victory_moments, victory_idle, _kinds_at
    cdef public object _end_first, _verbs_at, _static_kinds, dice
    cdef public GameState state
    cdef public TurnLoop loop
    # The steps of every action as cpdef methods (called in C from here and from the turn loop;
    # an instance's own replacement, a test's ``legal_actions = list``, is still found).
    @cython.locals(st=GameState, pend=Pending)
    cpdef legal_actions(self)
    cpdef list_new_decision(self)
    @cython.locals(st=GameState, pend=Pending)
    cpdef _apply_light(self, action, pend, kind, touches)
    @cython.locals(st=GameState, now=Pending, pend=Pending)
    cpdef _settle(self, pend, text, phase_index, snapshot, start, undo_depth, rolls_before)
