"""Play one game and reduce it to one row of the results file.

A row holds what the statistics need: the seed, the bot in each seat, ranks, results, returns,
how the game ended, its length, the game's labels (character, role, …) and metrics (rounds,
…), the first player to decide alone, the cards each player played (from the public event
log), and decision counts: how many decisions were *forced* (a single legal option) and, with
``analyse``, per decision kind, how many throws were *dominated* (another throw was at least
as good against every reply of the opponent and better against one, by the game's exact
throw payoffs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from caiquan.bots import Bot, play_match
from caiquan.engine import Game, PlayerView, State
from caiquan.games import game_class

PayoffFn = Callable[[PlayerView], list[list[float]] | None]


def payoff_fn(game_id: str) -> PayoffFn | None:
    """The game's exact payoffs of a two-player simultaneous decision (``throw_payoffs``)."""
    fn: PayoffFn | None = game_class(game_id).hook("throw_payoffs")
    return fn


def dominated(matrix: Sequence[Sequence[float]], row: int, eps: float = 1e-9) -> bool:
    """Whether ``row`` is weakly dominated by another row of ``matrix``.

    >>> dominated([[1, 0], [0, 0]], 1)
    True
    >>> dominated([[1, 0], [0, 1]], 1)
    False
    """
    mine = matrix[row]
    for r, other in enumerate(matrix):
        if r == row:
            continue
        if all(o >= m - eps for o, m in zip(other, mine, strict=True)) and any(
            o > m + eps for o, m in zip(other, mine, strict=True)
        ):
            return True
    return False


def cards_played(game: Game, state: State) -> list[list[str]]:
    """The distinct cards each player played, as the game counts them (``Game.cards_played``)."""
    return game.cards_played(state)


def play_row(
    game: Game,
    specs: Sequence[str],
    bots: Sequence[Bot],
    index: int,
    seed: int,
    *,
    analyse: bool = False,
    payoffs: PayoffFn | None = None,
) -> dict[str, Any]:
    """Play game ``index``, dealt with ``seed``, and return its row.

    The game is played by :func:`caiquan.bots.play_match` (the bots' RNG follows the one
    rule of :mod:`caiquan.bots.match`), so ``caiquan demo GAME --seed SEED`` with the same
    bots shows this very game."""
    first = -1
    moves = forced = 0
    kinds: dict[str, list[int]] = {}

    def count(state: State, choice: dict[int, int]) -> None:
        nonlocal first, moves, forced
        movers = state.to_move()
        if first < 0 and len(movers) == 1:
            first = movers[0]
        for p in movers:
            one = len(state.legal(p)) == 1
            moves += 1
            forced += one
            if analyse:
                cell = kinds.setdefault(state.decision(p).kind, [0, 0, 0, 0])
                cell[0] += 1
                cell[1] += one
        if analyse and payoffs is not None and len(movers) == 2:
            for p in movers:
                matrix = payoffs(PlayerView(state, p))
                if matrix is None:
                    continue
                cell = kinds.setdefault(state.decision(p).kind, [0, 0, 0, 0])
                cell[2] += 1
                cell[3] += dominated(matrix, state.legal(p).index(choice[p]))

    state = play_match(game, bots, seed, on_decision=count)
    o = state.outcome()
    return {
        "game": index,
        "seed": seed,
        "bots": list(specs),
        "ranks": list(o.ranks),
        "results": list(o.results),
        "returns": [float(x) for x in o.returns],
        "reason": o.reason or "end",
        "decisions": state.move_number,
        "first": first,
        "moves": moves,
        "forced": forced,
        "labels": sorted(state.player_labels().items()),
        "metrics": sorted({"decisions": float(state.move_number), **state.metrics()}.items()),
        "cards": cards_played(game, state),
        "kinds": sorted(kinds.items()),
    }
