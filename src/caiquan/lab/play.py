"""Play one game between bots."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from caiquan.bots import Bot, BotSpec, play_match
from caiquan.engine import Game, Outcome, Record


@dataclass(frozen=True)
class GameResult:
    seed: int
    outcome: Outcome
    decisions: int
    record: Record


def play_game(game: Game, bots: Sequence[Bot | str | BotSpec], seed: int) -> GameResult:
    """Deal with ``seed`` and let ``bots[p]`` (a bot or a spec) play seat ``p`` to the end.

    The bots' randomness follows the one rule of :mod:`caiquan.bots.match` (derived from the
    seed, the seat and the move), so a result is reproducible and is the game that
    ``caiquan demo`` shows for that seed.
    """
    state = play_match(game, bots, seed)
    return GameResult(seed, state.outcome(), state.move_number, state.record())
