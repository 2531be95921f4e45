"""Load benchmark of the online server: N concurrent games of bot-speed clients.

Starts ``caiquan serve`` in a child process (SQLite in a temporary folder unless
``--database`` is given, or uses ``--url`` of a running server), creates N two-player tables,
connects two WebSocket clients per table over loopback, and lets every client answer its
decisions at once with a random legal option. Reports decisions per second and the latency of
a decision (``decide`` sent → the ``state`` frame that shows it accepted), p50 and p99.
With ``--tables`` it then opens that many more tables — each with its creator seated and
connected, waiting for an opponent — and reports the server's memory (RSS).

    python bench/server_load.py --games 200 --tables 1000
    python bench/server_load.py --games 200 --database postgresql://postgres@127.0.0.1/postgres
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SRC = str(Path(__file__).resolve().parents[1] / "src")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def http(method: str, url: str, body: dict[str, Any] | None = None) -> Any:
    import httpx2

    async with httpx2.AsyncClient(timeout=60) as client:
        r = await client.request(method, url, json=body)
        r.raise_for_status()
        return r.json()


class Seat:
    def __init__(self, ws_url: str, token: str, rng: random.Random, lat: list[float]) -> None:
        self.ws_url, self.token, self.rng, self.lat = ws_url, token, rng, lat
        self.decisions = 0

    async def run(self) -> None:
        import websockets

        async with websockets.connect(self.ws_url, max_size=2**22, compression=None) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": self.token}))
            sent_at: float | None = None
            sent_version = -1
            async for text in ws:
                f = json.loads(text)
                if f["type"] == "error" and f["code"] not in ("stale",):
                    raise RuntimeError(f)
                if f["type"] == "welcome":  # help shuffle, as a browser does
                    shuffle = ((f["table"].get("fair") or {}).get("shuffle")) or {}
                    if shuffle.get("open") and f["seat"] not in shuffle.get("given", []):
                        value = f"{self.rng.getrandbits(128):032x}"
                        await ws.send(json.dumps({"type": "shuffle", "value": value}))
                if f["type"] != "state" or f["observation"] is None:  # (not dealt yet)
                    continue
                obs = f["observation"]
                if sent_at is not None and (
                    f["version"] > sent_version or obs.get("my_commit") is not None
                ):
                    self.lat.append(time.perf_counter() - sent_at)
                    sent_at = None
                if f["status"] == "finished":
                    return
                if f["decision"] is not None and obs.get("my_commit") is None and sent_at is None:
                    option = self.rng.choice(f["decision"]["options"])["id"]
                    sent_at, sent_version = time.perf_counter(), f["version"]
                    self.decisions += 1
                    await ws.send(
                        json.dumps({"type": "decide", "version": f["version"], "option": option})
                    )


async def run_games(base: str, games: int, game: str, options: dict[str, Any]) -> dict[str, Any]:
    ws_base = base.replace("http://", "ws://")
    lat: list[float] = []
    seats: list[Seat] = []
    rng = random.Random(1)
    for _ in range(games):
        c = await http(
            "POST",
            f"{base}/api/tables",
            {"game": game, "options": options, "seats": [{}, {}], "listed": False},
        )
        j = await http("POST", f"{base}/api/tables/{c['table']}/join", {"invite": c["invite"]})
        url = f"{ws_base}/ws/tables/{c['table']}"
        seats.append(Seat(url, c["joined"]["token"], random.Random(rng.random()), lat))
        seats.append(Seat(url, j["token"], random.Random(rng.random()), lat))
    t0 = time.perf_counter()
    await asyncio.gather(*(s.run() for s in seats))
    elapsed = time.perf_counter() - t0
    lat.sort()
    n = sum(s.decisions for s in seats)
    return {
        "games": games,
        "decisions": n,
        "seconds": round(elapsed, 2),
        "decisions_per_s": round(n / elapsed, 1),
        "latency_ms_p50": round(1000 * lat[len(lat) // 2], 2),
        "latency_ms_p99": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2),
    }


async def open_tables(base: str, n: int, game: str, pid: int | None) -> dict[str, Any]:
    """Open ``n`` tables, each with its creator seated and connected, waiting for a second
    player; measure the server's RSS while all ``n`` connections are open."""
    import httpx2
    import websockets

    sem = asyncio.Semaphore(20)
    ws_base = base.replace("http://", "ws://")
    sockets: list[Any] = []
    t0 = time.perf_counter()
    async with httpx2.AsyncClient(timeout=60) as client:

        async def one() -> None:
            async with sem:
                body = {"game": game, "seats": [{}, {}]}
                r = await client.post(f"{base}/api/tables", json=body)
                r.raise_for_status()
                c = r.json()
                ws = await websockets.connect(f"{ws_base}/ws/tables/{c['table']}", compression=None)
                hello = {"type": "hello", "protocol": 1, "token": c["joined"]["token"]}
                await ws.send(json.dumps(hello))
                while json.loads(await ws.recv())["type"] != "state":
                    pass
                sockets.append(ws)

        await asyncio.gather(*(one() for _ in range(n)))
    out: dict[str, Any] = {
        "open_tables": n,
        "open_tables_seconds": round(time.perf_counter() - t0, 1),
    }
    if pid is not None:
        await asyncio.sleep(1)
        out["rss_mib_with_open_tables"] = round(rss_mib(pid), 1)
    for ws in sockets:
        await ws.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="concurrent games")
    ap.add_argument("--game", default="goofspiel")
    ap.add_argument("--option", action="append", default=[], help="game option NAME=VALUE")
    ap.add_argument("--tables", type=int, default=0, help="then open this many tables; show RSS")
    ap.add_argument("--database", default="", help="database URL for the started server")
    ap.add_argument("--url", default="", help="use a running server instead")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        k, _, v = item.partition("=")
        options[k] = int(v) if v.isdigit() else v

    proc = None
    tmp = tempfile.TemporaryDirectory()
    base = args.url
    if not base:
        port = free_port()
        database = args.database or f"sqlite:///{Path(tmp.name) / 'bench.sqlite3'}"
        proc = subprocess.Popen(
            [sys.executable, "-m", "caiquan", "serve", "--port", str(port), "--database", database],
            # one client address opens every table: lift the per-address HTTP limit
            env={
                **os.environ,
                "PYTHONPATH": SRC,
                "CAIQUAN_HTTP_RATE": "1e6",
                "CAIQUAN_HTTP_BURST": "1e6",
                # and its sockets: every player of every game comes from this address
                "CAIQUAN_MAX_CLIENT_SOCKETS": "1000000",
                "CAIQUAN_MAX_CLIENT_CONNECTIONS": "1000000",
                "CAIQUAN_MAX_CLIENT_TABLES": "1000000",
            },
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        import httpx2

        for _ in range(300):
            try:
                httpx2.get(base + "/healthz", timeout=1)
                break
            except httpx2.HTTPError:
                time.sleep(0.1)
    try:
        result: dict[str, Any] = {"game": args.game, "options": options}
        if proc is not None:
            result["rss_mib_start"] = round(rss_mib(proc.pid), 1)
        cpu0 = cpu_seconds(proc.pid) if proc is not None else 0.0
        result.update(asyncio.run(run_games(base, args.games, args.game, options)))
        if proc is not None:
            cpu = cpu_seconds(proc.pid) - cpu0  # includes creating the tables
            result["server_cpu_s"] = round(cpu, 2)
            result["server_cpu_ms_per_decision"] = round(1000 * cpu / result["decisions"], 3)
            result["rss_mib_after_games"] = round(rss_mib(proc.pid), 1)
        if args.tables:
            pid = proc.pid if proc is not None else None
            result.update(asyncio.run(open_tables(base, args.tables, args.game, pid)))
        if args.json:
            print(json.dumps(result))
        else:
            for k, v in result.items():
                print(f"{k:>26}: {v}")
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(30)
        tmp.cleanup()


if __name__ == "__main__":
    main()
