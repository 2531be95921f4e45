"""剧牌's wording: every text a player reads, in Chinese and English.

The rules (:mod:`.rules`) and the outer layers' hooks (:mod:`.terminal`) take their words from
here; nothing here changes the game.
"""

from __future__ import annotations

#: The four round natures, as a player reads them.
NATURE_NAMES: dict[str, tuple[str, str]] = {
    "attack": ("进攻", "attack"),
    "defence": ("防守", "defence"),
    "supply": ("补给", "supply"),
    "discard": ("丢弃", "discard"),
}

# ---------------------------------------------------------------------- terminal panel

#: Labels of the terminal panel (:mod:`.terminal`).
TERMINAL: dict[str, tuple[str, str]] = {
    "round_of": ("第 {r}/{cap} 回合", "round {r} of {cap}"),
    "round_card": ("回合牌", "round card"),
    "nature": ("性质", "nature"),
    "leader": ("领先玩家", "leader"),
    "active": ("行动玩家", "active player"),
    "target": ("对手", "target"),
    "role": ("角色", "role"),
    "weapon": ("武器", "weapon"),
    "uses_left": ("剩余 {n} 次", "uses left: {n}"),
    "hidden": ("暗置", "face down"),
    "none": ("无", "none"),
    "hand": ("手牌", "hand"),
    "hand_size": ("手牌", "hand"),
    "cards_left": ("剩余牌", "cards left"),
    "taken": ("收回", "taken back"),
    "table_pile": ("桌面牌堆", "table pile"),
    "round_pile": ("回合牌堆", "round pile"),
    "last_round_flag": ("最后一回合", "last round"),
    "winners": ("胜者", "winners"),
}

#: Why a card (alone or with the weapon pair) cannot be played now (:func:`.terminal.unavailable`).
NOT_NOW: dict[str, tuple[str, str]] = {
    "defender_must_arm": (
        "防守回合：防守方必须使用武器（武器数 + 意图数）",
        "defence round: the defender must play with the weapon pair (W + I)",
    ),
    "attacker_unarmed": (
        "防守回合：进攻方不使用武器（回合数 + 意图数）",
        "defence round: the attacker plays without a weapon (R + I)",
    ),
    "discard_not_in_role": (
        "丢弃回合：只有本身份牌类的牌（身份相同）才能带武器",
        "discard round: only a card of your role class (in role) may take the weapon",
    ),
    "discard_same_role_off": (
        "丢弃回合：选项 same_role 关闭，没有身份相同的牌，不能带武器",
        "discard round: no card is in role (option same_role is off), so no weapon",
    ),
    "answer_unarmed": (
        "应对只出一张意图牌，不带武器（被攻击的正是武器）",
        "an answer is an intention card alone: the weapon is what is attacked",
    ),
    "other": ("这张牌现在不能打出", "this card cannot be played now"),
    "taken_cannot_pay": (
        "回收的牌不能用来付出：付一张不是回收的意图牌",
        "a taken-back card cannot pay: pay with an intention card that was not taken back",
    ),
}


def term(key: str, lang: str, **fields: object) -> str:
    """The terminal label ``key`` in ``lang`` (``zh`` or ``en``), with ``fields`` filled in."""
    zh, en = TERMINAL[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text
