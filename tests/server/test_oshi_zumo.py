"""Oshi-Zumo at the server: tables with bots over the HTTP API and the WebSocket protocol,
its description, rules and event texts — with no line of the server knowing the game
(issue 19: a game is one package and one registry line)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient

import caiquan

from .helpers import Client, check_secrecy, create, history, join, play_out

SMALL = {"coins": 8, "size": 2}


def test_a_bots_only_table_plays_to_the_end(http: TestClient) -> None:
    created = create(
        http,
        "oshi_zumo",
        [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "nash"}],
        options=SMALL,
    )
    table = created["table"]
    with Client(http, table) as watcher:
        watcher.hello(token=None)
        if not watcher.finished:
            watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished", 60)
        assert watcher.state is not None and watcher.state["outcome"] is not None
        assert watcher.state["observation"]["terminal"] is True
    info = http.get(f"/api/tables/{table}").json()
    assert info["status"] == "finished" and info["game"] == "oshi_zumo"
    record = http.get(f"/api/tables/{table}/record")
    assert record.status_code == 200
    final = caiquan.replay(record.text)
    assert final.is_terminal() and all(final.game.config[k] == v for k, v in SMALL.items())


def test_a_person_against_ismcts_sees_only_their_own_view(http: TestClient) -> None:
    created = create(
        http,
        "oshi_zumo",
        [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:iterations=40"}],
        options=SMALL,
        join=False,
    )
    table, invite = created["table"], created["invite"]
    token = join(http, table, name="rikishi")["token"]
    me, spectator = Client(http, table, token), Client(http, table)
    assert me.hello()["type"] == "welcome"
    assert spectator.hello(token=None)["seat"] is None
    assert me.state is not None and me.state["decision"]["kind"] == "bid"
    assert [o["id"] for o in me.state["decision"]["options"]] == list(range(9))
    play_out([me], random.Random(19))
    spectator.sync()
    assert me.finished and spectator.finished
    hub = http.app.state.hub  # type: ignore[attr-defined]
    t = hub.tables[table]
    states = history(t.row.game, t.row.config, t.row.seed, hub.storage.actions(table))
    assert states[-1] == t.state and states[-1].is_terminal()
    secrets = [token, invite, str(t.row.seed), str(t.row.nonce)]
    assert sum(check_secrecy(c, states, secrets) for c in (me, spectator)) > 5
    me.close()
    spectator.close()


def test_description_rules_event_texts_and_no_panel_of_its_own(http: TestClient) -> None:
    games = {g["id"] for g in http.get("/api/games").json()}
    assert "oshi_zumo" in games
    d = http.get("/api/games/oshi_zumo/description").json()
    assert d["information"] == "perfect" and d["matrix_kinds"] == ["bid"]
    assert [e["id"] for e in d["catalogue"]] == ["coin", "wrestler"]
    assert "阿莱西亚" in http.get("/api/games/oshi_zumo/rules?lang=zh").text
    assert http.get("/api/games/oshi_zumo/panel.js").status_code == 404  # the generic panel
    event = {"kind": "bout", "turn": 1, "bids": [2, 1], "pusher": 0, "position": 1,
             "coins": [6, 7]}  # fmt: skip
    (texts,) = http.post("/api/games/oshi_zumo/format", json={"events": [event]}).json()
    assert texts["en"].startswith("turn 1: bids 2 vs 1, player 0 pushes")
    assert texts["zh"].startswith("第 1 回合：出价 2 对 1")


def test_a_tables_description_follows_its_options(http: TestClient) -> None:
    """The catalogue's coin text names the table's coin count, not the default's."""
    created = create(http, "oshi_zumo", [{"kind": "human"}, {"kind": "human"}], options=SMALL)
    table = created["table"]
    mine = http.get(f"/api/tables/{table}/description").json()
    default = http.get("/api/games/oshi_zumo/description").json()
    coin = next(e for e in mine["catalogue"] if e["id"] == "coin")
    default_coin = next(e for e in default["catalogue"] if e["id"] == "coin")
    assert coin["fields"]["start"] == SMALL["coins"] != default_coin["fields"]["start"]
    assert str(SMALL["coins"]) in coin["text"]["en"] and str(SMALL["coins"]) in coin["text"]["zh"]
    assert mine["config"]["coins"] == SMALL["coins"]
    assert http.get("/api/tables/nope/description").status_code == 404
