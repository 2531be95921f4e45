"""The lobby for people (issue 21): my tables, the rules of the chosen game, invitations that
name the game, the table, the host and the seat, no invitation where nobody can take it,
hot-seat players named at the start, and no designer's option in the form."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import create_table, new_page, play_to_end, script_errors


def lobby(page: Any, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#create-btn")


def my_row(page: Any, table: str) -> Any:
    return page.locator(f"#my-tables li[data-table='{table}']")


def test_my_tables_lists_a_table_then_shows_it_finished(server: WebServer, browser: Any) -> None:
    page = new_page(browser)
    lobby(page, server.base)
    assert page.locator("#my-tables li").count() == 0
    assert page.locator("#no-my-tables").is_visible()
    page.fill("#table-name", "Friday night")
    first = create_table(
        page, server.base, "goofspiel", {"num_cards": 2}, ["human", "easy"], keep=True
    )
    lobby(page, server.base)
    page.fill("#table-name", "Second")
    second = create_table(
        page, server.base, "goofspiel", {"num_cards": 2}, ["human", "easy"], keep=True
    )
    lobby(page, server.base)
    # newest first, each with its game, name and the status the server has now
    page.wait_for_selector(f"#my-tables li[data-table='{first}'][data-status='playing']")
    page.wait_for_selector(f"#my-tables li[data-table='{second}'][data-status='playing']")
    assert [li.get_attribute("data-table") for li in page.locator("#my-tables li").all()] == [
        second,
        first,
    ]
    row = my_row(page, first)
    text = row.inner_text()
    assert "Goofspiel" in text and "Friday night" in text and "playing" in text, text
    assert row.locator("a.continue").get_attribute("href") == f"/?table={first}"
    assert row.locator("a.replay").count() == 0
    assert page.locator("#no-my-tables").is_hidden()
    # continue, play it out: the lobby then shows it finished, with its replay
    row.locator("a.continue").click()
    page.wait_for_selector("#t-decision .option")
    play_to_end([page], seed=3)
    lobby(page, server.base)
    page.wait_for_selector(f"#my-tables li[data-table='{first}'][data-status='finished']")
    row = my_row(page, first)
    assert "finished" in row.inner_text()
    assert row.locator("a.replay").get_attribute("href") == f"/?replay={first}"
    assert row.locator("a.continue").count() == 0
    # in Chinese too
    page.click("#lang-btn")
    page.wait_for_selector("#my-tables-title:has-text('我的牌桌')")
    assert "已结束" in my_row(page, first).inner_text()
    assert script_errors(page) == []
    page.context.close()


def test_forget_and_a_table_the_server_does_not_know(server: WebServer, browser: Any) -> None:
    page = new_page(browser)
    table = create_table(page, server.base, "goofspiel", {"num_cards": 2}, ["human", "easy"])
    # a seat this browser holds at a table the server never had (deleted, another server)
    page.evaluate(
        "() => localStorage.setItem('caiquan.table.nosuchtable', JSON.stringify("
        "{seats: [{seat: 0, token: 'x'}], game: 'goofspiel', name: 'gone', created: Date.now()}))"
    )
    lobby(page, server.base)
    page.wait_for_selector(f"#my-tables li[data-table='{table}'][data-status='playing']")
    # the unknown table is dropped from the list and from the browser, without an error
    page.wait_for_function("() => !localStorage.getItem('caiquan.table.nosuchtable')")
    assert my_row(page, "nosuchtable").count() == 0
    assert page.locator("#banner").is_hidden()
    my_row(page, table).locator("button.forget").click()
    assert my_row(page, table).count() == 0
    assert page.evaluate(f"() => localStorage.getItem('caiquan.table.{table}')") is None
    assert page.locator("#no-my-tables").is_visible()
    page.reload()
    page.wait_for_selector("#create-btn")
    assert page.locator("#my-tables li").count() == 0
    assert script_errors(page) == []
    page.context.close()


def rules_title(page: Any) -> str:
    page.wait_for_selector("#rules-panel:not([hidden]) #rules-body h1, #rules-body h2")
    return str(page.input_value("#rules-game"))


def test_the_rules_button_opens_the_selected_game(server: WebServer, browser: Any) -> None:
    need_game(server, "drama")
    page = new_page(browser)
    lobby(page, server.base)
    games = [g["id"] for g in server.get("/api/games")]
    assert games[0] != "drama"  # else this test could not tell
    page.select_option("#game-select", "drama")
    page.click("#rules-btn")
    assert rules_title(page) == "drama"
    page.click("#rules-btn")  # closes
    assert page.locator("#rules-panel").is_hidden()
    page.select_option("#game-select", "goofspiel")
    page.click("#rules-btn")
    assert rules_title(page) == "goofspiel"
    page.keyboard.press("Escape")
    # on a table: that table's game, whatever the lobby had chosen
    create_table(page, server.base, "oshi_zumo", None, ["human", "easy"])
    page.click("#rules-btn")
    assert rules_title(page) == "oshi_zumo"
    page.context.close()


def test_the_invitation_names_game_table_host_and_seat(server: WebServer, browser: Any) -> None:
    need_game(server, "legends")
    a = new_page(browser)
    lobby(a, server.base)
    a.fill("#player-name", "小明")
    a.fill("#table-name", "周五局")
    create_table(
        a,
        server.base,
        "legends",
        {"players": 3, "round_cap": 3},
        ["human", "easy", "human"],
        listed=False,
        keep=True,
    )
    link = a.input_value("#invite-link")
    said = a.inner_text("#invite-text")
    assert (
        said == f"小明 invites you to play Conflicting Legends · 周五局 (free seats: 2): {link}"
    ), said
    assert a.get_attribute("#copy-invite", "data-text") == said
    b = new_page(browser)
    b.goto(link)
    b.wait_for_selector("#join-invitation")
    assert b.inner_text("#join-invitation") == (
        "小明 invites you to Conflicting Legends · 周五局, seat 2 (free seats: 2)"
    )
    seats = b.inner_text("#join-seats")
    assert "小明" in seats and "host" in seats and "free" in seats and "bot" in seats, seats
    # the rules button on the join screen opens the invited game
    b.click("#rules-btn")
    assert rules_title(b) == "legends"
    b.keyboard.press("Escape")
    b.click("#lang-btn")
    b.wait_for_selector("#join-invitation:has-text('邀请你加入')")
    assert (
        b.inner_text("#join-invitation")
        == "小明 邀请你加入 伟人的猜拳战略 · 周五局，座位 2（空位：2）"
    )
    b.fill("#join-name", "小红")
    b.click("#join-btn")
    b.wait_for_selector("#t-seats li[data-seat='2']:has-text('小红')")
    # every seat is taken now: the host's invitation box goes
    a.wait_for_selector("#t-seats li[data-seat='2']:has-text('小红')")
    a.wait_for_selector("#invite-link", state="detached")
    # B's "my tables" knows the game and the table's name
    lobby(b, server.base)
    assert "周五局" in b.locator("#my-tables li").first.inner_text()
    assert script_errors(a) == [] and script_errors(b) == []
    a.context.close()
    b.context.close()


def test_the_join_screen_offers_each_free_seat(server: WebServer, browser: Any) -> None:
    """With several free seats the guest picks one; the sentence names the one picked."""
    a = new_page(browser)
    create_table(a, server.base, "goofspiel", {"players": 3, "num_cards": 2},
                 ["human", "human", "human"])  # fmt: skip
    table = a.url.split("table=")[1]
    b = new_page(browser)
    b.goto(f"{server.base}/?table={table}")  # listed: no invitation needed
    b.wait_for_selector("#join-seat")
    assert "seat 1 (free seats: 1, 2)" in b.inner_text("#join-invitation")
    assert "invited" in b.inner_text("#join-invitation")  # the host has no name: nobody's
    b.select_option("#join-seat", "2")
    assert "seat 2 (free seats: 1, 2)" in b.inner_text("#join-invitation")
    b.click("#join-btn")
    b.wait_for_url(f"**/?table={table}")
    b.wait_for_selector("#t-seats li")
    assert b.get_attribute("#main", "data-seat") == "2"
    a.context.close()
    b.context.close()


@pytest.mark.parametrize("kind", ["hot-seat", "bots only", "all mine"])
def test_no_invitation_where_nobody_can_take_a_seat(
    server: WebServer, browser: Any, kind: str
) -> None:
    page = new_page(browser)
    if kind == "hot-seat":
        create_table(page, server.base, "goofspiel", {"num_cards": 2}, ["human", "human"],
                     hotseat=True)  # fmt: skip
        page.wait_for_selector("#privacy-ready")
    elif kind == "bots only":  # (searching bots: the game is still on when we look)
        create_table(page, server.base, "goofspiel", {"num_cards": 4}, ["hard", "hard"])
        page.wait_for_selector("#t-head #t-status.playing")
    else:
        create_table(page, server.base, "goofspiel", {"num_cards": 2}, ["human", "easy"])
        page.wait_for_selector("#t-decision .option")
    assert page.locator("#t-head h2").count() == 1  # the header is drawn
    assert page.locator("#invite-link, #copy-invite, #invite-text").count() == 0
    page.context.close()


def test_hot_seat_names_reach_the_seat_chips(server: WebServer, browser: Any) -> None:
    page = new_page(browser)
    lobby(page, server.base)
    page.select_option("#game-select", "goofspiel")
    page.click("#create details summary")
    page.fill('#game-options [name="players"]', "3")
    page.dispatch_event('#game-options [name="players"]', "change")
    page.fill('#game-options [name="num_cards"]', "2")
    assert page.locator("#seat-list input.seat-name").count() == 0  # only for hot-seat
    page.check("#hotseat")
    assert page.locator("#seat-list input.seat-name").count() == 3
    page.select_option('#seat-list select[data-seat="1"]', "easy")
    assert page.locator('#seat-list input.seat-name[data-seat="1"]').is_hidden()
    page.select_option('#seat-list select[data-seat="1"]', "human")
    page.select_option('#seat-list select[data-seat="2"]', "human")
    for i, name in enumerate(["阿甲", "Bea", "丙"]):
        page.fill(f'#seat-list input.seat-name[data-seat="{i}"]', name)
    # a language switch keeps the names typed
    page.click("#lang-btn")
    page.wait_for_selector("#create-btn:has-text('开始')")
    assert page.input_value('#seat-list input.seat-name[data-seat="1"]') == "Bea"
    page.click("#lang-btn")
    page.wait_for_selector("#create-btn:has-text('Start')")
    page.click("#create-btn")
    page.wait_for_url("**/?table=*")
    page.wait_for_selector("#t-seats li[data-seat='2']")
    chips = [page.inner_text(f"#t-seats li[data-seat='{i}'] .seat-name") for i in range(3)]
    assert chips == ["阿甲", "Bea", "丙"], chips
    page.click("#privacy-ready")
    page.wait_for_selector("#t-decision #prompt")
    assert "(阿甲)" in page.inner_text("#prompt")
    page.context.close()


GAMES = ["promise", "drama", "legends", "goofspiel", "oshi_zumo"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_lobby_shows_players_options_only(server: WebServer, browser: Any, lang: str) -> None:
    """No lab option; a content option only where there is more than one set to choose, as
    named choices; every shown option with its label and help in the page's language."""
    for game in GAMES:
        need_game(server, game)
    info = {g["id"]: g for g in server.get("/api/games")}
    page = new_page(browser, lang=lang)
    lobby(page, server.base)
    page.click("#create details summary")
    cjk = re.compile(r"[\u3400-\u9fff]")
    for game in GAMES:
        page.select_option("#game-select", game)
        page.wait_for_selector("#game-options label.opt")
        shown = page.evaluate(
            "() => [...document.querySelectorAll('#game-options label.opt')].map(l => ({"
            " name: l.dataset.option, label: l.querySelector('span').textContent,"
            " help: l.querySelector('small').textContent,"
            " choices: [...l.querySelectorAll('option')].map(o => [o.value, o.textContent])}))"
        )
        declared = {o["name"]: o for o in info[game]["options"]}
        names = [s["name"] for s in shown]
        assert all(declared[n]["scope"] == "table" for n in names), (game, names)
        lab = {"legends": "deal"}.get(game)
        if lab:
            assert lab not in names  # a designer's handicap is not a table's
        single = [n for n, o in declared.items() if o["presets"] and len(o["choices"]) < 2]
        assert not set(single) & set(names), (game, single)
        if game in ("promise", "drama"):
            assert single == ["content"]  # one content set: nothing to choose
        if game == "legends":
            content = next(s for s in shown if s["name"] == "content")
            assert [v for v, _ in content["choices"]] == ["default", "edition54"]
        for s in shown:
            o = declared[s["name"]]
            for field in ("label", "help"):
                assert o[field] and o[field]["zh"].strip() and o[field]["en"].strip(), (game, o)
                assert s[field] == o[field][lang], (game, s)
                if lang == "zh":
                    assert cjk.search(s[field]), (game, s)
            for value, text in s["choices"]:
                assert text == o["labels"][value][lang], (game, s["name"], value, text)
        assert set(names) == set(declared) - set(single)
    assert script_errors(page) == []
    page.context.close()


def test_the_lobby_with_my_tables_is_accessible(server: WebServer, browser: Any) -> None:
    axe_sync = pytest.importorskip(
        "axe_playwright_python.sync_playwright",
        reason="accessibility tests need axe-playwright-python (pip install -e '.[test]')",
    )
    page = new_page(browser)
    create_table(page, server.base, "goofspiel", {"num_cards": 2}, ["human", "easy"],
                 hotseat=False)  # fmt: skip
    lobby(page, server.base)
    page.check("#hotseat")
    page.wait_for_selector("#my-tables li[data-status='playing']")
    result = axe_sync.Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}) at {v['nodes'][0]['target']}: {v['help']}"
        for v in result.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], "\n".join(bad)
    page.context.close()
