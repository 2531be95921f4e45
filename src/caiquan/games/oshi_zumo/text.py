"""Every word oshi_zumo shows a player, in Chinese and English: option names, prompts,
events, end reasons and the catalogue's texts. The rules module holds no wording."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from caiquan.engine import Choice, Ending, JSONValue, Standing, Text, seat_name

#: Why a game ended (``State.outcome().reason``), as the events name it.
REASONS: dict[str, Text] = {
    "pushed_off": Text("力士被推出场外", "the wrestler was pushed off the ring"),
    "horizon": Text("回合数已到上限", "the turn limit was reached"),
    "no_coins": Text("双方的硬币都已用完", "both players are out of coins"),
}

COIN = Text("硬币", "coin")
COIN_TEXT = Text(
    "每位玩家开局有 {coins} 枚硬币。每回合双方同时暗中出价，然后一起亮出；双方都付出自己的出价，"
    "无论输赢。{limit}",
    "Each player starts with {coins} coins. Each turn both bid at the same time, face down, "
    "then reveal; both pay their bids, won or lost. {limit}",
)
ANY_BID = Text(
    "出价可以是 0 到自己全部硬币之间的任何数。", "A bid is any number from 0 to all one's coins."
)
MIN_BID = Text(
    "出价至少 {min_bid} 枚；硬币不足 {min_bid} 枚时必须交出剩下的全部硬币。",
    "A bid is at least {min_bid}; a player with fewer than {min_bid} coins must bid all they "
    "have left.",
)
WRESTLER = Text("力士", "wrestler")
WRESTLER_TEXT = Text(
    "力士站在 {cells} 格场地的正中。出价较高的一方把他向对方的场边推一步；出价相同则不动。"
    "推出对方场边（离中央 {edge} 步）者立即获胜。{ending}",
    "The wrestler stands in the middle of a ring of {cells} cells. The higher bid pushes him "
    "one step toward the other player's edge; equal bids leave him where he is. Pushing him "
    "off the other's edge ({edge} steps from the centre) wins at once. {ending}",
)
ENDING = Text(
    "若 {horizon} 回合后或双方硬币都用完时他仍在场上，把他推进对方半场的一方获胜（在中央为平局）。",
    "If he is still in the ring after {horizon} turns or when both are out of coins, the "
    "player who has pushed him into the other's half wins (a draw if he is in the centre).",
)
ENDING_ALESIA = Text(
    "阿莱西亚规则：若 {horizon} 回合后或双方硬币用完时他仍在场上，为平局。",
    "Alesia rule: if he is still in the ring after {horizon} turns or when both are out of "
    "coins, the game is a draw.",
)


def coin_text(coins: int, min_bid: int) -> Text:
    """The catalogue text of the coins, for a configuration."""
    limit = MIN_BID if min_bid > 0 else ANY_BID
    return Text(
        COIN_TEXT.zh.format(coins=coins, limit=limit.zh.format(min_bid=min_bid)),
        COIN_TEXT.en.format(coins=coins, limit=limit.en.format(min_bid=min_bid)),
    )


def wrestler_text(size: int, horizon: int, alesia: bool) -> Text:
    """The catalogue text of the wrestler and the ring, for a configuration."""
    ending = ENDING_ALESIA if alesia else ENDING
    fmt = {"cells": 2 * size + 1, "edge": size + 1}
    return Text(
        WRESTLER_TEXT.zh.format(**fmt, ending=ending.zh.format(horizon=horizon)),
        WRESTLER_TEXT.en.format(**fmt, ending=ending.en.format(horizon=horizon)),
    )


def bid_choice(option: int) -> Choice:
    """The names of the option "bid ``option`` coins"."""
    return Choice(option, f"bid-{option}", f"出价 {option}", f"bid {option}")


def prompt(coins: int, other: int, position: tuple[str, str]) -> tuple[str, str]:
    """The question of a bid, in Chinese and English."""
    return (
        f"暗中出价（你有 {coins} 枚硬币，对手 {other} 枚；力士{position[0]}）",
        f"bid face down (you have {coins} coins, your opponent {other}; "
        f"the wrestler is {position[1]})",
    )


def where(position: int, names: Sequence[str] | None = None) -> tuple[str, str]:
    """Where the wrestler stands: ``0`` the centre, ``+k`` k steps into player 1's half
    (``names``: the table's seat names, to name the half's player by)."""
    if position == 0:
        return ("在中央", "in the centre")
    half = 1 if position > 0 else 0
    return (
        f"在{_who(half, True, names)} 半场 {position:+d}",
        f"at {position:+d}, in {_who(half, False, names)}'s half",
    )


def _who(player: JSONValue, zh: bool, names: Sequence[str] | None = None) -> str:
    name = seat_name(names, player)
    if name is not None:
        return name
    return f"玩家 {player}" if zh else f"player {player}"


def format_event(
    event: Mapping[str, JSONValue], lang: str, names: Sequence[str] | None = None
) -> str | None:
    """One line of text for an oshi_zumo event (``None``: not one of this game's events);
    ``names``: the table's seat names, to name the players by (else ``player 1``)."""
    kind = event["kind"]
    zh = lang == "zh"
    if kind == "bout":
        b0, b1 = event["bids"]
        c0, c1 = event["coins"]
        pusher = event["pusher"]
        at = where(int(event["position"]), names)
        if zh:
            moved = "僵持不动" if pusher is None else f"{_who(pusher, zh, names)} 推进一步"
            return (
                f"第 {event['turn']} 回合：出价 {b0} 对 {b1}，{moved}；力士{at[0]}；"
                f"剩余硬币 {c0} / {c1}"
            )
        moved = "a standoff" if pusher is None else f"{_who(pusher, zh, names)} pushes"
        return (
            f"turn {event['turn']}: bids {b0} vs {b1}, {moved}; wrestler {at[1]}; coins {c0} / {c1}"
        )
    if kind == "end":
        reason = REASONS[str(event["reason"])](lang)
        winner = event["winner"]
        if winner is None:
            result = "平局" if zh else "a draw"
        else:
            result = f"{_who(winner, zh, names)} 获胜" if zh else f"{_who(winner, zh, names)} wins"
        return f"{reason}：{result}" if zh else f"{reason}: {result}"
    return None


__all__ = [
    "ANY_BID",
    "COIN",
    "COIN_TEXT",
    "ENDING",
    "ENDING_ALESIA",
    "MIN_BID",
    "REASONS",
    "WRESTLER",
    "WRESTLER_TEXT",
    "bid_choice",
    "coin_text",
    "format_event",
    "prompt",
    "where",
    "wrestler_text",
]


def ending(reason: str, turn: int, position: int, coins: list[int], alesia: bool) -> Ending:
    """The finished game in words (``State.ending``): why it ended, where the wrestler
    stands, and the coins each player has left."""
    at_zh, at_en = where(position)
    if reason == "pushed_off":
        why = Text(
            f"第 {turn} 回合力士被推出场外：推出者获胜。",
            f"The wrestler was pushed off the ring in turn {turn}: the pusher wins.",
        )
    else:
        stop = REASONS.get(reason, Text("游戏结束", "the game is over"))
        if alesia:
            rule = Text(
                "本局规则（alesia）下，没被推出场外就是平局。",
                "under this table's rule (alesia) anything short of a push off the ring is a draw.",
            )
        elif position == 0:
            rule = Text("力士在中央：平局。", "the wrestler stands in the centre: a draw.")
        else:
            rule = Text(
                f"力士{at_zh}：把力士推进对方半场的一方获胜。",
                f"the wrestler stands {at_en}: whoever pushed it into the other's half wins.",
            )
        why = Text(
            f"{stop.zh}（第 {turn} 回合）：{rule.zh}",
            f"{stop('en').capitalize()} (turn {turn}): {rule.en}",
        )
    rows = (Standing(Text("剩余硬币", "coins left"), tuple(Text(str(c), str(c)) for c in coins)),)
    return Ending(why, rows)
