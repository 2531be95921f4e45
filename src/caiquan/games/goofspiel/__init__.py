"""Goofspiel — the engine's reference game (OpenSpiel-compatible options and returns)."""

from .rules import Goofspiel, GoofspielState

__all__ = ["Goofspiel", "GoofspielState"]
