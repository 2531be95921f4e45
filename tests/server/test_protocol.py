"""Refusals: each bad frame gets a clear error frame, the state does not change, play goes on."""

from __future__ import annotations

import json
import random
import time

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient

from caiquan.server import create_app

from .conftest import make_settings
from .helpers import Client, create, hello_all, play_out
from .registry import close_all


def two_humans(http: TestClient, **body: object) -> tuple[str, list[Client], dict[str, object]]:
    created = create(
        http,
        "goofspiel",
        [{"kind": "human"}, {"kind": "human"}],
        options={"num_cards": 4},
        **body,
    )
    table = created["table"]
    r = http.post(f"/api/tables/{table}/join", json={"invite": created["invite"], "name": "b"})
    assert r.status_code == 200, r.text
    a = Client(http, table, created["joined"]["token"])
    b = Client(http, table, r.json()["token"])
    hello_all(a, b)
    return table, [a, b], created


def test_every_bad_frame_is_refused_and_the_game_continues(http_any: TestClient) -> None:
    http = http_any
    table, (a, b), _ = two_humans(http)
    before = http.get(f"/api/tables/{table}").json()["version"]
    assert a.state is not None
    version = a.state["version"]
    legal = [o["id"] for o in a.state["decision"]["options"]]
    illegal = max(legal) + 100

    # malformed JSON, not an object, oversized, binary, unknown type, missing fields
    a.expect_error("{not json", "bad_json")
    a.expect_error("[1, 2]", "bad_json")
    a.expect_error(json.dumps({"type": "chat", "text": "x" * 10_000}), "too_large")
    a.ws.send_bytes(b"\x00\x01")
    assert a.until(lambda f: f["type"] == "error")["code"] == "bad_frame"
    a.expect_error({"type": "fly"}, "unknown_type")
    a.expect_error({"type": "decide", "option": legal[0]}, "bad_frame")
    a.expect_error({"type": "decide", "version": version, "option": "rock"}, "bad_frame")
    # stale version, illegal option
    err = a.expect_error({"type": "decide", "version": version + 3, "option": legal[0]}, "stale")
    assert err["version"] == version
    err = a.expect_error({"type": "decide", "version": version, "option": illegal}, "illegal")
    assert err["legal"] == legal
    # a wrong token is refused; a spectator cannot decide
    with Client(http, table) as intruder:
        intruder.expect_error({"type": "decide", "version": version, "option": 0}, "hello_first")
        intruder.expect_error({"type": "hello", "protocol": 1, "token": "guess"}, "bad_token")
        intruder.expect_error({"type": "hello", "protocol": 99}, "protocol")
        assert intruder.hello(token=None)["seat"] is None
        intruder.expect_error({"type": "decide", "version": version, "option": 0}, "spectator")
        intruder.expect_error({"type": "chat", "text": "hi"}, "spectator")
    # nothing changed
    assert http.get(f"/api/tables/{table}").json()["version"] == before
    assert a.state["observation"].get("my_commit") is None
    # and the game goes on to the end
    play_out([a, b], random.Random(1))
    assert a.finished and b.finished
    a.expect_error({"type": "decide", "version": version, "option": legal[0]}, "finished")
    assert not any("Traceback" in raw for raw in a.raw + b.raw)
    a.close()
    b.close()


def test_not_your_turn_and_commits_stay_face_down(http: TestClient) -> None:
    _, (a, b), _ = two_humans(http)
    assert a.state is not None and b.state is not None
    v = a.state["version"]
    a_opt = a.state["decision"]["options"][0]["id"]
    a.send({"type": "decide", "version": v, "option": a_opt})
    a.until(lambda f: f["type"] == "state" and f["observation"].get("my_commit") == a_opt)
    b.until(lambda f: f["type"] == "state" and f["observation"]["committed"] == [0])
    assert "my_commit" not in b.state["observation"]  # b sees *that* a committed, not what
    # a may change its face-down choice until b commits
    a_opt2 = a.state["decision"]["options"][-1]["id"]
    a.send({"type": "decide", "version": v, "option": a_opt2})
    a.until(lambda f: f["type"] == "state" and f["observation"].get("my_commit") == a_opt2)
    b.send({"type": "decide", "version": v, "option": b.state["decision"]["options"][0]["id"]})
    a.until(lambda f: f["type"] == "state" and f["version"] == v + 1)
    events = [e for e in a.events if e["kind"] == "reveal"]
    assert events, a.events
    a.close()
    b.close()


def test_rate_limit_and_chat_limits(sqlite_url: str) -> None:
    settings = make_settings(sqlite_url, frame_rate=2.0, frame_burst=5.0, chat_max_chars=20)
    with TestClient(create_app(settings)) as http:
        try:
            _, (a, b), _ = two_humans(http)
            for _ in range(5):
                a.send({"type": "ping", "id": "x"})
            a.expect_error({"type": "ping"}, "rate_limited")
            time.sleep(3)
            a.sync()  # read the other refusals; the bucket has refilled
            a.expect_error({"type": "chat", "text": "y" * 21}, "chat_too_long")
            a.expect_error({"type": "chat", "text": "   "}, "chat_empty")
            a.send({"type": "chat", "text": "我出石头"})
            got = b.until(lambda f: f["type"] == "chat")
            assert got["text"] == "我出石头" and got["seat"] == 0
        finally:
            close_all()


def test_reconnect_gets_the_current_view_and_presence_is_shown(http: TestClient) -> None:
    table, (a, b), created = two_humans(http)
    assert a.state is not None
    v = a.state["version"]
    a.send({"type": "decide", "version": v, "option": a.state["decision"]["options"][0]["id"]})
    a.until(lambda f: f["type"] == "state" and f["observation"].get("my_commit") is not None)
    a.close()
    p = b.until(lambda f: f["type"] == "presence" and not f["seats"][0]["online"])
    assert p["seats"][1]["online"]
    token = created["joined"]["token"]
    with Client(http, table, token) as again:
        again.hello()
        assert again.state is not None
        assert again.state["observation"]["my_commit"] == a.state["observation"]["my_commit"]
        assert again.events == a.events
        b.until(lambda f: f["type"] == "presence" and f["seats"][0]["online"])
    b.close()


def test_turn_timer_plays_the_default(http: TestClient) -> None:
    table, (a, b), _ = two_humans(http, turn_seconds=0.3)
    assert a.state is not None and a.state["deadline"] is not None
    v = a.state["version"]
    # nobody decides: both seats time out and take a default option
    a.until(lambda f: f["type"] == "state" and f["version"] == v + 1, timeout=10)
    hub = http.app.state.hub  # type: ignore[attr-defined]
    sources = {x.source for x in hub.storage.actions(table)}
    assert sources == {"timeout"}
    a.close()
    b.close()


def test_a_seat_not_deciding_now_is_refused(http: TestClient) -> None:
    """In a sequential decision, the seats that do not decide are told so."""
    created = create(http, "drama", [{"kind": "human"}] * 4, listed=True)
    table = created["table"]
    tokens = [created["joined"]["token"]] + [join_token(http, table) for _ in range(3)]
    clients = [Client(http, table, tok) for tok in tokens]
    hello_all(*clients)
    state = clients[0].state
    assert state is not None
    movers = state["observation"]["to_move"]
    idle = next(c for i, c in enumerate(clients) if i not in movers)
    assert idle.state is not None and idle.state["decision"] is None
    idle.expect_error({"type": "decide", "version": state["version"], "option": 0}, "not_your_turn")
    play_out(clients, random.Random(3))


def join_token(http: TestClient, table: str) -> str:
    r = http.post(f"/api/tables/{table}/join", json={})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def test_turn_timer_keeps_a_choice_already_made(http: TestClient) -> None:
    table, (a, _b), _ = two_humans(http, turn_seconds=0.5)
    assert a.state is not None
    v = a.state["version"]
    mine = a.state["decision"]["options"][-1]["id"]
    a.send({"type": "decide", "version": v, "option": mine})
    a.until(lambda f: f["type"] == "state" and f["version"] == v + 1, timeout=10)
    hub = http.app.state.hub  # type: ignore[attr-defined]
    acts = hub.storage.actions(table)
    assert [(x.player, x.option, x.source) for x in acts] == [
        (0, mine, "human"),
        (1, acts[1].option, "timeout"),
    ]


def test_a_full_table_refuses_more_spectators(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url, max_spectators=1))) as http:
        try:
            table, _, _ = two_humans(http)
            Client(http, table).hello(token=None)
            extra = Client(http, table)
            extra.expect_error({"type": "hello", "protocol": 1}, "table_full")
        finally:
            close_all()


def test_decision_json_passes_an_option_note_only_where_there_is_one() -> None:
    """promise: a skill card that would have no effect is legal, with the reason as a note."""
    from caiquan.games import load_game
    from caiquan.games.promise.rules import PAIR_INDEX, STANCE_BASE
    from caiquan.server.protocol import decision_json

    s = load_game("promise", characters="sword,spear").new_state(0)
    s.apply({0: STANCE_BASE + PAIR_INDEX[(0, 1)], 1: STANCE_BASE + PAIR_INDEX[(5, 6)]})
    d = decision_json(s.decision(0))
    assert d["kind"] == "skill" and len(d["options"]) == 11
    noted = [o for o in d["options"] if "note" in o]
    plain = [o for o in d["options"] if "note" not in o]
    assert noted and plain and plain[0]["name"] == "skill-none"
    for o in noted:
        c = next(c for c in s.decision(0).choices if c.id == o["id"])
        assert o["note"] == {"zh": c.note_zh, "en": c.note_en} and "no effect" in c.note_en
    assert set(plain[0]) == {"id", "name", "zh", "en"}
