"""The server's front door, tried as a hostile visitor would (issue 17's findings, one by one).

Each test sends the attack and then checks that the server still answers (``/healthz``
within a second) and that no table changed except by legal decisions.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import Client, create, hello_all, join

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from caiquan.engine import ConfigError
from caiquan.server import create_app
from caiquan.server.hub import Hub

from .conftest import make_settings
from .registry import close_all

J = {"content-type": "application/json"}


def healthy(http: TestClient) -> None:
    t0 = time.perf_counter()
    r = http.get("/healthz")
    assert r.status_code == 200 and r.json()["ok"]
    assert time.perf_counter() - t0 < 1.0, "the server is slow to answer /healthz"


def hub_of(http: TestClient) -> Hub:
    hub: Hub = http.app.state.hub  # type: ignore[attr-defined]
    return hub


@pytest.fixture
def app_with(sqlite_url: str) -> Iterator[Any]:
    """``app_with(**settings)``: a TestClient on a fresh app with these settings."""
    opened: list[Any] = []

    def make(**kw: Any) -> TestClient:
        cm = TestClient(create_app(make_settings(sqlite_url, **kw)))
        opened.append(cm)
        return cm.__enter__()

    yield make
    close_all()
    for cm in reversed(opened):
        cm.__exit__(None, None, None)


# ---------------------------------------------------------------------- 1. content is a name


@pytest.mark.parametrize("game", ["promise", "drama", "legends"])
def test_content_paths_are_refused_without_reading_anything(
    http: TestClient, tmp_path: Path, game: str
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opening it for reading would block until a writer comes
    secret = tmp_path / "secret.toml"
    secret.write_text('password = "hunter2"\n')
    for path in (str(fifo), "/dev/zero", "/etc/passwd", str(secret), str(tmp_path / "nope")):
        t0 = time.perf_counter()
        r = http.post("/api/tables", json={"game": game, "options": {"content": path}})
        assert r.status_code == 422, r.text
        assert time.perf_counter() - t0 < 1.0
        text = r.text
        # one answer for every path: nothing tells which files exist or what they hold
        assert "takes a name" in text and "default" in text
        for leak in ("TOML", "No such file", "line 1", "hunter2", "Permission"):
            assert leak not in text, text
        healthy(http)
    assert hub_of(http).tables == {}


def test_content_presets_by_name_and_lab_options_refused(http: TestClient) -> None:
    games = {g["id"]: g for g in http.get("/api/games").json()}
    legends = {o["name"]: o for o in games["legends"]["options"]}
    assert legends["content"]["choices"] == ["default", "edition54"]
    assert "deal" not in legends, "a lab option is offered to web visitors"
    for g in games.values():
        assert all(o["scope"] == "table" for o in g["options"])
    seats = [{"kind": "bot", "strength": "easy"}] * 3
    ok = http.post(
        "/api/tables",
        json={"game": "legends", "options": {"players": 3, "content": "edition54"}, "seats": seats},
    )
    assert ok.status_code == 201, ok.text
    r = http.post("/api/tables", json={"game": "legends", "options": {"deal": "li-bai"}})
    assert r.status_code == 422 and "designer's option" in r.text
    r = http.post("/api/tables", json={"game": "legends", "options": {"colour": "red"}})
    assert r.status_code == 422 and "unknown option" in r.text


def _my_promise_content(folder: Path) -> Path:
    from importlib import resources

    default = resources.files("caiquan.games.promise").joinpath("content/default.toml")
    text = default.read_text("utf-8")
    (folder / "promise").mkdir(parents=True)
    path = folder / "promise" / "house-rules.toml"
    path.write_text(text)
    return path


def test_operator_content_is_offered_by_name_and_never_shows_its_path(
    app_with: Any, tmp_path: Path
) -> None:
    path = _my_promise_content(tmp_path / "content")
    http = app_with(content_dir=str(tmp_path / "content"))
    games = {g["id"]: g for g in http.get("/api/games").json()}
    content = next(o for o in games["promise"]["options"] if o["name"] == "content")
    assert content["choices"] == ["default", "house-rules"]
    created = create(
        http,
        "promise",
        [{"kind": "bot", "strength": "easy"}, {"kind": "bot", "strength": "easy"}],
        options={"content": "house-rules"},
    )
    table = created["table"]
    desc = http.get(f"/api/tables/{table}").json()
    assert desc["config"]["content"] == "house-rules"
    deadline = time.time() + 60
    while http.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.05)
    record = http.get(f"/api/tables/{table}/record").json()
    assert record["config"]["content"] == "house-rules"
    assert str(path) not in json.dumps(record) and str(tmp_path) not in json.dumps(desc)
    views = http.get(f"/api/tables/{table}/replay")
    assert views.status_code == 200
    assert len(views.json()["views"]) == len(record["decisions"]) + 1


def test_a_bad_content_dir_stops_the_server_naming_the_file(
    sqlite_url: str, tmp_path: Path
) -> None:
    bad = tmp_path / "content" / "promise"
    bad.mkdir(parents=True)
    (bad / "broken.toml").write_text("[rules]\nlife = 'many'\n")
    with pytest.raises(ConfigError, match=r"broken\.toml"):
        create_app(make_settings(sqlite_url, content_dir=str(tmp_path / "content")))
    (bad / "broken.toml").unlink()
    (bad / "Bad Name.toml").write_text("")
    with pytest.raises(ConfigError, match="content name"):
        create_app(make_settings(sqlite_url, content_dir=str(tmp_path / "content")))


# ---------------------------------------------------------------------- 2. bot specs


@pytest.mark.parametrize(
    ("bot", "fragment"),
    [
        ("ismcts:seconds=0.1,worlds=20000", "'worlds'"),
        ("ismcts:seconds=0x10", "'seconds'"),
        ("ismcts:seconds=nan", "'seconds'"),
        ("ismcts:seconds=99", "at most 5"),
        ("ismcts:iterations=10000000", "'iterations'"),
        ("ismcts:belief=1e400", "'belief'"),
        ("nash:rollouts=-1", "'rollouts'"),
        ("ismcts:colour=red", "colour"),
        ("genius", "no bot"),
    ],
)
def test_bad_bot_specs_are_refused_naming_the_parameter(
    http: TestClient, bot: str, fragment: str
) -> None:
    r = http.post(
        "/api/tables",
        json={"game": "goofspiel", "seats": [{}, {"kind": "bot", "bot": bot}]},
    )
    assert r.status_code == 422, r.text
    assert fragment in r.json()["detail"], r.text
    healthy(http)


def test_any_spelling_of_a_search_bot_runs_in_the_search_processes(http: TestClient) -> None:
    created = create(
        http,
        "goofspiel",
        [{"kind": "human"}, {"kind": "bot", "bot": " ismcts : iterations = 50 "}],
        options={"num_cards": 4},
    )
    hub = hub_of(http)
    seats = hub.storage.get_seats(created["table"])
    assert seats[1].bot == "ismcts:iterations=50"  # stored canonical
    me = Client(http, created["table"], created["joined"]["token"])
    me.hello()
    me.until(lambda f: f["type"] == "state" and 1 in f["observation"]["committed"], timeout=60)
    assert hub._search_pool is not None, "the search ran inside the server process"


def test_a_bot_past_its_deadline_plays_the_timeout_option(app_with: Any) -> None:
    http = app_with(bot_deadline=0.3)
    created = create(
        http,
        "goofspiel",
        [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:seconds=3"}],
        options={"num_cards": 4},
    )
    me = Client(http, created["table"], created["joined"]["token"])
    me.hello()
    t0 = time.perf_counter()
    me.until(lambda f: f["type"] == "state" and 1 in f["observation"]["committed"], timeout=10)
    assert time.perf_counter() - t0 < 2.5
    hub = hub_of(http)
    assert hub.bot_fallbacks >= 1
    assert http.get("/healthz").json()["bot_fallbacks"] == hub.bot_fallbacks
    healthy(http)
    # the game goes on: the human moves, the (late) bot is replaced again
    v = me.state["version"]  # type: ignore[index]
    me.decide_randomly(__import__("random").Random(1))
    me.until(lambda f: f["type"] == "state" and f["version"] > v, timeout=10)
    sources = [a.source for a in hub.storage.actions(created["table"])]
    assert "timeout" in sources


def test_a_crashing_bot_plays_the_timeout_option(
    app_with: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from caiquan.bots import GreedyBot

    def boom(self: Any, view: Any, rng: Any) -> int:
        raise RuntimeError("a bug in a bot")

    monkeypatch.setattr(GreedyBot, "decide", boom)
    http = app_with()
    created = create(
        http,
        "goofspiel",
        [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}],
        options={"num_cards": 4},
    )
    deadline = time.time() + 30
    while http.get(f"/api/tables/{created['table']}").json()["status"] != "finished":
        assert time.time() < deadline, "a crashing bot stalled the game"
        time.sleep(0.05)
    assert hub_of(http).bot_fallbacks >= 4


# ---------------------------------------------------------------------- 3. connections per client


def test_connections_per_client_are_capped(app_with: Any) -> None:
    http = app_with(max_client_connections=5)
    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
    table = created["table"]
    clients = [Client(http, table) for _ in range(5)]
    extra = Client(http, table)
    f = extra.recv()
    assert f["type"] == "error" and f["code"] == "too_many_connections"
    with pytest.raises(ConnectionError, match="1013"):
        extra.recv()
    extra.close()
    healthy(http)
    clients.pop().close()
    deadline = time.time() + 5
    while hub_of(http).client_conns.get("testclient", 0) >= 5:
        assert time.time() < deadline
        time.sleep(0.01)
    again = Client(http, table)
    assert again.hello(token=None)["type"] == "welcome"


# ---------------------------------------------------------------------- 4. spectators apart


def test_spectators_never_keep_a_seated_player_out(app_with: Any) -> None:
    http = app_with(max_spectators=3)
    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
    table = created["table"]
    second = join(http, table)
    watchers = [Client(http, table) for _ in range(3)]
    for w in watchers:
        assert w.hello(token=None)["type"] == "welcome"
    late = Client(http, table)
    late.expect_error({"type": "hello", "protocol": 1}, "table_full")
    for token in (created["joined"]["token"], second["token"]):
        player = Client(http, table, token)
        assert player.hello()["type"] == "welcome"
    healthy(http)


# ---------------------------------------------------------------------- 5. waiting tables expire


def test_idle_waiting_tables_expire_and_free_their_creator(db_url: str) -> None:
    settings = make_settings(db_url, max_client_tables=3, waiting_ttl=3600.0)
    with TestClient(create_app(settings)) as http:
        try:
            made = [
                create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}], listed=True)
                for _ in range(3)
            ]
            r = http.post("/api/tables", json={"game": "goofspiel"})
            assert r.status_code == 429 and "open tables" in r.text
            watcher = Client(http, made[0]["table"])
            watcher.hello(token=None)
            hub = hub_of(http)
            expired = http.portal.call(hub.sweep, time.time() + 3601)  # type: ignore[attr-defined]
            assert sorted(expired) == sorted(m["table"] for m in made)
            watcher.until(lambda f: f["type"] == "error" and f["code"] == "expired")
            for m in made:
                assert http.get(f"/api/tables/{m['table']}").status_code == 410
                r = http.post(f"/api/tables/{m['table']}/join", json={"invite": m["invite"]})
                assert r.status_code == 410
            listed = {t["id"] for t in http.get("/api/tables").json()}
            assert listed.isdisjoint(m["table"] for m in made)
            assert http.post("/api/tables", json={"game": "goofspiel"}).status_code == 201
            healthy(http)
        finally:
            close_all()


def test_a_restart_does_not_rebuild_waiting_tables(db_url: str) -> None:
    from caiquan.server.storage import SeatRow, Storage, TableRow

    storage = Storage(db_url)
    storage.migrate()
    for i in range(3000):
        row = TableRow(
            id=f"w{i}", game="goofspiel", rules_version=1, config={}, seed=i, name="",
            listed=False, invite_hash="0" * 64, turn_seconds=0.0, status="waiting", seq=0,
            record=None, created_at=0.0,
        )  # fmt: skip
        storage.create_table(row, [SeatRow(s, "human", None, "", None) for s in (0, 1)])
    storage.close()
    t0 = time.perf_counter()
    with TestClient(create_app(make_settings(db_url))) as http:
        try:
            healthy(http)
            assert time.perf_counter() - t0 < 5.0
            assert len(hub_of(http).tables) == 0, "waiting tables were loaded at start"
            # …and one still loads on demand
            assert http.get("/api/tables/w7").json()["status"] == "waiting"
        finally:
            close_all()


# ---------------------------------------------------------------------- 6. text fields


def test_lone_surrogates_and_nul_get_an_error_frame_and_the_connection_stays(
    http_any: TestClient,
) -> None:
    http = http_any
    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
    table = created["table"]
    b = join(http, table)
    a = Client(http, table, created["joined"]["token"])
    a.hello()
    Client(http, table, b["token"]).hello()
    version = http.get(f"/api/tables/{table}").json()["version"]
    for raw in (
        '{"type":"chat","text":"a\\ud800b"}',
        '{"type":"chat","text":"a\\u0000b"}',
        '{"type":"ping","id":"a\\ud800b"}',
        '{"type":"decide\\ud800"}',
        '{"type":"chat","text":"ok","\\udfff":1}',
    ):
        a.expect_error(raw, "bad_text")
        a.sync()  # still connected and answering
    a.send({"type": "chat", "text": "still here ✓"})
    a.until(lambda f: f["type"] == "chat" and f["text"] == "still here ✓")
    assert http.get(f"/api/tables/{table}").json()["version"] == version
    healthy(http)


def test_huge_numbers_and_odd_protocol_values_are_refused(app_with: Any) -> None:
    """Found by the WebSocket fuzz: an integer of more than 4,300 digits (Python refuses to
    convert it) closed the connection with `internal`; `protocol: 1.0` or `true` passed."""
    http = app_with(max_frame_bytes=16_384)
    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
    c = Client(http, created["table"])
    c.expect_error('{"type":"ping","id":' + "1" * 4400 + "}", "bad_json")
    c.expect_error({"type": "hello", "protocol": 1.0}, "protocol")
    c.expect_error({"type": "hello", "protocol": True}, "protocol")
    assert c.hello(token=None)["type"] == "welcome"
    healthy(http)


@pytest.mark.parametrize(
    "body",
    [
        b'{"game":"goofspiel","name":"a\\ud800b"}',
        b'{"game":"goofspiel","player_name":"a\\u0000b"}',
        b'{"game":"goofspiel","turn_seconds":NaN}',
        b'{"game":"goofspiel","turn_seconds":Infinity}',
        b'{"game":"goofspiel","options":{"num_cards":NaN}}',
        b'{"game":"goofspiel","options":{"\\ud800":1}}',
        b'{"game":"goofspiel","options":{"points_order":"a\\ud800"}}',
        b'{"game":"go\\ud800"}',
        b'{"game":"goofspiel","seats":[{},{"kind":"bot","bot":"random\\u0000"}]}',
    ],
)
def test_bad_text_and_numbers_over_http_are_a_422(db_url: str, body: bytes) -> None:
    with TestClient(create_app(make_settings(db_url)), raise_server_exceptions=False) as http:
        try:
            r = http.post("/api/tables", content=body, headers=J)
            assert r.status_code == 422, r.text
            r.json()  # the answer itself is valid JSON
            created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
            r = http.post(
                f"/api/tables/{created['table']}/join",
                content=b'{"name":"x\\ud800","invite":"%s"}' % created["invite"].encode(),
                headers=J,
            )
            assert r.status_code == 422, r.text
        finally:
            close_all()


# ---------------------------------------------------------------------- 7. small ones


def test_a_seat_past_the_table_is_named(http: TestClient) -> None:
    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}], listed=True)
    r = http.post(f"/api/tables/{created['table']}/join", json={"seat": 7})
    assert r.status_code == 422 and "seats 0 to 1" in r.text
    r = http.post(f"/api/tables/{created['table']}/join", json={"seat": 0})
    assert r.status_code == 409 and "taken" in r.text


def test_the_origin_check_compares_the_scheme(http: TestClient) -> None:
    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
    path = f"/ws/tables/{created['table']}"
    for origin in ("https://testserver", "http://testserver.evil", "null"):
        with (
            pytest.raises(WebSocketDisconnect),
            http.websocket_connect(path, headers={"origin": origin}),
        ):
            pass
    with http.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
        ws.send_text('{"type":"ping","id":1}')
        assert json.loads(ws.receive_text()) == {"type": "pong", "id": 1}


def test_allowed_hosts_add_to_the_local_ones() -> None:
    from caiquan.server.run import make_settings as serve_settings

    s = serve_settings("127.0.0.1", "sqlite://", allowed_hosts=["games.example.org"])
    assert {"127.0.0.1", "localhost", "[::1]", "games.example.org"} <= set(s.allowed_hosts)
    s = serve_settings("192.0.2.5", "sqlite://", max_spectators=7)
    assert "192.0.2.5" in s.allowed_hosts and "localhost" in s.allowed_hosts
    assert s.max_spectators == 7


def test_changing_a_face_down_choice_tells_the_others_nothing(http: TestClient) -> None:
    created = create(
        http, "goofspiel", [{"kind": "human"}, {"kind": "human"}], options={"num_cards": 4}
    )
    table = created["table"]
    b_token = join(http, table)["token"]
    a = Client(http, table, created["joined"]["token"])
    b = Client(http, table, b_token)
    hello_all(a, b)
    assert a.state is not None
    v = a.state["version"]
    first, second = (o["id"] for o in a.state["decision"]["options"][:2])
    a.send({"type": "decide", "version": v, "option": first})
    a.until(lambda f: f["type"] == "state")
    b.sync()
    seen = len(b.raw)
    for option in (second, first, second):
        a.send({"type": "decide", "version": v, "option": option})
        a.until(lambda f: f["type"] == "state")  # the decider always hears back
    b.sync()
    others = [json.loads(t)["type"] for t in b.raw[seen:]]
    assert others == ["pong"], f"the other player was told something: {others}"


def test_the_timer_plays_what_the_game_declares() -> None:
    """A timed-out seat plays the game's own timeout option (oshi-zumo: the smallest bid),
    else a pass, else the Nash mix at a throw, else a random legal option."""
    from caiquan.engine import Rng
    from caiquan.games import load_game
    from caiquan.table import default_option

    state = load_game("oshi_zumo", coins=5, min_bid=1).new_state(0)
    declared = state.timeout_option(0)
    assert declared is not None
    assert {default_option(state, 0, Rng(s)) for s in range(20)} == {declared}
    goof = load_game("goofspiel", num_cards=4).new_state(0)
    assert goof.timeout_option(0) is None
    assert {default_option(goof, 0, Rng(s)) for s in range(40)} == set(goof.legal(0))
