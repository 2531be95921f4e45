"""A finished game's replay (``GET /api/tables/{id}/replay``): a seat's, with its token in the
``X-Seat-Token`` header, shows at every step exactly what that seat saw at the table — its own
hand and face-down cards, never another seat's — and a spectator's shows no hand at all."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from caiquan.engine import Record, State
from caiquan.games import load_game
from caiquan.server import protocol

from .helpers import Client, create, join, play_out

#: Short games, one human seat (seat 0) against easy bots.
GAMES = {
    "drama": ({"rounds": 3}, 4),
    "promise": ({}, 2),
    "legends": ({"players": 3, "round_cap": 3}, 3),
    "goofspiel": ({"num_cards": 4}, 2),
}


def _finish(http: TestClient, game: str, seed: int) -> tuple[str, str, Client]:
    """A finished table where seat 0 is a person (named Ann) and the others are bots; the
    table id, seat 0's token and its (still open) live connection."""
    options, n = GAMES[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "strength": "easy"}] * (n - 1)
    created = create(http, game, seats, options=options, player_name="Ann")
    token = created["joined"]["token"]
    live = Client(http, created["table"], token)
    live.hello()
    play_out([live], random.Random(seed))
    return created["table"], token, live


def _states(http: TestClient, table: str) -> list[State]:
    """The game after 0, 1, … joint decisions, replayed from its public record."""
    record = Record.from_json(http.get(f"/api/tables/{table}/record").text)
    state = load_game(record.game, dict(record.config)).new_state(record.seed)
    out = [state.clone()]
    for joint in record.decisions:
        state.apply(dict(joint))
        out.append(state.clone())
    return out


def _json(x: Any) -> Any:
    return json.loads(json.dumps(x))


def _replay(http: TestClient, table: str, token: str | None = None) -> Any:
    headers = {"X-Seat-Token": token} if token is not None else {}
    got = http.get(f"/api/tables/{table}/replay", headers=headers)
    assert got.status_code == 200, got.text
    return got.json()


def _check_views(answer: Any, states: list[State], seat: int | None, names: Any) -> None:
    """Each view is ``seat``'s observation at that step; its events, in order and without
    gaps, are ``seat``'s event log, worded as the live table words it."""
    views = answer["views"]
    assert answer["seat"] == seat
    assert len(views) == len(states)
    seen: list[dict[str, Any]] = []
    for k, (view, state) in enumerate(zip(views, states, strict=True)):
        assert view["version"] == k
        assert view["observation"] == _json(state.observation(seat)), k
        assert view["from"] == len(seen)
        seen += view["events"]
        bare = [{key: v for key, v in e.items() if key != "text"} for e in seen]
        assert bare == _json(state.events(seat)), k  # the board and the log are in step
    final = states[-1]
    for e, raw in zip(seen, final.events(seat), strict=True):
        want = {lang: final.game.format_event(raw, lang, names[lang]) for lang in ("zh", "en")}
        assert e["text"] == want
    assert answer["outcome"]["ranks"] == list(final.outcome().ranks)
    assert answer["outcome"]["ending"]["reason"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seats_replay_is_what_it_saw_at_the_table(http: TestClient, game: str) -> None:
    table, token, live = _finish(http, game, seed=5)
    states = _states(http, table)
    answer = _replay(http, table, token)
    names = protocol.seat_names(answer["table"]["seats"])
    assert names["en"][0] == "Ann" and answer["table"]["game"] == game
    _check_views(answer, states, 0, names)
    # the live table sent the same views: each state frame from before anyone committed at
    # that version is the replay's view of that version
    views = answer["views"]
    compared = 0
    for f in live.frames:
        if f["type"] == "state" and f["observation"] and not f["observation"]["committed"]:
            assert f["observation"] == views[f["version"]]["observation"], f["version"]
            compared += 1
    assert compared >= 2
    # … and the same log, texts and all
    assert [e for v in views for e in v["events"]] == live.events
    live.close()
    # the spectator's replay of the same game: no seat's secrets
    watcher = _replay(http, table)
    _check_views(watcher, states, None, names)
    assert watcher["table"] == answer["table"]


def test_drama_a_seat_sees_its_own_hand_and_no_other(http: TestClient) -> None:
    table, token, live = _finish(http, "drama", seed=8)
    live.close()
    states = _states(http, table)
    mine = _replay(http, table, token)["views"]
    spectator = _replay(http, table)["views"]
    for k, (view, state) in enumerate(zip(mine, states, strict=True)):
        obs = view["observation"]
        assert obs["player"] == 0
        assert obs["hand"] == _json(state.observation(0)["hand"]), k
        for q in (1, 2, 3):  # the others' hands: only their sizes
            assert set(obs["players"][q]) == set(spectator[k]["observation"]["players"][q])
            assert "hand" not in obs["players"][q]
        assert "hand" not in spectator[k]["observation"]
    # from the deal (after the roles are chosen) on, a hand of its own, not another seat's
    dealt = next(k for k, v in enumerate(mine) if v["observation"]["hand"])
    hand = json.dumps(mine[dealt]["observation"]["hand"])
    assert hand not in {json.dumps(states[dealt].observation(q)["hand"]) for q in (1, 2, 3)}


def test_promise_a_seat_sees_its_own_face_down_card_only(http: TestClient) -> None:
    table, token, live = _finish(http, "promise", seed=3)
    live.close()
    states = _states(http, table)
    mine = _replay(http, table, token)["views"]
    spectator = _replay(http, table)["views"]
    laid = 0
    for k, view in enumerate(mine):
        if "players" not in view["observation"]:  # the characters are being picked
            continue
        me, other = view["observation"]["players"]
        assert "laid_skill" not in other, k  # the bot's face-down skill card stays hidden
        for p in spectator[k]["observation"]["players"]:
            assert "laid_skill" not in p
        if "laid_skill" in me:
            laid += 1
            assert me["laid_skill"] == _json(states[k].observation(0))["players"][0]["laid_skill"]
            assert other["face_down"]["skill"] is not None  # the bot laid too: face down
    assert laid > 0, "no step between the two configuration steps"


def test_tokens_and_unfinished_games(http: TestClient) -> None:
    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
    table, token = created["table"], created["joined"]["token"]
    other = join(http, table, invite=created["invite"], name="Bo")["token"]
    got = http.get(f"/api/tables/{table}/replay", headers={"X-Seat-Token": token})
    assert got.status_code == 409 and "not finished" in got.json()["detail"]
    assert http.get(f"/api/tables/{table}/replay").status_code == 409
    a, b = Client(http, table, token), Client(http, table, other)
    a.hello()
    b.hello()
    play_out([a, b], random.Random(1))
    a.close()
    b.close()
    assert _replay(http, table, token)["seat"] == 0
    assert _replay(http, table, other)["seat"] == 1
    # another table's token, a made-up one: refused, saying why
    elsewhere = create(http, "goofspiel", [{"kind": "human"}] * 2)["joined"]["token"]
    for wrong in (elsewhere, "x" * 32, ""):
        got = http.get(f"/api/tables/{table}/replay", headers={"X-Seat-Token": wrong})
        assert got.status_code == 403, wrong
        assert got.json()["detail"] == "this token holds no seat at this table"
    too_long = http.get(f"/api/tables/{table}/replay", headers={"X-Seat-Token": "x" * 201})
    assert too_long.status_code == 422
    assert http.get("/api/tables/nope/replay", headers={"X-Seat-Token": token}).status_code == 404
    # the token never travels in the URL: a query parameter is not a token
    query = http.get(f"/api/tables/{table}/replay?token={token}&seat=0")
    assert query.status_code == 200 and query.json()["seat"] is None
