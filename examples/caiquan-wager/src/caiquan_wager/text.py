"""Every word wager shows a player, in Chinese and English: prompts, option names, events,
end reasons and the chips' text. The rules module holds no wording."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from caiquan.engine import Choice, Ending, JSONValue, Standing, Text, seat_name

#: Why a game ended (``State.outcome().reason``).
REASONS: dict[str, Text] = {
    "hands_played": Text("双方的牌都已出完", "both hands are played out"),
}

CHIP = Text("筹码", "chip")


def chip_text(chips: int, max_stake: int, carry: bool) -> Text:
    """The catalogue text of the chips, for a configuration."""
    tie = (
        Text("平局时奖池留到下一回合。", "On a tie the pot stays for the next round.")
        if carry
        else Text("平局时奖池作废。", "On a tie the pot is lost.")
    )
    return Text(
        f"每位玩家开局有 {chips} 枚筹码。每回合出牌时可在牌上押 0 到 {max_stake} 枚；"
        f"押上的筹码进入奖池，无论输赢都不退回。赢下这一回合得 1 分加奖池里的筹码数。{tie.zh}",
        f"Each player starts with {chips} chips. With each card a player stakes 0 to "
        f"{max_stake} of them; staked chips go to the pot and are never given back. The "
        f"winner of the round scores 1 point plus the chips in the pot. {tie.en}",
    )


def play_choice(option: int, card: Text, stake: int) -> Choice:
    """The names of the option "play ``card`` with ``stake`` chips"."""
    return Choice(
        option,
        f"{card.en.lower()}-{stake}",
        f"{card.zh}，押 {stake}",
        f"{card.en.lower()}, stake {stake}",
    )


def prompt(chips: int, rounds_left: int) -> tuple[str, str]:
    """The question of a round, in Chinese and English."""
    return (
        f"暗出一张牌并押上筹码（你有 {chips} 枚筹码，还剩 {rounds_left} 回合）",
        f"play a card face down with a stake (you have {chips} chips, {rounds_left} rounds left)",
    )


def _who(player: JSONValue, zh: bool, names: Sequence[str] | None) -> str:
    name = seat_name(names, player)
    if name is not None:
        return name
    return f"玩家 {player}" if zh else f"player {player}"


def format_event(
    event: Mapping[str, JSONValue],
    lang: str,
    names: Sequence[str] | None,
    cards: Mapping[str, Text],
) -> str | None:
    """One line of text for a wager event (``None``: not one of this game's events);
    ``cards``: the card names by id."""
    kind = event["kind"]
    zh = lang == "zh"
    if kind == "deal":
        n = event["hand"]
        return f"每人发 {n} 张牌" if zh else f"{n} cards dealt to each player"
    if kind == "reveal":
        t0, t1 = (cards[str(c)](lang) for c in event["cards"])
        s0, s1 = event["stakes"]
        w = event["winner"]
        head = f"第 {event['round']} 回合：{t0}（押 {s0}）对 {t1}（押 {s1}）"
        head_en = f"round {event['round']}: {t0} (stake {s0}) vs {t1} (stake {s1})"
        if w is None:
            kept = bool(event.get("carried"))
            if zh:
                return f"{head}，平局；奖池{'留到下一回合' if kept else '作废'}"
            return f"{head_en}, a tie; the pot is {'kept' if kept else 'lost'}"
        pts = event["points"]
        who = _who(w, zh, names)
        return f"{head}，{who} 得 {pts} 分" if zh else f"{head_en}, {who} scores {pts}"
    if kind == "end":
        reason = REASONS[str(event["reason"])](lang)
        winner = event["winner"]
        if winner is None:
            result = "平局" if zh else "a draw"
        else:
            who = _who(winner, zh, names)
            result = f"{who} 获胜" if zh else f"{who} wins"
        return f"{reason}：{result}" if zh else f"{reason}: {result}"
    return None


def ending(scores: Sequence[int], chips: Sequence[int], winner: int | None) -> Ending:
    """The finished game in words: who won and why, the scores and the chips left."""
    if winner is None:
        why = Text(
            "双方的牌都已出完：得分与剩余筹码都相同，平局。",
            "Both hands are played out: equal scores and equal chips left, a draw.",
        )
    elif scores[0] != scores[1]:
        why = Text(
            f"双方的牌都已出完：玩家 {winner} 得分较高，获胜。",
            f"Both hands are played out: player {winner} has the higher score and wins.",
        )
    else:
        why = Text(
            f"双方的牌都已出完：得分相同，玩家 {winner} 剩余筹码较多，获胜。",
            f"Both hands are played out: equal scores, and player {winner} has more chips "
            "left and wins.",
        )
    rows = (
        Standing(Text("得分", "score"), tuple(Text(str(s), str(s)) for s in scores)),
        Standing(Text("剩余筹码", "chips left"), tuple(Text(str(c), str(c)) for c in chips)),
    )
    return Ending(why, rows)
