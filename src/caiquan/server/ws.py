"""The WebSocket endpoint ``/ws/tables/{id}``: hello, decide, chat, ping (protocol v1)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from caiquan.engine.fair import ENTROPY

from . import protocol
from .hub import Conn, Full, Hub, LiveTable
from .security import TokenBucket, client_key, find_seat
from .settings import Settings

log = logging.getLogger("caiquan.server")


#: The page's scheme for each WebSocket scheme: an https page may only open wss.
_PAGE_SCHEME = {"ws": "http", "wss": "https"}


def origin_allowed(ws: WebSocket, settings: Settings) -> bool:
    """Browsers send Origin; only the server's own origin (same scheme and host) or the
    configured origins may connect."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser (a browser always sends it on a WebSocket upgrade)
    if origin in settings.cors_origins or "*" in settings.cors_origins:
        return True
    host = ws.headers.get("host", "")
    parts = urlsplit(origin)
    return (
        host != "" and parts.netloc == host and parts.scheme == _PAGE_SCHEME.get(ws.url.scheme, "")
    )


async def _refuse(ws: WebSocket, code: str, message: str | None, close: int) -> None:
    await ws.accept()
    await ws.send_text(protocol.dumps(protocol.error(code, message)))
    await ws.close(code=close)


async def table_socket(ws: WebSocket, table_id: str) -> None:
    hub: Hub = ws.app.state.hub
    settings: Settings = ws.app.state.settings
    if not origin_allowed(ws, settings):
        await ws.close(code=1008)
        return
    client = client_key(ws.client)
    if hub.client_conns.get(client, 0) >= settings.max_client_connections:
        # 1013: try again later. Refused before any work, so a flood costs a socket only.
        await _refuse(ws, "too_many_connections", None, 1013)
        return
    hub.client_conns[client] = hub.client_conns.get(client, 0) + 1
    try:
        await _serve_socket(ws, hub, settings, table_id, client)
    finally:
        left = hub.client_conns.get(client, 1) - 1
        if left > 0:
            hub.client_conns[client] = left
        else:
            hub.client_conns.pop(client, None)


async def _serve_socket(
    ws: WebSocket, hub: Hub, settings: Settings, table_id: str, client: str
) -> None:
    ok = len(table_id) <= 32 and protocol.clean(table_id)
    try:
        t = await hub.get(table_id) if ok else None
    except Full:
        await _refuse(ws, "busy", None, 1013)
        return
    if t is None:
        await _refuse(ws, "bad_frame", "no such table", 4404)
        return
    await ws.accept()
    conn = Conn(ws, settings.send_queue)
    conn.client = client
    writer = asyncio.get_running_loop().create_task(conn.writer())
    session = Session(hub, settings, t, conn)
    me = asyncio.current_task()
    if me is not None:
        hub.sessions.add(me)
    try:
        await session.run()
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("websocket session at table %s failed", table_id)
        conn.send(protocol.error("internal"))
    finally:
        if me is not None:
            hub.sessions.discard(me)
        hub.leave(t, conn)
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(writer, 1.0)
        writer.cancel()


class Session:
    def __init__(self, hub: Hub, settings: Settings, t: LiveTable, conn: Conn) -> None:
        self.hub, self.settings, self.t, self.conn = hub, settings, t, conn
        self.frames = TokenBucket(settings.frame_rate, settings.frame_burst)
        self.chats = TokenBucket(settings.chat_rate, settings.chat_burst)
        self.violations = 0

    def error(self, code: str, message: str | None = None, **extra: Any) -> None:
        self.conn.send(protocol.error(code, message, **extra))

    async def run(self) -> None:
        ws, conn, limit = self.conn.ws, self.conn, self.settings.max_frame_bytes
        assert ws is not None
        loop = asyncio.get_running_loop()
        hello_by = loop.time() + self.settings.hello_timeout
        while not conn.closed:
            if not conn.joined:
                try:
                    msg = await asyncio.wait_for(ws.receive(), max(0.0, hello_by - loop.time()))
                except TimeoutError:
                    self.error("hello_first", "no hello in time; closing")
                    conn.close()
                    return
            else:
                msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                return
            text = msg.get("text")
            if text is None:
                data = msg.get("bytes") or b""
                if len(data) > limit:
                    self.error("too_large", f"frames are limited to {limit} bytes")
                else:
                    self.error("bad_frame", "send JSON text frames, not binary ones")
                continue
            if len(text) > limit // 4 and len(text.encode("utf-8", "surrogatepass")) > limit:
                self.error("too_large", f"frames are limited to {limit} bytes")
                continue
            if not self.frames.take():
                self.violations += 1
                if self.violations > self.settings.max_violations:
                    conn.close()
                    return
                self.error("rate_limited")
                continue
            self.violations = 0
            try:
                frame = json.loads(text)
            except (ValueError, RecursionError):  # JSONDecodeError; ints over 4,300 digits
                self.error("bad_json", "the frame is not valid JSON")
                continue
            if not isinstance(frame, dict):
                self.error("bad_json", "a frame is a JSON object with a 'type'")
                continue
            if not protocol.clean(frame):
                self.error("bad_text")
                continue
            try:
                await self.dispatch(frame)
            except WebSocketDisconnect:
                raise
            except Exception:
                # A bug, not the client's mistake: logged once, the connection stays open.
                log.exception("frame %r at table %s failed", frame.get("type"), self.t.id)
                self.error("internal")

    async def dispatch(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "ping":
            self.conn.send(
                {"type": "pong", "id": frame.get("id") if _small(frame.get("id")) else None}
            )
        elif kind == "hello":
            await self.hello(frame)
        elif not self.conn.joined:
            self.error("hello_first")
        elif kind == "decide":
            await self.decide(frame)
        elif kind == "chat":
            await self.chat(frame)
        elif kind == "shuffle":
            await self.shuffle(frame)
        else:
            self.error("unknown_type", f"unknown frame type {str(kind)[:40]!r}")

    async def hello(self, frame: dict[str, Any]) -> None:
        if self.conn.joined:
            self.error("bad_frame", "hello was already said on this connection")
            return
        version = frame.get("protocol", protocol.PROTOCOL)
        if type(version) is not int or version != protocol.PROTOCOL:
            self.error("protocol", f"this server speaks protocol {protocol.PROTOCOL}")
            return
        token = frame.get("token")
        seat: int | None = None
        if token is not None:
            if not isinstance(token, str) or len(token) > 200:
                self.error("bad_token")
                return
            seat = find_seat(token, [(s.seat, s.token_hash) for s in self.t.seats])
            if seat is None:
                self.error("bad_token")
                return
        if self.t.status == "expired":
            self.error("expired")
            return
        # Spectators and seats are counted apart: spectators never keep a player out.
        same = sum(1 for c in self.t.conns if not c.closed and c.seat == seat)
        if seat is None and same >= self.settings.max_spectators:
            self.error("table_full", "this table has as many spectators as it takes")
            return
        if seat is not None and same >= self.settings.max_seat_connections:
            self.error(
                "table_full",
                f"your seat is open in {same} places already; close one (another tab?)",
            )
            return
        await self.hub.join(self.t, self.conn, seat)

    async def decide(self, frame: dict[str, Any]) -> None:
        seat = self.conn.seat
        if seat is None:
            self.error("spectator", "spectators cannot decide")
            return
        version, option = frame.get("version"), frame.get("option")
        if type(version) is not int:
            self.error("bad_frame", "decide needs 'version' (the state version you saw, an int)")
            return
        if type(option) is not int:
            self.error("bad_frame", "decide needs 'option' (an option id, an int)")
            return
        err = await self.hub.decide(self.t, seat, version, option)
        if err is not None:
            self.conn.send(err)

    async def shuffle(self, frame: dict[str, Any]) -> None:
        """A seated person's random value for the deal (docs/server.md, *Provably fair
        deals*): kept once per seat, before the cards are dealt."""
        seat = self.conn.seat
        if seat is None:
            self.error("spectator", "only a seated person helps shuffle")
            return
        value = frame.get("value")
        if not isinstance(value, str) or not ENTROPY.fullmatch(value):
            self.error("bad_frame", "shuffle needs 'value': 32 to 128 lower-case hex digits")
            return
        self.conn.send(await self.hub.contribute(self.t, seat, value))

    async def chat(self, frame: dict[str, Any]) -> None:
        seat = self.conn.seat
        if seat is None:
            self.error("spectator", "spectators read the chat but do not write in it")
            return
        text = frame.get("text")
        if not isinstance(text, str):
            self.error("bad_frame", "chat needs 'text'")
            return
        text = text.strip()
        if not text:
            self.error("chat_empty")
            return
        if len(text) > self.settings.chat_max_chars:
            self.error(
                "chat_too_long",
                f"chat lines are limited to {self.settings.chat_max_chars} characters",
            )
            return
        if not self.chats.take():
            self.error("rate_limited", "too many chat lines; wait a moment")
            return
        await self.hub.chat(self.t, seat, text)


def _small(x: object) -> bool:
    return x is None or (isinstance(x, int | str) and len(str(x)) <= 40)
