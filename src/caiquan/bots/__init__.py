"""Bots: players that decide from what their seat may see.

Every bot implements :class:`Bot`: given a :class:`~caiquan.engine.PlayerView` (observation,
legal options, decision, ``determinize`` for search — never the true state) and an
:class:`~caiquan.engine.Rng`, return one legal option id.

``make_bot("ismcts:iterations=300")`` builds a bot from a short spec string. The bots:
``random``; ``greedy`` (the per-game heuristic player, :mod:`caiquan.bots.heuristics`);
``nash`` (exact equilibrium mixes at throws, ``greedy`` elsewhere); ``ismcts`` (search).
See ``docs/bots.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from caiquan.engine import ConfigError

from .base import Bot, RandomBot
from .heuristics import HEURISTICS, GreedyBot, Heuristic, heuristic_for
from .ismcts import ISMCTSBot
from .nash import THROW_PAYOFFS, NashBot

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
    "nash": NashBot,
}


def _value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def make_bot(spec: str) -> Bot:
    """A bot from ``name`` or ``name:key=value,key=value`` (e.g. ``ismcts:seconds=0.5``)."""
    name, _, params = spec.partition(":")
    factory = BOTS.get(name.strip())
    if factory is None:
        raise ConfigError(f"no bot called {name!r}; the bots are: {', '.join(sorted(BOTS))}")
    kwargs: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in params.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise ConfigError(f"bot parameter must be key=value, got {item!r} in {spec!r}")
        kwargs[key.strip()] = _value(value.strip())
    try:
        return factory(**kwargs)
    except TypeError as err:
        raise ConfigError(f"bad parameters for bot {name!r}: {err}") from None


__all__ = [
    "BOTS",
    "HEURISTICS",
    "THROW_PAYOFFS",
    "Bot",
    "GreedyBot",
    "Heuristic",
    "ISMCTSBot",
    "NashBot",
    "RandomBot",
    "heuristic_for",
    "make_bot",
]
