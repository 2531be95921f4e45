"""Oshi-Zumo's heuristic player (its ``strategy`` hook): budget the coins over the pushes
still needed, and never pay more than it takes to win a bout for sure.

* ``policy``: if bidding one more than the opponent can bid at all (a bout won for sure) at
  every push still needed is affordable, bid exactly that — the game is won. Otherwise spread
  the coins evenly over the pushes still needed (``coins // distance``), with a jitter of one
  coin either way so the player cannot be read, and never above the sure-win bid.
* ``evaluate``: player 0's lead in coins, counting a push as about one coin, through a shape
  fitted to the exact values of small games (level within a band around an even lead, won
  beyond it), blended, as the turn limit nears, with who stands on the winning side now. A
  sure win (above) is worth almost 1 (the fewer pushes still needed, the more).
* ``prune``: a bid above the sure-win bid wins the bout no better and costs more (coins are
  never worth less than nothing), so the search does not consider it.

``nash`` solves the bid matrix of a turn with this evaluation of each pair of bids (the game
declares ``bid`` a matrix kind, and no ``throw_payoffs`` hook: exact values of the remaining
game would need the whole game solved).
"""

from __future__ import annotations

import math

from caiquan.engine import Rng, State
from caiquan.engine.strategy import terminal_values

from .rules import OshiZumoState


def distance(world: OshiZumoState, player: int) -> int:
    """The pushes ``player`` still needs to push the wrestler off the other's edge."""
    edge = world.game.size + 1
    return edge - world.position if player == 0 else edge + world.position


def sure_bid(world: OshiZumoState, player: int) -> int:
    """The smallest bid that wins a bout whatever the opponent bids."""
    return max(world.game.min_bid, world.coins[1 - player] + 1)


def sure_win(world: OshiZumoState, player: int) -> bool:
    """Whether ``player`` wins for sure by bidding :func:`sure_bid` at every push still needed
    (the opponent's coins only go down, so the sure-win bid never rises)."""
    d = distance(world, player)
    turns_left = world.game.horizon - world.turn
    return d <= turns_left and d * sure_bid(world, player) <= world.coins[player]


def policy(world: State, me: int, rng: Rng) -> int:
    assert isinstance(world, OshiZumoState)
    legal = world.legal(me)
    if len(legal) == 1:
        return legal[0]
    top = sure_bid(world, me)
    if sure_win(world, me):
        return top
    budget = world.coins[me] // distance(world, me)
    wanted = {min(b, top) for b in (budget - 1, budget, budget + 1)}
    options = [b for b in legal if b in wanted]
    return rng.choice(options) if options else legal[0]


rollout = policy


def prune(world: State, me: int, legal: tuple[int, ...]) -> tuple[int, ...]:
    assert isinstance(world, OshiZumoState)
    top = sure_bid(world, me)
    kept = tuple(b for b in legal if b <= top)
    return kept or legal


#: The shape of :func:`evaluate`, fitted (least squares) to the exact equilibrium values of
#: small games (coins 8, size 2 and coins 12, size 3, solved by value iteration over the
#: bid matrices): a push is worth about ``PUSH`` coins; within ``BAND · size`` coins of even
#: the game is about level, and ``RAMP · size`` coins beyond that it is won.
PUSH, BAND, RAMP = 1.24, 0.42, 0.63


def evaluate(world: State) -> list[float]:
    assert isinstance(world, OshiZumoState)
    g = world.game
    if world.is_terminal():
        return terminal_values(world, *g.utility_range())
    for p in (0, 1):
        if sure_win(world, p):
            # won: the sooner the better (else a search may stall a won game to the limit)
            v = 1.0 - 0.01 * distance(world, p) / (2 * g.size + 2)
            return [v, 1.0 - v] if p == 0 else [1.0 - v, v]
    # player 0's lead in coins, a push counted as PUSH coins
    lead = world.coins[0] - world.coins[1] + PUSH * world.position
    scale = max(1, g.size)
    level = min(1.0, max(0.0, (abs(lead) - BAND * scale) / (RAMP * scale)))
    # mostly the fitted shape; a little of a smooth slope so that no coin is spent for nothing
    strength = 0.9 * math.copysign(level, lead) + 0.1 * math.tanh(lead / (scale + 1))
    # as the turn limit nears, the side the wrestler stands on decides
    side = 0.0 if g.alesia or world.position == 0 else math.copysign(1.0, world.position)
    w = min(1.0, (g.horizon - world.turn) / (g.size + 1))
    v0 = 0.5 + 0.5 * (w * strength + (1 - w) * side)
    return [v0, 1.0 - v0]
