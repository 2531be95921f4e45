"""Play one game between bots."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from caiquan.bots import Bot
from caiquan.engine import Game, Outcome, PlayerView, Record, Rng


@dataclass(frozen=True)
class GameResult:
    seed: int
    outcome: Outcome
    decisions: int
    record: Record


def play_game(game: Game, bots: Sequence[Bot], seed: int) -> GameResult:
    """Deal with ``seed`` and let ``bots[p]`` play seat ``p`` to the end.

    The bots' own randomness comes from an RNG derived from the seed, so a result is
    reproducible.
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.id} needs {game.num_players} bots, got {len(bots)}")
    state = game.new_state(seed)
    rng = Rng(seed ^ 0xB075_EED5)
    while not state.is_terminal():
        state.apply({p: bots[p].decide(PlayerView(state, p), rng) for p in state.to_move()})
    return GameResult(seed, state.outcome(), state.move_number, state.record())
