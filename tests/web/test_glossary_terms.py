"""The board's labels explain themselves (issue 20): every label word a game's panel prints
that the game's glossary explains (life, power, stars, hand, phase, the seat's "(you)" …) shows
its explanation on hover, on keyboard focus and on tap, like a card's text, in the page's
language."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import INIT, PHONE, click_one, create_table, new_page, script_errors
from .test_card_text import OPTIONS, SEATS, description, in_language, norm, settle, tip_text

#: Labels each game's panel must show as explained terms (glossary keys), once it has a hand.
WANTED = {
    "promise": {"life", "qi", "skills", "equipped", "round", "phase", "power", "stances", "you"},
    "drama": {"hand", "hand_count", "cards_left", "taken", "round", "phase", "leader", "you"},
    "legends": {"hand", "round", "phase", "deck", "score", "continents", "you"},
    "goofspiel": {"points", "hand", "bids"},
}
#: A screen where those labels are all on the board: the seat has cards (or a character).
READY = {
    "promise": "#t-panel .player-box.me .chip.kind-skill",
    "drama": "#t-panel .my-hand .chip:not(.term)",
    "legends": "#t-panel .my-hand .chip:not(.term)",
    "goofspiel": "#t-panel .my-hand .chip",
}


def terms_by_name(page: Any) -> dict[str, Any]:
    """The panel's term chips by their glossary key (data-key ``term|<key>``)."""
    chips = page.locator("#t-panel .chip.term")
    out = {}
    for i in range(chips.count()):
        key = str(chips.nth(i).get_attribute("data-key")).split("|", 1)[1]
        out.setdefault(key, chips.nth(i))
    return out


def play_to_ready(page: Any, game: str) -> None:
    rng = random.Random(4)
    for _ in range(25):
        settle(page)
        if page.locator(READY[game]).count():
            return
        click_one(page, rng)
    raise AssertionError(f"{game}: never reached a board with a hand")


@pytest.mark.parametrize(
    ("game", "lang"),
    [("promise", "en"), ("promise", "zh"), ("drama", "zh"), ("legends", "en"), ("goofspiel", "zh")],
)
def test_labels_explain_themselves_on_hover_and_focus(
    server: WebServer, browser: Any, game: str, lang: str
) -> None:
    need_game(server, game)
    page = new_page(browser, lang=lang)
    table = create_table(page, server.base, game, OPTIONS[game], SEATS[game])
    words = server.get(f"/api/tables/{table}/description")["glossary"]["words"]
    play_to_ready(page, game)
    terms = terms_by_name(page)
    missing = WANTED[game] - set(terms)
    assert not missing, f"{game}: labels without their explanation: {sorted(missing)}"
    for key, chip in terms.items():
        about = words[key]["about"][lang]
        name = words[key]["name"][lang]
        chip.hover()
        hovered = tip_text(page)
        assert about in hovered and name in hovered, (key, hovered)
        assert in_language(hovered, lang), (key, hovered)
        page.mouse.move(1, 1)
        chip.focus()
        assert norm(tip_text(page)) == norm(hovered), key
        assert norm(description(page, chip)) == norm(hovered), key
    page.keyboard.press("Escape")
    # the seat list's "(you)" badge too
    you = page.locator("#t-seats .you .chip.term")
    assert you.count() == 1
    you.hover()
    assert words["you"]["about"][lang] in tip_text(page)
    assert script_errors(page) == []
    page.context.close()


def test_a_label_opens_its_explanation_on_a_tap(server: WebServer, browser: Any) -> None:
    need_game(server, "promise")
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.add_init_script(INIT)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    table = create_table(page, server.base, "promise", OPTIONS["promise"], SEATS["promise"])
    words = server.get(f"/api/tables/{table}/description")["glossary"]["words"]
    play_to_ready(page, "promise")
    life = terms_by_name(page)["life"]
    life.evaluate("e => e.scrollIntoView({block: 'center'})")
    life.tap()
    assert words["life"]["about"]["en"] in tip_text(page)
    life.tap()
    page.wait_for_selector("#card-tip", state="hidden", timeout=3_000)
    ctx.close()
