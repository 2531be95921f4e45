"""Content of 猜拳战争●四年之约: rule numbers and character cards, loaded from TOML.

A content file has a ``[rules]`` table (every number the rules use) and ``[[character]]``
entries, each with five attributes, three weapons (``[[character.weapon]]``, cards J/Q/K) and
ten skills (``[[character.skill]]``, cards 1–10). Weapons and skills are lists of *effects*
from one small vocabulary (:data:`EFFECT_KINDS`) that :mod:`.rules` interprets; a new
character needs no new Python.

Everything is validated on load: a bad value raises :class:`~caiquan.engine.ContentError`
naming the file, the character and card, and the field — one line, no traceback.

>>> content = load_content("default")
>>> len(content.characters) >= 6, content.rules.win_threshold
(True, 5)
"""

from __future__ import annotations

import marshal
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TypeGuard

from caiquan.engine import BLADES, ContentError

THROWS: tuple[str, ...] = BLADES.names
"""The three throws by index: 0 slash 斩击, 1 pierce 贯彻, 2 strike 打击."""

WEAPON_CARDS: tuple[str, ...] = ("J", "Q", "K")

#: When a triggered effect happens: at the reveal (battle phase) or in the settlement,
#: depending on the owner's result this round.
WHENS: tuple[str, ...] = ("reveal", "win", "lose", "draw")

#: The effect vocabulary. Each kind lists its fields (besides ``do`` and ``when``).
EFFECT_KINDS: dict[str, tuple[str, ...]] = {
    # add ``value`` to the power cells where the owner throws ``me`` and the opponent ``them``
    "power": ("value", "me", "them"),
    # ``target`` may not throw ``throw`` this round
    "forbid": ("throw", "target"),
    # the opponent must throw first, openly; the owner throws after seeing it
    "first": (),
    # the owner deals ``value`` more damage if they win this round (negative: less)
    "damage": ("value",),
    # the owner takes ``value`` less damage this round
    "guard": ("value",),
    # ``target`` gains ``value`` life (negative: loses), up to their starting life
    "life": ("value", "target"),
    # ``target`` gains ``value`` qi (negative: loses), between 0 and their qi cap
    "qi": ("value", "target"),
    # turn the top check card; if its value ≥ n do ``then``, otherwise ``else``
    "check": ("n", "then", "else"),
    # in the next preparation phase, ``target``'s tokens may move ``value`` steps (0: stay)
    "step": ("value", "target"),
    # move ``target``'s two tokens now, keeping their columns: ``to = "home"`` onto the row
    # nearest their owner, ``to = "across"`` onto the other row
    "move": ("to", "target"),
    # ``card = "this"``: this skill card returns to hand instead of the discard pile;
    # ``card = "best"``: take the highest discarded skill card back into hand
    "recover": ("card",),
    # change ``target``'s win threshold this round by ``value`` (−1: they win from 4)
    "threshold": ("value", "target"),
    # this round a drawn cell counts as a win for the owner
    "draw_wins": (),
}

#: Kinds that only make sense at the reveal (they shape this round's table or throws).
REVEAL_ONLY = frozenset(
    {"power", "forbid", "first", "damage", "guard", "threshold", "draw_wins", "move"}
)
#: Kinds a weapon may carry (a weapon works every round while it is equipped).
WEAPON_KINDS = frozenset({"power", "damage", "guard", "life", "qi"})
TARGETS = ("self", "opponent")
RECOVER_CARDS = ("this", "best")
MOVE_TO = ("home", "across")


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a skill or weapon (see :data:`EFFECT_KINDS`)."""

    kind: str
    when: str = "reveal"
    value: int = 0
    me: int = -1  # throw index, −1 = any
    them: int = -1
    throw: int = -1
    target: str = "self"
    n: int = 0
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    card: str = "this"
    to: str = "home"


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


def _parse_character(raw: object, i: int, file: str, rules: RulesData) -> Character:
    if not isinstance(raw, dict):
        raise ContentError("must be a table", file=file, item=f"character #{i + 1}")
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid or not cid.replace("_", "").isalnum():
        raise ContentError(
            f"must be a short name of letters, digits and '_', got {cid!r}",
            file=file,
            item=f"character #{i + 1}",
            field="id",
        )
    err = _Where(file, f"character {cid!r}")
    known = {
        "id",
        "name",
        "name_en",
        "school",
        "school_en",
        "info",
        "info_en",
        "attributes",
        "weapon",
        "skill",
    }
    extra = sorted(set(raw) - known)
    if extra:
        raise err("unknown field", extra[0])
    attrs = raw.get("attributes")
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
    weapons_raw = raw.get("weapon")
    if not isinstance(weapons_raw, list) or len(weapons_raw) != 3:
        raise err("needs exactly three [[character.weapon]] entries (J, Q, K)", "weapon")
    weapons: dict[str, Weapon] = {}
    for w in weapons_raw:
        wp = _parse_weapon(w, err)
        if wp.card in weapons:
            raise err(f"two weapons on card {wp.card}", "weapon.card")
        weapons[wp.card] = wp
    skills_raw = raw.get("skill")
    if not isinstance(skills_raw, list) or len(skills_raw) != 10:
        raise err("needs exactly ten [[character.skill]] entries (cards 1–10)", "skill")
    skills: dict[int, Skill] = {}
    for s in skills_raw:
        sk = _parse_skill(s, err, rules)
        if sk.value in skills:
            raise err(f"two skills on card {sk.value}", "skill.card")
        skills[sk.value] = sk
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
        weapons=(weapons["J"], weapons["Q"], weapons["K"]),
        skills=tuple(skills[v] for v in range(1, 11)),
    )


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
    effects = _parse_effects(raw.get("effects"), werr.sub("effects"), weapon=True)
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
    effects = _parse_effects(raw.get("effects"), serr.sub("effects"), weapon=False)
    return Skill(card, _text(raw, "name", serr), _text(raw, "name_en", serr), cost, effects)


def _parse_effects(
    raw: object, err: _Where, *, weapon: bool, parent_when: str | None = None
) -> tuple[Effect, ...]:
    if not isinstance(raw, list) or (not raw and parent_when is None):
        if parent_when is not None and raw is None:
            return ()
        raise err("must be a non-empty list of effect tables", "")
    return tuple(
        _parse_effect(e, err.sub(f"[{i}]"), weapon=weapon, parent_when=parent_when)
        for i, e in enumerate(raw)
    )


def _throw(v: object, err: _Where, field: str, *, any_ok: bool) -> int:
    if any_ok and v in (None, "any"):
        return -1
    if v not in THROWS:
        allowed = ", ".join((*THROWS, "any") if any_ok else THROWS)
        raise err(f"must be one of {allowed}, got {v!r}", field)
    assert isinstance(v, str)
    return THROWS.index(v)


def _parse_effect(raw: object, err: _Where, *, weapon: bool, parent_when: str | None) -> Effect:
    if not isinstance(raw, dict):
        raise err('must be a table like { do = "power", value = 1 }', "")
    kind = raw.get("do")
    if kind not in EFFECT_KINDS:
        raise err(f"unknown effect {kind!r}; effects are: {', '.join(EFFECT_KINDS)}", ".do")
    assert isinstance(kind, str)
    allowed = {"do", "when", *EFFECT_KINDS[kind]}
    extra = sorted(set(raw) - allowed)
    if extra:
        raise err(f"not a field of a {kind!r} effect", f".{extra[0]}")
    default_when = parent_when or ("win" if weapon and kind in ("life", "qi") else "reveal")
    when = raw.get("when", default_when)
    if when not in WHENS:
        raise err(f"must be one of {', '.join(WHENS)}, got {when!r}", ".when")
    if parent_when is not None and when != parent_when:
        raise err(f"must match the enclosing check's when ({parent_when!r})", ".when")
    if weapon and kind not in WEAPON_KINDS:
        raise err(f"a weapon can only carry {', '.join(sorted(WEAPON_KINDS))}", ".do")
    if kind in REVEAL_ONLY and when != "reveal":
        raise err(f"a {kind!r} effect works at the reveal only", ".when")
    fields: dict[str, Any] = {"kind": kind, "when": when}
    if "value" in EFFECT_KINDS[kind]:
        v = raw.get("value")
        if kind == "step":
            if not _is_int(v) or not 0 <= v <= 9:
                raise err(f"must be a number of steps from 0 to 9, got {v!r}", ".value")
        elif not _is_int(v) or v == 0 or abs(v) > 20:
            raise err(f"must be a non-zero whole number from −20 to 20, got {v!r}", ".value")
        fields["value"] = v
    if kind == "power":
        fields["me"] = _throw(raw.get("me"), err, ".me", any_ok=True)
        fields["them"] = _throw(raw.get("them"), err, ".them", any_ok=True)
    if kind == "forbid":
        fields["throw"] = _throw(raw.get("throw"), err, ".throw", any_ok=False)
    if "target" in EFFECT_KINDS[kind]:
        default_target = "opponent" if kind == "forbid" else "self"
        t = raw.get("target", default_target)
        if t not in TARGETS:
            raise err(f"must be self or opponent, got {t!r}", ".target")
        fields["target"] = t
    if kind == "check":
        n = raw.get("n")
        if not _is_int(n) or not 1 <= n <= 13:
            raise err(f"must be a check value from 1 to 13, got {n!r}", ".n")
        fields["n"] = n
        fields["then"] = _parse_effects(
            raw.get("then"), err.sub(".then"), weapon=weapon, parent_when=when
        )
        fields["otherwise"] = _parse_effects(
            raw.get("else"), err.sub(".else"), weapon=weapon, parent_when=when
        )
        if not fields["then"] and not fields["otherwise"]:
            raise err("needs a 'then' or an 'else' list", ".then")
    if kind == "move":
        to = raw.get("to")
        if to not in MOVE_TO:
            raise err(f"must be home or across, got {to!r}", ".to")
        fields["to"] = to
    if kind == "recover":
        c = raw.get("card", "this")
        if c not in RECOVER_CARDS:
            raise err(f"must be this or best, got {c!r}", ".card")
        fields["card"] = c
    return Effect(**fields)


# ---------------------------------------------------------------------------------- text


def character_card(c: Character) -> dict[str, Any]:
    """A character card as JSON-ready data with card text in both languages (for UIs).

    Built once per character (it was two thirds of a view's cost) and copied per call (a
    marshal round trip: 20× faster than ``copy.deepcopy`` for plain data), so callers may
    change what they get.
    """
    cached = _CARDS.get(id(c))
    if cached is None or cached[0] is not c:
        cached = _CARDS[id(c)] = (c, _build_card(c))
    return marshal.loads(marshal.dumps(cached[1]))  # type: ignore[no-any-return]


_CARDS: dict[int, tuple[Character, dict[str, Any]]] = {}


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


def describe_effects(effects: Sequence[Effect], lang: str, *, inner: bool = False) -> str:
    """The card text of a list of effects, in Chinese (``zh``) or English (``en``).

    >>> describe_effects((Effect("power", value=2, me=0), Effect("first")), "en")
    '+2 power when you throw slash; the opponent throws first, openly, then you throw'
    """
    sep = {("zh", True): "、", ("zh", False): "；", ("en", True): " and "}.get((lang, inner), "; ")
    return sep.join(describe_effect(e, lang) for e in effects)


_WHEN_ZH = {
    "reveal": "",
    "win": "若本回合获胜：",
    "lose": "若本回合落败：",
    "draw": "若本回合平手：",
}
_WHEN_EN = {
    "reveal": "",
    "win": "if you win this round: ",
    "lose": "if you lose this round: ",
    "draw": "if this round is a draw: ",
}


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else f"−{-v}"


def describe_effect(e: Effect, lang: str) -> str:
    zh = lang == "zh"
    head = (_WHEN_ZH if zh else _WHEN_EN)[e.when]
    return head + (_effect_zh(e) if zh else _effect_en(e))


def _throw_zh(i: int) -> str:
    return "任意" if i < 0 else BLADES.zh[i]


def _throw_en(i: int) -> str:
    return "any" if i < 0 else BLADES.en[i]


def _effect_zh(e: Effect) -> str:
    who = "我" if e.target == "self" else "对手"
    k = e.kind
    if k == "power":
        if e.me < 0 and e.them < 0:
            return f"所有格子战力 {_signed(e.value)}"
        parts = []
        if e.me >= 0:
            parts.append(f"我出{BLADES.zh[e.me]}")
        if e.them >= 0:
            parts.append(f"对手出{BLADES.zh[e.them]}")
        return f"{'且'.join(parts)}时战力 {_signed(e.value)}"
    if k == "forbid":
        return f"本回合{who}不能出{BLADES.zh[e.throw]}"
    if k == "first":
        return "本回合对手须先出拳并公开，我再出拳"
    if k == "damage":
        return f"本回合我获胜时造成的伤害 {_signed(e.value)}"
    if k == "guard":
        return (
            f"本回合我受到的伤害 −{e.value}" if e.value > 0 else f"本回合我受到的伤害 +{-e.value}"
        )
    if k == "life":
        return f"{who}体力 {_signed(e.value)}"
    if k == "qi":
        return f"{who}气 {_signed(e.value)}"
    if k == "check":
        then = describe_effects(e.then, "zh", inner=True) or "无效果"
        out = f"检定 {e.n}（翻开的方块 ≥ {e.n} 为成功）：成功则{then}"
        if e.otherwise:
            out += f"，失败则{describe_effects(e.otherwise, 'zh', inner=True)}"
        return out
    if k == "step":
        if e.value == 0:
            return f"下一预备阶段{who}的棋子不能移动"
        return f"下一预备阶段{who}的棋子可移动至多 {e.value} 格"
    if k == "move":
        if e.target == "opponent":
            row = "对手自己那一排" if e.to == "home" else "我这一侧的一排"
        else:
            row = "我这一侧的一排" if e.to == "home" else "对手那一侧的一排"
        return f"立即把{who}的两枚棋子沿各自的列移到{row}"
    if k == "recover":
        return "此卡结算后回到手牌" if e.card == "this" else "取回弃牌堆中点数最大的技能卡"
    if k == "threshold":
        return f"本回合{who}的胜利门槛 {_signed(e.value)}"
    if k == "draw_wins":
        return "本回合平手的格子算作我获胜"
    raise AssertionError(k)  # pragma: no cover


def _effect_en(e: Effect) -> str:
    who = "you" if e.target == "self" else "the opponent"
    whose = "your" if e.target == "self" else "the opponent's"
    k = e.kind
    if k == "power":
        if e.me < 0 and e.them < 0:
            return f"{_signed(e.value)} power in every cell"
        parts = []
        if e.me >= 0:
            parts.append(f"you throw {BLADES.en[e.me]}")
        if e.them >= 0:
            parts.append(f"they throw {BLADES.en[e.them]}")
        return f"{_signed(e.value)} power when {' and '.join(parts)}"
    if k == "forbid":
        return f"{who} may not throw {BLADES.en[e.throw]} this round"
    if k == "first":
        return "the opponent throws first, openly, then you throw"
    if k == "damage":
        return f"damage you deal when you win this round {_signed(e.value)}"
    if k == "guard":
        return f"damage you take this round {_signed(-e.value)}"
    if k == "life":
        return f"{whose} life {_signed(e.value)}"
    if k == "qi":
        return f"{whose} qi {_signed(e.value)}"
    if k == "check":
        then = describe_effects(e.then, "en", inner=True) or "nothing"
        out = f"check {e.n} (success if the diamond is ≥ {e.n}): on success {then}"
        if e.otherwise:
            out += f", on failure {describe_effects(e.otherwise, 'en', inner=True)}"
        return out
    if k == "step":
        if e.value == 0:
            return f"next preparation, {whose} tokens may not move"
        return f"next preparation, {whose} tokens may move up to {e.value} steps"
    if k == "move":
        if e.to == "home":
            row = "their own row" if e.target == "opponent" else "your own row"
        else:
            row = "your row" if e.target == "opponent" else "the opponent's row"
        return f"move {whose} two tokens, along their columns, onto {row}"
    if k == "recover":
        return (
            "this card returns to hand after the settlement"
            if e.card == "this"
            else "take the highest discarded skill card back"
        )
    if k == "threshold":
        return f"{whose} win threshold {_signed(e.value)} this round"
    if k == "draw_wins":
        return "this round a drawn cell counts as your win"
    raise AssertionError(k)  # pragma: no cover
