"""Learn mode's hints for Goofspiel (the game's ``learn`` hook), in Chinese and English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caiquan.engine import Decision, Game

BID = (
    "所有人同时暗出一张手牌竞价这张分数牌。唯一的最高出价赢得它的分数；最高出价相同则谁也不得分。"
    "出过的牌就用掉了：大牌留给值钱的分数牌。",
    "Everyone bids one card from hand at once, face down, for this point card. The single "
    "highest bid scores its points; if the highest bids tie, nobody scores. Bid cards are "
    "spent: keep big cards for valuable point cards.",
)


def hints(game: Game, decision: Decision, obs: Mapping[str, Any]) -> list[dict[str, str]]:
    """The hints for one decision (see :meth:`caiquan.engine.Game.learn_hints`)."""
    if decision.kind != "bid":
        return []
    return [{"kind": "what", "zh": BID[0], "en": BID[1]}]
