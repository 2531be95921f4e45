"""The table names players in event texts as its seat chips do, and says when the turn timer
decided for a seat."""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient

from caiquan.server import protocol

from .helpers import Client, create, join, play_out

NUMBERED = re.compile(r"\bplayers? \d|玩家 ?\d")


def test_seat_names_are_what_the_chips_show() -> None:
    seats = [
        {"seat": 0, "kind": "human", "name": "<i>小明</i>"},
        {"seat": 1, "kind": "human", "name": ""},
        {"seat": 2, "kind": "bot", "name": "bot 2"},
    ]
    assert protocol.seat_names(seats) == {
        "zh": ["<i>小明</i>", "座位 1", "机器人 2"],
        "en": ["<i>小明</i>", "Seat 1", "bot 2"],
    }
    # a bot's default name is the page language's; a name someone gave it stays as given
    named = [{"seat": 0, "kind": "bot", "name": "bot 1"}]
    assert protocol.seat_names(named) == {"zh": ["bot 1"], "en": ["bot 1"]}


def test_events_over_the_socket_name_the_seats(http: TestClient) -> None:
    """Legends against a bot: every event line names a seat by its name (a bot's "bot 1", in
    Chinese "机器人 1"), a spectator's and a replay's too, never "player 2" — also the deal,
    which happened before the last player took a seat and named it."""
    created = create(
        http,
        "legends",
        [{"kind": "human"}, {"kind": "bot", "strength": "easy"}, {"kind": "human"}],
        options={"players": 3, "round_cap": 2},
        player_name='<b>Ann</b> & "co"',
    )
    table = created["table"]
    a = Client(http, table, created["joined"]["token"])
    a.hello()  # while the table waits for seat 2
    other = join(http, table, invite=created["invite"], name="Cy")
    c = Client(http, table, other["token"])
    c.hello()
    play_out([a, c], random.Random(3))
    with Client(http, table) as watcher:  # the finished table, as the replay viewer reads it
        watcher.hello(token=None)
        for client in (a, c, watcher):
            assert client.events[1]["kind"] == "draw"  # the deal
            text = {
                lang: " | ".join(e["text"][lang] for e in client.events) for lang in ("zh", "en")
            }
            for lang, line in text.items():
                assert not NUMBERED.search(line), line
                bot = "机器人 1" if lang == "zh" else "bot 1"
                assert bot in line and "Cy" in line and '<b>Ann</b> & "co"' in line
                assert "Seat 2" not in line and "座位 2" not in line
    a.close()
    c.close()


def test_the_turn_timer_says_what_it_played_for_whom(http: TestClient) -> None:
    """Nobody decides: the table plays for both seats and says so; each seat learns what was
    played for it, the other only that the table played (the choice is face down)."""
    created = create(
        http,
        "goofspiel",
        [{"kind": "human"}, {"kind": "human"}],
        options={"num_cards": 3},
        turn_seconds=0.3,
        player_name="Ann",
    )
    table = created["table"]
    other = join(http, table, invite=created["invite"], name="Bo")
    a = Client(http, table, created["joined"]["token"])
    b = Client(http, table, other["token"])
    a.hello()
    b.hello()
    mine = a.until(lambda f: f["type"] == "timeout" and f["seat"] == 0, timeout=10)
    label = mine["option"]["en"]
    assert mine["text"]["en"] == f"time ran out: the table played {label} for Ann"
    assert mine["text"]["zh"] == f"时间到：系统替 Ann 选了 {mine['option']['zh']}"
    theirs = b.until(lambda f: f["type"] == "timeout" and f["seat"] == 0, timeout=10)
    assert "option" not in theirs
    assert theirs["text"] == {
        "zh": "时间到：系统替 Ann 做了选择",
        "en": "time ran out: the table played for Ann",
    }
    a.close()
    b.close()
