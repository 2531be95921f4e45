"""Real server processes: SIGKILL in mid-game and restart; two processes on one PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")
pytest.importorskip("websockets", reason="the server tests need: pip install -e '.[server]'")

import caiquan

from .helpers import history
from .procs import Player, Server


def _versions(server: Server, tables: list[str]) -> dict[str, int]:
    return {t: server.get(f"/api/tables/{t}").json()["version"] for t in tables}


def _check_final(server: Server, table: str) -> None:
    r = server.get(f"/api/tables/{table}/record")
    assert r.status_code == 200, r.text
    state = caiquan.replay(r.text)
    assert state.is_terminal()


def _storage_history(database: str, table: str) -> list[caiquan.engine.State]:
    from caiquan.server.storage import Storage

    storage = Storage(database)
    try:
        row = storage.get_table(table)
        assert row is not None
        return history(row.game, row.config, row.seed, storage.actions(table))
    finally:
        storage.close()


def _same_view(frame: dict[str, object], states: list[caiquan.engine.State], seat: int) -> int:
    """The index of the first state whose view of ``seat`` is the frame's observation."""
    obs = frame["observation"]
    for i, s in enumerate(states):
        if json.loads(json.dumps(s.observation(seat))) == obs:
            return i
    raise AssertionError(f"a frame matches no state of the log: {frame}")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigkill_mid_game_then_restart_resumes_every_game(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    database = (
        f"sqlite:///{tmp_path / 'crash.sqlite3'}"
        if backend == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    server = Server(database, tmp_path / "server.log").start()
    try:
        tables: list[str] = []
        humans: list[tuple[str, int, str]] = []  # table, seat, token
        for gid in caiquan.game_ids():
            # one table of bots only, slow enough to be cut in the middle
            bots = [{"kind": "bot", "bot": "ismcts:iterations=40"}] * caiquan.load_game(
                gid
            ).num_players
            tables.append(server.post("/api/tables", {"game": gid, "seats": bots})["table"])

        def human_table(gid: str) -> tuple[str, int, str]:
            """A new table: seat 0 human (driven by this test), the others random bots."""
            n = caiquan.load_game(gid).num_players
            seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)
            c = server.post("/api/tables", {"game": gid, "seats": seats})
            tables.append(c["table"])
            return c["table"], 0, c["joined"]["token"]

        async def first_half(gid: str, seed: int) -> tuple[tuple[str, int, str], Player]:
            # The server draws each table's seed, so a short game (oshi_zumo when both
            # players bid everything) can be over within three decisions: such a table
            # stays in ``tables`` (it must still be intact after the restart) and the game
            # gets a new one, until one is left in the middle of its game.
            for attempt in range(10):
                human = human_table(gid)
                p = Player(f"{server.ws_base}/ws/tables/{human[0]}", human[2], seed=seed + attempt)
                await p.connect()
                await p.play(max_decisions=3)
                await p.wait_turn()  # the table now waits for this seat: it stays mid-game
                await p.close()
                if not p.finished:
                    return human, p
            raise AssertionError(f"{gid}: ten tables in a row were over within three decisions")

        async def first_halves() -> list[Player]:
            played = await asyncio.gather(
                *(first_half(gid, 10 * i) for i, gid in enumerate(caiquan.game_ids()))
            )
            humans.extend(h for h, _ in played)
            return [p for _, p in played]

        before = asyncio.run(first_halves())
        server.kill()
        mid = _versions_db(database, tables)
        cut = {
            t for t in tables if mid[t] > 0 and not _storage_history(database, t)[-1].is_terminal()
        }
        # every human table (at least) was cut in the middle of its game
        assert {t for t, _, _ in humans} <= cut, (mid, cut)
        server.start()  # same database, same port
        resumed = _versions(server, tables)
        for t in tables:
            assert resumed[t] >= mid[t]  # nothing that was stored is lost

        async def second_half() -> list[Player]:
            players = [
                Player(f"{server.ws_base}/ws/tables/{t}", tok, seed=100 + i)
                for i, (t, _, tok) in enumerate(humans)
            ]
            for p in players:
                await p.connect()
            # the view after restart continues the view before the kill
            for p, old, (t, seat, _) in zip(players, before, humans, strict=True):
                states = _storage_history(database, t)
                assert old.state is not None and p.state is not None
                assert _same_view(p.state, states, seat) >= _same_view(old.state, states, seat)
            await asyncio.gather(*(p.play() for p in players))
            for p in players:
                await p.close()
            return players

        asyncio.run(second_half())
        # bot-only tables finish by themselves
        for _ in range(600):
            if all(server.get(f"/api/tables/{t}").json()["status"] == "finished" for t in tables):
                break
            asyncio.run(asyncio.sleep(0.1))
        for t in tables:
            _check_final(server, t)
    finally:
        server.stop()


def _versions_db(database: str, tables: list[str]) -> dict[str, int]:
    out = {}
    for t in tables:
        states = _storage_history(database, t)
        out[t] = states[-1].move_number
    return out


def test_two_processes_on_one_postgresql(pg_url: str, tmp_path: Path) -> None:
    """Two players of one game connected to two different server processes."""
    one = Server(pg_url, tmp_path / "one.log").start()
    two = Server(pg_url, tmp_path / "two.log").start()
    try:
        for gid in caiquan.game_ids():
            n = caiquan.load_game(gid).num_players
            seats = [{"kind": "human"}, {"kind": "human"}] + [{"kind": "bot"}] * (n - 2)
            created = one.post("/api/tables", {"game": gid, "seats": seats, "listed": False})
            table = created["table"]
            joined = two.post(
                f"/api/tables/{table}/join", {"invite": created["invite"], "name": "far"}
            )

            async def play(table: str, token_a: str, token_b: str) -> None:
                a = Player(f"{one.ws_base}/ws/tables/{table}", token_a, 1)
                b = Player(f"{two.ws_base}/ws/tables/{table}", token_b, 2)
                await a.connect()
                await b.connect()
                await asyncio.gather(a.play(), b.play())
                assert a.state is not None and b.state is not None
                assert a.state["version"] == b.state["version"]
                assert a.state["outcome"] == b.state["outcome"]
                # presence crosses processes too
                assert any(f["type"] == "presence" and f["seats"][1]["online"] for f in a.frames)
                await a.close()
                await b.close()

            asyncio.run(play(table, created["joined"]["token"], joined["token"]))
            _check_final(one, table)
            _check_final(two, table)
    finally:
        one.stop()
        two.stop()


def test_presence_of_a_dead_process_fades(pg_url: str, tmp_path: Path) -> None:
    """A client's seat shows online at another process, and offline once its process dies."""
    fast = {"CAIQUAN_PRESENCE_EVERY": "0.3"}
    one = Server(pg_url, tmp_path / "one.log", env=fast).start()
    two = Server(pg_url, tmp_path / "two.log", env=fast).start()
    try:
        created = one.post("/api/tables", {"game": "goofspiel", "seats": [{}, {}]})
        table = created["table"]
        joined = two.post(f"/api/tables/{table}/join", {})

        async def run() -> None:
            a = Player(f"{one.ws_base}/ws/tables/{table}", created["joined"]["token"], 1)
            b = Player(f"{two.ws_base}/ws/tables/{table}", joined["token"], 2)
            await a.connect()
            await b.connect()
            while not any(f["type"] == "presence" and f["seats"][1]["online"] for f in a.frames):
                await a.recv(10)
            two.kill()  # b's process dies without a word
            while True:
                f = await a.recv(10)
                if f["type"] == "presence" and not f["seats"][1]["online"]:
                    break
            await a.close()
            with contextlib.suppress(Exception):
                await b.close()

        asyncio.run(run())
    finally:
        one.stop()
        two.stop()
