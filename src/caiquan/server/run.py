"""``caiquan serve``: run the app under uvicorn."""

from __future__ import annotations

import logging
from typing import Any

from .settings import Settings
from .transport import Gate, guarded

#: Hosts every server accepts in the Host header; ``--allowed-host`` adds to them.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")


def raise_file_limit(want: int = 65_536) -> int:
    """Raise this process's open-file limit towards ``want`` (each WebSocket holds a file
    descriptor; the common default of 1,024 is easily reached). Returns the new limit."""
    try:
        import resource
    except ImportError:  # Windows
        return -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return int(soft)


def make_gate(settings: Settings, files: int) -> Gate:
    """The admission of sockets for a process that may open ``files`` files (-1: unknown)."""
    total = files - settings.file_reserve if files > 0 else 65_536
    if total < 16:
        raise ValueError(
            f"the open-file limit ({files}) leaves fewer than 16 connections after the "
            f"reserve of {settings.file_reserve} (file_reserve): raise the limit (ulimit -n)"
        )
    return Gate(total, settings.max_client_sockets, settings.header_seconds)


def make_settings(
    host: str = "127.0.0.1",
    database: str = "",
    allowed_hosts: list[str] | None = None,
    cors_origins: list[str] | None = None,
    **limits: Any,
) -> Settings:
    """Settings from ``serve``'s flags: environment first (``CAIQUAN_<FIELD>``), then flags."""
    settings = Settings(database_url=database).apply_env()
    for name, value in limits.items():
        if value is not None:
            if not hasattr(settings, name):
                raise TypeError(f"no server setting {name!r}")
            setattr(settings, name, value)
    hosts = [*LOCAL_HOSTS]
    if host not in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        hosts.append(f"[{host}]" if ":" in host else host)
    for h in allowed_hosts or ():
        if h not in hosts:
            hosts.append(h)
    settings.allowed_hosts = hosts
    settings.cors_origins = list(cors_origins or [])
    return settings


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str = "",
    allowed_hosts: list[str] | None = None,
    cors_origins: list[str] | None = None,
    log_level: str = "info",
    **limits: Any,
) -> None:
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    from .app import create_app
    from .storage import normalize_url

    settings = make_settings(host, database, allowed_hosts, cors_origins, **limits)
    url = settings.resolved_database_url()
    settings.database_url = url
    shown = normalize_url(url)
    if "@" in shown:  # never print a password
        scheme, _, rest = shown.partition("://")
        shown = f"{scheme}://…@{rest.rpartition('@')[2]}"
    logging.basicConfig(level=getattr(logging, log_level.upper(), logging.INFO))
    logging.getLogger("alembic").setLevel(logging.WARNING)
    app = create_app(settings)  # reads and checks --content-dir before anything is served
    files = raise_file_limit()
    try:
        gate = make_gate(settings, files)
    except ValueError as exc:
        raise SystemExit(f"caiquan serve: {exc}") from None
    app.state.gate = gate
    print(f"caiquan server: database {shown}", flush=True)
    if settings.content_dir:
        lib = app.state.library
        names = [f"{g}/{n}" for g in sorted(lib.files) for n in lib.names(g)]
        print(f"caiquan server: content {', '.join(names) or '(none)'}", flush=True)
    print(f"caiquan server: http://{host if ':' not in host else f'[{host}]'}:{port}/", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=64 * 1024,  # hard cap; the app answers frames over its own limit
        # Frames are small JSON: compressing them costs more CPU than it saves (measured).
        ws_per_message_deflate=False,
        proxy_headers=False,
        server_header=False,
        # Every accepted socket is counted by address and in all, and a silent one closed
        # (caiquan.server.transport): no number of idle sockets takes the descriptors.
        http=guarded(AutoHTTPProtocol, gate),
        limit_concurrency=gate.total,
    )
