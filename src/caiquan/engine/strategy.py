"""Shared tools of heuristic players (a game's ``strategy`` module): matrix-game mixes,
one-ply lookahead.

Everything here works on a *world*: a full state from ``PlayerView.determinize`` (or a state
inside a search, which is itself a sampled world). A world may be read freely — what the
player cannot see in it was re-dealt at random.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Sequence

from .matrix import solve_zero_sum
from .rng import Rng
from .state import State

Evaluate = Callable[[State], list[float]]
"""A heuristic value of a (non-terminal or terminal) world for every player, each in [0, 1]."""


def maximin(matrix: Sequence[Sequence[float]]) -> tuple[list[float], float]:
    """The row player's optimal mix and the value of a small zero-sum matrix game.

    :func:`caiquan.engine.solve_zero_sum`: exact and certified, ~12 µs up to 3×3 (the
    kernel method), an LP beyond.

    >>> mix, v = maximin([[0, 1, -1], [-1, 0, 1], [1, -1, 0]])
    >>> [round(x, 6) for x in mix], abs(round(v, 9))
    ([0.333333, 0.333333, 0.333333], 0.0)
    """
    key = tuple(map(tuple, matrix))
    hit = _MAXIMIN.get(key)
    if hit is None:
        if len(_MAXIMIN) >= _MAXIMIN_LIMIT:
            _MAXIMIN.clear()
        sol = solve_zero_sum(matrix)
        hit = _MAXIMIN[key] = (sol.row, sol.value)
    return list(hit[0]), hit[1]


#: matrix → (row mix, value): a heuristic player values the same few matrices again and
#: again (a matrix of heuristic values takes few distinct values: in 20 promise games with
#: ``nash``, 1,775 distinct matrices among 8,353 solved), and a solution is a function of the
#: matrix, so the memo changes no answer. Emptied when full.
_MAXIMIN: dict[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], float]] = {}
_MAXIMIN_LIMIT = 1 << 16


def argmax(options: Sequence[int], values: Sequence[float], rng: Rng) -> int:
    """The option of highest value; ties broken with ``rng`` (so a bot stays reproducible)."""
    return pick_best(best_options(options, values), rng)


def best_options(options: Sequence[int], values: Sequence[float]) -> list[int]:
    """The options of highest value (within 1e-12), in order: what :func:`argmax` draws
    from (a caller that memoises values may memoise these too, then :func:`pick_best`)."""
    if len(options) != len(values):
        raise ValueError(f"argmax: {len(options)} options but {len(values)} values")
    bar = max(values) - 1e-12
    best = []
    for i in range(len(options)):  # an index loop: a zip comprehension costs 3× compiled
        if values[i] >= bar:
            best.append(options[i])
    return best


def pick_best(best: Sequence[int], rng: Rng) -> int:
    """One of the tied best options (:func:`best_options`): the only one, or a draw."""
    return best[0] if len(best) == 1 else rng.choice(best)


def lookahead(
    world: State,
    me: int,
    evaluate: Evaluate,
    rng: Rng,
    *,
    samples: int = 8,
    same: Callable[[int], Hashable] | None = None,
) -> tuple[tuple[int, ...], list[float]]:
    """Each legal option of ``me`` scored by the evaluation one decision later.

    At a simultaneous decision the others' options are unknown: each of my options is
    scored against ``samples`` uniformly drawn joint choices of the others (the same draws
    for every option of mine, so the comparison is fair; a joint drawn twice is played once
    and counted twice).

    ``same`` (optional) names options that ``evaluate`` cannot tell apart one decision later
    (drama: two cards of one rank; suits never matter to its rules): options with one key,
    mine or the others', are played once, and each counts as before, so the values and the
    random draws are the same. The caller vouches for it (a test against the plain call).
    """
    legal = world.legal(me)
    joints = _others_joints(world, me, rng, samples)
    # sampled joints repeat (12 draws from a hand of 10 are ~7 distinct): each distinct one
    # is played once per option, and the sum still adds every draw's value in draw order
    distinct: dict[tuple[Hashable, ...], int] = {}
    if same is None:
        order = [distinct.setdefault(tuple(joint.values()), len(distinct)) for joint in joints]
    else:
        keys = [tuple(same(o) for o in joint.values()) for joint in joints]
        order = [distinct.setdefault(key, len(distinct)) for key in keys]
    unique = [joints[order.index(i)] for i in range(len(distinct))]
    values = []
    valued: dict[Hashable, float] = {}
    for a in legal:
        key = same(a) if same is not None else None
        if key is not None and key in valued:
            values.append(valued[key])
            continue
        scores = []
        for joint in unique:
            s = world.clone()
            s.apply({**joint, me: a})
            scores.append(evaluate(s)[me])
        total = 0.0
        for i in order:
            total += scores[i]
        value = total / len(joints)
        if key is not None:
            valued[key] = value
        values.append(value)
    return legal, values


def _others_joints(world: State, me: int, rng: Rng, samples: int) -> list[dict[int, int]]:
    """The others' joint choices :func:`lookahead` plays against: all of them when there
    are at most ``samples``, else ``samples`` uniform draws (``[{}]`` when only I decide)."""
    others = [q for q in world.to_move() if q != me]
    if not others:
        return [{}]
    spaces = [world.legal(q) for q in others]
    size = 1
    for space in spaces:
        size *= len(space)
    if size <= samples:
        return [dict(zip(others, c, strict=True)) for c in itertools.product(*spaces)]
    return [
        {q: rng.choice(space) for q, space in zip(others, spaces, strict=True)}
        for _ in range(samples)
    ]


def terminal_values(state: State, lo: float, hi: float) -> list[float]:
    """Returns of a finished game mapped to [0, 1]."""
    span = hi - lo
    if span <= 0:
        return [0.5] * state.num_players
    return [(r - lo) / span for r in state.returns()]
