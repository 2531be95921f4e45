"""Head-to-head strength: bot A against bot B, with a running Wilson interval.

    PYTHONPATH=src python bench/strength.py GAME A B [--games N] [--seed S] [-o key=value]

Plays ``N`` games; seats follow ``caiquan.lab.tournament.lineups`` (every bot equally often
in every seat; with fewer bots than seats each bot holds several seats), the same scoring
as ``caiquan tournament`` (1 for a sole win, 1/k for a win shared by k, per seat-game), and
prints a line per game with the running rate of A, its 95 % Wilson interval and A's mean
and worst seconds per decision. A quicker loop than the tournament command while tuning;
the figures in docs/bots.md come from ``caiquan tournament … --json``.
"""

from __future__ import annotations

import argparse
import time

from caiquan.bots import Bot, game_seed, make_bot
from caiquan.engine import PlayerView, Rng
from caiquan.games import load_game
from caiquan.lab import play_game
from caiquan.lab.stats import wilson_interval
from caiquan.lab.tournament import lineups


class Timed:
    """A bot wrapper that records the wall time of each of its decisions."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def decide(self, view: PlayerView, rng: Rng) -> int:
        t = time.perf_counter()
        try:
            return self.bot.decide(view, rng)
        finally:
            if len(view.legal()) > 1:
                self.times.append(time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", action="append", default=[], help="game option key=value")
    args = ap.parse_args()
    config: dict[str, object] = {}
    for item in args.o:
        k, _, v = item.partition("=")
        config[k] = {"true": True, "false": False}.get(v, int(v) if v.lstrip("-").isdigit() else v)
    game = load_game(args.game, config)
    plan = lineups(2, game.num_players)
    score, seats = 0.0, 0
    times: list[float] = []
    for i in range(args.games):
        lineup = plan[i % len(plan)]
        bots: list[Bot] = [
            Timed(make_bot(args.a), times) if b == 0 else make_bot(args.b) for b in lineup
        ]
        out = play_game(game, bots, game_seed(args.seed, i)).outcome  # as the tournament
        firsts = sum(1 for r in out.ranks if r == 1)
        for seat, b in enumerate(lineup):
            if b == 0:
                seats += 1
                score += 1.0 / firsts if out.ranks[seat] == 1 else 0.0
        lo, hi = wilson_interval(score, seats)
        mean = sum(times) / max(1, len(times))
        print(
            f"{i + 1:4d} {args.a}: {score / seats:6.1%} [{lo:6.1%}, {hi:6.1%}] "
            f"n={seats} s/decision mean {mean:.3f} max {max(times, default=0):.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
