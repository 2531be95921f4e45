"""Real server processes (``python -m caiquan serve``) and a WebSocket client for them."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import caiquan

SRC = str(Path(caiquan.__file__).resolve().parents[1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``caiquan serve`` in a child process."""

    def __init__(
        self,
        database: str,
        log: Path,
        port: int | None = None,
        env: dict[str, str] | None = None,
        nofile: int | None = None,
    ) -> None:
        self.nofile = nofile  # the child's open-file limit (soft and hard), e.g. 1024
        self.database = database
        self.env = env or {}
        self.log = log
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        # These tests are about crashes and processes, not rate limits (tested in-process):
        # on a loaded machine a client's frames can bunch up past the default burst.
        limits = {"CAIQUAN_FRAME_RATE": "1000", "CAIQUAN_FRAME_BURST": "2000"}
        env = {**os.environ, "PYTHONPATH": SRC, **limits, **self.env}
        with self.log.open("ab") as out:
            cmd = [sys.executable, "-m", "caiquan", "serve", "--port", str(self.port)]
            self.proc = subprocess.Popen(
                [*cmd, "--database", self.database],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                preexec_fn=self._limit_files if self.nofile else None,
            )
        deadline = time.monotonic() + 60
        import httpx2

        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx2.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx2.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-3000:]}")

    def _limit_files(self) -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (self.nofile, self.nofile))

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        import httpx2

        r = httpx2.post(self.base + path, json=body, timeout=30)
        assert r.status_code in (200, 201), r.text
        return r.json()

    def get(self, path: str) -> Any:
        import httpx2

        return httpx2.get(self.base + path, timeout=30)


class Player:
    """An asyncio WebSocket client that plays random legal options for one seat."""

    def __init__(self, url: str, token: str | None, seed: int) -> None:
        import random

        self.url = url
        self.token = token
        self.rng = random.Random(seed)
        self.ws: Any = None
        self.state: dict[str, Any] | None = None
        self.frames: list[dict[str, Any]] = []
        self.decided: set[int] = set()

    async def connect(self) -> None:
        import websockets

        self.ws = await websockets.connect(self.url, max_size=2**22)
        hello: dict[str, Any] = {"type": "hello", "protocol": 1}
        if self.token:
            hello["token"] = self.token
        await self.ws.send(json.dumps(hello))
        while self.state is None:
            await self.recv()

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        elif frame["type"] == "error" and frame["code"] not in ("stale", "finished"):
            raise AssertionError(f"error frame: {frame}")
        return frame

    @property
    def finished(self) -> bool:
        return self.state is not None and self.state["status"] == "finished"

    async def step(self) -> None:
        """Decide if it is our turn, else wait for the next frame."""
        s = self.state
        assert s is not None
        if (
            s["decision"] is not None
            and s["observation"].get("my_commit") is None
            and s["version"] not in self.decided
        ):
            option = self.rng.choice(s["decision"]["options"])["id"]
            self.decided.add(s["version"])
            await self.ws.send(
                json.dumps({"type": "decide", "version": s["version"], "option": option})
            )
        await self.recv()

    async def wait_turn(self) -> None:
        """Wait until the seat has a new decision to make (the game waits for it) or the game
        is over."""
        while not self.finished:
            s = self.state
            assert s is not None
            if (
                s["decision"] is not None
                and s["observation"].get("my_commit") is None
                and s["version"] not in self.decided
            ):
                return
            await self.recv()

    async def play(self, max_decisions: int | None = None) -> None:
        while not self.finished:
            if max_decisions is not None and len(self.decided) >= max_decisions:
                return
            await self.step()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
