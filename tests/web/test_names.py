"""The log names players as the seat chips do, and the table's small fixes: the legends prompt
says "your turn" once, log numbers from 100 are not clipped, hot-seat marks one "(you)", seat
chips stop saying "online" once the game is over or the server is gone, the turn timer says
what it played, and a long table name does not widen the lobby."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import PHONE, create_table, new_page, play_to_end, script_errors

#: A seat named by number ("player 2", "玩家2", "玩家 2"): what no log line may say.
NUMBERED = re.compile(r"\bplayers? \d|玩家 ?\d")
#: The creator's name: markup must stay text.
NAME = "<b>Ann</b>"

SHORT = {"promise": {"characters": "taoist,sword"}, "legends": {"players": 3, "round_cap": 3}}
SEATS = {"promise": ["human", "easy"], "legends": ["human", "easy", "easy"]}


def chip_names(page: Any) -> list[str]:
    return [n.strip() for n in page.locator("#t-seats li .seat-name").all_inner_texts()]


def log_lines(page: Any, sel: str = "#t-log li") -> list[str]:
    return [x.strip() for x in page.locator(sel).all_inner_texts()]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", ["promise", "legends"])
def test_the_log_names_players_as_the_chips_do(
    server: WebServer, browser: Any, game: str, lang: str
) -> None:
    need_game(server, game)
    page = new_page(browser, lang=lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.fill("#player-name", NAME)
    create_table(page, server.base, game, SHORT[game], SEATS[game], keep=True)
    page.wait_for_selector("#t-decision .option")
    prompt = page.inner_text("#prompt")
    yours = "轮到你了" if lang == "zh" else "your turn"
    assert prompt.lower().count(yours) == 1, prompt
    assert "你的回合" not in prompt, prompt
    play_to_end([page], seed=5)
    bot = "机器人" if lang == "zh" else "bot"  # a bot's default name, in the page's language
    names = [NAME] + [f"{bot} {i}" for i in range(1, len(SEATS[game]))]
    lines = log_lines(page)
    assert len(lines) > 5
    assert [x for x in lines if NUMBERED.search(x)] == []
    text = "\n".join(lines)
    if game == "promise":  # the rules' letters, each with its seat's name
        a, b = ("A（{}）", "B（{}）") if lang == "zh" else ("A ({})", "B ({})")
        assert a.format(NAME) in text and b.format(f"{bot} 1") in text, text
    else:
        for n in names:
            assert n in text, (n, text)
    assert page.locator("#t-log b").count() == 0  # the name is text, not markup
    assert chip_names(page) == names  # the names the log used are the chips' names
    # the game is over: nobody is "online" any more
    chips = page.inner_text("#t-seats")
    assert "online" not in chips and "在线" not in chips and "offline" not in chips, chips
    assert script_errors(page) == []
    page.context.close()


def test_log_numbers_from_100_are_not_clipped(server: WebServer, browser: Any) -> None:
    """Six bots play legends to the end (hundreds of events); the log's padding holds the
    marker of its last number ("128."), in the table's log and the replay's."""
    need_game(server, "legends")
    page = new_page(browser)
    table = create_table(page, server.base, "legends", {"players": 6}, ["easy"] * 6)
    page.wait_for_selector("#main[data-status='finished']", timeout=60_000)
    page.wait_for_function("document.querySelectorAll('#t-log li').length >= 100")
    measure = """ol => {
        const lis = ol.querySelectorAll('li:not(.notice)');
        const li = lis[lis.length - 1];
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = getComputedStyle(li).font;
        return {n: lis.length, need: ctx.measureText(lis.length + '. ').width,
                room: parseFloat(getComputedStyle(ol).paddingLeft)};
    }"""
    got = page.locator("#t-log").evaluate(measure)
    assert got["n"] >= 100
    assert got["room"] >= got["need"], got
    page.goto(f"{server.base}/?replay={table}")
    page.wait_for_selector("#rp-end")
    page.click("#rp-end")
    # the replay redraws as its frames arrive: measure, in one go, a log that shows every
    # event and is on the page
    got = page.wait_for_function(
        "() => { const s = document.querySelector('#rp-step')?.textContent"
        ".match(/(\\d+) \\/ (\\d+)/);"
        " const ol = document.querySelector('#rp-log');"
        " if (!s || s[1] !== s[2] || !ol || !ol.isConnected) return null;"
        f" const got = ({measure})(ol); return Number.isFinite(got.room) ? got : null; }}"
    ).json_value()
    assert got["n"] >= 100 and got["room"] >= got["need"], got
    page.context.close()


def test_hot_seat_marks_only_the_seat_on_screen_as_you(server: WebServer, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.fill("#player-name", "Ann")
    create_table(
        page,
        server.base,
        "goofspiel",
        {"num_cards": 3},
        ["human", "human"],
        hotseat=True,
        keep=True,
    )
    for expected in ("0", "1"):
        page.click("#privacy-ready")
        page.wait_for_selector("#t-decision .option")
        seat = page.get_attribute("#main", "data-seat")
        assert seat == expected
        you = [
            li.get_attribute("data-seat")
            for li in page.locator("#t-seats li").all()
            if "(you)" in li.inner_text()
        ]
        assert you == [seat], you
        page.locator("#t-decision .option").first.click()
        if expected == "0":
            page.wait_for_selector("#privacy-ready")
    page.context.close()


def test_the_turn_timer_says_what_it_played(server: WebServer, browser: Any) -> None:
    page = new_page(browser)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.fill("#player-name", "Ann")
    page.fill("#turn-seconds", "1")
    create_table(page, server.base, "goofspiel", {"num_cards": 3}, ["human", "easy"], keep=True)
    note = page.wait_for_selector("#t-log li.notice", timeout=10_000)
    text = note.inner_text()
    assert re.fullmatch(r"⏱ time ran out: the table played .+ for Ann", text), text
    # where it happened: before the reveal the table's move caused
    page.wait_for_function(
        "() => /^reveal/.test("
        "document.querySelector('#t-log li.notice')?.nextElementSibling?.innerText || '')"
    )
    toast = page.wait_for_selector("#t-toast:not([hidden])")
    assert "time ran out" in toast.inner_text()
    page.context.close()


def test_chips_stop_saying_online_when_the_server_is_gone(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    own = WebServer(tmp_path_factory.mktemp("gone"))
    try:
        page = new_page(browser)
        create_table(page, own.base, "goofspiel", {"num_cards": 4}, ["human", "easy"])
        page.wait_for_selector("#t-seats li:has-text('online')")
        own.stop()
        page.wait_for_selector("#banner:not([hidden])")
        page.wait_for_function(
            "!document.querySelector('#t-seats').innerText.includes('online')", timeout=5_000
        )
        page.context.close()
    finally:
        own.stop()


def test_a_long_table_name_does_not_widen_the_lobby(server: WebServer, browser: Any) -> None:
    import httpx2

    name = "Long" * 25  # 100 characters without a space
    r = httpx2.post(
        server.base + "/api/tables",
        json={"game": "goofspiel", "seats": [{"kind": "human"}, {"kind": "human"}], "name": name},
        timeout=10,
    )
    assert r.status_code == 201, r.text
    for viewport in (None, PHONE):
        page = new_page(browser, viewport=viewport)
        page.goto(server.base + "/")
        item = page.locator(".table-item", has_text=name[:40]).first
        item.wait_for()
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], width
        box = page.locator("#open-tables").evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert box[0] <= box[1], box
        page.context.close()
