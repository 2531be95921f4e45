"""The docs' screenshot scenes: advancing a table never runs past the end of its game."""

from __future__ import annotations

import pytest

pytest.importorskip("textual", reason="the terminal table needs: pip install -e '.[tui]'")

from caiquan.tui.screenshots import _advance
from caiquan.tui.session import Table


def test_advance_stops_where_seat_0_decides_even_if_the_game_ends_first() -> None:
    table = Table.new("goofspiel", {"num_cards": 3}, "human,random", seed=1, lang="en")
    _advance(table, 50, seed=1)  # far more decisions than the game has
    assert not table.state.is_terminal()
    assert 0 in table.state.to_move()
