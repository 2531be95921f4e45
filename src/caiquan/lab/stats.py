"""Small statistics helpers."""

from __future__ import annotations

import math


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default).

    >>> lo, hi = wilson_interval(70, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.604, 0.781)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - margin), min(1.0, centre + margin))


def game_interval(
    game_score: float, games: int, min_seats: int = 1, z: float = 1.96
) -> tuple[float, float]:
    """A 95 % interval for a bot's mean score per *game*, the game being the unit.

    ``game_score`` is the sum over ``games`` games of the bot's per-game score: its seats'
    shares of the win summed and divided by its seat count in that game (so a bot holding
    one seat scores 1, 1/k or 0). ``min_seats`` is the fewest seats it held in any one game.

    Games are independent; a bot's seats in one game are not (they compete for the same
    point). Every game's point is shared out, so the bot's seats together score at most 1,
    and the per-game score times ``min_seats`` lies in [0, 1]. A variable in [0, 1] with
    mean ``q`` has variance at most ``q(1 − q)``, the Bernoulli variance the Wilson interval
    is built on; so the Wilson interval of that scaled mean over the game count, scaled
    back, is a valid (conservative) interval for the mean. With one seat per game it is
    exactly the Wilson interval of score over games, as before.

    >>> game_interval(70, 100) == wilson_interval(70, 100)
    True
    >>> lo, hi = game_interval(25, 100, min_seats=2)   # two seats each game, 25 % per seat
    >>> round(lo, 3), round(hi, 3)
    (0.202, 0.298)
    """
    if games <= 0:
        return (0.0, 1.0)
    k = max(1, min_seats)
    lo, hi = wilson_interval(game_score * k, games, z)
    return (lo / k, min(1.0, hi / k))
