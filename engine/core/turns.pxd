# The compiled build only (setup.py, DG_COMPILE=1): C declarations that Cython's "pure Python
# mode" applies to turns.py; the pure-Python install ignores this file.

# The loop as an extension type: its two fields in C; a ``__dict__`` still takes any other
# attribute (a test replaces ``after_action`` on an instance), and it can be weakly referenced.
cdef class TurnLoop:
    cdef dict __dict__
    cdef object __weakref__
    cdef public object _game, _pendings
