"""Learn mode's hints for 猜拳战争●四年之约 (the game's ``learn`` hook), in Chinese and English.

Each decision gets a line on what it is and what its choices do; once the power table is on
the table, its key (what a cell's number means, with this round's thresholds); at the battle
throw, the equilibrium mix of the current table (the terminal's "Equilibrium mix"). Every
hint comes from the deciding seat's own observation: nothing hidden is used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caiquan.engine import Decision, Game

Obs = Mapping[str, Any]

#: What each decision is (by the observation's phase) and what its choices do: (zh, en).
WHAT: dict[str, tuple[str, str]] = {
    "choose": (
        "普通猜拳，决定谁先选人物：赢的一方先选，平局重新出拳。",
        "A plain rock-paper-scissors throw decides who chooses a character first: the winner "
        "chooses first; a tie is thrown again.",
    ),
    "pick": (
        "选择你要扮演的人物。每个人物有斩击、贯彻、打击三项属性（该出拳的力量）、体力、气、"
        "三张武器（J、Q、K）和十张技能（1–10）。把指针停在人物上（或轻点 ⓘ）可读整张人物卡。"
        "选择是暗中的：对方看不到你选了谁，双方选完后一起公开；如果双方选了同一人物，猜拳赢的"
        "一方（先选者）得到它，另一方从其余人物中随机抽一名。",
        "Choose the character you will play. Each has three attributes (slash, pierce, strike: "
        "the strength of that throw), life, qi, three weapons (J, Q, K) and ten skills (1–10). "
        "Hover a character (or tap its ⓘ) to read the whole card. The pick is face down: the "
        "other player cannot see whom you chose until both have chosen; if you both chose the "
        "same character, the throw's winner (who picks first) keeps it and the other draws one "
        "of the rest at random.",
    ),
    "stance": (
        "放置两枚棋子（起手式）。技能卡只有在点数等于你棋子下的一张红心、或两张红心之和或之差时"
        "才能发动。{moves}",
        "Place your two stance tokens on the hearts. A skill card works only if its number "
        "equals a heart under one of your tokens, or the sum or difference of the two hearts. "
        "{moves}",
    ),
    "skill": (
        "暗置一张技能卡，或不放。点数不符合你的红心、或气不够支付时，它在翻开后作废，没有效果"
        "（选项旁的 ⚠ 会说明原因）。不放技能卡时，调息阶段回复 2 点气而不是 1 点。",
        "Lay one skill card face down, or none. If its number does not match your hearts, or "
        "you cannot pay its qi, it is revealed and discarded with no effect (a ⚠ beside the "
        "option says why). Laying none gives back 2 qi at the rest instead of 1.",
    ),
    "weapon": (
        "暗置一张武器卡（J、Q、K），或不放以保留已装备的武器。翻开时新武器替换旧武器，旧的回到"
        "手中。装备中的武器每回合都为你的出拳加战力（有的还加伤害或减免伤害）。",
        "Lay a weapon card (J, Q, K) face down, or none to keep the weapon you have equipped. "
        "At the reveal a new weapon replaces the old one, which goes back to your hand. An "
        "equipped weapon adds power to your throws every round (some add damage or guard).",
    ),
    "throw": (
        "出拳：斩击、贯彻或打击。斩克贯、贯克打、打克斩——但胜负看战力值表：找到双方出拳交叉的"
        "格子。胜者造成 1 点伤害（有的卡更多），平局无伤害。体力先归零的一方落败。",
        "Throw slash, pierce or strike. Slash beats pierce, pierce beats strike, strike beats "
        "slash — but the power table decides: find the cell where both throws meet. The "
        "winner deals 1 damage (more with some cards); a draw deals none. Whoever reaches 0 "
        "life first loses.",
    ),
}

#: How the tokens may move this round (the stance hint's last sentence): (zh, en) by case.
MOVES: dict[str, tuple[str, str]] = {
    "first": (
        "这是第一次放置：两枚都放在离你最近的一排（同一格也可以）。",
        "This is the first placement: both go on the row nearest you (both on one heart is "
        "allowed too).",
    ),
    "stay": (
        "本回合你的棋子不能移动（上回合的一张卡定住了它们）：只能原地不动。",
        "This round your tokens may not move (a card last round pinned them): they stay "
        "where they are.",
    ),
    "one": (
        "每枚棋子可从现在的位置上下左右移动一格，或不动。",
        "Each token may move one step from where it is (up, down, left or right) or stay.",
    ),
    "more": (
        "本回合每枚棋子可从现在的位置移动至多 {n} 格（上下左右走），或不动。",
        "This round each token may move up to {n} steps from where it is (up, down, left or "
        "right) or stay.",
    ),
}

KEY = (
    "战力值表的读法：行是 A 的出拳，列是 B 的出拳。格子 ≥ {a}：A 赢得这场战斗；≤ −{b}：B 赢；"
    "其余为平局。数字 = 属性差 + 胜负值 + 武器 + 技能（指针停在格子上可看各部分）。你是 {me}。",
    "Power table key: rows are A's throw, columns B's. A cell ≥ {a}: A wins the battle; "
    "≤ −{b}: B wins; anything between is a draw. The number is attributes + win value + "
    "weapon + skill (hover a cell for its parts). You are {me}.",
)

MIX = (
    "{mix}（按这个比例随机出拳，对手平均无法占你便宜；只是参考，不是命令）",
    "{mix} (throwing at random in these proportions, no throw of the opponent gains on "
    "average; a guide, not an order)",
)


def _line(kind: str, texts: tuple[str, str], **fields: object) -> dict[str, str]:
    zh, en = texts
    return {"kind": kind, "zh": zh.format(**fields), "en": en.format(**fields)}


def _stance_line(obs: Obs) -> dict[str, str]:
    """The stance hint for this round: the first placement, or how far the tokens may move
    now (the deciding seat's ``step_range``; 0 after a card pinned them)."""
    me = obs.get("player")
    players = obs.get("players")
    mine = players[me] if isinstance(players, list) and me in (0, 1) else {}
    tokens = obs.get("tokens")
    placed = isinstance(tokens, list) and me in (0, 1) and tokens[me] is not None
    step = mine.get("step_range", 1) if isinstance(mine, Mapping) else 1
    case = "first" if not placed else "stay" if step == 0 else "one" if step == 1 else "more"
    zh, en = MOVES[case]
    return {
        "kind": "what",
        "zh": WHAT["stance"][0].format(moves=zh.format(n=step)),
        "en": WHAT["stance"][1].format(moves=en.format(n=step)),
    }


def hints(game: Game, decision: Decision, obs: Obs) -> list[dict[str, str]]:
    """The hints for one decision (see :meth:`caiquan.engine.Game.learn_hints`)."""
    from .terminal import equilibrium_hint

    phase = str(obs.get("phase") or "")
    out: list[dict[str, str]] = []
    if phase == "stance":
        out.append(_stance_line(obs))
    elif phase in WHAT:
        out.append(_line("what", WHAT[phase]))
    table = obs.get("power_table")
    me = obs.get("player")
    if isinstance(table, Mapping) and table.get("cells") and me in (0, 1):
        ta, tb = table.get("thresholds") or (5, 5)
        out.append(_line("key", KEY, a=ta, b=tb, me="AB"[me]))
        if phase == "throw" and decision.kind == "throw":
            battle = obs.get("battle")
            mix = {lang: equilibrium_hint(dict(table), me, lang, battle) for lang in ("zh", "en")}
            out.append(
                {
                    "kind": "mix",
                    "zh": MIX[0].format(mix=mix["zh"]),
                    "en": MIX[1].format(mix=mix["en"]),
                }
            )
    return out
