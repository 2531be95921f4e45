"""Card data of 伟人的猜拳战略: loading and validating the TOML content.

A content file holds ``[[territory]]`` and ``[[person]]`` tables (see
``content/default.toml`` for the full format). A file may also start from a built-in preset
with ``[meta] base = "<preset>"`` and drop cards of it with ``remove = ["<id>", ...]``; its
own cards are then added after the base's.

Every ability is a list of *effects* from one small vocabulary: the kinds of
:data:`caiquan.games.legends.effects.EFFECTS`, each one entry with its fields, words, rules
and heuristic value; so a new card needs no Python, and a new kind of effect is one entry.
The card data's types and the field checks are in :mod:`.data`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from caiquan.engine import ContentError

from .data import (
    COLOUR_EN,
    COLOUR_ZH,
    COLOURS,
    CONTINENT_EN,
    CONTINENT_ZH,
    CONTINENTS,
    CULTURE,
    KIND_EN,
    KIND_ZH,
    KINDS,
    MARKER_EN,
    MARKER_ZH,
    MARKERS,
    MIGHT,
    TECH,
    TIE_RULES,
    WHO,
    Content,
    Effect,
    Person,
    Territory,
    War,
    bool_field,
    choice_field,
    int_field,
    no_unknown,
    text_field,
)
from .effects import EFFECTS, effect_back, parse_effect

PRESETS = ("default", "edition54")
"""The built-in content presets (files ``content/<name>.toml``)."""

#: Each kind of effect and the fields it reads besides ``do`` and ``may`` (the whole entry of
#: a kind, with its text, rules and bounds, is :data:`caiquan.games.legends.effects.EFFECTS`).
EFFECT_KINDS: dict[str, tuple[str, ...]] = {name: k.fields for name, k in EFFECTS.items()}

_PERSON_FIELDS = {"id", "zh", "en", "colour", "kind", "effects", "war", "note_zh", "note_en"}
_TERRITORY_FIELDS = {"id", "zh", "en", "continent", "expand", "build", "black", "yellow"}
_WAR_FIELDS = {"tie", "announce", "second_chance", "targets", "on_win"}
_META_FIELDS = {"name_zh", "name_en", "base", "remove", "star_goal", "hand_limit"}


def load_content(spec: str) -> Content:
    """A preset by name (:data:`PRESETS`) or a path to a TOML file, validated."""
    if spec in PRESETS:
        return _load_preset(spec)
    path = Path(spec)
    try:
        text = path.read_text("utf-8")
    except OSError as err:
        presets = ", ".join(PRESETS)
        raise ContentError(
            f"cannot read the content file ({err.strerror or err}); give a preset "
            f"({presets}) or the path of a TOML file",
            file=spec,
        ) from None
    return parse_content(text, path.name)


@cache
def _load_preset(name: str) -> Content:
    text = resources.files(__package__).joinpath("content", f"{name}.toml").read_text("utf-8")
    return parse_content(text, f"{name}.toml")


def parse_content(text: str, file: str) -> Content:
    """Parse and validate a content file's text (``file`` names it in error messages)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ContentError(f"not valid TOML: {err}", file=file) from None
    unknown = sorted(set(data) - {"meta", "person", "territory"})
    if unknown:
        raise ContentError(
            "unknown table; a content file has [meta], [[person]] and [[territory]]",
            file=file,
            item=unknown[0],
        )
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise ContentError("must be a table", file=file, item="meta")
    no_unknown(meta, _META_FIELDS, file, "meta")
    persons_raw, territories_raw, star_goal, hand_limit = _base(meta, file)
    star_goal = int_field(meta, "star_goal", file, "meta", star_goal, 1, 99)
    hand_limit = int_field(meta, "hand_limit", file, "meta", hand_limit, 1, 20)
    persons_raw += _table_list(data, "person", file)
    territories_raw += _table_list(data, "territory", file)
    seen: set[str] = set()
    territories = tuple(_territory(i, raw, file, seen) for i, raw in enumerate(territories_raw))
    persons = tuple(_person(i, raw, file, seen) for i, raw in enumerate(persons_raw))
    if len(territories) < 7:
        raise ContentError(
            f"needs at least 7 territories (one per player and a deck), has {len(territories)}",
            file=file,
            item="territory",
        )
    if len(persons) < 1:
        raise ContentError("needs at least one person card", file=file, item="person")
    name = meta.get("name_en", file)
    return Content(
        name=str(name),
        name_zh=str(meta.get("name_zh", name)),
        name_en=str(name),
        persons=persons,
        territories=territories,
        star_goal=star_goal,
        hand_limit=hand_limit,
    )


def _base(meta: Mapping[str, Any], file: str) -> tuple[list[Any], list[Any], int, int]:
    """What ``[meta] base`` (less ``remove``) contributes: its persons and territories as raw
    tables, its star goal and hand limit (nothing, and the defaults, without a base)."""
    base = meta.get("base")
    if base is None:
        if "remove" in meta:
            raise ContentError("needs a base preset", file=file, item="meta", field="remove")
        return [], [], 10, 6
    if base not in PRESETS:
        raise ContentError(
            f"unknown preset {base!r}; the presets are {', '.join(PRESETS)}",
            file=file,
            item="meta",
            field="base",
        )
    b = _load_preset(base)
    remove = meta.get("remove", [])
    if not isinstance(remove, list) or not all(isinstance(r, str) for r in remove):
        raise ContentError("must be a list of card ids", file=file, item="meta", field="remove")
    known = {p.key for p in b.persons} | {t.key for t in b.territories}
    for r in remove:
        if r not in known:
            raise ContentError(
                f"no card {r!r} in preset {base!r}", file=file, item="meta", field="remove"
            )
    persons_raw = [_person_back(p) for p in b.persons if p.key not in remove]
    territories_raw = [_territory_back(t) for t in b.territories if t.key not in remove]
    return persons_raw, territories_raw, b.star_goal, b.hand_limit


# ---------------------------------------------------------------------- validation helpers


def _table_list(data: Mapping[str, Any], key: str, file: str) -> list[Any]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise ContentError(f"must be an array of tables ([[{key}]])", file=file, item=key)
    return raw


def _key(raw: Any, i: int, what: str, file: str, seen: set[str]) -> str:
    if not isinstance(raw, dict):
        raise ContentError("must be a table", file=file, item=f"{what} #{i + 1}")
    key = raw.get("id")
    if not isinstance(key, str) or not key or not key.replace("-", "").replace("_", "").isalnum():
        raise ContentError(
            "missing or not an id (letters, digits, '-', '_')",
            file=file,
            item=f"{what} #{i + 1}",
            field="id",
        )
    if key in seen:
        raise ContentError("the same id is used twice", file=file, item=key, field="id")
    seen.add(key)
    return key


def _territory(i: int, raw: Any, file: str, seen: set[str]) -> Territory:
    key = _key(raw, i, "territory", file, seen)
    no_unknown(raw, _TERRITORY_FIELDS, file, key)
    cont = choice_field(raw, "continent", CONTINENTS, file, key, "")
    return Territory(
        index=i,
        key=key,
        zh=text_field(raw, "zh", file, key),
        en=text_field(raw, "en", file, key),
        continent=CONTINENTS.index(cont),
        expand=int_field(raw, "expand", file, key, None, 0, 20),
        build=int_field(raw, "build", file, key, None, 0, 20),
        black=int_field(raw, "black", file, key, None, 0, 20),
        yellow=int_field(raw, "yellow", file, key, None, 0, 20),
    )


def _effects(raw: Any, file: str, item: str, field: str) -> tuple[Effect, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ContentError("must be a list of effects", file=file, item=item, field=field)
    return tuple(parse_effect(e, file, item, f"{field}[{j}]") for j, e in enumerate(raw))


def _person(i: int, raw: Any, file: str, seen: set[str]) -> Person:
    key = _key(raw, i, "person", file, seen)
    no_unknown(raw, _PERSON_FIELDS, file, key)
    colour = COLOURS.index(choice_field(raw, "colour", COLOURS, file, key, ""))
    kind = KINDS.index(choice_field(raw, "kind", KINDS, file, key, ""))
    effects = _effects(raw.get("effects"), file, key, "effects")
    war: War | None = None
    if "war" in raw:
        w = raw["war"]
        if KINDS[kind] != "war":
            raise ContentError(
                "only a war (战) card has a [war] table", file=file, item=key, field="war"
            )
        if not isinstance(w, dict):
            raise ContentError("must be a table", file=file, item=key, field="war")
        for k in sorted(w):
            if k not in _WAR_FIELDS:
                raise ContentError(
                    f"unknown field; allowed: {', '.join(sorted(_WAR_FIELDS))}",
                    file=file,
                    item=key,
                    field=f"war.{k}",
                )
        war = War(
            tie=choice_field(w, "tie", TIE_RULES, file, key, "repeat"),
            announce=bool_field(w, "announce", file, key),
            second_chance=bool_field(w, "second_chance", file, key),
            targets=int_field(w, "targets", file, key, 1, 1, 3),
            on_win=_effects(w.get("on_win"), file, key, "war.on_win"),
        )
    elif KINDS[kind] == "war":
        war = War()
    if KINDS[kind] != "war" and not effects:
        raise ContentError(
            "a skill (技) or passive (天) card needs at least one effect",
            file=file,
            item=key,
            field="effects",
        )
    for field in ("note_zh", "note_en"):
        if field in raw and not isinstance(raw[field], str):
            raise ContentError("must be text", file=file, item=key, field=field)
    return Person(
        index=i,
        key=key,
        zh=text_field(raw, "zh", file, key),
        en=text_field(raw, "en", file, key),
        colour=colour,
        kind=kind,
        effects=effects,
        war=war,
        note_zh=str(raw.get("note_zh", "")),
        note_en=str(raw.get("note_en", "")),
    )


# ---------------------------------------------------------------------- back to raw (for `base`)


def _person_back(p: Person) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": p.key,
        "zh": p.zh,
        "en": p.en,
        "colour": COLOURS[p.colour],
        "kind": KINDS[p.kind],
        "effects": [effect_back(e) for e in p.effects],
    }
    if p.war is not None:
        out["war"] = {
            "tie": p.war.tie,
            "announce": p.war.announce,
            "second_chance": p.war.second_chance,
            "targets": p.war.targets,
            "on_win": [effect_back(e) for e in p.war.on_win],
        }
    if p.note_zh:
        out["note_zh"] = p.note_zh
    if p.note_en:
        out["note_en"] = p.note_en
    return out


def _territory_back(t: Territory) -> dict[str, Any]:
    return {
        "id": t.key,
        "zh": t.zh,
        "en": t.en,
        "continent": CONTINENTS[t.continent],
        "expand": t.expand,
        "build": t.build,
        "black": t.black,
        "yellow": t.yellow,
    }


__all__ = [
    "COLOURS",
    "COLOUR_EN",
    "COLOUR_ZH",
    "CONTINENTS",
    "CONTINENT_EN",
    "CONTINENT_ZH",
    "CULTURE",
    "EFFECT_KINDS",
    "KINDS",
    "KIND_EN",
    "KIND_ZH",
    "MARKERS",
    "MARKER_EN",
    "MARKER_ZH",
    "MIGHT",
    "PRESETS",
    "TECH",
    "TIE_RULES",
    "WHO",
    "Content",
    "Effect",
    "Person",
    "Territory",
    "War",
    "load_content",
    "parse_content",
]
