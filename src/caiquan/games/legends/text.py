"""Every word 伟人的猜拳战略 shows a player, in Chinese and English.

The rules (:mod:`.rules`), the terminal panel (:mod:`.terminal`) and the card texts
(:mod:`.effects`, :mod:`.cardlist`) take their wording from here; nothing else in the
package holds a sentence.
"""

from __future__ import annotations

from .data import CONTINENT_EN, CONTINENT_ZH, KIND_EN, KIND_ZH, Person, Territory

#: The terminal panel's labels: key → (zh, en); ``{fields}`` are filled in by :func:`label`.
TERMINAL: dict[str, tuple[str, str]] = {
    "player": ("玩家 {n}", "player {n}"),
    "round": ("第 {r} 回合", "round {r}"),
    "hand": ("手牌", "hand"),
    "hand_count": ("手牌数", "hand"),
    "markers": ("标记", "markers"),
    "display": ("已打出", "display"),
    "territories": ("领土", "territories"),
    "score": ("★", "★"),
    "continents": ("洲", "cont."),
    "passed": ("已跳过", "passed"),
    "deck": ("人物牌堆", "person deck"),
    "discard_pile": ("弃牌堆", "discard pile"),
    "territory_deck": ("领土牌堆", "territory deck"),
    "territory_top": ("领土牌堆顶", "top territory"),
    "known_top": ("已知的领土牌", "territories you know"),
    "known_hands": ("已知的他人手牌", "known cards in other hands"),
    "war": ("战争", "war"),
    "yellow_side": ("黄（已建设）", "yellow (built)"),
    "black_side": ("黑（未建设）", "black (unbuilt)"),
    "cost": ("扩张 {e} 武力 / 建设 {b}", "expand {e} Might / build {b}"),
    "current": ("当前玩家", "current player"),
    "start_player": ("起始玩家", "start player"),
    "not_playable": ("现在无法打出（没有合法的用法）", "cannot be played now (no legal use)"),
}


def label(key: str, lang: str, **fields: object) -> str:
    """The terminal label ``key`` in ``lang`` (``zh`` or ``en``), with ``fields`` filled in."""
    zh, en = TERMINAL[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def person_label(p: Person, lang: str) -> str:
    """A person card with its kind: ``李白（技）`` / ``Li Bai (skill)``."""
    if lang == "zh":
        return f"{p.zh}（{KIND_ZH[p.kind]}）"
    return f"{p.en} ({KIND_EN[p.kind]})"


# ---------------------------------------------------------------------- the catalogue

#: What each marker is for: id (as observations name it) → (zh, en).
MARKER_TEXT: dict[str, tuple[str, str]] = {
    "might": (
        "扩张与取得领土时支付（领土左下角的费用）；展示区中的每张红色伟人在回合结束时产出 1 枚",
        "paid to expand or to take a territory (the cost at its bottom left); each red great "
        "person in a display produces 1 at round end",
    ),
    "tech": (
        "建设领土时支付（全用科技或全用文化，不可混付）；"
        "展示区中的每张蓝色伟人在回合结束时产出 1 枚",
        "paid to build a territory (all in Tech or all in Culture, never mixed); each blue "
        "great person in a display produces 1 at round end",
    ),
    "culture": (
        "建设领土时支付（全用文化或全用科技，不可混付）；"
        "展示区中的每张绿色伟人在回合结束时产出 1 枚",
        "paid to build a territory (all in Culture or all in Tech, never mixed); each green "
        "great person in a display produces 1 at round end",
    ),
}

#: What each kind of person card does: id (as ``play`` events name it) → (zh, en).
CARD_KIND_TEXT: dict[str, tuple[str, str]] = {
    "skill": ("打出时立即执行卡上的能力", "its ability resolves at once when played"),
    "passive": (
        "打出时无事发生；从手牌或展示区被弃置时发动",
        "nothing happens when played; it fires when discarded from a hand or a display",
    ),
    "war": (
        "打出时立即向一名对手的领土发动猜拳战争",
        "when played, it starts a rock-paper-scissors war on an opponent's territory at once",
    ),
}

#: What each colour of person card produces at round end: id → (zh, en).
COLOUR_TEXT: dict[str, tuple[str, str]] = {
    "red": (
        "回合结束时，展示区中的每张红色伟人为其主人产出 1 枚武力",
        "at round end each red great person in a display gives its owner 1 Might",
    ),
    "blue": (
        "回合结束时，展示区中的每张蓝色伟人为其主人产出 1 枚科技",
        "at round end each blue great person in a display gives its owner 1 Tech",
    ),
    "green": (
        "回合结束时，展示区中的每张绿色伟人为其主人产出 1 枚文化",
        "at round end each green great person in a display gives its owner 1 Culture",
    ),
    "people": (
        "回合结束时，展示区中的每张人民卡为其主人产出 1 枚其自选的标记",
        "at round end each people card in a display gives its owner 1 marker of their choice",
    ),
}


def continent_text(n: int) -> tuple[str, str]:
    """A continent's catalogue text (``n``: its territories in the content)."""
    return (
        f"六大洲之一：持有全部六大洲的领土即获胜（本卡组有 {n} 块）",
        f"one of the six continents: hold a territory of all six to win ({n} in this content)",
    )


def territory_text(t: Territory) -> tuple[str, str]:
    """A territory's catalogue text: continent, costs and stars."""
    return (
        f"{CONTINENT_ZH[t.continent]}；扩张 {t.expand} 武力，建设 {t.build} 文化或科技；"
        f"黑星面 −{t.black}★，黄星面 +{t.yellow}★",
        f"{CONTINENT_EN[t.continent]}; expand {t.expand} Might, build {t.build} Culture or "
        f"Tech; black side −{t.black}★, yellow side +{t.yellow}★",
    )
