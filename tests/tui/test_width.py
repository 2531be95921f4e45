"""Every game's board fits a 100×40 terminal without a word split across lines and without
clipping, in Chinese and English (issue 21).

The table runs at 100 columns; the board is drawn for positions all through a random game
(seat 0's view). Each time the board's words must be exactly the words of the same board
drawn on an unlimited width: a word broken by a wrap (``terri`` / ``tories``), cut by a too
narrow column (``narra…``) or lost off the edge changes them. And what the screen shows of
the board is the board's own lines, none longer than the board is wide."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from caiquan.engine import Rng, State
from caiquan.tui import Table
from caiquan.tui.app import PlayApp, flatten
from caiquan.tui.panels import ViewOptions, render, toggles

from .conftest import settle

SIZE_100 = (100, 40)
_BOX = re.compile(r"[\u2500-\u257f]")  # table rules: as long as the width, not words
SAMPLES = 16  # positions drawn a game


def words(text: str) -> Counter[str]:
    """The words of a drawn board: runs between spaces, without the table rules and the
    ``·`` that separates items on a line (one fewer where a line breaks)."""
    return Counter(w for w in _BOX.sub(" ", text).split() if w != "·")


def test_words_see_a_split_word_and_a_cut_one() -> None:
    """The check can fail: a wrap inside a word, or an ellipsis, changes the words."""
    whole = words("round card: ♥Q   territories: Congo Basin (Africa)")
    assert words("round card: ♥Q   territo\nries: Congo Basin (Africa)") != whole
    assert words("round card: ♥Q   territories: Congo Ba…") != whole
    assert words("round card: ♥Q · territories:\nCongo Basin (Africa)") == whole


def _positions(table: Table, seed: int) -> list[State]:
    """States all through a random game of the table's game, evenly spaced."""
    st, rng = table.game.new_state(seed), Rng(seed)
    seen: list[State] = []
    while not st.is_terminal():
        seen.append(st.clone())
        st.apply({p: rng.choice(st.legal(p)) for p in st.to_move()})
    seen.append(st)
    step = max(1, len(seen) // SAMPLES)
    return seen[::step]


def _board_on_screen(app: PlayApp, panel: Static) -> list[str]:
    """The characters the screen shows where the board's text is."""
    app.screen._refresh_layout()
    strips = app.screen._compositor.render_strips()
    region = panel.content_region
    board = app.screen_main.query_one("#board").content_region  # type: ignore[union-attr]
    top, bottom = max(region.y, board.y), min(region.bottom, board.bottom)
    out = []
    for y in range(top, bottom):
        text = strips[y].text
        # the strip's text counts cells: a wide character is one char over two cells
        out.append(_cells(text, region.x, region.x + region.width))
    return out


def _cells(text: str, start: int, end: int) -> str:
    """The characters of ``text`` from cell ``start`` to cell ``end``."""
    out, pos = [], 0
    for ch in text:
        w = cell_len(ch)
        if pos >= start and pos + w <= end:
            out.append(ch)
        pos += w
    return "".join(out)


GAMES: list[tuple[str, dict[str, Any], str]] = [
    ("promise", {}, "human,random"),
    ("drama", {}, "human,random"),
    ("legends", {"players": 3}, "human,random"),
    ("legends", {"players": 4}, "human,random"),
    ("legends", {"players": 5}, "human,random"),
    ("legends", {"players": 6}, "human,random"),
    ("goofspiel", {}, "human,random"),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("game_id", "config", "seats"), GAMES)
async def test_every_board_fits_100_columns_without_breaking_a_word(
    game_id: str, config: dict[str, Any], seats: str, lang: str
) -> None:
    table = Table.new(game_id, config, seats, seed=7, lang=lang)
    app = PlayApp(table)
    async with app.run_test(size=SIZE_100) as pilot:
        await settle(pilot, app)
        table.bots = {}  # from here the test sets the positions: no bot moves on its own
        scr = app.screen_main
        assert scr is not None
        panel = scr.query_one("#panel", Static)
        drawn = 0
        views = [ViewOptions()]
        if toggles(table.game):  # the power table's parts and hint make it wider
            views.append(ViewOptions(details=True, hint=True))
        for opts in views:
            app.view_opts = opts
            for state in _positions(table, seed=7):
                table.state = state
                app.redraw()
                await pilot.pause()
                shown = str(panel.content)
                width = panel.content_region.width
                assert width >= 50, "the board is at least half the screen"
                lines = shown.split("\n")
                assert all(cell_len(line) <= width for line in lines), (width, shown)
                wide = flatten(render(table.game, state.observation(0), lang, opts), 1000)
                assert words(shown) == words(wide.plain), (
                    f"move {state.move_number}: "
                    f"split or cut: {sorted((words(shown) - words(wide.plain)).elements())}, "
                    f"lost: {sorted((words(wide.plain) - words(shown)).elements())}\n{shown}"
                )
                screen = _board_on_screen(app, panel)
                assert screen, "the board is on the screen"
                for got, line in zip(screen, lines, strict=False):
                    assert got.rstrip() == line.rstrip(), (got, line)
                drawn += 1
        assert drawn >= min(SAMPLES, 10)
