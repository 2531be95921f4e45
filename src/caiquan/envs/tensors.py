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

# ---------------------------------------------------------------------- promise

_PROMISE_PHASES = ("choose", "pick", "stance", "skill", "weapon", "throw", "over")
_BLADES = ("slash", "pierce", "strike")
_WEAPONS = ("J", "Q", "K")
_SKILL_STATES = ("active", "ineligible", "unaffordable")
_VERDICTS = ("A", "B", "draw")
_ATTRS = ("slash", "pierce", "strike", "vitality", "qi")
_PROMISE_CHECKS = 4


class PromiseEncoder(Encoder):
    """猜拳战争●四年之约 (2 players, ``C`` characters in the content).

    Segments after the header (per-player blocks are for seat A then seat B):
    ``phase`` (7: choose, pick, stance, skill, weapon, throw, over: the configuration's two
    face-down steps are ``skill`` then ``weapon``), ``round`` (round / round_cap),
    ``hearts`` (10×10: cell ``r*5+c`` one-hot of its heart value − 1), ``characters`` (2×(C),
    one-hot character index; zeros while hidden or unpicked), ``first_picker`` (2),
    ``choice_throws`` (/10), ``tokens`` (2×10: tokens per cell / 2), ``check_deck`` (cards left
    / 13), ``check_discard`` (13, multi-hot of diamonds seen), ``pool`` (C, draft pool),
    ``attributes`` (2×5: slash, pierce, strike, vitality, qi of the character / 10),
    ``life`` (2×2: life / 10, life / max life), ``qi`` (2×2: qi / 10, qi / max qi),
    ``hand_skills`` / ``discard_skills`` / ``eligible`` (2×10 each, multi-hot of card values),
    ``hand_weapons`` (2×3), ``equipped`` (2×3), ``step_range`` (2, / 4), ``face_down`` (2×2:
    a skill card, a weapon card laid face down this round — public, as at a real table),
    ``laid_skill`` (10, one-hot: the skill card you laid face down; yours only),
    ``battle_skills`` (2×10, the revealed skill card), ``skill_state`` (2×3: active,
    ineligible, unaffordable), ``forbidden`` (2×3 throws), ``throws_first`` (2),
    ``damage_bonus`` and ``guard`` (2 each, / 5), ``checks`` (4 checks × (owner 2, target / 13,
    card / 13, success)), ``open_throw`` (3), ``power_total`` (3×3 cell totals / 20, A's throw
    by B's throw), ``power_verdict`` (3×3×3: A, B, draw), ``thresholds`` (2, / 10),
    ``draw_wins`` (2), ``last_round`` (2×3 throws, 3 winner A/B/none, damage / 5).
    """

    game_id = "promise"

    def _layout(self) -> None:
        g: Any = self.game
        self.chars = [c.id for c in g.content.characters]
        c = len(self.chars)
        self.round_cap = max(1, int(g.data.round_cap))
        s = self._seg
        s("phase", 7, "one-hot: choose, pick, stance, skill, weapon, throw, over")
        s("round", 1, "round / round_cap")
        s("hearts", 100, "cell r*5+c: one-hot of its heart value − 1")
        s("characters", 2 * c, "per seat: one-hot character (content order); 0 if unknown")
        s("first_picker", 2, "one-hot: who picked first")
        s("choice_throws", 1, "character-choice throws so far / 10")
        s("tokens", 20, "per seat and cell: tokens there / 2")
        s("check_deck", 1, "check cards left / 13")
        s("check_discard", 13, "multi-hot: diamonds turned (value − 1)")
        s("pool", c, "multi-hot: characters still in the draft pool")
        s("attributes", 10, "per seat: slash, pierce, strike, vitality, qi / 10")
        s("life", 4, "per seat: life / 10, life / max life")
        s("qi", 4, "per seat: qi / 10, qi / max qi")
        s("hand_skills", 20, "per seat: multi-hot of skill cards in hand (value − 1)")
        s("discard_skills", 20, "per seat: multi-hot of discarded skill cards")
        s("eligible", 20, "per seat: multi-hot of usable skill values")
        s("hand_weapons", 6, "per seat: multi-hot J, Q, K in hand")
        s("equipped", 6, "per seat: one-hot J, Q, K equipped")
        s("step_range", 2, "per seat: stance step range / 4")
        s("face_down", 4, "per seat: a skill card, a weapon card laid face down this round")
        s("laid_skill", 10, "one-hot: the skill card you laid face down (yours only)")
        s("battle_skills", 20, "per seat: one-hot of the revealed skill card")
        s("skill_state", 6, "per seat: one-hot active, ineligible, unaffordable")
        s("forbidden", 6, "per seat: multi-hot of forbidden throws")
        s("throws_first", 2, "multi-hot: who must throw first, openly")
        s("damage_bonus", 2, "per seat: damage bonus / 5")
        s("guard", 2, "per seat: guard / 5")
        s("checks", 5 * _PROMISE_CHECKS, "first 4 checks: owner one-hot, target/13, card/13, ok")
        s("open_throw", 3, "one-hot: the throw made first, openly")
        s("power_total", 9, "power table: total of cell (A's throw, B's throw) / 20")
        s("power_verdict", 27, "power table: one-hot verdict A, B, draw per cell")
        s("thresholds", 2, "win thresholds / 10")
        s("draw_wins", 2, "per seat: a draw counts as a win")
        s("last_round", 10, "last round: throws (2×3), winner A/B/none (3), damage / 5")

    def _fill(self, v: Vector, obs: Obs) -> None:
        o = self._off
        chars = self.chars
        c = len(chars)
        _vocab(v, o("phase"), _PROMISE_PHASES, obs.get("phase"))
        v[o("round")] = _num(obs.get("round")) / self.round_cap
        for r, row in enumerate(_list(obs.get("hearts"))[:2]):
            for col, h in enumerate(row[:5]):
                _one(v, o("hearts") + (r * 5 + col) * 10, 10, h - 1)
        for p, ch in enumerate(_list(obs.get("characters"))[:2]):
            if ch in chars:
                v[o("characters") + p * c + chars.index(ch)] = 1.0
        _one(v, o("first_picker"), 2, obs.get("first_picker"))
        v[o("choice_throws")] = _num(obs.get("choice_throws")) / 10
        for p, t in enumerate(_list(obs.get("tokens"))[:2]):
            for cell in _list(t):
                if isinstance(cell, int) and 0 <= cell < 10:
                    v[o("tokens") + p * 10 + cell] += 0.5
        v[o("check_deck")] = _num(obs.get("check_deck")) / 13
        _multi(v, o("check_discard"), 13, obs.get("check_discard"), 1)
        for ch in _list(obs.get("pool")):
            if ch in chars:
                v[o("pool") + chars.index(ch)] = 1.0
        for p, pl in enumerate(_list(obs.get("players"))[:2]):
            card = pl.get("character") or {}
            attrs = card.get("attributes") or {}
            for i, a in enumerate(_ATTRS):
                v[o("attributes") + p * 5 + i] = _num(attrs.get(a)) / 10
            life, max_life = _num(pl.get("life")), max(1.0, _num(pl.get("max_life")))
            v[o("life") + 2 * p : o("life") + 2 * p + 2] = (life / 10, life / max_life)
            qi, max_qi = _num(pl.get("qi")), max(1.0, _num(pl.get("max_qi")))
            v[o("qi") + 2 * p : o("qi") + 2 * p + 2] = (qi / 10, qi / max_qi)
            _multi(v, o("hand_skills") + 10 * p, 10, pl.get("hand_skills"), 1)
            _multi(v, o("discard_skills") + 10 * p, 10, pl.get("discard_skills"), 1)
            _multi(v, o("eligible") + 10 * p, 10, pl.get("eligible"), 1)
            for w in _list(pl.get("hand_weapons")):
                _vocab(v, o("hand_weapons") + 3 * p, _WEAPONS, w)
            _vocab(v, o("equipped") + 3 * p, _WEAPONS, pl.get("equipped"))
            v[o("step_range") + p] = _num(pl.get("step_range")) / 4
            fd = pl.get("face_down") or {}
            v[o("face_down") + 2 * p] = 1.0 if fd.get("skill") else 0.0
            v[o("face_down") + 2 * p + 1] = 1.0 if fd.get("weapon") else 0.0
            laid = pl.get("laid_skill")
            if isinstance(laid, int):
                _one(v, o("laid_skill"), 10, laid - 1)
        battle = obs.get("battle")
        if isinstance(battle, dict):
            for p, sk in enumerate(_list(battle.get("skills"))[:2]):
                _one(v, o("battle_skills") + 10 * p, 10, sk - 1 if isinstance(sk, int) else None)
            for p, st in enumerate(_list(battle.get("skill_state"))[:2]):
                _vocab(v, o("skill_state") + 3 * p, _SKILL_STATES, st)
            for p, fb in enumerate(_list(battle.get("forbidden"))[:2]):
                for t in _list(fb):
                    _vocab(v, o("forbidden") + 3 * p, _BLADES, t)
            _multi(v, o("throws_first"), 2, battle.get("throws_first"))
            for p, x in enumerate(_list(battle.get("damage_bonus"))[:2]):
                v[o("damage_bonus") + p] = _num(x) / 5
            for p, x in enumerate(_list(battle.get("guard"))[:2]):
                v[o("guard") + p] = _num(x) / 5
            for i, chk in enumerate(_list(battle.get("checks"))[:_PROMISE_CHECKS]):
                base = o("checks") + 5 * i
                owner, target, card, ok = (list(chk) + [None] * 4)[:4]
                _one(v, base, 2, owner)
                v[base + 2] = _num(target) / 13
                v[base + 3] = _num(card) / 13
                v[base + 4] = 1.0 if ok else 0.0
            _vocab(v, o("open_throw"), _BLADES, battle.get("open_throw"))
        table = obs.get("power_table")
        if isinstance(table, dict):
            for ta, row in enumerate(_list(table.get("cells"))[:3]):
                for tb, cell in enumerate(row[:3]):
                    k = 3 * ta + tb
                    v[o("power_total") + k] = _num(cell.get("total")) / 20
                    _vocab(v, o("power_verdict") + 3 * k, _VERDICTS, cell.get("verdict"))
            for p, x in enumerate(_list(table.get("thresholds"))[:2]):
                v[o("thresholds") + p] = _num(x) / 10
            for p, x in enumerate(_list(table.get("draw_wins"))[:2]):
                v[o("draw_wins") + p] = 1.0 if x else 0.0
        last = obs.get("last_round")
        if isinstance(last, dict):
            base = o("last_round")
            for p, t in enumerate(_list(last.get("throws"))[:2]):
                _vocab(v, base + 3 * p, _BLADES, t)
            w = last.get("winner")
            _one(v, base + 6, 3, 2 if w is None else w)
            v[base + 9] = _num(last.get("damage")) / 5


# ---------------------------------------------------------------------- legends

LEGENDS_DECISIONS = (
    "action", "war_target", "announce", "throw", "output", "marker", "target", "discard",
    "purge", "scout", "take", "develop", "raze", "flip", "may",
)  # fmt: skip
LEGENDS_ENDS = ("continents", "stars", "cap", "no_progress")
_MARKERS = ("might", "tech", "culture")
_RPS = ("rock", "scissors", "paper")


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
        g: Any = self.game
        n = self.num_players
        self.P = p = len(g.content.persons)
        self.T = t = len(g.content.territories)
        self.round_cap = max(1, int(g.round_cap))
        s = self._seg
        s("round", 1, "round / round_cap")
        s("start", n, "one-hot: the round's start player")
        s("current", n, "one-hot: the player whose turn it is")
        s("decision", len(LEGENDS_DECISIONS), "one-hot: the pending decision kind")
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
        s("end", len(LEGENDS_ENDS), "one-hot: how the game ended")
        s("hand", p, "multi-hot: my hand")
        s("territory_known", t, "1 / (1 + depth) of territories I know in the deck")
        s("known_in_hands", n * p, "per other player: multi-hot of cards I know they hold")

    def _fill(self, v: Vector, obs: Obs) -> None:
        o = self._off
        n, p, t = self.num_players, self.P, self.T
        v[o("round")] = _num(obs.get("round")) / self.round_cap
        _one(v, o("start"), n, obs.get("start"))
        _one(v, o("current"), n, obs.get("current"))
        _vocab(v, o("decision"), LEGENDS_DECISIONS, obs.get("decision"))
        for q, pl in enumerate(_list(obs.get("players"))[:n]):
            v[o("hand_count") + q] = _num(pl.get("hand_count")) / 10
            _multi(v, o("display") + q * p, p, pl.get("display"))
            markers = pl.get("markers") or {}
            for k, m in enumerate(_MARKERS):
                v[o("markers") + 3 * q + k] = _num(markers.get(m)) / 30
            v[o("passed") + q] = 1.0 if pl.get("passed") else 0.0
            v[o("score") + q] = _num(pl.get("score")) / 20
            v[o("continents") + q] = _num(pl.get("continents")) / 6
            for terr in _list(pl.get("territories")):
                if isinstance(terr, int) and 0 <= terr < t:
                    v[o("owner") + terr * (n + 1) + q] = 1.0
        owned = v[o("owner") : o("owner") + t * (n + 1)].reshape(t, n + 1)
        owned[owned[:, :n].sum(axis=1) == 0, n] = 1.0
        _multi(v, o("yellow"), t, obs.get("yellow"))
        v[o("deck")] = _num(obs.get("deck")) / p
        _multi(v, o("discard"), p, obs.get("discard"))
        v[o("territory_deck")] = _num(obs.get("territory_deck")) / t
        _one(v, o("territory_top"), t, obs.get("territory_top"))
        _multi(v, o("territory_discard"), t, obs.get("territory_discard"))
        war = obs.get("war")
        if isinstance(war, dict):
            base = o("war")
            v[base] = 1.0
            _one(v, base + 1, n, war.get("attacker"))
            _one(v, base + 1 + n, n, war.get("defender"))
            _one(v, base + 1 + 2 * n, t, war.get("territory"))
            _one(v, base + 1 + 2 * n + t, p, war.get("card"))
            rest = base + 1 + 2 * n + t + p
            v[rest] = _num(war.get("ties")) / 10
            v[rest + 1] = 1.0 if war.get("second_chance_used") else 0.0
            _vocab(v, rest + 2, _RPS, war.get("announced"))
        if obs.get("winner") is not None:
            _one(v, o("winner"), n, obs.get("winner"))
        _vocab(v, o("end"), LEGENDS_ENDS, obs.get("end"))
        _multi(v, o("hand"), p, obs.get("hand"))
        for depth, terr in enumerate(_list(obs.get("territory_known"))):
            if isinstance(terr, int) and 0 <= terr < t:
                v[o("territory_known") + terr] = 1.0 / (1 + depth)
        known = obs.get("known_in_hands")
        if isinstance(known, dict):
            for q_str, cards in known.items():
                q = int(q_str)
                if 0 <= q < n:
                    _multi(v, o("known_in_hands") + q * p, p, cards)


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
    "Encoder",
    "LegendsEncoder",
    "PromiseEncoder",
    "Segment",
    "action_mask",
    "encoder_for",
]
