"""Wager's heuristic player (its ``strategy`` hook): play the card that beats most of the
cards not yet seen, and stake on it by how good it looks and how many rounds are left.

* ``policy``: each card of the hand is valued by the unseen cards (the other hand and the
  cards set aside, as counted from the player's own view): the share it beats less the share
  that beats it. The best card is played (ties drawn at random); its stake is all it may
  stake when the card looks good (a value above ``GOOD``), none when it looks no better than
  even (0 or below: a stake on an even throw only gives chips away), else the even share of
  the chips over the rounds left.
* ``evaluate``: player 0's lead in points, and in chips at a third of a point each (chips
  break a tie of points and may still be won), through a logistic-like curve.

``nash`` solves each round's matrix of card-and-stake pairs with this evaluation of the
world after each pair; ``ismcts`` rolls out with ``policy``.
"""

from __future__ import annotations

import math

from caiquan.engine import Rng, State
from caiquan.engine.strategy import argmax, terminal_values

from .content import THROWS
from .rules import WagerState, beats

#: a card whose value (the unseen share it beats less the share that beats it) is above this
#: gets one chip more than the even share
GOOD = 0.15
#: what a chip is worth in points, to :func:`evaluate`
CHIP = 1 / 3


def card_values(world: WagerState, me: int) -> dict[int, float]:
    """Each throw in ``me``'s hand → the unseen share it beats less the share beating it."""
    unseen = world._unseen(me)
    counts = [int(unseen[world.game.card_ids[t]]) for t in range(len(THROWS))]
    total = sum(counts) or 1
    out = {}
    for t in sorted(set(world.hands[me])):
        win = sum(c for u, c in enumerate(counts) if beats(t, u))
        lose = sum(c for u, c in enumerate(counts) if beats(u, t))
        out[t] = (win - lose) / total
    return out


def stake_for(world: WagerState, me: int, value: float) -> int:
    """The stake for a card of ``value`` (see the module)."""
    chips = world.chips[me]
    top = min(world.game.content.max_stake, chips)
    if value <= 0:
        return 0
    if value > GOOD:
        return top
    return min(top, chips // max(1, len(world.hands[me])))


def policy(world: State, me: int, rng: Rng) -> int:
    assert isinstance(world, WagerState)
    values = card_values(world, me)
    throws = list(values)
    t = argmax(throws, [values[x] for x in throws], rng)
    s = stake_for(world, me, values[t])
    option = t * (world.game.content.max_stake + 1) + s
    legal = world.legal(me)
    return option if option in legal else legal[0]


rollout = policy


def evaluate(world: State) -> list[float]:
    assert isinstance(world, WagerState)
    if world.is_terminal():
        return terminal_values(world, *world.game.utility_range())
    lead = world.scores[0] - world.scores[1] + CHIP * (world.chips[0] - world.chips[1])
    v0 = 0.5 + 0.5 * math.tanh(lead / 2)
    return [v0, 1.0 - v0]
