"""Run OpenSpiel algorithms on caiquan games registered as OpenSpiel Python games.

1. CFR+ on a small Goofspiel (``caiquan_goofspiel``, 4 cards, one fixed deal) in its
   turn-based form (``turn_based=True``: the bids of a turn one after the other, each hidden
   from the later bidders); prints NashConv as it falls towards 0 (an exact equilibrium),
   next to OpenSpiel's own C++ goofspiel under OpenSpiel's turn-based transform.
2. ``caiquan_promise`` through OpenSpiel's ``rl_environment`` with uniform random agents:
   chance (the deal) and simultaneous reveals handled by OpenSpiel's own loop.

    python examples/openspiel_cfr.py
    python examples/openspiel_cfr.py --short        # a few seconds (CI)
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import cfr, exploitability

from caiquan.envs import openspiel as cos


def run_cfr(cards: int, iterations: int) -> None:
    ours = cos.load(
        "goofspiel", num_cards=cards, points_order="descending", deal_draws=0, turn_based=True
    )
    native = pyspiel.convert_to_turn_based(
        pyspiel.load_game(f"goofspiel(num_cards={cards},points_order=descending)")
    )
    solvers = {
        "caiquan_goofspiel": cfr.CFRPlusSolver(ours),
        "goofspiel (C++)": cfr.CFRPlusSolver(native),
    }
    games = {"caiquan_goofspiel": ours, "goofspiel (C++)": native}
    t0 = time.perf_counter()
    for i in range(1, iterations + 1):
        for solver in solvers.values():
            solver.evaluate_and_update_policy()
        if i in (1, iterations) or i % max(1, iterations // 5) == 0:
            convs = ", ".join(
                f"{name} {exploitability.nash_conv(games[name], s.average_policy()):.5f}"
                for name, s in solvers.items()
            )
            print(f"CFR+ iteration {i:4d}: NashConv {convs}  ({time.perf_counter() - t0:.1f} s)")


def run_promise(episodes: int, seed: int) -> None:
    game = cos.load("promise")
    env = rl_environment.Environment(game, seed=seed)
    rng = np.random.default_rng(seed)
    totals = np.zeros(game.num_players())
    t0 = time.perf_counter()
    for _ in range(episodes):
        ts = env.reset()
        while not ts.last():
            legal = ts.observations["legal_actions"]
            # one action per player (a player who does not decide has no legal action)
            ts = env.step([int(rng.choice(a)) if a else 0 for a in legal])
        totals += ts.rewards
    print(
        f"caiquan_promise via rl_environment: {episodes} random games in "
        f"{time.perf_counter() - t0:.1f} s; mean returns {np.round(totals / episodes, 2).tolist()}"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--episodes", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--short", action="store_true", help="a few seconds: for CI")
    args = ap.parse_args(argv)
    if args.short:
        args.cards, args.iterations, args.episodes = 3, 10, 3
    run_cfr(args.cards, args.iterations)
    run_promise(args.episodes, args.seed)


if __name__ == "__main__":
    main()
