"""PettingZoo: its own conformance tests on every game and player count, plus the AEC
face-down handling of simultaneous decisions, seeding and illegal actions."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

with warnings.catch_warnings():
    # pettingzoo.test imports one of its classic envs (for its own doctest fixtures) through
    # a deprecated path, which warns once at import
    warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
    from pettingzoo.test import api_test, parallel_api_test, seed_test
    from pettingzoo.test.seed_test import parallel_seed_test

from caiquan.envs.pettingzoo import env, parallel_env, raw_env
from caiquan.games import load_game

from .configs import CONFIGS, config_id

# PettingZoo's api_test warns whenever observations are dicts, although {"observation",
# "action_mask"} is its own convention for games with masks (its classic games are exempted
# by name in api_test); these two warnings, and only these, are expected.
DICT_OBS_WARNINGS = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings(
        "ignore:Observation space for each agent probably should be:UserWarning"
    ),
]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@DICT_OBS_WARNINGS[0]
@DICT_OBS_WARNINGS[1]
def test_api_test(config: tuple[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    gid, opts = config
    api_test(env(gid, opts), num_cycles=300)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_parallel_api_test(
    config: tuple[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    gid, opts = config
    parallel_api_test(parallel_env(gid, opts), num_cycles=2000)
    assert "Passed Parallel API test" in capsys.readouterr().out


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_seed_test(config: tuple[str, dict[str, Any]]) -> None:
    gid, opts = config
    seed_test(lambda: env(gid, opts), num_cycles=200)
    parallel_seed_test(lambda: parallel_env(gid, opts), num_cycles=200)


def test_names_spaces_and_render_mode() -> None:
    e = raw_env("legends", players=5, render_mode="ansi")
    assert e.metadata["name"] == f"legends_v{load_game('legends', players=5).version}"
    assert e.possible_agents == [f"player_{i}" for i in range(5)]
    assert e.render_mode == "ansi"
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "to move" in text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("promise", render_mode="rgb_array")


def test_reset_seed_deals_as_the_engine() -> None:
    e = raw_env("promise")
    e.reset(seed=123)
    assert e.state_ == load_game("promise").new_state(123)
    first = e.state_.seed
    e.reset()  # without a seed: the next seed of a stream seeded by 123, reproducibly
    again = raw_env("promise")
    again.reset(seed=123)
    again.reset()
    assert e.state_.seed == again.state_.seed != first


def test_aec_simultaneous_decision_is_committed_face_down() -> None:
    """In a joint decision the second mover sees that the first has committed, not what."""
    seen = []
    for first_choice in (0, 1, 2):
        e = raw_env("promise")  # starts with a simultaneous rock-paper-scissors throw
        e.reset(seed=9)
        assert e.agent_selection == "player_0"
        e.step(first_choice)
        assert e.agent_selection == "player_1"
        assert e.state_.move_number == 0  # nothing applied yet
        obs = e.observe("player_1")
        assert not e.observe("player_0")["action_mask"].any()
        seen.append(obs["observation"])
        e.step(0)
        assert e.state_.move_number == 1
    assert all(np.array_equal(seen[0], x) for x in seen)


def test_full_game_rewards_are_the_returns() -> None:
    e = env("legends", players=3)
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    returns = e.unwrapped.state_.returns()
    assert [total[a] for a in e.possible_agents] == list(returns)


def test_illegal_action_ends_the_game_with_a_penalty() -> None:
    e = raw_env("drama", illegal_reward=-5.0)
    e.reset(seed=2)
    offender = e.agent_selection
    mask = e.observe(offender)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values())
    assert e._cumulative_rewards[offender] == -5.0
    assert all(e.infos[a] == {"illegal_action": True} for a in e.agents)


def test_parallel_takes_the_joint_action() -> None:
    p = parallel_env("legends", players=4)
    obs, _ = p.reset(seed=3)
    movers = [a for a in p.agents if obs[a]["action_mask"].any()]
    assert movers == [f"player_{q}" for q in p.state_.to_move()]
    with pytest.raises(ValueError, match="must act now"):
        p.step({})
    actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in movers}
    actions.update({a: 0 for a in p.agents if a not in movers})  # ignored
    _, rewards, terms, _, _ = p.step(actions)
    assert p.state_.move_number == 1 and not any(terms.values())
    assert set(rewards.values()) == {0.0}


def test_parallel_illegal_action_ends_the_game() -> None:
    p = parallel_env("promise")
    obs, _ = p.reset(seed=1)
    bad = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[0])
    good = int(np.flatnonzero(obs["player_0"]["action_mask"])[0])
    obs, rewards, terms, _, infos = p.step({"player_0": good, "player_1": bad})
    assert rewards == {"player_0": 0.0, "player_1": -1.0}
    assert all(terms.values()) and p.agents == []
    assert infos["player_0"] == {"illegal_action": True}
    assert not any(o["action_mask"].any() for o in obs.values())
