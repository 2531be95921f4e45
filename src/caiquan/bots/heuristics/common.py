"""Shared tools of the heuristic players: a tiny exact matrix-game solver, one-ply lookahead.

Everything here works on a *world*: a full state from ``PlayerView.determinize`` (or a state
inside a search, which is itself a sampled world). A world may be read freely — what the
player cannot see in it was re-dealt at random.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from caiquan.engine import Rng, State

Evaluate = Callable[[State], list[float]]
"""A heuristic value of a (non-terminal or terminal) world for every player, each in [0, 1]."""

_EPS = 1e-9


def _solve_square(rows: list[list[float]]) -> list[float] | None:
    """Gaussian elimination with partial pivoting on an augmented square system."""
    n = len(rows)
    a = [r[:] for r in rows]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[piv][col]) < 1e-12:
            return None
        a[col], a[piv] = a[piv], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col] / a[col][col]
                for k in range(col, n + 1):
                    a[r][k] -= f * a[col][k]
    return [a[i][n] / a[i][i] for i in range(n)]


def maximin(matrix: Sequence[Sequence[float]]) -> tuple[list[float], float]:
    """The row player's optimal mix and the value of a small zero-sum matrix game.

    Exact (vertex enumeration of the maximin LP: every support S of rows with an equal number
    of equalised columns), pure Python, meant for matrices up to about 4×4 — hot loops of the
    bots, where :func:`caiquan.engine.solve_zero_sum` (an LP solver call) costs ~1 ms.

    >>> mix, v = maximin([[0, 1, -1], [-1, 0, 1], [1, -1, 0]])
    >>> [round(x, 6) for x in mix], abs(round(v, 9))
    ([0.333333, 0.333333, 0.333333], 0.0)
    """
    m, n = len(matrix), len(matrix[0])
    best_v = -float("inf")
    best_x: list[float] = [1.0 / m] * m
    for size in range(1, min(m, n) + 1):
        for support in itertools.combinations(range(m), size):
            for cols in itertools.combinations(range(n), size):
                # unknowns x_s (s in support), v: sum x = 1; x·A[:, j] − v = 0 for j in cols
                eqs = [[1.0] * size + [0.0, 1.0]]
                for j in cols:
                    eqs.append([float(matrix[i][j]) for i in support] + [-1.0, 0.0])
                sol = _solve_square(eqs)
                if sol is None or any(x < -_EPS for x in sol[:size]):
                    continue
                x = [0.0] * m
                for i, xi in zip(support, sol[:size], strict=True):
                    x[i] = max(0.0, xi)
                total = sum(x)
                if total <= 0:
                    continue
                x = [xi / total for xi in x]
                v = min(sum(x[i] * matrix[i][j] for i in range(m)) for j in range(n))
                if v > best_v + _EPS:
                    best_v, best_x = v, x
    return best_x, best_v


def argmax(options: Sequence[int], values: Sequence[float], rng: Rng) -> int:
    """The option of highest value; ties broken with ``rng`` (so a bot stays reproducible)."""
    top = max(values)
    best = [o for o, v in zip(options, values, strict=True) if v >= top - 1e-12]
    return best[0] if len(best) == 1 else rng.choice(best)


def lookahead(
    world: State, me: int, evaluate: Evaluate, rng: Rng, *, samples: int = 8
) -> tuple[tuple[int, ...], list[float]]:
    """Each legal option of ``me`` scored by the evaluation one decision later.

    At a simultaneous decision the others' options are unknown: each of my options is
    scored against ``samples`` uniformly drawn joint choices of the others (the same draws
    for every option of mine, so the comparison is fair).
    """
    legal = world.legal(me)
    others = [q for q in world.to_move() if q != me]
    joints: list[dict[int, int]] = [{}]
    if others:
        spaces = [world.legal(q) for q in others]
        size = 1
        for space in spaces:
            size *= len(space)
        if size <= samples:
            joints = [dict(zip(others, c, strict=True)) for c in itertools.product(*spaces)]
        else:
            joints = [
                {q: rng.choice(space) for q, space in zip(others, spaces, strict=True)}
                for _ in range(samples)
            ]
    values = []
    for a in legal:
        total = 0.0
        for joint in joints:
            s = world.clone()
            s.apply({**joint, me: a})
            total += evaluate(s)[me]
        values.append(total / len(joints))
    return legal, values


def terminal_values(state: State, lo: float, hi: float) -> list[float]:
    """Returns of a finished game mapped to [0, 1]."""
    span = hi - lo
    if span <= 0:
        return [0.5] * state.num_players
    return [(r - lo) / span for r in state.returns()]
