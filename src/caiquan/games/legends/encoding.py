"""The observation encoder of 伟人的猜拳战略 (the game's ``encoder`` hook).

Reads ``state.observation(player)`` and nothing else (see :mod:`caiquan.engine.encoding`);
the layout is listed in ``docs/envs.md``.
"""

from __future__ import annotations

from caiquan.engine import RPS
from caiquan.engine.encoding import (
    Encoder,
    Obs,
    Vector,
    as_list,
    multi_hot,
    num,
    one_hot,
    vocab,
)

from .data import MARKERS
from .rules import Legends

DECISIONS = (
    "action", "war_target", "announce", "throw", "output", "marker", "target", "discard",
    "purge", "scout", "take", "develop", "raze", "flip", "may",
)  # fmt: skip
ENDS = ("continents", "stars", "cap", "no_progress")


class LegendsEncoder(Encoder):
    """伟人的猜拳战略 (``N`` = 3–6 players, ``P`` person cards, ``T`` territories).

    Segments after the header: ``round`` (round / round_cap), ``start`` and ``current`` (N
    each, one-hot), ``decision`` (15, one-hot of the pending decision kind: action,
    war_target, announce, throw, output, marker, target, discard, purge, scout, take,
    develop, raze, flip, may), then per player ``hand_count`` (N, / 10), ``display`` (N×P,
    multi-hot), ``markers`` (N×3: might, tech, culture / 30), ``passed`` (N), ``score``
    (N, / 20), ``continents`` (N, / 6); then ``owner`` (T×(N+1): one-hot owner per territory,
    last column = nobody), ``yellow`` (T), ``deck`` (cards left / P), ``discard`` (P),
    ``territory_deck`` (left / T), ``territory_top`` (T, one-hot), ``territory_discard`` (T),
    ``war`` (1 + N attacker + N defender + T territory + P card + ties / 10 + second chance +
    3 announced throw), ``winner`` (N), ``end`` (4: continents, stars, cap, no_progress);
    private: ``hand`` (P, multi-hot), ``territory_known`` (T: 1 / (1 + depth) of each
    territory I know in the territory deck, the top at depth 0), ``known_in_hands``
    (N×P: cards I know in each other player's hand; my row is zero).
    """

    game_id = "legends"

    def _layout(self) -> None:
        g = self.game
        assert isinstance(g, Legends)
        n = self.num_players
        self.P = p = len(g.content.persons)
        self.T = t = len(g.content.territories)
        self.round_cap = max(1, int(g.round_cap))
        s = self._seg
        s("round", 1, "round / round_cap")
        s("start", n, "one-hot: the round's start player")
        s("current", n, "one-hot: the player whose turn it is")
        s("decision", len(DECISIONS), "one-hot: the pending decision kind")
        s("hand_count", n, "per player: cards in hand / 10")
        s("display", n * p, "per player: multi-hot of person cards on display")
        s("markers", n * 3, "per player: might, tech, culture / 30")
        s("passed", n, "per player: has passed this round")
        s("score", n, "per player: yellow − black stars / 20")
        s("continents", n, "per player: continents held / 6")
        s("owner", t * (n + 1), "per territory: one-hot owner, last column = nobody")
        s("yellow", t, "multi-hot: territories flipped to yellow")
        s("deck", 1, "person cards in the deck / P")
        s("discard", p, "multi-hot: person cards in the discard pile")
        s("territory_deck", 1, "territory cards in the deck / T")
        s("territory_top", t, "one-hot: the top territory card (public)")
        s("territory_discard", t, "multi-hot: discarded territories")
        s("war", 1 + 2 * n + t + p + 5, "war: active, attacker, defender, territory, card, "
          "ties / 10, second chance used, announced throw (3)")  # fmt: skip
        s("winner", n, "one-hot: the winner")
        s("end", len(ENDS), "one-hot: how the game ended")
        s("hand", p, "multi-hot: my hand")
        s("territory_known", t, "1 / (1 + depth) of territories I know in the deck")
        s("known_in_hands", n * p, "per other player: multi-hot of cards I know they hold")

    def _fill(self, v: Vector, obs: Obs) -> None:
        o = self._off
        n, p, t = self.num_players, self.P, self.T
        v[o("round")] = num(obs.get("round")) / self.round_cap
        one_hot(v, o("start"), n, obs.get("start"))
        one_hot(v, o("current"), n, obs.get("current"))
        vocab(v, o("decision"), DECISIONS, obs.get("decision"))
        for q, pl in enumerate(as_list(obs.get("players"))[:n]):
            v[o("hand_count") + q] = num(pl.get("hand_count")) / 10
            multi_hot(v, o("display") + q * p, p, pl.get("display"))
            markers = pl.get("markers") or {}
            for k, m in enumerate(MARKERS):
                v[o("markers") + 3 * q + k] = num(markers.get(m)) / 30
            v[o("passed") + q] = 1.0 if pl.get("passed") else 0.0
            v[o("score") + q] = num(pl.get("score")) / 20
            v[o("continents") + q] = num(pl.get("continents")) / 6
            for terr in as_list(pl.get("territories")):
                if isinstance(terr, int) and 0 <= terr < t:
                    v[o("owner") + terr * (n + 1) + q] = 1.0
        owned = v[o("owner") : o("owner") + t * (n + 1)].reshape(t, n + 1)
        owned[owned[:, :n].sum(axis=1) == 0, n] = 1.0
        multi_hot(v, o("yellow"), t, obs.get("yellow"))
        v[o("deck")] = num(obs.get("deck")) / p
        multi_hot(v, o("discard"), p, obs.get("discard"))
        v[o("territory_deck")] = num(obs.get("territory_deck")) / t
        one_hot(v, o("territory_top"), t, obs.get("territory_top"))
        multi_hot(v, o("territory_discard"), t, obs.get("territory_discard"))
        war = obs.get("war")
        if isinstance(war, dict):
            base = o("war")
            v[base] = 1.0
            one_hot(v, base + 1, n, war.get("attacker"))
            one_hot(v, base + 1 + n, n, war.get("defender"))
            one_hot(v, base + 1 + 2 * n, t, war.get("territory"))
            one_hot(v, base + 1 + 2 * n + t, p, war.get("card"))
            rest = base + 1 + 2 * n + t + p
            v[rest] = num(war.get("ties")) / 10
            v[rest + 1] = 1.0 if war.get("second_chance_used") else 0.0
            vocab(v, rest + 2, RPS.names, war.get("announced"))
        if obs.get("winner") is not None:
            one_hot(v, o("winner"), n, obs.get("winner"))
        vocab(v, o("end"), ENDS, obs.get("end"))
        multi_hot(v, o("hand"), p, obs.get("hand"))
        for depth, terr in enumerate(as_list(obs.get("territory_known"))):
            if isinstance(terr, int) and 0 <= terr < t:
                v[o("territory_known") + terr] = 1.0 / (1 + depth)
        known = obs.get("known_in_hands")
        if isinstance(known, dict):
            for q_str, cards in known.items():
                q = int(q_str)
                if 0 <= q < n:
                    multi_hot(v, o("known_in_hands") + q * p, p, cards)


__all__ = ["DECISIONS", "ENDS", "LegendsEncoder"]
