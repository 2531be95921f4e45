cimport cython

from caiquan.games.drama.rules cimport DramaState

# The compiled fast path's layout of caiquan.games.drama.resolve (an augmenting .pxd: resolve.py
# stays the reference twin): its functions take the state typed, so they read its fields as
# C struct fields and call its methods directly.

cpdef play_value(DramaState s, p, option)
cpdef side_total(DramaState s, p, card, armed)
cpdef side(DramaState s, p, card, weapon, in_role, total)
cpdef settle(DramaState s, taker, a, ca, t, ct)
cpdef attack(DramaState s, oa, ot)
cpdef defence(DramaState s, oa, ot)
cpdef discard(DramaState s, option, answer)
cpdef supply(DramaState s, option)

cdef tuple _LABELS

# last_round stays a Python function (its generator expressions are closures, which a cpdef
# function cannot hold); it runs once a game.
