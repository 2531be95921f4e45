"""伟人的猜拳战略 (Conflicting Legends): great people, six continents and RPS wars."""

from .content import PRESETS, Content, Effect, Person, Territory, War, load_content
from .rules import Legends, LegendsState

__all__ = [
    "PRESETS",
    "Content",
    "Effect",
    "Legends",
    "LegendsState",
    "Person",
    "Territory",
    "War",
    "load_content",
]
