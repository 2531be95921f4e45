"""PostgreSQL LISTEN/NOTIFY: how server processes sharing one database hear of each other.

Every accepted action, claimed seat, chat line and presence change is announced with
``pg_notify('caiquan', json)`` inside the transaction that stores it, so the notice goes out
only once the change is durable. Each process LISTENs on one dedicated connection; on a
notice about a table it has loaded, it reads the new actions from the log (the database stays
the single source of truth; a notice only says "look") and sends its clients their views.
If the listening connection drops, it reconnects and re-reads every loaded table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from .storage import CHANNEL

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("caiquan.server")


class Listener:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ready.wait(), 10)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task

    def _dsn(self) -> str:
        url = self.hub.storage.engine.url
        return url.set(drivername="postgresql").render_as_string(hide_password=False)

    async def _run(self) -> None:
        import psycopg

        first = True
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self._dsn(), autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:  # we may have missed notices while disconnected
                        for tid in list(self.hub.tables):
                            await self.hub.refresh(tid, seats=True)
                    first = False
                    async for n in conn.notifies():
                        try:
                            await self._handle(json.loads(n.payload))
                        except Exception:
                            log.exception("bad notification %r", n.payload[:200])
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("LISTEN connection lost (%s); reconnecting", err)
                await asyncio.sleep(1.0)

    async def _handle(self, msg: dict[str, Any]) -> None:
        hub = self.hub
        if msg.get("proc") == hub.proc:
            return
        kind, table = msg.get("t"), msg.get("table")
        if kind == "presences":  # a process's periodic heartbeat, many tables at once
            for tid, seats, n in msg["items"]:
                hub.remote_presence(str(tid), str(msg["proc"]), list(seats), int(n))
            return
        if not isinstance(table, str) or table not in hub.tables:
            return
        if kind == "action":
            hub.spawn(hub.refresh(table))
        elif kind == "seats":
            hub.spawn(hub.seats_changed(table))
        elif kind == "chat":
            hub.deliver_chat(table, msg.get("seat"), msg["name"], msg["text"], msg["at"])
        elif kind == "presence":
            hub.remote_presence(table, str(msg["proc"]), list(msg["seats"]), int(msg["spectators"]))
