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

    # methods: direct C calls (cpdef), generated
    @cython.locals(d=tuple)
    cpdef _apply(self, joint)
    cpdef _apply_answer(self, joint)
    cpdef _apply_discard(self, joint)
    cpdef _apply_duel(self, joint)
    cpdef _apply_rearm(self, joint)
    cpdef _apply_role(self, joint)
    cpdef _apply_supply(self, joint)
    cpdef _apply_target(self, joint)
    cpdef _check_empty(self)
    cpdef _describe(self, player, option)
    cpdef _discard_attack(self, option, card, armed)
    cpdef _end_reason(self)
    cpdef _end_turn(self)
    cpdef _ending(self)
    cpdef _finish(self, reason, counts=*)
    cpdef _give(self, p, cards)
    cpdef _held(self, p)
    cpdef _hidden_slots(self, player)
    cpdef _kind(self, player)
    @cython.locals(d=tuple)
    cpdef _legal(self, player)
    cpdef _legal_answer(self, player)
    cpdef _legal_discard(self, player)
    cpdef _legal_duel(self, player)
    cpdef _legal_rearm(self, player)
    cpdef _legal_role(self, player)
    cpdef _legal_supply(self, player)
    cpdef _legal_target(self, player)
    cpdef _lose_weapon(self, p, why)
    cpdef _may_rearm(self, p)
    cpdef _metrics(self)
    cpdef _next_turn(self)
    cpdef _observe(self, player)
    cpdef _player_labels(self)
    cpdef _prompt(self, player)
    cpdef _put(self, slot, c, hands, pairs)
    cpdef _seat_order(self)
    cpdef _slot_card(self, slot)
    cpdef _start_round(self)
    cpdef _supply_options(self, p)
    cpdef _take_from_hand(self, p, card)
    cpdef _take_role(self, p, r)
    cpdef _targets(self, p)
    cpdef _timeout_option(self, player)
    cpdef _to_table(self, cards)
    cpdef _use_weapon(self, p)
    cpdef _weapon_values(self, p)
    cpdef card_count(self, p)
    cpdef in_role(self, p, value)
    cpdef open_roles(self)


cdef tuple _LABELS
