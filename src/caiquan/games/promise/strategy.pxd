cimport cython

from caiquan.games.promise.rules cimport PromiseState

# The compiled fast path's layout of caiquan.games.promise.strategy (an augmenting .pxd:
# strategy.py stays the reference twin). The heuristic's hot functions read the state's
# fields as C struct fields (a typed ``world``) and call one another directly; each stays a
# Python function too (the search calls ``policy``, ``rollout`` and ``evaluate`` as hooks).

@cython.locals(world=PromiseState)
cpdef evaluate(world)

cpdef throw_matrix(PromiseState world, me, bint spend=*)

cpdef _sequential_values(PromiseState world, me)

cpdef throw_value(PromiseState world, me, bint spend=*)

cpdef _best_weapon_value(PromiseState world, me)

@cython.locals(world=PromiseState)
cpdef plausibility(world, me)

@cython.locals(world=PromiseState)
cpdef policy(world, me, rng)

@cython.locals(world=PromiseState)
cpdef rollout(world, me, rng)

cpdef _stance(PromiseState world, me, tuple legal, rng)

cpdef _stance_info(PromiseState world, me, tuple legal)

cpdef _reply_values(PromiseState world, me, tuple legal)

cpdef bint _usable(PromiseState world, me, option)

cpdef _configure_skill(PromiseState world, me, tuple legal, rng)

cpdef _configure_weapon(PromiseState world, me, tuple legal, rng)

cpdef _throw(PromiseState world, me, tuple legal, rng)

cpdef _best_skill(PromiseState world, me, h1, h2, tuple legal)
