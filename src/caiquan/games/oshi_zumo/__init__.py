"""Oshi-Zumo — two players bid coins to push a wrestler (OpenSpiel-compatible options and
returns); added as one package and one registry line (issue 19)."""

from .rules import OshiZumo, OshiZumoState

__all__ = ["OshiZumo", "OshiZumoState"]
