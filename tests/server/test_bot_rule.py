"""A table of bots plays the very game ``caiquan demo`` and the lab play from its seed: the
server's bot seats draw by the one rule of ``caiquan.bots.match`` (issue 19), in its threads
and in its search processes alike."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient

from caiquan.bots import play_match
from caiquan.games import load_game
from caiquan.server.hub import Hub

from .helpers import create


@pytest.mark.parametrize(
    "bots",
    [["greedy", "ismcts:iterations=20"], ["nash", "random"]],  # a search process; threads
)
def test_a_bot_table_plays_the_demo_game_of_its_seed(http: TestClient, bots: list[str]) -> None:
    options = {"num_cards": 6}
    created = create(http, "goofspiel", [{"kind": "bot", "bot": b} for b in bots], options=options)
    table = created["table"]
    deadline = time.time() + 60
    while http.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.05)
    hub: Hub = http.app.state.hub  # type: ignore[attr-defined]
    row = hub.storage.get_table(table)
    assert row is not None
    actions = hub.storage.actions(table)
    assert all(a.source == "bot" for a in actions)  # no timeout stood in for a bot
    if "ismcts:iterations=20" in bots:
        assert hub._search_pool is not None, "the search ran inside the server process"
    state = load_game("goofspiel", options).new_state(row.seed)
    for a in actions:
        state.commit(a.player, a.option)
    assert state == play_match(load_game("goofspiel", options), bots, row.seed)
