"""Learn mode's hints for 剧牌 (the game's ``learn`` hook), in Chinese and English: what each
decision is and what its choices do, by the decision's kind and this round's nature (public).
Nothing hidden is used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caiquan.engine import Decision, Game

GOAL = (
    "目标：最先出完所有牌（包括武器牌）。",
    "Goal: be the first to play out every card, weapon cards included.",
)

#: decision kind → (zh, en)
WHAT: dict[str, tuple[str, str]] = {
    "role": (
        "选择身份（明牌）。身份决定你的“身份内”牌：地主＝J、Q、K，协调员＝合数，农民＝质数，"
        "旁白＝A 和 10。打出身份内的牌时用“身份相同”的公式（身份值参与计算）。",
        'Choose your role (face up). It decides which cards are "in role": landlord = J, Q, '
        "K; coordinator = composites; farmer = primes; narrator = A and 10. A card played in "
        "role uses the same-role formula (your role value counts).",
    ),
    "target": (
        "点名一名对手，与他一对一比牌。",
        "Name an opponent to duel with.",
    ),
    "rearm": (
        "你的武器用完已等了一整回合：要不要从桌面牌堆摸一对新的（左品质、右武器）？"
        "武器让你比牌时更强，但它也是要出完的牌。",
        "Your weapon was used up a full round ago: draw a new pair (left quality, right "
        "weapon) from the table pile? A weapon makes your totals stronger, but it is also "
        "cards you must play out.",
    ),
    "supply": (
        "补给回合：可以付一张意图牌，把它和手中所有“收回的牌”一起弃掉；或重抽武器对；或过。",
        "Supply round: pay one intention card to discard it together with every taken-back "
        "card in your hand; or redraw your weapon pair; or pass.",
    ),
    "discard": (
        "丢弃回合：打出一张意图牌，与对手武器的品质比大小。你的大：对手的品质和武器弃到桌面；"
        "对手的大：失败。无论如何你的意图牌都进入桌面牌堆。",
        "Discard round: play an intention card against the quality of the opponent's weapon. "
        "Yours larger: their quality and weapon go to the table pile; theirs larger: you "
        "fail. Either way your intention card goes to the table pile.",
    ),
    "answer": (
        "对手要打掉你的武器：用一张意图牌应答（它按进攻的方式计数，不带武器）。你的数大，进攻失败；"
        "应答的牌都会回到你手中。",
        "An opponent attacks to discard your weapon: answer with an intention card (it counts "
        "as in an attack, without a weapon). If yours is larger the attack fails; your answer "
        "comes back to your hand either way.",
    ),
}

DUEL: dict[str, tuple[str, str]] = {
    "attack": (
        "进攻回合：双方同时暗出一张意图牌（可加上武器对），然后一起翻开。总数 = 回合数 R × 意图"
        "（加武器：+ 品质 × 武器）。总数小的一方收下两张牌——收牌不好，你要出完牌。",
        "Attack round: both choose one intention card face down (optionally with your weapon "
        "pair) and reveal together. Total = round number R × intention (with the weapon: + "
        "quality × weapon). The smaller total takes both cards into hand — bad, since you "
        "want to play out your cards.",
    ),
    "defence": (
        "防守回合：攻方的总数 = R + 意图，守方的总数 = 武器 + 意图（守方必须用武器，没有则记 0）。"
        "守方大：防守变进攻，攻方收牌；攻方大：被攻击的一方收牌。",
        "Defence round: the attacker's total is R + intention, the defender's is weapon + "
        "intention (the defender must use a weapon; without one it counts 0). Defence larger: "
        "it turns into an attack and the attacker takes the cards; attack larger: the "
        "defender takes them.",
    ),
}


def hints(game: Game, decision: Decision, obs: Mapping[str, Any]) -> list[dict[str, str]]:
    """The hints for one decision (see :meth:`caiquan.engine.Game.learn_hints`)."""
    text: tuple[str, str] | None
    if decision.kind == "duel":
        text = DUEL.get(str(obs.get("nature")), DUEL["attack"])
    else:
        text = WHAT.get(decision.kind)
    if text is None:
        return []
    return [
        {"kind": "what", "zh": text[0], "en": text[1]},
        {"kind": "choice", "zh": GOAL[0], "en": GOAL[1]},
    ]
