"""Small shared pieces for the games' terminal panels (their ``terminal`` hook modules).

A game's ``terminal.py`` draws one seat's observation as a Rich renderable; it may use Rich
and this kit, never :mod:`caiquan.tui` (an outer layer). Rules modules never import it.

A panel names what it shows with the game's glossary (:meth:`caiquan.engine.Game.glossary`:
the engine's ``glossary.toml`` and the game's own), the words the web table uses too: a
label is :func:`word` (or :func:`title`), never a word written into the panel.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table

from caiquan.engine import Game


def kv(rows: list[tuple[str, RenderableType | str]]) -> Table:
    """A two-column grid: bold labels, values."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for k, v in rows:
        table.add_row(k, v)
    return table


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


__all__ = ["kv", "pick", "player_name", "title", "word"]
