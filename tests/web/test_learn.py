"""Learn mode and the players' pages at the web table, zh and en.

Learn mode (the lobby's box, or ``?learn=1``; remembered) puts a hint box above the choices of
every decision: what it is and what its choices do (the game's ``learn`` hook, served with the
decision), promise's power-table key once the table is on the board and, at the battle throw,
the equilibrium mix. The box can be dismissed. "How to play" opens the game's own page
(``guide`` hook) with its pictures, and closes again.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import create_table, new_page, script_errors

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def in_language(text: str, lang: str) -> bool:
    """zh: mostly Chinese; en: no CJK at all."""
    if lang == "en":
        return not CJK.search(text)
    return len(CJK.findall(text)) > len(re.findall(r"[A-Za-z]", text))


def decide(page: Any, index: int = 0) -> None:
    """Click an option and wait until the decision is taken (a new state or my commit)."""
    v = page.get_attribute("#main", "data-version")
    page.locator("#t-decision button.option").nth(index).click()
    page.wait_for_function(
        "v => document.querySelector('#main').dataset.version !== v"
        " || document.querySelector('#my-commit')",
        arg=v,
    )


def wait_decision(page: Any, *, end_ok: bool = False) -> bool:
    """Wait until this page must decide (True) or the game is over (False; with ``end_ok``
    only — otherwise a finished game fails at once instead of after a timeout)."""
    page.wait_for_function(
        "() => (document.querySelector('#t-decision button.option')"
        " && !document.querySelector('#my-commit'))"
        " || document.querySelector('#main').dataset.status === 'finished'"
    )
    if page.get_attribute("#main", "data-status") != "finished":
        return True
    assert end_ok, "the game ended while the test still expected a decision"
    return False


def check_guide(page: Any, opener: str, lang: str) -> None:
    page.click(opener)
    panel = page.locator("#guide-panel")
    panel.wait_for(state="visible")
    page.wait_for_selector("#guide-body h2")
    body = page.inner_text("#guide-body")
    assert in_language(body, lang), body[:300]
    assert ("四年之约" if lang == "zh" else "The Four-Year Promise") in body
    # its pictures come from the game's package and load
    page.wait_for_function(
        "() => { const imgs = [...document.querySelectorAll('#guide-body img')];"
        " return imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0); }"
    )
    assert page.locator("#guide-btn").inner_text() == ("玩法" if lang == "zh" else "How to play")
    page.click("#guide-close")
    panel.wait_for(state="hidden")
    page.click("#guide-btn")
    panel.wait_for(state="visible")
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_promise_in_learn_mode(server: WebServer, browser: Any, lang: str) -> None:
    need_game(server, "promise")
    page = new_page(browser, lang=lang)
    page.goto(server.base + "/?learn=1")
    page.wait_for_selector("#create-btn")
    assert page.is_checked("#learn-mode")  # ?learn=1 ticks the lobby's box
    create_table(page, server.base, "promise", seats=["human", "easy"], keep=True)

    # a hint at every decision, in the page's language, until three different steps have been
    # explained (the throw for first pick may be a tie thrown again and again)
    prompts: list[str] = []
    for _ in range(12):
        wait_decision(page)
        hint = page.locator("#learn-hint")
        assert hint.is_visible()
        what = page.inner_text("#learn-hint .learn-what")
        assert len(what) > 20 and in_language(what, lang), what
        prompts.append(what)
        decide(page)
        if len(set(prompts)) >= 3:
            break
    assert len(set(prompts)) >= 3, prompts  # first pick, the character pick, the stances …

    # once the power table is on the board, the hint box gives its key; at the battle throw
    # the equilibrium mix too
    key = mix = None
    for _ in range(40):
        wait_decision(page)
        if page.locator("table.power").count() and key is None:
            key = page.inner_text("#learn-hint .learn-key")
        if page.locator("#learn-hint .learn-mix").count():
            mix = page.inner_text("#learn-hint .learn-mix")
            break
        decide(page)
    assert key is not None and mix is not None
    assert "≥ 5" in key and "≤ −5" in key and in_language(key, lang), key
    assert re.search(r"\d+%", mix) and in_language(mix, lang), mix

    # "How to play" from the hint box and from the header opens the game's page and closes
    check_guide(page, "#learn-guide", lang)

    # the box is dismissible, and stays away (remembered) until the lobby's box is ticked
    page.click("#learn-close")
    assert page.locator("#learn-hint").count() == 0
    decide(page)
    wait_decision(page)
    assert page.locator("#learn-hint").count() == 0
    assert page.evaluate("localStorage.getItem('caiquan.learn')") == "0"
    assert not script_errors(page)
    page.context.close()


def test_lobby_learn_box_is_remembered_and_links_the_guide(server: WebServer, browser: Any) -> None:
    need_game(server, "promise")
    page = new_page(browser, lang="en")
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    assert not page.is_checked("#learn-mode")  # off for a new visitor
    assert "Learn mode" in page.inner_text("#learn-mode-label")
    page.check("#learn-mode")
    page.reload()
    page.wait_for_selector("#create-btn")
    assert page.is_checked("#learn-mode")
    # the link beside the game select opens the chosen game's page
    page.select_option("#game-select", "promise")
    check_guide(page, "#guide-link", "en")
    # the language switch keeps the box and words it in Chinese
    page.click("#lang-btn")
    page.wait_for_function(
        "() => document.querySelector('#learn-mode-label').innerText.includes('学习模式')"
    )
    assert page.is_checked("#learn-mode")
    page.uncheck("#learn-mode")
    page.reload()
    page.wait_for_selector("#create-btn")
    assert not page.is_checked("#learn-mode")
    create_table(page, server.base, "promise", seats=["human", "easy"], keep=True)
    wait_decision(page)
    assert page.locator("#learn-hint").count() == 0  # learn mode off: no hint box
    assert not script_errors(page)
    page.context.close()
