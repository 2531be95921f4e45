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

    # methods: direct C calls (cpdef), generated
    cpdef _action(self, p, o)
    @cython.locals(d=tuple)
    cpdef _apply(self, joint)
    cpdef _apply_action(self, pend, joint)
    cpdef _apply_announce(self, pend, joint)
    cpdef _apply_discard(self, pend, joint)
    cpdef _apply_effect(self, pend, joint)
    cpdef _apply_may(self, pend, joint)
    cpdef _apply_output(self, pend, joint)
    cpdef _apply_throw(self, pend, joint)
    cpdef _apply_war_target(self, pend, joint)
    cpdef _ask(self, pend)
    cpdef _build_options(self, p, discount)
    cpdef _cleanup(self)
    cpdef _do_build(self, p, option, discount)
    cpdef _draw(self, p, n)
    cpdef _effect(self, c, lst, i)
    cpdef _effect_choice(self, p, pend, o)
    cpdef _effect_options(self, p, eff)
    cpdef _end_action(self, p)
    cpdef _end_reason(self)
    cpdef _ending(self)
    cpdef _gain(self, p, kind, n)
    cpdef _kind(self, player)
    @cython.locals(d=tuple)
    cpdef _legal(self, player)
    cpdef _legal_action(self, p)
    cpdef _legal_announce(self, p)
    cpdef _legal_discard(self, p)
    cpdef _legal_effect(self, p)
    cpdef _legal_may(self, p)
    cpdef _legal_output(self, p)
    cpdef _legal_throw(self, p)
    cpdef _legal_war_target(self, p)
    cpdef _metrics(self)
    cpdef _observe(self, player)
    cpdef _opponents(self, p)
    cpdef _pending_effect(self, pend)
    cpdef _person(self, c)
    cpdef _player_labels(self)
    cpdef _prompt(self, player)
    cpdef _push_effects(self, p, c, lst, effects)
    cpdef _refill_territories(self)
    cpdef _resample(self, player, rng)
    cpdef _round_end(self)
    cpdef _run(self)
    cpdef _setup(self)
    cpdef _step(self, task)
    cpdef _take_top_territory(self, p, cost)
    cpdef _task_cleanup(self)
    cpdef _task_discard(self, p, n)
    cpdef _task_do(self, p, c, lst, i)
    cpdef _task_eff(self, p, c, lst, i)
    cpdef _task_end_action(self, p)
    cpdef _task_output(self, p, c)
    cpdef _task_throw_again(self)
    cpdef _task_war(self, p, c, left, mask)
    cpdef _task_war_next(self)
    cpdef _throw(self, joint)
    cpdef _timeout_option(self, player)
    cpdef _victor(self, p)
    cpdef _war_begin(self, pend, t)
    cpdef _war_next(self)
    cpdef _war_targets(self, p, mask)
    cpdef continents(self, p)
    cpdef score(self, p)
    cpdef throw_effect(self, ta, td)
