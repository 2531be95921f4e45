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
    for gid in game_ids():
        cls = game_class(gid)
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
