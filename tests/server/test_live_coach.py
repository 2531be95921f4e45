"""The live coach at a table (``GET /api/tables/{id}/coach/live``): a seat's own figures while
the game is played, behind its ``X-Seat-Token`` — never another seat's, never a choice still
face down."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from caiquan.coach import analyse_seat

from .helpers import Client, create, join


def _live(http: TestClient, table: str, token: str | None) -> Any:
    headers = {} if token is None else {"X-Seat-Token": token}
    return http.get(f"/api/tables/{table}/coach/live", headers=headers)


def _throw_now(c: Client) -> bool:
    s = c.state
    assert s is not None
    d = s["decision"]
    return bool(d and d["kind"] == "throw" and len(s["observation"]["to_move"]) == 2)


def _three_throws_in(
    http: TestClient, rng: random.Random
) -> tuple[str, str, str, Client, Client, list[str]] | None:
    """A two-person promise table played at random until seat 0 has thrown three times and
    both are to throw again; None if the game ended first (the deal is the players' and the
    server's, so no seed fixes how long it lasts)."""
    created = create(http, "promise", [{"kind": "human"}, {"kind": "human"}])
    table, tok_a = created["table"], created["joined"]["token"]
    tok_b = join(http, table, invite=created["invite"], name="Bo")["token"]
    a, b = Client(http, table, tok_a), Client(http, table, tok_b)
    a.hello()
    b.hello()
    mine: list[str] = []  # seat 0's throws at two-player throws, as it made them
    for _ in range(400):
        a.sync()
        b.sync()
        if a.finished:
            a.close()
            b.close()
            return None
        if len(mine) >= 3 and a.must_decide and b.must_decide and _throw_now(a):
            return table, tok_a, tok_b, a, b, mine
        if a.must_decide:
            throw = _throw_now(a)
            option = a.decide_randomly(rng)
            if throw:
                assert a.state is not None
                names = {o["id"]: o["name"] for o in a.state["decision"]["options"]}
                mine.append(names[option])
        elif b.must_decide:
            b.decide_randomly(rng)
    raise AssertionError("400 rounds of play and seat 0 had not thrown three times")


def test_a_seat_sees_its_own_figures_mid_game(http: TestClient) -> None:
    rng = random.Random(5)
    found = None
    for _ in range(5):
        found = _three_throws_in(http, rng)
        if found is not None:
            break
    assert found is not None, "five games in a row ended before seat 0 threw three times"
    table, tok_a, tok_b, a, b, mine = found
    # seat 0 is to throw; seat 1 lays its throw face down first
    assert b.state is not None
    options = [o["id"] for o in b.state["decision"]["options"]]
    b.send({"type": "decide", "version": b.state["version"], "option": options[0]})
    b.sync()
    a.sync()
    assert a.state is not None and a.state["observation"]["committed"] == [1]
    got = _live(http, table, tok_a)
    assert got.status_code == 200, got.text
    data = got.json()
    assert data["seat"] == 0 and data["finished"] is False and data["live"] is True
    (me,) = data["players"]
    assert me["player"] == 0 and me["throws"] == len(mine) == data["exchanges"]
    counts = {o["name"]: o["count"] for f in me["families"] for o in f["options"]}
    assert {n: counts[n] for n in set(mine)} == {n: mine.count(n) for n in set(mine)}
    assert all(set(line) == {"zh", "en"} for line in me["lines"])
    # what the server's table holds so far, analysed for seat 0 alone
    state = http.app.state.hub.tables[table].state  # type: ignore[attr-defined]
    assert data == analyse_seat(state.record(), state.game, 0)
    # seat 1 changes its face-down throw: nothing seat 0 receives changes
    b.send({"type": "decide", "version": b.state["version"], "option": options[1]})
    b.sync()
    assert _live(http, table, tok_a).json() == data
    # seat 1's token: seat 1's figures, and only those
    other = _live(http, table, tok_b).json()
    assert [p["player"] for p in other["players"]] == [1] and other["seat"] == 1
    assert other["players"][0]["throws"] == len(mine)
    # no token or a wrong one: refused; no such table: 404
    assert _live(http, table, None).status_code == 403
    assert _live(http, table, "not-a-token").status_code == 403
    assert _live(http, table, "x" * 201).status_code == 422  # bounded
    assert _live(http, "nope", tok_a).status_code == 404
    assert _live(http, "x" * 40, tok_a).status_code == 404
    a.close()
    b.close()
