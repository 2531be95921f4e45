"""``caiquan serve``: run the app under uvicorn."""

from __future__ import annotations

import logging

from .settings import Settings


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str = "",
    allowed_hosts: list[str] | None = None,
    cors_origins: list[str] | None = None,
    log_level: str = "info",
) -> None:
    import uvicorn

    from .app import create_app
    from .storage import normalize_url

    settings = Settings(database_url=database).apply_env()
    hosts = list(settings.allowed_hosts)
    if host not in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        hosts.append(host)
    settings.allowed_hosts = allowed_hosts or hosts
    settings.cors_origins = cors_origins or []
    url = settings.resolved_database_url()
    settings.database_url = url
    shown = normalize_url(url)
    if "@" in shown:  # never print a password
        scheme, _, rest = shown.partition("://")
        shown = f"{scheme}://…@{rest.rpartition('@')[2]}"
    logging.basicConfig(level=getattr(logging, log_level.upper(), logging.INFO))
    logging.getLogger("alembic").setLevel(logging.WARNING)
    print(f"caiquan server: database {shown}", flush=True)
    print(f"caiquan server: http://{host if ':' not in host else f'[{host}]'}:{port}/", flush=True)
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=64 * 1024,  # hard cap; the app answers frames over its own limit
        # Frames are small JSON: compressing them costs more CPU than it saves (measured).
        ws_per_message_deflate=False,
        proxy_headers=False,
        server_header=False,
    )
