"""Small shared pieces for the games' terminal panels (their ``terminal`` hook modules).

A game's ``terminal.py`` draws one seat's observation as a Rich renderable; it may use Rich
and this kit, never :mod:`caiquan.tui` (an outer layer). Rules modules never import it.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table


def kv(rows: list[tuple[str, RenderableType | str]]) -> Table:
    """A two-column grid: bold labels, values."""
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for k, v in rows:
        table.add_row(k, v)
    return table


def player_name(p: int | None, lang: str) -> str:
    """``玩家 2`` / ``player 2`` (``—`` for nobody)."""
    if p is None:
        return "—"
    return f"玩家 {p}" if lang == "zh" else f"player {p}"


def pick(pair: tuple[str, str], lang: str) -> str:
    """The Chinese or English half of a ``(zh, en)`` pair."""
    return pair[0] if lang == "zh" else pair[1]


__all__ = ["kv", "pick", "player_name"]
