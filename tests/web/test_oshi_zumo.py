"""Oshi-Zumo in headless Chromium: a whole game against a bot in the browser's generic panel,
with the game's own event texts (the browser client knows nothing of the game; issue 19)."""

from __future__ import annotations

from typing import Any

from .conftest import WebServer, need_game
from .helpers import check_end_screen, create_table, new_page, play_to_end


def test_whole_game_in_the_generic_panel(server: WebServer, browser: Any) -> None:
    need_game(server, "oshi_zumo")
    page = new_page(browser)
    table = create_table(
        page, server.base, "oshi_zumo", {"coins": 6, "size": 1}, ["human", "medium"]
    )
    page.wait_for_selector("#t-panel .panel.generic")
    panel = page.inner_text("#t-panel")
    assert "min_bid" not in panel and "horizon" not in panel  # no raw key
    for label in ("coins", "ring", "#.W.#", "wrestler", "turn limit"):  # glossary words
        assert label in panel, label
    assert page.inner_text("#t-decision .option >> nth=0").strip().endswith("bid 0")
    assert play_to_end([page], seed=19) > 0
    check_end_screen(page, 2)
    assert server.get(f"/api/tables/{table}")["status"] == "finished"
    # the log shows the game's own wording (fetched from /api/games/oshi_zumo/format)
    page.wait_for_function("document.querySelector('#t-log').innerText.includes('turn 1: bids')")
    page.context.close()
