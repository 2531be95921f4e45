"""The throw coach in the browser: a finished promise game's end screen, and its replay's last
step, show the coach — the player's throws as bars beside the equilibrium's, and the key
lines in the page's language."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .conftest import WebServer, need_game
from .helpers import create_table, new_page, play_to_end, script_errors


def _bars(page: Any) -> list[tuple[str, float, float]]:
    """Each bar row of seat 0's chart: the throw, the played bar's and the equilibrium bar's
    width as a share of the track."""
    out = []
    for row in page.locator("#coach .coach-player[data-player='0'] .coach-row").all():
        track = row.locator(".coach-bars").bounding_box()
        you = row.locator(".bar.you").bounding_box()
        eq = row.locator(".bar.eq").bounding_box()
        out.append(
            (
                row.get_attribute("data-name"),
                you["width"] / track["width"],
                eq["width"] / track["width"],
            )
        )
    return out


def test_the_end_screen_and_the_replay_show_the_coach(server: WebServer, browser: Any) -> None:
    need_game(server, "promise")
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.fill("#player-name", "Ann")
    table = create_table(page, server.base, "promise", {}, ["human", "medium"], keep=True)
    play_to_end([page], seed=5)
    page.wait_for_selector("#coach .coach-player")
    data = page.request.get(f"{server.base}/api/tables/{table}/coach").json()
    me = data["players"][0]
    assert me["throws"] > 0
    # only the viewer's own seat, named as the table names it
    players = page.locator("#coach .coach-player")
    assert players.count() == 1
    assert players.first.locator("h4").inner_text() == "Ann (you)"
    # one bar row per throw of each family; bar widths follow the shares
    bars = _bars(page)
    expected = [
        (o["name"], o["share"], o["equilibrium"]) for f in me["families"] for o in f["options"]
    ]
    assert [b[0] for b in bars] == [e[0] for e in expected]
    for (_, you, eq), (_, share, equilibrium) in zip(bars, expected, strict=True):
        assert abs(you - share) < 0.02 and abs(eq - equilibrium) < 0.02
    lines = page.locator("#coach .coach-lines li").all_inner_texts()
    assert lines == [line["en"] for line in me["lines"]]
    assert any("habit reader" in line for line in lines)
    if os.environ.get("CAIQUAN_SHOTS"):  # docs/web.md's picture
        target = Path(__file__).resolve().parents[2] / "docs" / "images" / "web-coach.png"
        page.locator("#coach").screenshot(path=str(target))
    # in Chinese: the same section, the lines in Chinese
    page.click("#lang-btn")
    page.wait_for_selector("#coach-title:has-text('出拳教练')")
    assert page.locator("#coach .coach-lines li").all_inner_texts() == [
        line["zh"] for line in me["lines"]
    ]
    page.click("#lang-btn")
    # the replay's last step shows it too
    page.click("#replay-link")
    page.wait_for_selector("#rp-panel")
    page.keyboard.press("End")
    page.wait_for_selector("#coach .coach-player[data-player='0']")
    assert page.locator("#coach .coach-lines li").all_inner_texts() == [
        line["en"] for line in me["lines"]
    ]
    page.keyboard.press("Home")
    page.wait_for_selector("#rp-panel[data-step='0']")
    assert page.locator("#coach").count() == 0  # only at the end
    assert script_errors(page) == []
    page.context.close()
