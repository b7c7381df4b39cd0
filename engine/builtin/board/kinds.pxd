# The compiled build only (setup.py, DG_COMPILE=1): C declarations that Cython's "pure Python
# mode" applies to kinds.py; the pure-Python install ignores this file.

cimport cython

# The listing of a move kind by its codes: its dicts typed (looked up in C).
@cython.locals(mine=dict, board=dict, codes=dict)
cpdef list _coded_steps(mine, board, codes)
