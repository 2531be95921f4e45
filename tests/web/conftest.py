"""Browser tests of the web table: a real ``caiquan serve`` and Debian's Chromium via Playwright.

Skipped with a printed reason when Playwright or ``/usr/bin/chromium`` is missing (a bare
machine); ``.ci/run`` installs both. Our own module-scoped ``sync_playwright()`` fixture, not
pytest-playwright's: its session-scoped loop would break every asyncio test after it.

``CAIQUAN_WEB_SRC`` (optional) is the ``src`` folder the server process imports, e.g. a tree
with more games than this one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.procs import SRC, free_port

CHROMIUM = os.environ.get("CAIQUAN_CHROMIUM", "/usr/bin/chromium")


def _skip_reason() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "browser tests need playwright (pip install -e '.[test]')"
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        return "browser tests need Debian's chromium (apt-get install chromium; .ci/run does)"
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return "browser tests need the server extra (pip install -e '.[server]')"
    return None


SKIP = _skip_reason()


class WebServer:
    def __init__(self, tmp: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp / "server.log"
        src = os.environ.get("CAIQUAN_WEB_SRC") or SRC
        env = {
            **os.environ,
            "PYTHONPATH": src,
            "CAIQUAN_HTTP_RATE": "200",
            "CAIQUAN_HTTP_BURST": "400",
            # a seat whose client gives no value to the deal waits this long (test_fair.py)
            "CAIQUAN_SHUFFLE_SECONDS": "8",
            "CAIQUAN_DATA_DIR": str(tmp),
        }
        db = f"sqlite:///{tmp / 'web.sqlite3'}"
        code = (
            "from caiquan.server.run import serve; "
            f"serve(port={self.port}, database={db!r}, log_level='warning')"
        )
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code], stdout=out, stderr=subprocess.STDOUT, env=env
            )
        import httpx2

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx2.get(self.base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            time.sleep(0.1)
        else:
            raise RuntimeError(f"server did not start: {self.log.read_text()[-3000:]}")
        self.games = {g["id"] for g in httpx2.get(self.base + "/api/games").json()}

    def get(self, path: str) -> Any:
        import httpx2

        return httpx2.get(self.base + path, timeout=10).json()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    if SKIP:
        print(f"SKIP: {SKIP}")
        pytest.skip(SKIP)
    s = WebServer(tmp_path_factory.mktemp("web"))
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser(server: WebServer) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        exe = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
        b = p.chromium.launch(executable_path=exe)
        yield b
        b.close()


def need_game(server: WebServer, game: str) -> None:
    """Every seed game is registered on main: a missing one is a failure, never a skip."""
    assert game in server.games, (
        f"the game {game!r} is not registered (games: {sorted(server.games)})"
    )
