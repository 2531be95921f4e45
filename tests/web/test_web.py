"""The web table in headless Chromium: whole games by clicking, online play, reload, secrecy."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import (
    check_end_screen,
    click_one,
    create_table,
    new_page,
    play_to_end,
    script_errors,
    version,
)

# Short games keep the suite fast; the rules are the same.
SHORT = {
    "promise": {"characters": "taoist,sword"},
    "legends": {"players": 3, "round_cap": 3},
    "drama": {"rounds": 3},
    "goofspiel": {"num_cards": 5},
}
SEATS = {"promise": 2, "legends": 3, "drama": 4, "goofspiel": 2}


def described(el: Any) -> str:
    """The text a card chip's aria-describedby names (also what its popover shows). Read
    again while a bot's move re-renders the panel between finding the chip and its text (a
    CI run under load once caught the chip without its description); a chip that never
    names an element fails."""
    for _ in range(50):
        text = el.evaluate(
            "e => { const d = document.getElementById(e.getAttribute('aria-describedby'));"
            " return d ? d.textContent : null; }"
        )
        if text is not None:
            return str(text)
        time.sleep(0.1)
    raise AssertionError("the chip's aria-describedby names no element on the page")


@pytest.mark.parametrize("game", ["promise", "legends", "drama", "goofspiel"])
def test_whole_game_against_bots(server: WebServer, browser: Any, game: str) -> None:
    need_game(server, game)
    page = new_page(browser)
    seats = ["human"] + ["easy"] * (SEATS[game] - 1)
    table = create_table(page, server.base, game, SHORT[game], seats)
    page.wait_for_selector("#t-panel .panel")
    clicks = play_to_end([page], seed=hash(game) % 1000)
    assert clicks > 0
    check_end_screen(page, SEATS[game])
    if game == "promise":  # the last round in words: "A wins, 2 damage" or "draw"
        last = page.inner_text("#t-panel .last-round")
        assert re.search(r": \w+ / \w+, (draw|[AB] wins(, \d+ damage)?)$", last), last
    info = server.get(f"/api/tables/{table}")
    assert info["status"] == "finished"
    assert page.locator("#t-log li").count() > 0
    assert script_errors(page) == []
    page.context.close()


def test_legends_draws_its_own_panel_from_the_catalogue(server: WebServer, browser: Any) -> None:
    """The game's own panel (its ``web`` hook, loaded from /api/games/legends/panel.js) names
    cards, territories, continents and markers from the game's catalogue, in both languages."""
    need_game(server, "legends")
    import caiquan

    game = caiquan.load_game("legends", SHORT["legends"])
    for lang in ("en", "zh"):
        page = new_page(browser, lang=lang)
        table = create_table(
            page, server.base, "legends", SHORT["legends"], ["human"] + ["easy"] * 2
        )
        page.wait_for_selector("#t-panel .panel.legends .legends-players .terr")
        page.wait_for_selector("#t-panel .panel.legends .my-hand .lcard")
        text = page.inner_text("#t-panel .panel.legends")
        assert "#" not in page.inner_text("#t-panel .panel.legends .my-hand")
        assert f"table={table}" in page.url
        names = {e.name(lang) for e in game.catalogue() if e.kind in ("territory", "continent")}
        markers = [e.name(lang) for e in game.catalogue() if e.kind == "marker"]
        shown = page.locator("#t-panel .legends-players .terr").all_inner_texts()
        assert shown and all(any(n in s for n in names) for s in shown), shown
        assert all(m in text for m in markers), text
        # the card's text (its popover and accessible description): name, then ability
        said = described(page.locator("#t-panel .my-hand .lcard").first)
        abilities = {e.text(lang) for e in game.catalogue() if e.kind == "person"}
        assert said.split("\n")[1] in abilities, said
        page.context.close()


def test_two_browsers_play_promise_online(server: WebServer, browser: Any) -> None:
    """Two contexts: one creates an unlisted table and sends the link; the other joins by it."""
    game = "promise" if "promise" in server.games else "goofspiel"
    a = new_page(browser)
    create_table(a, server.base, game, SHORT[game], ["human", "human"], listed=False)
    link = a.input_value("#invite-link")
    assert "invite=" in link
    b = new_page(browser)
    got: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))

    b.on("websocket", watch)
    b.goto(link)
    b.fill("#join-name", "小红")
    b.click("#join-btn")
    b.wait_for_selector("#t-decision .option")
    assert a.locator("#t-seats li", has_text="小红").count() == 1
    # A commits first: B sees only *that* A committed, never what.
    a.wait_for_selector("#t-decision .option")
    a.locator("#t-decision .option").first.click()
    a.wait_for_selector("#my-commit")
    b.wait_for_selector("#t-seats li[data-seat='0'] .committed")
    assert b.locator("#my-commit").count() == 0
    play_to_end([a, b], seed=7, limit=120)
    assert a.locator("#outcome").count() and b.locator("#outcome").count()
    # B's frames never held A's face-down choice: every commit B was shown is one B sent.
    mine = {(f["version"], f["option"]) for f in sent if f.get("type") == "decide"}
    states = [f for f in got if f.get("type") == "state"]
    assert states and all(f["seat"] == 1 for f in states)
    # (before the deal, while the players' browsers help shuffle, there is nothing to see)
    assert all(f["status"] == "waiting" for f in states if f["observation"] is None)
    states = [f for f in states if f["observation"] is not None]
    commits = [(f["version"], f["observation"].get("my_commit")) for f in states]
    assert any(c is not None for _, c in commits)
    assert all(c is None or (v, c) in mine for v, c in commits)
    a.context.close()
    b.context.close()


def test_reload_resumes_the_game(server: WebServer, browser: Any) -> None:
    page = new_page(browser)
    table = create_table(page, server.base, "goofspiel", SHORT["goofspiel"], ["human", "easy"])
    rng = random.Random(2)
    for _ in range(2):
        page.wait_for_selector("#t-decision .option")
        click_one(page, rng)
    page.wait_for_selector("#t-decision .option")
    before, log = version(page), page.locator("#t-log li").count()
    assert before not in ("", "0")
    page.reload()
    page.wait_for_selector("#t-decision .option")
    assert version(page) == before
    assert page.locator("#t-log li").count() == log
    assert f"table={table}" in page.url
    play_to_end([page], seed=3)
    page.context.close()


def test_hidden_hands_never_reach_the_page(server: WebServer, browser: Any) -> None:
    """Drama against three bots: no frame carries another seat's hand, and at a known moment
    none of the opponents' cards is anywhere in the page's text."""
    need_game(server, "drama")
    import caiquan

    page = new_page(browser)
    frames: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))),
    )
    table = create_table(page, server.base, "drama", SHORT["drama"], ["human"] + ["easy"] * 3)
    page.wait_for_selector("#t-panel .my-hand")
    seen = page.evaluate(
        "[document.querySelector('#main').dataset.version, document.body.innerText]"
    )
    seen_version, seen_text = int(seen[0]), seen[1]
    play_to_end([page], seed=5)
    record = server.get(f"/api/tables/{table}/record")
    game = caiquan.load_game("drama", record["config"])
    state = game.new_state(record["seed"])
    moves = iter(record["decisions"])
    while state.move_number < seen_version:
        state.apply({int(p): o for p, o in next(moves).items()})
    assert state.move_number == seen_version

    def card_name(c: int) -> str:  # as the page writes a card (♠A … ♦K; ids suit-major)
        return "♠♥♣♦"[c // 13] + ["A", *map(str, range(2, 11)), "J", "Q", "K"][c % 13]

    mine = state.observation(0)
    public = set(mine["hand"]) | set(mine["round_cards"])
    for p in mine["players"]:
        public |= set(p["taken"]) | set((p["weapon"] or {}).get("cards", []))
    for opp in (1, 2, 3):
        hidden = set(state.observation(opp)["hand"]) - public
        for c in hidden:
            assert card_name(c) not in seen_text, (opp, card_name(c))
    me = 0
    states = [f for f in frames if f.get("type") == "state" and f["observation"] is not None]
    assert states
    for f in states:
        obs = f["observation"]
        assert obs["player"] == me
        for i, p in enumerate(obs["players"]):
            assert "hand" not in p, i
    for f in frames:
        for ev in f.get("events", []):
            if ev.get("kind") == "deal" and ev.get("player") != me:
                assert "hand" not in ev
    page.context.close()


def test_language_switch_and_browser_default(server: WebServer, browser: Any) -> None:
    zh = new_page(browser, locale="zh-CN", lang=None)
    zh.goto(server.base + "/")
    zh.wait_for_selector("#create-btn")
    assert zh.inner_text("#create-btn") == "开始"
    assert zh.inner_text("#lang-btn") == "English"
    zh.select_option("#game-select", "goofspiel")
    zh.fill("#player-name", "小明")
    zh.click("#lang-btn")
    assert zh.inner_text("#create-btn") == "Start"
    assert zh.input_value("#player-name") == "小明"  # what was filled in stays
    assert zh.input_value("#game-select") == "goofspiel"
    assert "New table" in zh.inner_text("#create h2")
    zh.context.close()
    en = new_page(browser, locale="en-US", lang=None)
    create_table(en, server.base, "goofspiel", SHORT["goofspiel"], ["human", "easy"])
    en.wait_for_selector("#prompt")
    prompt_en = en.inner_text("#prompt")
    assert "Your turn" in prompt_en
    en.click("#lang-btn")
    en.wait_for_function("document.querySelector('#prompt').innerText.includes('轮到你了')")
    assert en.inner_text("#prompt") != prompt_en
    assert "出" in en.inner_text("#t-decision .option >> nth=0")
    assert en.inner_text("#chat-form button") == "发送"
    assert en.inner_text(".log-box summary") == "记录"
    en.context.close()


def test_hot_seat_privacy_chat_timer_replay_rules(server: WebServer, browser: Any) -> None:
    """Two humans on one screen: a privacy screen before each seat's turn; chat and the turn
    timer show; after the game the replay steps through the events; the rules panel opens."""
    page = new_page(browser)
    page.goto(server.base + "/")
    page.fill("#turn-seconds", "120")
    create_table(
        page,
        server.base + "",
        "goofspiel",
        {"num_cards": 3},
        ["human", "human"],
        hotseat=True,
        keep=True,
    )
    page.wait_for_selector("#privacy-ready")
    assert page.locator("#t-panel .panel").count() == 0  # nothing shown behind the screen
    page.click("#privacy-ready")
    page.wait_for_selector("#t-decision .option")
    page.wait_for_selector("#t-timer:has-text('⏱')")
    page.fill("#chat-input", "你好 hello")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#t-chat li:has-text('你好 hello')")
    page.locator("#t-decision .option").first.click()
    page.wait_for_selector("#privacy-ready")  # the other seat's turn: screen again
    page.click("#privacy-ready")
    page.wait_for_selector("#t-decision .option")
    assert page.get_attribute("#main", "data-seat") == "1"
    play_to_end([page], seed=11)
    # replay: step forward and back, one decision a step, from the seat shown at the end
    shown = page.get_attribute("#main", "data-seat")
    page.click("#replay-link")
    page.wait_for_selector("#rp-step")
    assert page.get_attribute("#main", "data-seat") == shown
    total = int(page.inner_text("#rp-step").split("/")[1])
    assert total > 0
    at_start = page.locator("#rp-log li").count()  # the deal's events (none in goofspiel)
    page.click("#rp-forward")
    page.click("#rp-forward")
    assert page.inner_text("#rp-step").startswith("step 2 /")
    two = page.locator("#rp-log li").count()
    assert two > at_start
    page.click("#rp-back")
    assert at_start < page.locator("#rp-log li").count() < two
    page.click("#rp-end")
    page.wait_for_selector("#rp-panel .panel")  # the table as it was at that step
    page.wait_for_selector("#outcome")
    page.keyboard.press("Home")
    assert page.locator("#rp-log li").count() == at_start
    # rules panel, in both languages
    page.click("#rules-btn")
    page.wait_for_selector("#rules-body h2")
    en_rules = page.inner_text("#rules-body")
    page.click("#lang-btn")
    page.wait_for_function(
        "t => document.querySelector('#rules-body').innerText !== t", arg=en_rules
    )
    page.keyboard.press("Escape")
    assert page.locator("#rules-panel").is_hidden()
    page.context.close()


def test_a_whole_game_by_keyboard(server: WebServer, browser: Any) -> None:
    """Digits pick a choice; Tab and Enter reach everything else."""
    page = new_page(browser)
    create_table(page, server.base, "goofspiel", {"num_cards": 4}, ["human", "easy"])
    for _ in range(40):
        if page.locator("#outcome").count():
            break
        page.wait_for_selector("#t-decision .option, #outcome")
        if page.locator("#t-decision .option").count():
            v = version(page)
            page.keyboard.press("1")
            page.wait_for_function(
                "v => document.querySelector('#main').dataset.version !== v", arg=v
            )
    assert page.locator("#outcome").count()
    page.locator("#replay-link").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#rp-step")
    page.keyboard.press("End")
    assert page.locator("#rp-log li").count() > 0
    page.context.close()


def test_a_dropped_connection_reconnects(
    server: WebServer, browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The server goes away mid-game and comes back: the page says so, reconnects by itself
    and the game goes on from where it was."""
    tmp = tmp_path_factory.mktemp("drop")
    own = WebServer(tmp)
    try:
        page = new_page(browser)
        create_table(page, own.base, "goofspiel", {"num_cards": 4}, ["human", "easy"])
        rng = random.Random(4)
        page.wait_for_selector("#t-decision .option")
        click_one(page, rng)
        page.wait_for_selector("#t-decision .option")
        before = version(page)
        own.stop()
        page.wait_for_selector("#banner:not([hidden])")
        own = WebServer(tmp, port=own.port)
        page.wait_for_selector("#banner", state="hidden", timeout=20_000)
        page.wait_for_selector("#t-decision .option")
        assert version(page) == before
        play_to_end([page], seed=4)
        page.context.close()
    finally:
        own.stop()


def test_promise_skill_step_notes_and_face_down_cards(server: WebServer, browser: Any) -> None:
    """Configuration ○一: skill cards that would have no effect are offered with the reason;
    at ○二 the panel shows *that* each player laid a skill card (and your own card)."""
    need_game(server, "promise")
    page = new_page(browser)
    create_table(page, server.base, "promise", SHORT["promise"], ["human", "easy"])
    page.wait_for_selector("#t-decision .option")
    page.locator("#t-decision .option").first.click()  # the stance
    page.wait_for_selector("#t-decision .option[data-name='skill-none']")
    noted = page.locator("#t-decision .option.noted")
    assert noted.count() > 0  # at most four of the ten values match the stance
    assert noted.first.locator(".option-note").inner_text().startswith("⚠")
    noted.first.click()  # legal: laid face down, it will be discarded at the reveal
    page.wait_for_selector("#t-decision .option[data-name='weapon-none']")
    text = page.locator("#t-panel").inner_text()
    assert ("skill card ▮" in text or "技能卡 ▮" in text) and (
        "yours: " in text or "你的：" in text
    )
    # names from the game's catalogue (its description): the character, its weapons in hand
    assert "Ling Feng the Swordsman" in text or "剑客·凌风" in text
    assert "J Long sword" in text or "J 长剑" in text
    page.context.close()


def test_drama_panel_is_the_games_own_module_reading_the_catalogue(
    server: WebServer, browser: Any
) -> None:
    """games/drama/web.js draws the drama panel: role and nature names and card texts come
    from the game's catalogue (ctx.kit), in the page's language."""
    need_game(server, "drama")
    page = new_page(browser, lang="zh")
    create_table(page, server.base, "drama", SHORT["drama"], ["human"] + ["easy"] * 3)
    rng = random.Random(4)
    page.wait_for_selector("#t-panel .panel.drama")
    while not page.locator("#t-panel .my-hand .pcard").count():
        page.wait_for_selector("#t-decision .option")
        click_one(page, rng)  # the roles are chosen first, then the hands are dealt
    page.wait_for_function(
        "![...document.querySelectorAll('#t-panel h4')].some((h) => h.innerText.endsWith('—'))"
    )
    heads = page.locator("#t-panel .player-box h4").all_inner_texts()
    assert len(heads) == 4
    for name in ("地主", "协调员", "农民", "旁白"):  # the catalogue's names, not the ids
        assert sum(name in h for h in heads) == 1, (name, heads)
    nature = page.inner_text("#t-panel .nature")
    assert nature in ("进攻", "防守", "补给", "丢弃")
    said = described(page.locator("#t-panel .my-hand .chip:not(.term)").first)
    assert said.split("\n")[1].startswith("意图数 "), said
    page.context.close()


def test_goofspiel_panel_is_the_games_own_module(server: WebServer, browser: Any) -> None:
    """games/goofspiel/web.js draws the goofspiel panel, naming the point card from the
    game's catalogue."""
    page = new_page(browser, lang="zh")
    create_table(page, server.base, "goofspiel", SHORT["goofspiel"], ["human", "easy"])
    page.wait_for_selector("#t-panel .panel.goofspiel .big-point")
    assert page.inner_text("#t-panel .big-point").startswith("点数牌: ")
    assert "出价" in described(page.locator("#t-panel .big-point .chip"))
    page.context.close()
