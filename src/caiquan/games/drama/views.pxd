cimport cython

from caiquan.games.drama.rules cimport DramaState

# The compiled fast path's layout of caiquan.games.drama.views (an augmenting .pxd: views.py
# stays the reference twin): its functions take the state typed, so they read its fields as
# C struct fields and call its methods directly.

cpdef weapon_view(DramaState s, p, viewer)
cpdef observe(DramaState s, player)
cpdef player_labels(DramaState s)
cpdef ending(DramaState s)
