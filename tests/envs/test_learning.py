"""What learning agents rely on, in every adapter: masks equal to ``legal()`` at every step,
truncation (``max_steps``) and the illegal-action modes (``illegal``)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
    from pettingzoo.test import api_test, parallel_api_test

from caiquan.envs.gymnasium import SingleAgentEnv
from caiquan.envs.options import IllegalActionError
from caiquan.envs.pettingzoo import env, parallel_env, raw_env
from caiquan.games import load_game

from .configs import EVERY_GAME, config_id

SEEDS = st.integers(0, 2**32 - 1)


def legal_mask(state: Any, player: int, n: int) -> np.ndarray:
    mask = np.zeros(n, dtype=bool)
    mask[list(state.legal(player))] = True
    return mask


# ---------------------------------------------------------------------- masks == legal()


@pytest.mark.parametrize("config", EVERY_GAME, ids=config_id)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_gymnasium_action_masks_equal_legal(config: tuple[str, dict[str, Any]], seed: int) -> None:
    gid, opts = config
    n = load_game(gid, opts).num_players
    rng = np.random.default_rng(seed)
    seat = seed % n
    e = SingleAgentEnv(gid, seat=seat, config=opts)
    size = int(e.action_space.n)
    _, info = e.reset(seed=seed)
    done = False
    while not done:
        mask = e.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (size,)
        assert np.array_equal(mask, legal_mask(e.state, seat, size))
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        assert mask.any() and info["legal"] == list(np.flatnonzero(mask))
        _, _, done, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
    assert not e.action_masks().any()


@pytest.mark.parametrize("config", EVERY_GAME, ids=config_id)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_pettingzoo_aec_masks_equal_legal(config: tuple[str, dict[str, Any]], seed: int) -> None:
    """Every agent's observed mask at every step: ``legal()`` for the selected agent, all
    zero for the others (docs/envs.md, PettingZoo)."""
    gid, opts = config
    e = raw_env(gid, opts)
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    size = e.game.num_option_ids
    steps = 0
    while e.agents:
        agent = e.agent_selection
        obs, _, term, trunc, _ = e.last()
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (size,)
        s = e.state_
        for a in e.agents:
            p = e.possible_agents.index(a)
            live = a == agent and not (term or trunc)
            want = legal_mask(s, p, size) if live else np.zeros(size, dtype=bool)
            assert np.array_equal(e.observe(a)["action_mask"].astype(bool), want), (steps, a)
        if term or trunc:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert e.state_.is_terminal()


@pytest.mark.parametrize("config", EVERY_GAME, ids=config_id)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_pettingzoo_parallel_masks_equal_legal(
    config: tuple[str, dict[str, Any]], seed: int
) -> None:
    gid, opts = config
    p_env = parallel_env(gid, opts)
    rng = np.random.default_rng(seed)
    obs, _ = p_env.reset(seed=seed)
    size = p_env.game.num_option_ids
    while p_env.agents:
        s = p_env.state_
        movers = s.to_move()
        for p, a in enumerate(p_env.possible_agents):
            want = legal_mask(s, p, size) if p in movers else np.zeros(size, dtype=bool)
            assert np.array_equal(obs[a]["action_mask"].astype(bool), want)
        actions = {
            a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
            for a in p_env.agents
            if obs[a]["action_mask"].any()
        }
        obs, _, _, _, _ = p_env.step(actions)
    assert not any(o["action_mask"].any() for o in obs.values())


# ---------------------------------------------------------------------- truncation


def test_gymnasium_truncates_after_max_steps() -> None:
    e = SingleAgentEnv("promise", opponents="random", max_steps=3)
    _, info = e.reset(seed=4)
    for step in range(1, 4):
        a = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = e.step(a)
        assert not terminated
        assert truncated == (step == 3)
    assert reward == 0.0 and info["truncated"] is True
    assert not e.state.is_terminal()
    with pytest.raises(RuntimeError, match="reset"):
        e.step(int(np.flatnonzero(info["action_mask"])[0]))
    _, info = e.reset(seed=4)  # a new episode counts from zero again
    _, _, _, truncated, _ = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not truncated


def test_gymnasium_game_end_on_the_last_step_is_termination() -> None:
    # goofspiel with 4 cards: 3 decisions, then the last card plays itself
    e = SingleAgentEnv("goofspiel", config={"num_cards": 4}, max_steps=3)
    _, info = e.reset(seed=1)
    done = truncated = False
    while not (done or truncated):
        _, _, done, truncated, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert done and not truncated and "truncated" not in info


@pytest.mark.parametrize("bad", [0, -3, 2.5, "10", True])
def test_max_steps_must_be_none_or_positive(bad: Any) -> None:
    with pytest.raises(ValueError, match="max_steps must be None"):
        SingleAgentEnv("promise", max_steps=bad)
    with pytest.raises(ValueError, match="max_steps must be None"):
        env("promise", max_steps=bad)
    with pytest.raises(ValueError, match="max_steps must be None"):
        parallel_env("promise", max_steps=bad)


@pytest.mark.parametrize("max_steps", [1, 4, 9])
def test_pettingzoo_aec_truncates_after_max_steps_moves(max_steps: int) -> None:
    e = env("legends", players=4, max_steps=max_steps)
    e.reset(seed=2)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        assert not term
        if trunc:
            assert not obs["action_mask"].any()
            e.step(None)
            continue
        assert e.unwrapped.state_.move_number < max_steps
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    s = e.unwrapped.state_
    assert s.move_number == max_steps and not s.is_terminal()
    assert set(total.values()) == {0.0}
    # once the agents are gone, nobody's observed mask offers a move
    assert not any(e.observe(a)["action_mask"].any() for a in e.possible_agents)


def test_pettingzoo_aec_truncation_after_a_simultaneous_move() -> None:
    """promise begins with a joint throw: the move (and so the truncation) comes after the
    second mover has committed."""
    e = raw_env("promise", max_steps=1)
    e.reset(seed=3)
    e.step(0)
    assert not any(e.truncations.values()) and e.agent_selection == "player_1"
    e.step(1)
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.state_.move_number == 1


def test_pettingzoo_parallel_truncates_after_max_steps() -> None:
    p_env = parallel_env("drama", max_steps=5)
    obs, _ = p_env.reset(seed=1)
    rng = np.random.default_rng(1)
    for step in range(1, 6):
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in obs.items()
            if o["action_mask"].any()
        }
        obs, rewards, terms, truncs, _ = p_env.step(actions)
        assert not any(terms.values())
        assert all(truncs.values()) == (step == 5) and any(truncs.values()) == (step == 5)
    assert set(rewards.values()) == {0.0} and p_env.agents == []
    assert not any(o["action_mask"].any() for o in obs.values())
    assert not p_env.state_.is_terminal()


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize("config", [("promise", {}), ("legends", {"players": 4})], ids=config_id)
def test_api_tests_with_truncation_and_masking(
    config: tuple[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    gid, opts = config
    api_test(env(gid, opts, max_steps=6, illegal="mask"), num_cycles=100)
    parallel_api_test(parallel_env(gid, opts, max_steps=6, illegal="mask"), num_cycles=100)
    out = capsys.readouterr().out
    assert "Passed API test" in out and "Passed Parallel API test" in out


def test_openspiel_max_steps_ends_the_game() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")
    from caiquan.envs import openspiel as cos

    plain = cos.load("legends", players=4)
    assert "max_steps" not in str(plain) and plain.max_game_length() > 5
    game = cos.load("legends", players=4, max_steps=5)
    assert game.max_game_length() == 5
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.integers(256)))
        elif state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(4)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.truncated() and not state.engine_state.is_terminal()
    assert state.engine_state.move_number == 5
    assert state.returns() == [0.0] * 4
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert copy.is_terminal() and copy.truncated()
    # a game that ends by its rules first is not truncated
    short = cos.load("goofspiel", num_cards=3, max_steps=50)
    assert short.max_game_length() == load_game("goofspiel", num_cards=3).max_decisions()
    with pytest.raises(ValueError, match="max_steps"):
        cos.load("promise", max_steps=-1)


# ---------------------------------------------------------------------- illegal actions


def first_illegal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("bad", ["ignore", "", None, 1])
def test_illegal_mode_must_be_known(bad: Any) -> None:
    for make in (SingleAgentEnv, env, parallel_env, raw_env):
        with pytest.raises(ValueError, match="illegal must be one of 'penalty', 'raise', 'mask'"):
            make("promise", illegal=bad)


def test_gymnasium_illegal_raise() -> None:
    e = SingleAgentEnv("promise", illegal="raise")
    _, info = e.reset(seed=1)
    before = e.state.clone()
    with pytest.raises(IllegalActionError, match="cannot play"):
        e.step(first_illegal(info["action_mask"]))
    assert e.state == before  # nothing applied; the episode goes on
    e.step(int(info["legal"][0]))


def test_gymnasium_illegal_mask_plays_a_seeded_legal_option() -> None:
    played = []
    for _ in range(2):
        e = SingleAgentEnv("legends", config={"players": 3}, illegal="mask")
        _, info = e.reset(seed=8)
        bad = first_illegal(info["action_mask"])
        legal = info["legal"]
        _, reward, terminated, truncated, info = e.step(bad)
        assert (reward, terminated, truncated) == (0.0, False, False)
        replaced = info["replaced_action"]
        assert replaced["requested"] == bad and replaced["played"] in legal
        assert "illegal_action" not in info
        played.append(replaced["played"])
        mine = [o for joint in e.state.history() for p, o in joint if p == 0]
        assert mine == [replaced["played"]]  # what was applied
        # a legal action is never replaced
        _, _, _, _, info = e.step(int(info["legal"][0]))
        assert "replaced_action" not in info
    assert played[0] == played[1]  # drawn by the env's seeded RNG


def test_gymnasium_illegal_mask_draws_uniformly() -> None:
    e = SingleAgentEnv("goofspiel", config={"num_cards": 4}, illegal="mask")
    counts = np.zeros(4, dtype=int)
    for seed in range(400):
        e.reset(seed=seed)
        _, _, _, _, info = e.step(99)  # not an option id at all
        counts[info["replaced_action"]["played"]] += 1
    assert counts.min() > 60  # 100 each expected; every legal option drawn


def test_pettingzoo_aec_illegal_raise_and_mask() -> None:
    e = raw_env("drama", illegal="raise")
    e.reset(seed=2)
    agent = e.agent_selection
    bad = first_illegal(e.observe(agent)["action_mask"])
    with pytest.raises(IllegalActionError):
        e.step(bad)
    assert e.agent_selection == agent and e.state_.move_number == 0

    e = raw_env("drama", illegal="mask")
    e.reset(seed=2)
    legal = list(e.state_.legal(e.possible_agents.index(agent)))
    e.step(bad)
    info = e.infos[agent]
    assert info["replaced_action"]["requested"] == bad
    assert info["replaced_action"]["played"] in legal
    assert e.state_.move_number == 1 and not any(e.terminations.values())
    # None for a live agent is illegal too: replaced as well
    nxt = e.agent_selection
    e.step(None)
    assert e.infos[nxt]["replaced_action"]["requested"] is None
    # a legal step clears the agent's note
    while e.agent_selection != agent:
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert e.infos[agent] == {}


def test_pettingzoo_parallel_illegal_raise_and_mask() -> None:
    p_env = parallel_env("promise", illegal="raise")
    obs, _ = p_env.reset(seed=1)
    good = int(np.flatnonzero(obs["player_0"]["action_mask"])[0])
    bad = first_illegal(obs["player_1"]["action_mask"])
    with pytest.raises(IllegalActionError, match="player 1"):
        p_env.step({"player_0": good, "player_1": bad})
    assert p_env.state_.move_number == 0

    p_env = parallel_env("promise", illegal="mask")
    p_env.reset(seed=1)
    _, rewards, terms, _, infos = p_env.step({"player_0": good, "player_1": bad})
    assert infos["player_0"] == {}
    assert infos["player_1"]["replaced_action"]["requested"] == bad
    assert p_env.state_.move_number == 1 and not any(terms.values())
    assert set(rewards.values()) == {0.0}
