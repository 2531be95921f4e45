"""The card list of the rules page and the game's catalogue, written from the content data.

The rules page (``rules.md``) holds the output of :func:`markdown` between the marker lines
``<!-- cards:zh:begin -->`` / ``<!-- cards:zh:end -->`` (and ``en``); a test checks that it is
current, so the page never drifts from the data. Regenerate it with
``python -m caiquan.games.legends.cardlist`` (see :func:`update_rules`). :func:`catalogue` is
what ``Legends.catalogue()`` declares. The words (a card's full text: :func:`.text.ability`)
come from :mod:`.text`.

>>> from caiquan.games.legends.content import load_content
>>> c = load_content("default")
>>> catalogue(c)[0].text.en
'War: attack. On a tie, the defender discards 1 card from hand, then throw again.'
"""

from __future__ import annotations

from caiquan.engine import Entry, Text

from .content import load_content
from .data import (
    COLOUR_EN,
    COLOUR_ZH,
    COLOURS,
    CONTINENT_EN,
    CONTINENT_ZH,
    CONTINENTS,
    KIND_EN,
    KIND_ZH,
    KINDS,
    MARKER_EN,
    MARKER_ZH,
    MARKERS,
    Content,
)
from .text import (
    CARD_KIND_TEXT,
    COLOUR_TEXT,
    MARKER_TEXT,
    ability,
    continent_text,
    territory_text,
)


def markdown(lang: str, content: Content | None = None) -> str:
    """The card list as Markdown tables (Chinese ``zh`` or English ``en``)."""
    c = content or load_content("default")
    zh = lang == "zh"
    lines: list[str] = []
    if zh:
        lines += [
            f"#### 领土卡（{len(c.territories)} 张）",
            "",
            "| 领土 | 洲 | 扩张（武力） | 建设（文化或科技） | 黑星 | 黄星 |",
            "|---|---|---|---|---|---|",
        ]
    else:
        lines += [
            f"#### Territories ({len(c.territories)})",
            "",
            "| territory | continent | expand (Might) | build (Culture or Tech) | black | yellow |",
            "|---|---|---|---|---|---|",
        ]
    for t in c.territories:
        name = f"{t.zh}（{t.en}）" if zh else f"{t.en} ({t.zh})"
        cont = CONTINENT_ZH[t.continent] if zh else CONTINENT_EN[t.continent]
        black = f"−{t.black}" if t.black else "0"
        lines.append(f"| {name} | {cont} | {t.expand} | {t.build} | {black} | +{t.yellow} |")
    for colour in range(len(COLOURS)):
        people = [p for p in c.persons if p.colour == colour]
        if not people:
            continue
        title = COLOUR_ZH[colour] if zh else COLOUR_EN[colour]
        lines += [
            "",
            f"#### {title}（{len(people)} 张）" if zh else f"#### {title} ({len(people)})",
            "",
        ]
        if zh:
            lines += ["| 人物 | 类 | 能力 |", "|---|---|---|"]
        else:
            lines += ["| person | kind | ability |", "|---|---|---|"]
        for p in people:
            name = f"{p.zh}（{p.en}）" if zh else f"{p.en} ({p.zh})"
            kind = KIND_ZH[p.kind] if zh else f"{KIND_ZH[p.kind]} {KIND_EN[p.kind]}"
            text = ability(p, lang)
            note = p.note_zh if zh else p.note_en
            if note:
                text += f" *{note}*"
            lines.append(f"| {name} | {kind} | {text} |")
    return "\n".join(lines) + "\n"


def catalogue(c: Content) -> tuple[Entry, ...]:
    """Everything a player may read about: every person card (``person``, id = its index, as
    observations and events name it; text = its full ability), every territory
    (``territory``, id = its index), and the words those use: ``continent``, ``marker``,
    ``card_kind`` and ``colour`` (id = the name observations and events use)."""
    out: list[Entry] = []
    for p in c.persons:
        out.append(
            Entry(
                "person",
                str(p.index),
                Text(p.zh, p.en),
                Text(ability(p, "zh"), ability(p, "en")),
                {
                    "key": p.key,
                    "colour": COLOURS[p.colour],
                    "kind": KINDS[p.kind],
                    "note_zh": p.note_zh,
                    "note_en": p.note_en,
                },
            )
        )
    for t in c.territories:
        fields: dict[str, str | int] = {
            "key": t.key,
            "continent": CONTINENTS[t.continent],
            "expand": t.expand,
            "build": t.build,
            "black": t.black,
            "yellow": t.yellow,
        }
        out.append(
            Entry("territory", str(t.index), Text(t.zh, t.en), Text(*territory_text(t)), fields)
        )
    for k, name in enumerate(CONTINENTS):
        n = sum(1 for t in c.territories if t.continent == k)
        out.append(
            Entry(
                "continent", name, Text(CONTINENT_ZH[k], CONTINENT_EN[k]), Text(*continent_text(n))
            )
        )
    for k, name in enumerate(MARKERS):
        out.append(
            Entry("marker", name, Text(MARKER_ZH[k], MARKER_EN[k]), Text(*MARKER_TEXT[name]))
        )
    for k, name in enumerate(KINDS):
        out.append(
            Entry("card_kind", name, Text(KIND_ZH[k], KIND_EN[k]), Text(*CARD_KIND_TEXT[name]))
        )
    for k, name in enumerate(COLOURS):
        out.append(
            Entry("colour", name, Text(COLOUR_ZH[k], COLOUR_EN[k]), Text(*COLOUR_TEXT[name]))
        )
    return tuple(out)


def begin_marker(lang: str) -> str:
    return f"<!-- cards:{lang}:begin -->"


def end_marker(lang: str) -> str:
    return f"<!-- cards:{lang}:end -->"


def update_rules(text: str) -> str:
    """``text`` (a rules page) with both card lists replaced by the current data's."""
    for lang in ("zh", "en"):
        b, e = begin_marker(lang), end_marker(lang)
        head, sep, rest = text.partition(b)
        if not sep:
            raise ValueError(f"the rules page has no {b} line")
        _, sep2, tail = rest.partition(e)
        if not sep2:
            raise ValueError(f"the rules page has no {e} line")
        text = f"{head}{b}\n{markdown(lang)}{e}{tail}"
    return text


def main() -> None:  # pragma: no cover - a maintenance tool
    """Rewrite the card lists of this package's ``rules.md`` from the current data.

    Run ``python -m caiquan.games.legends.cardlist`` from a source checkout.
    """
    from pathlib import Path

    path = Path(__file__).with_name("rules.md")
    path.write_text(update_rules(path.read_text("utf-8")), "utf-8")


if __name__ == "__main__":  # pragma: no cover
    main()
