"""The public catalogue of 猜拳战争●四年之约: every character card, skill card and weapon card
of a content set, with its name and full text in Chinese and English.

Ids are the ones the observations use: a character by its id (``"sword"``, as in the
observation's ``characters`` and ``players[p].character.id``); a skill or weapon card by its
character's id and the card as the observation names it (``hand_skills``: 1–10,
``hand_weapons`` / ``equipped``: J, Q, K), joined by a colon: ``"sword:3"``, ``"sword:J"``.

>>> from caiquan.games import load_game
>>> entries = {(e.kind, e.id): e for e in load_game("promise").catalogue()}
>>> entries["weapon", "sword:J"].name("en"), entries["weapon", "sword:J"].text("en")
('Long sword', '+1 power when you throw slash; damage you deal when you win this round +1')
>>> entries["skill", "sword:1"].fields["cost"], entries["character", "sword"].fields["slash"]
(0, 4)
"""

from __future__ import annotations

from caiquan.engine import BLADES
from caiquan.engine.describe import Entry, Text

from .content import Character, Content, Skill, Weapon
from .effects import describe_effects


def card_id(character: str, card: int | str) -> str:
    """The catalogue id of a skill (1–10) or weapon (J, Q, K) card of a character."""
    return f"{character}:{card}"


def catalogue(content: Content) -> tuple[Entry, ...]:
    """Every character, then each one's weapons (J, Q, K) and skills (1–10)."""
    out = [_character(c, content.rules.win_value) for c in content.characters]
    for c in content.characters:
        out += [_weapon(c, w) for w in c.weapons]
        out += [_skill(c, s) for s in c.skills]
    return tuple(out)


def _character(c: Character, win_value: int) -> Entry:
    attrs_zh = " ".join(f"{BLADES.zh[i]} {a}" for i, a in enumerate(c.attack))
    attrs_en = ", ".join(f"{BLADES.en[i]} {a}" for i, a in enumerate(c.attack))
    weapons_zh = "、".join(f"{w.card}「{w.name}」" for w in c.weapons)
    weapons_en = ", ".join(f"{w.card} {w.name_en}" for w in c.weapons)
    skills_zh = "、".join(f"{s.value}「{s.name}」（气 {s.cost}）" for s in c.skills)
    skills_en = ", ".join(f"{s.value} {s.name_en} (qi {s.cost})" for s in c.skills)
    zh = (
        f"{c.school}。属性：{attrs_zh}；体力 {c.vitality}，气 {c.qi}；"
        f"属性胜负值 ±{win_value}。武器：{weapons_zh}。技能：{skills_zh}。"
    )
    en = (
        f"{c.school_en}. Attributes: {attrs_en}; life {c.vitality}, qi {c.qi}; "
        f"win value ±{win_value}. Weapons: {weapons_en}. Skills: {skills_en}."
    )
    if c.info:
        zh += f"\n{c.info}"
    if c.info_en:
        en += f"\n{c.info_en}"
    return Entry(
        "character",
        c.id,
        Text(c.name, c.name_en),
        Text(zh, en),
        {
            "school_zh": c.school,
            "school_en": c.school_en,
            **{BLADES.names[i]: a for i, a in enumerate(c.attack)},
            "vitality": c.vitality,
            "qi": c.qi,
            "win_value": win_value,
        },
    )


def _weapon(c: Character, w: Weapon) -> Entry:
    return Entry(
        "weapon",
        card_id(c.id, w.card),
        Text(w.name, w.name_en),
        Text(describe_effects(w.effects, "zh"), describe_effects(w.effects, "en")),
        {"character": c.id, "card": w.card},
    )


def _skill(c: Character, s: Skill) -> Entry:
    return Entry(
        "skill",
        card_id(c.id, s.value),
        Text(s.name, s.name_en),
        Text(
            f"气 {s.cost}：{describe_effects(s.effects, 'zh')}",
            f"qi {s.cost}: {describe_effects(s.effects, 'en')}",
        ),
        {"character": c.id, "card": s.value, "cost": s.cost},
    )


__all__ = ["card_id", "catalogue"]
