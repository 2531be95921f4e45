"""The wording of 猜拳战争●四年之约's terminal that is not a word of its glossary.

The terminal panel (:mod:`.terminal`) names what it shows with the game's glossary
(``glossary.toml``, the words the web table uses too); what is left here is a sentence: why
a choice cannot be taken now, what a card's preview says, the stance's second step. The
rules' prompts and choice names are in :mod:`.rules`, the card texts in :mod:`.effects` and
the event lines in :mod:`.events`.
"""

from __future__ import annotations

LABELS: dict[str, tuple[str, str]] = {
    "forbidden_throw": ("本回合被对手的技能禁止", "forbidden this round by the opponent's skill"),
    # what a skill or weapon card would do to the power table (its preview)
    "preview_none": ("战力值表不变", "the power table stays as it is"),
    "preview_inactive": (
        "无效果：翻开后弃掉，战力值表不变",
        "no effect: discarded at the reveal, the power table stays as it is",
    ),
    "preview_changed": (
        "战力值表 9 格中改变 {n} 格：",
        "the power table changes {n} of its 9 cells: ",
    ),
    "preview_hidden": ("（对手的暗置牌未计入）", "(the opponent's face-down cards not counted)"),
    "preview_check": ("检定 {n} 成功时", "if check {n} succeeds"),
    "preview_fail": ("失败时", "if it fails"),
    # the stance picked in two steps (the terminal's ``steps``): the second heart the same
    "stance_both": ("两枚标记都放这里", "both tokens here"),
}


def t(key: str, lang: str, **fields: object) -> str:
    """The text ``key`` in ``lang`` (``zh`` or ``en``), with ``fields`` filled in."""
    zh, en = LABELS[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


__all__ = ["LABELS", "t"]
