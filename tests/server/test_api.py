"""The HTTP API: create, list, join by invitation, spectate, records; refusals and limits."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient

from caiquan.games import game_ids
from caiquan.server import create_app

from .conftest import make_settings
from .helpers import Client, create, join


def test_games_and_openapi(http: TestClient) -> None:
    games = http.get("/api/games").json()
    from caiquan.games import game_class

    order = sorted(game_ids(), key=lambda gid: (game_class(gid).lobby_order, gid))
    assert [g["id"] for g in games] == order  # in the games' declared lobby order
    assert order[:3] == ["promise", "legends", "drama"]  # the seed's games first, promise default
    spec = http.get("/openapi.json").json()
    for path in ("/api/tables", "/api/tables/{table_id}/join", "/api/tables/{table_id}/record"):
        assert path in spec["paths"]
    assert http.get("/").status_code == 200  # the static web table's place


def test_create_list_join_by_invitation(http_any: TestClient) -> None:
    http = http_any
    private = create(
        http, "goofspiel", [{"kind": "human"}, {"kind": "human"}], listed=False, player_name="甲"
    )
    public = create(http, "goofspiel", [{"kind": "human"}, {"kind": "bot", "strength": "medium"}])
    listed = {t["id"]: t for t in http.get("/api/tables").json()}
    assert private["table"] not in listed
    assert public["table"] in listed  # full but not finished: open to spectators
    table = private["table"]
    info = http.get(f"/api/tables/{table}").json()
    assert info["status"] == "waiting" and [s["claimed"] for s in info["seats"]] == [True, False]
    assert info["seats"][0]["name"] == "甲"
    assert "token" not in str(info) and private["invite"] not in str(info)
    # a private table needs its invitation code
    assert http.post(f"/api/tables/{table}/join", json={}).status_code == 403
    r = http.post(f"/api/tables/{table}/join", json={"invite": "wrong"})
    assert r.status_code == 403
    r = http.post(f"/api/tables/{table}/join", json={"invite": private["invite"], "name": "乙"})
    # every seat taken: the table waits for its players' values to deal (caiquan.fair/2)
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["status"] == "waiting"
    # no seat left
    r = http.post(f"/api/tables/{table}/join", json={"invite": private["invite"]})
    assert r.status_code == 409
    # unfinished: the record is secret
    assert http.get(f"/api/tables/{table}/record").status_code == 409
    assert http.get("/api/tables/nope/record").status_code == 404
    with Client(http, table) as spectator:
        assert spectator.hello(token=None)["seat"] is None
        assert spectator.state is not None and spectator.state["decision"] is None


def test_a_table_names_its_host(http_any: TestClient) -> None:
    """The host is the seat the creator took (the first human seat): an invitation names it.
    A table created without joining, or one with no human seat, has no host."""
    http = http_any
    bots_first = [{"kind": "bot", "strength": "easy"}, {"kind": "human"}, {"kind": "human"}]
    made = create(http, "goofspiel", bots_first, options={"players": 3}, player_name="小明")
    assert made["joined"]["seat"] == 1
    info = http.get(f"/api/tables/{made['table']}").json()
    assert info["host"] == 1 and info["seats"][1]["name"] == "小明"
    listed = {t["id"]: t for t in http.get("/api/tables").json()}
    assert listed[made["table"]]["host"] == 1
    # whoever joins later is not the host
    join(http, made["table"], name="小红")
    assert http.get(f"/api/tables/{made['table']}").json()["host"] == 1
    nobody = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}], join=False)
    assert nobody["joined"] is None
    join(http, nobody["table"], name="客")
    assert http.get(f"/api/tables/{nobody['table']}").json()["host"] is None
    bots = create(http, "goofspiel", [{"kind": "bot"}, {"kind": "bot"}])
    assert http.get(f"/api/tables/{bots['table']}").json()["host"] is None


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"game": "chess"}, "no game"),
        ({"game": "goofspiel", "options": {"num_cards": 999}}, "num_cards"),
        ({"game": "goofspiel", "seats": [{"kind": "human"}]}, "2 seats"),
        ({"game": "goofspiel", "seats": [{}, {"kind": "bot", "bot": "genius"}]}, "no bot"),
        (
            {"game": "goofspiel", "seats": [{}, {"kind": "bot", "bot": "ismcts:seconds=99"}]},
            "seconds",
        ),
        ({"game": "goofspiel", "turn_seconds": -1}, "turn_seconds"),
    ],
)
def test_bad_tables_are_refused_clearly(
    http: TestClient, body: dict[str, object], fragment: str
) -> None:
    r = http.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    assert fragment in r.text


def test_limits_hosts_and_no_stack_traces(sqlite_url: str) -> None:
    settings = make_settings(sqlite_url, max_body_bytes=200, http_burst=3, http_rate=0.001)
    with TestClient(create_app(settings), raise_server_exceptions=False) as http:
        r = http.post(
            "/api/tables",
            content=b"{" + b" " * 500 + b"}",
            headers={"content-type": "application/json"},
        )
        assert r.status_code == 413
        assert http.get("/api/games", headers={"host": "evil.example"}).status_code == 400
        # no CORS by default: a cross-origin browser gets no permission
        r = http.get("/api/games", headers={"origin": "https://evil.example"})
        assert "access-control-allow-origin" not in r.headers
        statuses = [
            http.post("/api/tables", json={"game": "goofspiel"}).status_code for _ in range(5)
        ]
        assert 429 in statuses
        # a cross-site WebSocket is refused
        from starlette.websockets import WebSocketDisconnect

        with (
            pytest.raises(WebSocketDisconnect),
            http.websocket_connect("/ws/tables/x", headers={"origin": "https://evil.example"}),
        ):
            pass

        # an internal error is a bare 500, never a traceback
        @http.app.get("/boom")  # type: ignore[attr-defined]
        def boom() -> None:
            raise RuntimeError("secret detail")

        http.app.router.routes.insert(0, http.app.router.routes.pop())  # type: ignore[attr-defined]
        r = http.get("/boom")
        assert r.status_code == 500
        assert "secret" not in r.text and "Traceback" not in r.text


def test_a_full_server_refuses_new_tables(sqlite_url: str) -> None:
    """``max_open_tables`` bounds the tables in memory: a waiting table nobody watches is
    not held; one that someone watches is, and then neither a new table nor another
    table's watcher gets in (503 / ``busy``) until it is let go."""
    from .helpers import Client

    with TestClient(create_app(make_settings(sqlite_url, max_open_tables=1))) as http:
        first = http.post("/api/tables", json={"game": "goofspiel"}).json()["table"]
        second = http.post("/api/tables", json={"game": "goofspiel"}).json()["table"]
        assert http.get("/healthz").json()["tables"] == 0  # created, waiting, nobody watches
        with Client(http, first) as watcher:
            watcher.hello(token=None)
            assert http.get("/healthz").json()["tables"] == 1
            r = http.post("/api/tables", json={"game": "goofspiel"})
            assert r.status_code == 503 and "open tables" in r.text
            with Client(http, second) as other:
                assert other.recv()["code"] == "busy"
        assert http.post("/api/tables", json={"game": "goofspiel"}).status_code == 201
