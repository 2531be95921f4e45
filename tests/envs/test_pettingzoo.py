"""PettingZoo: its own conformance tests on every game and player count, plus the AEC
face-down handling of simultaneous decisions, seeding, illegal actions and truncation by
PettingZoo's ``max_cycles``."""

from __future__ import annotations

import traceback
import types
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

with warnings.catch_warnings():
    # pettingzoo.test imports one of its classic envs (for its own doctest fixtures) through
    # a deprecated path, which warns once at import
    warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
    from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
    from pettingzoo.test.seed_test import parallel_seed_test

from caiquan.envs.pettingzoo import CaiquanAECEnv, CaiquanParallelEnv, env, parallel_env, raw_env
from caiquan.games import load_game

from .configs import CONFIGS, EVERY_GAME, config_id

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


# ---------------------------------------------------------------------- max_cycles


def _legal_choice(rng: np.random.Generator, obs: dict[str, Any]) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def _play_aec(gid: str, opts: dict[str, Any], max_cycles: int, seed: int) -> tuple[bool, int]:
    """Play a random game with ``max_cycles`` through the AEC API, checking every step;
    whether it was truncated, and how often a cycle completed on a face-down commit (the
    move still waiting for another mover)."""
    e = env(gid, opts, max_cycles=max_cycles)
    raw = e.unwrapped
    assert isinstance(raw, CaiquanAECEnv)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = dict.fromkeys(e.possible_agents, 0)
    everyone_decides = True  # so far, every player decided in every move
    completed_on_commit = 0
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        s = raw.state_
        everyone_decides &= len(s.to_move()) == raw.game.num_players
        moves, cycles = s.move_number, raw.cycles
        e.step(_legal_choice(rng, obs))
        steps[agent] += 1
        assert raw.cycles == min(steps.values())
        if s.is_terminal():
            assert not any(raw.truncations.values())
        elif s.move_number > moves:  # a move's end: truncated exactly when n cycles are done
            done = min(steps.values()) >= max_cycles
            assert all(raw.truncations.values()) == any(raw.truncations.values()) == done
        else:  # a face-down commit: nothing ends between two commits
            assert not any(raw.truncations.values())
            completed_on_commit += raw.cycles > cycles
    s = raw.state_
    if s.is_terminal():
        assert min(steps.values()) <= max_cycles
        return False, completed_on_commit
    assert min(steps.values()) == max_cycles and s.committed() == ()
    assert set(total.values()) == {0.0}
    assert not any(raw.observe(a)["action_mask"].any() for a in e.possible_agents)
    if everyone_decides:  # goofspiel, oshi_zumo: a cycle is a move, as in parallel
        assert s.move_number == max_cycles
        assert set(steps.values()) == {max_cycles}
    return True, completed_on_commit


@pytest.mark.parametrize("config", EVERY_GAME, ids=config_id)
@pytest.mark.parametrize("max_cycles", [1, 2])
def test_aec_max_cycles_truncates_when_every_agent_has_taken_n_steps(
    config: tuple[str, dict[str, Any]], max_cycles: int
) -> None:
    """A cycle is every agent acting once: the episode is truncated at the end of the move
    in which the last agent takes its ``max_cycles``-th step, unless the game ends first."""
    truncated = [_play_aec(*config, max_cycles, seed)[0] for seed in range(4)]
    assert any(truncated), "no seed outlasted max_cycles: nothing was tested"


@pytest.mark.parametrize("config", [("drama", {}), ("legends", {"players": 3})], ids=config_id)
def test_aec_max_cycles_truncation_waits_for_the_end_of_the_move(
    config: tuple[str, dict[str, Any]],
) -> None:
    """An agent that lags behind the others can complete a cycle with a face-down commit
    while a later mover still has to choose: the truncation comes when the move is
    applied (``_play_aec`` checks it at every step)."""
    seen = sum(_play_aec(*config, 5, seed)[1] for seed in range(8))
    assert seen > 0, "no cycle completed on a face-down commit: nothing was tested"


@pytest.mark.parametrize("config", EVERY_GAME, ids=config_id)
@pytest.mark.parametrize("max_cycles", [1, 2])
def test_parallel_max_cycles_truncates_at_the_nth_step(
    config: tuple[str, dict[str, Any]], max_cycles: int
) -> None:
    """One parallel ``step`` is one cycle: truncation after the ``max_cycles``-th step, as
    with ``max_steps`` (the same trajectory, step for step)."""
    gid, opts = config
    truncated_games = 0
    for seed in range(4):
        by_cycles = parallel_env(gid, opts, max_cycles=max_cycles)
        by_steps = parallel_env(gid, opts, max_steps=max_cycles)
        obs, _ = by_cycles.reset(seed=seed)
        by_steps.reset(seed=seed)
        rng = np.random.default_rng(seed)
        step = 0
        while by_cycles.agents:
            actions = {a: _legal_choice(rng, o) for a, o in obs.items() if o["action_mask"].any()}
            obs, rewards, terms, truncs, infos = by_cycles.step(actions)
            step += 1
            assert by_cycles.cycles == step == by_cycles.state_.move_number
            obs_s, *rest = by_steps.step(actions)
            assert rest == [rewards, terms, truncs, infos]
            assert all(np.array_equal(obs[a][k], obs_s[a][k]) for a in obs for k in obs[a])
            done = not any(terms.values()) and step == max_cycles
            assert all(truncs.values()) == any(truncs.values()) == done
        if by_cycles.state_.is_terminal():
            assert step <= max_cycles
            continue
        truncated_games += 1
        assert step == max_cycles and set(rewards.values()) == {0.0}
        assert not any(o["action_mask"].any() for o in obs.values())
    assert truncated_games > 0, "no seed outlasted max_cycles: nothing was tested"


class _MaxCyclesModule:
    """What ``max_cycles_test`` takes: a module with ``env(max_cycles=)`` and
    ``parallel_env(max_cycles=)``, here bound to one configuration and seed; it keeps the
    envs it made."""

    def __init__(self, gid: str, opts: dict[str, Any], seed: int) -> None:
        self.gid, self.opts, self.seed = gid, opts, seed
        self.made: list[Any] = []

    def module(self) -> types.SimpleNamespace:
        def make(factory: Any) -> Any:
            def build(max_cycles: int) -> Any:
                # max_cycles_test samples from the whole action space: illegal="mask" turns
                # each sample into a legal option. Seeded (its reset() then draws the next
                # seed of a stream, and the spaces sample from their seeds): reproducible
                made = factory(self.gid, self.opts, max_cycles=max_cycles, illegal="mask")
                made.reset(seed=self.seed)
                for i, agent in enumerate(made.possible_agents):
                    made.action_space(agent).seed(1000 * self.seed + i)
                self.made.append(made)
                return made

            return build

        return types.SimpleNamespace(env=make(env), parallel_env=make(parallel_env))


# The assertion of max_cycles_test that games whose agents step unequally often cannot
# meet: when the last agent takes its 4th step (the 4th cycle is complete), another agent
# has taken more than 4. Where and why (with the seats deciding in the first moves of a
# random game):
UNEVEN_STEPS = "assert max_cycles == np.max(agent_counts) - 1"
UNEVEN = {
    "drama": "players decide one at a time in turn, and a turn is often followed by a "
    "decision of two players at once (3 0 1 2 3 0 1 2 0 01 1 12 2 12 …), so the "
    "players in those pairs step more often than the others",
    "legends": "most moves are one player's alone and one player often decides several "
    "times running (4 players: 0 0 03 1 2 2 02 02 3 0 0 …), so agents step unequally often",
}


def _uneven_reason(gid: str) -> str:
    return (
        f"max_cycles_test's `{UNEVEN_STEPS}` fails: in {gid} {UNEVEN[gid]}; when the last "
        "agent takes its 4th step (the 4th cycle is complete), another has taken more"
    )


# max_cycles_test truncates after 4 cycles: options under which these games outlast them
# (goofspiel with the cards of CONFIGS ends within 4 moves; oshi_zumo's wrestler is pushed
# off after size + 1 = 4 pushes at its default size, and random bids can spend both
# players' coins in 4 turns: with 100 each, the three seeds of the test outlast them)
LONGER: dict[str, dict[str, Any]] = {
    "goofspiel": {"num_cards": 8},
    "oshi_zumo": {"size": 5, "coins": 100},
}


def _max_cycles_param(config: tuple[str, dict[str, Any]]) -> Any:
    gid, opts = config
    config = (gid, {**opts, **LONGER.get(gid, {})})
    marks = (
        [pytest.mark.xfail(strict=True, raises=AssertionError, reason=_uneven_reason(gid))]
        if gid in UNEVEN
        else []
    )
    return pytest.param(config, marks=marks, id=config_id(config))


@pytest.mark.parametrize("config", [_max_cycles_param(c) for c in EVERY_GAME])
def test_pettingzoo_max_cycles_test(config: tuple[str, dict[str, Any]]) -> None:
    """PettingZoo's own ``max_cycles_test`` through ``max_cycles``, on three seeds. It passes
    where the agents step equally often (goofspiel and oshi_zumo: every player decides in
    every move; promise: both do, but for moves that come in pairs, one of each player:
    the picks, and the throws when one must throw first) and fails at its
    :data:`UNEVEN_STEPS` assertion in drama and legends (strict xfail; the failure must
    be that assertion)."""
    gid, opts = config
    expect_failure = gid in UNEVEN
    for seed in range(3):
        rec = _MaxCyclesModule(gid, opts, seed)
        try:
            max_cycles_test(rec.module())
        except AssertionError as error:
            failed_at = (traceback.extract_tb(error.__traceback__)[-1].line or "").strip()
            if expect_failure and failed_at != UNEVEN_STEPS:  # not the known reason
                raise RuntimeError(f"max_cycles_test failed at {failed_at!r}") from error
            raise
        parallel, aec = rec.made
        assert isinstance(parallel, CaiquanParallelEnv)
        raw = aec.unwrapped
        # ended by truncation after 4 cycles, not by the game's end
        assert parallel.cycles == raw.cycles == 4
        assert not parallel.state_.is_terminal() and not raw.state_.is_terminal()
        assert all(raw.truncations.values())


def test_max_cycles_and_max_steps_together_are_refused() -> None:
    game = load_game("promise")
    for make in (
        lambda: env("promise", max_steps=3, max_cycles=3),
        lambda: raw_env("promise", max_steps=3, max_cycles=3),
        lambda: parallel_env("promise", max_steps=3, max_cycles=3),
        lambda: CaiquanAECEnv(game, max_steps=3, max_cycles=3),
        lambda: CaiquanParallelEnv(game, max_steps=3, max_cycles=3),
    ):
        with pytest.raises(ValueError, match=r"max_steps .* or max_cycles .* not both"):
            make()


@pytest.mark.parametrize("bad", [0, -3, 2.5, "10", True])
def test_max_cycles_must_be_none_or_positive(bad: Any) -> None:
    for make in (env, raw_env, parallel_env):
        with pytest.raises(ValueError, match="max_cycles must be None"):
            make("promise", max_cycles=bad)


@DICT_OBS_WARNINGS[0]
@DICT_OBS_WARNINGS[1]
@pytest.mark.parametrize("config", [("promise", {}), ("legends", {"players": 4})], ids=config_id)
def test_api_tests_with_max_cycles(
    config: tuple[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    gid, opts = config
    api_test(env(gid, opts, max_cycles=3, illegal="mask"), num_cycles=100)
    parallel_api_test(parallel_env(gid, opts, max_cycles=3, illegal="mask"), num_cycles=100)
    out = capsys.readouterr().out
    assert "Passed API test" in out and "Passed Parallel API test" in out
