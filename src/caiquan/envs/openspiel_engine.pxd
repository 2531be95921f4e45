cimport cython

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

    @cython.locals(seen=Py_ssize_t, total=Py_ssize_t, done=Py_ssize_t, moves=Py_ssize_t)
    cpdef str info_state(self, player)

    cpdef pending_choice(self, player)
    cpdef str pending_key(self, player)



@cython.locals(key=list)
cpdef tuple _event_key(dict event)

@cython.locals(parts=list, cache=dict)
cpdef str _events_json(list events)
