"""The lobby's bot strengths are each game's own ladder (``Game.strengths``), not the server's."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient

from caiquan.engine import STRENGTH_LEVELS
from caiquan.games import game_class, game_ids, load_game

from .helpers import create


def _seat_bots(http: TestClient, game: str, seats: list[dict[str, Any]], **body: Any) -> list[Any]:
    made = create(http, game, seats, join=False, **body)
    info = http.get(f"/api/tables/{made['table']}").json()
    return [s.get("bot") for s in info["seats"]]


def test_every_game_lists_its_ladder(http: TestClient) -> None:
    games = {g["id"]: g for g in http.get("/api/games").json()}
    for gid in game_ids():
        ladder = games[gid]["strengths"]
        assert list(ladder) == list(STRENGTH_LEVELS)
        assert ladder == {lv: game_class(gid).strength(lv) for lv in STRENGTH_LEVELS}


def test_a_bot_seat_plays_the_games_own_strength(http: TestClient) -> None:
    for i, gid in enumerate(game_ids()):
        cls = game_class(gid)
        # four open tables a game: each game from its own address (at most 20 open each)
        http = TestClient(http.app, client=(f"203.0.113.{10 + i}", 5000))
        n = load_game(gid).num_players  # at its default options
        for level in STRENGTH_LEVELS:
            seats = [{"kind": "human"}] + [{"kind": "bot", "strength": level}] * (n - 1)
            bots = _seat_bots(http, gid, seats)
            assert bots[1:] == [cls.strength(level)] * (n - 1), (gid, level)
        # a bot seat that names neither a bot nor a strength is medium
        seats = [{"kind": "human"}] + [{"kind": "bot"}] * (n - 1)
        bots = _seat_bots(http, gid, seats)
        assert bots[1] == cls.strength("medium")


def test_the_server_reads_the_ladder_from_the_game(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that declares another ladder gets it at the server's tables and in its list."""
    gid = game_ids()[0]
    cls = game_class(gid)
    ladder = {"easy": "greedy", "medium": "ismcts:iterations=7", "hard": "random"}
    monkeypatch.setattr(cls, "strengths", ladder)
    n = load_game(gid).num_players
    for level, spec in ladder.items():
        seats = [{"kind": "human"}] + [{"kind": "bot", "strength": level}] * (n - 1)
        bots = _seat_bots(http, gid, seats)
        assert bots[1] == spec
    listed = {g["id"]: g for g in http.get("/api/games").json()}
    assert listed[gid]["strengths"] == ladder
    # a strength that is not a level is refused (typed: the request's schema)
    bad = [{"kind": "human"}] + [{"kind": "bot", "strength": "expert"}] * (n - 1)
    r = http.post("/api/tables", json={"game": gid, "seats": bad, "join": False})
    assert r.status_code == 422


HIDDEN_4 = {"num_cards": 4, "points_order": "descending", "imp_info": True}


def test_the_lobby_asks_what_plays_each_strength_at_its_options(http: TestClient) -> None:
    """POST /api/games/{id}/strengths: the ladder and the game's notes at these options (a
    goofspiel search hands a solved game to its table); the defaults have no note."""
    plain = http.post("/api/games/goofspiel/strengths", json={"options": {}})
    assert plain.status_code == 200, plain.text
    assert plain.json()["strength_notes"] == {}
    ladder = {lv: game_class("goofspiel").strength(lv) for lv in STRENGTH_LEVELS}
    assert plain.json()["strengths"] == ladder
    solved = http.post("/api/games/goofspiel/strengths", json={"options": HIDDEN_4}).json()
    note = load_game("goofspiel", HIDDEN_4).strength_note("hard")
    assert note is not None and solved["strength_notes"] == {"hard": note.as_json()}
    assert solved["players"] == 2
    # listed games carry their default options' notes (none here)
    listed = {g["id"]: g for g in http.get("/api/games").json()}
    assert all(g["strength_notes"] == {} for g in listed.values())


def test_the_strengths_question_refuses_bad_input(http: TestClient) -> None:
    bad = http.post("/api/games/goofspiel/strengths", json={"options": {"num_cards": 99}})
    assert bad.status_code == 422 and "num_cards" in bad.text
    unknown = http.post("/api/games/goofspiel/strengths", json={"options": {"nope": 1}})
    assert unknown.status_code == 422 and "nope" in unknown.text
    assert http.post("/api/games/chess/strengths", json={}).status_code == 404
    path = http.post("/api/games/promise/strengths", json={"options": {"content": "../x"}})
    assert path.status_code == 422


def test_a_table_says_what_plays_its_bot_seats(http: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "strength": "hard"}]
    made = create(http, "goofspiel", seats, join=False, options=HIDDEN_4)
    info = http.get(f"/api/tables/{made['table']}").json()
    note = load_game("goofspiel", HIDDEN_4).strength_note("hard")
    assert note is not None and info["strength_notes"] == {"hard": note.as_json()}
    made = create(http, "goofspiel", seats, join=False)
    assert http.get(f"/api/tables/{made['table']}").json()["strength_notes"] == {}
