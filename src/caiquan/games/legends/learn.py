"""Learn mode's hints for 伟人的猜拳战略 (the game's ``learn`` hook), in Chinese and English:
what each decision is and what its choices do, by the decision's kind. Nothing hidden is
used (the hints depend on the decision's kind only)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caiquan.engine import Decision, Game

#: decision kind → (zh, en)
WHAT: dict[str, tuple[str, str]] = {
    "action": (
        "你的回合：只做一件事。打出人物牌（技＝立即生效，天＝被弃掉时才生效，战＝立即发动猜拳战争）；"
        "扩张（用武力支付牌堆顶领土的费用，黑面朝上拿走）；建设（用文化或科技全额支付，把黑领土翻成"
        "黄的，再摸 1 张牌）；或过（本轮不再行动）。胜利：六大洲各有一块领土，或黄星 − 黑星 ≥ 10。",
        "Your turn: do exactly one thing. Play a person card (skill: now; passive: only "
        "when it is discarded; war: a rock-paper-scissors war at once); expand (pay the top "
        "territory's Might cost and take it, black side up); build (pay all in Culture or all "
        "in Tech to flip a black territory to yellow, then draw 1 card); or pass for the rest "
        "of the round. You win with a territory on each of the six continents, or with yellow "
        "stars − black stars ≥ 10.",
    ),
    "war_target": (
        "选择要进攻的对手领土。攻方赢：黑领土被夺走（仍是黑面）；黄领土不能夺，翻成黑面留给对方。"
        "守方赢：什么也不发生。",
        "Choose the opponent's territory to attack. If you win the war, a black territory "
        "becomes yours (still black); a yellow one cannot be taken: it is flipped to black and "
        "stays with its owner. If the defender wins, nothing happens.",
    ),
    "throw": (
        "猜拳战争：双方同时出石头、剪刀或布。石头赢剪刀，剪刀赢布，布赢石头；平局重新出拳。",
        "A war: both throw rock, scissors or paper at once. Rock beats scissors, scissors beat "
        "paper, paper beats rock; a tie is thrown again.",
    ),
    "announce": (
        "先公开宣告你的出拳（所有人可见）。如果第一次真的出了它，你得 1 武力（无论胜负）；"
        "也可以虚张声势。",
        "Announce your throw openly first. If your first throw matches it you gain 1 Might, "
        "win or lose; you may also bluff.",
    ),
    "may": (
        "这个能力写着“可以”：由你决定是否使用。",
        'This ability says "you may": use it or skip it, as you like.',
    ),
    "develop": (
        "选择要建设的黑领土和支付方式：全部用文化或全部用科技，不能混合。建设后摸 1 张牌。",
        "Choose a black territory to build and how to pay: all in Culture or all in Tech, never "
        "mixed. A build draws 1 card.",
    ),
    "scout": (
        "选择把哪块领土放回领土牌堆顶（下一次扩张拿到的就是它）。",
        "Choose which territory goes on top of the territory deck (the next expansion takes it).",
    ),
    "discard": (
        "从手牌弃一张牌。被弃掉的“天”牌会发动它的效果。",
        "Discard a card from your hand. A passive card fires when it is discarded.",
    ),
    "output": (
        "轮次结束的产出：你的人民牌产出哪种标记？武力用来扩张，文化或科技用来建设。",
        "Round-end production: which marker does your people card give? Might pays for "
        "expanding, Culture or Tech for building.",
    ),
    "marker": (
        "选择一种标记：武力（扩张）、科技或文化（建设）。",
        "Choose a kind of marker: Might (expanding), Tech or Culture (building).",
    ),
    "target": ("选择这个能力针对的对手。", "Choose the opponent this ability targets."),
    "take": ("选择要拿走的领土。", "Choose the territory to take."),
    "flip": (
        "选择一块对手的黄领土翻成黑面（黄星加分，黑星减分）。",
        "Choose an opponent's yellow territory to flip to black (yellow stars score, black "
        "stars count against).",
    ),
    "purge": (
        "选择对手展示区的一张牌弃掉。",
        "Choose a card in an opponent's display to discard.",
    ),
    "raze": (
        "选择对手的一块黑领土弃到领土弃牌堆。",
        "Choose an opponent's black territory to put on the territory discard pile.",
    ),
}


def hints(game: Game, decision: Decision, obs: Mapping[str, Any]) -> list[dict[str, str]]:
    """The hints for one decision (see :meth:`caiquan.engine.Game.learn_hints`)."""
    text = WHAT.get(decision.kind)
    return [{"kind": "what", "zh": text[0], "en": text[1]}] if text else []
