"""剧牌 (Drama Cards) — a coherent, playable edition of a loose four-player rule text."""

from .rules import Drama, DramaState

__all__ = ["Drama", "DramaState"]
