"""剧牌's heuristic player (the ``strategy`` hook): it sheds high cards where the formulas
say they win.

Duels, discards and supplies are decided one step ahead: each of my cards (with or without
the weapon pair) is tried on a copy against sampled replies of the opponent (their hidden
hand is re-dealt in the world), scored by :func:`evaluate` (fewer cards than the others is
better). A target is the opponent against whom that best duel scores highest. A new weapon
pair is never drawn: it is two more cards to play out (measured against three random
players, 200 games: declining wins 40 %, drawing while three rounds remain 33 %).

A role is chosen by :func:`role_score`: the role value times the ranks it plays in role
(a larger in-role total wins attacks, and both sides of a defence gain from it). The
target of an in-role discard answers by the same one-step lookahead. The play-out last
round has no decision; its ranking (fewest cards, then the smaller sum) is what
:func:`evaluate` already rewards.
"""

from __future__ import annotations

import math

from caiquan.engine import Rng, State
from caiquan.engine.strategy import argmax, lookahead, terminal_values

from .cards import PLAYERS, REARM_DECLINE, ROLE_BASE, TARGET_BASE, WEAPON_BASE, rank
from .rules import DramaState

_STEEPNESS = 0.7
#: A tie-break far below any difference the lookahead measures (its values are averages of
#: 12 samples of softmax shares): among options it scores alike, the higher card.
_SHED = 1e-6

#: Search bots stop rollouts after this many decisions (about one round) and evaluate.
DEPTH = 8


def evaluate(world: State) -> list[float]:
    """A softmax over minus each player's cards left (hand + weapon pair)."""
    assert isinstance(world, DramaState)
    if world.is_terminal():
        return terminal_values(world, *world.game.utility_range())
    counts = tuple([world.card_count(p) for p in PLAYERS])
    shares = _SHARES.get(counts)
    if shares is None:
        if len(_SHARES) > 20_000:
            _SHARES.clear()
        w = [math.exp(-_STEEPNESS * c) for c in counts]
        total = sum(w)
        shares = _SHARES[counts] = tuple([x / total for x in w])
    return list(shares)  # a new list: the caller owns it


#: the softmax by the players' card counts (a few hundred keys; a search asks thousands of
#: times)
_SHARES: dict[tuple[int, ...], tuple[float, ...]] = {}


def role_score(world: DramaState, role: int) -> float:
    """How much a role gains in role: its value × the number of ranks (A…K) of its class."""
    g = world.game
    return float(world.offer_values[role] * sum(g.role_class[role][1:14]))


def _choose_role(world: DramaState, legal: list[int] | tuple[int, ...], rng: Rng) -> int:
    return argmax(legal, [role_score(world, o - ROLE_BASE) for o in legal], rng)


def same_card(option: int) -> int:
    """A key under which one decision later :func:`evaluate` cannot tell options apart (the
    ``same`` of :func:`~caiquan.engine.strategy.lookahead`): a card played, with or without
    the weapon pair, by its rank, since no rule reads a suit (suits name cards, nothing
    more); any other option by itself. Tested against the plain lookahead at every decision
    of random games (``tests/test_fast_paths.py``)."""
    if option < TARGET_BASE:
        return (option // WEAPON_BASE) * 100 + rank(option % WEAPON_BASE)
    return 1000 + option


def _duel_best(world: DramaState, me: int, rng: Rng, samples: int) -> tuple[int, float]:
    legal, values = lookahead(world, me, evaluate, rng, samples=samples, same=same_card)
    i = max(range(len(legal)), key=lambda k: values[k])
    return legal[i], values[i]


def policy(world: State, me: int, rng: Rng) -> int:
    assert isinstance(world, DramaState)
    legal = world.legal(me)
    if len(legal) == 1:
        return legal[0]
    phase = world.phase
    if phase == "role":
        return _choose_role(world, legal, rng)
    if phase == "rearm":
        return REARM_DECLINE
    if phase == "target":
        values = []
        for o in legal:
            s = world.clone()
            s.apply({me: o})
            if s.is_terminal() or me not in s.to_move():
                values.append(evaluate(s)[me])
            else:
                values.append(_duel_best(s, me, rng, 6)[1])
        return argmax(legal, values, rng)
    options, values = lookahead(world, me, evaluate, rng, samples=12, same=same_card)
    if phase in ("duel", "discard", "answer"):
        # where the lookahead cannot tell cards apart (a sure win or a sure loss), shed the
        # higher card: the play-out last round ranks equal counts by the smaller sum
        values = [v + _SHED * rank(o % WEAPON_BASE) for o, v in zip(options, values, strict=True)]
    return argmax(options, values, rng)


def rollout(world: State, me: int, rng: Rng) -> int:
    """A cheap player for search rollouts: the highest card (with the weapon when it may),
    the opponent with the fewest cards, and the greedy supply."""
    assert isinstance(world, DramaState)
    legal = world.legal(me)
    if len(legal) == 1:
        return legal[0]
    phase = world.phase
    if phase == "role":
        return _choose_role(world, legal, rng)
    if phase == "rearm":
        return REARM_DECLINE
    if phase == "target":
        counts = [world.card_count(o - TARGET_BASE) for o in legal]
        return argmax(legal, [-c for c in counts], rng)
    if phase in ("duel", "discard", "answer"):
        return argmax(legal, [rank(o % WEAPON_BASE) + (o >= WEAPON_BASE) for o in legal], rng)
    options, values = lookahead(world, me, evaluate, rng, same=same_card)
    return argmax(options, values, rng)
