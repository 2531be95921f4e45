"""Admission of TCP connections below the app: a per-address cap, a total cap that keeps a
reserve of file descriptors, and a deadline for a request's headers.

The app only sees a connection once a request's headers have arrived, so its own limits
(WebSockets per address, rates) never count a socket that is opened and left silent, or
one that sends its headers a byte at a time: enough of those take every descriptor the
process may open, and then ``/healthz``, table creation and every player's hello fail.
:class:`Gate` counts every accepted socket by client address the moment it is accepted
(``connection_made``), whatever it later becomes (an HTTP keep-alive connection or a
WebSocket), and :func:`guarded` wraps uvicorn's HTTP protocol so that

* a socket past its address's cap, or past the total, is answered ``503`` and closed at
  once (its descriptor is back before the next accept);
* a socket that has not sent a whole request's headers within ``header_seconds`` of being
  accepted, or of its previous response, is closed (a silent or slow-header client);
* the total stays ``reserve`` descriptors short of the open-file limit, for the database,
  the worker pools' pipes, logs and the listening socket.

uvicorn has no such options (its ``limit_concurrency`` answers ``503`` only once a request
arrives, and its keep-alive timeout starts only after a first response); a reverse proxy in
front does the same job for every process at once and is the right place for it in a
larger deployment (docs/server.md), but the server must hold on its own.

IPv6 clients are counted by their /64 network, the block one subscriber usually holds.
"""

from __future__ import annotations

import asyncio
import ipaddress
from typing import Any

#: The plain answer to a socket past a cap (it has sent no request yet, so no HTTP
#: framing is owed; a client that reads it learns why).
_REFUSED = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Retry-After: 10\r\n"
    b"Connection: close\r\n"
    b"Content-Length: 26\r\n\r\n"
    b"too many open connections\n"
)


def client_key(peer: Any) -> str:
    """The address a socket is counted under: the IPv4 address, or the IPv6 /64."""
    host = peer[0] if isinstance(peer, tuple) and peer else str(peer or "")
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return host  # a Unix socket's path, or nothing
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return host


def per_address_default(total: int) -> int:
    """The per-address cap when none is set: room for 32 addresses at their cap within
    the total, between 8 and 64 sockets each (a browser tab holds up to 7)."""
    return min(64, max(8, total // 32))


class Gate:
    """Counts open sockets by client address; admits or refuses each new one."""

    def __init__(self, total: int, per_address: int = 0, header_seconds: float = 10.0) -> None:
        if total < 1:
            raise ValueError("the total of open sockets must be at least 1")
        self.total = total
        self.per_address = per_address if per_address > 0 else per_address_default(total)
        self.header_seconds = header_seconds
        self._open: dict[str, list[asyncio.BaseTransport]] = {}
        self._count = 0
        self.refused_address = 0  # sockets refused: their address was at its cap
        self.refused_total = 0  # sockets refused: the total was reached
        self.timed_out = 0  # sockets closed: no whole request's headers in time

    def _prune(self, key: str) -> int:
        held = self._open.get(key)
        if not held:
            return 0
        alive = [t for t in held if not t.is_closing()]
        self._count -= len(held) - len(alive)
        if alive:
            self._open[key] = alive
        else:
            del self._open[key]
        return len(alive)

    def _prune_all(self) -> None:
        for key in list(self._open):
            self._prune(key)

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` if its address and the total have room; else refuse it."""
        key = client_key(transport.get_extra_info("peername"))
        if self._prune(key) >= self.per_address:
            self.refused_address += 1
            return False
        if self._count >= self.total:
            self._prune_all()  # closed sockets of other addresses, not yet pruned
            if self._count >= self.total:
                self.refused_total += 1
                return False
        self._open.setdefault(key, []).append(transport)
        self._count += 1
        return True

    def stats(self) -> dict[str, int]:
        self._prune_all()
        return {
            "open": self._count,
            "addresses": len(self._open),
            "limit": self.total,
            "per_address": self.per_address,
            "refused_address": self.refused_address,
            "refused_total": self.refused_total,
            "header_timeouts": self.timed_out,
        }


def guarded(base: type[asyncio.Protocol], gate: Gate) -> type[asyncio.Protocol]:
    """``base`` (uvicorn's HTTP protocol class) admitting its sockets through ``gate`` and
    closing those whose request headers do not arrive in time."""

    class Guarded(base):  # type: ignore[valid-type,misc]
        _deadline: asyncio.TimerHandle | None = None
        _armed_for: object = None  # the request cycle the deadline was set after

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            if not gate.admit(transport):
                if isinstance(transport, asyncio.WriteTransport):
                    transport.write(_REFUSED)
                transport.close()
                return
            self._arm()

        def data_received(self, data: bytes) -> None:
            stale = self._deadline is None or self._armed_for is not getattr(self, "cycle", None)
            if stale and self._between_requests():
                self._disarm()
                self._arm()  # a next request on a kept-alive connection: its headers too
            super().data_received(data)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _between_requests(self) -> bool:
            cycle = getattr(self, "cycle", None)
            return cycle is None or bool(getattr(cycle, "response_complete", False))

        def _arm(self) -> None:
            if gate.header_seconds <= 0:
                return
            self._armed_for = getattr(self, "cycle", None)
            loop = asyncio.get_running_loop()
            self._deadline = loop.call_later(gate.header_seconds, self._check, self._armed_for)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _check(self, cycle_then: object) -> None:
            self._deadline = None
            transport: asyncio.BaseTransport | None = getattr(self, "transport", None)
            if transport is None or transport.is_closing():
                return
            if transport.get_protocol() is not self:
                return  # upgraded to a WebSocket: the app's hello timeout takes over
            if getattr(self, "cycle", None) is cycle_then:  # no new request has started
                gate.timed_out += 1
                transport.close()

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded
