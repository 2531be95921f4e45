"""One table core under both front ends (caiquan.table): the same seeded game with a
crashing bot, played at a server table and at the terminal table, is the same record — the
table stands in for the failed bot by the one rule, wherever it sits."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")
pytest.importorskip("textual", reason="the terminal tests need textual")

from fastapi.testclient import TestClient

from caiquan.bots import GreedyBot
from caiquan.engine import Record, State
from caiquan.games import load_game
from caiquan.server.hub import Hub
from caiquan.table import HUMAN, TableCore, stand_in_option
from caiquan.tui import Table
from caiquan.tui.app import PlayApp

from .helpers import create

OPTIONS = {"num_cards": 8}


def crash_on_odd_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Greedy raises on every other decision (a bug in a bot), and decides on the others."""
    decide = GreedyBot.decide

    def flaky(self: GreedyBot, view: Any, rng: Any) -> int:
        if view.move_number % 2 == 1:
            raise RuntimeError("a bug in a bot")
        return decide(self, view, rng)

    monkeypatch.setattr(GreedyBot, "decide", flaky)


def server_game(http: TestClient) -> tuple[int, Record, list[str]]:
    created = create(
        http,
        "goofspiel",
        [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}],
        options=OPTIONS,
    )
    table = created["table"]
    deadline = time.time() + 60
    while http.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.time() < deadline, "a crashing bot stalled the server table"
        time.sleep(0.05)
    hub: Hub = http.app.state.hub  # type: ignore[attr-defined]
    row = hub.storage.get_table(table)
    assert row is not None and row.record is not None
    sources = [a.source for a in hub.storage.actions(table)]
    return row.seed, Record.from_json(row.record), sources


def core_game(seed: int) -> State:
    """The core alone, as a synchronous loop (no threads): the rule it gives both."""
    core = TableCore(load_game("goofspiel", OPTIONS).new_state(seed), ["greedy", "random"])
    while not core.finished:
        for p in core.waiting_bots():
            job = core.bot_job(p)
            try:
                option = job.run()
            except RuntimeError:
                core.stand_in(p, "fallback")
                continue
            assert core.bot_result(job, option)
    return core.state


async def test_a_crashing_bot_plays_the_same_game_on_the_server_and_at_the_terminal(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    crash_on_odd_moves(monkeypatch)
    seed, served, sources = server_game(http)
    assert "timeout" in sources and "bot" in sources  # the bot both failed and decided

    table = Table.new("goofspiel", OPTIONS, "greedy,random", seed=seed)
    app = PlayApp(table)
    async with app.run_test(size=(150, 50)) as pilot:
        for _ in range(400):  # the bots' worker threads, then the screen, until the end
            await app.workers.wait_for_complete()
            await pilot.pause()
            if table.state.is_terminal():
                break
    assert table.state.is_terminal(), "a crashing bot stalled the terminal table"
    at_terminal = table.state.record()

    assert at_terminal.seed == served.seed == seed
    assert at_terminal.decisions == served.decisions
    assert core_game(seed).record().decisions == served.decisions


def test_a_stand_in_does_not_depend_on_who_laid_a_choice_down_first() -> None:
    state = load_game("promise").new_state(11)
    movers = state.to_move()
    assert len(movers) == 2
    alone = stand_in_option(state, movers[0], "fallback")
    other = state.clone()
    other.commit(movers[1], other.legal(movers[1])[-1])
    assert stand_in_option(other, movers[0], "fallback") == alone
    assert other.committed() == (movers[1],)  # the table's state is not touched


def test_the_stand_in_reasons_draw_apart_and_unknown_ones_are_refused() -> None:
    states = [load_game("goofspiel", num_cards=13).new_state(s) for s in range(12)]
    fallback = [stand_in_option(s, 0, "fallback") for s in states]
    timeout = [stand_in_option(s, 0, "timeout") for s in states]
    assert fallback != timeout
    with pytest.raises(ValueError, match="stand-in"):
        stand_in_option(states[0], 0, "bored")


def test_a_bot_that_chooses_an_illegal_option_is_stood_in_for() -> None:
    core = TableCore(load_game("goofspiel", num_cards=4).new_state(2), [HUMAN, "random"])
    job = core.bot_job(1)
    assert core.bot_result(job, 999)
    assert core.face_down_now() == {1: stand_in_option(job.state, 1, "fallback")}


def test_the_core_refuses_with_the_reason() -> None:
    core = TableCore(load_game("goofspiel", num_cards=4).new_state(2), [HUMAN, "random"])
    assert core.refusal(0, 1, 0) is not None and core.refusal(0, 1, 0).code == "stale"  # type: ignore[union-attr]
    illegal = core.refusal(0, 0, 999)
    assert illegal is not None and illegal.code == "illegal" and illegal.extra["legal"]
    core.commit(1, core.state.legal(1)[0])
    decided = core.refusal(1, 0, core.state.legal(1)[0], "bot")
    assert decided is not None and decided.code == "decided"
    assert core.refusal(1, 0, core.state.legal(1)[0]) is None  # a person may change it


def test_the_turn_timer_is_armed_once_per_decision() -> None:
    core = TableCore(load_game("goofspiel", num_cards=4).new_state(2), [HUMAN, HUMAN])
    assert not core.arm(0, 100.0) and core.deadline is None
    assert core.arm(30, 100.0) and core.deadline == 130.0
    assert not core.arm(30, 120.0) and core.deadline == 130.0  # same decision: same deadline
    assert core.due(0) == [0, 1]
    core.commit(0, core.state.legal(0)[0])
    assert core.due(0) == [1]
    core.commit(1, core.state.legal(1)[0])
    assert core.due(0) == []  # the table moved on
    assert core.arm(30, 140.0) and core.deadline == 170.0
