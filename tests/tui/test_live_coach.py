"""The live coach in the terminal's learn panel: while a promise game is played with learn
mode on, the panel beside the choices shows the player's own throws so far — one bar line per
throw with its count — and what a habit reader would have won; only the player's own seat,
in the table's language."""

from __future__ import annotations

import re

from caiquan.coach import analyse_seat
from caiquan.tui import Table
from caiquan.tui.app import PlayApp

from .conftest import SIZE, screen_text, settle
from .test_learn import hints_shown


def _two_player_throw(table: Table) -> bool:
    st = table.state
    return len(st.to_move()) == 2 and 0 in st.to_move() and st.decision(0).kind == "throw"


async def _play_throws(pilot: object, app: PlayApp, table: Table, throws: int) -> list[str]:
    """Enter (the first option) everywhere but at two-player throws, where the player throws
    options 2, 3, 1, 2 …; returns the names thrown."""
    mine: list[str] = []
    for _ in range(200):
        if len(mine) >= throws and _two_player_throw(table):
            break
        if _two_player_throw(table):
            n = (len(mine) + 1) % 3 + 1
            mine.append(table.state.decision(0).choices[n - 1].name)
            await pilot.press(str(n))  # type: ignore[attr-defined]
        else:
            await pilot.press("enter")  # type: ignore[attr-defined]
        await settle(pilot, app)  # type: ignore[arg-type]
    return mine


async def test_the_learn_panel_shows_the_live_coach() -> None:
    table = Table.new("promise", seats="human,random", seed=28, lang="en", learn=True)
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "Coach · so far" in hints_shown(app)
        assert "No throws revealed yet" in hints_shown(app)
        mine = await _play_throws(pilot, app, table, 4)
        assert len(mine) == 4 and not table.state.is_terminal()
        await settle(pilot, app)
        shown = hints_shown(app)
        assert "Coach · so far" in shown and "habit reader" in shown
        # one bar line per throw: its label, the bar, how many times it was thrown
        analysis = analyse_seat(table.state.record(), table.game, 0)
        labels = {
            o["name"]: o["label"]["en"]
            for f in analysis["players"][0]["families"]
            for o in f["options"]
        }
        shown_counts = {}
        for name, label in labels.items():
            line = re.search(rf"^{re.escape(label)} +[█░]+ (\d+) · \d+%  eq \d+%$", shown, re.M)
            assert line, (label, shown)
            shown_counts[name] = int(line.group(1))
        assert shown_counts == {name: mine.count(name) for name in labels}
        assert sum(shown_counts.values()) == 4
        assert "Coach · so far" in screen_text(app)


async def test_in_chinese_and_only_in_learn_mode() -> None:
    table = Table.new("promise", seats="human,random", seed=28, lang="zh", learn=True)
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await _play_throws(pilot, app, table, 2)
        await settle(pilot, app)
        shown = hints_shown(app)
        assert "出拳教练 · 到目前为止" in shown and "读习惯的对手" in shown
        assert "habit reader" not in shown
        await pilot.press("l")  # learn mode off: no panel, no coach
        await settle(pilot, app)
        assert hints_shown(app) == "" and "到目前为止" not in screen_text(app)
