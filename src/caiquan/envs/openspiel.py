"""Every caiquan game as an OpenSpiel Python game: ``caiquan_<id>`` (e.g. ``caiquan_promise``).

Importing this module registers the games with ``pyspiel.register_game``:

>>> import pyspiel
>>> import caiquan.envs.openspiel
>>> game = pyspiel.load_game("caiquan_goofspiel", {"num_cards": 4})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.max_chance_outcomes()
(True, 256)
>>> for byte in (7, 0, 0, 0):          # the deal: as caiquan's new_state(seed=7)
...     state.apply_action(byte)
>>> state.is_simultaneous_node(), state.legal_actions(0)
(True, [0, 1, 2, 3])

How the engine maps onto OpenSpiel:

* **Parameters**: the caiquan game's options with their defaults (``players`` where the game
  has that option), plus ``deal_draws`` (default 4, from 0 to 8) and ``max_steps``
  (default 0: off).
* **Truncation**: ``max_steps=n`` (n > 0) ends the game after ``n`` moves (decisions applied,
  ``state.move_number``; the deal's chance nodes do not count) if it has not ended by
  itself: the state is terminal and every player's return is 0 (nobody won; the games' zero
  sum). ``max_game_length`` is then at most ``n``. ``truncated()`` tells a truncated end
  from the game's own.
* **Chance**: explicit (``EXPLICIT_STOCHASTIC``). The game starts with ``deal_draws`` chance
  nodes of 256 equally likely outcomes each; draws ``b0, b1, …`` make the seed
  ``Σ b_i·256^i`` and the game is dealt exactly as
  ``caiquan.load_game(id, config).new_state(seed)`` (``deal_draws=4``: 2³² deals;
  ``deal_draws=0``: no chance node, always seed 0). Every later random event (shuffles, coins,
  check cards) follows from that seed inside the engine. Nobody observes the draws
  themselves, only their consequences, through their observations. (Byte-sized draws keep
  ``chance_outcomes()`` short: OpenSpiel converts the whole list on every call. A
  ``SAMPLED_STOCHASTIC``
  Python game cannot be serialized by OpenSpiel: its game RNG state is not reachable from
  Python; with the seed as an explicit chance outcome a state is fully determined by its
  history.)
* **Moves**: a decision of one player is a sequential node (``current_player()`` is that
  player); several players deciding at once (a simultaneous reveal) is a simultaneous node.
  Actions are caiquan option ids, plus one extra action ``WAIT = num_option_ids``: the only
  legal action of a player who does not decide at a simultaneous node (OpenSpiel asks every
  player for an action there). ``num_distinct_actions() == num_option_ids + 1``.
* **Returns** at the end only (``TERMINAL`` reward model); utility bounds from
  ``game.utility_range()``; zero-sum except goofspiel's ``total_points`` returns.
* **Observers** (``make_py_observer``): the default observation is the caiquan observation
  tensor of :mod:`caiquan.envs.tensors` (one named tensor per segment) and, as a string, the
  observation dict in JSON; the information state (perfect recall) is a string only: the
  observation, the player's own past choices and the event log as they saw it.
* **Serialization**: OpenSpiel pickles a Python state's attributes; a caiquan state pickles as
  its game record (id, rules version, config, seed, decisions) and unpickles by replaying it,
  bit for bit. ``pyspiel.serialize_game_and_state`` and ``random_sim_test(...,
  serialize=True)`` work.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from caiquan.engine import Game, Record, State
from caiquan.games import game_class, game_ids, load_game

from .tensors import Encoder, encoder_for

PREFIX = "caiquan_"
DEFAULT_DEAL_DRAWS = 4
NO_MAX_STEPS = 0
DRAW_OUTCOMES = 256


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _spec(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    spec: dict[str, Any] = {o.name: o.default for o in cls.options}
    if cls.chance != "deterministic":  # a game without chance has no deal to draw
        spec["deal_draws"] = DEFAULT_DEAL_DRAWS
    spec["max_steps"] = NO_MAX_STEPS
    return spec


_CHANCE = {
    "seeded": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    "deterministic": pyspiel.GameType.ChanceMode.DETERMINISTIC,
}
_INFORMATION = {
    "perfect": pyspiel.GameType.Information.PERFECT_INFORMATION,
    "imperfect": pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}
_UTILITY = {
    "zero": pyspiel.GameType.Utility.ZERO_SUM,
    "constant": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general": pyspiel.GameType.Utility.GENERAL_SUM,
}


def _default_utility(cls: type[Game]) -> str:
    total = cls().utility_sum()
    return "general" if total is None else "zero" if total == 0.0 else "constant"


def game_type(game_id: str) -> pyspiel.GameType:
    """The ``pyspiel.GameType`` of a caiquan game."""
    cls = game_class(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"caiquan {cls.name_en}",
        # caiquan's states take every decision through the simultaneous-move interface
        # (one mover is a simultaneous node with one player); the deal is an explicit
        # chance node unless the game declares no chance at all
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=_CHANCE[cls.chance],
        information=_INFORMATION[cls.information],
        utility=_UTILITY[_default_utility(cls)],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_spec(game_id),
    )


class CaiquanGame(pyspiel.Game):
    """A caiquan game with a fixed configuration, seen by OpenSpiel.

    Each caiquan game is registered as a subclass that sets ``game_id`` (a class, not a
    closure, is what OpenSpiel keeps: its registry outlives the interpreter, and a class
    is never freed before the interpreter is gone).
    """

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        params = dict(params or {})
        default_draws = 0 if game_class(game_id).chance == "deterministic" else DEFAULT_DEAL_DRAWS
        self.deal_draws = int(params.pop("deal_draws", default_draws))
        if default_draws == 0 and self.deal_draws:
            raise ValueError(f"{game_id} has no chance: deal_draws must be 0")
        if not 0 <= self.deal_draws <= 8:
            raise ValueError(f"deal_draws must be from 0 to 8, got {self.deal_draws}")
        self.max_steps = int(params.pop("max_steps", NO_MAX_STEPS))
        if self.max_steps < 0:
            raise ValueError(f"max_steps must be 0 (off) or positive, got {self.max_steps}")
        config = {k: v for k, v in params.items() if k != "name"}
        self.caiquan_game: Game = _load_cached(game_id, tuple(sorted(config.items())))
        g = self.caiquan_game
        self.wait_action = g.num_option_ids
        lo, hi = g.utility_range()
        gt = game_type(game_id)
        total = g.utility_sum()
        kind = "general" if total is None else "zero" if total == 0.0 else "constant"
        if _UTILITY[kind] != gt.utility:
            gt = _with_utility(gt, _UTILITY[kind])
        super().__init__(
            gt,
            pyspiel.GameInfo(
                num_distinct_actions=g.num_option_ids + 1,
                max_chance_outcomes=DRAW_OUTCOMES if self.deal_draws else 0,
                num_players=g.num_players,
                min_utility=float(lo),
                max_utility=float(hi),
                utility_sum=total,
                max_game_length=(
                    min(g.max_decisions(), self.max_steps) if self.max_steps else g.max_decisions()
                ),
            ),
            {
                **params,
                **({"deal_draws": self.deal_draws} if default_draws else {}),
                **({"max_steps": self.max_steps} if self.max_steps else {}),
            },
        )
        self.encoder: Encoder = encoder_for(g)
        self._outcomes = [(k, 1.0 / DRAW_OUTCOMES) for k in range(DRAW_OUTCOMES)]
        # without a deal every game starts from the same state: one engine, lent to each
        # new initial state until it moves (see _Engine.shared)
        self._initial_engine: _Engine | None = (
            None if self.deal_draws else _Engine(g.new_state(0), self.max_steps, shared=True)
        )

    def max_chance_nodes_in_history(self) -> int:
        return self.deal_draws

    def new_initial_state(self) -> CaiquanState:
        return CaiquanState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> CaiquanObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            return CaiquanObserver(self, perfect_recall=False)
        if not iig_obs_type.public_info or (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "caiquan observers show one player's view (public_info=True, "
                "private_info=SINGLE_PLAYER)"
            )
        return CaiquanObserver(self, perfect_recall=iig_obs_type.perfect_recall)


def _with_utility(gt: pyspiel.GameType, utility: pyspiel.GameType.Utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=gt.short_name,
        long_name=gt.long_name,
        dynamics=gt.dynamics,
        chance_mode=gt.chance_mode,
        information=gt.information,
        utility=utility,
        reward_model=gt.reward_model,
        max_num_players=gt.max_num_players,
        min_num_players=gt.min_num_players,
        provides_information_state_string=gt.provides_information_state_string,
        provides_information_state_tensor=gt.provides_information_state_tensor,
        provides_observation_string=gt.provides_observation_string,
        provides_observation_tensor=gt.provides_observation_tensor,
        provides_factored_observation_string=gt.provides_factored_observation_string,
        parameter_specification=gt.parameter_specification,
    )


class _Engine:
    """Holds the caiquan state inside an OpenSpiel state: cloned with ``State.clone`` and
    pickled as the game record (replayed on unpickling).

    It also keeps, per player, the JSON of the events and the choices already put into an
    information-state string, so that each call encodes only what is new (the string grows
    with the game; re-encoding it whole at every step made long games quadratic), and the
    game's ``max_steps`` (``limit``), so that the hot calls (``current_player``,
    ``is_terminal``) never go back to the pyspiel game object.

    ``shared``: the one engine of a game without a deal (``deal_draws=0``), lent to every new
    initial state; a state clones it before its first move (OpenSpiel's ``Clone`` builds a
    new initial state and then replaces its attributes, so a fresh initial state must cost
    nothing).
    """

    __slots__ = ("_choices", "_events", "_first", "limit", "shared", "state", "tell_all")

    def __init__(
        self,
        state: State,
        limit: int = NO_MAX_STEPS,
        shared: bool = False,
        first: dict[int, str] | None = None,
    ) -> None:
        self.state = state
        self.limit = limit
        self.shared = shared
        # per player: how many events / moves are encoded, and the encoding (a string, so
        # that a clone shares it instead of copying a list)
        self._events: dict[int, tuple[int, str]] = {}
        self._choices: dict[int, tuple[int, str]] = {}
        #: the game declares ``events_tell_all``: the string holds the first observation
        #: instead of the current one (see :meth:`info_state`)
        self.tell_all = type(state.game).events_tell_all
        #: per player, the JSON of the first observation (the same for every state of a
        #: deal, so shared by reference with clones)
        self._first: dict[int, str] = {} if first is None else first

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return self.copy(self.state.clone())

    def copy(self, state: State) -> _Engine:
        """An engine for ``state`` (a clone of this one's) that keeps what was encoded."""
        new = _Engine.__new__(_Engine)  # __init__'s work, without its lookups: a hot path
        new.state, new.limit, new.shared, new.tell_all = state, self.limit, False, self.tell_all
        new._first = self._first
        new._events, new._choices = self._events.copy(), self._choices.copy()
        return new

    def truncated(self) -> bool:
        s = self.state
        return bool(self.limit) and s.move_number >= self.limit and not s.is_terminal()

    def info_state(self, player: int) -> str:
        """The perfect-recall string: the event log as ``player`` saw it, their own choices
        and their observation, as JSON with sorted keys.

        The observation is the current one (``"observation"``), or, in a game that declares
        ``events_tell_all`` (its events carry everything its observations reveal, which the
        conformance harness checks), the first one (``"first_observation"``): the current
        one follows from it, the choices and the events, and encoding it at every call was
        most of the string's cost.
        """
        s = self.state
        seen, events = self._events.get(player, (0, ""))
        total = s.event_count()
        if total > seen:
            new = s.events(player, seen)
            if new:
                more = _dumps(new)[1:-1]  # the items of the JSON list, ", "-joined
                events = events + ", " + more if events else more
            self._events[player] = (total, events)
        done, mine = self._choices.get(player, (0, ""))
        moves = s.move_number
        if moves > done:
            ids = [str(o) for joint in s.history()[done:] for p, o in joint if p == player]
            if ids:
                more = ", ".join(ids)
                mine = mine + ", " + more if mine else more
            self._choices[player] = (moves, mine)
        head = '{"events": [' + events + "], "
        choices = '"my_choices": [' + mine + "]"
        if not self.tell_all:
            return head + choices + ', "observation": ' + _dumps(s.observation(player)) + "}"
        first = self._first.get(player)
        if first is None:
            fresh = s.move_number == 0 and not s.committed()
            start = s if fresh else s.game.new_state(s.seed)
            first = self._first[player] = _dumps(start.observation(player))
        return head + '"first_observation": ' + first + ", " + choices + "}"

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return (_replay, (self.state.record().to_json(), self.limit))


#: JSON with sorted keys, as ``json.dumps(value, sort_keys=True, ensure_ascii=False)`` (one
#: encoder, not one per call)
_dumps = json.JSONEncoder(sort_keys=True, ensure_ascii=False).encode


def _replay(record_json: str, limit: int = NO_MAX_STEPS) -> _Engine:
    record = Record.from_json(record_json)
    game = _load_cached(record.game, tuple(sorted(record.config.items())))
    return _Engine(game.replay(record), limit)


@lru_cache(maxsize=64)
def _load_cached(game_id: str, config: tuple[tuple[str, Any], ...]) -> Game:
    # games are immutable; loading one parses its content, which OpenSpiel's
    # deserialization would otherwise repeat for every state
    return load_game(game_id, dict(config))


_CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)
_TERMINAL_PLAYER = int(pyspiel.PlayerId.TERMINAL)
_SIMULTANEOUS_PLAYER = int(pyspiel.PlayerId.SIMULTANEOUS)


class CaiquanState(pyspiel.State):
    """An OpenSpiel state wrapping a caiquan state (``engine_state``, after the deal).

    The calls an algorithm makes at every node (``current_player``, ``is_terminal``,
    ``legal_actions``, ``apply_action``) read the caiquan state directly: MCCFR and the like
    spend most of their time in them (``bench/mccfr.py`` measures the adapter against
    OpenSpiel's C++ goofspiel).
    """

    def __init__(self, game: CaiquanGame) -> None:
        super().__init__(game)
        # OpenSpiel copies (clone: one copy.deepcopy each) and pickles (serialize) these
        # attributes: ``_draws`` lives only until the deal is complete
        self._engine: _Engine | None = game._initial_engine
        if self._engine is None:
            self._draws: list[int] = []

    # ------------------------------------------------------------------ helpers

    @property
    def engine_state(self) -> State | None:
        """The caiquan state (``None`` before the deal)."""
        return self._own().state if self._engine is not None else None

    def _own(self) -> _Engine:
        """This state's own engine (a copy of the shared initial one on first need)."""
        e = self._engine
        assert e is not None
        if e.shared:
            e = self._engine = e.copy(e.state.clone())
        return e

    def _game(self) -> CaiquanGame:
        g: CaiquanGame = self.get_game()
        return g

    # ------------------------------------------------------------------ pyspiel API

    def truncated(self) -> bool:
        """The game ended by the ``max_steps`` parameter, not by its rules."""
        e = self._engine
        return e is not None and e.truncated()

    def current_player(self) -> int:
        e = self._engine
        if e is None:
            return _CHANCE_PLAYER
        movers = e.state.to_move()
        if not movers or (e.limit and e.truncated()):
            return _TERMINAL_PLAYER
        if len(movers) == 1:
            return movers[0]
        return _SIMULTANEOUS_PLAYER

    def _legal_actions(self, player: int) -> list[int]:
        e = self._engine
        if e is None or (e.limit and e.truncated()):
            return []
        s = e.state
        movers = s.to_move()
        if player in movers:
            return list(s.legal(player))
        if len(movers) > 1:
            return [s.game.num_option_ids]  # WAIT: the player does not decide here
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._engine is None, "the only chance nodes are the deal's"
        return self._game()._outcomes

    def _apply_action(self, action: int) -> None:
        if self._engine is None:
            g = self._game()
            self._draws.append(int(action))
            if len(self._draws) == g.deal_draws:
                seed = sum(b << (8 * i) for i, b in enumerate(self._draws))
                self._engine = _Engine(g.caiquan_game.new_state(seed), g.max_steps)
                del self._draws  # the seed is the engine state's from now on
            return
        e = self._engine
        if e.shared:
            e = self._own()
        e.state.apply([action])

    def _apply_actions(self, actions: list[int]) -> None:
        e = self._engine
        assert e is not None
        if e.shared:
            e = self._own()
        s = e.state
        s.apply([actions[p] for p in s.to_move()])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal draw {action}"
        g = self._game()
        if action == g.wait_action:
            return "wait"
        return g.caiquan_game.describe_option(int(action)).name

    def is_terminal(self) -> bool:
        e = self._engine
        return e is not None and (e.state.is_terminal() or bool(e.limit and e.truncated()))

    def returns(self) -> list[float]:
        e = self._engine
        if e is None or (e.limit and e.truncated()):
            return [0.0] * self._game().caiquan_game.num_players
        return [float(r) for r in e.state.returns()]

    def __str__(self) -> str:
        if self._engine is None:
            return f"deal pending, draws {self._draws}"
        s = self._engine.state
        head = f"deal {s.seed}, move {s.move_number}, to move {list(s.to_move())}"
        return head + "\n" + json.dumps(s.observation(None), sort_keys=True, ensure_ascii=False)


class CaiquanObserver:
    """OpenSpiel's PyObserver interface: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    The default observer writes the caiquan observation tensor (``dict`` maps each segment
    name to its slice); the perfect-recall observer has no tensor.
    """

    def __init__(self, game: CaiquanGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.encoder = game.encoder
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if perfect_recall:
            self.tensor = None
        else:
            self.tensor = np.zeros(self.encoder.size, dtype=np.float32)
            for seg in self.encoder.segments:
                self.dict[seg.name] = self.tensor[seg.slice]

    def set_from(self, state: CaiquanState, player: int) -> None:
        if self.tensor is None:
            return
        s = state.engine_state
        self.tensor[:] = self.encoder.encode(s.observation(player) if s is not None else None)

    def string_from(self, state: CaiquanState, player: int) -> str:
        engine = state._engine
        if engine is None:
            return ""
        if self.perfect_recall:
            return engine.info_state(player)
        return _dumps(engine.state.observation(player))


_CLASSES: dict[str, type[CaiquanGame]] = {}


def _game_subclass(game_id: str) -> type[CaiquanGame]:
    if game_id not in _CLASSES:
        name = "Caiquan" + "".join(w.capitalize() for w in game_id.split("_")) + "Game"
        cls = type(name, (CaiquanGame,), {"game_id": game_id, "__module__": __name__})
        globals()[name] = cls  # a module attribute, so that pickle finds the class
        _CLASSES[game_id] = cls
    return _CLASSES[game_id]


def register(game_id: str) -> str:
    """Register one caiquan game with OpenSpiel (idempotent); returns its short name."""
    name = short_name(game_id)
    if name not in pyspiel.registered_names():
        pyspiel.register_game(game_type(game_id), _game_subclass(game_id))
    return name


def register_all() -> list[str]:
    """Register every caiquan game; returns the short names."""
    return [register(g) for g in game_ids()]


def load(game_id: str, **params: Any) -> CaiquanGame:
    """``pyspiel.load_game("caiquan_<id>", params)``, registering the game first."""
    game: CaiquanGame = pyspiel.load_game(register(game_id), params)
    return game


register_all()

__all__ = [
    "DEFAULT_DEAL_DRAWS",
    "CaiquanGame",
    "CaiquanObserver",
    "CaiquanState",
    "game_type",
    "load",
    "register",
    "register_all",
    "short_name",
]
