cimport cython

# The compiled fast path's layout of caiquan.engine.rng (an augmenting .pxd: rng.py stays the
# reference twin). The generator is an extension type whose state is a C 64-bit unsigned
# integer, and SplitMix64's steps run in C: unsigned arithmetic wraps modulo 2**64, exactly
# what the twin's ``& _MASK`` does. The bounded draws keep the product ``z * n`` (up to 128
# bits) a Python int (``n`` and ``m`` are objects), as in the twin.

ctypedef unsigned long long u64

cdef u64 _MASK, _GAMMA, _M1, _M2

cdef class Rng:
    cdef public u64 _s

    @cython.locals(s=u64, z=u64)
    cpdef u64 next_u64(self) except? 0

    @cython.locals(s=u64, z=u64, m=object)
    cpdef below(self, n)

    @cython.locals(s=u64, z=u64, n=object, m=object)
    cpdef choice(self, seq)

    @cython.locals(s=u64, z=u64, n=object, m=object, j=object)
    cpdef shuffle(self, seq)

    @cython.locals(new=Rng)
    cpdef Rng copy(self)
