"""The wording of 猜拳战争●四年之约's own views, in Chinese and English.

The labels of the terminal panel (:mod:`.terminal`); the rules' prompts and choice names are
in :mod:`.rules`, the card texts in :mod:`.effects` and the event lines in :mod:`.events`.
"""

from __future__ import annotations

LABELS: dict[str, tuple[str, str]] = {
    "round_of": ("第 {r}/{cap} 回合", "round {r} of {cap}"),
    "phase": ("阶段", "phase"),
    "hearts": ("红心起手式（棋子：A ▲ / B ▼）", "Heart grid (tokens: A ▲ / B ▼)"),
    "life": ("体力", "life"),
    "qi": ("气", "qi"),
    "character": ("人物", "character"),
    "equipped": ("装备", "equipped"),
    "weapons": ("武器牌", "weapon cards"),
    "skills": ("技能牌", "skill cards"),
    "discarded": ("弃牌", "discarded"),
    "eligible": ("可发动点数", "usable values"),
    "steps": ("步数", "steps"),
    "face_down": ("暗置", "face down"),
    "fd_skill": ("技能卡", "skill card"),
    "fd_weapon": ("武器卡", "weapon card"),
    "fd_none": ("无", "none"),
    "fd_yours": ("你的：{n}", "yours: {n}"),
    "power_table": (
        "战力值表（行：A 出拳，列：B 出拳）",
        "Power table (rows: A throws, columns: B throws)",
    ),
    "legend_cells": ("绿 A 胜 · 黄 平 · 红 B 胜", "green A wins · yellow draw · red B wins"),
    "thresholds": ("胜利门槛 A ≥ {a}，B ≤ −{b}", "thresholds: A ≥ {a}, B ≤ −{b}"),
    "parts": ("属性+胜负+武器+技能", "attributes+win+weapons+skills"),
    "hint": (
        "均衡混合策略（{who}）：{mix}；价值 {v:+.2f}",
        "Equilibrium mix ({who}): {mix}; value {v:+.2f}",
    ),
    "battle": ("本回合", "this round"),
    "skill_card": ("技能卡 {n}", "skill card {n}"),
    "forbidden": ("禁止", "forbidden"),
    "throws_first": ("先出拳", "throws first"),
    "open_throw": ("已公开出拳", "open throw"),
    "check_deck": ("检定牌堆", "check deck"),
    "last_round": ("上回合", "last round"),
    "pool": ("可选人物", "characters to pick"),
    "first_pick": ("先选人物：{who}", "first pick: {who}"),
    "forbidden_throw": ("本回合被对手的技能禁止", "forbidden this round by the opponent's skill"),
}

PHASES: dict[str, tuple[str, str]] = {
    "choose": ("猜拳定先选", "throw for first pick"),
    "pick": ("选人物", "character pick"),
    "stance": ("预备", "preparation"),
    "skill": ("配置○一：暗置技能卡", "configuration 1: skill card face down"),
    "weapon": ("配置○二：暗置武器卡", "configuration 2: weapon card face down"),
    "throw": ("出拳", "battle throw"),
    "over": ("结束", "over"),
}
SKILL_STATES: dict[str, tuple[str, str]] = {
    "active": ("发动", "takes effect"),
    "ineligible": ("点数不符，废弃", "does not match the stances"),
    "unaffordable": ("气不足，废弃", "not enough qi"),
}
THROWS: dict[str, tuple[str, str]] = {
    "slash": ("斩击", "slash"),
    "pierce": ("贯彻", "pierce"),
    "strike": ("打击", "strike"),
}


def t(key: str, lang: str, **fields: object) -> str:
    """The label ``key`` in ``lang`` (``zh`` or ``en``), with ``fields`` filled in."""
    zh, en = LABELS[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


__all__ = ["LABELS", "PHASES", "SKILL_STATES", "THROWS", "t"]
