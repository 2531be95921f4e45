"""剧牌 (Drama Cards) — a coherent, playable edition of a loose four-player rule text."""

from .game import Drama
from .rules import DramaState

__all__ = ["Drama", "DramaState"]
