"""Secrets and limits: tokens, constant-time checks, rate limits, request size limits."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Iterable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


def client_key(client: Any) -> str:
    """The key of per-client limits: the peer's address (``request.client``/``ws.client``).

    Behind a reverse proxy every visitor shares the proxy's address: raise the per-client
    limits there (docs/server.md)."""
    host = getattr(client, "host", None)
    return str(host) if host else "?"


def new_token(nbytes: int = 24) -> str:
    return secrets.token_urlsafe(nbytes)


def token_hash(token: str) -> str:
    """What the database keeps of a token (a stolen database holds no usable token)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def find_seat(token: str, hashes: Iterable[tuple[int, str | None]]) -> int | None:
    """The seat whose token hash matches, comparing every candidate in constant time."""
    want = token_hash(token)
    found = None
    for seat, h in hashes:
        # No early exit: every candidate is compared, each in constant time.
        if h is not None and hmac.compare_digest(want, h) and found is None:
            found = seat
    return found


def check_secret(given: str, stored_hash: str) -> bool:
    return hmac.compare_digest(token_hash(given), stored_hash)


class TokenBucket:
    """``rate`` events per second on average, bursts up to ``burst``."""

    __slots__ = ("burst", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = time.monotonic()

    def take(self, n: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= n:
            self.tokens -= n
            return True
        return False


class KeyedLimiter:
    """One token bucket per key (e.g. per client address), forgetting idle keys."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> bool:
        b = self.buckets.get(key)
        if b is None:
            if len(self.buckets) >= self.max_keys:
                self.buckets.clear()  # crude but bounded: a flood of keys resets the table
            b = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return b.take()


class BodySizeLimit:
    """ASGI middleware: refuse HTTP request bodies larger than ``limit`` bytes (413)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = True
                if too_big:
                    await _too_large(send)
                    return
        seen = 0
        limit = self.limit

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send) -> None:
    body = b'{"detail":"request body too large"}'
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})
