# cython: annotation_typing=False
# (rules.pxd types this module for the compiled fast path; the annotations are for mypy)
"""猜拳战争●四年之约 (The Four-Year Promise): rules as code.

Two players (0 = A, 1 = B). The hearts A–10 lie face up in a 2×5 grid (row 0 is nearest A,
row 1 nearest B; cell ``r*5+c``); each player holds one black suit: skill cards 1–10 and
weapon cards J/Q/K of the character they chose. See ``rules.md`` for the rules as a player
reads them, with every interpretation marked.

Decisions (``kind`` in brackets), in order:

1. character-choice throw [``throw``]: simultaneous plain rock-paper-scissors; ties are
   thrown again (after ``choice_rethrows`` throws a coin from the game's RNG decides);
2. character pick [``character``]: the winner, then the loser, both face down (by default
   a clash leaves the character with the winner and the loser draws another at random);
3. every round: stance placement [``stance``] (simultaneous), then the seed's two
   configuration steps, each simultaneous and face down: ○一 a skill card or none
   [``skill``], ○二 a weapon card or none (keep the equipped one) [``weapon``]; then the
   battle throw [``throw``] (simultaneous; sequential when a "first" effect makes the
   opponent throw first, openly). Reveal, skills, settlement and rest are automatic.
   That a card was laid at each step is public (observation ``face_down`` and the
   ``lay_skill`` / ``lay_weapon`` events); which card stays hidden until the reveal.

Option ids (stable for the whole game; ``num_option_ids = 76 + number of characters``):

==========  =====================================================================
0–2         rock, scissors, paper (character-choice throw, :data:`caiquan.engine.RPS`)
3–5         slash 斩击, pierce 贯彻, strike 打击 (battle throw, :data:`~caiquan.engine.BLADES`)
6–60        stance placement: the unordered pair of cells (i ≤ j) in :data:`PAIRS` order
61–71       configuration ○一: ``61 + skill``; 0 = no skill card, 1–10 = that card
72–75       configuration ○二: ``72 + weapon``; 0 = none (keep the equipped one), 1 = J,
            2 = Q, 3 = K
76…         character pick: ``76 + index`` in the content's character list
==========  =====================================================================

Hidden information: every played card is revealed, so each player's remaining hand is public
(the rules page explains why); a skill card laid face down is still counted in
``hand_skills`` until the reveal, so the hand does not tell which card it is. What nobody
sees is the order of the check deck and, between the two configuration steps, which skill
card the other player laid; in the ``character_pick = "open"`` variant the first picker's
choice is hidden until both have picked. ``determinize`` reshuffles the check deck, redraws
the other's face-down skill card from their hand and, in the open-pick window, redraws the
hidden character.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import ClassVar, Self

from caiquan.engine import (
    BLADES,
    RPS,
    Choice,
    ConfigError,
    ConfigOption,
    Ending,
    Entry,
    Game,
    IllegalDecisionError,
    JSONValue,
    Player,
    Rng,
    Text,
)
from caiquan.engine.fields import Fields
from caiquan.engine.state import State  # the name rules.pxd cimports (compiled)

from .catalogue import card_id, catalogue
from .content import Character, Content, character_card, load_content
from .effects import KINDS, WHENS, Effect, apply_effect
from .events import ending, format_event
from .table import PowerMod, PowerTable, cell_values, compute_table, table_json

RPS_BASE = 0
THROW_BASE = 3
STANCE_BASE = 6
SKILL_BASE = 61  # configuration ○一: 61 + skill card (0 = none)
WEAPON_BASE = 72  # configuration ○二: 72 + weapon (0 = none / keep, 1–3 = J, Q, K)
CHAR_BASE = 76

ROWS, COLS = 2, 5
CELLS = ROWS * COLS
PAIRS: tuple[tuple[int, int], ...] = tuple((i, j) for i in range(CELLS) for j in range(i, CELLS))
PAIR_INDEX: dict[tuple[int, int], int] = {p: k for k, p in enumerate(PAIRS)}
WEAPON_NAMES = ("J", "Q", "K")
ALL_SKILLS = sum(1 << v for v in range(1, 11))
CHECK_CARDS = tuple(range(1, 14))  # diamonds A–K
HEART_CARDS = tuple(range(1, 11))  # hearts A–10

SEATS = ("A", "B")


@functools.cache  # 100 possible pairs, asked every round
def eligible_values(h1: int, h2: int) -> frozenset[int]:
    """Skill values a player with tokens on hearts ``h1`` and ``h2`` may use.

    >>> sorted(eligible_values(4, 5))
    [1, 4, 5, 9]
    """
    return frozenset(v for v in (h1, h2, h1 + h2, abs(h1 - h2)) if 1 <= v <= 10)


# the usable skill values of every pair of hearts (1–10) as a bit mask (bit v = value v):
# skill_status reads it at every reveal and the heuristic at every configuration
ELIGIBLE_MASK: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << v for v in eligible_values(a, b)) for b in range(11)) for a in range(11)
)


#: the index of a trigger's ``when`` in the rules' trigger tables (:func:`_by_when`)
REVEAL, WIN, LOSE, DRAW = (WHENS.index(w) for w in ("reveal", "win", "lose", "draw"))


def _by_when(effects: Sequence[Effect], weapon: bool) -> tuple[tuple[Effect, ...], ...]:
    """A card's effects that trigger, by the index of their ``when`` in :data:`WHENS` (in
    the card's order); a weapon's continuous ones (power, damage, guard) never trigger:
    they work all the time it is equipped, read straight from the card."""
    return tuple(
        tuple(e for e in effects if e.when == when and not (weapon and KINDS[e.kind].continuous))
        for when in WHENS
    )


def _sum(effects: Sequence[Effect], kind: str) -> int:
    """A card's effect values of one kind, summed."""
    return sum(e.value for e in effects if e.kind == kind)


# Legal options are pure functions of a few small values: memoised (measured: the stance
# and configure lists were 60 % of a random playout's time).
_STANCE_LEGAL: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
_SKILL_LEGAL: dict[int, tuple[int, ...]] = {}  # by the hand's skill mask
# legal weapon options by the hand's weapon mask (bit w: J, Q, K)
_CHOOSE_LEGAL = (RPS_BASE, RPS_BASE + 1, RPS_BASE + 2)  # the throw for the first pick
_WEAPON_LEGAL = tuple(
    (WEAPON_BASE, *(WEAPON_BASE + w + 1 for w in range(3) if mask >> w & 1)) for mask in range(8)
)
# legal throws by the mask of forbidden ones (bit t: throw t is forbidden this round)
_THROW_LEGAL = tuple(
    tuple(THROW_BASE + t for t in range(3) if not mask >> t & 1) for mask in range(8)
)


def stance_cell_words(
    c: int, hearts: Sequence[int] | None = None, player: Player | None = None
) -> tuple[str, str]:
    """One cell of the heart grid in words (zh, en): its heart (when ``hearts`` are known),
    its row — the player's own (nearest them) or the far one, or A's / B's without a player —
    and its column counted from the left, 1–5.

    >>> stance_cell_words(7, [6, 1, 2, 3, 4, 5, 7, 9, 8, 10], 0)
    ('♥9（对面一排第 3 列）', '♥9 (far row, column 3)')
    """
    row, col = divmod(c, COLS)
    if player is None:
        side = (f"{SEATS[row]} 方一排", f"{SEATS[row]}'s row")
    else:
        side = ("你这一排", "your row") if row == player else ("对面一排", "far row")
    zh, en = f"{side[0]}第 {col + 1} 列", f"{side[1]}, column {col + 1}"
    if hearts is None:
        return zh, en
    return f"♥{hearts[c]}（{zh}）", f"♥{hearts[c]} ({en})"


def stance_words(
    i: int, j: int, hearts: Sequence[int] | None = None, player: Player | None = None
) -> tuple[str, str]:
    """Where a stance option puts the two tokens, in words (zh, en): each cell as
    :func:`stance_cell_words` says it.

    >>> stance_words(0, 7, [6, 1, 2, 3, 4, 5, 7, 9, 8, 10], 0)[1]
    'tokens on ♥6 (your row, column 1) and ♥9 (far row, column 3)'
    >>> stance_words(2, 2)[0]
    '两枚棋子都放在 A 方一排第 3 列'
    """
    (zi, ei), (zj, ej) = stance_cell_words(i, hearts, player), stance_cell_words(j, hearts, player)
    if i == j:
        return f"两枚棋子都放在 {zi}", f"both tokens on {ei}"
    return f"棋子放在 {zi} 与 {zj}", f"tokens on {ei} and {ej}"


def _distance(a: int, b: int) -> int:
    return abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS)


class Tables:
    """The numbers settlement reads at every battle, as flat tables by character index: the
    game's :attr:`Promise.tables` (the content's dataclasses stay the source; a search settles
    thousands of battles, and an extension type's fields are read without a lookup)."""

    __slots__ = (
        "attacks",
        "base_damage",
        "max_qi",
        "qi_regen",
        "qi_regen_no_skill",
        "recycle",
        "round_cap",
        "skill_costs",
        "skill_triggers",
        "weapon_damage",
        "weapon_effects",
        "weapon_guard",
        "weapon_triggers",
        "weapons_persist",
        "win_threshold",
        "win_value",
    )

    def __init__(self, content: Content, recycle: bool, weapons_persist: bool) -> None:
        d, chars = content.rules, content.characters
        self.win_value: int = d.win_value
        self.win_threshold: int = d.win_threshold
        self.base_damage: int = d.base_damage
        self.qi_regen: int = d.qi_regen
        self.qi_regen_no_skill: int = d.qi_regen_no_skill
        self.round_cap: int = d.round_cap
        self.recycle: bool = recycle
        self.weapons_persist: bool = weapons_persist
        self.max_qi: tuple[int, ...] = tuple(c.qi for c in chars)
        self.attacks: tuple[tuple[int, int, int], ...] = tuple(c.attack for c in chars)
        self.skill_costs: tuple[tuple[int, ...], ...] = tuple(
            tuple(s.cost for s in c.skills) for c in chars
        )
        #: [character][weapon]: its effects, its damage and guard bonuses, its triggers by when
        self.weapon_effects: tuple[tuple[tuple[Effect, ...], ...], ...] = tuple(
            tuple(w.effects for w in c.weapons) for c in chars
        )
        self.weapon_damage: tuple[tuple[int, ...], ...] = tuple(
            tuple(_sum(w.effects, "damage") for w in c.weapons) for c in chars
        )
        self.weapon_guard: tuple[tuple[int, ...], ...] = tuple(
            tuple(_sum(w.effects, "guard") for w in c.weapons) for c in chars
        )
        self.weapon_triggers: tuple[tuple[tuple[tuple[Effect, ...], ...], ...], ...] = tuple(
            tuple(_by_when(w.effects, True) for w in c.weapons) for c in chars
        )
        #: [character][card − 1]: a skill card's effects by when
        self.skill_triggers: tuple[tuple[tuple[tuple[Effect, ...], ...], ...], ...] = tuple(
            tuple(_by_when(s.effects, False) for s in c.skills) for c in chars
        )


class PromiseState(State):
    game: Promise

    # The game's hot fields, declared once: compiled, they are C struct fields of an
    # extension type (rules.pxd); this file stays the reference twin with the same layout.
    # python -m caiquan.fastgen writes __slots__, the clone's field sets, clone and the
    # .pxd's class from this (CONTRIBUTING.md, "Changing hot code").
    FIELDS = Fields(
        values=(
            "choice_throws",
            "contested",
            "first_picker",
            "last_round",
            "phase",
            "reason",
            "round",
            "struck",
        ),
        lists=(
            "chars",
            "check_deck",
            "check_discard",
            "checks",
            "discard_skills",
            "dmg",
            "draw_wins",
            "equipped",
            "first",
            "forbidden",
            "guard",
            "hand_skills",
            "hand_weapons",
            "hearts",
            "life",
            "mods",
            "qi",
            "recover_this",
            "set_skill",
            "set_weapon",
            "skill_state",
            "step_range",
            "threshold_delta",
            "throw_queue",
            "throws",
            "tokens",
        ),
        python_methods=(
            "_legal_stance",
            "_legal_skill",
            "stance_options",
            "_prompt",
            "_describe",
            "_apply_stance",
            "_apply_skill",
            "_apply_weapon",
            "_apply_throw",
            "_observe_player",
        ),
        cython_locals={
            "_apply": "d=tuple",
            "_legal": "d=tuple",
            "_battle": "t=Tables",
            "_deal_damage": "t=Tables",
            "_rest": "t=Tables",
            "_reveal": "t=Tables",
            "_settle": "t=Tables",
            "_settle_triggers": "t=Tables",
            "skill_status": "t=Tables",
            "thresholds": "t=Tables",
        },
    )

    # --- generated by caiquan.fastgen from PromiseState.FIELDS: do not edit ---
    __slots__ = (
        "chars",
        "check_deck",
        "check_discard",
        "checks",
        "choice_throws",
        "contested",
        "discard_skills",
        "dmg",
        "draw_wins",
        "equipped",
        "first",
        "first_picker",
        "forbidden",
        "guard",
        "hand_skills",
        "hand_weapons",
        "hearts",
        "last_round",
        "life",
        "mods",
        "phase",
        "qi",
        "reason",
        "recover_this",
        "round",
        "set_skill",
        "set_weapon",
        "skill_state",
        "step_range",
        "struck",
        "threshold_delta",
        "throw_queue",
        "throws",
        "tokens",
    )
    _flat_fields: ClassVar[frozenset[str]] = frozenset(
        {
            "chars",
            "check_deck",
            "check_discard",
            "checks",
            "discard_skills",
            "dmg",
            "draw_wins",
            "equipped",
            "first",
            "forbidden",
            "guard",
            "hand_skills",
            "hand_weapons",
            "hearts",
            "life",
            "mods",
            "qi",
            "recover_this",
            "set_skill",
            "set_weapon",
            "skill_state",
            "step_range",
            "threshold_delta",
            "throw_queue",
            "throws",
            "tokens",
        }
    )

    def clone(self) -> Self:
        """A copy of this state: what :meth:`State.clone` makes of it (the flat fields
        copied, the nested ones two levels deep, the others shared), written out field
        by field."""
        if type(self) is not PromiseState or vars(self):
            return State.clone(self)  # a subclass or an extra attribute: the general path
        new = PromiseState.__new__(PromiseState)
        self._engine_fill(new)
        # [:] of a list: the same new list as list(), and a direct slice compiled
        new.chars = self.chars[:]
        new.check_deck = self.check_deck[:]
        new.check_discard = self.check_discard[:]
        new.checks = self.checks[:]
        new.choice_throws = self.choice_throws
        new.contested = self.contested
        new.discard_skills = self.discard_skills[:]
        new.dmg = self.dmg[:]
        new.draw_wins = self.draw_wins[:]
        new.equipped = self.equipped[:]
        new.first = self.first[:]
        new.first_picker = self.first_picker
        new.forbidden = self.forbidden[:]
        new.guard = self.guard[:]
        new.hand_skills = self.hand_skills[:]
        new.hand_weapons = self.hand_weapons[:]
        new.hearts = self.hearts[:]
        new.last_round = self.last_round
        new.life = self.life[:]
        new.mods = self.mods[:]
        new.phase = self.phase
        new.qi = self.qi[:]
        new.reason = self.reason
        new.recover_this = self.recover_this[:]
        new.round = self.round
        new.set_skill = self.set_skill[:]
        new.set_weapon = self.set_weapon[:]
        new.skill_state = self.skill_state[:]
        new.step_range = self.step_range[:]
        new.struck = self.struck
        new.threshold_delta = self.threshold_delta[:]
        new.throw_queue = self.throw_queue[:]
        new.throws = self.throws[:]
        new.tokens = self.tokens[:]
        return new  # type: ignore[return-value]  # Self is PromiseState here (checked above)

    # --- end of generated code ---

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        g = self.game
        hearts = list(HEART_CARDS)
        self.rng.shuffle(hearts)
        self.hearts: list[int] = hearts
        deck = list(CHECK_CARDS)
        self.rng.shuffle(deck)
        self.check_deck: list[int] = deck  # the top card is the last one
        self.check_discard: list[int] = []
        self.phase = "choose"
        self.round = 0
        self.choice_throws = 0
        self.first_picker = -1
        self.chars: list[int] = [-1, -1]
        self.struck = 0  # character_pick = "blind": characters out after a clash (bit per index)
        self.contested = -1  # blind, two left, both chose it: a throw decides who keeps it
        self.tokens: list[tuple[int, int]] = [(-1, -1), (-1, -1)]
        self.life: list[int] = [0, 0]
        self.qi: list[int] = [0, 0]
        self.hand_skills: list[int] = [0, 0]
        self.discard_skills: list[int] = [0, 0]
        self.hand_weapons: list[int] = [0, 0]
        self.equipped: list[int] = [-1, -1]
        step = g.data.stance_step
        self.step_range: list[int] = [step, step]
        self.reason = ""
        self.last_round: tuple[int, int, int, int] | None = None  # throws, winner, damage
        self._reset_round()
        if not self._quiet:
            self._log("deal", {"hearts": [self.hearts[:COLS], self.hearts[COLS:]]})
        if g.fixed_chars is not None:
            for p in (0, 1):
                self.chars[p] = g.fixed_chars[p]
            self._start_game()
        else:
            self._movers = (0, 1)

    def _reset_round(self) -> None:
        self.set_skill: list[int] = [0, 0]
        self.set_weapon: list[int] = [-1, -1]
        self.skill_state: list[str] = ["", ""]
        self.mods: list[PowerMod] = []
        self.forbidden: list[int] = [0, 0]
        self.first: list[bool] = [False, False]
        self.threshold_delta: list[int] = [0, 0]
        self.dmg: list[int] = [0, 0]
        self.guard: list[int] = [0, 0]
        self.draw_wins: list[bool] = [False, False]
        self.recover_this: list[bool] = [False, False]
        self.throws: list[int] = [-1, -1]
        self.throw_queue: list[int] = []
        self.checks: list[tuple[int, int, int, bool]] = []

    def _start_game(self) -> None:
        chars = self.game.content.characters
        if not self._quiet:
            self._log(
                "characters",
                {
                    "characters": [chars[c].id for c in self.chars],
                    "names": [chars[c].name for c in self.chars],
                    "names_en": [chars[c].name_en for c in self.chars],
                },
            )
        for p in (0, 1):
            c = chars[self.chars[p]]
            self.life[p] = c.vitality
            self.qi[p] = c.qi
            self.hand_skills[p] = ALL_SKILLS
            self.hand_weapons[p] = 0b111
        self.round = 1
        self._begin_round()

    def _clear_round(self) -> None:
        """:meth:`_reset_round` in place: the state owns these lists (a clone copies them),
        so a new round empties them instead of making fourteen new ones."""
        self.set_skill[0] = self.set_skill[1] = 0
        self.set_weapon[0] = self.set_weapon[1] = -1
        self.skill_state[0] = self.skill_state[1] = ""
        self.mods.clear()
        self.forbidden[0] = self.forbidden[1] = 0
        self.first[0] = self.first[1] = False
        self.threshold_delta[0] = self.threshold_delta[1] = 0
        self.dmg[0] = self.dmg[1] = 0
        self.guard[0] = self.guard[1] = 0
        self.draw_wins[0] = self.draw_wins[1] = False
        self.recover_this[0] = self.recover_this[1] = False
        self.throws[0] = self.throws[1] = -1
        self.throw_queue.clear()
        self.checks.clear()

    def _begin_round(self) -> None:
        self._clear_round()
        self.phase = "stance"
        if not self._quiet:
            self._log("round", {"round": self.round})
        self._movers = (0, 1)

    # ------------------------------------------------------------------ legal options

    def _legal(self, player: Player) -> Sequence[int]:
        d = PHASES.get(self.phase)
        if d is None:  # pragma: no cover - nobody moves in another phase
            return []
        return d[1](self, player)

    def _legal_choose(self, player: Player) -> Sequence[int]:
        return _CHOOSE_LEGAL

    def _legal_pick(self, player: Player) -> Sequence[int]:
        taken = {c for c in self.chars if c >= 0} if self.game.draft else set()
        n = len(self.game.content.characters)
        return [CHAR_BASE + i for i in range(n) if i not in taken and not self.struck >> i & 1]

    def _legal_stance(self, player: Player) -> Sequence[int]:
        a, b = self.tokens[player]
        key = (player, a, b, self.step_range[player])
        cached = _STANCE_LEGAL.get(key)
        if cached is None:
            cached = _STANCE_LEGAL[key] = tuple(
                STANCE_BASE + k for k in self.stance_options(player)
            )
        return cached

    def _legal_skill(self, player: Player) -> Sequence[int]:
        hand = self.hand_skills[player]
        found = _SKILL_LEGAL.get(hand)
        if found is None:
            found = _SKILL_LEGAL[hand] = (
                SKILL_BASE,
                *(SKILL_BASE + v for v in range(1, 11) if hand >> v & 1),
            )
        return found

    def _legal_weapon(self, player: Player) -> Sequence[int]:
        return _WEAPON_LEGAL[self.hand_weapons[player]]

    def _legal_throw(self, player: Player) -> Sequence[int]:
        return _THROW_LEGAL[self.forbidden[player]]

    def stance_options(self, player: Player) -> list[int]:
        """Indexes into :data:`PAIRS` of the placements ``player`` may choose now."""
        a, b = self.tokens[player]
        if a < 0:
            row = range(player * COLS, player * COLS + COLS)
            return sorted(PAIR_INDEX[(i, j)] for i in row for j in row if i <= j)
        r = self.step_range[player]
        na = [c for c in range(CELLS) if _distance(a, c) <= r]
        nb = [c for c in range(CELLS) if _distance(b, c) <= r]
        return sorted({PAIR_INDEX[(min(x, y), max(x, y))] for x in na for y in nb})

    def _kind(self, player: Player) -> str:
        return str(PHASES[self.phase][0])

    def _prompt(self, player: Player) -> tuple[str, str]:
        ph = self.phase
        if ph == "choose" and self.contested >= 0:
            c = self.game.content.characters[self.contested]
            return (
                f"双方都选了{c.name}，只剩两名人物：猜拳，赢者得到{c.name}",
                f"both chose {c.name_en} with two characters left: rock-paper-scissors, the "
                "winner keeps it",
            )
        if ph == "choose":
            return ("猜拳决定谁先选角色：出石头、剪刀或布", "rock-paper-scissors for first pick")
        if ph == "pick":
            return ("选择你的人物卡", "choose your character")
        if ph == "stance":
            return (
                f"第 {self.round} 回合预备阶段：放置两枚棋子",
                f"round {self.round}, preparation: place your two stance tokens",
            )
        if ph == "skill":
            h1, h2 = (self.hearts[c] for c in self.tokens[player])
            ok = sorted(eligible_values(h1, h2))
            return (
                f"配置阶段○一：暗置一张技能卡，或不放置"
                f"（可发动的点数：{'、'.join(map(str, ok))}；气 {self.qi[player]}）",
                f"configuration, step 1: lay a skill card face down, or none (usable "
                f"values: {', '.join(map(str, ok))}; qi {self.qi[player]})",
            )
        if ph == "weapon":
            laid = self.set_skill[1 - player] != 0
            return (
                "配置阶段○二：暗置一张武器卡，或不放置（保留已装备的武器）"
                + ("；对手暗置了一张技能卡" if laid else "；对手没有放置技能卡"),
                "configuration, step 2: lay a weapon card face down, or none (keep the "
                "equipped one)"
                + ("; the opponent laid a skill card" if laid else "; the opponent laid no skill"),
            )
        if self.throw_queue and len(self.throw_queue) == 1:
            t = self.throws[1 - player]
            return (
                f"对手已出{BLADES.zh[t]}：轮到你出拳",
                f"the opponent threw {BLADES.en[t]}: your throw",
            )
        if self.throw_queue:
            return ("你须先出拳（公开）", "you must throw first, openly")
        return ("一，二，三，出拳！", "one, two, three: throw!")

    def _describe(self, player: Player, option: int) -> Choice:
        g = self.game
        if STANCE_BASE <= option < SKILL_BASE:
            i, j = PAIRS[option - STANCE_BASE]
            zh, en = stance_words(i, j, self.hearts, player)
            return Choice(option, f"stance-{i}-{j}", zh, en)
        if SKILL_BASE < option < WEAPON_BASE and self.chars[player] >= 0:
            v = option - SKILL_BASE
            sk = g.content.characters[self.chars[player]].skills[v - 1]
            zh = f"技能 {v}「{sk.name}」（气 {sk.cost}）"
            en = f"skill {v} ({sk.name_en}, qi {sk.cost})"
            status = self.skill_status(player, v)
            if status == "ineligible":
                h1, h2 = (self.hearts[c] for c in self.tokens[player])
                ok = sorted(eligible_values(h1, h2))
                return Choice(
                    option,
                    f"skill-{v}",
                    zh,
                    en,
                    f"无法发动：{v} 不是你棋子下红心的点数或其和、差"
                    f"（可发动：{'、'.join(map(str, ok))}），揭示后直接弃掉",
                    f"no effect: {v} is not a heart value under your tokens nor their sum "
                    f"or difference (usable: {', '.join(map(str, ok))}); it is discarded at "
                    "the reveal",
                )
            if status == "unaffordable":
                return Choice(
                    option,
                    f"skill-{v}",
                    zh,
                    en,
                    f"无法发动：需要气 {sk.cost}，你只有 {self.qi[player]}，揭示后直接弃掉",
                    f"no effect: it costs {sk.cost} qi and you have {self.qi[player]}; it "
                    "is discarded at the reveal",
                )
            return Choice(option, f"skill-{v}", zh, en)
        if WEAPON_BASE <= option < CHAR_BASE and self.chars[player] >= 0:
            c = g.content.characters[self.chars[player]]
            w = option - WEAPON_BASE
            if w:
                wp = c.weapons[w - 1]
                return Choice(
                    option, f"weapon-{wp.card}", f"武器 {wp.card}「{wp.name}」",
                    f"weapon {wp.card} ({wp.name_en})",
                )  # fmt: skip
            eq = self.equipped[player]
            if eq >= 0:
                wp = c.weapons[eq]
                return Choice(
                    option, "weapon-none", f"不放武器卡（保留 {wp.card}「{wp.name}」）",
                    f"no weapon card (keep {wp.card}, {wp.name_en})",
                )  # fmt: skip
            return Choice(option, "weapon-none", "不放武器卡", "no weapon card")
        return g.describe_option(option)

    def skill_status(self, player: Player, card: int) -> str:
        """What the skill ``card`` laid by ``player`` now would do at the reveal, by the
        rules' own checks: ``"active"``, ``"ineligible"`` (its value is not a heart under the
        player's tokens, nor their sum or difference) or ``"unaffordable"`` (too little qi)."""
        t1, t2 = self.tokens[player]
        hearts = self.hearts
        if card < 0 or not ELIGIBLE_MASK[hearts[t1]][hearts[t2]] >> card & 1:
            return "ineligible"
        t = self.game.tables
        cost = t.skill_costs[self.chars[player]][card - 1]
        return "unaffordable" if self.qi[player] < cost else "active"

    # ------------------------------------------------------------------ apply

    def _apply(self, joint: dict[Player, int]) -> None:
        d = PHASES.get(self.phase)
        if d is None:  # pragma: no cover - the engine never applies to a finished game
            raise AssertionError(f"no decision in phase {self.phase}")
        d[2](self, joint)

    def _apply_choice_throw(self, joint: dict[Player, int]) -> None:
        self._apply_choose(joint[0] - RPS_BASE, joint[1] - RPS_BASE)

    def _apply_character(self, joint: dict[Player, int]) -> None:
        ((p, o),) = joint.items()
        self._apply_pick(p, o - CHAR_BASE)

    def _apply_stance(self, joint: dict[Player, int]) -> None:
        for p in (0, 1):
            self.tokens[p] = PAIRS[joint[p] - STANCE_BASE]
            self.step_range[p] = self.game.data.stance_step
        if not self._quiet:
            self._log(
                "stance",
                {
                    "tokens": [list(t) for t in self.tokens],
                    "hearts": [[self.hearts[c] for c in t] for t in self.tokens],
                },
            )
        self.phase = "skill"
        self._movers = (0, 1)

    def _apply_skill(self, joint: dict[Player, int]) -> None:
        for p in (0, 1):
            self.set_skill[p] = joint[p] - SKILL_BASE
        laid = [self.set_skill[0] != 0, self.set_skill[1] != 0]
        if not self._quiet:
            self._log(
                "lay_skill",
                {"laid": laid},
                private={p: {"card": self.set_skill[p], "owner": p} for p in (0, 1) if laid[p]},
            )
        self.phase = "weapon"
        self._movers = (0, 1)

    def _apply_weapon(self, joint: dict[Player, int]) -> None:
        for p in (0, 1):
            self.set_weapon[p] = joint[p] - WEAPON_BASE - 1
        if not self._quiet:
            self._log("lay_weapon", {"laid": [self.set_weapon[0] >= 0, self.set_weapon[1] >= 0]})
        self._battle()

    def _apply_throw(self, joint: dict[Player, int]) -> None:
        for p, o in joint.items():
            self.throws[p] = o - THROW_BASE
        if len(self.throw_queue) == 2:
            first = self.throw_queue.pop(0)
            if not self._quiet:
                self._log(
                    "first_throw", {"player": first, "throw": BLADES.names[self.throws[first]]}
                )
            self._movers = (self.throw_queue[0],)
        else:
            self._settle()

    def _apply_choose(self, a: int, b: int) -> None:
        self.choice_throws += 1
        r = RPS.compare(a, b)
        public: dict[str, JSONValue] = {"throws": [RPS.names[a], RPS.names[b]]}
        if r == 0 and self.choice_throws < self.game.data.choice_rethrows:
            if not self._quiet:
                self._log("choice_throw", {**public, "winner": None})
            return
        if self.contested >= 0:
            public["keeps"] = self.game.content.characters[self.contested].id
        if r == 0:
            winner = self.rng.below(2)
            if not self._quiet:
                self._log("choice_throw", {**public, "winner": winner, "coin": True})
        else:
            winner = 0 if r > 0 else 1
            if not self._quiet:
                self._log("choice_throw", {**public, "winner": winner})
        if self.contested >= 0:
            free = [
                i
                for i in range(len(self.game.content.characters))
                if not self.struck >> i & 1 and i != self.contested
            ]
            self.chars[winner] = self.contested
            self.chars[1 - winner] = free[0]
            self.contested = -1
            self._start_game()
            return
        self.first_picker = winner
        self.phase = "pick"
        self._movers = (winner,)

    def _apply_pick(self, p: Player, c: int) -> None:
        self.chars[p] = c
        chars = self.game.content.characters
        if self.game.draft:
            if not self._quiet:
                self._log("pick", {"player": p, "taken": chars[c].id})
        else:
            # the picker sees their own choice in their observation; no secret event, so a
            # determinized world (which redraws the hidden pick) has nothing to contradict
            if not self._quiet:
                self._log("pick", {"player": p})
        if self.chars[1 - p] < 0:
            self._movers = (1 - p,)
        elif self.game.blind and self.chars[0] == self.chars[1]:
            self._clash(self.chars[0])
        elif self.game.priority and self.chars[0] == self.chars[1]:
            self._keep(self.chars[0])
        else:
            self._start_game()

    def _keep(self, c: int) -> None:
        """Priority pick, both chose ``c``: the first picker keeps it (the seed's 优先选择)
        and the other draws one of the other characters at random (the game's RNG: one card
        per character, shuffled face down, as at a table) — never a counter-pick, which a
        second choice would be (it could name the counter of the first, and a clash tells
        that the first picker holds it)."""
        chars = self.game.content.characters
        fp = self.first_picker
        rest = [i for i in range(len(chars)) if i != c]
        drawn = rest[self.rng.below(len(rest))]
        self.chars[1 - fp] = drawn
        if not self._quiet:
            self._log(
                "clash",
                {
                    "character": chars[c].id, "name": chars[c].name, "name_en": chars[c].name_en,
                    "keeps": fp, "drawn": chars[drawn].id, "drawn_name": chars[drawn].name,
                    "drawn_name_en": chars[drawn].name_en,
                },
            )  # fmt: skip
        self._start_game()

    def _clash(self, c: int) -> None:
        """Blind pick, both chose ``c``: one card per character, so ``c`` is out and both pick
        again from the rest, the first picker first; with only two characters left, a
        rock-paper-scissors throw (as the opening one) decides who keeps ``c``, the other
        takes the last one."""
        chars = self.game.content.characters
        fp = self.first_picker
        left = [i for i in range(len(chars)) if not self.struck >> i & 1 and i != c]
        data: dict[str, JSONValue] = {
            "character": chars[c].id, "name": chars[c].name, "name_en": chars[c].name_en,
        }  # fmt: skip
        if len(left) >= 2:
            self.struck |= 1 << c
            if not self._quiet:
                self._log("clash", {**data, "again": True})
            self.chars = [-1, -1]
            self._movers = (fp,)
            return
        # two characters left and both want the same: rock-paper-scissors decides who keeps
        # it (the opening throw's rule: ties again, a coin after too many)
        if not self._quiet:
            self._log("clash", {**data, "again": False})
        self.contested = c
        self.chars = [-1, -1]
        self.choice_throws = 0
        self.phase = "choose"
        self._movers = (0, 1)

    # ------------------------------------------------------------------ battle

    def _battle(self) -> None:
        t = self.game.tables
        self._reveal()
        for p in (0, 1):
            w = self.equipped[p]
            if w >= 0:
                for e in t.weapon_triggers[self.chars[p]][w][REVEAL]:
                    self._effect(p, e)
        for p in (0, 1):
            if self.skill_state[p] == "active":
                for e in t.skill_triggers[self.chars[p]][self.set_skill[p] - 1][REVEAL]:
                    self._effect(p, e)
        self.phase = "throw"
        owners = [p for p in (0, 1) if self.first[p]]
        if len(owners) == 1:
            o = owners[0]
            self.throw_queue = [1 - o, o]
            self._movers = (1 - o,)
        else:
            self.throw_queue = []
            self._movers = (0, 1)

    def _reveal(self) -> None:
        """The laid cards turn face up: a weapon is equipped (the old one back to hand), a
        skill card pays its qi if it can take effect, else it is discarded."""
        t = self.game.tables
        if not self._quiet:
            self._log(
                "reveal",
                {
                    "skills": [s or None for s in self.set_skill],
                    "weapons": [WEAPON_NAMES[w] if w >= 0 else None for w in self.set_weapon],
                },
            )
        for p in (0, 1):
            w = self.set_weapon[p]
            if w >= 0:
                old = self.equipped[p]
                if old >= 0:
                    self.hand_weapons[p] |= 1 << old
                self.hand_weapons[p] &= ~(1 << w)
                self.equipped[p] = w
        for p in (0, 1):
            s = self.set_skill[p]
            if not s:
                continue
            self.hand_skills[p] &= ~(1 << s)
            cost = t.skill_costs[self.chars[p]][s - 1]
            state = self.skill_status(p, s)
            if state == "active":
                self.qi[p] -= cost
            self.skill_state[p] = state
            if state != "active":
                self.discard_skills[p] |= 1 << s
            if not self._quiet:
                self._log("skill", {"player": p, "card": s, "state": state, "cost": cost})

    def _effect(self, owner: Player, e: Effect) -> None:
        apply_effect(self, owner, e)  # each kind's rule is its entry in effects.KINDS

    def _draw_check(self) -> int:
        if not self.check_deck:
            self.check_deck = self.check_discard
            self.check_discard = []
            self.rng.shuffle(self.check_deck)
            if not self._quiet:
                self._log("check_reshuffle", {"cards": len(self.check_deck)})
        card = self.check_deck.pop()
        self.check_discard.append(card)
        return card

    # ------------------------------------------------------------------ settlement and rest

    def thresholds(self) -> tuple[int, int]:
        t = self.game.tables
        base = t.win_threshold
        return (max(1, base + self.threshold_delta[0]), max(1, base + self.threshold_delta[1]))

    def throw_options(self, player: Player) -> tuple[int, ...]:
        """The battle throws ``player`` may make this round: their legal options when it is
        their turn to throw (an open first throw does not change them)."""
        return _THROW_LEGAL[self.forbidden[player]]

    def settle_now(self, a: int, b: int) -> None:
        """Look-ahead: both battle throws at once, A's option ``a`` and B's ``b``, on this
        state (a copy the caller owns) — the state and history after are those of
        :meth:`apply` making them one decision at a time (the first thrower's first when one
        throws first), without the checks of the options.

        Only before either throw of the battle is made; else :class:`IllegalDecisionError`.
        """
        q = self.throw_queue
        if self.phase != "throw" or len(q) == 1:
            raise IllegalDecisionError("settle_now: the battle's throws are not both to come")
        if self._pending:
            self._pending.clear()
        self._legal_memo.clear()
        if q:  # one throws first, openly, then the other
            first, second = q
            for p in (first, second):
                choice = {p: a if p == 0 else b}
                self._history.append(tuple(choice.items()))
                self._apply(choice)
        else:
            joint = {0: a, 1: b}
            self._history.append(tuple(joint.items()))
            self._apply(joint)

    def power_table(self) -> PowerTable:
        """The current table (revealed weapons and resolved skills only)."""
        return power_table(self)

    def _settle(self) -> None:
        a, b = self.throws
        # the one cell of power_table(): its parts, total and verdict (the arguments passed
        # one by one: a star-call costs more than the cell, compiled)
        parts = table_parts(self)
        attributes, win_value, weapons, skills, total, verdict = cell_values(
            a, b, parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6], parts[7]
        )
        winner = 0 if verdict == "A" else 1 if verdict == "B" else None
        damage = 0 if winner is None else self._deal_damage(winner)
        self.last_round = (a, b, -1 if winner is None else winner, damage)
        if not self._quiet:
            self._log(
                "settle",
                {
                    "throws": [BLADES.names[a], BLADES.names[b]],
                    "power": total,
                    # why: the cell's parts and the thresholds it is read against
                    "parts": [attributes, win_value, weapons, skills],
                    "thresholds": list(self.thresholds()),
                    "winner": winner,
                    "damage": damage,
                    "life": list(self.life),
                },
            )
        self._settle_triggers(winner)
        self._discard_used_skills()
        if self.life[0] <= 0 or self.life[1] <= 0:
            self._finish("life")
            return
        self._rest()
        t = self.game.tables
        if self.round >= t.round_cap:
            self._finish("cap")
            return
        self.round += 1
        self._begin_round()

    def _deal_damage(self, winner: Player) -> int:
        """The loser of the battle loses life: the base damage, bonuses and guards."""
        loser = 1 - winner
        t = self.game.tables
        damage = t.base_damage + self.dmg[winner] - self.guard[loser]
        w = self.equipped[winner]  # an equipped weapon's damage and guard work all the time
        if w >= 0:
            damage += t.weapon_damage[self.chars[winner]][w]
        w = self.equipped[loser]
        if w >= 0:
            damage -= t.weapon_guard[self.chars[loser]][w]
        damage = max(0, damage)
        self.life[loser] = max(0, self.life[loser] - damage)
        return damage

    def _settle_triggers(self, winner: Player | None) -> None:
        """The effects that trigger on each player's result (``when = win / lose / draw``)."""
        t = self.game.tables
        for p in (0, 1):
            result = DRAW if winner is None else WIN if winner == p else LOSE
            c = self.chars[p]
            w = self.equipped[p]
            if w >= 0:
                for e in t.weapon_triggers[c][w][result]:
                    self._effect(p, e)
            if self.skill_state[p] == "active":
                for e in t.skill_triggers[c][self.set_skill[p] - 1][result]:
                    self._effect(p, e)

    def _discard_used_skills(self) -> None:
        for p in (0, 1):
            s = self.set_skill[p]
            if s and self.skill_state[p] == "active":
                if self.recover_this[p]:
                    self.hand_skills[p] |= 1 << s
                else:
                    self.discard_skills[p] |= 1 << s

    def _rest(self) -> None:
        """调息: qi back, discarded skills back to an empty hand, weapons back (option)."""
        t = self.game.tables
        for p in (0, 1):
            gain = t.qi_regen if self.set_skill[p] else t.qi_regen_no_skill
            self.qi[p] = min(t.max_qi[self.chars[p]], self.qi[p] + gain)
            if t.recycle and not self.hand_skills[p] and self.discard_skills[p]:
                self.hand_skills[p] = self.discard_skills[p]
                self.discard_skills[p] = 0
                if not self._quiet:
                    self._log("recycle", {"player": p})
            if not t.weapons_persist and self.equipped[p] >= 0:
                self.hand_weapons[p] |= 1 << self.equipped[p]
                self.equipped[p] = -1
        if not self._quiet:
            self._log("rest", {"qi": list(self.qi)})

    def _finish(self, reason: str) -> None:
        self.reason = reason
        self.phase = "over"
        self._movers = ()
        r = self._ranks()
        if not self._quiet:
            self._log("game_over", {"reason": reason, "ranks": list(r), "life": list(self.life)})

    def _ranks(self) -> tuple[int, ...]:
        a, b = self.life
        if self.reason == "cap" and not self.game.cap_by_life:
            return (1, 1)
        if a == b or (a <= 0 and b <= 0):
            return (1, 1)
        return (1, 2) if a > b else (2, 1)

    def _end_reason(self) -> str:
        return self.reason

    def _ending(self) -> Ending:
        chars = [self.game.content.characters[c] for c in self.chars]
        return ending(
            self.reason,
            self.round,
            self.life,
            [c.vitality for c in chars],
            [Text(c.name, c.name_en) for c in chars],
            self.game.cap_by_life,
        )

    # Statistics hooks (``State.player_labels`` / ``State.metrics`` in newer engines).
    def _player_labels(self) -> dict[str, list[str]]:
        chars = self.game.content.characters
        return {
            "character": [chars[c].id if c >= 0 else "?" for c in self.chars],
            "seat": list(SEATS),
        }

    def _metrics(self) -> dict[str, float]:
        return {
            "rounds": float(self.round),
            "life_a": float(self.life[0]),
            "life_b": float(self.life[1]),
        }

    # ------------------------------------------------------------------ views

    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        obs = self._observe_table(player)
        if self.round == 0:
            return obs
        battle = self.phase in ("throw", "over")
        # configured: the skill step of this round is done; armed: the weapon step too
        configured = battle or self.phase == "weapon"
        obs["players"] = [
            self._observe_player(p, player, configured=configured, armed=battle) for p in (0, 1)
        ]
        obs["battle"] = self._observe_battle(battle)
        obs["power_table"] = table_json(*table_parts(self))  # power_table().to_json()
        if self.last_round is not None:
            a, b, w, d = self.last_round
            obs["last_round"] = {
                "throws": [BLADES.names[a], BLADES.names[b]],
                "winner": None if w < 0 else w,
                "damage": d,
            }
        return obs

    def _observe_table(self, player: Player | None) -> dict[str, JSONValue]:
        """What lies on the table from the start: hearts, characters, tokens, check cards."""
        g = self.game
        chars = g.content.characters
        shown = list(self.chars)
        if not g.draft and self.phase == "pick":
            shown = [c if p == player else -1 for p, c in enumerate(self.chars)]
        struck = [c.id for i, c in enumerate(chars) if self.struck >> i & 1]
        obs: dict[str, JSONValue] = {
            "phase": self.phase,
            "round": self.round,
            "round_cap": g.data.round_cap,
            "hearts": [self.hearts[:COLS], self.hearts[COLS:]],
            "characters": [chars[c].id if c >= 0 else None for c in shown],
            "first_picker": self.first_picker if self.first_picker >= 0 else None,
            "choice_throws": self.choice_throws,
            "tokens": [list(t) if t[0] >= 0 else None for t in self.tokens],
            "check_deck": len(self.check_deck),
            "check_discard": list(self.check_discard),
        }
        if self.phase == "pick":
            # the characters one may pick from: a draft's pick leaves it, a clash strikes one
            taken = self.chars if g.draft else ()
            obs["pool"] = [
                c.id for i, c in enumerate(chars) if i not in taken and not self.struck >> i & 1
            ]
        if g.blind:
            obs["struck"] = struck  # out after a clash (blind pick), public
            if self.contested >= 0:  # the two-left throw-off: who keeps this one
                obs["contested"] = chars[self.contested].id
        return obs

    def _observe_player(
        self, p: Player, viewer: Player | None, *, configured: bool, armed: bool
    ) -> dict[str, JSONValue]:
        """Player ``p``'s side of the table as ``viewer`` sees it."""
        char = self.game.content.characters[self.chars[p]]
        hs = self.hand_skills[p]
        h1h2 = self.tokens[p]
        elig = (
            sorted(eligible_values(self.hearts[h1h2[0]], self.hearts[h1h2[1]]))
            if h1h2[0] >= 0
            else []
        )
        entry: dict[str, JSONValue] = {
            "seat": SEATS[p],
            "character": character_card(char),
            "life": self.life[p],
            "max_life": char.vitality,
            "qi": self.qi[p],
            "max_qi": char.qi,
            "hand_skills": [v for v in range(1, 11) if hs >> v & 1],
            "discard_skills": [v for v in range(1, 11) if self.discard_skills[p] >> v & 1],
            "hand_weapons": [WEAPON_NAMES[w] for w in range(3) if self.hand_weapons[p] >> w & 1],
            "equipped": WEAPON_NAMES[self.equipped[p]] if self.equipped[p] >= 0 else None,
            "eligible": elig,
            "step_range": self.step_range[p],
            # what a real table shows of this round's configuration: *that* a card
            # was laid face down at each step (None: the step has not been played)
            "face_down": {
                "skill": self.set_skill[p] != 0 if configured else None,
                "weapon": self.set_weapon[p] >= 0 if armed else None,
            },
        }
        if p == viewer and configured and not armed:
            entry["laid_skill"] = self.set_skill[p] or None  # you know your own card
        return entry

    def _observe_battle(self, battle: bool) -> dict[str, JSONValue]:
        """This round's revealed cards and their effects so far."""
        return {
            "skills": [s or None for s in self.set_skill] if battle else [None, None],
            "skill_state": [s or None for s in self.skill_state] if battle else [None, None],
            "forbidden": [
                [BLADES.names[t] for t in range(3) if f >> t & 1] for f in self.forbidden
            ],
            "throws_first": [p for p in (0, 1) if self.first[p]],
            "damage_bonus": list(self.dmg),
            "guard": list(self.guard),
            "checks": [list(c) for c in self.checks],
            "open_throw": (
                BLADES.names[self.throws[1 - self.throw_queue[0]]]
                if len(self.throw_queue) == 1
                else None
            ),
        }

    def _resample(self, player: Player, rng: Rng) -> None:
        # canonical order first, so the sample depends only on what ``player`` sees
        self.check_deck.sort()
        rng.shuffle(self.check_deck)
        g = self.game
        fp = self.first_picker
        hidden = not g.draft and self.phase == "pick" and fp >= 0 and player != fp
        if hidden and self.chars[fp] >= 0:
            free = [i for i in range(len(g.content.characters)) if not self.struck >> i & 1]
            self.chars[fp] = rng.choice(free)
        if self.phase == "weapon":
            # between the two configuration steps the other's skill card is face down: it is
            # one of the cards still counted in their hand (they may see only *that* it lies)
            q = 1 - player
            if self.set_skill[q]:
                hand = self.hand_skills[q]
                self.set_skill[q] = rng.choice([v for v in range(1, 11) if hand >> v & 1])


TableParts = tuple[
    tuple[int, int, int],
    tuple[int, int, int],
    int,
    tuple[Effect, ...],
    tuple[Effect, ...],
    list[PowerMod],
    tuple[int, int],
    tuple[bool, bool],
]


def table_parts(state: PromiseState) -> TableParts:
    """What the power table is computed from (the arguments of ``compute_table``)."""
    t = state.game.tables
    atk_a: tuple[int, int, int] = _NO_ATTACK
    atk_b: tuple[int, int, int] = _NO_ATTACK
    weapon_a: tuple[Effect, ...] = ()
    weapon_b: tuple[Effect, ...] = ()
    if state.round:  # before the first round every attribute counts as 0
        ca, cb = state.chars
        if ca >= 0:
            atk_a = t.attacks[ca]
            w = state.equipped[0]
            if w >= 0:
                weapon_a = t.weapon_effects[ca][w]
        if cb >= 0:
            atk_b = t.attacks[cb]
            w = state.equipped[1]
            if w >= 0:
                weapon_b = t.weapon_effects[cb][w]
    dw = state.draw_wins
    return (
        atk_a,
        atk_b,
        t.win_value,
        weapon_a,
        weapon_b,
        state.mods,
        state.thresholds(),
        (dw[0], dw[1]),
    )


_NO_ATTACK: tuple[int, int, int] = (0, 0, 0)


def power_table(state: PromiseState) -> PowerTable:
    """The power table of a state, as both players see it (see :mod:`.table`).

    Only revealed weapons and resolved skills are in it; before characters are chosen all
    attributes count as 0.
    """
    return compute_table(*table_parts(state))


Phase = tuple[str, Callable[..., Sequence[int]], Callable[..., None]]
"""A phase's decision: ``(kind, legal, apply)``: its decision kind, ``legal(state, player)``
→ the options offered, ``apply(state, joint)``: the phase's decision taken with ``joint``'s
options (a plain tuple: the compiled rules index it directly)."""

#: Each phase in which someone decides, in the order of play: phase → :data:`Phase`. Any
#: other phase (``"over"``) asks nobody.
PHASES: dict[str, Phase] = {
    "choose": ("throw", PromiseState._legal_choose, PromiseState._apply_choice_throw),
    "pick": ("character", PromiseState._legal_pick, PromiseState._apply_character),
    "stance": ("stance", PromiseState._legal_stance, PromiseState._apply_stance),
    "skill": ("skill", PromiseState._legal_skill, PromiseState._apply_skill),
    "weapon": ("weapon", PromiseState._legal_weapon, PromiseState._apply_weapon),
    "throw": ("throw", PromiseState._legal_throw, PromiseState._apply_throw),
}


class Promise(Game):
    """猜拳战争●四年之约 — two childhood friends meet every four years to spar."""

    id = "promise"
    # 2: the default content was tuned to the balance targets (issue 10)
    # 3: configuration is the seed's two face-down steps, skill then weapon (issue 18)
    # 4: characters are picked face down by default, a clash sends both back (issue 25)
    # 5: the throw's winner picks with priority: a clash leaves it with them, and the loser
    #    draws one of the other characters at random (issue 52)
    version = 5
    name_zh = "猜拳战争●四年之约"
    name_en = "The Four-Year Promise"
    min_players = 2
    max_players = 2
    state_class = PromiseState
    #: every card shown, bid revealed and point scored is logged as an event for who sees it
    #: (the conformance harness checks it)
    events_tell_all = True
    rules_package = "caiquan.games.promise"
    lobby_order: ClassVar[int] = 10
    hooks: ClassVar[Mapping[str, str]] = {
        "strategy": ".strategy",
        "throw_payoffs": ".payoffs:throw_payoffs",
        "encoder": ".encoding:PromiseEncoder",
        "terminal": ".terminal",
        "web": "web.js",
        "css": "style.css",
        "matchups": ".matchups:power_tables",
        "guide": "guide/guide.md",
        "learn": ".learn:hints",
        "preview": ".preview:previews",
        "bench": ".bench",
    }
    options = (
        ConfigOption(
            "content",
            "default",
            "character cards and rule numbers: the content set (default)",
            "人物卡与规则数值：选择一套内容（标准）",
            presets=("default",),
        ),
        ConfigOption(
            "characters",
            "",
            "skip the character choice: two character ids 'A,B' (empty: choose in game)",
            "跳过选角：填两个角色 id，如 'A,B'（留空则在游戏中选择）",
        ),
        ConfigOption(
            "character_pick",
            "priority",
            "priority: both pick face down (the first picker first) and reveal together; if "
            "both chose the same character the first picker keeps it and the other draws one "
            "of the rest at random; blind: the same, but a clash takes the character out and "
            "both pick again; draft: a picked character leaves the pool, openly; open: face "
            "down, and both may play the same character",
            "优先：双方暗中选角（先选者先选）并同时公开；若选了同一人物，先选者得到，另一方从其余"
            "人物中随机抽一名；暗选：同样暗中选角，但撞选时该人物出局，双方重选；轮选：被选走的"
            "角色离开候选，公开进行；公开：暗中选角，双方可选同一人物",
            choices=("priority", "blind", "draft", "open"),
        ),
        ConfigOption(
            "weapons",
            "persist",
            "persist: a revealed weapon stays equipped until replaced; round: it returns to "
            "hand at the end of the round",
            "一直装备：公开的武器一直装备直到被替换；每回合收回：回合结束时武器回到手牌",
            choices=("persist", "round"),
        ),
        ConfigOption(
            "recycle",
            True,
            "rest phase: a player with no skill card in hand takes the discarded ones back",
            "调息阶段：手中没有技能卡的玩家取回弃掉的技能卡",
        ),
        ConfigOption(
            "cap_result",
            "life",
            "after the last round: 'life' (more life wins) or 'draw'",
            "回合上限到达时：体力多者胜，或平局",
            choices=("life", "draw"),
        ),
    )

    def _prepare(self) -> None:
        c: Mapping[str, object] = self.config
        self.content: Content = load_content(str(c["content"]))
        self.data = self.content.rules
        self.draft: bool = c["character_pick"] == "draft"
        self.blind: bool = c["character_pick"] == "blind"
        self.priority: bool = c["character_pick"] == "priority"
        self.weapons_persist: bool = c["weapons"] == "persist"
        self.recycle: bool = bool(c["recycle"])
        self.cap_by_life: bool = c["cap_result"] == "life"
        self.fixed_chars: tuple[int, int] | None = None
        self._catalogue: tuple[Entry, ...] | None = None
        spec = str(c["characters"]).strip()
        if spec:
            ids = [s.strip() for s in spec.split(",")]
            known = ", ".join(ch.id for ch in self.content.characters)
            if len(ids) != 2:
                raise ConfigError(
                    f"promise: option 'characters' needs two ids 'A,B'; the characters are: {known}"
                )
            try:
                a, b = (self.content.index(i) for i in ids)
            except KeyError as err:
                raise ConfigError(
                    f"promise: option 'characters': no character {err.args[0]!r};"
                    f" the characters are: {known}"
                ) from None
            if a == b and c["character_pick"] != "open":
                raise ConfigError(
                    "promise: option 'characters': the same character twice "
                    "needs character_pick='open'"
                )
            self.fixed_chars = (a, b)
        self.tables: Tables = Tables(self.content, self.recycle, self.weapons_persist)

    @property
    def num_option_ids(self) -> int:
        return CHAR_BASE + len(self.content.characters)

    def content_files(self) -> list[tuple[str, bytes]]:
        """The content file, and for a file of one's own the built-in one too: its
        ``[rules]`` start from the default's (:func:`.content.load_content`)."""
        files = super().content_files()
        if str(self.config.get("content", "default")) not in ("", "default"):
            ref = resources.files("caiquan.games.promise").joinpath("content", "default.toml")
            files.insert(0, ("content:rules", ref.read_bytes()))
        return files

    def max_decisions(self) -> int:
        # choice throws, the picks (two per blind clash), then per round: stance, skill,
        # weapon, up to two throws
        picks = 2 * len(self.content.characters) if self.blind else 2
        throws = self.data.choice_rethrows * (2 if self.blind else 1)  # a two-left throw-off
        return throws + picks + 5 * self.data.round_cap

    def catalogue(self) -> tuple[Entry, ...]:
        """Every character, weapon and skill card of the content (see :mod:`.catalogue`)."""
        if self._catalogue is None:
            self._catalogue = catalogue(self.content)
        return self._catalogue

    def cards_played(self, state: State) -> list[list[str]]:
        """Each player's character and the skill and weapon cards they revealed, by
        catalogue id (``taoist``, ``taoist:3``, ``taoist:Q``)."""
        n = state.num_players
        chars: list[str] = []
        seen: list[set[str]] = [set() for _ in range(n)]
        for e in state.events(None):
            kind = e.get("kind")
            if kind == "characters":
                names = e.get("characters")
                chars = [str(c) for c in names] if isinstance(names, list) else []
                for p, c in enumerate(chars[:n]):
                    seen[p].add(c)
            elif kind == "reveal" and len(chars) >= n:
                for field in ("skills", "weapons"):
                    cards = e.get(field)
                    for p, card in enumerate(cards if isinstance(cards, list) else []):
                        if p < n and isinstance(card, (int, str)) and not isinstance(card, bool):
                            seen[p].add(card_id(chars[p], card))
        return [sorted(s) for s in seen]

    def character(self, index: int) -> Character:
        return self.content.characters[index]

    def describe_option(self, option: int) -> Choice:
        if RPS_BASE <= option < THROW_BASE:
            i = option - RPS_BASE
            return Choice(option, RPS.names[i], RPS.zh[i], RPS.en[i])
        if THROW_BASE <= option < STANCE_BASE:
            i = option - THROW_BASE
            return Choice(option, BLADES.names[i], BLADES.zh[i], BLADES.en[i])
        if STANCE_BASE <= option < SKILL_BASE:
            i, j = PAIRS[option - STANCE_BASE]
            zh, en = stance_words(i, j)
            return Choice(option, f"stance-{i}-{j}", zh, en)
        if option == SKILL_BASE:
            return Choice(option, "skill-none", "不放技能卡", "no skill card")
        if SKILL_BASE < option < WEAPON_BASE:
            v = option - SKILL_BASE
            return Choice(option, f"skill-{v}", f"技能 {v}", f"skill {v}")
        if option == WEAPON_BASE:
            return Choice(option, "weapon-none", "不放武器卡", "no weapon card")
        if WEAPON_BASE < option < CHAR_BASE:
            wn = WEAPON_NAMES[option - WEAPON_BASE - 1]
            return Choice(option, f"weapon-{wn}", f"武器 {wn}", f"weapon {wn}")
        i = option - CHAR_BASE
        if 0 <= i < len(self.content.characters):
            ch = self.content.characters[i]
            return Choice(
                option, ch.id, f"{ch.name}（{ch.school}）", f"{ch.name_en} ({ch.school_en})"
            )
        return super().describe_option(option)

    def format_event(
        self,
        event: Mapping[str, JSONValue],
        lang: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        if event.get("kind") == "pick" and "taken" in event:  # the character's name, not id
            by_id = {c.id: c for c in self.content.characters}
            char = by_id.get(str(event["taken"]))
            if char is not None:
                name = char.name if lang == "zh" else char.name_en
                event = {**event, "taken": name}
        text = format_event(event, lang == "zh", names)
        return text if text is not None else super().format_event(event, lang, names)
