"""Provably fair deals in the browser: the page gives the deal its own random value; the end
screen and the replay check the deal against the commitment with Web Crypto, the seed
against the values, the server's replay against what the seat received, and show "verified
fair ✓" (公平性已验证) with what was and was not checked; a record, a commitment or a replay
changed on the way (route interception) shows the failure and why."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from caiquan.engine.fair import canonical_json, commit, deal_seed

from .conftest import WebServer, need_game
from .helpers import create_table, new_page, play_to_end, script_errors

MARK = "#fair-mark"


def _finish(server: WebServer, page: Any, tamper: Callable[[Any, str], None] | None = None) -> str:
    """A goofspiel game against a bot, played to the end by clicks; ``tamper(page, table)``
    runs before the first click (the game cannot end before it)."""
    need_game(server, "goofspiel")
    table = create_table(page, server.base, "goofspiel", {"num_cards": 4}, ["human", "easy"])
    if tamper is not None:
        tamper(page, table)
    play_to_end([page], seed=4)
    return table


def _mark(page: Any) -> tuple[str, str]:
    """The verdict: (its state, its line)."""
    # (the check waits for the replay, computed in the server's analysis pool, which the
    # module's other pages share: slow on a loaded CI machine running the pure twin)
    page.wait_for_selector(f"{MARK}:not([data-fair=checking])", timeout=60_000)
    line = page.inner_text(f"{MARK} .fair-verdict").strip()
    return str(page.get_attribute(MARK, "data-fair")), line


def _notes(page: Any) -> dict[str, str]:
    """What the mark says was checked and what was not: note key → its text."""
    items = page.locator(f"{MARK} .fair-notes li")
    return {
        str(items.nth(i).get_attribute("data-note")): str(items.nth(i).text_content())
        for i in range(items.count())
    }


def _rewrite(page: Any, path: str, change: Callable[[dict[str, Any]], None]) -> None:
    """Serve ``path`` (a JSON answer) changed by ``change``."""

    def handle(route: Any) -> None:
        resp = route.fetch()
        data = json.loads(resp.text())
        change(data)
        route.fulfill(response=resp, body=json.dumps(data))

    page.route(f"**{path}", handle)


def test_the_end_screen_and_the_replay_show_verified_fair(server: WebServer, browser: Any) -> None:
    page = new_page(browser)
    table = _finish(server, page)
    assert _mark(page) == ("verified", "verified fair ✓")
    info = server.get(f"/api/tables/{table}")
    commitment = info["fair"]["commitment"]
    # the commitment this browser saw at the start is the one it kept, and the tooltip names it
    assert page.evaluate(f"localStorage.getItem('caiquan.fair.{table}')") == commitment
    assert commitment in str(page.get_attribute(MARK, "title"))
    # this browser gave the deal its own value, and the seed is made from it
    kept = json.loads(page.evaluate(f"localStorage.getItem('caiquan.shuffle.{table}.0')"))
    assert kept["kept"] is True and len(kept["value"]) == 32
    record = server.get(f"/api/tables/{table}/record")
    fair = record["meta"]["fair"]
    assert fair["contributions"] == [{"seat": 0, "value": kept["value"], "by": "player"}]
    assert record["seed"] == deal_seed(fair["nonce"], [(0, kept["value"])])
    notes = _notes(page)
    assert list(notes) == [
        "fair_note_commitment",
        "fair_note_deal_one",
        "fair_note_views",
        "fair_note_rules",
    ]
    assert (
        "one seat's value (1 given by the player; this browser's 1 among them)"
        in (notes["fair_note_deal_one"])
    )
    views = re.search(r"(\d+) events and (\d+) views compared", notes["fair_note_views"])
    assert views is not None and int(views[1]) > 0 and int(views[2]) >= 2, notes
    assert "caiquan replay --verify" in notes["fair_note_rules"]
    page.click("#lang-btn")
    page.wait_for_selector(f"{MARK}:has-text('公平性已验证 ✓')")
    assert "本浏览器给的 1 个都在其中" in _notes(page)["fair_note_deal_one"]
    page.click("#lang-btn")
    page.click("#replay-link")
    page.wait_for_selector("#rp-panel")
    page.click("#rp-end")
    assert _mark(page) == ("verified", "verified fair ✓")
    assert "fair_note_no_views" in _notes(page)  # the replay page did not follow the game
    # what the browser hashed is what Python commits to (the canonical encoding agrees)
    made = commit(
        record["game"], record["version"], record["config"], fair["content"], fair["nonce"]
    )
    assert made == commitment
    values: list[Any] = [
        {"b": [1, 0.5, -2.5e-7, 1e21, None], "a": 'é石"\\\n\t\x01\u2028', "Z": True, "é": 1},
        ["caiquan.fair/2", "x", 3, {"seed": "1"}, "9223372036854775807", "ab"],
    ]
    in_browser = page.evaluate(
        "vs => import('/fair.js').then(m => vs.map(m.canonicalJson))", values
    )
    assert in_browser == [canonical_json(v) for v in values]
    # the seed read from the record's text, never rounded (a "seed" in the config is not it)
    text = json.dumps({"format": "x", "config": {"seed": 5, "s": '"seed": 6'}, "seed": 2**63 - 1})
    got = page.evaluate("t => import('/fair.js').then(m => m.rawSeed(t))", text)
    assert got == str(2**63 - 1)
    assert script_errors(page) == []
    page.context.close()


GAMES = [
    ("oshi_zumo", {}, ["human", "easy"]),
    ("promise", {}, ["human", "easy"]),
    ("drama", {}, ["human", "easy"]),
    ("legends", {"players": 3, "round_cap": 3}, ["human", "easy", "easy"]),
    ("goofspiel", {"num_cards": 4}, ["human", "human"]),
]


@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[g for g, _, _ in GAMES])
def test_every_game_verifies_against_what_the_seat_received(
    server: WebServer, browser: Any, game: str, options: dict[str, Any], seats: list[str]
) -> None:
    """A whole game of each kind (goofspiel hot-seat: two seats in one browser, two values):
    the server's replay of every game matches the events and views its seat received."""
    need_game(server, game)
    page = new_page(browser)
    hot = seats.count("human") > 1
    create_table(page, server.base, game, options, seats, hotseat=hot)
    play_to_end([page], seed=2, limit=240)
    assert _mark(page) == ("verified", "verified fair ✓")
    notes = _notes(page)
    if hot:
        assert (
            "2 seats' values (2 given by the players themselves; this browser's 2"
            in (notes["fair_note_deal"])
        )
    views = re.search(r"(\d+) events and (\d+) views compared", notes["fair_note_views"])
    assert views is not None and int(views[1]) > 0 and int(views[2]) >= 2, notes
    assert script_errors(page) == []
    page.context.close()


def test_a_replay_that_differs_from_what_the_seat_received_fails(
    server: WebServer, browser: Any
) -> None:
    """The server's replay, from this seat, shows a view or an event other than the ones the
    seat received during the game: the mark says so (the browser does not take the replay's
    word for what happened)."""
    for change in ("view", "event"):
        page = new_page(browser)

        def replay(page: Any, table: str, change: str = change) -> None:
            def edit(d: dict[str, Any]) -> None:
                if change == "view":
                    d["views"][1]["observation"]["points"] = [99, 99]
                else:
                    e = next(e for v in d["views"] for e in v["events"])
                    e["forged"] = True

            _rewrite(page, f"/api/tables/{table}/replay", edit)

        _finish(server, page, replay)
        state, text = _mark(page)
        assert state == "failed", (change, text)
        assert "the server's replay differs from what this seat received" in text, text
        page.context.close()


def test_the_table_says_it_is_shuffling_until_the_deal(server: WebServer, browser: Any) -> None:
    """Every seat taken, one player's client (a script) gives no value: until the server's
    stand-in is used (``shuffle_seconds``), the table says it is shuffling, not that it waits
    for players; then the game starts, and the end still verifies."""
    import httpx2

    need_game(server, "goofspiel")
    page = new_page(browser)
    table = create_table(page, server.base, "goofspiel", {"num_cards": 3}, ["human", "human"])
    page.wait_for_selector("#t-status:has-text('Waiting for players')")
    joined = httpx2.post(
        f"{server.base}/api/tables/{table}/join", json={"name": "Bob", "seat": 1}, timeout=10
    )
    assert joined.status_code == 200, joined.text
    page.wait_for_selector("#t-status:has-text('Shuffling')")
    assert server.get(f"/api/tables/{table}")["fair"]["shuffle"] == {"open": True, "given": [0]}
    assert "each player's browser adds a random value" in page.inner_text(".waiting-for")
    page.click("#lang-btn")
    page.wait_for_selector("#t-status:has-text('洗牌中')")
    page.click("#lang-btn")
    page.wait_for_selector("#t-status:has-text('playing')", timeout=30_000)
    # dealt: seat 1's value is the server's committed stand-in
    assert server.get(f"/api/tables/{table}")["fair"]["shuffle"] == {"open": False, "given": [0, 1]}
    assert script_errors(page) == []
    page.context.close()


def test_a_changed_contribution_fails_the_deal(server: WebServer, browser: Any) -> None:
    page = new_page(browser)

    def value(page: Any, table: str) -> None:
        def edit(d: dict[str, Any]) -> None:
            d["meta"]["fair"]["contributions"][0]["value"] = "77" * 16

        _rewrite(page, f"/api/tables/{table}/record", edit)

    _finish(server, page, value)
    state, text = _mark(page)
    assert state == "failed" and "the seed is not the one the server's secret" in text
    page.context.close()


def test_a_bots_only_table_says_its_deal_is_the_servers_alone(
    server: WebServer, browser: Any
) -> None:
    import httpx2

    need_game(server, "goofspiel")
    body = {"game": "goofspiel", "options": {"num_cards": 3}, "seats": [{"kind": "bot"}] * 2}
    table = httpx2.post(server.base + "/api/tables", json=body, timeout=10).json()["table"]
    page = new_page(browser)
    page.goto(f"{server.base}/?table={table}")
    assert _mark(page) == ("verified", "verified fair ✓")
    notes = _notes(page)
    assert notes["fair_note_bots"] == "the deal is the server's alone: every seat is a bot"
    assert "fair_note_views" in notes  # a spectator's views, compared with the spectator replay
    page.context.close()


def test_a_changed_seed_in_the_record_fails(server: WebServer, browser: Any) -> None:
    page = new_page(browser)

    def seed(page: Any, table: str) -> None:
        _rewrite(page, f"/api/tables/{table}/record", lambda d: d.update(seed=d["seed"] + 1))

    _finish(server, page, seed)
    state, text = _mark(page)
    assert state == "failed"
    assert text == "NOT verified fair ✗ (the revealed seed or nonce is not the record's)"
    page.context.close()


def test_a_changed_config_fails_against_the_commitment(server: WebServer, browser: Any) -> None:
    """The record's config changed (its seed and nonce still the revealed ones): the hash no
    longer gives the commitment published before play."""
    page = new_page(browser)

    def config(page: Any, table: str) -> None:
        def record(d: dict[str, Any]) -> None:
            d["config"]["points_order"] = "descending"

        _rewrite(page, f"/api/tables/{table}/record", record)

    _finish(server, page, config)
    state, text = _mark(page)
    assert state == "failed" and "do not give the commitment published before play" in text
    page.context.close()


def test_a_commitment_other_than_the_one_first_seen_fails(server: WebServer, browser: Any) -> None:
    """The server shows another commitment at the end than the one this browser kept."""
    page = new_page(browser)

    def other(page: Any, table: str) -> None:
        def change(d: dict[str, Any]) -> None:
            if d.get("fair"):
                d["fair"]["commitment"] = "0" * 64

        _rewrite(page, f"/api/tables/{table}", change)

    table = _finish(server, page, other)
    state, text = _mark(page)
    assert state == "failed" and "not the one published at the start" in text
    # the replay screen of another browser, which never saw the start, catches a record
    # whose commitment is not the table's
    fresh = new_page(browser)
    _rewrite(
        fresh,
        f"/api/tables/{table}/record",
        lambda d: d["meta"]["fair"].update(commitment="1" * 64),
    )
    fresh.goto(f"{server.base}/?replay={table}")
    fresh.wait_for_selector("#rp-panel")
    fresh.click("#rp-end")
    assert _mark(fresh)[0] == "failed"
    assert script_errors(page) == [] and script_errors(fresh) == []
    fresh.context.close()
    page.context.close()


def test_an_older_table_is_not_verifiable(server: WebServer, browser: Any) -> None:
    page = new_page(browser)

    def old(page: Any, table: str) -> None:
        _rewrite(page, f"/api/tables/{table}", lambda d: d.update(fair=None))
        _rewrite(page, f"/api/tables/{table}/record", lambda d: d["meta"].pop("fair"))

    _finish(server, page, old)
    assert _mark(page) == ("unverifiable", "not verifiable ✗ (older table)")
    page.click("#lang-btn")
    page.wait_for_selector(f"{MARK}:has-text('无法验证 ✗（旧牌桌）')")
    page.context.close()
