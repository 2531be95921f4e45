"""Exact Nash mixes for rock-paper-scissors throws.

At a two-player decision of a kind the game declares a matrix game (``Game.matrix_kinds``,
RPS throws by default), the bot builds the payoff matrix of
its throws against the opponent's — from a game-specific evaluator where one is registered
(e.g. a power table that the observation shows), else from the game's heuristic evaluation
of each outcome on a sampled world, else by short rollouts of sampled worlds —
solves the zero-sum matrix game exactly (``caiquan.engine.solve_zero_sum``) and samples its
throw from the equilibrium mix. Payoffs are the value of the outcome to the bot, not only
win/draw/lose of the throw (promise: the power table's outcomes, exact; legends: each war
outcome valued by the heuristic evaluation). Other decisions go to a fallback bot
(``fallback="greedy"``, the default, or ``"random"``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from caiquan.engine import Game, PlayerView, Rng, solve_zero_sum

from .base import Bot, RandomBot, normalised_returns
from .heuristics import Evaluate, GreedyBot, heuristic_for
from .spec import Param

PayoffFn = Callable[[PlayerView], list[list[float]] | None]


def _payoff_fn(game: Game) -> PayoffFn | None:
    """The game's exact evaluator of throw decisions (its ``throw_payoffs`` hook): rows are
    my legal throws in order, columns the opponent's; it may return ``None`` (then rollouts)."""
    fn: PayoffFn | None = game.hook("throw_payoffs")
    return fn


class NashBot:
    """Exact equilibrium mixes at two-player throws, a fallback bot elsewhere."""

    name = "nash"
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param(
            "fallback",
            "choice",
            "greedy",
            choices=("greedy", "random"),
            help="the bot that makes every decision that is not a two-player throw",
        ),
        Param(
            "rollouts",
            "int",
            6,
            minimum=1,
            maximum=64,
            help="random rollouts per throw pair where a game has no evaluator",
        ),
    )
    SEARCH: ClassVar[bool] = False

    def __init__(self, fallback: Bot | str | None = None, rollouts: int = 6) -> None:
        if fallback is None or fallback == "greedy":
            fallback = GreedyBot()
        elif fallback == "random":
            fallback = RandomBot()
        elif isinstance(fallback, str):
            raise TypeError(f"fallback must be 'greedy' or 'random', got {fallback!r}")
        self.fallback: Bot = fallback
        self.rollouts = rollouts
        self.last_matrix: list[list[float]] | None = None
        self.last_mix: tuple[float, ...] | None = None

    def decide(self, view: PlayerView, rng: Rng) -> int:
        movers = view.to_move()
        if view.kind() not in view.game.matrix_kinds or len(movers) != 2:
            return self.fallback.decide(view, rng)
        legal = view.legal()
        matrix = self.payoffs(view, rng)
        flat = [x for row in matrix for x in row]
        if max(flat) - min(flat) < 1e-12:  # nothing to choose between: plain uniform
            mix = tuple(1.0 / len(legal) for _ in legal)
        else:
            mix = solve_zero_sum(matrix).row
        self.last_matrix, self.last_mix = matrix, mix
        return legal[rng.weighted(mix)]

    def payoffs(self, view: PlayerView, rng: Rng) -> list[list[float]]:
        h = heuristic_for(view.game.id)
        for fn in (_payoff_fn(view.game), h.throw_payoffs if h is not None else None):
            if fn is not None:
                m = fn(view)
                if m is not None:
                    return m
        if h is not None:
            return self.evaluation_payoffs(view, rng, h.evaluate)
        return self.rollout_payoffs(view, rng)

    def evaluation_payoffs(
        self, view: PlayerView, rng: Rng, evaluate: Evaluate
    ) -> list[list[float]]:
        """Each throw pair applied to one sampled world, valued by the game's heuristic
        evaluation (the throw that decides the first character pick in promise)."""
        me = view.player
        (opp,) = [p for p in view.to_move() if p != me]
        world = view.determinize(rng, log=False)
        matrix = []
        for a in view.legal():
            row = []
            for b in world.legal(opp):
                s = world.clone()
                s.apply({me: a, opp: b})
                row.append(2 * evaluate(s)[me] - 1)
            matrix.append(row)
        return matrix

    def rollout_payoffs(self, view: PlayerView, rng: Rng) -> list[list[float]]:
        me = view.player
        (opp,) = [p for p in view.to_move() if p != me]
        lo, hi = view.game.utility_range()
        mine = view.legal()
        sample = view.determinize(rng, log=False)
        theirs = sample.legal(opp)
        matrix = [[0.0] * len(theirs) for _ in mine]
        for _ in range(self.rollouts):
            world = view.determinize(rng, log=False)
            for i, a in enumerate(mine):
                for j, b in enumerate(theirs):
                    if b not in world.legal(opp):
                        continue
                    s = world.clone()
                    s.apply({me: a, opp: b})
                    while not s.is_terminal():
                        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
                    r = normalised_returns(s.returns(), lo, hi)[me]
                    matrix[i][j] += (2 * r - 1) / self.rollouts
        return matrix
