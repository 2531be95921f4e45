"""Train sb3-contrib's MaskablePPO on promise (seat A) against the `greedy` bot.

It reports the win rate against `greedy` (with a 95 % Wilson interval) before and after
training, each over the same evaluation deals.

**Needs sb3-contrib**, which brings stable-baselines3 and PyTorch. caiquan does not install
them (no extra of caiquan's pulls PyTorch, and CI does not install them):

    pip install 'caiquan[rl]' sb3-contrib

    python examples/maskable_ppo_promise.py                       # 100 000 steps, 200 games
    python examples/maskable_ppo_promise.py --timesteps 300000 --eval 500
    python examples/maskable_ppo_promise.py --stub --short        # no sb3-contrib needed

Without sb3-contrib it says so and exits with status 1. ``--stub`` swaps MaskablePPO for a
stand-in with the same two calls (``learn``, ``predict(obs, action_masks=...)``) that plays
uniformly among ``env.action_masks()`` and learns nothing: the env wiring, the evaluation
loop and the report are the ones the real run uses (CI runs this with ``--stub --short``).

The wiring is plain: :class:`caiquan.envs.gymnasium.SingleAgentEnv` has ``action_masks()``,
which MaskablePPO finds by itself (no ``ActionMasker`` wrapper). The env is made with
``illegal="raise"``, so a masking mistake would stop the run instead of hiding in the reward.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from caiquan.envs.gymnasium import SingleAgentEnv
from caiquan.lab.stats import wilson_interval

GAME = "promise"
OPPONENT = "greedy"
EVAL_SEED0 = 10**6  # evaluation deals: EVAL_SEED0, EVAL_SEED0 + 1, ...
MISSING = (
    "this example needs sb3-contrib (and so stable-baselines3 and PyTorch), which caiquan "
    "does not install: pip install sb3-contrib — or run it with --stub to check the wiring "
    "with a policy that learns nothing"
)


class Policy(Protocol):
    """The two calls of MaskablePPO that the example uses."""

    def learn(self, total_timesteps: int) -> Any: ...

    def predict(
        self,
        observation: npt.NDArray[np.float32],
        *,
        action_masks: npt.NDArray[np.bool_],
        deterministic: bool,
    ) -> tuple[Any, Any]: ...


class StubPolicy:
    """A stand-in for MaskablePPO: uniform among the legal options; ``learn`` only plays.

    ``learn`` steps the env as a rollout collector does (reset at each episode's end, the
    mask read from ``env.action_masks()`` before each step) and changes nothing.
    """

    def __init__(self, env: SingleAgentEnv, seed: int) -> None:
        self.env = env
        self.rng = np.random.default_rng(seed)

    def learn(self, total_timesteps: int) -> StubPolicy:
        obs, _ = self.env.reset(seed=int(self.rng.integers(2**31)))
        for _ in range(total_timesteps):
            action, _ = self.predict(obs, action_masks=self.env.action_masks())
            obs, _, terminated, truncated, _ = self.env.step(action)
            if terminated or truncated:
                obs, _ = self.env.reset()
        return self

    def predict(
        self,
        observation: npt.NDArray[np.float32],
        *,
        action_masks: npt.NDArray[np.bool_],
        deterministic: bool = False,
    ) -> tuple[int, None]:
        return int(self.rng.choice(np.flatnonzero(action_masks))), None


def make_env(max_steps: int | None = None) -> SingleAgentEnv:
    """Seat A of promise, `greedy` in seat B; illegal actions raise (masks are honoured)."""
    return SingleAgentEnv(GAME, seat=0, opponents=OPPONENT, illegal="raise", max_steps=max_steps)


def evaluate(env: SingleAgentEnv, policy: Policy, games: int) -> dict[str, Any]:
    """Play ``games`` evaluation deals (seeds from ``EVAL_SEED0``), deterministic actions;
    a game counts as won when the seat's return is positive."""
    wins = draws = 0
    for i in range(games):
        obs, _ = env.reset(seed=EVAL_SEED0 + i)
        done = False
        reward = 0.0
        while not done:
            action, _ = policy.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += reward > 0
        draws += reward == 0
    lo, hi = wilson_interval(wins, games)
    return {"games": games, "wins": wins, "draws": draws, "rate": wins / games, "ci": (lo, hi)}


def make_policy(args: argparse.Namespace, env: SingleAgentEnv) -> tuple[Policy, str]:
    if args.stub:
        return StubPolicy(env, args.seed), "stub (uniform among action_masks(); learns nothing)"
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        sys.exit(MISSING)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, device="cpu", verbose=0)
    return model, "MaskablePPO (sb3-contrib, MlpPolicy)"


def report(label: str, result: dict[str, Any]) -> str:
    lo, hi = result["ci"]
    return (
        f"{label}: win rate against {OPPONENT} {result['rate']:.1%} "
        f"[{lo:.1%}, {hi:.1%}] ({result['wins']} wins, {result['draws']} draws "
        f"in {result['games']} games)"
    )


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timesteps", type=int, default=100_000, help="training steps of the seat")
    ap.add_argument("--eval", type=int, default=200, help="evaluation games before and after")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--stub", action="store_true", help="a stand-in policy; no sb3-contrib")
    ap.add_argument("--short", action="store_true", help="a few seconds (CI)")
    args = ap.parse_args(argv)
    if args.short:
        args.timesteps, args.eval = 200, 6
    env = make_env()
    policy, name = make_policy(args, env)
    print(f"{GAME}, seat A against {OPPONENT}; policy: {name}")
    before = evaluate(env, policy, args.eval)
    print(report("before training", before))
    start = time.monotonic()
    policy.learn(total_timesteps=args.timesteps)
    print(f"trained {args.timesteps} steps in {time.monotonic() - start:.0f} s")
    after = evaluate(env, policy, args.eval)
    print(report("after training", after))


if __name__ == "__main__":
    main()
