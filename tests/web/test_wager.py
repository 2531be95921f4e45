"""The example plug-in game, ``wager`` (examples/caiquan-wager, its own distribution), in
headless Chromium: the lobby lists it, its own panel and stylesheet come from its package
through the game's hooks, and a whole game against a bot ends on the end screen. Skipped only
where the example is not installed (CI installs it: tests/test_example_plugin.py)."""

from __future__ import annotations

import os
from importlib import util
from typing import Any

import pytest

from .conftest import WebServer
from .helpers import check_end_screen, create_table, new_page, play_to_end, script_errors

if util.find_spec("caiquan_wager") is None and not os.environ.get("CI"):
    pytest.skip("the example plug-in is not installed", allow_module_level=True)


def test_whole_game_in_its_own_panel(server: WebServer, browser: Any) -> None:
    assert "wager" in server.games, sorted(server.games)
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("#game-select")
    assert page.locator("#game-select option[value='wager']").count() == 1
    table = create_table(page, server.base, "wager", {"content": "quick"}, ["human", "medium"])
    # the game's own panel (its web hook) and stylesheet (its css hook), from its package
    page.wait_for_selector("#t-panel .panel.wager")
    page.wait_for_selector("link[data-game-style='wager']", state="attached")
    panel = page.inner_text("#t-panel")
    for label in ("pot", "stake limit", "cards unseen", "points", "chips"):  # glossary words
        assert label in panel, label
    assert "max_stake" not in panel and "hand_sizes" not in panel  # no raw key
    assert page.locator("#t-panel .wager-hand .chip").count() == 3  # the quick deck's hand
    # a card chip shows its catalogue text on hover
    page.hover("#t-panel .wager-hand .chip >> nth=0")
    page.wait_for_function("/beats/i.test(document.querySelector('#card-tip')?.innerText || '')")
    assert ", stake " in page.inner_text("#t-decision .option >> nth=0")
    assert play_to_end([page], seed=53) > 0
    check_end_screen(page, 2)
    assert server.get(f"/api/tables/{table}")["status"] == "finished"
    page.wait_for_function("document.querySelector('#t-log').innerText.includes('round 1:')")
    assert "chips left" in page.inner_text("#standings")
    assert not script_errors(page)
    page.context.close()
