"""caiquan.server — the online server: rooms, seats, bots, WebSocket play, persistence.

An ASGI app (FastAPI + uvicorn) over a storage layer (SQLAlchemy: SQLite by default,
PostgreSQL by URL, Alembic migrations). See ``docs/server.md``.

Modules: :mod:`.app` (the ASGI app), :mod:`.api` (HTTP), :mod:`.ws` (WebSocket sessions),
:mod:`.protocol` (frames), :mod:`.hub` (live tables), :mod:`.storage` (database),
:mod:`.notify` (PostgreSQL LISTEN/NOTIFY), :mod:`.security` (tokens, limits),
:mod:`.settings`, :mod:`.run` (``caiquan serve``).
"""

from .app import create_app
from .protocol import PROTOCOL
from .settings import Settings

__all__ = ["PROTOCOL", "Settings", "create_app"]
