# The compiled fast path's layout of caiquan.envs.openspiel_engine (an augmenting .pxd:
# openspiel_engine.py stays the reference twin, with the same fields as __slots__). The
# engine is an extension type, so that the copy an OpenSpiel child makes and the moves it
# applies read and write C fields instead of looking up slots.

cdef class Engine:
    cdef public object state
    cdef public Py_ssize_t limit
    cdef public bint shared
    cdef public bint owns
    cdef public bint turn
    cdef public bint tell_all
    cdef public tuple pending
    cdef public tuple hist
    cdef public Py_ssize_t moves
    cdef public dict _events
    cdef public dict _choices
    cdef public dict _first

    cpdef Engine copy(self)
    cpdef writable(self)
    cpdef bint truncated(self)
    cpdef current_player(self)
