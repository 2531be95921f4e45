"""The throw coach at a table (``GET /api/tables/{id}/coach``): for finished games only (it
reads every seat's choices), the analysis the CLI prints, for every seat."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from caiquan.coach import analyse
from caiquan.engine import Record

from .helpers import Client, create, join, play_out


def test_a_finished_promise_game_has_a_coach(http: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "strength": "medium"}]
    created = create(http, "promise", seats, player_name="Ann")
    table, token = created["table"], created["joined"]["token"]
    live = Client(http, table, token)
    live.hello()
    # unfinished: the choices are secret, so is the coach
    got = http.get(f"/api/tables/{table}/coach")
    assert got.status_code == 409 and "not finished" in got.json()["detail"]
    play_out([live], random.Random(3))
    live.close()
    got = http.get(f"/api/tables/{table}/coach")
    assert got.status_code == 200, got.text
    data = got.json()
    assert data["game"] == "promise" and data["finished"] is True and data["exchanges"] > 0
    assert [p["player"] for p in data["players"]] == [0, 1]
    for p in data["players"]:
        assert p["throws"] == data["exchanges"]
        assert p["lines"] and all(set(line) == {"zh", "en"} for line in p["lines"])
        for family in p["families"]:
            assert abs(sum(o["share"] for o in family["options"]) - 1) < 1e-9
            assert all(set(o["label"]) == {"zh", "en"} for o in family["options"])
    # the same analysis as the record's, read anywhere
    record = Record.from_json(http.get(f"/api/tables/{table}/record").text)
    assert data == analyse(record)


def test_unknown_and_waiting_tables(http: TestClient) -> None:
    assert http.get("/api/tables/nope/coach").status_code == 404
    assert http.get(f"/api/tables/{'x' * 40}/coach").status_code == 404
    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
    table = created["table"]
    assert http.get(f"/api/tables/{table}/coach").status_code == 409
    other = join(http, table, invite=created["invite"], name="Bo")["token"]
    a, b = Client(http, table, created["joined"]["token"]), Client(http, table, other)
    a.hello()
    b.hello()
    play_out([a, b], random.Random(1))
    a.close()
    b.close()
    data = http.get(f"/api/tables/{table}/coach").json()
    assert data["exchanges"] == 0  # goofspiel's bids are no matrix decisions
    assert all(p["throws"] == 0 for p in data["players"])
