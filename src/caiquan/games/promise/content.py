"""Content of 猜拳战争●四年之约: rule numbers and character cards, loaded from TOML.

A content file has a ``[rules]`` table (every number the rules use) and ``[[character]]``
entries, each with five attributes, three weapons (``[[character.weapon]]``, cards J/Q/K) and
ten skills (``[[character.skill]]``, cards 1–10). Weapons and skills are lists of *effects*
from one small vocabulary (:data:`.effects.KINDS`: each kind's fields, text, rule and value);
a new character needs no new Python.

Everything is validated on load: a bad value raises :class:`~caiquan.engine.ContentError`
naming the file, the character and card, and the field — one line, no traceback.

>>> content = load_content("default")
>>> len(content.characters) >= 6, content.rules.win_threshold
(True, 5)
"""

from __future__ import annotations

import marshal
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeGuard

from caiquan.engine import ContentError

from .effects import KINDS, THROWS, Effect, describe_effects, parse_effects

WEAPON_CARDS: tuple[str, ...] = ("J", "Q", "K")

#: The effect vocabulary: each kind and the fields it takes besides ``do`` and ``when``
#: (everything else about a kind is its entry in :data:`.effects.KINDS`).
EFFECT_KINDS: dict[str, tuple[str, ...]] = {k.name: k.keys for k in KINDS.values()}
#: Kinds that only make sense at the reveal (they shape this round's table or throws).
REVEAL_ONLY = frozenset(k.name for k in KINDS.values() if k.reveal_only)
#: Kinds a weapon may carry (a weapon works every round while it is equipped).
WEAPON_KINDS = frozenset(k.name for k in KINDS.values() if k.weapon)


@dataclass(frozen=True, slots=True)
class Skill:
    value: int
    name: str
    name_en: str
    cost: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Weapon:
    card: str
    name: str
    name_en: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    name_en: str
    school: str
    school_en: str
    info: str
    info_en: str
    attack: tuple[int, int, int]  # slash, pierce, strike
    vitality: int
    qi: int
    weapons: tuple[Weapon, Weapon, Weapon]  # J, Q, K
    skills: tuple[Skill, ...]  # index 0 = card 1


@dataclass(frozen=True, slots=True)
class RulesData:
    """Every number of the rules (the ``[rules]`` table)."""

    win_value: int  # 属性胜负值 of a winning throw
    win_threshold: int  # a cell ≥ this: A wins; ≤ −this: B wins
    base_damage: int
    qi_regen: int
    qi_regen_no_skill: int
    round_cap: int
    stance_step: int  # 预备: how far a stance token may move (1: orthogonally adjacent)
    choice_rethrows: int  # character-choice throws before a coin decides
    max_life: int  # tokens minus the two stance tokens
    attack_range: tuple[int, int]
    vitality_range: tuple[int, int]
    qi_range: tuple[int, int]
    cost_range: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Content:
    file: str
    rules: RulesData
    characters: tuple[Character, ...]

    def index(self, char_id: str) -> int:
        for i, c in enumerate(self.characters):
            if c.id == char_id:
                return i
        raise KeyError(char_id)


_RULE_INTS = (
    "win_value",
    "win_threshold",
    "base_damage",
    "qi_regen",
    "qi_regen_no_skill",
    "round_cap",
    "stance_step",
    "choice_rethrows",
    "max_life",
)
_RULE_RANGES = ("attack_range", "vitality_range", "qi_range", "cost_range")


# ---------------------------------------------------------------------------------- loading


def load_content(source: str) -> Content:
    """Load ``"default"`` (the built-in file) or a path to a TOML file, validated."""
    default_text = resources.files("caiquan.games.promise").joinpath("content/default.toml")
    if source in ("", "default"):
        name = "content/default.toml"
        text = default_text.read_text("utf-8")
    else:
        path = Path(source)
        name = str(path)
        try:
            text = path.read_text("utf-8")
        except OSError as err:
            raise ContentError(f"cannot read the file ({err.strerror})", file=name) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ContentError(f"not valid TOML: {err}", file=name) from None
    base_rules: Mapping[str, Any] = {}
    if name != "content/default.toml":
        base_rules = tomllib.loads(default_text.read_text("utf-8")).get("rules", {})
    return parse_content(data, name, base_rules)


def parse_content(
    data: Mapping[str, Any], file: str, base_rules: Mapping[str, Any] | None = None
) -> Content:
    """Validate parsed TOML. ``base_rules`` fills keys a user's ``[rules]`` table leaves out."""
    raw_rules = data.get("rules", {})
    if not isinstance(raw_rules, dict):
        raise ContentError("must be a table", file=file, item="rules")
    unknown = sorted(set(raw_rules) - set(_RULE_INTS) - set(_RULE_RANGES))
    if unknown:
        raise ContentError(f"unknown rule number {unknown[0]!r}", file=file, item="rules")
    merged = {**(base_rules or {}), **raw_rules}
    rules = _parse_rules(merged, file)
    chars_raw = data.get("character")
    if not isinstance(chars_raw, list) or len(chars_raw) < 2:
        raise ContentError("needs at least two [[character]] entries", file=file, item="character")
    extra = sorted(set(data) - {"rules", "character"})
    if extra:
        raise ContentError(f"unknown top-level key {extra[0]!r}", file=file)
    chars: list[Character] = []
    seen: set[str] = set()
    for i, raw in enumerate(chars_raw):
        c = _parse_character(raw, i, file, rules)
        if c.id in seen:
            raise ContentError(
                f"duplicate character id {c.id!r}",
                file=file,
                item=f"character {c.id!r}",
                field="id",
            )
        seen.add(c.id)
        chars.append(c)
    return Content(file, rules, tuple(chars))


def _parse_rules(raw: Mapping[str, Any], file: str) -> RulesData:
    vals: dict[str, Any] = {}
    for key in _RULE_INTS:
        if key not in raw:
            raise ContentError("is missing", file=file, item="rules", field=key)
        v = raw[key]
        if not _is_int(v) or v < 0:
            raise ContentError(
                f"must be a whole number ≥ 0, got {v!r}", file=file, item="rules", field=key
            )
        vals[key] = v
    for key in ("win_threshold", "round_cap", "choice_rethrows", "max_life"):
        if vals[key] < 1:
            raise ContentError(
                f"must be at least 1, got {vals[key]}", file=file, item="rules", field=key
            )
    for key in _RULE_RANGES:
        v = raw.get(key)
        if (
            not isinstance(v, list)
            or len(v) != 2
            or not all(_is_int(x) for x in v)
            or v[0] > v[1]
            or v[0] < 0
        ):
            raise ContentError(
                f"must be [low, high] whole numbers ≥ 0, got {v!r}",
                file=file,
                item="rules",
                field=key,
            )
        vals[key] = (v[0], v[1])
    if vals["vitality_range"][1] > vals["max_life"]:
        raise ContentError(
            "the highest vitality cannot exceed max_life",
            file=file,
            item="rules",
            field="vitality_range",
        )
    if vals["vitality_range"][0] < 1:
        raise ContentError(
            "vitality must be at least 1", file=file, item="rules", field="vitality_range"
        )
    return RulesData(**vals)


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(raw: Mapping[str, Any], key: str, err: _Where, *, required: bool = True) -> str:
    v = raw.get(key, None if required else "")
    if not isinstance(v, str) or (required and not v.strip()):
        raise err(f"must be non-empty text, got {v!r}", key)
    return v


class _Where:
    """Builds ContentErrors for one item of one file."""

    def __init__(self, file: str, item: str, prefix: str = "") -> None:
        self.file, self.item, self.prefix = file, item, prefix

    def __call__(self, message: str, field: str) -> ContentError:
        return ContentError(message, file=self.file, item=self.item, field=self.prefix + field)

    def sub(self, prefix: str) -> _Where:
        return _Where(self.file, self.item, self.prefix + prefix)


_CHARACTER_FIELDS = frozenset(
    {"id", "name", "name_en", "school", "school_en", "info", "info_en", "attributes",
     "weapon", "skill"}
)  # fmt: skip


def _parse_character(raw: object, i: int, file: str, rules: RulesData) -> Character:
    if not isinstance(raw, dict):
        raise ContentError("must be a table", file=file, item=f"character #{i + 1}")
    cid = _character_id(raw, i, file)
    err = _Where(file, f"character {cid!r}")
    extra = sorted(set(raw) - _CHARACTER_FIELDS)
    if extra:
        raise err("unknown field", extra[0])
    got = _attributes(raw.get("attributes"), err, rules)
    weapons = _weapons(raw.get("weapon"), err)
    skills = _skills(raw.get("skill"), err, rules)
    return Character(
        id=cid,
        name=_text(raw, "name", err),
        name_en=_text(raw, "name_en", err),
        school=_text(raw, "school", err),
        school_en=_text(raw, "school_en", err),
        info=_text(raw, "info", err, required=False),
        info_en=_text(raw, "info_en", err, required=False),
        attack=(got["slash"], got["pierce"], got["strike"]),
        vitality=got["vitality"],
        qi=got["qi"],
        weapons=weapons,
        skills=skills,
    )


def _character_id(raw: Mapping[str, Any], i: int, file: str) -> str:
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid or not cid.replace("_", "").isalnum():
        raise ContentError(
            f"must be a short name of letters, digits and '_', got {cid!r}",
            file=file,
            item=f"character #{i + 1}",
            field="id",
        )
    return cid


def _attributes(attrs: object, err: _Where, rules: RulesData) -> dict[str, int]:
    if not isinstance(attrs, dict):
        raise err("must be a table {slash, pierce, strike, vitality, qi}", "attributes")
    extra = sorted(set(attrs) - {*THROWS, "vitality", "qi"})
    if extra:
        raise err("unknown attribute", f"attributes.{extra[0]}")
    ranges = {
        **{t: rules.attack_range for t in THROWS},
        "vitality": rules.vitality_range,
        "qi": rules.qi_range,
    }
    got: dict[str, int] = {}
    for key, (lo, hi) in ranges.items():
        v = attrs.get(key)
        if not _is_int(v) or not lo <= v <= hi:
            raise err(f"must be a whole number from {lo} to {hi}, got {v!r}", f"attributes.{key}")
        got[key] = v
    return got


def _weapons(weapons_raw: object, err: _Where) -> tuple[Weapon, Weapon, Weapon]:
    if not isinstance(weapons_raw, list) or len(weapons_raw) != 3:
        raise err("needs exactly three [[character.weapon]] entries (J, Q, K)", "weapon")
    weapons: dict[str, Weapon] = {}
    for w in weapons_raw:
        wp = _parse_weapon(w, err)
        if wp.card in weapons:
            raise err(f"two weapons on card {wp.card}", "weapon.card")
        weapons[wp.card] = wp
    return (weapons["J"], weapons["Q"], weapons["K"])


def _skills(skills_raw: object, err: _Where, rules: RulesData) -> tuple[Skill, ...]:
    if not isinstance(skills_raw, list) or len(skills_raw) != 10:
        raise err("needs exactly ten [[character.skill]] entries (cards 1–10)", "skill")
    skills: dict[int, Skill] = {}
    for s in skills_raw:
        sk = _parse_skill(s, err, rules)
        if sk.value in skills:
            raise err(f"two skills on card {sk.value}", "skill.card")
        skills[sk.value] = sk
    return tuple(skills[v] for v in range(1, 11))


def _parse_weapon(raw: object, err: _Where) -> Weapon:
    if not isinstance(raw, dict):
        raise err("must be a table", "weapon")
    card = raw.get("card")
    if card not in WEAPON_CARDS:
        raise err(f"must be one of J, Q, K, got {card!r}", "weapon.card")
    werr = _Where(err.file, f"{err.item} weapon {card}")
    extra = sorted(set(raw) - {"card", "name", "name_en", "effects"})
    if extra:
        raise werr("unknown field", extra[0])
    effects = parse_effects(raw.get("effects"), werr.sub("effects"), weapon=True)
    return Weapon(card, _text(raw, "name", werr), _text(raw, "name_en", werr), effects)


def _parse_skill(raw: object, err: _Where, rules: RulesData) -> Skill:
    if not isinstance(raw, dict):
        raise err("must be a table", "skill")
    card = raw.get("card")
    if not _is_int(card) or not 1 <= card <= 10:
        raise err(f"must be a card value from 1 to 10, got {card!r}", "skill.card")
    serr = _Where(err.file, f"{err.item} skill {card}")
    extra = sorted(set(raw) - {"card", "name", "name_en", "cost", "effects"})
    if extra:
        raise serr("unknown field", extra[0])
    cost = raw.get("cost")
    lo, hi = rules.cost_range
    if not _is_int(cost) or not lo <= cost <= hi:
        raise serr(f"must be a whole number from {lo} to {hi}, got {cost!r}", "cost")
    effects = parse_effects(raw.get("effects"), serr.sub("effects"), weapon=False)
    return Skill(card, _text(raw, "name", serr), _text(raw, "name_en", serr), cost, effects)


# ---------------------------------------------------------------------------------- text


def character_card(c: Character) -> dict[str, Any]:
    """A character card as JSON-ready data with card text in both languages (for UIs).

    Built once per character (it was two thirds of a view's cost) and kept as marshal
    bytes, loaded per call (a new copy: 20× faster than ``copy.deepcopy`` for plain data),
    so callers may change what they get.
    """
    cached = _CARDS.get(id(c))
    if cached is None or cached[0] is not c:
        cached = _CARDS[id(c)] = (c, marshal.dumps(_build_card(c)))
    return marshal.loads(cached[1])  # type: ignore[no-any-return]


_CARDS: dict[int, tuple[Character, bytes]] = {}


def _build_card(c: Character) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "name_en": c.name_en,
        "school": c.school,
        "school_en": c.school_en,
        "info": c.info,
        "info_en": c.info_en,
        "attributes": {
            **{t: a for t, a in zip(THROWS, c.attack, strict=True)},
            "vitality": c.vitality,
            "qi": c.qi,
        },
        "weapons": [
            {
                "card": w.card,
                "name": w.name,
                "name_en": w.name_en,
                "text": describe_effects(w.effects, "zh"),
                "text_en": describe_effects(w.effects, "en"),
            }
            for w in c.weapons
        ],
        "skills": [
            {
                "card": s.value,
                "name": s.name,
                "name_en": s.name_en,
                "cost": s.cost,
                "text": describe_effects(s.effects, "zh"),
                "text_en": describe_effects(s.effects, "en"),
            }
            for s in c.skills
        ],
    }
