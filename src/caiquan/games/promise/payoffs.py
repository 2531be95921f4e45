"""Exact throw payoffs for bots: the power table plus what each outcome does to the game.

:func:`throw_payoffs` has the signature of ``caiquan.bots.nash.PayoffFn``; register it with
``THROW_PAYOFFS["promise"] = throw_payoffs``. Rows are the viewer's legal throws, columns the
opponent's, in ``legal()`` order. A cell is +1 / −1 when it ends the game in a win / loss,
otherwise the share of the opponent's life it takes minus the share of the viewer's life it
costs (so a hit on a player with 2 life is worth more than on one with 8).

Everything the settlement reads (table, damage bonuses, equipped weapons) is public, so the
values are exact; only a check inside an "if you win" effect would draw from the (hidden)
check deck, and that is sampled.
"""

from __future__ import annotations

from caiquan.engine import PlayerView, Rng

from .rules import PromiseState


def throw_payoffs(view: PlayerView) -> list[list[float]] | None:
    """The viewer's payoff matrix at a simultaneous battle throw, or ``None`` elsewhere."""
    me = view.player
    movers = view.to_move()
    if len(movers) != 2 or me not in movers:
        return None
    state = view.determinize(Rng(view.move_number), log=False)
    if not isinstance(state, PromiseState) or state.phase != "throw":
        return None
    opp = 1 - me
    mine, theirs = state.legal(me), state.legal(opp)
    life = list(state.life)
    out = []
    for a in mine:
        row = []
        for b in theirs:
            s = state.clone()
            s.apply({me: a, opp: b})
            if s.is_terminal():
                row.append(s.returns()[me])
                continue
            gain = (life[opp] - s.life[opp]) / max(1, life[opp])
            loss = (life[me] - s.life[me]) / max(1, life[me])
            row.append(max(-1.0, min(1.0, gain - loss)))
        out.append(row)
    return out
