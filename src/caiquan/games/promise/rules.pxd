cimport cython

from caiquan.engine.state cimport State

# The compiled fast path's layout of caiquan.games.promise.rules (an augmenting .pxd: rules.py
# stays the reference twin, with the same fields as __slots__). The state is an extension type
# of the engine's State with the game's fields as C struct fields.

cdef class Tables:
    cdef readonly object attacks
    cdef readonly object base_damage
    cdef readonly object max_qi
    cdef readonly object qi_regen
    cdef readonly object qi_regen_no_skill
    cdef readonly object recycle
    cdef readonly object round_cap
    cdef readonly object skill_costs
    cdef readonly object skill_triggers
    cdef readonly object weapon_effects
    cdef readonly object weapon_damage
    cdef readonly object weapon_guard
    cdef readonly object weapon_triggers
    cdef readonly object weapons_persist
    cdef readonly object win_threshold
    cdef readonly object win_value


cdef class PromiseState(State):
    cdef public object chars
    cdef public object check_deck
    cdef public object check_discard
    cdef public object checks
    cdef public object choice_throws
    cdef public object contested
    cdef public object discard_skills
    cdef public object dmg
    cdef public object draw_wins
    cdef public object equipped
    cdef public object first
    cdef public object first_picker
    cdef public object forbidden
    cdef public object guard
    cdef public object hand_skills
    cdef public object hand_weapons
    cdef public object hearts
    cdef public object last_round
    cdef public object life
    cdef public object mods
    cdef public object phase
    cdef public object qi
    cdef public object reason
    cdef public object recover_this
    cdef public object round
    cdef public object set_skill
    cdef public object set_weapon
    cdef public object skill_state
    cdef public object step_range
    cdef public object struck
    cdef public object threshold_delta
    cdef public object throw_queue
    cdef public object throws
    cdef public object tokens

    @cython.locals(new=PromiseState)
    cpdef clone(self)

    # methods: direct C calls (cpdef), generated
    @cython.locals(d=tuple)
    cpdef _apply(self, joint)
    cpdef _apply_character(self, joint)
    cpdef _apply_choice_throw(self, joint)
    cpdef _apply_choose(self, a, b)
    cpdef _apply_pick(self, p, c)
    @cython.locals(t=Tables)
    cpdef _battle(self)
    cpdef _begin_round(self)
    cpdef _clash(self, c)
    cpdef _clear_round(self)
    @cython.locals(t=Tables)
    cpdef _deal_damage(self, winner)
    cpdef _discard_used_skills(self)
    cpdef _draw_check(self)
    cpdef _effect(self, owner, e)
    cpdef _end_reason(self)
    cpdef _ending(self)
    cpdef _finish(self, reason)
    cpdef _keep(self, c)
    cpdef _kind(self, player)
    @cython.locals(d=tuple)
    cpdef _legal(self, player)
    cpdef _legal_choose(self, player)
    cpdef _legal_pick(self, player)
    cpdef _legal_throw(self, player)
    cpdef _legal_weapon(self, player)
    cpdef _metrics(self)
    cpdef _observe(self, player)
    cpdef _observe_battle(self, battle)
    cpdef _observe_table(self, player)
    cpdef _player_labels(self)
    cpdef _ranks(self)
    cpdef _resample(self, player, rng)
    cpdef _reset_round(self)
    @cython.locals(t=Tables)
    cpdef _rest(self)
    @cython.locals(t=Tables)
    cpdef _reveal(self)
    @cython.locals(t=Tables)
    cpdef _settle(self)
    @cython.locals(t=Tables)
    cpdef _settle_triggers(self, winner)
    cpdef _setup(self)
    cpdef _start_game(self)
    cpdef power_table(self)
    @cython.locals(t=Tables)
    cpdef skill_status(self, player, card)
    @cython.locals(t=Tables)
    cpdef thresholds(self)
    cpdef settle_now(self, a, b)
    cpdef throw_options(self, player)

# module functions: direct C calls
@cython.locals(t=Tables)
cpdef tuple table_parts(PromiseState state)
