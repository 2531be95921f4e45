"""The web table in headless Chromium: whole games by clicking, online play, reload, secrecy."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import create_table, new_page, play_to_end

# Short games keep the suite fast; the rules are the same.
SHORT = {
    "promise": {"characters": "taoist,sword"},
    "legends": {"players": 3, "round_cap": 3},
    "drama": {"rounds": 3},
    "goofspiel": {"num_cards": 5},
}
SEATS = {"promise": 2, "legends": 3, "drama": 4, "goofspiel": 2}


@pytest.mark.parametrize("game", ["promise", "legends", "drama", "goofspiel"])
def test_whole_game_against_bots(server: WebServer, browser: Any, game: str) -> None:
    need_game(server, game)
    page = new_page(browser)
    seats = ["human"] + ["easy"] * (SEATS[game] - 1)
    table = create_table(page, server.base, game, SHORT[game], seats)
    page.wait_for_selector("#t-panel .panel")
    clicks = play_to_end([page], seed=hash(game) % 1000)
    assert clicks > 0
    assert page.locator("#outcome li").count() == SEATS[game]
    info = server.get(f"/api/tables/{table}")
    assert info["status"] == "finished"
    assert page.locator("#t-log li").count() > 0
    page.context.close()
