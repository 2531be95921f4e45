"""Play caiquan games through PettingZoo with masked random agents, AEC and parallel.

Prints each seat's mean return and the speed of both APIs — a template for plugging in
your own agents: each acts on ``obs["observation"]`` and must pick an action where
``obs["action_mask"]`` is 1.

    python examples/pettingzoo_random.py                       # every game, 50 games each
    python examples/pettingzoo_random.py --game legends --players 5 --games 200
    python examples/pettingzoo_random.py --short               # a few seconds (CI)
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from caiquan.envs.pettingzoo import env, parallel_env

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("promise", {}),
    ("drama", {}),
    ("legends", {"players": 4}),
    ("goofspiel", {}),
]


def play_aec(
    game_id: str, config: dict[str, Any], games: int, seed: int
) -> tuple[dict[str, float], int]:
    e = env(game_id, config)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    steps = 0
    for g in range(games):
        e.reset(seed=seed + g)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] = totals.get(agent, 0.0) + reward
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return {a: r / games for a, r in sorted(totals.items())}, steps


def play_parallel(game_id: str, config: dict[str, Any], games: int, seed: int) -> int:
    p = parallel_env(game_id, config)
    rng = np.random.default_rng(seed)
    steps = 0
    for g in range(games):
        obs, _ = p.reset(seed=seed + g)
        while p.agents:
            actions = {
                a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                for a, o in obs.items()
                if o["action_mask"].any()
            }
            obs, *_ = p.step(actions)
            steps += 1
    return steps


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=[g for g, _ in GAMES], help="one game (default: all)")
    ap.add_argument("--players", type=int, help="number of players (legends, goofspiel)")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--short", action="store_true", help="a few seconds: for CI")
    args = ap.parse_args(argv)
    games = 2 if args.short else args.games
    todo = [(g, dict(c)) for g, c in GAMES if args.game in (None, g)]
    for game_id, config in todo:
        if args.players:
            config["players"] = args.players
        t0 = time.perf_counter()
        means, aec_steps = play_aec(game_id, config, games, args.seed)
        t1 = time.perf_counter()
        par_steps = play_parallel(game_id, config, games, args.seed)
        t2 = time.perf_counter()
        shown = ", ".join(f"{a} {r:+.2f}" for a, r in means.items())
        print(
            f"{game_id} {config or ''}: {games} games; mean return {shown}; "
            f"AEC {aec_steps / (t1 - t0):,.0f} agent steps/s, "
            f"parallel {par_steps / (t2 - t1):,.0f} joint steps/s"
        )


if __name__ == "__main__":
    main()
