"""One line of text, in Chinese or English, for each event the rules log."""

from __future__ import annotations

from collections.abc import Mapping

from caiquan.engine import BLADES, RPS, JSONValue

SEATS = ("A", "B")


def _seat(v: JSONValue) -> str:
    return SEATS[int(v)]


def _blade(name: JSONValue, zh: bool) -> str:
    i = BLADES.index(str(name))
    return BLADES.zh[i] if zh else BLADES.en[i]


def _cards(values: JSONValue) -> list[JSONValue]:
    assert isinstance(values, list)
    return values


def format_event(event: Mapping[str, JSONValue], zh: bool) -> str | None:
    """The text of ``event`` (as returned by ``State.events``), or ``None`` if unknown."""
    k = event["kind"]
    e = event
    if k == "deal":
        rows = _cards(e["hearts"])
        shown = " / ".join(" ".join(f"♥{v}" for v in _cards(r)) for r in rows)
        return f"红心起手式：{shown}" if zh else f"stances dealt: {shown}"
    if k == "choice_throw":
        t = [RPS.zh[RPS.index(str(x))] if zh else str(x) for x in _cards(e["throws"])]
        w = e["winner"]
        if w is None:
            return (
                f"猜拳：A 出{t[0]}，B 出{t[1]}，平手重猜"
                if zh
                else (f"choice throw: A {t[0]}, B {t[1]}: tie, throw again")
            )
        coin = e.get("coin")
        if zh:
            how = "多次平手，掷硬币决定" if coin else "猜拳获胜"
            return f"猜拳：A 出{t[0]}，B 出{t[1]}：{_seat(w)} 方{how}，先选人物"
        how = "wins the coin after many ties" if coin else "wins"
        return f"choice throw: A {t[0]}, B {t[1]}: {_seat(w)} {how} and picks first"
    if k == "pick":
        who = _seat(e["player"])
        if "taken" in e:
            return f"{who} 方选了 {e['taken']}" if zh else f"{who} picks {e['taken']}"
        return f"{who} 方已暗中选定人物" if zh else f"{who} has picked, face down"
    if k == "characters":
        n = _cards(e["names"] if zh else e["names_en"])
        return f"公开人物：A {n[0]}，B {n[1]}" if zh else f"characters: A {n[0]}, B {n[1]}"
    if k == "round":
        return f"—— 第 {e['round']} 回合 ——" if zh else f"—— round {e['round']} ——"
    if k == "stance":
        h = [_cards(x) for x in _cards(e["hearts"])]
        if zh:
            return f"预备：A 在 ♥{h[0][0]}、♥{h[0][1]}，B 在 ♥{h[1][0]}、♥{h[1][1]}"
        return f"stances: A on ♥{h[0][0]} and ♥{h[0][1]}, B on ♥{h[1][0]} and ♥{h[1][1]}"
    if k in ("lay_skill", "lay_weapon"):
        laid = _cards(e["laid"])
        skill = k == "lay_skill"
        if zh:
            what = "技能卡" if skill else "武器卡"
            parts = [
                f"{SEATS[p]} 方{'暗置了一张' + what if laid[p] else '没有放置'}" for p in (0, 1)
            ]
            line = f"配置{'○一' if skill else '○二'}：" + "，".join(parts)
            return line + (f"（你暗置的是技能 {e['card']}）" if "card" in e else "")
        what_en = "a skill card" if skill else "a weapon card"
        parts = [
            f"{SEATS[p]} {'lays ' + what_en + ' face down' if laid[p] else 'lays none'}"
            for p in (0, 1)
        ]
        line = f"configuration {'1' if skill else '2'}: " + ", ".join(parts)
        return line + (f" (yours: skill {e['card']})" if "card" in e else "")
    if k == "reveal":
        sk, wp = _cards(e["skills"]), _cards(e["weapons"])
        parts = []
        for p in (0, 1):
            if zh:
                s = f"技能 {sk[p]}" if sk[p] else "无技能"
                w = f"武器 {wp[p]}" if wp[p] else "不换武器"
                parts.append(f"{SEATS[p]} {s}、{w}")
            else:
                s = f"skill {sk[p]}" if sk[p] else "no skill"
                w = f"weapon {wp[p]}" if wp[p] else "no new weapon"
                parts.append(f"{SEATS[p]} {s}, {w}")
        return ("公开：" + "；".join(parts)) if zh else ("reveal: " + "; ".join(parts))
    if k == "skill":
        st = str(e["state"])
        who = _seat(e["player"])
        if zh:
            text = {
                "active": "发动",
                "ineligible": "点数不符，废弃",
                "unaffordable": "气不足，废弃",
            }
            return f"{who} 方技能卡 {e['card']}：{text.get(st, st)}"
        text_en = {
            "active": "takes effect",
            "ineligible": "does not match the stances: discarded",
            "unaffordable": "not enough qi: discarded",
        }
        return f"{who}'s skill card {e['card']} {text_en.get(st, st)}"
    if k == "check":
        ok = e["success"]
        who = _seat(e["player"])
        if zh:
            return f"{who} 方检定 {e['n']}：翻出 ♦{e['card']}，{'成功' if ok else '失败'}"
        return f"{who} checks {e['n']}: ♦{e['card']}, {'success' if ok else 'failure'}"
    if k == "check_reshuffle":
        return "检定牌用完，洗匀弃牌重新成堆" if zh else "check deck empty: discards reshuffled"
    if k == "recover":
        who = _seat(e["player"])
        return (
            f"{who} 方取回技能卡 {e['card']}" if zh else f"{who} takes skill card {e['card']} back"
        )
    if k == "move":
        who = _seat(e["player"])
        t = _cards(e["tokens"])
        return (
            f"{who} 方的棋子被移到格 {t[0]}、{t[1]}"
            if zh
            else (f"{who}'s tokens are moved to cells {t[0]} and {t[1]}")
        )
    if k == "first_throw":
        who = _seat(e["player"])
        throw = _blade(e["throw"], zh)
        return f"{who} 方先出拳：{throw}" if zh else f"{who} throws first: {throw}"
    if k == "settle":
        w = e["winner"]
        a, b = (_blade(x, zh) for x in _cards(e["throws"]))
        if zh:
            who = "平手" if w is None else f"{_seat(w)} 方胜，造成 {e['damage']} 点伤害"
            return f"结算：A 出{a}，B 出{b}，战力 {e['power']}：{who}"
        who = "draw" if w is None else f"{_seat(w)} wins, {e['damage']} damage"
        return f"settlement: A {a}, B {b}, power {e['power']}: {who}"
    if k == "recycle":
        who = _seat(e["player"])
        return f"{who} 方收回弃掉的技能卡" if zh else f"{who} takes the discarded skills back"
    if k == "rest":
        q = _cards(e["qi"])
        return f"调息：气 A {q[0]}，B {q[1]}" if zh else f"rest: qi A {q[0]}, B {q[1]}"
    if k == "game_over":
        ranks = _cards(e["ranks"])
        reason = str(e["reason"])
        if ranks[0] == ranks[1]:
            res = "平局" if zh else "a draw"
        else:
            res = f"{SEATS[ranks.index(1)]} 方胜" if zh else f"{SEATS[ranks.index(1)]} wins"
        why = {"life": ("体力耗尽", "life ran out"), "cap": ("到达回合上限", "round cap")}
        z, en = why.get(reason, (reason, reason))
        return f"游戏结束（{z}）：{res}" if zh else f"game over ({en}): {res}"
    return None
