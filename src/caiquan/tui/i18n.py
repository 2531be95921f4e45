"""Every label of the terminal table, in Chinese and English."""

from __future__ import annotations

_TEXT: dict[str, tuple[str, str]] = {
    # frame
    "your_turn": ("轮到你决定", "Your decision"),
    "you_are": ("你是 {who}", "You are {who}"),
    "spectator": ("观战", "Spectating"),
    "thinking": ("{who} 思考中…", "{who} is thinking…"),
    "waiting": ("等待 {who}", "Waiting for {who}"),
    "my_commit": ("你已暗置选择，等待其他玩家", "Your choice is face down; waiting for the others"),
    "simultaneous": ("同时决定：选择会一起公开", "Simultaneous: all choices are revealed together"),
    "game_over": ("对局结束", "Game over"),
    "player": ("玩家 {n}", "player {n}"),
    "win": ("胜", "win"),
    "draw": ("平", "draw"),
    "loss": ("负", "loss"),
    "outcome_line": (
        "{who}：{result}（名次 {rank}，收益 {ret}）",
        "{who}: {result} (rank {rank}, return {ret})",
    ),
    "ended_by": ("结束原因：{reason}", "ended by: {reason}"),
    "illegal": ("不能这样选：{why}", "Not allowed: {why}"),
    "no_option": ("没有第 {n} 项；可选 1–{m}", "There is no option {n}; choose 1–{m}"),
    "not_your_turn": ("现在不是你做决定", "It is not your decision now"),
    "saved": ("已保存到 {path}", "Saved to {path}"),
    "save_failed": ("保存失败：{why}", "Could not save: {why}"),
    # keys
    "k_rules": ("规则", "rules"),
    "k_save": ("保存", "save"),
    "k_quit": ("退出", "quit"),
    "k_hint": ("提示", "hint"),
    "k_details": ("明细", "details"),
    # privacy
    "privacy_title": ("请把设备交给{who}", "Pass the device to {who}"),
    "privacy_body": (
        "其他玩家请回避。{who}独自一人时按 Enter 继续。",
        "Everybody else, look away. {who}: press Enter when you are alone.",
    ),
    "news": ("刚才公开发生的事：", "Meanwhile, for everybody to see:"),
    # quit
    "quit_title": ("退出对局？", "Quit the game?"),
    "quit_body": (
        "未保存的对局将会丢失。按 s 保存并退出，y 直接退出，n 或 Esc 继续对局。",
        "An unsaved game is lost. Press s to save and quit, y to quit, n or Esc to go on playing.",
    ),
    # promise
    "round": ("第 {r} 回合", "round {r}"),
    "round_of": ("第 {r}/{cap} 回合", "round {r} of {cap}"),
    "phase": ("阶段", "phase"),
    "hearts": ("红心起手式（棋子：A ▲ / B ▼）", "Heart grid (tokens: A ▲ / B ▼)"),
    "side": ("{s} 方", "{s}'s side"),
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
    # legends
    "hand": ("手牌", "hand"),
    "hand_count": ("手牌数", "hand"),
    "markers": ("标记", "markers"),
    "display": ("已打出", "display"),
    "territories": ("领土", "territories"),
    "score": ("★", "★"),
    "continents": ("洲", "cont."),
    "passed": ("已跳过", "passed"),
    "deck": ("人物牌堆", "person deck"),
    "discard_pile": ("弃牌堆", "discard pile"),
    "territory_deck": ("领土牌堆", "territory deck"),
    "territory_top": ("领土牌堆顶", "top territory"),
    "known_top": ("已知的领土牌", "territories you know"),
    "known_hands": ("已知的他人手牌", "known cards in other hands"),
    "war": ("战争", "war"),
    "yellow_side": ("黄（已建设）", "yellow (built)"),
    "black_side": ("黑（未建设）", "black (unbuilt)"),
    "cost": ("扩张 {e} 武力 / 建设 {b}", "expand {e} Might / build {b}"),
    "current": ("当前玩家", "current player"),
    "start_player": ("起始玩家", "start player"),
    "not_playable": ("现在无法打出（没有合法的用法）", "cannot be played now (no legal use)"),
}

PHASES = {
    "choose": ("猜拳定先选", "throw for first pick"),
    "pick": ("选人物", "character pick"),
    "stance": ("预备", "preparation"),
    "skill": ("配置○一：暗置技能卡", "configuration 1: skill card face down"),
    "weapon": ("配置○二：暗置武器卡", "configuration 2: weapon card face down"),
    "throw": ("出拳", "battle throw"),
    "over": ("结束", "over"),
}
SKILL_STATES = {
    "active": ("发动", "takes effect"),
    "ineligible": ("点数不符，废弃", "does not match the stances"),
    "unaffordable": ("气不足，废弃", "not enough qi"),
}
THROWS = {
    "slash": ("斩击", "slash"),
    "pierce": ("贯彻", "pierce"),
    "strike": ("打击", "strike"),
    "rock": ("石头", "rock"),
    "scissors": ("剪刀", "scissors"),
    "paper": ("布", "paper"),
}


def t(key: str, lang: str, **fields: object) -> str:
    """The label ``key`` in ``lang`` (``zh`` or ``en``), with ``fields`` filled in."""
    zh, en = _TEXT[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "zh" else pair[1]


def player_name(p: int, lang: str, seat_labels: tuple[str, ...] = ()) -> str:
    base = t("player", lang, n=p)
    if p < len(seat_labels) and seat_labels[p]:
        return f"{base} ({seat_labels[p]})"
    return base
