"""Fixtures: a server app on SQLite or on PostgreSQL (``DATABASE_URL``), in process."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .registry import close_all

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

    from caiquan.server import Settings


PG_SKIP = (
    "PostgreSQL tests need DATABASE_URL=postgresql://… (an empty server the tests may create "
    "databases on); .ci/run starts one"
)


def pg_admin_url() -> str | None:
    return os.environ.get("DATABASE_URL") or None


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (dropped afterwards)."""
    admin = pg_admin_url()
    if admin is None:
        print(f"SKIP: {PG_SKIP}")
        pytest.skip(PG_SKIP)
    psycopg = pytest.importorskip(
        "psycopg",
        reason="DATABASE_URL is set but the postgres extra is not: pip install -e '.[postgres]'",
    )

    name = "caiquan_test_" + secrets.token_hex(6)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.sqlite3'}"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def make_settings(url: str, **kw: Any) -> Settings:
    from caiquan.server import Settings

    base: dict[str, Any] = {
        "database_url": url,
        "allowed_hosts": ["testserver", "127.0.0.1", "localhost"],
        "http_burst": 10_000,
        "frame_rate": 10_000.0,
        "frame_burst": 10_000.0,
    }
    base.update(kw)
    return Settings(**base)


@pytest.fixture
def http(sqlite_url: str) -> Iterator[TestClient]:
    """The app on a SQLite file, in process."""
    from fastapi.testclient import TestClient

    from caiquan.server import create_app

    with TestClient(create_app(make_settings(sqlite_url))) as client:
        yield client
        close_all()


@pytest.fixture
def http_any(db_url: str) -> Iterator[TestClient]:
    """The app on SQLite and on PostgreSQL."""
    from fastapi.testclient import TestClient

    from caiquan.server import create_app

    with TestClient(create_app(make_settings(db_url))) as client:
        yield client
        close_all()
