"""Goofspiel's observation encoder (the ``encoder`` hook): an observation dict → a fixed-size
vector.

The conventions shared by every game (the common header, one-hot and multi-hot segments,
clipping) are in :mod:`caiquan.envs.tensors`; ``docs/envs.md`` lists the layout.
"""

from __future__ import annotations

from typing import Any

from caiquan.engine.encoding import Encoder, Obs, Vector, as_list, multi_hot, num, one_hot


class GoofspielEncoder(Encoder):
    """Goofspiel (``n`` cards, ``T`` turns, ``N`` players).

    Segments after the header: ``point_card`` (n, one-hot, the card up now), ``remaining_points``
    (n, multi-hot), ``points`` (N, points / (n(n+1)/2)), ``turn`` (1, turn / T),
    ``point_sequence`` (T×n, one-hot per turn), ``win_sequence`` (T×(N+1), the turn's winner,
    last column = tie). With ``imp_info``: ``hand`` (n, multi-hot, my cards), ``my_bids`` (T×n,
    one-hot per turn); without: ``hands`` (N×n) and ``bids`` (T×N×n).
    """

    game_id = "goofspiel"

    def _layout(self) -> None:
        g: Any = self.game
        n, t, k = int(g.num_cards), int(g.num_turns), self.num_players
        self.n, self.t = n, t
        self.imp = bool(g.config["imp_info"])
        self.total = n * (n + 1) / 2
        self._seg("point_card", n, "one-hot: the point card up now (value − 1)")
        self._seg("remaining_points", n, "multi-hot: point cards not yet turned up")
        self._seg("points", k, "each player's points / (n(n+1)/2)")
        self._seg("turn", 1, "turn / num_turns")
        self._seg("point_sequence", t * n, "per turn: one-hot of the point card")
        self._seg("win_sequence", t * (k + 1), "per turn: one-hot winner, last column = tie")
        if self.imp:
            self._seg("hand", n, "multi-hot: my cards")
            self._seg("my_bids", t * n, "per turn: one-hot of my bid")
        else:
            self._seg("hands", k * n, "per player: multi-hot of their cards")
            self._seg("bids", t * k * n, "per turn and player: one-hot of the bid")

    def _fill(self, v: Vector, obs: Obs) -> None:
        n, t, k = self.n, self.t, self.num_players
        pc = obs.get("point_card")
        one_hot(v, self._off("point_card"), n, pc - 1 if isinstance(pc, int) else None)
        multi_hot(v, self._off("remaining_points"), n, obs.get("remaining_points"), 1)
        off = self._off("points")
        for p, x in enumerate(as_list(obs.get("points"))[:k]):
            v[off + p] = num(x) / self.total
        v[self._off("turn")] = num(obs.get("turn")) / t
        off = self._off("point_sequence")
        for i, c in enumerate(as_list(obs.get("point_sequence"))[:t]):
            one_hot(v, off + i * n, n, c - 1)
        off = self._off("win_sequence")
        for i, w in enumerate(as_list(obs.get("win_sequence"))[:t]):
            one_hot(v, off + i * (k + 1), k + 1, k if w < 0 else w)
        if self.imp:
            multi_hot(v, self._off("hand"), n, obs.get("hand"), 1)
            off = self._off("my_bids")
            for i, b in enumerate(as_list(obs.get("my_bids"))[:t]):
                one_hot(v, off + i * n, n, b - 1)
        else:
            off = self._off("hands")
            for p, h in enumerate(as_list(obs.get("hands"))[:k]):
                multi_hot(v, off + p * n, n, h, 1)
            off = self._off("bids")
            for i, turn in enumerate(as_list(obs.get("bids"))[:t]):
                for p, b in enumerate(turn[:k]):
                    one_hot(v, off + (i * k + p) * n, n, b - 1)


__all__ = ["GoofspielEncoder"]
