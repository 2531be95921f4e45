"""Open test clients, closed after each test (a failed test must not hang the next one)."""

from __future__ import annotations

from typing import Any

OPEN: list[Any] = []


def close_all() -> None:
    for c in list(OPEN):
        try:
            c.close()
        except Exception:
            if c in OPEN:
                OPEN.remove(c)
