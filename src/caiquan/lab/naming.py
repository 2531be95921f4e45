"""How a balance summary names what it measured (shared by the checks and the HTML report)."""

from __future__ import annotations

from typing import Any


def card_name(item: tuple[str, dict[str, Any]]) -> str:
    """A card of the summary by its English catalogue name (and its id, if that differs)."""
    card, c = item
    name = c.get("name", {}).get("en", card)
    return name if name == card else f"{name} #{card}"
