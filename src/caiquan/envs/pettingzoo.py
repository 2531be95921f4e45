"""PettingZoo environments for every caiquan game: AEC (:func:`env`) and parallel
(:func:`parallel_env`).

>>> from caiquan.envs.pettingzoo import env
>>> e = env("goofspiel", num_cards=4)
>>> e.reset(seed=7)
>>> e.agents, e.agent_selection
(['player_0', 'player_1'], 'player_0')
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].tolist()
(['action_mask', 'observation'], [1, 1, 1, 1])

Conventions (PettingZoo's, for turn-based games with masks):

* agents are ``player_0`` … ``player_{N-1}`` (seat order); the name is ``<game id>_v<rules
  version>`` (``metadata["name"]``);
* ``reset(seed=s)`` deals exactly as ``game.new_state(seed=s)``; a later ``reset()`` without a
  seed draws the next seed from a stream seeded by the last given seed;
* the observation of an agent is ``{"observation": float32 vector, "action_mask": int8
  vector}`` (:mod:`caiquan.envs.tensors`); actions are option ids (``Discrete(num_option_ids)``);
* rewards are the game's returns, given once, when the game ends;
* ``max_steps=n`` truncates the episode once the game has taken ``n`` decisions (moves:
  joint decisions applied, ``state.move_number``) without ending: every agent is truncated,
  rewards 0. In the parallel env that is the ``n``-th ``step``; in the AEC env a move
  takes one step of each of its movers. ``None`` (the default): no truncation (every game
  ends within ``max_decisions()``);
* ``max_cycles=n`` is PettingZoo's name for truncation (its own environments and its
  ``max_cycles_test`` pass it), counted as PettingZoo counts it: the episode is truncated
  once ``n`` cycles are complete, a cycle being every agent acting once (see *Cycles*
  below). It cannot be given with ``max_steps`` (a ``ValueError`` names both);
* ``illegal`` (:mod:`caiquan.envs.options`) says what an illegal action does:
  ``"penalty"`` (the default) ends the game at once: the offender gets ``illegal_reward``
  (−1 by default), the others 0, and every agent's info has ``"illegal_action": True``;
  ``"raise"`` raises :class:`~caiquan.envs.options.IllegalActionError`; ``"mask"`` plays a
  legal option drawn uniformly by the env's RNG (seeded by the deal's seed) instead, and the
  agent's info has ``"replaced_action": {"requested": a, "played": b}``. In the AEC env,
  ``None`` for a live agent is an illegal action.

**AEC and simultaneous decisions.** In the AEC env only ``agent_selection`` acts; its mask
holds its legal options, every other agent's mask is all zero. When several players decide
at once (a simultaneous reveal), they are selected one after another in seat order, and each
choice is laid face down with the engine's ``state.commit`` — nobody sees a committed choice
(the observation shows only *who* has committed) until the last mover commits and the joint
decision applies.

**Parallel.** :func:`parallel_env` takes the joint action directly: ``step`` reads the
actions of the players deciding now and ignores the others' (whose masks are all zero).

**Cycles** (``max_cycles``). PettingZoo's environments count a cycle when the last agent of
a round has stepped (the world then advances one frame) and truncate when the count reaches
``max_cycles``; in a parallel env one ``step`` is one cycle. Here:

* parallel: every agent is given an action in each ``step`` (those not deciding are
  ignored), so a cycle is a ``step``, which is one move: ``max_cycles=n`` truncates after
  the ``n``-th ``step``, exactly as ``max_steps=n``;
* AEC: only deciding agents are selected, so a move may be one agent's step alone. The
  ``k``-th cycle is each agent's ``k``-th step, complete when the last agent takes it
  (``cycles`` of the raw env, ``env(...).unwrapped.cycles``: the fewest steps any agent
  has taken). The episode is truncated at the end of the move in which the ``n``-th cycle
  completes, never between two face-down commits: every agent has then taken at least
  ``n`` steps. When every player decides in every move (goofspiel, oshi_zumo) that is the
  ``n``-th move, as in the parallel env; in a game with turns it comes later, and an agent
  that decides more often than the others has taken more than ``n`` steps by then.

>>> e = raw_env("promise", max_cycles=2)  # its first moves: both players decide at once
>>> e.reset(seed=3)
>>> def play_first_legal() -> None:
...     e.step(int(e.last()[0]["action_mask"].argmax()))
>>> play_first_legal(); play_first_legal(); e.cycles, any(e.truncations.values())
(1, False)
>>> play_first_legal(); e.cycles, e.state_.move_number  # one commit: the move waits
(1, 1)
>>> play_first_legal(); e.cycles, all(e.truncations.values())
(2, True)
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from caiquan.engine import Game, Rng, State
from caiquan.games import load_game

from .options import (
    IllegalActionError,
    IllegalMode,
    check_illegal,
    check_max_cycles,
    check_max_steps,
    illegal_message,
    legal_replacement,
)
from .tensors import HIGH, LOW, Encoder, action_mask, encoder_for

RENDER_MODES = ("ansi", "human")


def agent_name(player: int) -> str:
    return f"player_{player}"


class _Table:
    """What both env kinds share: the game, the engine state, spaces, seeds, rendering."""

    def __init__(
        self,
        game: Game,
        render_mode: str | None,
        illegal_reward: float,
        illegal: IllegalMode,
        max_steps: int | None,
        max_cycles: int | None,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None")
        self.game = game
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.illegal: IllegalMode = check_illegal(illegal)
        self.max_steps = check_max_steps(max_steps)
        self.max_cycles = check_max_cycles(max_cycles)
        if self.max_steps is not None and self.max_cycles is not None:
            raise ValueError(
                "give max_steps (the game's moves) or max_cycles (PettingZoo's cycles), not "
                f"both; got max_steps={max_steps!r} and max_cycles={max_cycles!r}"
            )
        self.rng = np.random.default_rng(0)
        self.encoder: Encoder = encoder_for(game)
        self.agents = [agent_name(p) for p in range(game.num_players)]
        n = game.num_option_ids
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.agents}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        LOW, HIGH, (self.encoder.size,), dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for a in self.agents
        }
        self.state: State = game.new_state(0)
        self._seeds: Rng | None = None
        self._rendered = 0

    def new_game(self, seed: int | None) -> State:
        if seed is not None:
            self._seeds = Rng(seed)
            engine_seed = seed
        elif self._seeds is not None:
            engine_seed = self._seeds.next_u64() >> 1
        else:
            engine_seed = secrets.randbits(63)
        self.state = self.game.new_state(engine_seed)
        self.rng = np.random.default_rng(engine_seed)
        self._rendered = 0
        return self.state

    def resolve(self, player: int, action: int | None) -> tuple[int | None, dict[str, Any]]:
        """The option ``player`` plays for ``action`` and the info that goes with it:
        ``action`` itself when legal; otherwise, by the ``illegal`` mode, an
        :class:`IllegalActionError`, ``None`` (``"penalty"``: the game ends) or a legal
        replacement (``"mask"``)."""
        legal = self.state.legal(player)
        if action is not None and int(action) in legal:
            return int(action), {}
        if self.illegal == "raise":
            raise IllegalActionError(illegal_message(player, action, legal))
        if self.illegal == "penalty":
            return None, {}
        played = legal_replacement(self.rng, legal)
        requested = None if action is None else int(action)
        return played, {"replaced_action": {"requested": requested, "played": played}}

    def truncated(self, cycles: int) -> bool:
        """The game has not ended and has taken ``max_steps`` moves, or ``cycles`` (the
        cycles complete, as the env counts them) has reached ``max_cycles``."""
        s = self.state
        if s.is_terminal():
            return False
        if self.max_steps is not None:
            return s.move_number >= self.max_steps
        return self.max_cycles is not None and cycles >= self.max_cycles

    def observe(self, player: int, with_mask: bool) -> dict[str, Any]:
        s = self.state
        mask = (
            action_mask(s, player)
            if with_mask
            else np.zeros(self.game.num_option_ids, dtype=np.int8)
        )
        return {"observation": self.encoder.encode(s.observation(player)), "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        s = self.state
        lines = [self.game.format_event(e) for e in s.events(None, self._rendered)]
        self._rendered = s.event_count()
        status = (
            f"game over: returns {list(s.returns())}"
            if s.is_terminal()
            else f"move {s.move_number}: to move {list(s.to_move())}"
        )
        text = "\n".join([*lines, status])
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _load(game_id: str | Game, config: dict[str, Any] | None, options: dict[str, Any]) -> Game:
    if isinstance(game_id, Game):
        return game_id
    return load_game(game_id, {**(config or {}), **options})


class CaiquanAECEnv(AECEnv[str, dict[str, Any], int]):
    """A caiquan game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        illegal: IllegalMode = "penalty",
        max_steps: int | None = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        self._t = _Table(game, render_mode, illegal_reward, illegal, max_steps, max_cycles)
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"{game.id}_v{game.version}",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": True,
        }
        self.possible_agents = list(self._t.agents)
        self.observation_spaces = self._t.observation_spaces
        self.action_spaces = self._t.action_spaces
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        self._truncated = False  # the episode was truncated (max_steps or max_cycles)
        self._reset_bookkeeping()

    # ------------------------------------------------------------------ API

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state_(self) -> State:
        """The engine state (for tools and tests; agents should use ``observe``)."""
        return self._t.state

    @property
    def cycles(self) -> int:
        """The cycles complete since ``reset``: the fewest steps any agent has taken (a
        dead agent's step after the end does not count)."""
        return min(self._steps.values())

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._t.new_game(seed)
        self._reset_bookkeeping()
        self.agent_selection = self._next_mover()

    def observe(self, agent: str) -> dict[str, Any]:
        p = self._index[agent]
        live = agent == self.agent_selection and not (
            self._t.state.is_terminal() or self._truncated
        )
        return self._t.observe(p, live)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self._t.state
        p = self._index[agent]
        play, info = self._t.resolve(p, action)
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        if play is None:
            self._end_illegal(agent)
        else:
            self.infos[agent] = info
            self._steps[agent] += 1
            applied = s.commit(p, play)
            if s.is_terminal():
                for q, r in enumerate(s.returns()):
                    self.rewards[self.possible_agents[q]] = float(r)
                for a in self.agents:
                    self.terminations[a] = True
            elif applied and self._t.truncated(self.cycles):
                self._truncated = True
                for a in self.agents:
                    self.truncations[a] = True
            else:
                self.agent_selection = self._next_mover()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return self._t.render()

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ helpers

    def _reset_bookkeeping(self) -> None:
        self._truncated = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps: dict[str, int] = dict.fromkeys(self.agents, 0)  # live steps per agent
        self.agent_selection = self.possible_agents[0]

    def _next_mover(self) -> str:
        s = self._t.state
        waiting = [p for p in s.to_move() if p not in s.committed()]
        return self.possible_agents[waiting[0]] if waiting else self.possible_agents[0]

    def _end_illegal(self, agent: str) -> None:
        for a in self.agents:
            self.rewards[a] = self._t.illegal_reward if a == agent else 0.0
            self.terminations[a] = True
            self.infos[a] = {"illegal_action": True}


class CaiquanParallelEnv(ParallelEnv[str, dict[str, Any], int]):
    """A caiquan game as a PettingZoo parallel environment (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        illegal: IllegalMode = "penalty",
        max_steps: int | None = None,
        max_cycles: int | None = None,
    ) -> None:
        self._t = _Table(game, render_mode, illegal_reward, illegal, max_steps, max_cycles)
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"{game.id}_v{game.version}",
            "render_modes": list(RENDER_MODES),
        }
        self.possible_agents = list(self._t.agents)
        self.agents: list[str] = []
        self.observation_spaces = self._t.observation_spaces
        self.action_spaces = self._t.action_spaces

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state_(self) -> State:
        """The engine state (for tools and tests; agents should use the observations)."""
        return self._t.state

    @property
    def cycles(self) -> int:
        """The cycles complete since ``reset``: the ``step`` calls that applied a move."""
        return self._t.state.move_number

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self._t.new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        s = self._t.state
        if not self.agents:
            raise RuntimeError("the episode is over; call reset()")
        agents = self.agents
        movers = [self.possible_agents[p] for p in s.to_move()]
        missing = [a for a in movers if a not in actions or actions[a] is None]
        if missing:
            raise ValueError(f"{', '.join(missing)} must act now (deciding: {movers})")
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        joint: dict[int, int] = {}
        offender = None
        for p in s.to_move():
            play, info = self._t.resolve(p, actions[agent_name(p)])
            if play is None:
                offender = agent_name(p)
                break
            joint[p] = play
            infos[agent_name(p)] = info
        truncated = False
        if offender is not None:
            rewards = {a: (self._t.illegal_reward if a == offender else 0.0) for a in agents}
            infos = {a: {"illegal_action": True} for a in agents}
            done = True
        else:
            s.apply(joint)
            done = s.is_terminal()
            truncated = self._t.truncated(self.cycles)
            ret = s.returns()
            rewards = {a: float(ret[i]) if done else 0.0 for i, a in enumerate(agents)}
        obs = self._observations(ended=done or truncated)
        terminations = dict.fromkeys(agents, done)
        truncations = dict.fromkeys(agents, truncated)
        if done or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self._t.render()

    def close(self) -> None:
        pass

    def _observations(self, ended: bool = False) -> dict[str, dict[str, Any]]:
        movers = set() if ended else set(self._t.state.to_move())
        return {a: self._t.observe(p, p in movers) for p, a in enumerate(self.possible_agents)}


def raw_env(
    game_id: str | Game,
    config: dict[str, Any] | None = None,
    *,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    illegal: IllegalMode = "penalty",
    max_steps: int | None = None,
    max_cycles: int | None = None,
    **options: Any,
) -> CaiquanAECEnv:
    """The AEC environment of a game without PettingZoo's order-enforcing wrapper."""
    return CaiquanAECEnv(
        _load(game_id, config, options),
        render_mode=render_mode,
        illegal_reward=illegal_reward,
        illegal=illegal,
        max_steps=max_steps,
        max_cycles=max_cycles,
    )


def env(
    game_id: str | Game,
    config: dict[str, Any] | None = None,
    *,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    illegal: IllegalMode = "penalty",
    max_steps: int | None = None,
    max_cycles: int | None = None,
    **options: Any,
) -> AECEnv[str, dict[str, Any], int]:
    """The AEC environment of a game, e.g. ``env("legends", players=4)``.

    ``config`` and keyword ``options`` are the game's options (as for ``load_game``);
    ``illegal``, ``max_steps`` and ``max_cycles`` as in the module docstring. Wrapped
    in PettingZoo's ``OrderEnforcingWrapper`` (``env.unwrapped`` is the raw env).
    """
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    raw = raw_env(
        game_id,
        config,
        render_mode=render_mode,
        illegal_reward=illegal_reward,
        illegal=illegal,
        max_steps=max_steps,
        max_cycles=max_cycles,
        **options,
    )
    return OrderEnforcingWrapper(raw)


def parallel_env(
    game_id: str | Game,
    config: dict[str, Any] | None = None,
    *,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    illegal: IllegalMode = "penalty",
    max_steps: int | None = None,
    max_cycles: int | None = None,
    **options: Any,
) -> CaiquanParallelEnv:
    """The parallel environment of a game, e.g. ``parallel_env("promise")``; the
    arguments as for :func:`env`."""
    return CaiquanParallelEnv(
        _load(game_id, config, options),
        render_mode=render_mode,
        illegal_reward=illegal_reward,
        illegal=illegal,
        max_steps=max_steps,
        max_cycles=max_cycles,
    )


__all__ = ["CaiquanAECEnv", "CaiquanParallelEnv", "agent_name", "env", "parallel_env", "raw_env"]
