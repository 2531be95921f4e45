"""Train a small agent on one seat of a caiquan game with Gymnasium, against caiquan bots.

The agent is a linear softmax policy over the legal options (the action mask), trained with
REINFORCE and a running-average baseline — NumPy only, so it runs anywhere caiquan[rl] does.
It reports the win rate against the same opponents before and after training.

    python examples/gymnasium_train.py                      # promise, a few minutes
    python examples/gymnasium_train.py --game goofspiel --episodes 3000
    python examples/gymnasium_train.py --short              # a few seconds (CI)
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from caiquan.envs.gymnasium import SingleAgentEnv

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """``softmax(W·x + b)`` restricted to the legal options."""

    def __init__(self, obs_size: int, num_actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((num_actions, obs_size))
        self.b = np.zeros(num_actions)
        self.rng = rng

    def probs(self, x: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = self.w @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        e = np.exp(logits - logits.max())
        return e / e.sum()

    def act(self, x: Array, mask: npt.NDArray[np.int8], greedy: bool = False) -> int:
        p = self.probs(x, mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))


def run_episode(
    env: SingleAgentEnv, policy: LinearPolicy, seed: int, greedy: bool = False
) -> tuple[float, list[tuple[Array, npt.NDArray[np.int8], int]]]:
    obs, info = env.reset(seed=seed)
    steps: list[tuple[Array, npt.NDArray[np.int8], int]] = []
    done, reward = False, 0.0
    while not done:
        x = obs.astype(np.float64)
        a = policy.act(x, info["action_mask"], greedy)
        steps.append((x, info["action_mask"], a))
        obs, reward, done, _, info = env.step(a)
    return float(reward), steps


def win_rate(env: SingleAgentEnv, policy: LinearPolicy, episodes: int, seed0: int) -> float:
    wins = sum(run_episode(env, policy, seed0 + i)[0] > 0 for i in range(episodes))
    return wins / episodes


def train(args: argparse.Namespace) -> dict[str, Any]:
    config: dict[str, Any] = {}
    if args.game == "legends":
        config["players"] = args.players
    env = SingleAgentEnv(args.game, seat=args.seat, opponents=args.opponents, config=config)
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(env.observation_space.shape[0], int(env.action_space.n), rng)
    before = win_rate(env, policy, args.eval, seed0=10**6)
    baseline, start = 0.0, time.monotonic()
    for episode in range(args.episodes):
        ret, steps = run_episode(env, policy, seed=args.seed * 10**5 + episode)
        advantage = ret - baseline
        baseline += 0.02 * (ret - baseline)
        for x, mask, a in steps:
            grad = -policy.probs(x, mask)
            grad[a] += 1.0
            policy.w += args.lr * advantage * np.outer(grad, x)
            policy.b += args.lr * advantage * grad
        if args.minutes and time.monotonic() - start > 60 * args.minutes:
            break
    after = win_rate(env, policy, args.eval, seed0=10**6)
    return {
        "game": args.game,
        "episodes": episode + 1,
        "seconds": round(time.monotonic() - start, 1),
        "win_rate_before": before,
        "win_rate_after": after,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--game", default="promise", choices=["promise", "drama", "legends", "goofspiel"]
    )
    ap.add_argument("--players", type=int, default=3, help="legends only")
    ap.add_argument("--seat", type=int, default=0)
    ap.add_argument("--opponents", default="random", help='a bot spec, e.g. "random"')
    ap.add_argument("--episodes", type=int, default=4000)
    ap.add_argument("--minutes", type=float, default=5.0, help="stop training after this long")
    ap.add_argument("--eval", type=int, default=300, help="evaluation episodes")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--short", action="store_true", help="a few seconds: for CI")
    args = ap.parse_args(argv)
    if args.short:
        args.episodes, args.eval, args.minutes = 30, 10, 0.5
    result = train(args)
    print(
        f"{result['game']}: {result['episodes']} episodes in {result['seconds']} s; "
        f"win rate against {args.opponents}: {result['win_rate_before']:.0%} before, "
        f"{result['win_rate_after']:.0%} after"
    )


if __name__ == "__main__":
    main()
