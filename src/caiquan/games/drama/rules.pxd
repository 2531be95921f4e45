cimport cython

from caiquan.engine.state cimport State

# The compiled fast path's layout of caiquan.games.drama.rules (an augmenting .pxd: rules.py
# stays the reference twin, with the same fields as __slots__). The state is an extension type
# of the engine's State with the game's fields as C struct fields.

cdef class DramaState(State):
    cdef public object active
    cdef public object aside
    cdef public object card_nature
    cdef public object deck
    cdef public object end_reason
    cdef public object final
    cdef public object first_chooser
    cdef public object first_leader
    cdef public object hands
    cdef public object last
    cdef public object last_start
    cdef public object leader
    cdef public object nature
    cdef public object offer_cards
    cdef public object offer_values
    cdef public object pending
    cdef public object phase
    cdef public object rearm_from
    cdef public object role_cards
    cdef public object role_values
    cdef public object roles
    cdef public object round_cards
    cdef public object round_no
    cdef public object round_pile
    cdef public object round_value
    cdef public object seen
    cdef public object table
    cdef public object taken
    cdef public object target
    cdef public object turn
    cdef public object weapon_from_table
    cdef public object weapon_public
    cdef public object weapons
    cdef public object winners

    @cython.locals(new=DramaState)
    cpdef clone(self)
