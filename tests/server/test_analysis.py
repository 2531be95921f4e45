"""The server's bounded analyses (caiquan.server.analysis): computed once per key, apart, within
each client address's budgets; over a limit, ``Busy`` (429 or 503 with ``Retry-After``)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from caiquan.server.analysis import Analyses, Busy
from caiquan.server.settings import Settings

_running = 0
_most = 0
_lock = threading.Lock()


def _slow(seconds: float, value: int) -> int:
    """Wall time without CPU, counting how many run at once (a thread pool's jobs)."""
    global _running, _most
    with _lock:
        _running += 1
        _most = max(_most, _running)
    time.sleep(seconds)
    with _lock:
        _running -= 1
    return value


def _burn(seconds: float) -> int:
    """CPU time: the budget is charged what the job measured."""
    end = time.thread_time() + seconds
    n = 0
    while time.thread_time() < end:
        n += 1
    return n


def _analyses(**kw: Any) -> Analyses:
    # one thread runs them unless a test asks for more; budgets large unless a test says
    options: dict[str, Any] = {"analysis_processes": 0, "analysis_cpu_burst": 100.0}
    return Analyses(Settings(**{**options, **kw}))


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_an_answer_is_computed_once_per_key() -> None:
    calls: list[int] = []

    def counted(value: int) -> int:
        calls.append(value)
        time.sleep(0.05)
        return value

    a = _analyses()

    async def main() -> list[bytes]:
        together = await asyncio.gather(
            *(a.answer("k", f"10.0.0.{i}", counted, 7) for i in range(5))
        )
        return [*together, await a.answer("k", "10.0.0.9", counted, 7)]

    assert _run(main()) == [b"7"] * 6
    assert calls == [7]  # five at once waited for the one computation; the sixth was cached
    assert a.stats()["computed"] == 1 and a.stats()["cached"] == 5
    a.close()


def test_a_page_asking_several_at_once_gets_them_all_in_turn() -> None:
    """A browser asks for a replay, the coach and the fairness check's replay together: the
    address's others wait their turn (at most ``analysis_per_client`` run at once), none is
    refused; past ``analysis_client_queue`` asked for at once, 429."""
    global _most
    _most = 0
    a = _analyses(analysis_processes=0, analysis_per_client=1, analysis_client_queue=4)
    # a thread pool of one would serialize anyway: give the pool room so the turn is ours
    from concurrent.futures import ThreadPoolExecutor

    a._pool = ThreadPoolExecutor(4)

    async def main() -> tuple[list[Any], Any]:
        asked = [asyncio.ensure_future(a.answer(("k", i), "ann", _slow, 0.1, i)) for i in range(4)]
        await asyncio.sleep(0.02)
        with pytest.raises(Busy) as over:
            await a.answer(("k", 9), "ann", _slow, 0.1, 9)
        other = await a.answer(("k", 10), "bob", _slow, 0.01, 10)  # another address: at once
        return await asyncio.gather(*asked), (over.value, other)

    got, (over, other) = _run(main())
    assert got == [b"0", b"1", b"2", b"3"] and other == b"10"
    assert over.status == 429 and over.retry_after >= 1 and "4 analyses" in over.message
    assert _most == 2  # ann's one at a time, bob's beside it
    a.close()


def test_the_cpu_budget_refuses_an_address_that_spent_it() -> None:
    a = _analyses(analysis_cpu_burst=0.05, analysis_cpu_rate=0.01)

    async def main() -> tuple[Any, Any]:
        first = await a.answer(("burn", 1), "ann", _burn, 0.2)  # within the balance: runs
        with pytest.raises(Busy) as refused:
            await a.answer(("burn", 2), "ann", _burn, 0.2)
        cached = await a.answer(("burn", 1), "ann", _burn, 0.2)  # a kept answer costs nothing
        bob = await a.answer(("burn", 3), "bob", _burn, 0.01)  # another address's own budget
        return refused.value, (first, cached, bob)

    refused, (first, cached, bob) = _run(main())
    assert refused.status == 429
    # ~0.15 s overdrawn at 0.01 s a second: about 15 s until the balance is positive again
    assert 10 <= refused.retry_after <= 20, refused.retry_after
    assert first == cached and int(bob) > 0
    assert a.stats()["refused"] == 1 and a.stats()["cpu_seconds"] >= 0.2
    a.close()


def test_the_global_queue_is_bounded() -> None:
    a = _analyses(analysis_queue=2)
    from concurrent.futures import ThreadPoolExecutor

    a._pool = ThreadPoolExecutor(2)

    async def main() -> Busy:
        held = [asyncio.ensure_future(a.answer(i, f"10.0.0.{i}", _slow, 0.2, i)) for i in range(2)]
        await asyncio.sleep(0.02)
        with pytest.raises(Busy) as busy:
            await a.answer(5, "10.0.0.5", _slow, 0.01, 5)
        await asyncio.gather(*held)
        return busy.value

    busy = _run(main())
    assert busy.status == 429 and "busy" in busy.message
    a.close()


def test_an_overrunning_analysis_ends_its_pool_and_the_next_runs() -> None:
    """Past ``analysis_seconds`` the request gets 503 and the pool's processes are ended; the
    next request starts a fresh pool."""
    a = _analyses(analysis_processes=1, analysis_seconds=1.0)

    async def main() -> tuple[Busy, bytes, float]:
        await a.warm()
        pool = a.pool
        started = time.monotonic()
        with pytest.raises(Busy) as overran:
            await a.answer("sleep", "ann", time.sleep, 30)
        took = time.monotonic() - started
        assert a._pool is None and pool is not a.pool
        a.settings.analysis_seconds = 60.0  # the fresh pool's start is not what is measured
        return overran.value, await a.answer("abs", "ann", abs, -3), took

    overran, after, took = _run(main())
    assert overran.status == 503 and took < 10
    assert after == b"3"
    a.close()


def test_replay_and_analysis_routes_are_rated_per_address_kept_answers_included(
    sqlite_url: str,
) -> None:
    """A flood of requests for a kept answer still reads the database each time: past the
    address's burst it gets 429 with Retry-After, before any read; other addresses do not."""
    import random

    from fastapi.testclient import TestClient

    from caiquan.server import create_app

    from .conftest import make_settings
    from .helpers import Client, create, play_out

    settings = make_settings(sqlite_url, analysis_rate=0.5, analysis_burst=4)
    with TestClient(create_app(settings)) as http:
        created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "bot"}])
        table, token = created["table"], created["joined"]["token"]
        live = Client(http, table, token)
        live.hello()
        play_out([live], random.Random(1))
        live.close()
        got = [http.get(f"/api/tables/{table}/coach") for _ in range(6)]
        assert [g.status_code for g in got] == [200] * 4 + [429] * 2
        assert got[4].headers["Retry-After"] == "2" and "slow down" in got[4].json()["detail"]
        # the same routes share the rate: replay, live coach and event texts too
        assert http.get(f"/api/tables/{table}/replay").status_code == 429
        assert http.post("/api/games/goofspiel/format", json={"events": []}).status_code == 429
        other = TestClient(http.app, client=("203.0.113.9", 5000))
        assert other.get(f"/api/tables/{table}/coach").status_code == 200
