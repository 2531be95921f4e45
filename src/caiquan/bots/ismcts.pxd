cimport cython

from caiquan.engine.rng cimport Rng
from caiquan.engine.state cimport State

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

    cpdef record(self, a, double u)
    @cython.locals(b=object, gain=double)
    cpdef add_regret(self, a, double u, double prob, tuple legal)


cdef class _Node:
    cdef public dict children
    cdef public dict stats

    cpdef _Stats of(self, player)


cdef class _Search:
    cdef public object config, view, h, play, prune, deferred, matrix_kinds
    cdef public object me, lo, hi, cap, seen, anchor, deadline
    cdef public Rng rng
    cdef public tuple legal, movers, options
    cdef public bint simultaneous, greedy, model, regret, root_regret, mixed, paired
    cdef public bint nash_throws
    cdef public double trust, noise, slowest, last
    cdef public _Node root
    cdef public Py_ssize_t done
    cdef public list candidates, weights, pool

    cpdef _next_world(self, Py_ssize_t index)
    cpdef _paired_block(self, State world, answers)
    cpdef _iterate(self, State state, Rng rng, replies, force)
    @cython.locals(path=list, node=_Node, child=_Node, at_root=bint)
    cpdef list _descend(self, State state, Rng rng, replies, force)
    @cython.locals(movers=tuple, joint=dict, searched=list, legal=tuple, picks=dict, single=bint)
    cpdef tuple _select(self, _Node node, State state, Rng rng, replies, force, bint everyone=*)
    cpdef bint _modelled(self, State state, p, tuple movers)
    cpdef _model_move(self, play, State state, p, tuple legal, Rng rng, replies)
    cpdef tuple _searchable(self, State state, p, tuple legal)
    cpdef tuple _pick(self, _Node node, p, tuple legal, Rng rng, bint single, force)
    @cython.locals(avail=dict, visits=dict, wins=dict, unvisited=list, c=double, best_v=double, v=double)
    cpdef _ucb(self, _Stats st, tuple legal, Rng rng)
    cpdef tuple _regret_matching(self, _Stats st, tuple legal, Rng rng)
    @cython.locals(steps=Py_ssize_t, cap=Py_ssize_t)
    cpdef _rollout(self, State state, Rng rng)
    @cython.locals(joint=dict, legal=tuple, eps=double)
    cpdef dict _greedy_joint(self, State state, Rng rng, play)
    cpdef _evaluate(self, State state)
    @cython.locals(node=_Node, picks=dict, st=_Stats)
    cpdef _backpropagate(self, list path, rewards)
