"""Promise's benchmark hooks (its ``bench`` hook): the exploitability benchmark's throw tables
(:mod:`caiquan.bench.exploitability`) measure each bot's mix at the battle throw against the
exact payoffs of the ``throw_payoffs`` hook; ``greedy`` samples its throw from the maximin mix
of :func:`throw_matrix`. Benchmarks measure the game at its default options."""

from __future__ import annotations

from caiquan.engine import State

from . import strategy
from .rules import PromiseState


def throw_matrix(world: State, player: int) -> tuple[tuple[int, ...], list[list[float]]]:
    """``player``'s legal throws and the matrix of the heuristic's values of each pair of
    throws (what ``greedy``'s throw samples from)."""
    assert isinstance(world, PromiseState)
    return strategy.throw_matrix(world, player)
