"""Make the screenshots in ``docs/images/`` (SVG): ``python -m caiquan.tui.screenshots DIR``.

Each shot is a real table, driven headless by Textual's pilot to a position mid-game.
"""

from __future__ import annotations

import asyncio
import html
import re
import sys
from itertools import groupby
from pathlib import Path

from rich.cells import cell_len

from caiquan.engine import Rng, State

from .app import PlayApp, PrivacyScreen
from .session import Table

SIZE = (150, 46)
SIZE_SMALL = (100, 40)


def _advance(table: Table, decisions: int, seed: int) -> None:
    """Play ``decisions`` random joint decisions, stopping where seat 0 must decide (at the
    last such place if the game would end first)."""
    st, rng = table.state, Rng(seed)
    last: State | None = None
    for i in range(decisions * 4):
        if st.is_terminal():
            break
        if 0 in st.to_move():
            if i >= decisions:
                return
            last = st.clone()
        st.apply({p: rng.choice(st.legal(p)) for p in st.to_move()})
    if last is not None:
        table.state = last


def _finish(table: Table, seed: int) -> None:
    """Play the game to its end at random, but seat 0 keeps a habit at every two-player
    throw: its first option (the throw coach's picture has something to point out)."""
    st, rng = table.state, Rng(seed)
    while not st.is_terminal():
        joint = {p: rng.choice(st.legal(p)) for p in st.to_move()}
        if len(st.to_move()) == 2 and 0 in joint and st.decision(0).kind in st.game.matrix_kinds:
            joint[0] = st.legal(0)[0]
        st.apply(joint)


def _live(table: Table, throws: int, seed: int) -> None:
    """Play at random until seat 0 is at a two-player throw after ``throws`` of them."""
    st, rng = table.state, Rng(seed)
    done = 0
    while not st.is_terminal():
        at_throw = len(st.to_move()) == 2 and 0 in st.to_move()
        at_throw = at_throw and st.decision(0).kind in st.game.matrix_kinds
        if at_throw and done == throws:
            return
        done += at_throw
        st.apply({p: rng.choice(st.legal(p)) for p in st.to_move()})


_TEXT = re.compile(
    r'<text class="([^"]+)" x="([\d.]+)" y="([\d.]+)" textLength="([\d.]+)" '
    r'clip-path="([^"]+)">([^<]*)</text>'
)


def align_wide_characters(svg: str) -> str:
    """Give every run of double-width characters (Chinese) its own cells in the SVG.

    Rich's SVG gives each span of text a length of one cell per character, though a Chinese
    character takes two cells, and a browser stretches the span's letters over that length:
    Chinese rows go crooked. Each run of one width gets its own place and length here.
    """

    def split(m: re.Match[str]) -> str:
        cls, x, y, length, clip, body = m.groups()
        text = html.unescape(body)
        if cell_len(text) == len(text):
            return m.group(0)
        cell = float(length) / len(text)  # the SVG gives a span one cell per character
        pos = float(x)
        out = []
        for _, chars in groupby(text, key=cell_len):
            run = "".join(chars)
            width = cell_len(run) * cell
            esc = html.escape(run).replace(" ", "&#160;").replace("\xa0", "&#160;")
            out.append(
                f'<text class="{cls}" x="{pos:.1f}" y="{y}" textLength="{width:.1f}" '
                f'clip-path="{clip}">{esc}</text>'
            )
            pos += width
        return "".join(out)

    return _TEXT.sub(split, svg)


async def _shot(
    table: Table,
    path: Path,
    keys: tuple[str, ...] = (),
    size: tuple[int, int] = SIZE,
    board_end: bool = False,
) -> None:
    app = PlayApp(table)
    async with app.run_test(size=size) as pilot:
        for _ in range(400):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if app.idle or isinstance(app.screen, PrivacyScreen):
                break
        for key in keys:
            await pilot.press(key)
            await app.workers.wait_for_complete()
            await pilot.pause()
        if board_end:  # the end screen's coach, under the final board
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.screen_main is not None
            app.screen_main.query_one("#board").scroll_end(animate=False)
            await pilot.pause()
        path.write_text(align_wide_characters(app.export_screenshot()), encoding="utf-8")


async def make_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    shots: list[tuple[str, Table, int, int, tuple[str, ...]]] = [
        ("play-promise.svg", Table.new("promise", seats="human,random", seed=9, lang="en"),
         45, 9, ("h", "d")),
        ("play-promise-zh.svg", Table.new("promise", seats="human,random", seed=9, lang="zh"),
         45, 9, ("h",)),
        ("play-legends.svg",
         Table.new("legends", {"players": 3}, "human,random", seed=4, lang="en"), 40, 4, ()),
        ("play-drama.svg", Table.new("drama", seats="human,random", seed=4, lang="en"),
         11, 4, ()),
        ("play-drama-zh.svg", Table.new("drama", seats="human,random", seed=4, lang="zh"),
         11, 4, ()),
        ("play-hotseat.svg", Table.new("promise", seats="human,human", seed=9, lang="en"),
         3, 9, ()),
    ]  # fmt: skip
    # at 100×40 (the smallest screen the boards are made for): six legends players, and a
    # stance taken in two steps (the first heart chosen, the second highlighted)
    small: list[tuple[str, Table, int, int, tuple[str, ...]]] = [
        ("play-legends-100.svg",
         Table.new("legends", {"players": 6}, "human,random", seed=1, lang="en"), 30, 1, ()),
        ("play-steps-100.svg", Table.new("promise", seats="human,random", seed=9, lang="en"),
         3, 9, ("1", "2", "down", "down")),
    ]  # fmt: skip
    out = []
    for group, size in ((shots, SIZE), (small, SIZE_SMALL)):
        for name, table, decisions, seed, keys in group:
            _advance(table, decisions, seed)
            path = folder / name
            await _shot(table, path, keys, size)
            out.append(path)
    # the throw coach: at the end (under the final board), and live in learn mode
    table = Table.new("promise", seats="human,random", seed=9, lang="en")
    _finish(table, 9)
    await _shot(table, folder / "play-coach.svg", board_end=True)
    out.append(folder / "play-coach.svg")
    table = Table.new("promise", seats="human,random", seed=7, lang="en", learn=True)
    _live(table, 5, 7)
    await _shot(table, folder / "play-live-coach.svg")
    out.append(folder / "play-live-coach.svg")
    return out


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/images")
    for path in asyncio.run(make_all(folder)):
        print(path)


if __name__ == "__main__":  # pragma: no cover
    main()
