"""Read routes that replay or analyse a game, bounded: computed once, apart, within budgets.

A replay, the coach or the live coach costs CPU in proportion to the game's length, and
anyone may ask for one as often as they like: unbounded, such a route amplifies a visitor's
requests into the server's CPU. :class:`Analyses` runs every such computation

* **once** per key — ``(table, what, version, viewer)`` — keeping the answer (its JSON bytes)
  in a cache bounded in bytes; requests for a key being computed wait for that computation;
* **apart**: in its own process pool (``analysis_processes``; the event loop, table
  creation and the bots never wait for it, nor share a GIL with it), each computation
  within a wall-clock limit (``analysis_seconds``; past it the pool's processes are ended
  and the request gets ``503``);
* **within budgets**: at most ``analysis_queue`` computations running or waiting at once;
  for one client address, at most ``analysis_per_client`` running (its others wait their
  turn: a page may ask for a replay and the coach together) and ``analysis_client_queue``
  asked for; and each address has a
  budget of CPU seconds (``analysis_cpu_burst``, refilled at ``analysis_cpu_rate`` seconds a
  second) that each computation's measured CPU time is charged to. A request over a limit
  gets ``429`` with ``Retry-After``; a cached answer costs nothing.

The live coach is also incremental: each pool process keeps a :class:`caiquan.coach.SeatCoach`
per table and seat (a few dozen, least recently used dropped), so following a game to its end
costs in proportion to its length, not to its square.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from .settings import Settings
from .workers import exit_with_parent

log = logging.getLogger("caiquan.server")


class Busy(Exception):
    """Over a limit: answer ``status`` (429 or 503) with ``Retry-After: retry_after``."""

    def __init__(self, message: str, retry_after: int, status: int = 429) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = max(1, retry_after)
        self.status = status


@dataclass(slots=True)
class _Budget:
    """One client's CPU seconds: spent by computations, refilled with time."""

    balance: float
    at: float

    def refill(self, rate: float, burst: float, now: float) -> float:
        self.balance = min(burst, self.balance + (now - self.at) * rate)
        self.at = now
        return self.balance


def _timed(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bytes, float]:
    """In a pool process: the answer's JSON bytes and the CPU seconds it took."""
    start = time.thread_time()  # this thread's CPU: a pool process's, or a pool thread's
    result = fn(*args)
    body = json.dumps(result, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return body, time.thread_time() - start


class Analyses:
    """The server's replays and analyses (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._cache: OrderedDict[Hashable, bytes] = OrderedDict()
        self._cache_bytes = 0
        self._inflight: dict[Hashable, asyncio.Future[bytes]] = {}
        self._budgets: dict[str, _Budget] = {}
        self._per_client: dict[str, int] = {}  # asked for: running or waiting their turn
        self._turns: dict[str, asyncio.Semaphore] = {}  # at most analysis_per_client running
        self._pool: Executor | None = None
        self.pending = 0  # computations running or waiting
        #: Counters for /healthz.
        self.computed = 0
        self.cached = 0
        self.refused = 0
        self.cpu_seconds = 0.0

    # ------------------------------------------------------------------ pool

    @property
    def pool(self) -> Executor:
        if self._pool is None:
            n = self.settings.analysis_processes
            if n <= 0:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="caiquan-analysis")
            else:
                import multiprocessing

                self._pool = ProcessPoolExecutor(
                    n,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=exit_with_parent,
                    initargs=(os.getpid(),),
                )
        return self._pool

    def _recycle(self, pool: Executor) -> None:
        """End a pool whose computation overran; the next one starts a fresh pool."""
        if self._pool is pool:
            self._pool = None
        procs = list(getattr(pool, "_processes", {}).values())  # no public kill in 3.11
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            with contextlib.suppress(Exception):
                proc.kill()

    async def warm(self) -> None:
        """Start the pool and have it import the games, so the first request does not pay."""
        from .workers import warm_job

        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self.pool, warm_job)
        except Exception:  # a pool that cannot start says so on the first real request
            log.warning("the analysis pool did not start", exc_info=True)

    def close(self) -> None:
        if self._pool is not None:
            self._recycle(self._pool)

    # ------------------------------------------------------------------ cache

    def cached_answer(self, key: Hashable) -> bytes | None:
        body = self._cache.get(key)
        if body is not None:
            self._cache.move_to_end(key)
        return body

    def _keep(self, key: Hashable, body: bytes) -> None:
        limit = self.settings.analysis_cache_bytes
        if len(body) > limit // 4:  # one huge answer must not empty the cache
            return
        self._cache[key] = body
        self._cache_bytes += len(body)
        while self._cache_bytes > limit and self._cache:
            _, old = self._cache.popitem(last=False)
            self._cache_bytes -= len(old)

    # ------------------------------------------------------------------ budgets

    def _admit(self, client: str) -> None:
        s = self.settings
        now = time.monotonic()
        budget = self._budgets.get(client)
        if budget is None:
            if len(self._budgets) >= 10_000:  # forget full budgets first: they cost nothing
                for k in [k for k, b in self._budgets.items() if b.balance >= s.analysis_cpu_burst]:
                    del self._budgets[k]
                if len(self._budgets) >= 10_000:
                    self._budgets.clear()
            budget = self._budgets[client] = _Budget(s.analysis_cpu_burst, now)
        balance = budget.refill(s.analysis_cpu_rate, s.analysis_cpu_burst, now)
        if balance <= 0:
            self.refused += 1
            wait = math.ceil(-balance / s.analysis_cpu_rate) if s.analysis_cpu_rate > 0 else 3600
            raise Busy(
                "your address has used its share of this server's analysis time; "
                f"try again in {max(1, wait)} s",
                wait,
            )
        if self._per_client.get(client, 0) >= s.analysis_client_queue:
            self.refused += 1
            raise Busy(
                f"your address already has {s.analysis_client_queue} analyses asked for; "
                "wait for them",
                2,
            )
        if self.pending >= s.analysis_queue:
            self.refused += 1
            raise Busy("the server is busy with other analyses; try again shortly", 5)

    def _charge(self, client: str, seconds: float) -> None:
        budget = self._budgets.get(client)
        if budget is not None:
            budget.balance -= seconds

    # ------------------------------------------------------------------ run

    async def answer(
        self, key: Hashable | None, client: str, fn: Callable[..., Any], *args: Any
    ) -> bytes:
        """The JSON bytes of ``fn(*args)`` (a picklable module-level function), computed once
        per ``key`` in the pool and charged to ``client``; :class:`Busy` over a limit.
        ``key`` None: computed every time (an answer that depends on the request's body)."""
        if key is not None:
            body = self.cached_answer(key)
            if body is not None:
                self.cached += 1
                return body
            running = self._inflight.get(key)
            if running is not None:
                self.cached += 1
                return await asyncio.shield(running)
        self._admit(client)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bytes] = loop.create_future()
        if key is not None:
            self._inflight[key] = future
        self.pending += 1
        self._per_client[client] = self._per_client.get(client, 0) + 1
        turn = self._turns.get(client)
        if turn is None:
            turn = self._turns[client] = asyncio.Semaphore(self.settings.analysis_per_client)
        try:
            async with turn:  # this address's others wait their turn: a page asks several at once
                body = await self._compute(client, fn, args)
        except BaseException as err:
            if not future.done():
                future.set_exception(err)
                future.exception()  # retrieved: waiters re-raise it, nobody else must
            raise
        else:
            future.set_result(body)
            if key is not None:
                self._keep(key, body)
            return body
        finally:
            if key is not None:
                self._inflight.pop(key, None)
            self.pending -= 1
            left = self._per_client.get(client, 1) - 1
            if left > 0:
                self._per_client[client] = left
            else:
                self._per_client.pop(client, None)
                self._turns.pop(client, None)

    async def _compute(self, client: str, fn: Callable[..., Any], args: tuple[Any, ...]) -> bytes:
        pool = self.pool
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        try:
            body, cpu = await asyncio.wait_for(
                loop.run_in_executor(pool, _timed, fn, args), self.settings.analysis_seconds
            )
        except TimeoutError:
            # the computation's CPU so far is charged as the limit itself
            self._charge(client, self.settings.analysis_seconds)
            limit = self.settings.analysis_seconds
            log.warning("an analysis overran %gs; its pool is ended", limit)
            self._recycle(pool)
            raise Busy(
                "this analysis takes longer than this server allows", 60, status=503
            ) from None
        except BrokenProcessPool:
            self._recycle(pool)
            raise Busy("the analysis was interrupted; try again", 2, status=503) from None
        self.computed += 1
        self.cpu_seconds += cpu
        self._charge(client, cpu)
        wall = time.monotonic() - started
        log.debug("analysis %s: %.3fs CPU, %.3fs wall", fn.__name__, cpu, wall)
        return body

    def stats(self) -> dict[str, Any]:
        return {
            "pending": self.pending,
            "computed": self.computed,
            "cached": self.cached,
            "refused": self.refused,
            "cpu_seconds": round(self.cpu_seconds, 3),
            "cache_bytes": self._cache_bytes,
        }
