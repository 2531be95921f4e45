cimport cython

from caiquan.engine.rng cimport Rng

# The compiled fast path's layout of caiquan.engine.state (an augmenting .pxd: state.py stays
# the reference twin). State becomes an extension type whose engine fields are typed slots;
# a game's own fields live in the instance dict.

cdef class State:
    cdef public object game
    cdef public Rng rng
    cdef public object seed
    cdef public list _history
    cdef public object _events  # a list, or the search worlds' shared sink (_NoLog)
    cdef public dict _pending
    cdef public tuple _movers
    cdef public bint _determinized
    cdef public bint _quiet
    cdef public dict _legal_memo
    cdef public dict _redact_memo
    cdef dict __dict__
    cdef object __weakref__

    # the search's hot calls: direct C calls from typed callers (the bots' search, the games'
    # heuristics); a game's own pxd may override legal and apply (goofspiel's fast paths)
    cpdef tuple to_move(self)
    cpdef bint is_terminal(self)
    @cython.locals(memo=dict)
    cpdef legal(self, player)
    @cython.locals(movers=tuple, memo=dict)
    cpdef apply(self, choice)

    cpdef _engine_copy(self)
    cpdef _engine_fill(self, State new)

    cpdef _log_each(self, str kind, public, private)

    cpdef _log_public(self, str kind, public)
