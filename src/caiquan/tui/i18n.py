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
    "coach_wait": ("出拳教练分析中…", "The throw coach is looking at the game…"),
    # the live coach in the learn panel (your revealed throws so far)
    "coach_live": ("出拳教练 · 到目前为止", "Coach · so far"),
    "coach_live_key": (
        "你已亮出的出拳：条 = 你出的比例；均衡 = 均衡混合的比例",
        "Your throws revealed so far: bar = how often you chose it; eq = the equilibrium mix",
    ),
    "coach_live_eq": ("均衡 {pct}%", "eq {pct}%"),
    "coach_live_none": (
        "还没有亮出的出拳：你出拳之后，这里会显示你的统计。",
        "No throws revealed yet: your figures come here after your first throw.",
    ),
    "player": ("玩家 {n}", "player {n}"),
    "win": ("胜", "win"),
    "draw": ("平", "draw"),
    "loss": ("负", "loss"),
    "wins_one": ("{who} 获胜", "{who} wins"),
    "wins_shared": ("{who} 并列第一", "{who} share first place"),
    "all_draw": ("平局：所有人并列第一", "A draw: everyone shares first place"),
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
    "k_learn": ("学习模式", "learn mode"),
    "k_guide": ("玩法", "how to play"),
    "k_back": ("返回", "back"),
    # a decision picked in steps (tui.steps): the steps taken, the way back
    "steps_taken": ("已选：{steps}", "Chosen: {steps}"),
    "steps_back": (
        "选下一步；Esc 或退格键返回上一步",
        "Choose the next step; Esc or Backspace goes back",
    ),
    "steps_more": ("带 … 的项还有下一步", "A line with … has a next step"),
    "steps_option": ("选项：{option}", "Option: {option}"),
    # learn mode (the hints themselves are the game's own, from its learn hook)
    "learn_title": ("学习模式", "Learn mode"),
    "learn_generic": (
        "从右边的选项中选一个：用 ↑ ↓ 和 Enter，或直接按它的数字。选项下面的一行说明高亮的"
        "选项会做什么。",
        "Choose one of the options at the right: ↑ ↓ and Enter, or press its number. The line "
        "under the choices says what the highlighted one does.",
    ),
    "learn_idle": ("轮到你决定时，这里会有提示。", "A hint comes here at each of your decisions."),
    "learn_keys": ("按 l 关闭提示，按 g 看玩法。", "l hides the hints; g shows how to play."),
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
    # rounds (the games' own labels live in their packages)
    "round": ("第 {r} 回合", "round {r}"),
    "round_of": ("第 {r}/{cap} 回合", "round {r} of {cap}"),
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
