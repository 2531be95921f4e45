"""Learn mode's hints for wager (the game's ``learn`` hook), in Chinese and English, from the
deciding seat's own observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caiquan.engine import Decision, Game

WHAT = (
    "双方同时暗出一张牌，并在牌上押 0 枚或更多筹码。布胜石头，剪刀胜布，石头胜剪刀。"
    "押上的筹码都进奖池，赢的一方得 1 分加奖池。",
    "Both play a card at once, face down, with a stake of chips on it. Paper beats rock, "
    "scissors beat paper, rock beats scissors. All stakes go into the pot; the winner scores "
    "1 plus the pot.",
)


def hints(game: Game, decision: Decision, obs: Mapping[str, Any]) -> list[dict[str, str]]:
    """What the decision is, and which cards the player has not seen yet."""
    if decision.kind != "throw":
        return []
    out = [{"kind": "what", "zh": WHAT[0], "en": WHAT[1]}]
    unseen = obs.get("unseen")
    if isinstance(unseen, dict):
        names = {e.id: e.name for e in game.catalogue() if e.kind == "card"}
        zh = "、".join(f"{names[k].zh} {n}" for k, n in unseen.items() if k in names)
        en = ", ".join(f"{names[k].en} {n}" for k, n in unseen.items() if k in names)
        out.append(
            {
                "kind": "key",
                "zh": f"你还没见过的牌（对手手里或被放在一旁）：{zh}。",
                "en": f"Cards you have not seen (in the other hand or set aside): {en}.",
            }
        )
    return out
