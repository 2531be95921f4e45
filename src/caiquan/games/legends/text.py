"""Every word 伟人的猜拳战略 shows a player, in Chinese and English.

The rules (:mod:`.rules`), the terminal panel (:mod:`.terminal`) and the card texts
(:mod:`.effects`, :mod:`.cardlist`) take their wording from here; nothing else in the
package holds a sentence.
"""

from __future__ import annotations

from .content import KIND_EN, KIND_ZH, Person

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
