"""The card data of 伟人的猜拳战略: its types, fixed vocabularies and field checks.

The fixed vocabularies (markers, colours, kinds of card, continents) with their Chinese and
English names; the types a content file is read into (:class:`Person`, :class:`Territory`,
:class:`Effect` …); and the checks of one field of a content table, whose errors name the
file, the card and the field. :mod:`.content` reads files with them, :mod:`.effects` the
fields of each kind of effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from caiquan.engine import ContentError

MIGHT, TECH, CULTURE = 0, 1, 2
MARKERS = ("might", "tech", "culture")
MARKER_ZH = ("武力", "科技", "文化")
MARKER_EN = ("Might", "Tech", "Culture")

COLOURS = ("red", "blue", "green", "people")
COLOUR_ZH = ("红色·武力", "蓝色·科技", "绿色·文化", "人民")
COLOUR_EN = ("red (Might)", "blue (Tech)", "green (Culture)", "people")

KINDS = ("skill", "passive", "war")
SKILL, PASSIVE, WAR = 0, 1, 2  # indices into KINDS
PEOPLE = 3  # the colour index of people cards
KIND_ZH = ("技", "天", "战")
KIND_EN = ("skill", "passive", "war")

CONTINENTS = ("north_america", "south_america", "europe", "asia", "africa", "oceania")
CONTINENT_ZH = ("北美洲", "南美洲", "欧洲", "亚洲", "非洲", "大洋洲")
CONTINENT_EN = ("North America", "South America", "Europe", "Asia", "Africa", "Oceania")

TIE_RULES = ("repeat", "opponent_discards", "steal_might")
WHO = ("chosen", "each")


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of an ability (its kinds: :data:`caiquan.games.legends.effects.EFFECTS`)."""

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


# ---------------------------------------------------------------------- field checks


def no_unknown(raw: Mapping[str, Any], allowed: set[str], file: str, item: str) -> None:
    for k in sorted(raw):
        if k not in allowed:
            raise ContentError(
                f"unknown field; allowed: {', '.join(sorted(allowed))}",
                file=file,
                item=item,
                field=k,
            )


def text_field(raw: Mapping[str, Any], key: str, file: str, item: str) -> str:
    v = raw.get(key)
    if not isinstance(v, str) or not v.strip():
        raise ContentError("missing or not a non-empty text", file=file, item=item, field=key)
    return v


def int_field(
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


def bool_field(raw: Mapping[str, Any], key: str, file: str, item: str) -> bool:
    v = raw.get(key, False)
    if not isinstance(v, bool):
        raise ContentError(f"must be true or false, got {v!r}", file=file, item=item, field=key)
    return v


def choice_field(
    raw: Mapping[str, Any], key: str, options: tuple[str, ...], file: str, item: str, default: str
) -> str:
    v = raw.get(key, default)
    if v not in options:
        raise ContentError(
            f"must be one of {', '.join(options)}; got {v!r}", file=file, item=item, field=key
        )
    assert isinstance(v, str)
    return v
