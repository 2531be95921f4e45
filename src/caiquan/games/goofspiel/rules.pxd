cimport cython

from caiquan.engine.state cimport State

# The compiled fast path's layout of caiquan.games.goofspiel.rules (an augmenting .pxd:
# rules.py stays the reference twin, with the same fields as __slots__). The state is an
# extension type of the engine's State with the game's six fields typed.

cdef class GoofspielState(State):
    cdef public list hands
    cdef public list points
    cdef public list point_deck
    cdef public list point_seq
    cdef public list win_seq
    cdef public list bids

    @cython.locals(new=GoofspielState)
    cpdef clone(self)

    @cython.locals(hands=list, joint=list, p=Py_ssize_t)
    cpdef apply(self, choice)

    @cython.locals(cache=dict)
    cpdef legal(self, player)


    @cython.locals(
        hands=list, point_seq=list, played=list, turn=Py_ssize_t, winner=Py_ssize_t,
        top=Py_ssize_t, p=Py_ssize_t, b=Py_ssize_t, quiet=bint, own=_OwnBids,
    )
    cpdef _play_turn(self, tuple bids)


cdef class _OwnBids:
    cdef readonly tuple _bids


cdef dict _REVEALS, _POINTS, _OWN_BIDS
cdef Py_ssize_t _MEMO_LIMIT

@cython.locals(public=dict)
cpdef dict _reveal(Py_ssize_t turn, Py_ssize_t point, Py_ssize_t winner)

@cython.locals(public=dict)
cpdef dict _point(Py_ssize_t turn, Py_ssize_t card)
