"""Sockets below the app: silent and slow-header connections, floods from one address and
from a few, against a real ``caiquan serve`` limited to 1,024 open files
(caiquan.server.transport)."""

from __future__ import annotations

import asyncio
import json
import resource
import socket
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from caiquan.server.transport import Gate, client_key, per_address_default

from .procs import Server

#: What a server limited to 1,024 files holds: 1,024 less the reserve of 128, and the
#: per-address cap that leaves room for 32 addresses.
TOTAL = 1024 - 128
PER_ADDRESS = TOTAL // 32


@pytest.fixture(autouse=True)
def _room_for_the_clients() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4096:  # this test process holds the attack's client sockets
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(
        f"sqlite:///{tmp_path / 'idle.sqlite3'}",
        tmp_path / "server.log",
        nofile=1024,
        env={"CAIQUAN_HEADER_SECONDS": "3"},
    ).start()
    try:
        yield s
    finally:
        s.stop()


def sockets(server: Server) -> dict[str, int]:
    stats: dict[str, int] = server.get("/healthz").json()["sockets"]
    return stats


def answered(s: socket.socket, wait: float) -> str:
    """What the server did with a socket within ``wait`` seconds (0: so far): ``503``,
    ``closed`` or ``open``."""
    s.settimeout(wait) if wait > 0 else s.setblocking(False)
    try:
        data = s.recv(200)
    except (TimeoutError, BlockingIOError):
        return "open"
    except ConnectionResetError:
        return "reset"
    return "503" if data.startswith(b"HTTP/1.1 503") else "closed" if not data else "other"


async def still_served(server: Server, table: dict[str, Any]) -> tuple[int, float, int, str]:
    """/healthz, a table's creation and a seated player's hello, from other addresses."""
    import httpx2
    import websockets

    transport = httpx2.AsyncHTTPTransport(local_address="127.0.0.2")
    async with httpx2.AsyncClient(base_url=server.base, timeout=5, transport=transport) as c:
        t0 = time.perf_counter()
        health = await c.get("/healthz")
        took = time.perf_counter() - t0
        made = await c.post("/api/tables", json={"game": "goofspiel"})
    url = f"{server.ws_base}/ws/tables/{table['table']}"
    async with websockets.connect(url, open_timeout=10, local_addr=("127.0.0.4", 0)) as player:
        await player.send(json.dumps({"type": "hello", "token": table["joined"]["token"]}))
        welcome = json.loads(await asyncio.wait_for(player.recv(), 10))
    return health.status_code, took, made.status_code, welcome["type"]


def test_a_thousand_silent_sockets_from_one_address(server: Server) -> None:
    """1,100 plain connects that never send a byte, from one address: all but the address's
    cap are answered 503 and closed at once; /healthz, table creation and a seated player's
    hello from elsewhere work while they are open; the rest are closed after the header
    deadline, and the counters say so."""
    table = server.post("/api/tables", {"game": "goofspiel", "seats": [{}, {}]})
    flood = []
    for _ in range(1100):
        s = socket.socket()
        s.bind(("127.0.0.3", 0))
        s.connect(("127.0.0.1", server.port))
        flood.append(s)
    try:
        time.sleep(0.5)
        at_once = Counter(answered(s, 0) for s in flood)
        health, took, made, welcome = asyncio.run(still_served(server, table))
        assert (health, made, welcome) == (200, 201, "welcome")
        assert took < 1.0, f"/healthz took {took:.2f} s during the flood"
        assert at_once["open"] == PER_ADDRESS, at_once
        assert at_once["503"] + at_once["closed"] == 1100 - PER_ADDRESS, at_once
        stats = sockets(server)
        assert stats["per_address"] == PER_ADDRESS and stats["limit"] == TOTAL
        assert stats["refused_address"] == 1100 - PER_ADDRESS
        held = [s for s in flood if answered(s, 0) == "open"]
        assert len(held) == PER_ADDRESS
        later = Counter(answered(s, 6) for s in held)  # the deadline is 3 s
        assert later == {"closed": PER_ADDRESS}, later
        assert sockets(server)["header_timeouts"] >= PER_ADDRESS
    finally:
        for s in flood:
            s.close()


def test_a_thousand_websockets_from_18_addresses(server: Server) -> None:
    """1,100 WebSockets spread over 18 addresses (61 each, under the app's own cap of 64 per
    address): each address keeps its cap of sockets, the others are refused before the
    upgrade, and the server still has room for everyone else."""
    import websockets

    table = server.post("/api/tables", {"game": "goofspiel", "seats": [{}, {}]})
    url = f"{server.ws_base}/ws/tables/{table['table']}"

    async def one(n: int, results: list[str], held: list[Any]) -> None:
        try:
            ws = await websockets.connect(
                url, open_timeout=30, local_addr=(f"127.0.1.{1 + n % 18}", 0)
            )
        except Exception:  # refused before the upgrade (503, or closed)
            results.append("refused")
            return
        results.append("open")
        held.append(ws)

    async def attack() -> tuple[Counter[str], tuple[int, float, int, str], dict[str, int]]:
        results: list[str] = []
        held: list[Any] = []
        await asyncio.gather(*(one(n, results, held) for n in range(1100)))
        try:
            served = await still_served(server, table)
            stats = await asyncio.to_thread(sockets, server)
        finally:
            await asyncio.gather(*(ws.close() for ws in held))
        return Counter(results), served, stats

    counts, (health, took, made, welcome), stats = asyncio.run(attack())
    assert (health, made, welcome) == (200, 201, "welcome")
    assert took < 1.0, f"/healthz took {took:.2f} s during the flood"
    assert counts["open"] == 18 * PER_ADDRESS, counts
    assert counts["refused"] == 1100 - 18 * PER_ADDRESS, counts
    assert stats["refused_address"] == 1100 - 18 * PER_ADDRESS
    assert stats["refused_total"] == 0


def test_slow_headers_are_cut_off_and_whole_requests_are_not(server: Server) -> None:
    """A client that sends its headers a line at a time, on a new connection or on a
    kept-alive one after an answer, is closed at the deadline (3 s here); one that sends
    whole requests slower than that on one kept-alive connection is not."""
    partial = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"

    def trickle(s: socket.socket, seconds: float) -> str:
        """Send a header line every 0.5 s for ``seconds``; what became of the socket."""
        end = time.monotonic() + seconds
        n = 0
        while time.monotonic() < end:
            try:
                s.sendall(b"X-Slow-%d: 1\r\n" % n)
            except (BrokenPipeError, ConnectionResetError):
                return "closed"
            n += 1
            if answered(s, 0.5) != "open":
                return "closed"
        return "open"

    fresh = socket.create_connection(("127.0.0.1", server.port))
    fresh.sendall(partial)
    assert trickle(fresh, 8) == "closed"

    kept = socket.create_connection(("127.0.0.1", server.port))
    kept.sendall(partial + b"\r\n")
    kept.settimeout(5)
    assert kept.recv(4096).startswith(b"HTTP/1.1 200")
    kept.sendall(partial)  # the next request, never finished
    assert trickle(kept, 8) == "closed"

    import httpx2

    with httpx2.Client(base_url=server.base, timeout=5) as client:
        for _ in range(3):  # one connection, whole requests 2 s apart, 6 s in all
            assert client.get("/healthz").status_code == 200
            time.sleep(2)
    assert sockets(server)["header_timeouts"] >= 2
    fresh.close()
    kept.close()


class _Transport:
    def __init__(self, host: str) -> None:
        self.host = host
        self.closing = False

    def get_extra_info(self, name: str) -> Any:
        return (self.host, 5000) if name == "peername" else None

    def is_closing(self) -> bool:
        return self.closing


def test_the_gate_counts_by_address_and_in_all() -> None:
    gate = Gate(total=10, per_address=4)
    a = [_Transport("10.0.0.1") for _ in range(5)]
    assert [gate.admit(t) for t in a] == [True] * 4 + [False]  # type: ignore[arg-type]
    a[0].closing = True  # a closed socket frees its place
    assert gate.admit(_Transport("10.0.0.1"))  # type: ignore[arg-type]
    others = [_Transport(f"10.0.1.{i}") for i in range(8)]
    admitted = [gate.admit(t) for t in others]  # type: ignore[arg-type]
    assert admitted == [True] * 6 + [False] * 2  # the total of 10
    assert gate.stats() | {"addresses": 0} == {
        "open": 10,
        "addresses": 0,
        "limit": 10,
        "per_address": 4,
        "refused_address": 1,
        "refused_total": 2,
        "header_timeouts": 0,
    }
    for t in others:
        t.closing = True
    assert gate.admit(_Transport("10.0.2.1"))  # type: ignore[arg-type]
    assert gate.stats()["open"] == 5


def test_addresses_are_keyed_by_ipv4_or_ipv6_64() -> None:
    assert client_key(("203.0.113.5", 1)) == "203.0.113.5"
    assert client_key(("2001:db8:1:2:aaaa::1", 1, 0, 0)) == "2001:db8:1:2::/64"
    assert client_key(("2001:db8:1:2:bbbb::9", 1, 0, 0)) == "2001:db8:1:2::/64"
    assert client_key(("2001:db8:1:3::1", 1, 0, 0)) == "2001:db8:1:3::/64"
    assert client_key(("::ffff:203.0.113.5", 1, 0, 0)) == "203.0.113.5"
    assert client_key(None) == ""
    assert [per_address_default(n) for n in (100, 896, 4000, 65_408)] == [8, 28, 64, 64]


def test_a_file_limit_too_small_for_the_reserve_is_said_plainly() -> None:
    from caiquan.server import Settings
    from caiquan.server.run import make_gate

    with pytest.raises(ValueError, match=r"open-file limit \(100\).*ulimit -n"):
        make_gate(Settings(), 100)
    gate = make_gate(Settings(max_client_sockets=5, header_seconds=2), 1024)
    assert (gate.total, gate.per_address, gate.header_seconds) == (896, 5, 2)
