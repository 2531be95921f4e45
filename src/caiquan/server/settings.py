"""Server settings: storage, hosts, and every limit, with safe defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_database_url() -> str:
    """A SQLite file in the user's data directory (created if missing)."""
    from platformdirs import user_data_dir

    folder = Path(os.environ.get("CAIQUAN_DATA_DIR") or user_data_dir("caiquan", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


@dataclass
class Settings:
    database_url: str = ""
    #: Host headers accepted (TrustedHostMiddleware); ``["*"]`` behind a trusted proxy.
    allowed_hosts: list[str] = field(default_factory=lambda: ["127.0.0.1", "localhost", "[::1]"])
    #: Origins allowed by CORS and for WebSocket upgrades besides the server's own host.
    cors_origins: list[str] = field(default_factory=list)
    #: Largest WebSocket frame handled (bytes); larger ones get a ``too_large`` error.
    max_frame_bytes: int = 4096
    #: Largest HTTP request body (bytes).
    max_body_bytes: int = 16_384
    #: Frames per second per connection, and burst.
    frame_rate: float = 20.0
    frame_burst: float = 40.0
    #: A connection that exceeds the rate this many times in a row is closed.
    max_violations: int = 200
    chat_max_chars: int = 300
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    chat_history: int = 50
    #: Table creations and joins per second per client address, and burst.
    http_rate: float = 2.0
    http_burst: float = 30.0
    #: Frames queued for one slow client before it is disconnected.
    send_queue: int = 512
    hello_timeout: float = 30.0
    #: A table whose players help shuffle (caiquan.fair/2) is dealt when every seated person
    #: has given their value, or this long after its last seat was taken (a client that
    #: sends none gets the server's committed stand-in).
    shuffle_seconds: float = 10.0
    #: WebSocket connections per client address (each holds a file descriptor).
    max_client_connections: int = 64
    #: TCP connections per client address of any kind (HTTP, WebSocket, or silent), counted
    #: below the app as each is accepted; more are answered 503 and closed at once. 0: room
    #: for 32 addresses within the total (between 8 and 64; caiquan.server.transport).
    max_client_sockets: int = 0
    #: A connection that has not sent a whole request's headers this long after it was
    #: accepted, or after its previous answer, is closed (0: never).
    header_seconds: float = 10.0
    #: Open files kept free for the database, pools, logs: the server holds at most its
    #: open-file limit less this many connections.
    file_reserve: int = 128
    #: Spectators per table; counted apart from seated players, who are never refused for
    #: spectators.
    max_spectators: int = 100
    #: Connections per seat (one player's tabs and devices).
    max_seat_connections: int = 8
    #: Bot budget caps (``ismcts:seconds=…``, ``iterations=…``) and the threads that run the
    #: light bots.
    max_bot_seconds: float = 5.0
    max_bot_iterations: int = 20_000
    bot_threads: int = 2
    #: Processes for search bots (ISMCTS); 0 runs them in the threads too.
    bot_processes: int = 2
    #: Wall-clock limit on any bot's decision (seconds). A bot that has not answered by then,
    #: or that fails, plays the seat's timeout option instead, so the game always moves.
    bot_deadline: float = 15.0
    #: Replays and analyses (replay, coach, live coach, event texts; caiquan.server.analysis):
    #: processes that compute them (0: one thread), the wall-clock limit of one, how many may
    #: run or wait at once, and per client address: running at once (the others wait their
    #: turn), asked for at once (running or waiting; more get 429), and CPU seconds (a budget
    #: of ``analysis_cpu_burst`` refilled at ``analysis_cpu_rate`` a second); answers kept
    #: (bytes).
    #: Requests to those routes per second per client address, and burst, kept answers
    #: included (each still reads the database): past it, 429 with Retry-After.
    analysis_rate: float = 2.0
    analysis_burst: float = 20.0
    analysis_processes: int = 1
    analysis_seconds: float = 60.0
    analysis_queue: int = 16
    analysis_per_client: int = 2
    analysis_client_queue: int = 6
    analysis_cpu_rate: float = 0.2
    analysis_cpu_burst: float = 30.0
    analysis_cache_bytes: int = 64 * 1024 * 1024
    #: Turn timer bounds (0 = off).
    max_turn_seconds: float = 3600.0
    #: Tables held in memory by this process before table creation answers 503.
    max_open_tables: int = 100_000
    #: Open tables one client address may have created: waiting ones, and playing ones with
    #: a move in the last ``waiting_ttl`` seconds.
    max_client_tables: int = 20
    #: A table still waiting for players this many seconds after its last change expires.
    waiting_ttl: float = 86_400.0
    #: A finished game's table leaves memory this long after its end (its watchers are let
    #: go); a game in play that nobody watches, with nothing to run, after this long idle.
    finished_ttl: float = 1800.0
    idle_ttl: float = 900.0
    #: Seconds between sweeps for expired tables.
    sweep_every: float = 60.0
    #: Operator's content files, offered by name: ``DIR/<game>/<name>.toml`` (empty: none).
    content_dir: str = ""
    #: Several processes: seconds between presence notices (a silent process is forgotten
    #: after three).
    presence_every: float = 10.0

    def apply_env(self, environ: dict[str, str] | None = None) -> Settings:
        """Override limits from ``CAIQUAN_<FIELD>`` environment variables (numbers only),
        e.g. ``CAIQUAN_HTTP_RATE=50`` behind a proxy where every client shares one address."""
        env = os.environ if environ is None else environ
        for name, value in vars(self).items():
            raw = env.get(f"CAIQUAN_{name.upper()}")
            if raw is not None and isinstance(value, int | float) and not isinstance(value, bool):
                setattr(
                    self, name, type(value)(float(raw)) if isinstance(value, int) else float(raw)
                )
        return self

    def resolved_database_url(self) -> str:
        return self.database_url or default_database_url()
