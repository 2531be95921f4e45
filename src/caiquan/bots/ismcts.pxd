# The compiled fast path's layout of caiquan.bots.ismcts (an augmenting .pxd: ismcts.py stays
# the reference twin). The tree's nodes and their statistics are extension types: the search
# reads and writes their dicts at every step of every iteration.

cdef class _Stats:
    cdef public dict n
    cdef public dict w
    cdef public dict w2
    cdef public dict avail
    cdef public dict regret
    cdef public dict cum


cdef class _Node:
    cdef public dict children
    cdef public dict stats
