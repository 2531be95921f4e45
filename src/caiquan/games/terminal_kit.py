"""Small shared pieces for the games' terminal panels (their ``terminal`` hook modules).

A game's ``terminal.py`` draws one seat's observation as a Rich renderable; it may use Rich
and this kit, never :mod:`caiquan.tui` (an outer layer). Rules modules never import it.

A panel names what it shows with the game's glossary (:meth:`caiquan.engine.Game.glossary`:
the engine's ``glossary.toml`` and the game's own), the words the web table uses too: a
label is :func:`word` (or :func:`title`), never a word written into the panel.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from caiquan.engine import Game


class Step(NamedTuple):
    """One step of a choice picked in steps (a game's ``steps`` hook): ``key`` is what the
    choices sharing this step have in common (a heart cell, a territory, a card), ``label``
    how the step is shown in the table's language.

    A game's terminal module may define ``steps(game, obs, choice, lang)`` returning the
    paths to a choice, each a tuple of steps (usually one path; an unordered pair such as
    promise's two stance hearts has both orders); ``()`` for a choice picked in one step.
    The terminal groups the options that share first steps (:mod:`caiquan.tui.steps`).
    """

    key: str
    label: str


def kv(rows: list[tuple[str, RenderableType | str]]) -> Table:
    """A two-column grid: bold labels, values."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for k, v in rows:
        table.add_row(k, v)
    return table


class Flow:
    """Short items side by side, as many to a line as the width takes: a line breaks between
    two items, never inside one that fits a line (``round 3/10 · round card: ♠6 · nature:
    attack`` on a wide board, one item a line on a narrow one). A separator glued to the item
    before it (``", "``) stays at the end of its line; a spaced one (``" · "``) is left out
    at a break. An item longer than a line wraps at its spaces.

    >>> from rich.console import Console
    >>> console = Console(width=28)
    >>> lines = console.render_lines(Flow(["cards in hand 4", "stars -1", "continents 1"]))
    >>> ["".join(s.text for s in line).rstrip() for line in lines]
    ['cards in hand 4 · stars -1', 'continents 1']
    """

    def __init__(self, items: Iterable[Text | str], sep: str = " · ", sep_style: str = "dim"):
        self.items = [Text(i) if isinstance(i, str) else i for i in items]
        self.sep = sep
        self.sep_style = sep_style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        glued = self.sep.rstrip() if not self.sep.startswith(" ") else ""
        width = options.max_width - cell_len(glued)  # room for a separator ending a line
        line: Text | None = None
        for item in self.items:
            if line is not None and line.cell_len + cell_len(self.sep) + item.cell_len <= width:
                line.append(self.sep, style=self.sep_style)
                line.append_text(item)
                continue
            if line is not None:
                line.append(glued, style=self.sep_style)
                yield line
            *whole, line = _wrap(item, width)
            yield from whole
        if line is not None:
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if not self.items:
            return Measurement(0, 0)
        # narrowest: the longest word (an item longer than the width wraps at its spaces)
        widest = max(cell_len(w) for i in self.items for w in i.plain.split() or [""])
        widest += cell_len(self.sep)
        total = sum(i.cell_len for i in self.items) + cell_len(self.sep) * (len(self.items) - 1)
        return Measurement(min(widest, total), total).clamp(max_width=options.max_width)


def _wrap(text: Text, width: int) -> list[Text]:
    """``text`` in lines of at most ``width`` cells, broken at spaces only (a word longer
    than a line stays whole: the console folds it). Rich's own wrapping can cut a line of
    Chinese one cell short and end it with an ellipsis; this never does."""
    plain = text.plain
    if cell_len(plain) <= width:
        return [text.copy()]
    cuts: list[int] = []
    start = used = 0
    for m in re.finditer(r"\S+", plain):
        end = cell_len(plain[start : m.end()])
        if used and end > width:
            start = m.start()
            cuts.append(start)
        used = 1
    lines = text.divide(cuts)
    for ln in lines:
        ln.rstrip()
    return list(lines)


def word(game: Game, key: str, lang: str) -> str:
    """The glossary's name of ``key`` in ``lang``; a key the glossary lacks raises
    ``KeyError`` (the games' tests draw every panel, so a missing word fails there).

    >>> from caiquan.games import load_game
    >>> word(load_game("drama"), "table_pile", "zh"), word(load_game("drama"), "hand", "en")
    ('桌面牌堆', 'hand')
    """
    return game.glossary().word(key, lang)


def title(game: Game, key: str, lang: str) -> str:
    """:func:`word` with a capital first letter (a heading's first word)."""
    text = word(game, key, lang)
    return text[:1].upper() + text[1:]


def player_name(game: Game, p: int | None, lang: str) -> str:
    """``玩家 2`` / ``player 2`` by the glossary's word ``player`` (``—`` for nobody)."""
    if p is None:
        return "—"
    return f"{word(game, 'player', lang)} {p}"


def pick(pair: tuple[str, str], lang: str) -> str:
    """The Chinese or English half of a ``(zh, en)`` pair."""
    return pair[0] if lang == "zh" else pair[1]


__all__ = ["Flow", "Step", "kv", "pick", "player_name", "title", "word"]
