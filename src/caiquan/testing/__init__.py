"""Testing helpers for game authors: the shared conformance harness."""

from .conformance import CHECKS, check_game, random_playout

__all__ = ["CHECKS", "check_game", "random_playout"]
