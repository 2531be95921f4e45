"""Provably fair deals in the browser: the end screen and the replay check the deal against
the commitment with Web Crypto and show "verified fair ✓" (公平性已验证); a record or a
commitment changed on the way (route interception) shows the failure and why."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from caiquan.engine.fair import canonical_json, commit

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
    page.wait_for_selector(f"{MARK}:not([data-fair=checking])")
    return str(page.get_attribute(MARK, "data-fair")), page.inner_text(MARK).strip()


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
    page.click("#lang-btn")
    page.wait_for_selector(f"{MARK}:has-text('公平性已验证 ✓')")
    page.click("#lang-btn")
    page.click("#replay-link")
    page.wait_for_selector("#rp-panel")
    page.click("#rp-end")
    assert _mark(page) == ("verified", "verified fair ✓")
    # what the browser hashed is what Python commits to (the canonical encoding agrees)
    record = server.get(f"/api/tables/{table}/record")
    nonce = record["meta"]["fair"]["nonce"]
    assert commit(record["game"], record["version"], record["config"], record["seed"], nonce) == (
        commitment
    )
    values: list[Any] = [
        {"b": [1, 0.5, -2.5e-7, 1e21, None], "a": 'é石"\\\n\t\x01\u2028', "Z": True, "é": 1},
        ["caiquan.fair/1", "x", 3, {"seed": "1"}, "9223372036854775807", "ab"],
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
