"""Probe of the server's bounded analyses, tried as an attacker would (issue 51, items 1 and 3).

1. **Cost against length** (in this process): the coach (``/coach``) and the live coach
   (``/coach/live``, computed at once from the start) of oshi_zumo games where both seats bid 0
   for N turns, N = 50 … 1,000: CPU seconds and seconds per turn (flat: linear cost).
2. **Under attack** (a ``caiquan serve`` child on SQLite; every analysis limit at its
   default, frame and table-creation rates lifted for the probe's own players): 12 oshi_zumo
   games of the longest a server table allows (``horizon`` 200, both bidding 0) are played
   to the end, and one more is left in play. From one address (127.0.0.1), 12 concurrent ``/coach``
   requests on the 12 finished games and 12 concurrent ``/coach/live`` requests on the game in
   play, repeated for ``--seconds``. Meanwhile, from another address (127.0.0.2), a visitor
   creates tables (``POST /api/tables``: latency of each) and two players play another game
   (latency of each decision: ``decide`` sent → the ``state`` that shows it).
3. **Token-less live coach**: 240 tables created (from 12 addresses, 20 each), then 240
   ``/coach/live`` requests without a token (each address asks for its own 20);
   ``/healthz`` ``tables`` (tables in memory) before and after.

    python bench/server_probe.py            # prints a JSON report
    python bench/server_probe.py --runs 5   # part 2 five times: medians and spread
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SRC = str(Path(__file__).resolve().parents[1] / "src")
sys.path.insert(0, SRC)

ZERO = {"horizon": 200, "min_bid": 0}  # the longest game a server table allows


# ---------------------------------------------------------------------- 1. cost vs length


def cost_against_length(lengths: list[int]) -> list[dict[str, Any]]:
    from caiquan.games import load_game
    from caiquan.server import workers

    rows = []
    for n in lengths:
        game = load_game("oshi_zumo", horizon=n, min_bid=0)
        state = game.new_state(1)
        while not state.is_terminal():
            state.apply({p: 0 for p in state.to_move()})  # option 0: bid 0
        record = state.record()
        start = time.process_time()
        workers.coach_job("oshi_zumo", dict(game.config), record.to_json())
        coach = time.process_time() - start
        start = time.process_time()
        workers.live_coach_job(f"probe{n}", "oshi_zumo", dict(game.config), 1, record.decisions, 0)
        live = time.process_time() - start
        rows.append(
            {
                "turns": n,
                "coach_s": round(coach, 4),
                "live_coach_s": round(live, 4),
                "coach_ms_per_turn": round(1000 * coach / n, 3),
                "live_ms_per_turn": round(1000 * live / n, 3),
            }
        )
    return rows


# ---------------------------------------------------------------------- the server


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(folder: str) -> tuple[subprocess.Popen[bytes], str]:
    import httpx2

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{folder}/probe.sqlite3"
    log = open(Path(folder) / "server.log", "wb")  # noqa: SIM115 (the child's, till the end)
    proc = subprocess.Popen(
        [sys.executable, "-m", "caiquan", "serve", "--port", str(port), "--database", db],
        env={
            **os.environ,
            "PYTHONPATH": SRC,
            "CAIQUAN_DATA_DIR": folder,
            # the probe's own players play at bot speed and open many tables: those limits
            # are lifted; every limit on analyses stays at its default
            "CAIQUAN_FRAME_RATE": "10000",
            "CAIQUAN_FRAME_BURST": "10000",
            "CAIQUAN_HTTP_RATE": "1000",
            "CAIQUAN_HTTP_BURST": "1000",
            "CAIQUAN_MAX_CLIENT_TABLES": "1000",
        },
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx2.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, base
        except httpx2.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError((Path(folder) / "server.log").read_text()[-2000:])


def client(address: str = "127.0.0.1") -> Any:
    import httpx2

    transport = httpx2.AsyncHTTPTransport(local_address=address)
    limits = httpx2.Limits(max_connections=200, max_keepalive_connections=50)
    return httpx2.AsyncClient(transport=transport, timeout=120, limits=limits)


async def player(
    base: str,
    table: str,
    token: str,
    choose: Any,
    lat: list[float] | None = None,
    until: int | None = None,
    address: str = "127.0.0.1",
) -> None:
    """One seat over a WebSocket: gives its value to the deal, then answers each decision with
    ``choose(state frame)``; stops at the end or once the game is at version ``until``."""
    import websockets

    url = base.replace("http://", "ws://") + f"/ws/tables/{table}"
    async with websockets.connect(url, max_size=2**22, local_addr=(address, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        sent_at: float | None = None
        sent_version = -1
        async for text in ws:
            f = json.loads(text)
            if f["type"] == "error" and f["code"] != "stale":
                raise RuntimeError(f)
            if f["type"] == "welcome":
                shuffle = (f["table"].get("fair") or {}).get("shuffle") or {}
                if shuffle.get("open") and f["seat"] not in shuffle.get("given", []):
                    value = f"{random.getrandbits(128):032x}"
                    await ws.send(json.dumps({"type": "shuffle", "value": value}))
            if f["type"] != "state" or f["observation"] is None:
                continue
            obs = f["observation"]
            if sent_at is not None and (
                f["version"] > sent_version or obs.get("my_commit") is not None
            ):
                if lat is not None:
                    lat.append(time.perf_counter() - sent_at)
                sent_at = None
            if f["status"] == "finished" or (until is not None and f["version"] >= until):
                return
            if f["decision"] is not None and obs.get("my_commit") is None and sent_at is None:
                sent_at, sent_version = time.perf_counter(), f["version"]
                option = choose(f)
                await ws.send(
                    json.dumps({"type": "decide", "version": f["version"], "option": option})
                )


def bid_zero(f: dict[str, Any]) -> int:
    return int(f["decision"]["options"][0]["id"])


async def two_player_table(
    http: Any, base: str, game: str, options: dict[str, Any]
) -> tuple[str, str, str]:
    r = await http.post(
        f"{base}/api/tables",
        json={"game": game, "options": options, "seats": [{}, {}], "listed": False},
    )
    r.raise_for_status()
    c = r.json()
    j = await http.post(f"{base}/api/tables/{c['table']}/join", json={"invite": c["invite"]})
    j.raise_for_status()
    return c["table"], c["joined"]["token"], j.json()["token"]


async def long_games(base: str, finished: int) -> tuple[list[str], tuple[str, str]]:
    """``finished`` oshi_zumo games played to their 200th turn, and one left at turn 150."""
    async with client() as http:
        done = []
        for _ in range(finished):
            table, a, b = await two_player_table(http, base, "oshi_zumo", ZERO)
            await asyncio.gather(player(base, table, a, bid_zero), player(base, table, b, bid_zero))
            done.append(table)
        table, a, b = await two_player_table(http, base, "oshi_zumo", ZERO)
        await asyncio.gather(
            player(base, table, a, bid_zero, until=150),
            player(base, table, b, bid_zero, until=150),
        )
        return done, (table, a)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] if values else float("nan")


async def attack(
    base: str, finished: list[str], live: tuple[str, str], seconds: float
) -> dict[str, Any]:
    statuses: dict[str, int] = {}
    stop = time.monotonic() + seconds

    async def coach(http: Any, path: str, headers: dict[str, str]) -> None:
        while time.monotonic() < stop:
            r = await http.get(base + path, headers=headers)
            statuses[str(r.status_code)] = statuses.get(str(r.status_code), 0) + 1
            if r.status_code == 429:
                await asyncio.sleep(0.05)  # an attacker retries at once, barely waiting

    async def visitor_creates(http: Any, out: list[float]) -> None:
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            body = {"game": "goofspiel", "seats": [{}, {"kind": "bot"}], "listed": False}
            r = await http.post(base + "/api/tables", json=body)
            out.append(time.perf_counter() - t0)
            assert r.status_code == 201, r.text
            await asyncio.sleep(1.0)

    creations: list[float] = []
    decisions: list[float] = []
    table, token = live
    async with client() as attacker, client("127.0.0.2") as visitor:
        await asyncio.gather(
            *(
                coach(attacker, f"/api/tables/{finished[i % len(finished)]}/coach", {})
                for i in range(12)
            ),
            *(
                coach(attacker, f"/api/tables/{table}/coach/live", {"X-Seat-Token": token})
                for _ in range(12)
            ),
            visitor_creates(visitor, creations),
            other_games(visitor, base, stop, decisions, random.Random(7)),
        )
        health = (await visitor.get(base + "/healthz")).json()
    return {
        "attack_answers": statuses,
        "create_s_max": round(max(creations), 3),
        "create_s_median": round(statistics.median(creations), 3),
        "creations": len(creations),
        "decision_ms_p50": round(1000 * pct(decisions, 0.5), 2),
        "decision_ms_p99": round(1000 * pct(decisions, 0.99), 2),
        "decisions": len(decisions),
        "analyses": health.get("analyses"),
    }


async def other_games(
    http: Any, base: str, stop: float, lat: list[float], rng: random.Random
) -> None:
    """Two players of another address play goofspiel games, one after another, until
    ``stop``: the latency of each of their decisions into ``lat``."""

    def choose(f: dict[str, Any]) -> int:
        return int(rng.choice(f["decision"]["options"])["id"])

    while time.monotonic() < stop:
        table, a, b = await two_player_table(http, base, "goofspiel", {"num_cards": 13})
        await asyncio.gather(
            player(base, table, a, choose, lat, address="127.0.0.2"),
            player(base, table, b, choose, lat, address="127.0.0.2"),
        )


async def baseline(base: str, seconds: float) -> dict[str, Any]:
    """The other game's decision latency with no attack, for comparison."""
    lat: list[float] = []
    async with client("127.0.0.2") as visitor:
        await other_games(visitor, base, time.monotonic() + seconds, lat, random.Random(8))
    return {
        "decision_ms_p50": round(1000 * pct(lat, 0.5), 2),
        "decision_ms_p99": round(1000 * pct(lat, 0.99), 2),
        "decisions": len(lat),
    }


async def tokenless(base: str) -> dict[str, Any]:
    tables: dict[str, list[str]] = {}

    async def make(address: str) -> None:
        async with client(address) as http:
            for _ in range(20):
                body = {"game": "oshi_zumo", "seats": [{}, {}], "listed": False}
                r = await http.post(base + "/api/tables", json=body)
                assert r.status_code == 201, r.text
                tables.setdefault(address, []).append(r.json()["table"])

    addresses = [f"127.0.1.{i}" for i in range(1, 13)]
    await asyncio.gather(*(make(a) for a in addresses))
    answers: dict[str, int] = {}

    async def ask(address: str) -> None:  # each address its own 20: within its request rate
        async with client(address) as http:
            for table in tables[address]:
                r = await http.get(f"{base}/api/tables/{table}/coach/live")
                answers[str(r.status_code)] = answers.get(str(r.status_code), 0) + 1

    async with client("127.0.2.1") as http:
        before = (await http.get(base + "/healthz")).json()["tables"]
        await asyncio.gather(*(ask(a) for a in addresses))
        after = (await http.get(base + "/healthz")).json()["tables"]
    requests = sum(len(t) for t in tables.values())
    return {"requests": requests, "answers": answers, "tables_in_memory": [before, after]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seconds", type=float, default=20.0, help="length of the attack")
    ap.add_argument("--runs", type=int, default=1, help="attacks (medians and spread)")
    ap.add_argument("--lengths", default="50,100,200,300,1000", help="turns for part 1")
    args = ap.parse_args()
    report: dict[str, Any] = {
        "cost_against_length": cost_against_length([int(x) for x in args.lengths.split(",")])
    }
    with tempfile.TemporaryDirectory() as folder:
        proc, base = serve(folder)
        try:
            finished, live = asyncio.run(long_games(base, 12))
            report["baseline"] = asyncio.run(baseline(base, min(args.seconds, 10.0)))
            runs = [
                asyncio.run(attack(base, finished, live, args.seconds)) for _ in range(args.runs)
            ]
            report["attack_runs"] = runs
            if args.runs > 1:
                for key in ("create_s_max", "decision_ms_p99"):
                    values = [r[key] for r in runs]
                    report[f"{key}_median"] = statistics.median(values)
                    report[f"{key}_spread"] = [min(values), max(values)]
            report["tokenless_live_coach"] = asyncio.run(tokenless(base))
            log = (Path(folder) / "server.log").read_text(errors="replace")
            report["server_tracebacks"] = log.count("Traceback")
        finally:
            proc.terminate()
            proc.wait(10)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
