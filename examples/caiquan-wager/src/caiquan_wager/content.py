"""Wager's content: the deck and the rule numbers, as TOML (``content/<preset>.toml`` in this
package, or a file), validated on load; every error names the file, the card and the field.

A file has a ``[rules]`` table (``hand``: cards dealt to each player; ``chips``: chips each
player starts with; ``max_stake``: the most chips on one card) and one ``[[card]]`` table per
kind of card (``id``, ``throw``: ``rock``, ``paper`` or ``scissors``, each exactly once;
``count``; the name ``zh``/``en`` and the text ``text_zh``/``text_en``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from caiquan.engine import ContentError, Text

#: The three throws, in option-id order: a throw beats the one before it (paper beats rock,
#: scissors beat paper, rock beats scissors).
THROWS: tuple[str, ...] = ("rock", "paper", "scissors")
PRESETS: tuple[str, ...] = ("standard", "quick")


@dataclass(frozen=True)
class Card:
    """One kind of card: its throw (index into :data:`THROWS`), how many the deck holds."""

    id: str
    throw: int
    count: int
    name: Text
    text: Text


@dataclass(frozen=True)
class Content:
    hand: int
    chips: int
    max_stake: int
    cards: tuple[Card, ...]  # in throw order

    def deck(self) -> list[int]:
        """Every card of the deck as its throw index, in throw order."""
        return [c.throw for c in self.cards for _ in range(c.count)]


def read(value: str) -> tuple[str, bytes]:
    """The file name and bytes of a content option's value: a preset of this package, or a
    path."""
    if value in PRESETS:
        ref = resources.files(__package__ or "caiquan_wager").joinpath("content", f"{value}.toml")
        return f"{value}.toml", ref.read_bytes()
    try:
        return value, Path(value).read_bytes()
    except OSError as err:
        raise ContentError(f"cannot read the file: {err.strerror}", file=value) from None


def load_content(value: str) -> Content:
    """The validated content of a preset or a file."""
    name, data = read(value)
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise ContentError(f"not valid TOML: {err}", file=name) from None
    return parse(doc, name)


def _int(table: dict[str, Any], key: str, low: int, high: int, file: str, item: str) -> int:
    v = table.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise ContentError(f"must be a whole number from {low} to {high}, got {v!r}",
                           file=file, item=item, field=key)  # fmt: skip
    return v


def _str(table: dict[str, Any], key: str, file: str, item: str) -> str:
    v = table.get(key)
    if not isinstance(v, str) or not v.strip():
        raise ContentError("must be a non-empty text", file=file, item=item, field=key)
    return v


def parse(doc: dict[str, Any], file: str = "content") -> Content:
    """Validate a parsed content file (see the module)."""
    rules = doc.get("rules")
    if not isinstance(rules, dict):
        raise ContentError("needs a [rules] table", file=file)
    hand = _int(rules, "hand", 1, 10, file, "rules")
    chips = _int(rules, "chips", 0, 30, file, "rules")
    max_stake = _int(rules, "max_stake", 0, 5, file, "rules")
    raw = doc.get("card")
    if not isinstance(raw, list) or not raw:
        raise ContentError("needs [[card]] tables", file=file)
    by_throw: dict[int, Card] = {}
    for i, c in enumerate(raw):
        item = f"card {i + 1}"
        if not isinstance(c, dict):
            raise ContentError("must be a table", file=file, item=item)
        cid = _str(c, "id", file, item)
        item = f"card {cid!r}"
        throw = c.get("throw")
        if throw not in THROWS:
            raise ContentError(f"must be one of {', '.join(THROWS)}, got {throw!r}",
                               file=file, item=item, field="throw")  # fmt: skip
        t = THROWS.index(throw)
        if t in by_throw:
            raise ContentError(f"a second card throws {throw}", file=file, item=item, field="throw")
        name = Text(_str(c, "zh", file, item), _str(c, "en", file, item))
        text = Text(_str(c, "text_zh", file, item), _str(c, "text_en", file, item))
        by_throw[t] = Card(cid, t, _int(c, "count", 0, 20, file, item), name, text)
    missing = [THROWS[t] for t in range(len(THROWS)) if t not in by_throw]
    if missing:
        raise ContentError(f"no card throws {', '.join(missing)}", file=file)
    cards = tuple(by_throw[t] for t in range(len(THROWS)))
    total = sum(c.count for c in cards)
    if total < 2 * hand:
        raise ContentError(f"the deck has {total} cards, fewer than two hands of {hand}",
                           file=file, item="rules", field="hand")  # fmt: skip
    return Content(hand, chips, max_stake, cards)
