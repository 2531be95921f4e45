"""剧牌's wording: every text a player reads, in Chinese and English.

The rules (:mod:`.rules`) and the outer layers' hooks (:mod:`.terminal`) take their words from
here; nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

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


# ---------------------------------------------------------------------- catalogue

SUITS = "♠♥♣♦"
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_NAMES = (("黑桃", "spades"), ("红心", "hearts"), ("梅花", "clubs"), ("方块", "diamonds"))
_RANK_NAMES_EN = ("ace", *map(str, range(2, 11)), "jack", "queen", "king")
_ROLE_CARDS = {
    "joker": ("王牌", "a joker"),
    "blank": ("白牌（牌组外）", "a blank card (outside the deck)"),
    "composite": ("洗牌后牌堆里的第一张积数牌", "the first composite of the shuffled deck"),
    "prime": ("洗牌后牌堆里的第一张质数牌", "the first prime of the shuffled deck"),
}
_CLASS_NAMES = {"composite": ("积数", "composites"), "prime": ("质数", "primes")}


def ranks_text(ranks: list[int], lang: str) -> str:
    """``2、4、Q`` / ``2, 4, Q`` (``—`` for none)."""
    sep = "、" if lang == "zh" else ", "
    return sep.join(RANK_LABELS[v - 1] for v in ranks) or "—"


def card_name(card: int) -> tuple[str, str]:
    """``("黑桃 6", "6 of spades")``."""
    suit, r = divmod(card, 13)
    zh, en = _SUIT_NAMES[suit]
    return f"{zh} {RANK_LABELS[r]}", f"{_RANK_NAMES_EN[r]} of {en}"


def card_text(
    value: int, nature: str, in_role: list[tuple[str, str]], same_role: bool
) -> tuple[str, str]:
    """What a card of ``value`` does: its intention number, the round it turns, whose class it
    is (``in_role``: the roles' names)."""
    nat_zh, nat_en = NATURE_NAMES[nature]
    zh = f"意图数 {value}（公式中的“意图”）。作为回合牌：{nat_zh}回合，回合数 {value}。"
    article = "an" if nat_en[0] in "aeiou" else "a"
    en = (
        f"Intention {value} (I in the formulas). As the round card: {article} {nat_en} round, "
        f"R = {value}."
    )
    if not same_role:
        return (
            zh + "不按身份相同计算（选项 same_role 关闭）。",
            en + " Never in role (option same_role is off).",
        )
    if not in_role:
        return zh + "不属于任何身份的本类牌。", en + " In no role's class."
    return (
        zh + f"属于{'、'.join(z for z, _ in in_role)}的本类牌（身份相同）。",
        en + f" In role (身份相同) for the {' and the '.join(e for _, e in in_role)}.",
    )


def role_text(
    card: str, value: int | None, klass: str | tuple[int, ...], ranks: list[int], same_role: bool
) -> tuple[str, str]:
    """Everything a role does: its role card, its role value (身份), its in-role cards and the
    formulas they use."""
    card_zh, card_en = _ROLE_CARDS[card]
    value_zh = str(value) if value is not None else "身份牌的点数"
    value_en = str(value) if value is not None else "the face value of the role card as dealt"
    kind_zh, kind_en = _CLASS_NAMES.get(klass, ("", "")) if isinstance(klass, str) else ("", "")
    class_zh = f"{kind_zh}：" if kind_zh else ""
    class_en = f"{kind_en}: " if kind_en else ""
    zh = (
        f"身份牌：{card_zh}。身份数：{value_zh}。本类牌：{class_zh}{ranks_text(ranks, 'zh')}。"
        "出本类牌的一方按“身份相同”的公式计算自己的一方：进攻 (身份×意图) + 回合 (+ 质量×武器)；"
        "防守回合进攻方 (身份+意图) + (回合+意图)，防守方 (回合+意图) + (武器+意图)；"
        "补给回合的回合牌属于本类时明牌重抽武器；丢弃回合先攻击后丢弃。"
    )
    en = (
        f"Role card: {card_en}. Role value (身份): {value_en}. In-role cards: {class_en}"
        f"{ranks_text(ranks, 'en')}. The side that plays an in-role card computes its side with "
        "the same-role formulas: attack (身份×I) + R (+ Q×W); in a defence round the attacker "
        "(身份 + I) + (R + I), the defender (R + I) + (W + I); a supply redraw is face up when "
        "the round card is of the class; a discard attacks first, then discards."
    )
    if not same_role:
        zh += "（选项 same_role 关闭：不使用身份相同的公式。）"
        en += " (Option same_role is off: the same-role formulas are not used.)"
    return zh, en


def nature_text(nature: str, ranks: list[int], config: Mapping[str, object]) -> tuple[str, str]:
    """The rule of a round of ``nature`` (``ranks``: the round cards that turn it)."""
    zh, en = _NATURE_RULES[nature](config)
    return f"回合牌 {ranks_text(ranks, 'zh')}。{zh}", f"Round cards {ranks_text(ranks, 'en')}. {en}"


def _attack_rule(config: Mapping[str, object]) -> tuple[str, str]:
    return (
        "行动者点名一位有手牌的对手，双方各暗出一张意图牌（可以附带自己的武器），同时亮牌。"
        "身份不同：使用武器 回合×意图 + 质量×武器，不使用 回合×意图；"
        "身份相同：(身份×意图) + 回合 (+ 质量×武器)。总数小的一方收下两张牌（回收的牌，公开）。",
        "The active player names an opponent who holds cards; both choose one intention card face "
        "down (each may add their weapon pair) and reveal together. Different roles: R×I + Q×W "
        "with the weapon, R×I without; in role: (身份×I) + R (+ Q×W). The smaller total takes "
        "both cards (taken-back cards, public).",
    )


def _defence_rule(config: Mapping[str, object]) -> tuple[str, str]:
    unarmed = bool(config["unarmed_defence"])
    w_zh = "没有武器按 0" if unarmed else "没有武器的玩家不能被点名"
    w_en = "W = 0 without one" if unarmed else "a player without one cannot be named"
    return (
        "行动者进攻，被点名者防守，双方各暗出一张意图牌，同时亮牌。进攻方不使用武器：回合 + 意图"
        "（身份相同：(身份+意图) + (回合+意图)）；防守方必须使用武器：武器 + 意图"
        f"（{w_zh}；身份相同：(回合+意图) + (武器+意图)）。进攻方大：进攻有效，防守方收下两张牌；"
        "防守方大：防守变为进攻，进攻方收牌。",
        "The active player attacks and the named player defends; both choose one intention card "
        "face down and reveal together. The attacker plays no weapon: R + I (in role: (身份 + I) "
        f"+ (R + I)); the defender must play the weapon pair: W + I ({w_en}; in role: (R + I) + "
        "(W + I)). The attack larger: valid, the defender takes both cards; the defence larger: "
        "it turns into an attack and the attacker takes them.",
    )


def _supply_rule(config: Mapping[str, object]) -> tuple[str, str]:
    return (
        "行动者选择一项：付出一张不是回收的意图牌，连同手中所有回收的牌丢入桌面牌堆；或把武器丢入"
        "桌面牌堆，洗牌后重抽两张（回合牌属于自己的本类牌时明牌抽取）；或不补给。",
        "The active player chooses one: pay an intention card that was not taken back and "
        "discard it with every taken-back card; or send the weapon pair to the table pile and "
        "draw two new cards from it, shuffled (face up when the round card is of their role "
        "class); or pass.",
    )


def _discard_rule(config: Mapping[str, object]) -> tuple[str, str]:
    if config["discard_in_role"] == "answer":
        against_zh = "，对被点名者的应对牌（一张意图牌，按进攻计算，不带武器）"
        against_en = (
            " against the named player's answer (an intention card, counted as in an attack)"
        )
    else:
        against_zh = "，对自己的意图数（总是成功，对方收下这张意图牌）"
        against_en = (
            " against the player's own intention number (always succeeds; the opponent takes "
            "the card)"
        )
    return (
        "行动者点名一位有武器的对手并出一张意图牌。身份不同：意图数 : 质量数，前者大则对方的质量牌"
        "和武器牌进入桌面牌堆；身份相同：先攻击后丢弃，攻击总数 (身份×意图) + 回合 (+ 质量×武器)"
        f"{against_zh}。",
        "The active player names an opponent who holds a weapon pair and plays one intention card. "
        "Different roles: I : Q, the former larger sends the opponent's quality and weapon cards "
        "to the table pile; in role: attack first, then discard, the attack total (身份×I) + R "
        f"(+ Q×W){against_en}.",
    )


_NATURE_RULES: dict[str, Callable[[Mapping[str, object]], tuple[str, str]]] = {
    "attack": _attack_rule,
    "defence": _defence_rule,
    "supply": _supply_rule,
    "discard": _discard_rule,
}


def weapon_text(low: int, high: int, uses: int) -> tuple[str, str]:
    """A weapon tier: quality ``low``–``high`` gives ``uses`` uses."""
    return (
        f"质量 {low}–{high} 的武器对（左边质量、右边武器）：可用 {uses} 次。"
        "使用时质量牌和武器牌与意图牌一起明牌亮出，之后公开；"
        "最后一次使用后进入桌面牌堆，主人等待一个完整回合才能再抽取。",
        f"A weapon pair (left quality, right weapon) of quality {low}–{high}: {uses} use(s). "
        "When used, the quality and weapon cards are shown with the intention card and stay "
        "public; after the last use they go to the table pile and the owner waits one full round "
        "before drawing again.",
    )
