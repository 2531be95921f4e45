"""Goofspiel: bid the card of the same rank in my hand as the point card has among the
points still to come (the "matching" rule a human soon finds)."""

from __future__ import annotations

from caiquan.engine import Rng, State
from caiquan.games.goofspiel.rules import GoofspielState

from .common import terminal_values


def policy(world: State, me: int, rng: Rng) -> int:
    assert isinstance(world, GoofspielState)
    hand = list(world.legal(me))  # card indices, ascending
    point = world.point_seq[-1]
    remaining = sorted([point, *world.point_deck])
    pos = remaining.index(point)
    # the hand and the points to come have the same size except in a shortened game
    i = round(pos * (len(hand) - 1) / max(1, len(remaining) - 1))
    return hand[min(i, len(hand) - 1)]


rollout = policy


def evaluate(world: State) -> list[float]:
    assert isinstance(world, GoofspielState)
    g = world.game
    if world.is_terminal():
        return terminal_values(world, *g.utility_range())
    left = sum(c + 1 for c in world.point_deck) + world.point_seq[-1] + 1
    pts = world.points
    out = []
    for p in range(len(pts)):
        best_other = max(x for q, x in enumerate(pts) if q != p)
        lead = pts[p] - best_other
        out.append(0.5 + 0.5 * lead / (left + abs(lead) + 1))
    return out
