# cython: annotation_typing=False
# (rng.pxd types this module for the compiled fast path; the annotations are for mypy)
"""A small seeded random number generator that travels with a game state.

Why not :class:`random.Random`? Two measured reasons:

* cloning a state must be cheap; this generator's whole state is one integer, so a clone
  copies one int instead of a 625-word Mersenne Twister state;
* records must replay bit-exactly across Python versions; the algorithm here (SplitMix64,
  with rejection sampling for bounded integers) is fully specified in this file and does not
  depend on the interpreter's own ``random`` module.

>>> rng = Rng(42)
>>> [rng.below(6) for _ in range(5)]
[4, 0, 1, 2, 0]
>>> rng2 = Rng(42); deck = list(range(5)); rng2.shuffle(deck); deck
[1, 2, 4, 0, 3]
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


class Rng:
    """SplitMix64: a 64-bit state, a 64-bit output per step."""

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self._s = seed & _MASK

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        s = (self._s + _GAMMA) & _MASK
        self._s = s
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``: Lemire's multiply-shift, unbiased by rejection."""
        if n <= 0:
            raise ValueError(f"below() needs n > 0, got {n}")
        # next_u64() inlined: this is the hottest function of every random playout
        s = (self._s + _GAMMA) & _MASK
        self._s = s
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        m = (z ^ (z >> 31)) * n
        if m & _MASK < n:  # rare: reject the few values that would bias the result
            return self._below_reject(n, m)
        return m >> 64

    def _below_reject(self, n: int, m: int) -> int:
        threshold = ((1 << 64) - n) % n
        low = m & _MASK
        while low < threshold:
            m = self.next_u64() * n
            low = m & _MASK
        return m >> 64

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]`` (both ends included)."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 bits of precision."""
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        n = len(seq)
        if not n:
            raise IndexError("choice() from an empty sequence")
        s = (self._s + _GAMMA) & _MASK  # below(n), inlined
        self._s = s
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        m = (z ^ (z >> 31)) * n
        if m & _MASK < n:
            return seq[self._below_reject(n, m)]
        return seq[m >> 64]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates, from the end)."""
        s = self._s
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            s = (s + _GAMMA) & _MASK  # below(n), inlined
            z = ((s ^ (s >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            m = (z ^ (z >> 31)) * n
            if m & _MASK < n:
                self._s = s
                j = self._below_reject(n, m)
                s = self._s
            else:
                j = m >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self._s = s

    def weighted(self, weights: Sequence[float]) -> int:
        """An index drawn with probability proportional to ``weights``."""
        total = float(sum(weights))
        if not total > 0.0:
            raise ValueError("weighted() needs a positive total weight")
        x = self.random() * total
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if x < acc:
                return i
        return max(i for i, w in enumerate(weights) if w > 0)

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one step)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        new = Rng.__new__(Rng)
        new._s = self._s
        return new

    def getstate(self) -> int:
        return self._s

    def setstate(self, state: int) -> None:
        self._s = state & _MASK

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other._s == self._s

    def __hash__(self) -> int:
        return hash(self._s)

    def __repr__(self) -> str:
        return f"Rng(state=0x{self._s:016x})"

    def __deepcopy__(self, memo: dict[int, object]) -> Rng:
        return self.copy()
