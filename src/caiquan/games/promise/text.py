"""The wording of 猜拳战争●四年之约's terminal that is not a word of its glossary.

The terminal panel (:mod:`.terminal`) names what it shows with the game's glossary
(``glossary.toml``, the words the web table uses too); what is left here is a sentence: why
a choice cannot be taken now. The rules' prompts and choice names are in :mod:`.rules`, the
card texts in :mod:`.effects` and the event lines in :mod:`.events`.
"""

from __future__ import annotations

LABELS: dict[str, tuple[str, str]] = {
    "forbidden_throw": ("本回合被对手的技能禁止", "forbidden this round by the opponent's skill"),
}


def t(key: str, lang: str, **fields: object) -> str:
    """The text ``key`` in ``lang`` (``zh`` or ``en``), with ``fields`` filled in."""
    zh, en = LABELS[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


__all__ = ["LABELS", "t"]
