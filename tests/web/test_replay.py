"""A player's replay in the browser: it opens from the seat this browser held (its hand shown,
the others' face-down cards never), one decision a step, the board and the highlighted log
lines always of the same view; step 0 is the starting table."""

from __future__ import annotations

import re
from typing import Any

from .conftest import WebServer, need_game
from .helpers import create_table, new_page, play_to_end, script_errors


def _play(
    server: WebServer, page: Any, game: str, options: dict[str, Any], seats: list[str]
) -> str:
    """A finished game where seat 0 is this page's player, Ann; the table id."""
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.fill("#player-name", "Ann")
    table = create_table(page, server.base, game, options, seats, keep=True)
    play_to_end([page], seed=3)
    return table


def _data(page: Any, server: WebServer, table: str, token: str | None) -> Any:
    """The replay as the server gives it to this seat (or to a spectator)."""
    headers = {"X-Seat-Token": token} if token else {}
    got = page.request.get(f"{server.base}/api/tables/{table}/replay", headers=headers)
    assert got.ok, got.text()
    return got.json()


def _token(page: Any, table: str) -> str:
    held = page.evaluate(f"JSON.parse(localStorage.getItem('caiquan.table.{table}'))")
    return str(held["seats"][0]["token"])


def _go(page: Any, k: int) -> None:
    """Step to view ``k`` with the keyboard (Home, then → k times)."""
    page.keyboard.press("Home")
    for _ in range(k):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#rp-panel[data-step='{k}']")


def _check_step(page: Any, data: Any, k: int) -> None:
    """At step ``k`` the log holds the events of views 0…k, those of view k highlighted and in
    sight, and the board is drawn from view k."""
    views = data["views"]
    assert page.inner_text("#rp-step") == f"step {k} / {len(views) - 1}"
    assert page.get_attribute("#rp-panel", "data-version") == str(views[k]["version"])
    texts = [e["text"]["en"] for v in views[: k + 1] for e in v["events"]]
    assert page.locator("#rp-log li").all_inner_texts() == texts
    current = page.locator("#rp-log li.current")
    assert current.all_inner_texts() == [e["text"]["en"] for e in views[k]["events"]]
    if current.count():  # scrolled into the log's sight
        # (a late redraw — the game's texts arriving — can replace the log between two reads)
        for _ in range(20):
            box = page.locator("#rp-log").bounding_box()
            first = current.first.bounding_box()
            if box is not None and first is not None:
                break
            page.wait_for_timeout(50)
        assert box is not None and first is not None, "the highlighted line is not drawn"
        assert (
            box["y"] - 1 <= first["y"]
            and first["y"] + first["height"] <= box["y"] + box["height"] + 1
        )
    assert (k == 0) == bool(page.locator("#rp-caption").count())  # "the starting table"
    assert (k == len(views) - 1) == bool(page.locator("#outcome").count())


def test_a_players_replay_shows_their_hand_from_the_start(server: WebServer, browser: Any) -> None:
    """Legends: the replay opens from Ann's seat with her hand at step 0 (the deal) and at a
    middle step; the log's highlighted lines and the board are those of each step."""
    need_game(server, "legends")
    page = new_page(browser)
    table = _play(
        server, page, "legends", {"players": 3, "round_cap": 3}, ["human", "easy", "easy"]
    )
    page.click("#replay-link")
    page.wait_for_selector("#rp-panel")
    assert "seat=0" in page.url
    assert page.inner_text("#rp-as") == "as Ann"
    data = _data(page, server, table, _token(page, table))
    assert data["seat"] == 0
    views = data["views"]
    n = len(views) - 1
    assert n >= 4
    for k in (0, n // 2, n):
        _go(page, k)
        _check_step(page, data, k)
        hand = views[k]["observation"]["hand"]
        assert page.locator("#rp-panel .my-hand .lcard").count() == len(hand), k
    assert views[0]["observation"]["hand"], "the deal: a hand at step 0"
    assert page.locator("#rp-log li").count() > len(views[0]["events"])
    # the buttons step too, and stop at the ends
    page.click("#rp-start")
    page.click("#rp-back")
    _check_step(page, data, 0)
    page.click("#rp-forward")
    _check_step(page, data, 1)
    page.click("#rp-end")
    page.click("#rp-forward")
    _check_step(page, data, n)
    # the spectator's view of the same step: no hand
    page.select_option("#rp-seat", "spectator")
    page.wait_for_selector('#rp-as:has-text("spectator\'s view")')
    assert "seat=spectator" in page.url
    assert page.locator("#rp-panel .my-hand").count() == 0
    _check_step(page, _data(page, server, table, None), n)
    assert script_errors(page) == []
    page.context.close()


def test_a_players_replay_never_shows_the_others_face_down_card(
    server: WebServer, browser: Any
) -> None:
    """Promise: between the two configuration steps Ann's own skill card shows ("yours: …"),
    the bot's only as a face-down card; the spectator sees neither card. Each step's round
    and life on the board are that step's."""
    need_game(server, "promise")
    page = new_page(browser)
    table = _play(server, page, "promise", {"characters": "taoist,sword"}, ["human", "easy"])
    token = _token(page, table)
    page.goto(f"{server.base}/?replay={table}&seat=0")
    page.wait_for_selector("#rp-panel")
    data = _data(page, server, table, token)
    views = data["views"]
    laid = [
        k
        for k, v in enumerate(views)
        if (v["observation"].get("players") or [{}])[0].get("laid_skill")
    ]
    assert laid, "no step between the two configuration steps"
    for k in (0, laid[0], laid[-1], len(views) - 1):
        _go(page, k)
        _check_step(page, data, k)
        obs = views[k]["observation"]
        if "players" in obs:
            head = page.inner_text("#rp-panel .inline-kv").lower()
            assert f"round {obs['round']} / {obs['round_cap']}" in head, (k, head)
            for i, p in enumerate(obs["players"]):
                life = page.inner_text(f"#rp-panel .player-box[data-player='{i}'] .bar.life")
                assert f"{p['life']}/{p['max_life']}" in life, (k, i, life)
        me = page.inner_text("#rp-panel .player-box[data-player='0']")
        other = page.inner_text("#rp-panel .player-box[data-player='1']")
        assert "yours:" not in other
        if k in laid:
            assert re.search(r"yours: \d+", me), me
            # that the bot laid one (or none), never which: the deal decides whether it did
            bot_laid = (obs["players"][1].get("face_down") or {}).get("skill")
            assert ("skill card ▮" if bot_laid else "skill card none") in other, (k, other)
            assert not re.search(r"skill card \d", other)
    # a spectator (another browser): the same step shows no one's card
    watcher = new_page(browser)
    watcher.goto(f"{server.base}/?replay={table}")
    watcher.wait_for_selector("#rp-panel")
    assert watcher.inner_text("#rp-as") == "spectator's view"
    assert watcher.locator("#rp-seat").count() == 0  # it holds no seat to switch to
    _go(watcher, laid[0])
    _check_step(watcher, _data(watcher, server, table, None), laid[0])
    assert "yours:" not in watcher.inner_text("#rp-panel")
    assert script_errors(page) == [] and script_errors(watcher) == []
    watcher.context.close()
    page.context.close()
