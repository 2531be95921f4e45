"""``caiquan serve``: options, the default SQLite file in the data directory, printed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from .procs import SRC, free_port


def test_serve_help_lists_its_options() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "caiquan", "serve", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC, "COLUMNS": "200"},
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    for option in (
        "--host", "--port", "--database", "--allowed-host", "--cors-origin", "--content-dir",
        "--max-client-connections", "--max-spectators", "--max-client-tables", "--waiting-ttl",
        "--bot-deadline", "--max-bot-seconds",
    ):  # fmt: skip
        assert option in r.stdout


def test_serve_defaults_to_sqlite_in_the_data_dir_and_prints_it(tmp_path: Path) -> None:
    import httpx2

    port = free_port()
    env = {**os.environ, "PYTHONPATH": SRC, "CAIQUAN_DATA_DIR": str(tmp_path)}
    log = tmp_path / "out.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "caiquan", "serve", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        for _ in range(300):
            try:
                if httpx2.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx2.HTTPError:
                time.sleep(0.1)
        text = log.read_text()
        assert f"database sqlite:///{tmp_path / 'server.sqlite3'}" in text
        assert f"http://127.0.0.1:{port}/" in text
        assert (tmp_path / "server.sqlite3").exists()
    finally:
        proc.terminate()
        proc.wait(30)


def test_serve_refuses_a_bad_content_dir_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "content" / "promise"
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text('[rules]\nlife = "many"\n')
    r = subprocess.run(
        [sys.executable, "-m", "caiquan", "serve", "--content-dir", str(tmp_path / "content")],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC, "CAIQUAN_DATA_DIR": str(tmp_path)},
        timeout=60,
    )
    assert r.returncode == 1
    assert "broken.toml" in r.stderr and "Traceback" not in r.stderr
    assert r.stderr.count("\n") <= 2, r.stderr
