"""Gymnasium: ``check_env`` on every game and player count; seeding, opponents, penalties."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from gymnasium.utils.env_checker import check_env

from caiquan.bots import RandomBot
from caiquan.envs.gymnasium import SingleAgentEnv, env_id
from caiquan.games import load_game

from .configs import CONFIGS, config_id


def play(env: SingleAgentEnv, seed: int, pick: int = 0) -> tuple[float, int]:
    """Play one episode taking the ``pick``-th legal option; (reward, steps)."""
    _, info = env.reset(seed=seed)
    steps, done, reward = 0, False, 0.0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        _, reward, done, truncated, info = env.step(int(legal[pick % len(legal)]))
        assert not truncated and "illegal_action" not in info
        steps += 1
    return float(reward), steps


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_check_env_on_every_seat_count(config: tuple[str, dict[str, Any]]) -> None:
    gid, opts = config
    n = load_game(gid, opts).num_players
    for seat in sorted({0, n - 1}):
        env = SingleAgentEnv(gid, seat=seat, config=opts)
        check_env(env, skip_render_check=True)
        reward, _ = play(env, seed=seat)
        assert reward == env.state.returns()[seat]


def test_episodes_are_reproducible_from_their_seed() -> None:
    a = SingleAgentEnv("legends", seat=2, config={"players": 4})
    b = SingleAgentEnv("legends", seat=2, config={"players": 4})
    assert play(a, seed=11, pick=1) == play(b, seed=11, pick=1)
    assert a.state == b.state
    assert a.state.seed == 11


def test_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = SingleAgentEnv("promise", illegal_reward=-2.0)
    _, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-2.0, True, False)
    assert info["illegal_action"] is True


def test_opponents_per_seat_and_info() -> None:
    env = SingleAgentEnv(
        "legends",
        seat=1,
        opponents={0: "random", 2: RandomBot(), 3: "ismcts:iterations=5"},
        config={"players": 4},
        render_mode="ansi",
    )
    _, info = env.reset(seed=5)
    assert info["legal"] == list(np.flatnonzero(info["action_mask"]))
    assert info["decision"] == env.state.decision(1).kind
    assert isinstance(env.render(), str)
    with pytest.raises(ValueError, match="no opponent"):
        SingleAgentEnv("legends", seat=0, opponents={1: "random"}, config={"players": 3})
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv("promise", seat=2)


def test_registered_with_gymnasium_make() -> None:
    import gymnasium

    assert env_id("legends") == f"caiquan/legends-v{load_game('legends').version}"
    env = gymnasium.make(env_id("legends"), config={"players": 4}, seat=2, render_mode="ansi")
    assert env.spec is not None and env.spec.id == env_id("legends")
    check_env(env.unwrapped)  # with its spec, the render check runs too
    _, info = env.reset(seed=1)
    assert info["action_mask"].any()
