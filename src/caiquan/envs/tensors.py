"""Fixed-size observation tensors and action masks for the research adapters.

An :class:`Encoder` turns the dict of ``state.observation(player)`` — and nothing else — into a
flat ``float32`` vector whose length depends only on the game and its configuration
(``encoder.size``). It never looks at the state, so it cannot leak hidden information: a
player's tensor is unchanged by ``state.determinize(player, rng)`` (the tests check it).

Every vector is a concatenation of named *segments* (``encoder.segments``: name, offset,
length, meaning), listed per game in ``docs/envs.md`` and printable with
:meth:`Encoder.describe`. Conventions shared by all games:

* seats are absolute (player 0 … N−1); the ``me`` segment says whose view it is;
* a *one-hot* segment has a 1 at the index of a value (all zeros for "none");
  a *multi-hot* segment has a 1 at each member of a set;
* counts and scores are divided by the documented scale; every entry is clipped to
  ``[-1, 1]`` (the Box bounds of the spaces).

The five segments of the common header come first in every game:

=============  ======  ==================================================
segment        length  meaning
=============  ======  ==================================================
``me``         N       one-hot: whose view this is
``to_move``    N       multi-hot: the players deciding now
``committed``  N       multi-hot: players whose face-down choice waits
``terminal``   1       1 when the game is over
``progress``   1       decisions so far / ``game.max_decisions()``
=============  ======  ==================================================

>>> import caiquan
>>> game = caiquan.load_game("goofspiel", num_cards=4)
>>> enc = encoder_for(game)
>>> state = game.new_state(seed=1)
>>> x = enc.encode(state.observation(0))
>>> x.shape, x.dtype, enc.size
((87,), dtype('float32'), 87)
>>> action_mask(state, 0).tolist()
[1, 1, 1, 1]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from caiquan.engine import Game, Player, State
from caiquan.engine.encoding import (
    HIGH,
    LOW,
    Encoder,
    Obs,
    Segment,
    Vector,
    _list,
    _multi,
    _num,
    _one,
    _vocab,
)

# ---------------------------------------------------------------------- goofspiel


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
        _one(v, self._off("point_card"), n, pc - 1 if isinstance(pc, int) else None)
        _multi(v, self._off("remaining_points"), n, obs.get("remaining_points"), 1)
        off = self._off("points")
        for p, x in enumerate(_list(obs.get("points"))[:k]):
            v[off + p] = _num(x) / self.total
        v[self._off("turn")] = _num(obs.get("turn")) / t
        off = self._off("point_sequence")
        for i, c in enumerate(_list(obs.get("point_sequence"))[:t]):
            _one(v, off + i * n, n, c - 1)
        off = self._off("win_sequence")
        for i, w in enumerate(_list(obs.get("win_sequence"))[:t]):
            _one(v, off + i * (k + 1), k + 1, k if w < 0 else w)
        if self.imp:
            _multi(v, self._off("hand"), n, obs.get("hand"), 1)
            off = self._off("my_bids")
            for i, b in enumerate(_list(obs.get("my_bids"))[:t]):
                _one(v, off + i * n, n, b - 1)
        else:
            off = self._off("hands")
            for p, h in enumerate(_list(obs.get("hands"))[:k]):
                _multi(v, off + p * n, n, h, 1)
            off = self._off("bids")
            for i, turn in enumerate(_list(obs.get("bids"))[:t]):
                for p, b in enumerate(turn[:k]):
                    _one(v, off + (i * k + p) * n, n, b - 1)


# ---------------------------------------------------------------------- drama

DRAMA_PHASES = ("setup", "role", "rearm", "target", "duel", "discard", "answer", "supply", "over")
DRAMA_NATURES = ("attack", "defence", "supply", "discard")
_DRAMA_PLAYERS = 4
_CARDS = 52


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
        k = _DRAMA_PLAYERS
        s = self._seg
        s("round", 1, "round / rounds")
        s("round_card", _CARDS, "one-hot: the round card")
        s("round_value", 1, "round value / 13")
        s("nature", 4, "one-hot: attack, defence, supply, discard")
        s("last_round", 1, "1 in the last round")
        s("round_cards", _CARDS, "multi-hot: round cards turned so far")
        s("round_pile", 1, "round cards left / 13")
        s("table_pile", 1, "table pile / 52")
        s("leader", k, "one-hot: the round's leader")
        s("active", k, "one-hot: the active player")
        s("target", k, "one-hot: the named target")
        s("phase", len(DRAMA_PHASES), "one-hot: " + ", ".join(DRAMA_PHASES))
        s("winners", k, "multi-hot: winners so far")
        s("role", k * r, "per player: one-hot role (content order)")
        s("role_value", k, "per player: role value / 13")
        s("hand_size", k, "per player: hand size / 13")
        s("cards_left", k, "per player: cards left / 20")
        s("taken", k * _CARDS, "per player: multi-hot of cards taken back in public")
        s("weapon", k * 5, "per player: has a pair, hidden, public, quality / 13, uses / 3")
        s("weapon_cards", k * _CARDS, "per player: the weapon pair's cards, when visible")
        s("may_draw", k, "per player: may draw from round / 13")
        s("hand", _CARDS, "multi-hot: my hand")

    def _fill(self, v: Vector, obs: Obs) -> None:
        o = self._off
        k = _DRAMA_PLAYERS
        v[o("round")] = _num(obs.get("round")) / self.rounds
        _one(v, o("round_card"), _CARDS, obs.get("round_card"))
        v[o("round_value")] = _num(obs.get("round_value")) / 13
        _vocab(v, o("nature"), DRAMA_NATURES, obs.get("nature"))
        v[o("last_round")] = 1.0 if obs.get("last_round") else 0.0
        _multi(v, o("round_cards"), _CARDS, obs.get("round_cards"))
        v[o("round_pile")] = _num(obs.get("round_pile")) / 13
        v[o("table_pile")] = _num(obs.get("table_pile")) / _CARDS
        _one(v, o("leader"), k, obs.get("leader"))
        _one(v, o("active"), k, obs.get("active"))
        _one(v, o("target"), k, obs.get("target"))
        _vocab(v, o("phase"), DRAMA_PHASES, obs.get("phase"))
        _multi(v, o("winners"), k, obs.get("winners"))
        r = len(self.roles)
        for q, pl in enumerate(_list(obs.get("players"))[:k]):
            if pl.get("role") in self.roles:
                v[o("role") + q * r + self.roles.index(pl["role"])] = 1.0
            v[o("role_value") + q] = _num(pl.get("role_value")) / 13
            v[o("hand_size") + q] = _num(pl.get("hand_size")) / 13
            v[o("cards_left") + q] = _num(pl.get("cards_left")) / 20
            _multi(v, o("taken") + q * _CARDS, _CARDS, pl.get("taken"))
            w = pl.get("weapon")
            if isinstance(w, dict):
                base = o("weapon") + 5 * q
                v[base] = 1.0
                if w.get("hidden"):
                    v[base + 1] = 1.0
                else:
                    v[base + 2] = 1.0 if w.get("public") else 0.0
                    v[base + 3] = _num(w.get("quality")) / 13
                    v[base + 4] = _num(w.get("uses_left")) / 3
                    _multi(v, o("weapon_cards") + q * _CARDS, _CARDS, w.get("cards"))
            v[o("may_draw") + q] = _num(pl.get("may_draw_from_round")) / 13
        _multi(v, o("hand"), _CARDS, obs.get("hand"))


# ---------------------------------------------------------------------- registry


def encoder_for(game: Game) -> Encoder:
    """The observation encoder a game declares (its ``encoder`` hook), for its configuration."""
    factory: Callable[[Game], Encoder] | None = game.hook("encoder")
    if factory is None:
        raise KeyError(
            f"game {game.id!r} declares no observation encoder (an ``encoder`` hook on its "
            "Game class); the tensor adapters need one"
        )
    return factory(game)


def action_mask(state: State, player: Player) -> npt.NDArray[np.int8]:
    """``int8`` vector over the option-id space: 1 at each legal option of ``player`` now."""
    mask = np.zeros(state.game.num_option_ids, dtype=np.int8)
    legal = state.legal(player)
    if legal:
        mask[list(legal)] = 1
    return mask


__all__ = [
    "HIGH",
    "LOW",
    "DramaEncoder",
    "Encoder",
    "GoofspielEncoder",
    "Segment",
    "action_mask",
    "encoder_for",
]
