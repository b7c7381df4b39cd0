# The compiled build only (setup.py, DG_COMPILE=1): C declarations that Cython's "pure Python
# mode" applies to turns.py; the pure-Python install ignores this file.

cimport cython

from distant_galaxy.core.state cimport GameState, Pending

# The loop as an extension type: its two fields in C; a ``__dict__`` still takes any other
# attribute (a test replaces ``after_action`` on an instance), and it can be weakly referenced.
cdef class TurnLoop:
    cdef dict __dict__
    cdef object __weakref__
    cdef public object _game, _pendings, _only_cells
    # The per-action steps as cpdef methods: a Game (game.pxd types its ``loop`` field) calls
    # them in C; an instance's own replacement (a test's ``after_action``) is still found.
    # Their locals typed: the game's state and the pending decision read in C (not the game:
    # game.pxd cimports this file, and the modules import each other at run time).
    @cython.locals(st=GameState)
    cpdef end_decision(self, game=*)
    @cython.locals(st=GameState)
    cpdef after_action(self, game=*)
    @cython.locals(st=GameState, pend=Pending)
    cpdef advance(self, game=*)
    @cython.locals(st=GameState)
    cpdef _end_turn(self, game)
