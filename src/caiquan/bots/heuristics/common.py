"""The heuristic players' shared tools, now in :mod:`caiquan.engine.strategy` (a game's own
``strategy`` module, in its package, imports them from there)."""

from caiquan.engine.strategy import Evaluate, argmax, lookahead, maximin, terminal_values

__all__ = ["Evaluate", "argmax", "lookahead", "maximin", "terminal_values"]
