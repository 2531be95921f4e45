"""Card data of 伟人的猜拳战略: loading and validating the TOML content.

A content file holds ``[[territory]]`` and ``[[person]]`` tables (see
``content/default.toml`` for the full format). A file may also start from a built-in preset
with ``[meta] base = "<preset>"`` and drop cards of it with ``remove = ["<id>", ...]``; its
own cards are then added after the base's.

Every ability is a list of *effects* from one small vocabulary (:data:`EFFECT_KINDS`); the
rules interpret them, and :mod:`.cardlist` writes their text, so a new card needs no Python
unless it needs a new kind of effect.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from caiquan.engine import ContentError

PRESETS = ("default", "edition54")
"""The built-in content presets (files ``content/<name>.toml``)."""

MIGHT, TECH, CULTURE = 0, 1, 2
MARKERS = ("might", "tech", "culture")
MARKER_ZH = ("武力", "科技", "文化")
MARKER_EN = ("Might", "Tech", "Culture")

COLOURS = ("red", "blue", "green", "people")
COLOUR_ZH = ("红色·武力", "蓝色·科技", "绿色·文化", "人民")
COLOUR_EN = ("red (Might)", "blue (Tech)", "green (Culture)", "people")

KINDS = ("skill", "passive", "war")
KIND_ZH = ("技", "天", "战")
KIND_EN = ("skill", "passive", "war")

CONTINENTS = ("north_america", "south_america", "europe", "asia", "africa", "oceania")
CONTINENT_ZH = ("北美洲", "南美洲", "欧洲", "亚洲", "非洲", "大洋洲")
CONTINENT_EN = ("North America", "South America", "Europe", "Asia", "Africa", "Oceania")

EFFECT_KINDS: dict[str, tuple[str, ...]] = {
    # kind: the fields it reads besides `do` and `may`
    "gain": ("n", "marker"),  # gain n markers (marker "any": owner picks the kind)
    "steal": ("n", "marker"),  # take up to n markers of a kind from an opponent
    "tax": ("n", "marker"),  # every opponent loses up to n markers of a kind
    "draw": ("n",),  # draw n person cards (never above the hand limit)
    "discard": ("n", "who"),  # an opponent (who="chosen") or each opponent discards n
    "discard_own": ("n",),  # discard n cards of one's own hand
    "steal_card": ("n",),  # take n random cards from an opponent's hand
    "purge": (),  # discard one card from an opponent's display
    "scout": ("n",),  # look at the top n territories, put one of them on top
    "expand": ("discount",),  # expand now, paying `discount` Might less
    "take": ("continent", "discount"),  # take a territory of a continent from the deck
    "develop": ("discount",),  # build one own territory now, paying `discount` less
    "raze": (),  # an opponent's black territory goes to the territory discard pile
    "flip": (),  # an opponent's yellow territory is flipped back to black
}
TIE_RULES = ("repeat", "opponent_discards", "steal_might")
WHO = ("chosen", "each")

_PERSON_FIELDS = {"id", "zh", "en", "colour", "kind", "effects", "war", "note_zh", "note_en"}
_TERRITORY_FIELDS = {"id", "zh", "en", "continent", "expand", "build", "black", "yellow"}
_WAR_FIELDS = {"tie", "announce", "second_chance", "targets", "on_win"}
_EFFECT_FIELDS = {"do", "n", "marker", "continent", "discount", "who", "may"}
_META_FIELDS = {"name_zh", "name_en", "base", "remove", "star_goal", "hand_limit"}


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of an ability (see :data:`EFFECT_KINDS`)."""

    do: str
    n: int = 1
    marker: str = ""
    continent: str = ""
    discount: int = 0
    who: str = "chosen"
    may: bool = False


@dataclass(frozen=True, slots=True)
class War:
    """How a 战 card's war differs from the plain rule."""

    tie: str = "repeat"
    announce: bool = False
    second_chance: bool = False
    targets: int = 1
    on_win: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Person:
    """A person card: a great person (red/blue/green) or a people card."""

    index: int
    key: str
    zh: str
    en: str
    colour: int  # index into COLOURS
    kind: int  # index into KINDS
    effects: tuple[Effect, ...]
    war: War | None
    note_zh: str = ""
    note_en: str = ""


@dataclass(frozen=True, slots=True)
class Territory:
    index: int
    key: str
    zh: str
    en: str
    continent: int  # index into CONTINENTS
    expand: int  # Might to expand (bottom left)
    build: int  # Culture or Tech to build (bottom right)
    black: int  # stars on the black (undeveloped) side, counted negative
    yellow: int  # stars on the yellow (developed) side, counted positive


@dataclass(frozen=True, slots=True)
class Content:
    name: str
    name_zh: str
    name_en: str
    persons: tuple[Person, ...]
    territories: tuple[Territory, ...]
    star_goal: int = 10
    hand_limit: int = 6


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
    _no_unknown(meta, _META_FIELDS, file, "meta")
    persons_raw: list[Any] = []
    territories_raw: list[Any] = []
    star_goal, hand_limit = 10, 6
    base = meta.get("base")
    if base is not None:
        if base not in PRESETS:
            raise ContentError(
                f"unknown preset {base!r}; the presets are {', '.join(PRESETS)}",
                file=file,
                item="meta",
                field="base",
            )
        b = _load_preset(base)
        star_goal, hand_limit = b.star_goal, b.hand_limit
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
    elif "remove" in meta:
        raise ContentError("needs a base preset", file=file, item="meta", field="remove")
    star_goal = _int(meta, "star_goal", file, "meta", star_goal, 1, 99)
    hand_limit = _int(meta, "hand_limit", file, "meta", hand_limit, 1, 20)
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


# ---------------------------------------------------------------------- validation helpers


def _table_list(data: Mapping[str, Any], key: str, file: str) -> list[Any]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise ContentError(f"must be an array of tables ([[{key}]])", file=file, item=key)
    return raw


def _no_unknown(raw: Mapping[str, Any], allowed: set[str], file: str, item: str) -> None:
    for k in sorted(raw):
        if k not in allowed:
            raise ContentError(
                f"unknown field; allowed: {', '.join(sorted(allowed))}",
                file=file,
                item=item,
                field=k,
            )


def _str(raw: Mapping[str, Any], key: str, file: str, item: str) -> str:
    v = raw.get(key)
    if not isinstance(v, str) or not v.strip():
        raise ContentError("missing or not a non-empty text", file=file, item=item, field=key)
    return v


def _int(
    raw: Mapping[str, Any], key: str, file: str, item: str, default: int | None, lo: int, hi: int
) -> int:
    v = raw.get(key, default)
    if v is None:
        raise ContentError("missing (a whole number)", file=file, item=item, field=key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ContentError(
            f"must be a whole number from {lo} to {hi}, got {v!r}", file=file, item=item, field=key
        )
    return v


def _bool(raw: Mapping[str, Any], key: str, file: str, item: str) -> bool:
    v = raw.get(key, False)
    if not isinstance(v, bool):
        raise ContentError(f"must be true or false, got {v!r}", file=file, item=item, field=key)
    return v


def _choice(
    raw: Mapping[str, Any], key: str, options: tuple[str, ...], file: str, item: str, default: str
) -> str:
    v = raw.get(key, default)
    if v not in options:
        raise ContentError(
            f"must be one of {', '.join(options)}; got {v!r}", file=file, item=item, field=key
        )
    assert isinstance(v, str)
    return v


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
    _no_unknown(raw, _TERRITORY_FIELDS, file, key)
    cont = _choice(raw, "continent", CONTINENTS, file, key, "")
    return Territory(
        index=i,
        key=key,
        zh=_str(raw, "zh", file, key),
        en=_str(raw, "en", file, key),
        continent=CONTINENTS.index(cont),
        expand=_int(raw, "expand", file, key, None, 0, 20),
        build=_int(raw, "build", file, key, None, 0, 20),
        black=_int(raw, "black", file, key, None, 0, 20),
        yellow=_int(raw, "yellow", file, key, None, 0, 20),
    )


def _effect(raw: Any, file: str, item: str, where: str) -> Effect:
    if not isinstance(raw, dict):
        raise ContentError(
            "an effect must be a table {do = ...}", file=file, item=item, field=where
        )
    for k in sorted(raw):
        if k not in _EFFECT_FIELDS:
            raise ContentError(
                f"unknown effect field {k!r}; allowed: {', '.join(sorted(_EFFECT_FIELDS))}",
                file=file,
                item=item,
                field=where,
            )
    do = raw.get("do")
    if do not in EFFECT_KINDS:
        raise ContentError(
            f"unknown effect {do!r}; the effects are {', '.join(EFFECT_KINDS)}",
            file=file,
            item=item,
            field=f"{where}.do",
        )
    wants = EFFECT_KINDS[do]
    extra = sorted(set(raw) - {"do", "may", *wants})
    if extra:
        raise ContentError(
            f"effect {do!r} does not use {extra[0]!r}", file=file, item=item, field=where
        )
    n = _int(raw, "n", file, item, 1, 1, 6) if "n" in wants else 1
    marker = ""
    if "marker" in wants:
        opts = (*MARKERS, "any") if do == "gain" else MARKERS
        marker = _choice(raw, "marker", opts, file, item, "")
    continent = (
        _choice(raw, "continent", CONTINENTS, file, item, "") if "continent" in wants else ""
    )
    discount = _int(raw, "discount", file, item, 0, 0, 20) if "discount" in wants else 0
    who = _choice(raw, "who", WHO, file, item, "chosen") if "who" in wants else "chosen"
    return Effect(
        do=do,
        n=n,
        marker=marker,
        continent=continent,
        discount=discount,
        who=who,
        may=_bool(raw, "may", file, item),
    )


def _effects(raw: Any, file: str, item: str, field: str) -> tuple[Effect, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ContentError("must be a list of effects", file=file, item=item, field=field)
    return tuple(_effect(e, file, item, f"{field}[{j}]") for j, e in enumerate(raw))


def _person(i: int, raw: Any, file: str, seen: set[str]) -> Person:
    key = _key(raw, i, "person", file, seen)
    _no_unknown(raw, _PERSON_FIELDS, file, key)
    colour = COLOURS.index(_choice(raw, "colour", COLOURS, file, key, ""))
    kind = KINDS.index(_choice(raw, "kind", KINDS, file, key, ""))
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
            tie=_choice(w, "tie", TIE_RULES, file, key, "repeat"),
            announce=_bool(w, "announce", file, key),
            second_chance=_bool(w, "second_chance", file, key),
            targets=_int(w, "targets", file, key, 1, 1, 3),
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
        zh=_str(raw, "zh", file, key),
        en=_str(raw, "en", file, key),
        colour=colour,
        kind=kind,
        effects=effects,
        war=war,
        note_zh=str(raw.get("note_zh", "")),
        note_en=str(raw.get("note_en", "")),
    )


# ---------------------------------------------------------------------- back to raw (for `base`)


def _effect_back(e: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {"do": e.do}
    wants = EFFECT_KINDS[e.do]
    if "n" in wants:
        out["n"] = e.n
    if "marker" in wants:
        out["marker"] = e.marker
    if "continent" in wants:
        out["continent"] = e.continent
    if "discount" in wants:
        out["discount"] = e.discount
    if "who" in wants:
        out["who"] = e.who
    if e.may:
        out["may"] = True
    return out


def _person_back(p: Person) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": p.key,
        "zh": p.zh,
        "en": p.en,
        "colour": COLOURS[p.colour],
        "kind": KINDS[p.kind],
        "effects": [_effect_back(e) for e in p.effects],
    }
    if p.war is not None:
        out["war"] = {
            "tie": p.war.tie,
            "announce": p.war.announce,
            "second_chance": p.war.second_chance,
            "targets": p.war.targets,
            "on_win": [_effect_back(e) for e in p.war.on_win],
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
