"""A Gymnasium environment for one seat of a caiquan game; caiquan bots play the other seats.

>>> from caiquan.envs.gymnasium import SingleAgentEnv
>>> env = SingleAgentEnv("goofspiel", seat=1, opponents="random", config={"num_cards": 4})
>>> obs, info = env.reset(seed=3)
>>> obs.shape, info["action_mask"].tolist()
((87,), [1, 1, 1, 1])
>>> obs, reward, terminated, truncated, info = env.step(3)   # bid the 4
>>> terminated, truncated
(False, False)

* Observations: ``Box(-1, 1, (encoder.size,), float32)`` — the seat's observation tensor
  (:mod:`caiquan.envs.tensors`). Actions: ``Discrete(game.num_option_ids)``; the legal ones
  are in ``info["action_mask"]`` (``int8``), as are ``info["legal"]`` (the option ids) and
  ``info["decision"]`` (the decision kind).
* ``reset(seed=s)`` deals exactly as ``game.new_state(seed=s)``; the opponents draw their
  randomness by the one rule of :mod:`caiquan.bots.match` (from the deal seed, their seat
  and the move), so an episode is reproducible from its seed, and an opponent decides as
  the same bot would in that seat of ``caiquan demo GAME --seed s``.
* The episode runs from the seat's first decision to the end of the game; whenever other
  seats decide (alone, or with the seat in a simultaneous reveal), their bots decide from
  their own view. The reward is the seat's return, once, at the end.
* Registered with Gymnasium as ``caiquan/<game id>-v<rules version>`` (e.g.
  ``gymnasium.make("caiquan/legends-v2", config={"players": 4}, seat=2)``).
* ``action_masks()`` returns the legal options as a ``bool`` array of
  ``num_option_ids`` entries (True = legal), sb3-contrib's ``MaskablePPO`` convention:
  ``MaskablePPO("MlpPolicy", SingleAgentEnv("promise", opponents="greedy"))`` needs no
  wrapper (``examples/maskable_ppo_promise.py``).
* ``max_steps=n`` truncates an episode after the agent's ``n``-th step (``truncated=True``,
  reward 0, ``info["truncated"] = True``) unless the game ended on that step; ``None`` (the
  default) never truncates.
* ``illegal`` says what an illegal action does (:mod:`caiquan.envs.options`): ``"penalty"``
  (the default) **ends the episode** (``terminated=True``) with reward ``illegal_reward``
  (−1 by default, the lowest return of the seed games) and ``info["illegal_action"] = True``;
  ``"raise"`` raises :class:`~caiquan.envs.options.IllegalActionError`; ``"mask"`` plays a
  legal option drawn uniformly by the env's ``np_random`` instead, with
  ``info["replaced_action"] = {"requested": a, "played": b}``. Agents that sample from the
  mask never see any of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from caiquan.bots import Bot, BotSpec, as_spec, decide
from caiquan.engine import Game, State
from caiquan.games import game_class, game_ids, load_game

from .options import (
    IllegalActionError,
    IllegalMode,
    check_illegal,
    check_max_steps,
    illegal_message,
    legal_replacement,
)
from .tensors import HIGH, LOW, action_mask, encoder_for

Opponents = str | BotSpec | Bot | Sequence[str | BotSpec | Bot] | Mapping[int, str | BotSpec | Bot]


class SingleAgentEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a game as a Gymnasium env (see the module docstring).

    ``opponents`` is a bot spec for every other seat (``"random"``, ``"ismcts:iterations=50"``,
    ``"nash"``… or a :class:`~caiquan.bots.BotSpec`), a bot object, a list (one per other
    seat, in seat order) or a mapping ``{seat: bot}``. Each spec is checked when the env is
    made and builds one bot per seat.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str | Game,
        seat: int = 0,
        opponents: Opponents = "random",
        config: Mapping[str, Any] | None = None,
        *,
        illegal_reward: float = -1.0,
        illegal: IllegalMode = "penalty",
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        game = game_id if isinstance(game_id, Game) else load_game(game_id, dict(config or {}))
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat {seat} is not in this {game.num_players}-player game")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = game
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.illegal: IllegalMode = check_illegal(illegal)
        self.max_steps = check_max_steps(max_steps)
        self.encoder = encoder_for(game)
        self.bots: dict[int, Bot] = _bots(opponents, game.num_players, seat)
        self.observation_space = gymnasium.spaces.Box(
            LOW, HIGH, (self.encoder.size,), dtype=np.float32
        )
        self.action_space = gymnasium.spaces.Discrete(game.num_option_ids)
        self.state: State = game.new_state(0)
        self._pending: dict[int, int] = {}
        self._rendered = 0
        self._steps = 0
        self._truncated = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        engine_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63 - 1))
        self.state = self.game.new_state(engine_seed)
        self._rendered = 0
        self._steps = 0
        self._truncated = False
        self._advance()
        return self._obs(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        s = self.state
        if s.is_terminal() or self._truncated:
            raise RuntimeError("the episode is over; call reset()")
        a = int(action)
        legal = s.legal(self.seat)
        replaced: dict[str, int] | None = None
        if a not in legal:
            if self.illegal == "raise":
                raise IllegalActionError(illegal_message(self.seat, a, legal))
            if self.illegal == "penalty":
                info = self._info()
                info["illegal_action"] = True
                return self._obs(), self.illegal_reward, True, False, info
            replaced = {"requested": a, "played": legal_replacement(self.np_random, legal)}
            a = replaced["played"]
        joint = dict(self._pending)
        joint[self.seat] = a
        s.apply(joint)
        self._advance()
        self._steps += 1
        done = s.is_terminal()
        reward = float(s.returns()[self.seat]) if done else 0.0
        self._truncated = not done and self.max_steps is not None and self._steps >= self.max_steps
        info = self._info()
        if replaced is not None:
            info["replaced_action"] = replaced
        if self._truncated:
            info["truncated"] = True
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, done, self._truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The seat's legal options now as a ``bool`` array of ``num_option_ids`` entries
        (True = legal; all False once the game is over) — sb3-contrib's ``MaskablePPO``
        convention. The same as ``info["action_mask"]`` of the last step or reset."""
        return action_mask(self.state, self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        s = self.state
        lines = [self.game.format_event(e) for e in s.events(self.seat, self._rendered)]
        self._rendered = s.event_count()
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ------------------------------------------------------------------ helpers

    def _advance(self) -> None:
        """Let the bots play until the seat decides (their choices for a joint decision
        that includes the seat wait in ``_pending``) or the game ends."""
        s = self.state
        self._pending = {}
        while not s.is_terminal():
            movers = s.to_move()
            choices = {p: decide(self.bots[p], s, p) for p in movers if p != self.seat}
            if self.seat in movers:
                self._pending = choices
                return
            s.apply(choices)

    def _obs(self) -> npt.NDArray[np.float32]:
        return self.encoder.encode(self.state.observation(self.seat))

    def _info(self) -> dict[str, Any]:
        s = self.state
        info: dict[str, Any] = {"action_mask": action_mask(s, self.seat)}
        info["legal"] = list(s.legal(self.seat))
        info["decision"] = s.decision(self.seat).kind if info["legal"] else None
        if s.is_terminal():
            info["returns"] = list(s.returns())
        return info


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game's env: ``caiquan/<id>-v<rules version>``."""
    return f"caiquan/{game_id}-v{game_class(game_id).version}"


def register_envs() -> list[str]:
    """Register every game with Gymnasium (idempotent); returns the ids."""
    ids = []
    for gid in game_ids():
        eid = env_id(gid)
        if eid not in gymnasium.registry:
            gymnasium.register(
                id=eid, entry_point="caiquan.envs.gymnasium:SingleAgentEnv", kwargs={"game_id": gid}
            )
        ids.append(eid)
    return ids


def _bots(opponents: Opponents, n: int, seat: int) -> dict[int, Bot]:
    others = [p for p in range(n) if p != seat]
    if isinstance(opponents, str | BotSpec) or hasattr(opponents, "decide"):
        one = as_spec(opponents) if isinstance(opponents, str) else opponents
        specs: dict[int, Any] = dict.fromkeys(others, one)
    elif isinstance(opponents, Mapping):
        specs = dict(opponents)
    else:
        specs = dict(zip(others, opponents, strict=True))
    missing = [p for p in others if p not in specs]
    if missing:
        raise ValueError(f"no opponent given for seats {missing}")
    parsed = {p: as_spec(b) for p, b in specs.items() if isinstance(b, str | BotSpec)}
    return {p: parsed[p].build() if p in parsed else b for p, b in specs.items() if p != seat}


register_envs()

__all__ = ["SingleAgentEnv", "env_id", "register_envs"]
