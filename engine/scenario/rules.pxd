# The compiled build only (setup.py, DG_COMPILE=1): C declarations that Cython's "pure Python
# mode" applies to rules.py; the pure-Python install ignores this file.

cimport cython

from distant_galaxy.core.game cimport Game
from distant_galaxy.core.state cimport GameState

# A victory condition as an extension type (a dataclass still; fields in its order).
cdef class Victory:
    cdef public object id, cond, per_player, winner, draw, reason, when, rule, steady
    cdef public object needs_decision, own, false_cells, cell_seats, false_key

# The rules as an extension type (a ``__dict__`` for anything else) whose victory check, run
# after every action, reads the game, its state and the conditions in C.
cdef class ScenarioRules:
    cdef dict __dict__
    cdef public object scenario, env, errors, _when_cache, _plans, victories, triggers
    @cython.locals(game=Game, st=GameState, v=Victory, memo=dict, masks=dict, false_cells=dict,
                   players=dict)
    cpdef check_victory(self, game, when)
