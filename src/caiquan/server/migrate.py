"""Schema migrations with Alembic, run programmatically at start-up.

``caiquan serve`` upgrades the database to the newest revision before it serves. With
PostgreSQL, a transaction-level advisory lock makes concurrent start-ups of several processes
safe (one migrates, the others wait and then find nothing to do).
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).with_name("migrations")
_LOCK_KEY = 0x63616971  # "caiq"


def alembic_config(connection: sa.Connection | None = None) -> object:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    from alembic import command

    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": _LOCK_KEY})
        command.upgrade(alembic_config(conn), revision)  # type: ignore[arg-type]


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()
