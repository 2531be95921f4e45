"""The lobby's bot strengths say what plays each level in the chosen game (its own ladder,
``Game.strengths``), in 中文 and in English; a bot seat's chip names its level."""

from __future__ import annotations

from typing import Any

import pytest

from caiquan.engine import STRENGTH_LEVELS
from caiquan.games import game_class, load_game

from .conftest import WebServer
from .helpers import create_table, new_page, script_errors

# what a bot spec plays, as the lobby words it (i18n.js: bot_is_…)
WHAT = {
    "en": {"random": "random moves", "greedy": "rules of thumb", "nash": "equilibrium mixes"},
    "zh": {"random": "随机出招", "greedy": "经验规则", "nash": "均衡混合出招"},
}
LEVEL = {"en": ("easy", "medium", "hard"), "zh": ("易", "中", "难")}


def what(spec: str, lang: str) -> str:
    name, _, params = spec.partition(":")
    if name == "ismcts":
        given = dict(p.split("=") for p in params.split(",") if p)
        if "iterations" in given:  # a playout budget is what the player is told
            n = given["iterations"]
            return f"search, {n} playouts" if lang == "en" else f"搜索，每步 {n} 次模拟"
        seconds = given.get("seconds", "1")
        return f"search, {seconds} s per move" if lang == "en" else f"搜索，每步 {seconds} 秒"
    return WHAT[lang][name]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lobby_names_each_games_ladder(server: WebServer, browser: Any, lang: str) -> None:
    page = new_page(browser, lang=lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.click("#create details summary")
    for game in sorted(server.games):
        page.select_option("#game-select", game)
        page.wait_for_selector("#game-options label.opt")
        shown = page.evaluate(
            "() => [...document.querySelectorAll('#seat-list select')[1].options]"
            ".map(o => [o.value, o.textContent])"
        )
        labels = dict(shown)
        for level, word in zip(STRENGTH_LEVELS, LEVEL[lang], strict=True):
            text = labels[level]
            assert word in text and what(game_class(game).strength(level), lang) in text, (
                game,
                level,
                text,
            )
    assert script_errors(page) == []
    page.context.close()


def test_a_bot_seat_chip_names_its_level(server: WebServer, browser: Any) -> None:
    page = new_page(browser, lang="en")
    create_table(page, server.base, "goofspiel", {}, ["human", "medium"])
    page.wait_for_selector("#t-seats li")
    chip = page.locator("#t-seats li[data-seat='1'] small").first.text_content() or ""
    want = what(game_class("goofspiel").strength("medium"), "en")
    assert "medium" in chip and want in chip, chip
    assert script_errors(page) == []
    page.context.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_hard_seat_says_when_a_solved_table_plays(
    server: WebServer, browser: Any, lang: str
) -> None:
    """At options where goofspiel's search hands every bid to its solved table, the lobby's
    hard seat and the table's chip say so (the game's note), not "search, 200 playouts"."""
    options = {"num_cards": 4, "points_order": "descending", "imp_info": True}
    note = load_game("goofspiel", options).strength_note("hard")
    assert note is not None
    page = new_page(browser, lang=lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game-select", "goofspiel")
    hard = "#seat-list select[data-seat='1'] option[value='hard']"
    searched = what(game_class("goofspiel").strength("hard"), lang)
    assert searched in (page.text_content(hard) or "")  # the default options: the search
    table = create_table(page, server.base, "goofspiel", options, ["human", "hard"], keep=True)
    assert table
    chip = page.locator("#t-seats li[data-seat='1'] small").first.text_content() or ""
    assert note(lang) in chip and searched not in chip, chip
    assert script_errors(page) == []
    page.context.close()


def test_the_lobby_updates_the_hard_label_as_options_change(
    server: WebServer, browser: Any
) -> None:
    page = new_page(browser, lang="en")
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game-select", "goofspiel")
    page.click("#create details summary")
    hard = "#seat-list select[data-seat='1'] option[value='hard']"
    page.locator('#game-options [name="num_cards"]').fill("4")
    page.locator('#game-options [name="num_cards"]').dispatch_event("change")
    page.select_option('#game-options [name="points_order"]', "descending")
    page.locator('#game-options [name="imp_info"]').set_checked(True)
    page.wait_for_function(
        f"() => document.querySelector(\"{hard}\").textContent.includes('solved')"
    )
    assert "playouts" not in (page.text_content(hard) or "")
    page.locator('#game-options [name="imp_info"]').set_checked(False)  # open bids: search
    page.wait_for_function(
        f"() => document.querySelector(\"{hard}\").textContent.includes('playouts')"
    )
    assert script_errors(page) == []
    page.context.close()
