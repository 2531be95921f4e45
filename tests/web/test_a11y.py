"""Accessibility with axe-core (axe-playwright-python): no serious or critical violation on
the lobby, each seed game's table, its end screen, the replay, the rules and the player's
page, in English on a desktop and in Chinese on a phone (issue 20)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import PHONE, click_one, create_table, new_page, play_to_end

axe_sync = pytest.importorskip(
    "axe_playwright_python.sync_playwright",
    reason="accessibility tests need axe-playwright-python (pip install -e '.[test]')",
)

SHORT = {
    "promise": ({}, ["human", "easy"]),
    "legends": ({"players": 3, "round_cap": 3}, ["human", "easy", "easy"]),
    "drama": ({"rounds": 3}, ["human", "easy", "easy", "easy"]),
    "goofspiel": ({"num_cards": 5}, ["human", "easy"]),  # its table of the turns so far
}


def serious(page: Any, where: str) -> list[str]:
    """The serious and critical violations on the page now, one readable line each."""
    result = axe_sync.Axe().run(page)
    return [
        f"{where}: {v['id']} ({v['impact']}) at {v['nodes'][0]['target']}: {v['help']}"
        for v in result.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize(("lang", "phone"), [("en", False), ("zh", True)])
def test_no_serious_accessibility_violation(
    server: WebServer, browser: Any, lang: str, phone: bool
) -> None:
    page = new_page(browser, lang=lang, viewport=PHONE if phone else None)
    found: list[str] = []
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    found += serious(page, "lobby")
    page.click("#rules-btn")
    page.wait_for_selector("#rules-body h1, #rules-body h2")
    found += serious(page, "rules")
    page.keyboard.press("Escape")
    for game, (options, seats) in SHORT.items():
        need_game(server, game)
        table = create_table(page, server.base, game, options, seats)
        page.wait_for_selector("#t-panel .panel")
        rng = random.Random(1)
        for _ in range(3):
            click_one(page, rng)
        found += serious(page, f"{game} table")
        play_to_end([page], seed=2)
        found += serious(page, f"{game} end screen")
    page.click("#guide-btn")
    page.wait_for_selector("#guide-panel:not([hidden])")
    found += serious(page, "player's page")
    page.goto(f"{server.base}/?replay={table}")
    page.wait_for_selector("#rp-end")
    page.click("#rp-end")
    page.wait_for_selector("#outcome")
    found += serious(page, "replay")
    assert found == [], "\n".join(found)
    page.context.close()
