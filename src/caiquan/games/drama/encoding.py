"""剧牌's observation encoder (the ``encoder`` hook): an observation dict → a fixed-size vector.

The conventions shared by every game (the common header, one-hot and multi-hot segments,
clipping) are in :mod:`caiquan.envs.tensors`; ``docs/envs.md`` lists the layout.
"""

from __future__ import annotations

from typing import Any

from caiquan.engine.encoding import Encoder, Obs, Vector, as_list, multi_hot, num, one_hot, vocab

from .cards import NATURES, NUM_CARDS, NUM_PLAYERS

PHASES = ("setup", "role", "rearm", "target", "duel", "discard", "answer", "supply", "over")


class DramaEncoder(Encoder):
    """剧牌 (4 players, 52 cards ``c = suit × 13 + rank − 1``, ``R`` roles).

    Segments after the header: ``round`` (round / rounds), ``round_card`` (52, one-hot),
    ``round_value`` (/ 13), ``nature`` (4: attack, defence, supply, discard), ``last_round``
    (1), ``round_cards`` (52, multi-hot of round cards turned), ``round_pile`` (/ 13),
    ``table_pile`` (/ 52), ``leader`` / ``active`` / ``target`` (4 each, one-hot),
    ``phase`` (9: setup, role, rearm, target, duel, discard, answer, supply, over),
    ``winners`` (4), then per player: ``role`` (4×R, one-hot), ``role_value`` (4, / 13),
    ``hand_size`` (4, / 13),
    ``cards_left`` (4, / 20), ``taken`` (4×52, multi-hot of cards they took back in
    public), ``weapon`` (4×5: has a pair, hidden, public, quality / 13, uses left / 3),
    ``weapon_cards`` (4×52: the pair's cards when I may see them), ``may_draw`` (4, / 13);
    private: ``hand`` (52, multi-hot).
    """

    game_id = "drama"

    def _layout(self) -> None:
        g: Any = self.game
        self.roles = [r.id for r in g.content.roles]
        r = len(self.roles)
        self.rounds = max(1, int(g.rounds))
        k = NUM_PLAYERS
        s = self._seg
        s("round", 1, "round / rounds")
        s("round_card", NUM_CARDS, "one-hot: the round card")
        s("round_value", 1, "round value / 13")
        s("nature", 4, "one-hot: attack, defence, supply, discard")
        s("last_round", 1, "1 in the last round")
        s("round_cards", NUM_CARDS, "multi-hot: round cards turned so far")
        s("round_pile", 1, "round cards left / 13")
        s("table_pile", 1, "table pile / 52")
        s("leader", k, "one-hot: the round's leader")
        s("active", k, "one-hot: the active player")
        s("target", k, "one-hot: the named target")
        s("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        s("winners", k, "multi-hot: winners so far")
        s("role", k * r, "per player: one-hot role (content order)")
        s("role_value", k, "per player: role value / 13")
        s("hand_size", k, "per player: hand size / 13")
        s("cards_left", k, "per player: cards left / 20")
        s("taken", k * NUM_CARDS, "per player: multi-hot of cards taken back in public")
        s("weapon", k * 5, "per player: has a pair, hidden, public, quality / 13, uses / 3")
        s("weapon_cards", k * NUM_CARDS, "per player: the weapon pair's cards, when visible")
        s("may_draw", k, "per player: may draw from round / 13")
        s("hand", NUM_CARDS, "multi-hot: my hand")

    def _fill(self, v: Vector, obs: Obs) -> None:
        o = self._off
        v[o("round")] = num(obs.get("round")) / self.rounds
        one_hot(v, o("round_card"), NUM_CARDS, obs.get("round_card"))
        v[o("round_value")] = num(obs.get("round_value")) / 13
        vocab(v, o("nature"), NATURES, obs.get("nature"))
        v[o("last_round")] = 1.0 if obs.get("last_round") else 0.0
        multi_hot(v, o("round_cards"), NUM_CARDS, obs.get("round_cards"))
        v[o("round_pile")] = num(obs.get("round_pile")) / 13
        v[o("table_pile")] = num(obs.get("table_pile")) / NUM_CARDS
        one_hot(v, o("leader"), NUM_PLAYERS, obs.get("leader"))
        one_hot(v, o("active"), NUM_PLAYERS, obs.get("active"))
        one_hot(v, o("target"), NUM_PLAYERS, obs.get("target"))
        vocab(v, o("phase"), PHASES, obs.get("phase"))
        multi_hot(v, o("winners"), NUM_PLAYERS, obs.get("winners"))
        for q, pl in enumerate(as_list(obs.get("players"))[:NUM_PLAYERS]):
            self._player(v, q, pl)
        multi_hot(v, o("hand"), NUM_CARDS, obs.get("hand"))

    def _player(self, v: Vector, q: int, pl: Any) -> None:
        o = self._off
        r = len(self.roles)
        if pl.get("role") in self.roles:
            v[o("role") + q * r + self.roles.index(pl["role"])] = 1.0
        v[o("role_value") + q] = num(pl.get("role_value")) / 13
        v[o("hand_size") + q] = num(pl.get("hand_size")) / 13
        v[o("cards_left") + q] = num(pl.get("cards_left")) / 20
        multi_hot(v, o("taken") + q * NUM_CARDS, NUM_CARDS, pl.get("taken"))
        w = pl.get("weapon")
        if isinstance(w, dict):
            base = o("weapon") + 5 * q
            v[base] = 1.0
            if w.get("hidden"):
                v[base + 1] = 1.0
            else:
                v[base + 2] = 1.0 if w.get("public") else 0.0
                v[base + 3] = num(w.get("quality")) / 13
                v[base + 4] = num(w.get("uses_left")) / 3
                multi_hot(v, o("weapon_cards") + q * NUM_CARDS, NUM_CARDS, w.get("cards"))
        v[o("may_draw") + q] = num(pl.get("may_draw_from_round")) / 13


__all__ = ["PHASES", "DramaEncoder"]
