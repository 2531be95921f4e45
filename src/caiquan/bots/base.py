"""The bot interface and the random bot."""

from __future__ import annotations

from typing import ClassVar, Protocol

from caiquan.engine import PlayerView, Rng

from .spec import Param


class Bot(Protocol):
    """A player program. It sees only ``view`` (its seat's observation, options and
    ``determinize``), never the true state, and draws all randomness from ``rng``."""

    name: str

    def decide(self, view: PlayerView, rng: Rng) -> int:
        """One legal option id for ``view.player``."""
        ...


class RandomBot:
    """Picks a uniformly random legal option."""

    name = "random"
    PARAMS: ClassVar[tuple[Param, ...]] = ()
    SEARCH: ClassVar[bool] = False

    def decide(self, view: PlayerView, rng: Rng) -> int:
        return rng.choice(view.legal())


def normalised_returns(returns: tuple[float, ...], lo: float, hi: float) -> list[float]:
    """Returns mapped to [0, 1] by the game's utility range."""
    span = hi - lo
    if span <= 0:
        return [0.5 for _ in returns]
    return [(r - lo) / span for r in returns]
