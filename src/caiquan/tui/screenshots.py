"""Make the screenshots in ``docs/images/`` (SVG): ``python -m caiquan.tui.screenshots DIR``.

Each shot is a real table, driven headless by Textual's pilot to a position mid-game.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from caiquan.engine import Rng

from .app import PlayApp, PrivacyScreen
from .session import Table

SIZE = (150, 46)


def _advance(table: Table, decisions: int, seed: int) -> None:
    """Play ``decisions`` random joint decisions, stopping where seat 0 must decide."""
    st, rng = table.state, Rng(seed)
    for i in range(decisions * 4):
        if i >= decisions and 0 in st.to_move():
            return
        st.apply({p: rng.choice(st.legal(p)) for p in st.to_move()})


async def _shot(table: Table, path: Path, keys: tuple[str, ...] = ()) -> None:
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if app.idle or isinstance(app.screen, PrivacyScreen):
                break
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        app.save_screenshot(path.name, str(path.parent))


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
    out = []
    for name, table, decisions, seed, keys in shots:
        _advance(table, decisions, seed)
        path = folder / name
        await _shot(table, path, keys)
        out.append(path)
    return out


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs/images")
    for path in asyncio.run(make_all(folder)):
        print(path)


if __name__ == "__main__":  # pragma: no cover
    main()
