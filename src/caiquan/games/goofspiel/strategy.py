"""Goofspiel's heuristic player (the ``strategy`` hook): bid the card of the same rank in my
hand as the point card has among the points still to come (the "matching" rule a human soon
finds); with three or more players each seat bids a little off it (:func:`_spread`)."""

from __future__ import annotations

from collections.abc import Iterator

from caiquan.engine import Rng, State
from caiquan.engine.strategy import terminal_values

from .rules import GoofspielState


def _spread(seat: int, players: int) -> int:
    """How far from the matching card ``seat`` bids: 0 in a two-player game; with three or
    more players 0, −1, +1, −2, +2, … by seat, so that players who follow the rule do not
    all bid the same card and tie each other every turn (a tie for highest discards the
    point: three matching players gave every point to a fourth who bid at random)."""
    if players <= 2:
        return 0
    return (seat + 1) // 2 * (1 if seat % 2 == 0 else -1)


def _matching(cards: list[int], pos: int, remaining: int, seat: int, players: int) -> int:
    """The card of ``cards`` (ascending) of the same rank as the point at ``pos`` among the
    ``remaining`` points, moved by the seat's :func:`_spread` (within the hand)."""
    # the hand and the points to come have the same size except in a shortened game
    i = round(pos * (len(cards) - 1) / max(1, remaining - 1)) + _spread(seat, players)
    return cards[min(max(i, 0), len(cards) - 1)]


def policy(world: State, me: int, rng: Rng) -> int:
    assert isinstance(world, GoofspielState)
    hand = list(world.legal(me))  # card indices, ascending
    point = world.point_seq[-1]
    remaining = sorted([point, *world.point_deck])
    pos = remaining.index(point)
    return _matching(hand, pos, len(remaining), me, world.game.num_players)


rollout = policy

#: The search's defaults in goofspiel (``caiquan.bots.heuristics``), measured on the default
#: game (13 cards, random points order, open bids) at ``ismcts:iterations=200``, 100 games a
#: pairing, seeds 502000 (against ``random``) and 503000 (against ``greedy``); ``greedy``
#: itself beats ``random`` 96.0 % on those seeds. Full rollouts scored only by win or loss
#: gave 77.0 % against ``random`` (200 games): from a few hundred 0/1 outcomes the search
#: could not tell close bids apart, and in the first turns, before ``followed`` has seen
#: the opponent leave the matching rule, it best-responded to a matcher that was not there
#: (conceding the 13 with a low card). ``DEPTH`` 3 scores by the lead after three turns (85.0 %;
#: 100 % against ``greedy``); ``TRUST`` 2 keeps the matching bid unless the search beats it
#: by two standard errors (91.5 %, 100 %). A ``NOISE`` prior of 0.3 on top (93.0 %, 100 %)
#: made the search too timid to find the sacrifice that beats the matching player in a short
#: game (tests/bots/test_ismcts_sanity.py); TRUST 3 gave 93.5 % but 94.0 % against
#: ``greedy``. docs/bots.md has the table. ``WARY`` 2 raises that bar as ``followed`` shows
#: the opponent leaving the rule (``TRUST / (1 - noise)**2``: 2.5 standard errors against a
#: matching player, 8 once it looks half random): at 600 games against ``random`` (seed
#: 620012; ``greedy`` 95.9 % on them) 94.3 % without it, 95.5 / 95.8 / 95.8 % with 1 / 2 / 4;
#: against ``greedy`` (300 games, seed 620013) 100 / 99.8 / 98.8 %.
#: ``MIX_BELOW`` 5: with five cards or fewer in hand and nothing seen of how the opponent
#: bids (hidden bids; the first turn of a short game) the search mixes by regret matching
#: instead of best-replying to a matching player nothing shows is there. Exploitability of
#: the search's policy in 4-card hidden-bid goofspiel (NashConv, docs/bots.md): 2.0 without
#: it, 0.74 with it (uniform: 1.42). With open bids the opponent's past bids are seen from
#: the second turn, so the default game never mixes: against ``random`` it cost 1.3 points
#: to mix in the last five turns regardless (94.5 % against 95.8 %, 600 games).
DEPTH = 3
TRUST = 2.0
WARY = 2.0
MIX_BELOW = 5


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


def _past_bids(world: GoofspielState, me: int) -> Iterator[tuple[bool, int]]:
    """The others' past bids in ``world``, each player's last turn first: did the bid follow
    the matching rule of :func:`policy`, and out of how many cards in hand."""
    n = world.game.num_cards
    for q in range(world.game.num_players):
        if q == me:
            continue
        hand = world.hands[q]
        for t in range(len(world.bids) - 1, -1, -1):  # undo the turns, last first
            bid = world.bids[t][q]
            hand |= 1 << bid
            cards = [c for c in range(n) if hand >> c & 1]
            shown = set(world.point_seq[:t])
            remaining = [c for c in range(n) if c not in shown]
            pos = remaining.index(world.point_seq[t])
            want = _matching(cards, pos, len(remaining), q, world.game.num_players)
            yield want == bid, len(cards)


def followed(world: State, me: int) -> list[tuple[bool, int]]:
    """For each of the others' past bids ``me`` has seen (open bids only): did it follow the
    matching rule of :func:`policy`, and out of how many cards. A search fits from these how
    often the others leave the rule (a player bidding at random follows it about once in k).
    """
    assert isinstance(world, GoofspielState)
    if world.game.imp_info:
        return []  # the bids are hidden: nothing to fit
    return [(ok, k) for ok, k in _past_bids(world, me) if k >= 2]


#: The share of moves :func:`plausibility` expects off the matching rule.
_SLIP = 0.1


def plausibility(world: State, me: int) -> float:
    """How likely the others' past bids in ``world`` are if they play :func:`policy`.

    With ``imp_info`` a sampled world re-deals the others' past bids consistently with each
    turn's winner only; weighting worlds by this likelihood lets a search believe what a
    matching player would have bid (each bid off the rule costs a factor ``_SLIP / k``).
    """
    assert isinstance(world, GoofspielState)
    if not world.game.imp_info or not world.bids:
        return 1.0
    weight = 1.0
    for ok, k in _past_bids(world, me):
        slip = _SLIP / k
        weight *= (1.0 - _SLIP + slip) if ok else slip
    return weight
