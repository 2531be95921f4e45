cimport cython

from caiquan.engine.state cimport State

# The compiled fast path's layout of caiquan.games.legends.rules (an augmenting .pxd: rules.py
# stays the reference twin, with the same fields as __slots__). The state is an extension type
# of the engine's State with the game's fields as C struct fields.

cdef class LegendsState(State):
    cdef public object current
    cdef public object dealt
    cdef public object deck
    cdef public object discard
    cdef public object displays
    cdef public object hand_known
    cdef public object hands
    cdef public object known_top
    cdef public object markers
    cdef public object owner
    cdef public object passed
    cdef public object pend
    cdef public object progress
    cdef public object reason
    cdef public object round
    cdef public object stack
    cdef public object start
    cdef public object tdeck
    cdef public object tdiscard
    cdef public object war
    cdef public object winner
    cdef public object yellow

    @cython.locals(new=LegendsState)
    cpdef clone(self)
