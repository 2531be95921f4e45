"""剧牌's wording: every text a player reads, in Chinese and English.

The rules (:mod:`.rules`: prompts, choices, option help, events, the catalogue) and the
terminal panel (:mod:`.terminal`) take their words from here; nothing here changes the game.
Events are worded by one small function per event kind (:data:`EVENTS`), so a new kind is
one entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from caiquan.engine import Ending, JSONValue, Standing, Text, seat_name
from caiquan.engine.describe import same

from .formulas import (
    Weapon,
    attack_total,
    attack_total_same_role,
    defence_attack_value,
    defence_attack_value_same_role,
    defence_defence_value,
    defence_defence_value_same_role,
)

SUITS = "♠♥♣♦"
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def card_label(card: int) -> str:
    """``♠A`` … ``♦K`` (card id ``c = suit × 13 + rank − 1``).

    >>> card_label(0), card_label(51)
    ('♠A', '♦K')
    """
    return SUITS[card // 13] + RANK_LABELS[card % 13]


#: The four round natures, as a player reads them.
NATURE_NAMES: dict[str, tuple[str, str]] = {
    "attack": ("进攻", "attack"),
    "defence": ("防守", "defence"),
    "supply": ("补给", "supply"),
    "discard": ("丢弃", "discard"),
}

# ---------------------------------------------------------------------- decisions

#: What a player is asked, by decision kind (``{head}``: the round, its number and nature).
PROMPTS: dict[str, tuple[str, str]] = {
    "role": ("选择身份（明牌）", "choose your role (face up)"),
    "answer": (
        "{head}：玩家 {active} 先攻击后丢弃你的武器，出一张意图牌应对",
        "{head}: player {active} attacks to discard your weapon; answer with an intention card",
    ),
    "rearm": ("{head}：从桌面牌堆抽取新的质量和武器？", "{head}: draw a new pair?"),
    "target": ("{head}：选择对手", "{head}: name your opponent"),
    "supply": ("{head}：补给", "{head}: supply"),
    "discard": (
        "{head}：出一张意图牌，丢弃玩家 {target} 的武器",
        "{head}: play an intention card to discard player {target}'s weapon",
    ),
    "duel": (
        "{head}：与玩家 {other} 对决，暗出一张牌",
        "{head}: duel with player {other}; choose your card face down",
    ),
}


def prompt(
    phase: str, round_no: int, value: int, nature: str, active: int, target: int, other: int
) -> tuple[str, str]:
    """The prompt of a decision of kind ``phase`` (``other``: my opponent in a duel)."""
    zh, en = PROMPTS.get(phase, PROMPTS["duel"])
    head_zh = f"第 {round_no} 回合（{value}，{NATURE_NAMES[nature][0]}）"
    head_en = f"round {round_no} ({value}, {nature})"
    return (
        zh.format(head=head_zh, active=active, target=target, other=other),
        en.format(head=head_en, active=active, target=target, other=other),
    )


#: The choices' labels, by option kind (the fields of each are filled in by :func:`choice`).
CHOICES: dict[str, tuple[str, str]] = {
    "card": ("出 {card}", "play {card}"),
    "card-weapon": ("出 {card} 并使用武器", "play {card} with my weapon"),
    "target": ("对手：玩家 {player}", "target player {player}"),
    "supply-discard": (
        "丢弃回收的牌，付出意图牌 {card}",
        "discard my taken-back cards, paying {card}",
    ),
    "supply-redraw": ("重新抓取武器和质量", "redraw my weapon pair"),
    "supply-pass": ("不补给", "pass"),
    "rearm-draw": ("抽取新的质量和武器", "draw a new weapon pair"),
    "rearm-decline": ("暂不抽取", "do not draw"),
    "role": ("选择身份：{zh}", "choose {en}"),
    # as the state words them, with what the player can see
    "role-offer": (
        "选择身份：{zh}（{shown_zh}身份 {value}）",
        "choose the role {en} ({shown_en}role value {value})",
    ),
    "card-with-pair": (
        "{card} + 武器（质量 {q} × 武器 {w}，剩 {uses} 次）",
        "{card} with weapon (quality {q} × weapon {w}, {uses} left)",
    ),
}


#: The second step of a card picked in two steps at the terminal (its ``steps`` hook): the
#: card as it is, or with my weapon pair.
STEPS: dict[str, tuple[str, str]] = {
    "plain": ("直接出这张牌", "play it as it is"),
    "weapon": ("出这张牌并使用武器", "play it with my weapon"),
}


def choice(kind: str, **fields: object) -> tuple[str, str]:
    """A choice's label ``(zh, en)``, e.g. ``choice("card", card="♠6")``."""
    zh, en = CHOICES[kind]
    return zh.format(**fields), en.format(**fields)


#: Each option's help, ``(zh, en)``.
OPTION_HELP: dict[str, tuple[str, str]] = {
    "content": (
        "身份与武器品质数据：选择一套内容（标准）",
        "roles and weapon tiers: the content set (standard)",
    ),
    "rounds": ("中间牌堆的张数（回合数）", "cards in the central round pile (rounds played)"),
    "swap_natures": (
        "互换回合性质：积数为防守回合，质数为进攻回合",
        "swap the natures: composites defend, primes attack (the seed allows either)",
    ),
    "two_is_composite": (
        "按原文“2代表的积数”把 2 当作积数（关闭：2 为质数）",
        "count 2 as a composite, as the seed says (off: 2 is a prime)",
    ),
    "roles": (
        "身份：从随机的第一位起按座位顺序选择（选择身份）或随机发放（随机发放）",
        "roles: chosen in seat order from a random first chooser (chosen) "
        "or dealt at random (dealt)",
    ),
    "supply_number": ("表示补给回合的单独数字", "the special number that marks a supply round"),
    "discard_number": ("表示丢弃回合的单独数字", "the special number that marks a discard round"),
    "one_is": (
        "回合牌 A（1 既非质数也非积数）的回合性质",
        "the nature of a round card A (1 is neither prime nor composite)",
    ),
    "same_role": (
        "出牌属于自己身份的牌类时使用“身份相同”的公式",
        "use the in-role formulas when a card is of the player's role class",
    ),
    "rearm_optional": (
        "等待一回合后是否重新抽取武器由玩家决定（如果有需要）；关闭则自动抽取",
        "drawing a new weapon pair after the wait is a choice (if needed); off: automatic",
    ),
    "unarmed_defence": (
        "防守回合可以进攻没有武器的玩家（武器按 0 计）",
        "a target without a weapon may still be attacked in a defence round (weapon 0)",
    ),
    "instant_win": (
        "牌出完的玩家立即获胜（同时出完则并列）",
        "a player with no cards left wins at once (several at once share)",
    ),
    "last_round": (
        "最后一回合：每人出完所有牌，牌少者胜、其次点数小者胜（出完所有牌）；整手牌作为一次意图"
        "对决（整手对决，第 1 版规则）；普通回合（普通回合）",
        "the last round: every player plays out every card, fewest then smallest cards "
        "win (play out every card); whole hands duel as one intention (whole hands, rules "
        "version 1); an ordinary round",
    ),
    "discard_in_role": (
        "身份相同的丢弃：对方出一张意图牌应对（对方应对），或攻击总数与自己的意图数比较、"
        "总是成功（按原文）",
        "an in-role discard: the target answers with an intention card (answered) or the "
        "attack total meets the player's own card and always succeeds (as written)",
    ),
    "tie": (
        "总数相等：各自收回自己的牌（各自收回）或都进入桌面牌堆（进入桌面牌堆）",
        "equal totals: each takes back their own card or both go to the table pile",
    ),
    "table_start": (
        "未发出的牌作为桌面牌堆的起始（剩余的牌）或放置一旁（空）",
        "the undealt rest of the deck starts the table pile (the rest of the deck) or is set "
        "aside (empty)",
    ),
}


# ---------------------------------------------------------------------- terminal panel

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
        "丢弃回合：选项“身份相同公式”关闭，没有身份相同的牌，不能带武器",
        "discard round: no card is in role (the in-role formulas option is off), so no weapon",
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


# ---------------------------------------------------------------------- catalogue
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
            zh + "不按身份相同计算（选项“身份相同公式”关闭）。",
            en + " Never in role (the in-role formulas option is off).",
        )
    if not in_role:
        return zh + "不属于任何身份的本类牌。", en + " In no role's class."
    return (
        zh + f"属于{'、'.join(z for z, _ in in_role)}的本类牌（身份相同）。",
        en + f" In role for the {' and the '.join(e for _, e in in_role)}.",
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
        f"Role card: {card_en}. Role value (V): {value_en}. In-role cards: {class_en}"
        f"{ranks_text(ranks, 'en')}. The side that plays an in-role card computes its side with "
        "the same-role formulas: attack (V×I) + R (+ Q×W); in a defence round the attacker "
        "(V + I) + (R + I), the defender (R + I) + (W + I); a supply redraw is face up when "
        "the round card is of the class; a discard attacks first, then discards."
    )
    if not same_role:
        zh += "（选项“身份相同公式”关闭：不使用身份相同的公式。）"
        en += " (The in-role formulas option is off: those formulas are not used.)"
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
        "with the weapon, R×I without; in role: (V×I) + R (+ Q×W). The smaller total takes "
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
        "face down and reveal together. The attacker plays no weapon: R + I (in role: (V + I) "
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
        "to the table pile; in role: attack first, then discard, the attack total (V×I) + R "
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


# ---------------------------------------------------------------------- events

Event = Mapping[str, JSONValue]
#: A role id → its name (zh, en), from the game's content.
RoleNames = Mapping[str, tuple[str, str]]
#: The table's display names of the seats (``Game.format_event``'s ``names``), or ``None``.
Names = Sequence[str] | None
#: One event kind's wording: ``(event, zh, role names, seat names) -> line``.
Formatter = Callable[[Event, bool, RoleNames, Names], str]

END_REASONS = {
    "empty": ("有玩家出完了所有牌", "a player has played out every card"),
    "last_empty": (
        "最后一回合有玩家出完了所有牌",
        "a player played out every card in the last round",
    ),
    "last_round": ("最后一回合结束", "the last round is over"),
    "count": ("回合牌堆用完，比较剩余牌数", "the round pile is out: cards left compared"),
    "play_out": ("最后一回合所有人出完所有牌", "everyone played out every card in the last round"),
}


def format_event(event: Event, lang: str, roles: RoleNames, names: Names = None) -> str | None:
    """One line for an event of the game, or ``None`` for a kind this module does not word.
    ``names``: the table's seat names, to name the players by (else ``player 2``)."""
    fmt = EVENTS.get(str(event["kind"]))
    return None if fmt is None else fmt(event, lang == "zh", roles, names)


def _who(player: JSONValue, zh: bool, names: Names) -> str:
    """A player: the table's name for the seat, else ``玩家 2`` / ``player 2``."""
    name = seat_name(names, player)
    if name is not None:
        return name
    return f"玩家 {player}" if zh else f"player {player}"


def _whom(player: JSONValue, names: Names) -> str:
    """A player inside a Chinese sentence (``点名玩家 2``, ``点名小明``): a name in Latin
    letters gets a space before it (``点名 bot 2``)."""
    name = seat_name(names, player)
    if name is None:
        return f"玩家 {player}"
    return f" {name}" if name[:1].isascii() else name


def _role_name(rid: str, zh: bool, roles: RoleNames) -> str:
    names = roles.get(rid)
    if names is None:
        return rid
    return names[0] if zh else names[1]


def _round(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    nat = str(e["nature"])
    last = ("（最后一回合）" if zh else " (last round)") if e["last"] else ""
    if zh:
        return f"第 {e['round']} 回合：翻开 {e['card']}，{NATURE_NAMES[nat][0]}回合{last}"
    return f"round {e['round']}: {e['card']} turned, {nat} round{last}"


def _target(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    if zh:
        return f"{_who(e['player'], zh, names)} 点名{_whom(e['target'], names)}"
    return f"{_who(e['player'], zh, names)} names {_who(e['target'], zh, names)}"


def _duel(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    if "sides" in e:
        return _format_duel(e, zh, names)
    return _all_in_duel(e, zh, names)


def _all_in_duel(e: Event, zh: bool, names: Names) -> str:
    """The all-in last round (option last_round = "all_in")."""
    a, t = e["players"]
    taker = e["taker"]
    sums, totals = e["sums"], e["totals"]
    hands = [" ".join(str(c) for c in h) or "—" for h in e["hands"]]
    wa, wt = _who(a, zh, names), _who(t, zh, names)
    if zh:
        who = "总数相等" if taker is None else f"{_who(taker, zh, names)} 收下两手牌"
        return (
            f"最后一回合对决 {wa} 对 {wt}：{wa} 全部打出 {hands[0]}"
            f"（意图和 {sums[0]}，总数 {totals[0]}），{wt} 全部打出 {hands[1]}"
            f"（意图和 {sums[1]}，总数 {totals[1]}）：{who}"
        )
    who = "equal totals" if taker is None else f"{_who(taker, zh, names)} takes both hands"
    return (
        f"last-round duel {wa} vs {wt}: {wa} plays out {hands[0]} "
        f"(sum {sums[0]}, total {totals[0]}), {wt} plays out {hands[1]} "
        f"(sum {sums[1]}, total {totals[1]}): {who}"
    )


def _discard_attack(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    p, t = _who(e["player"], zh, names), _who(e["target"], zh, names)
    if zh:
        return (
            f"{p} 出 {e['card']}（身份相同），先攻击后丢弃"
            f"{_whom(e['target'], names)} 的武器：攻击总数 {e['total']}；{t} 出牌应对"
        )
    return (
        f"{p} plays {e['card']} in role to attack, then discard, "
        f"{t}'s weapon: attack total {e['total']}; "
        f"{t} answers"
    )


def _role(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    role = _role_name(str(e["role"]), zh, roles)
    if zh:
        how = "选择" if e["chosen"] else "拿到"
        return f"{_who(e['player'], zh, names)} {how}身份：{role}（身份 {e['value']}）"
    how = "chooses" if e["chosen"] else "is dealt"
    return f"{_who(e['player'], zh, names)} {how} the role {role} (role value {e['value']})"


def _play_out(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    cards = list(e["hand"]) + list(e["weapon"] or [])
    shown = " ".join(str(c) for c in cards) or "—"
    values = " + ".join(str(v) for v in e["values"]) or "0"
    weapon = e["weapon"]
    if zh:
        extra = "（含武器牌）" if weapon else ""
        return (
            f"{_who(e['player'], zh, names)} 出完所有牌{extra}：{shown} —— {e['count']} 张，"
            f"点数和 {values} = {e['sum']}"
        )
    extra = " (weapon pair included)" if weapon else ""
    return (
        f"{_who(e['player'], zh, names)} plays out every card{extra}: {shown} — {e['count']} "
        f"card(s), values {values} = {e['sum']}"
    )


_SUPPLY_CHOICES = {"pass": "不补给", "redraw": "重新抓取武器", "discard": "丢弃回收的牌"}


def _supply(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    choice = str(e["choice"])
    if zh:
        return f"{_who(e['player'], zh, names)} 补给：{_SUPPLY_CHOICES[choice]}"
    return f"{_who(e['player'], zh, names)} supply: {choice}"


def _weapon_gone(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    if zh:
        r = e["draw_from_round"]
        return f"{_who(e['player'], zh, names)} 的武器进入桌面牌堆（第 {r} 回合起可再抽）"
    return (
        f"{_who(e['player'], zh, names)}'s weapon goes to the table pile "
        f"(may draw again from round {e['draw_from_round']})"
    )


def _setup(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    offer = [_offer(o if isinstance(o, dict) else {}, zh, roles) for o in e["offer"]]
    if zh:
        how = (
            f"从{_whom(e['first'], names)} 起按座位顺序选择身份" if e["choose"] else "身份随机发放"
        )
        return f"身份牌（明牌）：{'，'.join(offer)}；{how}；共 {e['rounds']} 回合"
    how = (
        f"players choose in seat order from {_who(e['first'], zh, names)}"
        if e["choose"]
        else "the roles are dealt at random"
    )
    return f"role cards (face up): {', '.join(offer)}; {how}; {e['rounds']} rounds"


def _offer(d: Mapping[str, JSONValue], zh: bool, roles: RoleNames) -> str:
    name = _role_name(str(d.get("role")), zh, roles)
    if zh:
        card = f"{d['card']}，" if d.get("card") else ""
        return f"{name}（{card}身份 {d.get('value')}）"
    card_en = f"{d['card']}, " if d.get("card") else ""
    return f"{name} ({card_en}role value {d.get('value')})"


def _deal(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    if "hand" in e:
        hand = " ".join(str(c) for c in e["hand"])
        if zh:
            return f"你的手牌：{hand}；武器 {e['weapon']}，质量 {e['quality']}，可用 {e['uses']} 次"
        return (
            f"your hand: {hand}; weapon {e['weapon']} of quality {e['quality']}, {e['uses']} use(s)"
        )
    if zh:
        return f"{_who(e['player'], zh, names)} 拿到 5 张意图牌和一对武器牌"
    return f"{_who(e['player'], zh, names)} is dealt 5 intention cards and a weapon pair"


def _rearm(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    who = _who(e["player"], zh, names)
    if not e.get("drew"):
        if e.get("table_empty"):
            return (
                f"{who} 无法抽取武器：桌面牌堆已空"
                if zh
                else (f"{who} cannot draw a weapon: the table pile is empty")
            )
        return f"{who} 暂不抽取武器" if zh else f"{who} does not draw a weapon"
    if "weapon" not in e:
        return f"{who} 背牌抽取了一对武器牌" if zh else f"{who} draws a weapon pair face down"
    if zh:
        shown = "明牌" if e.get("face_up") else "背牌"
        return (
            f"{who} 抽取武器（{shown}）：武器 {e['weapon']}，质量 {e['quality']}，"
            f"可用 {e['uses']} 次"
        )
    side = "face up" if e.get("face_up") else "face down"
    return (
        f"{who} draws a weapon ({side}): {e['weapon']} of quality "
        f"{e['quality']}, {e['uses']} use(s)"
    )


def _skip(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    if zh:
        return f"{_who(e['player'], zh, names)} 本回合无事可做，跳过"
    return f"{_who(e['player'], zh, names)} has nothing to do this turn and is skipped"


def _winners(ws: JSONValue, zh: bool, names: Names) -> str:
    """The winners: ``玩家 0, 2`` / ``player 0, 2``, or their names (``小明、bot 2``)."""
    seats = list(ws) if isinstance(ws, list) else []
    if names is not None and all(seat_name(names, w) is not None for w in seats):
        return ("、" if zh else ", ").join(_who(w, zh, names) for w in seats)
    return ("玩家 " if zh else "player ") + ", ".join(str(w) for w in seats)


def _end(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    winners = _winners(e["winners"], zh, names)
    reason = str(e["reason"])
    why_zh, why_en = END_REASONS.get(reason, (reason, reason))
    if "sums" in e:
        if zh:
            return (
                f"游戏结束（{why_zh}）：最后一回合开始时的牌数 {e['cards']}，点数和 "
                f"{e['sums']} —— 牌最少者胜，张数相同时点数和小者胜；胜者：{winners}"
            )
        return (
            f"game over ({why_en}): cards at the start of the last round {e['cards']}, "
            f"sums {e['sums']} — fewest cards wins, then the smaller sum; "
            f"winner(s): {winners}"
        )
    if zh:
        return f"游戏结束（{why_zh}）：胜者 {winners}，剩余牌数 {e['cards']}"
    return f"game over ({why_en}): winner(s) {winners}, cards left {e['cards']}"


def _side_text(
    side: Mapping[str, JSONValue], nature: str, rv: int, zh: bool, names: Names = None
) -> str:
    """``player 0 ♠6 + weapon (Q 3, W 11), in role (身份 6): 6×6 + 7 + 3×11 = 76``."""
    p, card, i = side["player"], side["card"], int(side["intention"])
    weapon = side["weapon"]
    role = int(side["role_value"]) if side["in_role"] else None
    head = f"{_who(p, zh, names)} 出 {card}" if zh else f"{_who(p, zh, names)} {card}"
    if nature == "attack":
        extra, formula = _attack_side(weapon, i, rv, role, zh)
    else:
        extra, formula = _defence_side(weapon, i, rv, role, zh)
    head += extra
    if role is not None:
        head += f"，身份相同（身份 {role}）" if zh else f", in role (role value {role})"
    return f"{head}：{formula}" if zh else f"{head}: {formula}"


def _attack_side(weapon: JSONValue, i: int, rv: int, role: int | None, zh: bool) -> tuple[str, str]:
    sym = "身份" if zh else "role"
    pair = None
    extra = ""
    if isinstance(weapon, list):
        pair = (int(weapon[0]), int(weapon[1]))
        extra = (
            f" + 武器（质量 {pair[0]}，武器 {pair[1]}）"
            if zh
            else f" + weapon (quality {pair[0]}, weapon {pair[1]})"
        )
    return extra, attack_text(rv, i, pair, role, role_symbol=sym)


def _defence_side(
    weapon: JSONValue, i: int, rv: int, role: int | None, zh: bool
) -> tuple[str, str]:
    sym = "身份" if zh else "role"
    w = None
    extra = ""
    if isinstance(weapon, list):
        w = int(weapon[1])
        if weapon[0] == 0:  # an unarmed defender (option unarmed_defence)
            extra = "（没有武器，武器数按 0）" if zh else " (no weapon: W = 0)"
        else:
            extra = f" + 武器 {w}" if zh else f" + weapon {w}"
    return extra, defence_text(rv, i, weapon=w, role_value=role, role_symbol=sym)


#: Equal totals, by whether the cards go to the table (option ``tie``).
_ATTACK_TIE = (
    ("总数相等，各自收回自己的牌", "equal totals: each takes back their own card"),
    ("总数相等，两张牌进入桌面牌堆", "equal totals: both cards go to the table pile"),
)
_DEFENCE_TIE = (
    ("相等，各自收回自己的牌", "equal: each takes back their own card"),
    ("相等，两张牌进入桌面牌堆", "equal: both cards go to the table pile"),
)
#: Who takes the cards, by the nature (attack) or the outcome of a defence round.
_TAKES = {
    "attack": (
        "总数小的一方收牌：{taker} 收下 {cards}",
        "the smaller total takes the cards: {taker} takes {cards}",
    ),
    "valid": (
        "进攻有效，被进攻方收牌：{taker} 收下 {cards}",
        "the attack is valid, the attacked side takes: {taker} takes {cards}",
    ),
    "turned": (
        "防守大于进攻，防守变为进攻，无效方收牌：{taker} 收下 {cards}",
        "the defence is larger and turns into an attack, the invalid side takes: "
        "{taker} takes {cards}",
    ),
}


def _duel_rule(e: Event, nature: str, zh: bool, names: Names) -> str:
    """The rule that decides who takes the cards of a duel, with its result."""
    taker = e["taker"]
    tie_table = e.get("tie") == "table"
    key: str | None
    if nature == "attack":
        key = "attack" if taker is not None else None
        tie = _ATTACK_TIE
    else:
        outcome = str(e["outcome"])
        key = outcome if outcome in ("valid", "turned") else None
        tie = _DEFENCE_TIE
    if key is None:
        return tie[tie_table][0 if zh else 1]
    cards = f"{e['cards'][0]} {e['cards'][1]}"
    return _TAKES[key][0 if zh else 1].format(taker=_who(taker, zh, names), cards=cards)


def _format_duel(e: Event, zh: bool, names: Names) -> str:
    nature = str(e["nature"])
    rv = int(e["round_value"])
    sides = [s for s in e["sides"] if isinstance(s, dict)]
    a, t = (int(s["player"]) for s in sides)
    texts = [_side_text(s, nature, rv, zh, names) for s in sides]
    rule = _duel_rule(e, nature, zh, names)
    wa, wt = _who(a, zh, names), _who(t, zh, names)
    if nature == "attack":
        head = f"进攻回合（回合数 {rv}）" if zh else f"attack round (R = {rv})"
    else:
        head = f"防守回合（回合数 {rv}）" if zh else f"defence round (R = {rv})"
    if zh:
        role = "" if nature == "attack" else f"（{wa} 进攻，{wt} 防守）"
        return f"{head}{role} {wa} 对 {wt}：{texts[0]}；{texts[1]} → {rule}"
    role = "" if nature == "attack" else f" ({wa} attacks, {wt} defends)"
    return f"{head}{role}, {wa} vs {wt}: {texts[0]}; {texts[1]} → {rule}"


_DISCARD_RESULT = {True: ("成功", "success"), False: ("失败", "failure"), None: ("相等", "equal")}


def _discard_then(e: Event, zh: bool, names: Names) -> str:
    """What becomes of the cards after a discard."""
    p, t, card, ok = e["player"], e["target"], e["card"], e["success"]
    if ok is True:
        return (
            f"{_who(t, zh, names)} 的质量牌和武器牌进入桌面牌堆"
            if zh
            else f"{_who(t, zh, names)}'s quality and weapon cards go to the table pile"
        )
    if ok is False:
        return f"{card} 被丢弃" if zh else f"{card} is discarded"
    if zh:
        return (
            f"{card} 进入桌面牌堆"
            if e.get("tie") == "table"
            else f"{_who(p, zh, names)} 收回 {card}"
        )
    return (
        f"{card} goes to the table pile"
        if e.get("tie") == "table"
        else f"{_who(p, zh, names)} takes {card} back"
    )


def _discard(e: Event, zh: bool, roles: RoleNames, names: Names = None) -> str:
    p, t, card = e["player"], e["target"], e["card"]
    wp, wt = _who(p, zh, names), _who(t, zh, names)
    res = _DISCARD_RESULT[e["success"]][0 if zh else 1]
    then = _discard_then(e, zh, names)
    if not e["in_role"]:
        q = e["against"]
        if zh:
            return (
                f"丢弃回合：{wp} 出 {card}，丢弃{_whom(t, names)} 的武器：意图数 : 质量数 = "
                f"{e['intention']} : {q} → {res}，{then}"
            )
        return (
            f"discard round: {wp} plays {card} to discard {wt}'s weapon: "
            f"I : Q = {e['intention']} : {q} → {res}, {then}"
        )
    attack, against = _discard_in_role(e, zh, names)
    if zh:
        return (
            f"丢弃回合（身份相同，先攻击后丢弃）：{wp} 出 {card}，{attack}；对 {against} "
            f"→ {res}，{then}"
        )
    return (
        f"discard round (in role: attack first, then discard): {wp} plays {card}, "
        f"{attack}; against {against} → {res}, {then}"
    )


def _discard_in_role(e: Event, zh: bool, names: Names) -> tuple[str, str]:
    """An in-role discard's attack total and what it meets, written out."""
    t = e["target"]
    rv = int(e["round_value"])
    sym = "身份" if zh else "role"
    wv = e.get("weapon_values")
    pair = (int(wv[0]), int(wv[1])) if isinstance(wv, list) else None
    role_value = int(e["role_value"])
    attack = attack_text(rv, int(e["intention"]), pair, role_value, role_symbol=sym)
    ans = e.get("answer")
    if isinstance(ans, dict):
        ta = _side_text(ans, "attack", rv, zh, names)
        against = (
            f"{ta}（应对牌回到{_whom(t, names)} 手中）"
            if zh
            else f"{ta} (the answer goes back to {_who(t, zh, names)})"
        )
    elif e.get("mode") == "answer":
        against = (
            f"{_who(t, zh, names)} 没有手牌应对：0"
            if zh
            else f"{_who(t, zh, names)} has no card to answer: 0"
        )
    else:
        against = f"意图数 {e['against']}" if zh else f"the intention number {e['against']}"
    return attack, against


#: Every event kind the game logs → its wording.
EVENTS: dict[str, Formatter] = {
    "setup": _setup,
    "role": _role,
    "deal": _deal,
    "round": _round,
    "rearm": _rearm,
    "target": _target,
    "duel": _duel,
    "discard_attack": _discard_attack,
    "discard": _discard,
    "supply": _supply,
    "weapon_gone": _weapon_gone,
    "play_out": _play_out,
    "skip": _skip,
    "end": _end,
}


# ---------------------------------------------------------------------- formulas, written out


def attack_text(
    round_value: int,
    intention: int,
    weapon: Weapon | None = None,
    role_value: int | None = None,
    *,
    role_symbol: str = "身份",
) -> str:
    """An attack total written out with its numbers (``role_value`` given: in role).

    >>> attack_text(7, 6, (3, 11))
    'R×I + Q×W = 7×6 + 3×11 = 75'
    >>> attack_text(7, 6, (3, 11), 6, role_symbol="role")
    'role×I + R + Q×W = 6×6 + 7 + 3×11 = 76'
    >>> attack_text(9, 5)
    'R×I = 9×5 = 45'
    """
    if role_value is None:
        sym, num = ["R×I"], [f"{round_value}×{intention}"]
        total = attack_total(round_value, intention, weapon)
    else:
        sym = [f"{role_symbol}×I", "R"]
        num = [f"{role_value}×{intention}", str(round_value)]
        total = attack_total_same_role(role_value, round_value, intention, weapon)
    if weapon is not None:
        sym.append("Q×W")
        num.append(f"{weapon[0]}×{weapon[1]}")
    return f"{' + '.join(sym)} = {' + '.join(num)} = {total}"


def defence_text(
    round_value: int,
    intention: int,
    *,
    weapon: int | None = None,
    role_value: int | None = None,
    role_symbol: str = "身份",
) -> str:
    """One side of a defence round written out: the attacker (``weapon`` None) or the
    defender (``weapon`` its weapon number, 0 unarmed); ``role_value`` given: in role.

    >>> defence_text(7, 6), defence_text(7, 3, weapon=8)
    ('R + I = 7 + 6 = 13', 'W + I = 8 + 3 = 11')
    >>> defence_text(7, 4, role_value=6, role_symbol="role")
    '(role + I) + (R + I) = (6 + 4) + (7 + 4) = 21'
    >>> defence_text(7, 4, weapon=3, role_value=5)
    '(R + I) + (W + I) = (7 + 4) + (3 + 4) = 18'
    """
    r, i = round_value, intention
    if weapon is None:
        if role_value is None:
            return f"R + I = {r} + {i} = {defence_attack_value(r, i)}"
        total = defence_attack_value_same_role(role_value, r, i)
        return f"({role_symbol} + I) + (R + I) = ({role_value} + {i}) + ({r} + {i}) = {total}"
    if role_value is None:
        return f"W + I = {weapon} + {i} = {defence_defence_value(weapon, i)}"
    total = defence_defence_value_same_role(r, weapon, i)
    return f"(R + I) + (W + I) = ({r} + {i}) + ({weapon} + {i}) = {total}"


#: Why the game ended, in a sentence with the rule that ranks the players.
ENDINGS: dict[str, Text] = {
    "empty": Text(
        "第 {round} 回合有玩家出完了所有牌：剩余牌最少者胜（率先消耗完毕）。",
        "A player played out every card in round {round}: the fewest cards left wins.",
    ),
    "last_empty": Text(
        "最后一回合（第 {round} 回合）有玩家出完了所有牌：剩余牌最少者胜。",
        "A player played out every card in the last round (round {round}): the fewest cards "
        "left wins.",
    ),
    "last_round": Text(
        "最后一回合（第 {round} 回合）结束：剩余牌最少者胜。",
        "The last round (round {round}) is over: the fewest cards left wins.",
    ),
    "count": Text(
        "回合牌用完（共 {round} 回合）：剩余牌最少者胜。",
        "The round cards ran out after round {round}: the fewest cards left wins.",
    ),
    "play_out": Text(
        "最后一回合（第 {round} 回合）所有人亮出了全部的牌：该回合开始时牌最少者胜，"
        "张数相同时点数和小者胜。",
        "In the last round (round {round}) everyone laid out every card: the fewest cards at "
        "the start of that round wins, then the smaller sum of their numbers.",
    ),
}


def ending(
    reason: str,
    round_no: int,
    roles: Sequence[Text],
    cards_left: Sequence[int],
    final: Sequence[int],
) -> Ending:
    """The finished game in words (``State.ending``): why, and each player's role and cards
    (after a play-out last round: the cards at its start and their sum)."""
    why = ENDINGS.get(reason, Text("游戏结束。", "The game is over."))
    reason_text = Text(why.zh.format(round=round_no), why.en.format(round=round_no))
    rows = [Standing(Text("身份", "role"), tuple(roles))]
    if final:
        rows.append(
            Standing(
                Text("最后一回合开始时的牌数", "cards at the start of the last round"),
                tuple(same(k // 1000) for k in final),
            )
        )
        rows.append(
            Standing(Text("点数和", "sum of their numbers"), tuple(same(k % 1000) for k in final))
        )
    else:
        rows.append(Standing(Text("剩余牌数", "cards left"), tuple(same(n) for n in cards_left)))
    return Ending(reason_text, tuple(rows))
