"""Every card at the web table shows its text: hover, keyboard focus and tap, zh and en.

Each card, skill, weapon, character, person, territory and marker a panel draws is a chip
(games.js ``chip``): its catalogue text shows in the shared popover ``#card-tip`` on hover,
on keyboard focus and on tap, and is its accessible description (``aria-describedby``).
Decision options that name a catalogue entry carry the same text.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import INIT, PHONE, click_one, create_table, new_page, script_errors

SEATS = {
    "promise": ["human", "easy"],
    "legends": ["human", "easy", "easy"],
    "drama": ["human", "easy", "easy", "easy"],
    "goofspiel": ["human", "easy"],
}
OPTIONS: dict[str, dict[str, Any]] = {
    "promise": {},
    "legends": {"players": 3, "round_cap": 3},
    "drama": {},
    "goofspiel": {},
}

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")  # card letters (J, Q, K, A) stand alone


def in_language(text: str, lang: str) -> bool:
    """zh: no Latin word (single card letters and numbers are fine); en: no CJK at all."""
    return not (LATIN_WORD.search(text) if lang == "zh" else CJK.search(text))


def norm(text: str) -> str:
    return " ".join(text.split())


def tip_text(page: Any) -> str:
    page.wait_for_selector("#card-tip", state="visible", timeout=3_000)
    return str(page.inner_text("#card-tip"))


def description(page: Any, el: Any) -> str:
    """The text the element's aria-describedby names (what a screen reader reads)."""
    return str(
        el.evaluate(
            "e => (e.getAttribute('aria-describedby') || '').split(/\\s+/)"
            ".map((id) => document.getElementById(id)?.textContent || '').join(' ')"
        )
    )


def settle(page: Any) -> None:
    """Wait until this seat must decide and the bots have moved (the panel stops redrawing)."""
    page.wait_for_selector("#t-decision .option")
    page.wait_for_timeout(600)


def check_chips(page: Any, scope: str, lang: str) -> int:
    """Every chip in ``scope`` (cards, and the labels' glossary terms): its text by hover, then
    by keyboard (Tab from the previous chip), non-empty, in the page's language, the same as
    its accessible description."""
    from playwright.sync_api import expect

    chips = page.locator(f"{scope} .chip")
    n = chips.count()
    assert n > 0, f"no card chips in {scope}: {page.inner_text(scope)[:300]}"
    for i in range(n):
        chip = chips.nth(i)
        label = chip.inner_text()
        chip.hover()
        hovered = tip_text(page)
        assert hovered.strip(), (i, label)
        assert in_language(hovered, lang), (lang, label, hovered)
        page.mouse.move(1, 1)  # away from every chip: only keyboard focus shows it now
        if i == 0:
            chip.focus()
        else:  # the chips are in the page's tab order, in order (a power table's cells between)
            for _ in range(12):
                page.keyboard.press("Tab")
                if chip.evaluate("e => e === document.activeElement"):
                    break
        expect(chip).to_be_focused()
        focused = tip_text(page)
        assert norm(focused) == norm(hovered), (label, focused, hovered)
        said = description(page, chip)
        assert norm(said) == norm(focused), (label, said, focused)
        expect(chip).to_have_accessible_description(re.compile(r"\S"))
    page.keyboard.press("Escape")
    return int(n)


def check_options(page: Any, lang: str) -> int:
    """Options that name a catalogue entry: the text shows on hover and keyboard focus."""
    helped = page.locator("#t-decision button.option.helped")
    for i in range(helped.count()):
        b = helped.nth(i)
        b.hover()
        hovered = tip_text(page)
        assert hovered.strip() and in_language(hovered, lang), (b.inner_text(), hovered)
        page.mouse.move(1, 1)
        b.focus()
        assert norm(tip_text(page)) == norm(hovered)
        assert norm(description(page, b)) == norm(hovered)
    return int(helped.count())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_promise_cards_skills_weapons_and_characters_show_their_text(
    server: WebServer, browser: Any, lang: str
) -> None:
    need_game(server, "promise")
    page = new_page(browser, lang=lang)
    table = create_table(page, server.base, "promise", OPTIONS["promise"], SEATS["promise"])
    desc = server.get(f"/api/tables/{table}/description")
    entries = {(e["kind"], e["id"]): e for e in desc["catalogue"]}
    rng = random.Random(7)
    picked = False
    # before the pick (the throws for who picks first) and during it
    for _ in range(20):
        if page.locator("#t-panel .player-box.me .chip.kind-skill").count():
            break
        settle(page)
        if page.locator("#t-panel .pool").count():
            # the pick: each character's attributes on its button, its weapons and skills
            # (with what they do) in its text
            assert check_chips(page, "#t-panel .pool", lang) >= 5
            buttons = page.locator("#t-decision button.option")
            for i in range(buttons.count()):
                brief = buttons.nth(i).locator(".option-help").inner_text()
                assert ("斩击" if lang == "zh" else "slash") in brief, brief
                assert ("体力" if lang == "zh" else "life") in brief, brief
            assert check_options(page, lang) == buttons.count()
            first = buttons.first
            character = first.get_attribute("data-name")
            first.focus()
            text = tip_text(page)
            for key in [("weapon", f"{character}:K"), ("skill", f"{character}:9")]:
                e = entries[key]
                assert e["name"][lang] in text and e["text"][lang] in text, (key, text)
            picked = True
        click_one(page, rng)
    assert picked, "the pick never came to this seat (or showed no character chips)"
    assert page.locator("#t-panel .player-box.me .chip.kind-skill").count(), "no skill chips"
    settle(page)
    # the board: both characters, weapons and skills in hand (and the stance step's options)
    n = check_chips(page, "#t-panel", lang)
    assert n >= 2 + 3 + 10  # two characters, my three weapons, my ten skills
    skills = page.locator("#t-panel .player-box.me .chip.kind-skill")
    assert skills.count() == 10
    # on to the skill step: every skill option says what the card does
    while not page.locator("#t-decision .option[data-name='skill-1']").count():
        click_one(page, rng)
        settle(page)
    assert check_options(page, lang) >= 10
    mine = page.locator("#t-panel .player-box.me .chip.kind-character").get_attribute("data-key")
    character = str(mine).split("|")[1]
    one = page.locator("#t-decision .option[data-name='skill-1'] .option-help").inner_text()
    assert one == entries[("skill", f"{character}:1")]["text"][lang]
    assert script_errors(page) == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_legends_people_territories_and_markers_show_their_text(
    server: WebServer, browser: Any, lang: str
) -> None:
    need_game(server, "legends")
    page = new_page(browser, lang=lang)
    table = create_table(page, server.base, "legends", OPTIONS["legends"], SEATS["legends"])
    desc = server.get(f"/api/tables/{table}/description")
    persons = {e["id"]: e for e in desc["catalogue"] if e["kind"] == "person"}
    rng = random.Random(5)
    for _ in range(20):  # on to my turn to act (play a card, expand, build or pass)
        settle(page)
        if page.locator("#t-decision .option[data-name^='play-']").count():
            break
        click_one(page, rng)
    hand = page.locator("#t-panel .my-hand .chip.kind-person")
    assert hand.count() >= 3
    for i in range(hand.count()):  # a person's text starts with its ability
        key = str(hand.nth(i).get_attribute("data-key")).split("|")[1]
        hand.nth(i).focus()
        text = tip_text(page)
        assert persons[key]["text"][lang] in text, text
    n = check_chips(page, "#t-panel", lang)
    # my hand, one territory each, three markers each
    assert n >= hand.count() + 3 + 9
    assert page.locator("#t-panel .chip.kind-territory").count() >= 3
    assert check_options(page, lang) > 0  # "play <person>" options
    assert script_errors(page) == []
    page.context.close()


def hand_cards(page: Any) -> Any:
    """The cards in this seat's hand (its label, a glossary term, aside)."""
    return page.locator("#t-panel .my-hand .chip:not(.term)")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", ["drama", "goofspiel"])
def test_every_card_in_hand_shows_its_text(
    server: WebServer, browser: Any, game: str, lang: str
) -> None:
    """Drama and goofspiel: every card visible in hand has its text, by hover and by keyboard
    focus, in the page's language; and what it plays says so in the options."""
    need_game(server, game)
    page = new_page(browser, lang=lang)
    table = create_table(page, server.base, game, OPTIONS[game], SEATS[game])
    desc = server.get(f"/api/tables/{table}/description")
    kinds = {e["kind"] for e in desc["catalogue"]}
    assert "card" in kinds, kinds
    rng = random.Random(2)
    for _ in range(20):  # drama deals after the roles are chosen
        settle(page)
        if hand_cards(page).count():
            break
        click_one(page, rng)
    seen = 0
    for _ in range(3):  # the hand now, and after two more decisions
        settle(page)
        cards = hand_cards(page)
        assert cards.count() > 0, page.inner_text("#t-panel")[:400]
        for i in range(cards.count()):
            card = cards.nth(i)
            label = card.inner_text()
            card.hover()
            hovered = tip_text(page)
            assert len(norm(hovered)) > len(label) + 3, (label, hovered)  # a text, not the name
            assert in_language(hovered, lang), (label, hovered)
            page.mouse.move(1, 1)
            card.focus()
            assert norm(tip_text(page)) == norm(hovered), label
            assert norm(description(page, card)) == norm(hovered), label
            seen += 1
        check_options(page, lang)
        click_one(page, rng)
    assert seen >= 6
    assert script_errors(page) == []
    page.context.close()


@pytest.mark.parametrize(("game", "lang"), [("promise", "en"), ("legends", "zh")])
def test_card_text_on_a_phone_by_tap_and_inside_the_screen(
    server: WebServer, browser: Any, game: str, lang: str
) -> None:
    """390×844 with touch: a tap opens a chip's text, a second tap closes it; every popover
    lies inside the screen."""
    need_game(server, game)
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.add_init_script(INIT.replace("'en'", f"'{lang}'"))
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    create_table(page, server.base, game, OPTIONS[game], SEATS[game])
    rng = random.Random(3)
    for _ in range(20):
        if page.locator("#t-panel .player-box.me .chip, #t-panel .my-hand .chip").count():
            break
        settle(page)
        click_one(page, rng)
    settle(page)
    # (a phone's legends table hides its header row: each cell says its column instead)
    # A chip the board offers as a move is a control: a tap chooses it, a second tap plays
    # it (tests/web/test_board_play.py); every other chip toggles its text.
    chips = page.locator("#t-panel .chip:visible:not(.targetable):not(.picked)")
    for i in range(chips.count()):
        chip = chips.nth(i)
        chip.evaluate("e => e.scrollIntoView({block: 'center'})")  # clear of the sticky bar
        chip.tap()
        text = tip_text(page)
        assert text.strip() and in_language(text, lang), text
        box = page.locator("#card-tip").bounding_box()
        assert box is not None
        where = (chip.inner_text(), box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], where
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], where
        assert not page.evaluate(  # the text never covers its chip
            "e => { const a = e.getBoundingClientRect(), b = document.querySelector("
            "'#card-tip').getBoundingClientRect(); return a.top < b.bottom && b.top < a.bottom"
            " && a.left < b.right && b.left < a.right; }",
            chip.element_handle(),
        ), chip.inner_text()
        chip.tap()
        page.wait_for_selector("#card-tip", state="hidden", timeout=3_000)
    # an option's ‹i› opens the option's text on a tap
    info = page.locator("#t-decision .option-wrap .chip.info")
    if game == "legends":  # "play <person>" options; a throw or a war has none: play on
        for _ in range(30):
            if info.count():
                break
            settle(page)
            click_one(page, rng)
        assert info.count() > 0
    if info.count():
        info.first.tap()
        assert tip_text(page).strip()
    ctx.close()
