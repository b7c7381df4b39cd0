# The compiled build only (setup.py, DG_COMPILE=1): C declarations that Cython's "pure Python
# mode" applies to kinds.py; the pure-Python install ignores this file.

cimport cython

# The listing of a move kind by its codes: its dicts typed (looked up in C).
@cython.locals(mine=dict, board=dict, codes=dict)
cpdef list _coded_steps(mine, board, codes)

# The same listing by the cells' bits (the compiled build's path): bytes indexed in C.
@cython.locals(mine=dict, codes=dict, masks=dict, own=bytes, taken_cells=bytes, out=list,
               per_cell=dict, step=tuple, i=Py_ssize_t, code=Py_ssize_t, taken=int)
cpdef list _bit_steps(mine, codes, masks, seat, Py_ssize_t size)
