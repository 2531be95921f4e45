"""Goofspiel's board in headless Chromium: the bids so far read as a table — one row per
turn, newest first, with the point card, each seat's bid, the winning bid marked and who took
the card (with hidden bids: only my own bid) — not a string of numbers."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import create_table, new_page, play_to_end


@pytest.mark.parametrize("hidden", [False, True])
def test_the_bids_so_far_are_a_table_of_turns(
    server: WebServer, browser: Any, hidden: bool
) -> None:
    need_game(server, "goofspiel")
    page = new_page(browser)
    options: dict[str, Any] = {"num_cards": 5}
    if hidden:
        page.goto(server.base + "/")
        page.wait_for_selector("#create-btn")
        page.select_option("#game-select", "goofspiel")
        page.click("#create details summary")
        page.fill('#game-options [name="num_cards"]', "5")
        page.dispatch_event('#game-options [name="num_cards"]', "change")
        page.check('#game-options [name="imp_info"]')
        page.select_option('#seat-list select[data-seat="1"]', "easy")
        page.click("#create-btn")
        page.wait_for_url("**/?table=*")
        table = page.url.split("table=")[1].split("&")[0]
    else:
        table = create_table(page, server.base, "goofspiel", options, ["human", "easy"])
    page.wait_for_selector("#t-panel .panel.goofspiel")
    assert "none yet" in page.inner_text("#t-panel")  # no turn played: no empty table
    play_to_end([page], seed=5)
    assert server.get(f"/api/tables/{table}")["status"] == "finished"
    rows = page.locator("#t-panel table.turn-log tbody tr")
    assert rows.count() == 5
    head = page.locator("#t-panel table.turn-log thead th").all_inner_texts()
    assert head[:2] == ["turn", "point card"] and head[-1] == "taken by"
    assert head[2:-1] == (["Seat 0"] if hidden else ["Seat 0", "bot 1"])  # whose bids
    for i in range(5):
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert cells[0] == str(5 - i)  # newest first
        won = rows.nth(i).locator("td.won")
        taken = cells[-1]
        if taken.startswith("tie"):
            assert won.count() == 0
        elif won.count():  # the marked bid is the winner's column, and the highest shown
            bids = [int(c) for c in cells[2:-1]]
            assert int(won.inner_text()) == max(bids)
        else:  # hidden bids: the other seat took it, my bid is not marked
            assert hidden and not re.match(r"Seat 0", taken)
    page.context.close()
