"""剧牌 content: roles and weapon tiers, loaded from TOML and validated.

Every problem raises :class:`~caiquan.engine.ContentError` naming the file, the item
(role or tier) and the field, in one line.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from caiquan.engine import ContentError

ROLE_CARDS = ("joker", "blank", "composite", "prime")
CLASS_NAMES = ("composite", "prime")
NUM_ROLES = 4


@dataclass(frozen=True, slots=True)
class Role:
    id: str
    zh: str
    en: str
    card: str  # joker | blank | composite | prime
    value: int | None  # None: the face value of the role card as dealt
    klass: str | tuple[int, ...]  # "composite" | "prime" | explicit ranks


@dataclass(frozen=True, slots=True)
class WeaponTier:
    id: str
    zh: str
    en: str
    max_quality: int
    uses: int


@dataclass(frozen=True, slots=True)
class DramaContent:
    file: str
    roles: tuple[Role, ...]
    tiers: tuple[WeaponTier, ...]


def load_content(name: str) -> DramaContent:
    """Load ``name``: a preset in this package (``"default"``) or a path to a TOML file."""
    if name.endswith(".toml") or "/" in name or "\\" in name:
        path = Path(name)
        label = str(path)
        try:
            text = path.read_text("utf-8")
        except OSError as err:
            raise ContentError(
                f"cannot read the content file: {err.strerror}", file=label
            ) from None
    else:
        label = f"{name}.toml"
        res = resources.files("caiquan.games.drama").joinpath("content", label)
        if not res.is_file():
            raise ContentError(
                "no such content preset; give 'default' or a path to a .toml file", file=label
            )
        text = res.read_text("utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ContentError(f"not valid TOML: {err}", file=label) from None
    return parse_content(data, label)


def parse_content(data: dict[str, Any], file: str) -> DramaContent:
    roles_raw = data.get("roles")
    if not isinstance(roles_raw, list) or len(roles_raw) != NUM_ROLES:
        raise ContentError(
            f"needs exactly {NUM_ROLES} [[roles]] (one per seat)", file=file, field="roles"
        )
    roles = tuple(_role(r, i, file) for i, r in enumerate(roles_raw))
    seen: set[str] = set()
    for r in roles:
        if r.id in seen:
            raise ContentError("duplicate role id", file=file, item=r.id, field="id")
        seen.add(r.id)
    for kind in ("joker", "blank"):
        if sum(1 for r in roles if r.card == kind) > 1 + (kind == "joker"):
            raise ContentError(f"too many roles use the {kind} card", file=file, field="card")
    tiers_raw = data.get("weapon_tiers")
    if not isinstance(tiers_raw, list) or not tiers_raw:
        raise ContentError("needs at least one [[weapon_tiers]]", file=file, field="weapon_tiers")
    tiers = tuple(_tier(t, i, file) for i, t in enumerate(tiers_raw))
    last = 0
    for t in tiers:
        if t.max_quality <= last:
            raise ContentError(
                f"max_quality must rise from tier to tier (previous {last})",
                file=file,
                item=t.id,
                field="max_quality",
            )
        last = t.max_quality
    if last < 13:
        raise ContentError(
            "the last tier must reach quality 13 (K)",
            file=file,
            item=tiers[-1].id,
            field="max_quality",
        )
    return DramaContent(file, roles, tiers)


def _text(raw: dict[str, Any], key: str, file: str, item: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ContentError("must be non-empty text", file=file, item=item, field=key)
    return value


def _int(raw: dict[str, Any], key: str, file: str, item: str, lo: int, hi: int) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ContentError(
            f"must be a whole number from {lo} to {hi}, got {value!r}",
            file=file,
            item=item,
            field=key,
        )
    return value


def _role(raw: Any, index: int, file: str) -> Role:
    if not isinstance(raw, dict):
        raise ContentError("must be a table", file=file, item=f"roles[{index}]")
    rid = raw.get("id")
    item = rid if isinstance(rid, str) and rid else f"roles[{index}]"
    rid = _text(raw, "id", file, item)
    zh = _text(raw, "zh", file, item)
    en = _text(raw, "en", file, item)
    card = raw.get("card")
    if card not in ROLE_CARDS:
        raise ContentError(
            f"must be one of {', '.join(ROLE_CARDS)}, got {card!r}",
            file=file,
            item=item,
            field="card",
        )
    raw_value = raw.get("value")
    value: int | None
    if raw_value == "card":
        if card not in ("composite", "prime"):
            raise ContentError(
                "'card' (the role card's face value) needs a composite or prime role card",
                file=file,
                item=item,
                field="value",
            )
        value = None
    else:
        value = _int(raw, "value", file, item, 1, 99)
    raw_class = raw.get("class")
    klass: str | tuple[int, ...]
    if raw_class in CLASS_NAMES:
        klass = str(raw_class)
    elif (
        isinstance(raw_class, list)
        and raw_class
        and all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 13 for x in raw_class)
    ):
        klass = tuple(sorted(set(raw_class)))
    else:
        raise ContentError(
            f"must be 'composite', 'prime' or a list of ranks 1…13, got {raw_class!r}",
            file=file,
            item=item,
            field="class",
        )
    return Role(rid, zh, en, str(card), value, klass)


def _tier(raw: Any, index: int, file: str) -> WeaponTier:
    if not isinstance(raw, dict):
        raise ContentError("must be a table", file=file, item=f"weapon_tiers[{index}]")
    tid = raw.get("id")
    item = tid if isinstance(tid, str) and tid else f"weapon_tiers[{index}]"
    return WeaponTier(
        _text(raw, "id", file, item),
        _text(raw, "zh", file, item),
        _text(raw, "en", file, item),
        _int(raw, "max_quality", file, item, 1, 13),
        _int(raw, "uses", file, item, 1, 9),
    )
