"""Full games over the WebSocket protocol: humans and bots, every message checked for secrets."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient

from caiquan.games import game_class, game_ids, load_game
from caiquan.server.hub import Hub

from .helpers import Client, check_secrecy, create, history, join, play_out

#: Small configurations so a full game is quick (unknown games use their defaults).
SMALL: dict[str, dict[str, object]] = {"goofspiel": {"num_cards": 5}}


def seats_for(game_id: str, humans: int, bot: str = "random") -> list[dict[str, object]]:
    n = load_game(game_id, SMALL.get(game_id, {})).num_players
    bots = [bot, "nash"]  # alternate: the plain bot and the Nash throw policy
    return [
        {"kind": "human"} if i < humans else {"kind": "bot", "bot": bots[i % 2]} for i in range(n)
    ]


def hub_of(http: TestClient) -> Hub:
    hub: Hub = http.app.state.hub  # type: ignore[attr-defined]
    return hub


def _players(game_id: str) -> int:
    return load_game(game_id, SMALL.get(game_id, {})).num_players


#: Every game: one human against bots, and two humans (with bots when there are more seats).
CASES = [(g, h) for g in game_ids() for h in sorted({1, min(2, _players(g))})]


@pytest.mark.parametrize(("game_id", "humans"), CASES)
def test_full_game_humans_bots_spectator_secrecy(
    http_any: TestClient, game_id: str, humans: int
) -> None:
    """Human clients and bot seats play a whole game; a spectator watches; every frame
    each of them received is rebuilt from that recipient's view of the true history."""
    http = http_any
    created = create(
        http, game_id, seats_for(game_id, humans), options=SMALL.get(game_id, {}), join=False
    )
    table, invite = created["table"], created["invite"]
    tokens = [join(http, table, name=f"p{i}")["token"] for i in range(humans)]
    players = [Client(http, table, tok) for tok in tokens]
    spectator = Client(http, table)
    for c in players:
        assert c.hello()["type"] == "welcome"
    assert spectator.hello(token=None)["seat"] is None
    play_out(players, random.Random(game_id))
    spectator.sync()
    assert spectator.finished

    hub = hub_of(http)
    t = hub.tables[table]
    actions = hub.storage.actions(table)
    states = history(t.row.game, t.row.config, t.row.seed, actions)
    assert states[-1].is_terminal() and states[-1] == t.state
    assert t.row.nonce is not None
    secrets = [*tokens, invite, str(t.row.seed), t.row.nonce]
    checked = sum(check_secrecy(c, states, secrets) for c in [*players, spectator])
    assert checked > 10
    # the finished game's record is public and replays to the same final state
    r = http.get(f"/api/tables/{table}/record")
    assert r.status_code == 200
    import caiquan

    assert caiquan.replay(r.text) == t.state
    for c in [*players, spectator]:
        c.close()


def test_all_bot_table_plays_itself(http: TestClient) -> None:
    created = create(
        http,
        "goofspiel",
        [{"kind": "bot", "strength": "easy"}, {"kind": "bot", "bot": "nash"}],
        options={"num_cards": 4},
    )
    with Client(http, created["table"]) as watcher:
        watcher.hello(token=None)
        if not watcher.finished:  # bots may finish before we even connect
            watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished")
        assert watcher.state is not None and watcher.state["outcome"] is not None


def test_game_registry_is_covered() -> None:
    for gid in game_ids():
        assert game_class(gid).min_players >= 1


def test_a_thinking_bot_does_not_block_other_tables(http: TestClient) -> None:
    """A search bot thinks for a second at one table; another table's play stays prompt."""
    import time

    slow = create(
        http,
        "goofspiel",
        [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:seconds=1.5"}],
        options=SMALL["goofspiel"],
    )
    fast = create(
        http, "goofspiel", [{"kind": "human"}, {"kind": "human"}], options={"num_cards": 6}
    )
    fast_b = join(http, fast["table"])
    watcher = Client(http, slow["table"], slow["joined"]["token"])
    watcher.hello()
    a, b = (
        Client(http, fast["table"], fast["joined"]["token"]),
        Client(http, fast["table"], fast_b["token"]),
    )
    a.hello()
    b.hello()
    rng = random.Random(5)
    worst = 0.0
    while not a.finished:
        t0 = time.perf_counter()
        v = a.state["version"] if a.state else 0
        a.decide_randomly(rng)
        b.decide_randomly(rng)
        for c in (a, b):
            c.until(lambda f, v=v: f["type"] == "state" and f["version"] > v)
        worst = max(worst, time.perf_counter() - t0)
    assert worst < 0.5, f"a turn at another table took {worst:.2f} s while the bot thought"
    # and the bot did decide (its commit shows as face down, or the turn was revealed)
    watcher.until(lambda f: f["type"] == "state" and 1 in f["observation"]["committed"], timeout=30)


def test_the_secrecy_check_catches_a_leak() -> None:
    """The checker has teeth: a frame carrying another seat's view (or a seat's decision sent
    to someone else) matches no view of the recipient and fails."""
    import json

    from caiquan.server import protocol

    from .helpers import check_secrecy

    game = load_game("drama")
    state = game.new_state(7)
    states = [state]

    class Fake:
        def __init__(self, frames: list[dict[str, object]]) -> None:
            self.frames = frames
            self.raw = [json.dumps(f) for f in frames]
            frame = protocol.events_frame(game, state.events(0), 0)
            self.events = json.loads(json.dumps(frame["events"]))

    welcome = {
        "type": "welcome",
        "protocol": 1,
        "seat": 0,
        "table": dict.fromkeys(
            ["id", "game", "config", "name", "listed", "turn_seconds", "status", "version"]
        )
        | {"seats": [], "host": None, "fair": None, "strength_notes": {}},
    }
    good = protocol.state_frame(state, 0, table="t", status="playing", deadline=None)
    assert check_secrecy(Fake([welcome, good]), states, []) == 2  # type: ignore[arg-type]
    leaked = protocol.state_frame(state, 1, table="t", status="playing", deadline=None)
    leaked["seat"] = 0
    with pytest.raises(AssertionError):
        check_secrecy(Fake([welcome, leaked]), states, [])  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="secret leaked"):
        check_secrecy(Fake([welcome, good]), states, ['"playing"'])  # type: ignore[arg-type]
