"""Oshi-Zumo's observation tensor (its ``encoder`` hook).

After the common header, the three segments of OpenSpiel's own ``oshi_zumo`` observation
tensor, in its order, so the two can be compared bit for bit, then the turns left:

=================  ===========  ================================================
segment            length       meaning
=================  ===========  ================================================
``coins_0``        coins + 1    one-hot: player 0's coins
``coins_1``        coins + 1    one-hot: player 1's coins
``wrestler``       2·size + 3   one-hot: the wrestler's cell (OpenSpiel's numbering
                                ``0 … 2·size + 2``, the centre at ``size + 1``)
``turns_left``     1            (horizon − turns played) / horizon
=================  ===========  ================================================

The game is Markov (the coins, the cell and the turn decide everything), so the past bids
are not encoded.
"""

from __future__ import annotations

from typing import Any

from caiquan.engine.encoding import Encoder, Obs, Vector, as_list, num, one_hot


class OshiZumoEncoder(Encoder):
    """Oshi-Zumo (``coins``, ``size``, ``horizon``): see the module docstring."""

    game_id = "oshi_zumo"

    def _layout(self) -> None:
        g: Any = self.game
        self.coins, self.ring_size, self.horizon = int(g.start_coins), int(g.size), int(g.horizon)
        self._seg("coins_0", self.coins + 1, "one-hot: player 0's coins")
        self._seg("coins_1", self.coins + 1, "one-hot: player 1's coins")
        self._seg(
            "wrestler", 2 * self.ring_size + 3, "one-hot: the wrestler's cell (0 … 2·size + 2)"
        )
        self._seg("turns_left", 1, "(horizon − turns played) / horizon")

    def _fill(self, v: Vector, obs: Obs) -> None:
        coins = as_list(obs.get("coins"))
        for p, c in enumerate(coins[:2]):
            one_hot(v, self._off(f"coins_{p}"), self.coins + 1, c)
        pos = obs.get("position")
        if isinstance(pos, int):
            one_hot(v, self._off("wrestler"), 2 * self.ring_size + 3, pos + self.ring_size + 1)
        v[self._off("turns_left")] = (self.horizon - num(obs.get("turn"))) / self.horizon
