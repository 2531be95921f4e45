"""One line of text, in Chinese or English, for each event the rules log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from caiquan.engine import BLADES, RPS, Ending, JSONValue, Standing, Text, seat_name
from caiquan.engine.describe import same

from .effects import COLS

SEATS = ("A", "B")

#: The table's display names of the seats (``Game.format_event``'s ``names``), or ``None``.
Names = Sequence[str] | None


def _seat(v: JSONValue, zh: bool = False, names: Names = None) -> str:
    """A player as the rules name them, ``A`` or ``B``; with the table's names, the seat's name
    beside the letter (``A (小明)``), as the board labels ``A (you)``."""
    letter = SEATS[int(v)]
    name = seat_name(names, v)
    if name is None:
        return letter
    return f"{letter}（{name}）" if zh else f"{letter} ({name})"


def _side(v: JSONValue, zh: bool, names: Names) -> str:
    """The subject of a Chinese line: ``A 方`` (side A), or ``A（小明）`` with a name."""
    who = _seat(v, zh, names)
    return f"{who} 方" if zh and seat_name(names, v) is None else who


def _blade(name: JSONValue, zh: bool) -> str:
    i = BLADES.index(str(name))
    return BLADES.zh[i] if zh else BLADES.en[i]


def _cards(values: JSONValue) -> list[JSONValue]:
    assert isinstance(values, list)
    return values


Event = Mapping[str, JSONValue]
#: One event kind's wording: ``(event, zh, names) -> line``.
Formatter = Callable[[Event, bool, Names], str]


def _deal(e: Event, zh: bool, names: Names = None) -> str:
    rows = _cards(e["hearts"])
    shown = " / ".join(" ".join(f"♥{v}" for v in _cards(r)) for r in rows)
    return f"红心起手式：{shown}" if zh else f"stances dealt: {shown}"


def _choice_throw(e: Event, zh: bool, names: Names = None) -> str:
    t = [RPS.zh[RPS.index(str(x))] if zh else str(x) for x in _cards(e["throws"])]
    a, b = _seat(0, zh, names), _seat(1, zh, names)
    w = e["winner"]
    if w is None:
        return (
            f"猜拳：{a} 出{t[0]}，{b} 出{t[1]}，平手重猜"
            if zh
            else (f"choice throw: {a} {t[0]}, {b} {t[1]}: tie, throw again")
        )
    coin = e.get("coin")
    keeps = e.get("keeps")
    if zh:
        how = "多次平手，掷硬币决定" if coin else "猜拳获胜"
        then = f"得到 {keeps}" if keeps else "先选人物"
        return f"猜拳：{a} 出{t[0]}，{b} 出{t[1]}：{_side(w, zh, names)}{how}，{then}"
    how = "wins the coin after many ties" if coin else "wins"
    then = f"keeps {keeps}" if keeps else "picks first"
    return f"choice throw: {a} {t[0]}, {b} {t[1]}: {_seat(w, zh, names)} {how} and {then}"


def _pick(e: Event, zh: bool, names: Names = None) -> str:
    who = _side(e["player"], zh, names)
    if "taken" in e:
        return f"{who}选了 {e['taken']}" if zh else f"{who} picks {e['taken']}"
    return f"{who}已暗中选定人物" if zh else f"{who} has picked, face down"


def _clash(e: Event, zh: bool, names: Names = None) -> str:
    who = e["name"] if zh else e["name_en"]
    if "keeps" in e:  # character_pick = "priority"
        keeper = _side(e["keeps"], zh, names)
        other = _side(1 - e["keeps"], zh, names)
        drawn = e["drawn_name"] if zh else e["drawn_name_en"]
        return (
            f"双方都选了{who}：先选的{keeper}优先，得到{who}；{other}从其余人物中随机抽到{drawn}"
            if zh
            else f"both chose {who}: {keeper} picks first and keeps it; {other} draws one of the "
            f"others at random: {drawn}"
        )
    if e["again"]:
        return (
            f"双方都选了{who}：该人物出局，双方重选"
            if zh
            else f"both chose {who}: that character is out, both pick again"
        )
    return (
        f"双方都选了{who}：只剩两名人物，猜拳决定谁得到{who}，对方取另一名"
        if zh
        else f"both chose {who}: with two characters left, a rock-paper-scissors throw decides"
        " who keeps it; the other takes the last one"
    )


def _characters(e: Event, zh: bool, names: Names = None) -> str:
    n = _cards(e["names"] if zh else e["names_en"])
    a, b = _seat(0, zh, names), _seat(1, zh, names)
    return f"公开人物：{a} {n[0]}，{b} {n[1]}" if zh else f"characters: {a} {n[0]}, {b} {n[1]}"


def _round(e: Event, zh: bool, names: Names = None) -> str:
    return f"—— 第 {e['round']} 回合 ——" if zh else f"—— round {e['round']} ——"


def _stance(e: Event, zh: bool, names: Names = None) -> str:
    h = [_cards(x) for x in _cards(e["hearts"])]
    a, b = _seat(0, zh, names), _seat(1, zh, names)
    if zh:
        return f"预备：{a} 在 ♥{h[0][0]}、♥{h[0][1]}，{b} 在 ♥{h[1][0]}、♥{h[1][1]}"
    return f"stances: {a} on ♥{h[0][0]} and ♥{h[0][1]}, {b} on ♥{h[1][0]} and ♥{h[1][1]}"


def _lay(skill: bool) -> Formatter:
    """``lay_skill`` / ``lay_weapon``: who laid a card face down at a configuration step."""

    def text(e: Event, zh: bool, names: Names = None) -> str:
        laid = _cards(e["laid"])
        if zh:
            what = "技能卡" if skill else "武器卡"
            parts = [
                f"{_side(p, zh, names)}{'暗置了一张' + what if laid[p] else '没有放置'}"
                for p in (0, 1)
            ]
            line = f"配置{'○一' if skill else '○二'}：" + "，".join(parts)
            return line + (f"（你暗置的是技能 {e['card']}）" if "card" in e else "")
        what_en = "a skill card" if skill else "a weapon card"
        parts = [
            f"{_seat(p, zh, names)} {'lays ' + what_en + ' face down' if laid[p] else 'lays none'}"
            for p in (0, 1)
        ]
        line = f"configuration {'1' if skill else '2'}: " + ", ".join(parts)
        return line + (f" (yours: skill {e['card']})" if "card" in e else "")

    return text


def _reveal_part(p: int, skill: JSONValue, weapon: JSONValue, zh: bool, names: Names) -> str:
    who = _seat(p, zh, names)
    if zh:
        s = f"技能 {skill}" if skill else "无技能"
        w = f"武器 {weapon}" if weapon else "不换武器"
        return f"{who} {s}、{w}"
    s = f"skill {skill}" if skill else "no skill"
    w = f"weapon {weapon}" if weapon else "no new weapon"
    return f"{who} {s}, {w}"


def _reveal(e: Event, zh: bool, names: Names = None) -> str:
    sk, wp = _cards(e["skills"]), _cards(e["weapons"])
    parts = [_reveal_part(p, sk[p], wp[p], zh, names) for p in (0, 1)]
    return ("公开：" + "；".join(parts)) if zh else ("reveal: " + "; ".join(parts))


_SKILL_STATES = {
    "active": ("发动", "takes effect"),
    "ineligible": ("点数不符，废弃", "does not match the stances: discarded"),
    "unaffordable": ("气不足，废弃", "not enough qi: discarded"),
}


def _skill(e: Event, zh: bool, names: Names = None) -> str:
    st = str(e["state"])
    how = _SKILL_STATES.get(st, (st, st))
    if zh:
        return f"{_side(e['player'], zh, names)}技能卡 {e['card']}：{how[0]}"
    return f"{_seat(e['player'], zh, names)}'s skill card {e['card']} {how[1]}"


def _check(e: Event, zh: bool, names: Names = None) -> str:
    ok = e["success"]
    if zh:
        who = _side(e["player"], zh, names)
        return f"{who}检定 {e['n']}：翻出 ♦{e['card']}，{'成功' if ok else '失败'}"
    who = _seat(e["player"], zh, names)
    return f"{who} checks {e['n']}: ♦{e['card']}, {'success' if ok else 'failure'}"


def _check_reshuffle(e: Event, zh: bool, names: Names = None) -> str:
    return "检定牌用完，洗匀弃牌重新成堆" if zh else "check deck empty: discards reshuffled"


def _recover(e: Event, zh: bool, names: Names = None) -> str:
    if zh:
        return f"{_side(e['player'], zh, names)}取回技能卡 {e['card']}"
    return f"{_seat(e['player'], zh, names)} takes skill card {e['card']} back"


def _move(e: Event, zh: bool, names: Names = None) -> str:
    """Tokens moved by a card: to which hearts, and into which row (records from before the
    event carried the hearts name the cells' rows and columns)."""
    cells = [int(str(c)) for c in _cards(e["tokens"])]
    if "hearts" in e:
        at = [f"♥{v}" for v in _cards(e["hearts"])]
    else:
        at = [f"第 {c % COLS + 1} 列" if zh else f"column {c % COLS + 1}" for c in cells]
    row = cells[0] // COLS
    owner = int(str(e["player"]))
    if zh:
        side = "自己这一排" if row == owner else "对面一排"
        where = f"都在 {at[0]}" if at[0] == at[1] else f"{at[0]}、{at[1]}"
        return f"{_side(e['player'], zh, names)}的棋子被移到{side}：{where}"
    side = "their own row" if row == owner else "the far row"
    where = f"both on {at[0]}" if at[0] == at[1] else f"{at[0]} and {at[1]}"
    return f"{_seat(e['player'], zh, names)}'s tokens are moved to {side}: {where}"


def _first_throw(e: Event, zh: bool, names: Names = None) -> str:
    throw = _blade(e["throw"], zh)
    if zh:
        return f"{_side(e['player'], zh, names)}先出拳：{throw}"
    return f"{_seat(e['player'], zh, names)} throws first: {throw}"


def _settle(e: Event, zh: bool, names: Names = None) -> str:
    w = e["winner"]
    a, b = (_blade(x, zh) for x in _cards(e["throws"]))
    sa, sb = _seat(0, zh, names), _seat(1, zh, names)
    why = _settle_why(e, zh)
    if zh:
        who = "平手" if w is None else f"{_side(w, zh, names)}胜，造成 {e['damage']} 点伤害"
        return f"结算：{sa} 出{a}，{sb} 出{b}，战力 {e['power']}{why}：{who}"
    who = "draw" if w is None else f"{_seat(w, zh, names)} wins, {e['damage']} damage"
    return f"settlement: {sa} {a}, {sb} {b}, power {e['power']}{why}: {who}"


def _settle_why(e: Event, zh: bool) -> str:
    """The power's parts and the thresholds it is read against ("" for older events)."""
    parts, limits = e.get("parts"), e.get("thresholds")
    if not isinstance(parts, list) or not isinstance(limits, list):
        return ""
    at, win, wp, sk = (int(str(x)) for x in parts)
    ta, tb = (int(str(x)) for x in limits)
    if zh:
        return (
            f"（属性 {at:+d}、胜负值 {win:+d}、武器 {wp:+d}、技能 {sk:+d}；"
            f"≥ {ta} 或 ≤ -{tb} 分胜负）"
        )
    return (
        f" (attributes {at:+d}, win value {win:+d}, weapons {wp:+d}, skills {sk:+d}; "
        f"decided at ≥ {ta} or ≤ -{tb})"
    )


def _recycle(e: Event, zh: bool, names: Names = None) -> str:
    if zh:
        return f"{_side(e['player'], zh, names)}收回弃掉的技能卡"
    return f"{_seat(e['player'], zh, names)} takes the discarded skills back"


def _rest(e: Event, zh: bool, names: Names = None) -> str:
    q = _cards(e["qi"])
    a, b = _seat(0, zh, names), _seat(1, zh, names)
    return f"调息：气 {a} {q[0]}，{b} {q[1]}" if zh else f"rest: qi {a} {q[0]}, {b} {q[1]}"


_END_REASONS = {"life": ("体力耗尽", "life ran out"), "cap": ("到达回合上限", "round cap")}


def _game_over(e: Event, zh: bool, names: Names = None) -> str:
    ranks = _cards(e["ranks"])
    reason = str(e["reason"])
    if ranks[0] == ranks[1]:
        res = "平局" if zh else "a draw"
    else:
        w = ranks.index(1)
        res = f"{_side(w, zh, names)}胜" if zh else f"{_seat(w, zh, names)} wins"
    z, en = _END_REASONS.get(reason, (reason, reason))
    return f"游戏结束（{z}）：{res}" if zh else f"game over ({en}): {res}"


#: The text of each kind of event the rules log.
FORMATS: dict[str, Formatter] = {
    "deal": _deal,
    "choice_throw": _choice_throw,
    "pick": _pick,
    "clash": _clash,
    "characters": _characters,
    "round": _round,
    "stance": _stance,
    "lay_skill": _lay(skill=True),
    "lay_weapon": _lay(skill=False),
    "reveal": _reveal,
    "skill": _skill,
    "check": _check,
    "check_reshuffle": _check_reshuffle,
    "recover": _recover,
    "move": _move,
    "first_throw": _first_throw,
    "settle": _settle,
    "recycle": _recycle,
    "rest": _rest,
    "game_over": _game_over,
}


def format_event(event: Event, zh: bool, names: Names = None) -> str | None:
    """The text of ``event`` (as returned by ``State.events``), or ``None`` if unknown.

    ``names``: the table's seat names; each player is then ``A (name)`` (the rules' letter
    with the name the table shows), else ``A`` / ``B`` as the rules write.
    """
    fn = FORMATS.get(str(event["kind"]))
    return fn(event, zh, names) if fn is not None else None


def ending(
    reason: str,
    round_no: int,
    life: Sequence[int],
    max_life: Sequence[int],
    characters: Sequence[Text],
    cap_by_life: bool,
) -> Ending:
    """The finished game in words: why it ended, who won by how much, and each side's
    character and life (``State.ending``)."""
    a, b = (max(0, x) for x in life)
    if reason == "life":
        out = [SEATS[p] for p in (0, 1) if life[p] <= 0]
        if len(out) == 2:
            why = Text(
                f"第 {round_no} 回合双方体力同时耗尽：平局。",
                f"Both sides' life ran out in round {round_no}: a draw.",
            )
        else:
            win = SEATS[1] if out[0] == SEATS[0] else SEATS[0]
            why = Text(
                f"第 {round_no} 回合 {out[0]} 方体力耗尽：{win} 方胜。",
                f"{out[0]}'s life ran out in round {round_no}: {win} wins.",
            )
    elif not cap_by_life:
        why = Text(
            f"打满 {round_no} 回合双方都未倒下；本局规则（回合上限判平局）下为平局。",
            f"{round_no} rounds were played and neither side fell; under this table's rule "
            "(a game at the round cap is a draw) it is a draw.",
        )
    elif a == b:
        why = Text(
            f"打满 {round_no} 回合双方都未倒下，剩余体力相同（各 {a}）：平局。",
            f"{round_no} rounds were played and neither side fell; both have {a} life left: "
            "a draw.",
        )
    else:
        win, lose = ("A", "B") if a > b else ("B", "A")
        why = Text(
            f"打满 {round_no} 回合双方都未倒下，剩余体力多者胜：A {a}，B {b} —— {win} 方胜。",
            f"{round_no} rounds were played and neither side fell, so the one with more life "
            f"left wins: A {a}, B {b} — {win} wins ({lose} has less life).",
        )
    rows = (
        Standing(Text("座位", "seat"), tuple(same(s) for s in SEATS)),
        Standing(Text("人物", "character"), tuple(characters)),
        Standing(
            Text("剩余体力", "life left"),
            (same(f"{a} / {max_life[0]}"), same(f"{b} / {max_life[1]}")),
        ),
    )
    return Ending(why, rows)
