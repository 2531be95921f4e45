"""Bots: players that decide from what their seat may see.

Every bot implements :class:`Bot`: given a :class:`~caiquan.engine.PlayerView` (observation,
legal options, decision, ``determinize`` for search — never the true state) and an
:class:`~caiquan.engine.Rng`, return one legal option id.
"""

from __future__ import annotations

from typing import Protocol

from caiquan.engine import PlayerView, Rng


class Bot(Protocol):
    name: str

    def decide(self, view: PlayerView, rng: Rng) -> int:
        """One legal option id for ``view.player``."""
        ...


class RandomBot:
    """Picks a uniformly random legal option."""

    name = "random"

    def decide(self, view: PlayerView, rng: Rng) -> int:
        return rng.choice(view.legal())


BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(name: str) -> Bot:
    from caiquan.engine import ConfigError

    try:
        return BOTS[name]()
    except KeyError:
        raise ConfigError(f"no bot called {name!r}; the bots are: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
