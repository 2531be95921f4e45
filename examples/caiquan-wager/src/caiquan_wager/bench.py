"""Wager's benchmark workloads (its ``bench`` hook): ``caiquan bench`` and the benchmark
scripts measure both decks at their default options."""

from __future__ import annotations

from typing import Any

WORKLOADS: tuple[dict[str, Any], ...] = ({"content": "standard"}, {"content": "quick"})
