"""The observation encoder of 猜拳战争●四年之约 (the game's ``encoder`` hook).

See :mod:`caiquan.engine.encoding` for the header every encoder starts with and
``docs/envs.md`` for the layout.
"""

from __future__ import annotations

from typing import Any

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
    / 13), ``check_discard`` (13, multi-hot of diamonds seen), ``pool`` (C, pickable),
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
        s("pool", c, "multi-hot: the characters one may pick (not taken, not struck)")
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
        self._fill_table(v, obs)
        for p, pl in enumerate(as_list(obs.get("players"))[:2]):
            self._fill_player(v, p, pl)
        battle = obs.get("battle")
        if isinstance(battle, dict):
            self._fill_battle(v, battle)
        table = obs.get("power_table")
        if isinstance(table, dict):
            self._fill_power(v, table)
        last = obs.get("last_round")
        if isinstance(last, dict):
            self._fill_last_round(v, last)

    def _fill_table(self, v: Vector, obs: Obs) -> None:
        o = self._off
        chars = self.chars
        c = len(chars)
        vocab(v, o("phase"), _PROMISE_PHASES, obs.get("phase"))
        v[o("round")] = num(obs.get("round")) / self.round_cap
        for r, row in enumerate(as_list(obs.get("hearts"))[:2]):
            for col, h in enumerate(row[:5]):
                one_hot(v, o("hearts") + (r * 5 + col) * 10, 10, h - 1)
        for p, ch in enumerate(as_list(obs.get("characters"))[:2]):
            if ch in chars:
                v[o("characters") + p * c + chars.index(ch)] = 1.0
        one_hot(v, o("first_picker"), 2, obs.get("first_picker"))
        v[o("choice_throws")] = num(obs.get("choice_throws")) / 10
        for p, t in enumerate(as_list(obs.get("tokens"))[:2]):
            for cell in as_list(t):
                if isinstance(cell, int) and 0 <= cell < 10:
                    v[o("tokens") + p * 10 + cell] += 0.5
        v[o("check_deck")] = num(obs.get("check_deck")) / 13
        multi_hot(v, o("check_discard"), 13, obs.get("check_discard"), 1)
        for ch in as_list(obs.get("pool")):
            if ch in chars:
                v[o("pool") + chars.index(ch)] = 1.0

    def _fill_player(self, v: Vector, p: int, pl: Any) -> None:
        o = self._off
        card = pl.get("character") or {}
        attrs = card.get("attributes") or {}
        for i, a in enumerate(_ATTRS):
            v[o("attributes") + p * 5 + i] = num(attrs.get(a)) / 10
        life, max_life = num(pl.get("life")), max(1.0, num(pl.get("max_life")))
        v[o("life") + 2 * p : o("life") + 2 * p + 2] = (life / 10, life / max_life)
        qi, max_qi = num(pl.get("qi")), max(1.0, num(pl.get("max_qi")))
        v[o("qi") + 2 * p : o("qi") + 2 * p + 2] = (qi / 10, qi / max_qi)
        multi_hot(v, o("hand_skills") + 10 * p, 10, pl.get("hand_skills"), 1)
        multi_hot(v, o("discard_skills") + 10 * p, 10, pl.get("discard_skills"), 1)
        multi_hot(v, o("eligible") + 10 * p, 10, pl.get("eligible"), 1)
        for w in as_list(pl.get("hand_weapons")):
            vocab(v, o("hand_weapons") + 3 * p, _WEAPONS, w)
        vocab(v, o("equipped") + 3 * p, _WEAPONS, pl.get("equipped"))
        v[o("step_range") + p] = num(pl.get("step_range")) / 4
        fd = pl.get("face_down") or {}
        v[o("face_down") + 2 * p] = 1.0 if fd.get("skill") else 0.0
        v[o("face_down") + 2 * p + 1] = 1.0 if fd.get("weapon") else 0.0
        laid = pl.get("laid_skill")
        if isinstance(laid, int):
            one_hot(v, o("laid_skill"), 10, laid - 1)

    def _fill_battle(self, v: Vector, battle: Obs) -> None:
        o = self._off
        for p, sk in enumerate(as_list(battle.get("skills"))[:2]):
            one_hot(v, o("battle_skills") + 10 * p, 10, sk - 1 if isinstance(sk, int) else None)
        for p, st in enumerate(as_list(battle.get("skill_state"))[:2]):
            vocab(v, o("skill_state") + 3 * p, _SKILL_STATES, st)
        for p, fb in enumerate(as_list(battle.get("forbidden"))[:2]):
            for t in as_list(fb):
                vocab(v, o("forbidden") + 3 * p, _BLADES, t)
        multi_hot(v, o("throws_first"), 2, battle.get("throws_first"))
        for p, x in enumerate(as_list(battle.get("damage_bonus"))[:2]):
            v[o("damage_bonus") + p] = num(x) / 5
        for p, x in enumerate(as_list(battle.get("guard"))[:2]):
            v[o("guard") + p] = num(x) / 5
        for i, chk in enumerate(as_list(battle.get("checks"))[:_PROMISE_CHECKS]):
            base = o("checks") + 5 * i
            owner, target, card, ok = (list(chk) + [None] * 4)[:4]
            one_hot(v, base, 2, owner)
            v[base + 2] = num(target) / 13
            v[base + 3] = num(card) / 13
            v[base + 4] = 1.0 if ok else 0.0
        vocab(v, o("open_throw"), _BLADES, battle.get("open_throw"))

    def _fill_power(self, v: Vector, table: Obs) -> None:
        o = self._off
        for ta, row in enumerate(as_list(table.get("cells"))[:3]):
            for tb, cell in enumerate(row[:3]):
                k = 3 * ta + tb
                v[o("power_total") + k] = num(cell.get("total")) / 20
                vocab(v, o("power_verdict") + 3 * k, _VERDICTS, cell.get("verdict"))
        for p, x in enumerate(as_list(table.get("thresholds"))[:2]):
            v[o("thresholds") + p] = num(x) / 10
        for p, x in enumerate(as_list(table.get("draw_wins"))[:2]):
            v[o("draw_wins") + p] = 1.0 if x else 0.0

    def _fill_last_round(self, v: Vector, last: Obs) -> None:
        base = self._off("last_round")
        for p, t in enumerate(as_list(last.get("throws"))[:2]):
            vocab(v, base + 3 * p, _BLADES, t)
        w = last.get("winner")
        one_hot(v, base + 6, 3, 2 if w is None else w)
        v[base + 9] = num(last.get("damage")) / 5
