# The compiled build only (setup.py, DG_COMPILE=1): C declarations that Cython's "pure Python
# mode" applies to game.py; the pure-Python install ignores this file.

cdef class _Light:
    cdef public object attrs, board, pending, players, scalars, secrets, state, tokens, touched
    cdef public Py_ssize_t n_board, n_tokens

cdef class _Added:
    cdef public object before, players, state

# A game's attributes that the turn loop reads on every action, as C fields (the rest, and any a
# plugin adds, stay in its ``__dict__``); weak references to it keep working (TurnLoop, dice).
cdef class Game:
    cdef dict __dict__
    cdef object __weakref__
    cdef public object scenario, variant, options, hook, kinds, sink, record, stash, events
    cdef public object history, _undo, _legal_key, _legal, _settled_key, _verb_key, _by_verb
    cdef public object _verbs_settled, _version, _flushed, _undo_why, hooked, hooks_in_play, pure
    cdef public object journaled, victory_memo, victory_moments, victory_idle, _kinds_at
    cdef public object _end_first, _verbs_at, _static_kinds, loop, state, dice
