"""Wager's observation tensor (its ``encoder`` hook). After the common header:

================  ======  ==========================================================
segment           length  meaning
================  ======  ==========================================================
``hand``          3       my cards of each throw (rock, paper, scissors) / hand size
``unseen``        3       the cards of each throw I have not seen / hand size
``scores``        2       each player's points / the most a game can give
``chips``         2       each player's chips / starting chips
``pot``           1       the chips in the pot / the most it can hold
``rounds_left``   1       (rounds − rounds played) / rounds
================  ======  ==========================================================

Past rounds are in ``unseen`` and the counts; the order they came in is not encoded.
"""

from __future__ import annotations

from typing import Any

from caiquan.engine.encoding import Encoder, Obs, Vector, as_list, num

THROW_IDS = ("rock", "paper", "scissors")


class WagerEncoder(Encoder):
    """Wager: see the module docstring."""

    game_id = "wager"

    def _layout(self) -> None:
        g: Any = self.game
        c = g.content
        self.hand, self.chips = max(1, int(c.hand)), max(1, int(c.chips))
        self.cards = [card.id for card in c.cards]
        # every round won with the whole pot: at most rounds + all chips
        self.top = self.hand + 2 * int(c.chips)
        self._seg("hand", 3, "my cards of each throw / hand size")
        self._seg("unseen", 3, "the unseen cards of each throw / hand size")
        self._seg("scores", 2, "each player's points / the most a game can give")
        self._seg("chips", 2, "each player's chips / starting chips")
        self._seg("pot", 1, "the chips in the pot / the most it can hold")
        self._seg("rounds_left", 1, "(rounds - rounds played) / rounds")

    def _fill(self, v: Vector, obs: Obs) -> None:
        hand = [str(x) for x in as_list(obs.get("hand"))]
        off = self._off("hand")
        for i, cid in enumerate(self.cards):
            v[off + i] = hand.count(cid) / self.hand
        unseen = obs.get("unseen")
        off = self._off("unseen")
        if isinstance(unseen, dict):
            for i, cid in enumerate(self.cards):
                v[off + i] = num(unseen.get(cid)) / self.hand
        for key, scale in (("scores", self.top), ("chips", self.chips)):
            off = self._off(key)
            for p, x in enumerate(as_list(obs.get(key))[:2]):
                v[off + p] = num(x) / scale
        v[self._off("pot")] = num(obs.get("pot")) / (2 * self.chips)
        played = num(obs.get("round"))
        v[self._off("rounds_left")] = (self.hand - played) / self.hand
