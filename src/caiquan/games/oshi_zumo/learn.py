"""Learn mode's hints for Oshi-Zumo (the game's ``learn`` hook), in Chinese and English."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caiquan.engine import Decision, Game

BID = (
    "双方同时暗出金币。出价高的一方把力士向对方边缘推一格，相同则不动。无论输赢，出的金币都付掉。"
    "把力士推出对方边缘就赢。",
    "Both bid coins at once, face down. The higher bid pushes the wrestler one step toward "
    "the other's edge; equal bids leave him where he is. Both pay their bids, won or lost. "
    "Push him off the other's edge to win.",
)


def hints(game: Game, decision: Decision, obs: Mapping[str, Any]) -> list[dict[str, str]]:
    """The hints for one decision (see :meth:`caiquan.engine.Game.learn_hints`)."""
    if decision.kind != "bid":
        return []
    return [{"kind": "what", "zh": BID[0], "en": BID[1]}]
