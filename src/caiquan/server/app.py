"""The ASGI application: HTTP API, WebSocket endpoint, static files, middleware."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.staticfiles import StaticFiles

from caiquan import __version__

from . import api, protocol, webapi, ws
from .content import ContentLibrary
from .hub import Full, Hub
from .security import BodySizeLimit, KeyedLimiter
from .settings import Settings
from .storage import Storage

log = logging.getLogger("caiquan.server")
STATIC = Path(__file__).with_name("static")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server app. Content files of ``settings.content_dir`` are read and validated here,
    before anything is served (a :class:`~caiquan.engine.ConfigError` names a bad file)."""
    settings = settings or Settings()
    library = ContentLibrary.load(settings.content_dir)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(settings.resolved_database_url())
        await asyncio.to_thread(storage.migrate)
        hub = Hub(storage, settings, library)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            storage.close()

    app = FastAPI(
        title="caiquan server",
        version=__version__,
        description=(
            "Rooms, seats, bots and WebSocket play for caiquan (猜拳) games. "
            f"WebSocket protocol version {protocol.PROTOCOL} at /ws/tables/{{id}}; "
            "see docs/server.md."
        ),
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.library = library
    app.state.http_limiter = KeyedLimiter(settings.http_rate, settings.http_burst)
    app.state.analysis_limiter = KeyedLimiter(settings.analysis_rate, settings.analysis_burst)
    app.include_router(api.router)
    app.include_router(webapi.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", ws.table_socket)

    @app.get("/healthz", include_in_schema=False)
    async def healthz(request: Request) -> dict[str, object]:
        hub: Hub = request.app.state.hub
        return {
            "ok": True,
            # tables in this process's memory (in play, or watched), and how many it takes
            "tables": len(hub.tables),
            "tables_limit": hub.settings.max_open_tables,
            # decisions applied (a face-down choice counts when it is revealed)
            "decisions": hub.decisions,
            "bot_fallbacks": hub.bot_fallbacks,
            # WebSockets the app holds, and every TCP socket below it (caiquan serve only)
            "connections": sum(hub.client_conns.values()),
            "sockets": gate.stats() if (gate := getattr(request.app.state, "gate", None)) else None,
            "analyses": hub.analyses.stats(),
        }

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's own answer echoes the input, which may not be encodable (a lone
        # surrogate, NaN): say where and what, never the input itself.
        detail = [
            {
                "loc": [_printable(x) for x in e.get("loc", ())],
                "msg": _printable(e.get("msg", "")),
                "type": _printable(e.get("type", "")),
            }
            for e in exc.errors()[:20]
        ]
        return JSONResponse({"detail": detail}, status_code=422)

    @app.exception_handler(Full)
    async def full(request: Request, exc: Full) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "30"})

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        # Never a stack trace to a client; the log keeps it.
        log.error("unhandled error on %s", request.url.path, exc_info=exc)
        return JSONResponse({"detail": "internal server error"}, status_code=500)

    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST"],
            allow_headers=["content-type"],
        )
    app.add_middleware(BodySizeLimit, limit=settings.max_body_bytes)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.allowed_hosts)
    # The web table (a later issue) lives in static/ and is served at /.
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    return app


def _printable(x: object) -> str | int:
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    return str(x)[:200].encode("utf-8", "replace").decode("utf-8")
