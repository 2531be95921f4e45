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
  has that option), plus ``deal_draws`` (default 4, from 0 to 8), ``max_steps``
  (default 0: off) and ``turn_based`` (default false).
* **Turn-based form** (``turn_based=True``): a ``SEQUENTIAL`` game for sequential-game
  algorithms (CFR, MCCFR, best response), with the same information sets as
  ``pyspiel.convert_to_turn_based`` of the simultaneous form: a node where several players
  decide is rolled out one mover at a time in seat order; each choice waits, hidden from
  the later movers, until the last mover has chosen, then they are applied together. The
  chooser's strings show their waiting choice (``"my_pending_choice"``); nobody else's do.
  No ``WAIT`` action (``num_distinct_actions() == num_option_ids``); ``max_game_length`` is
  the simultaneous form's times the number of players. Faster than the C++ transform over
  the simultaneous form: the solver talks to the Python state directly (below).
* **Python fast path**: the queries an algorithm makes at every node (``legal_actions``,
  ``information_state_string``, ``observation_string``, ``is_chance_node``,
  ``is_simultaneous_node``, ``is_player_node``, ``player_return``, as well as
  ``current_player``, ``is_terminal`` and ``returns``) are Python methods of the state that
  give exactly what the ``pyspiel.State`` methods they shadow give (tested side by side), so
  a Python caller does not cross into C++ and back through pybind11's trampolines for each.
* **Python moves**: ``child`` and ``clone`` are Python methods too (a Python solver makes a
  child at every edge it walks; through C++ each costs about 9 µs of trampolines for any
  Python game, against 1 µs for C++ goofspiel). The state keeps its OpenSpiel history
  beside the caiquan state, whichever way it moved, and answers ``history``,
  ``full_history`` (``PlayerAction(player, action)`` tuples), ``history_str``,
  ``move_number``, ``is_initial_state`` and ``is_initial_non_chance_state`` from it:
  exactly what C++ gives for the same moves made through C++ (tested side by side), and it
  survives ``clone``, ``serialize_game_and_state`` and pickling. ``apply_action`` and
  ``apply_actions`` still go through C++. One limit: C++ code that reads a state's history
  directly (not through these methods) sees only the moves C++ applied itself, not those
  made by the Python ``child``; the history line of ``serialize_game_and_state``'s text is
  such a place (deserializing restores the full history from the pickled attributes).
  A C++ algorithm that starts from ``new_initial_state`` makes its own moves and is not
  concerned.
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
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from caiquan.engine import Game, State
from caiquan.games import game_class, game_ids

from .openspiel_engine import (
    CHANCE_PLAYER,
    NO_MAX_STEPS,
    SIMULTANEOUS_PLAYER,
    TERMINAL_PLAYER,
    Engine,
    load_cached,
    make_dumps,
    replay,
)
from .tensors import Encoder, encoder_for

# the names records pickled before the engine moved to openspiel_engine refer to
_Engine, _make_dumps, _replay = Engine, make_dumps, replay

PREFIX = "caiquan_"
DEFAULT_DEAL_DRAWS = 4
DRAW_OUTCOMES = 256


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _spec(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    spec: dict[str, Any] = {o.name: o.default for o in cls.options}
    if cls.chance != "deterministic":  # a game without chance has no deal to draw
        spec["deal_draws"] = DEFAULT_DEAL_DRAWS
    spec["max_steps"] = NO_MAX_STEPS
    spec["turn_based"] = False
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

    def _read_params(self, params: dict[str, Any]) -> int:
        """Take this adapter's own parameters out of ``params`` (the rest are the game's
        options) into ``deal_draws``, ``max_steps`` and ``turn_based``; a ValueError names
        a bad one. Returns the default ``deal_draws`` (0: a game without chance)."""
        game_id = self.game_id
        default_draws = 0 if game_class(game_id).chance == "deterministic" else DEFAULT_DEAL_DRAWS
        self.deal_draws = int(params.pop("deal_draws", default_draws))
        if default_draws == 0 and self.deal_draws:
            raise ValueError(f"{game_id} has no chance: deal_draws must be 0")
        if not 0 <= self.deal_draws <= 8:
            raise ValueError(f"deal_draws must be from 0 to 8, got {self.deal_draws}")
        self.max_steps = int(params.pop("max_steps", NO_MAX_STEPS))
        if self.max_steps < 0:
            raise ValueError(f"max_steps must be 0 (off) or positive, got {self.max_steps}")
        turn_based = params.pop("turn_based", False)
        if not isinstance(turn_based, bool):
            raise ValueError(f"turn_based must be true or false, got {turn_based!r}")
        #: the simultaneous nodes rolled out one player at a time (see the module docs)
        self.turn_based = turn_based
        return default_draws

    def _type_and_length(self, g: Game) -> tuple[pyspiel.GameType, int]:
        """OpenSpiel's game type (utility from the game's sums; sequential in the
        turn-based form) and the longest game."""
        gt = game_type(self.game_id)
        total = g.utility_sum()
        kind = "general" if total is None else "zero" if total == 0.0 else "constant"
        if _UTILITY[kind] != gt.utility:
            gt = _with(gt, utility=_UTILITY[kind])
        length = min(g.max_decisions(), self.max_steps) if self.max_steps else g.max_decisions()
        if self.turn_based:
            gt = _with(
                gt,
                dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
                information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
                long_name="Turn-based " + gt.long_name,
            )
            length *= g.num_players  # each joint decision is at most one move per player
        return gt, length

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        default_draws = self._read_params(params)
        turn_based = self.turn_based
        config = {k: v for k, v in params.items() if k != "name"}
        self.caiquan_game: Game = load_cached(self.game_id, tuple(sorted(config.items())))
        g = self.caiquan_game
        self.wait_action = g.num_option_ids
        lo, hi = g.utility_range()
        total = g.utility_sum()
        gt, length = self._type_and_length(g)
        super().__init__(
            gt,
            pyspiel.GameInfo(
                # the turn-based form has no WAIT action: nobody is asked who does not decide
                num_distinct_actions=g.num_option_ids + (0 if turn_based else 1),
                max_chance_outcomes=DRAW_OUTCOMES if self.deal_draws else 0,
                num_players=g.num_players,
                min_utility=float(lo),
                max_utility=float(hi),
                utility_sum=total,
                max_game_length=length,
            ),
            {
                **params,
                **({"deal_draws": self.deal_draws} if default_draws else {}),
                **({"max_steps": self.max_steps} if self.max_steps else {}),
                **({"turn_based": True} if turn_based else {}),
            },
        )
        self.encoder: Encoder = encoder_for(g)
        self._outcomes = [(k, 1.0 / DRAW_OUTCOMES) for k in range(DRAW_OUTCOMES)]
        # without a deal every game starts from the same state: one engine, lent to each
        # new initial state until it moves (see Engine.shared)
        self._initial_engine: Engine | None = (
            None
            if self.deal_draws
            else Engine(g.new_state(0), self.max_steps, shared=True, turn_based=turn_based)
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


def _with(gt: pyspiel.GameType, **changes: Any) -> pyspiel.GameType:
    """``gt`` with some fields changed (``pyspiel.GameType`` is immutable)."""
    fields = {
        "dynamics": gt.dynamics,
        "information": gt.information,
        "utility": gt.utility,
        "long_name": gt.long_name,
    }
    fields.update(changes)
    return pyspiel.GameType(
        short_name=gt.short_name,
        long_name=fields["long_name"],
        dynamics=fields["dynamics"],
        chance_mode=gt.chance_mode,
        information=fields["information"],
        utility=fields["utility"],
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


_CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)
_TERMINAL_PLAYER = int(pyspiel.PlayerId.TERMINAL)
_SIMULTANEOUS_PLAYER = int(pyspiel.PlayerId.SIMULTANEOUS)
if (_CHANCE_PLAYER, _SIMULTANEOUS_PLAYER, _TERMINAL_PLAYER) != (
    CHANCE_PLAYER,
    SIMULTANEOUS_PLAYER,
    TERMINAL_PLAYER,
):  # pragma: no cover - another OpenSpiel
    raise ImportError("this OpenSpiel numbers its pseudo-players differently")


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
        self._engine: Engine | None = game._initial_engine
        if self._engine is None:
            self._draws: list[int] = []

    # ------------------------------------------------------------------ helpers

    @property
    def engine_state(self) -> State | None:
        """The caiquan state (``None`` before the deal): this OpenSpiel state's own, so
        changing it changes no other state."""
        return self._own().writable() if self._engine is not None else None

    def _own(self) -> Engine:
        """This state's own engine (a copy, on first need, of one other states share)."""
        e = self._engine
        assert e is not None
        if e.shared:
            e = self._engine = e.copy()
        return e

    def _game(self) -> CaiquanGame:
        g: CaiquanGame = self.get_game()
        return g

    # ------------------------------------------------------------------ pyspiel API
    # OpenSpiel's C++ calls these (through pybind11's trampolines) to run the game

    def truncated(self) -> bool:
        """The game ended by the ``max_steps`` parameter, not by its rules."""
        e = self._engine
        return e is not None and e.truncated()

    def current_player(self) -> int:
        e = self._engine
        return _CHANCE_PLAYER if e is None else e.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        e = self._engine
        return [] if e is None else e.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self._engine is None, "the only chance nodes are the deal's"
        return self._game()._outcomes

    def _apply_action(self, action: int) -> None:
        if self._engine is None:
            g = self._game()
            draws = self._draws
            draws.append(int(action))
            if len(draws) == g.deal_draws:
                seed = sum(b << (8 * i) for i, b in enumerate(draws))
                state = g.caiquan_game.new_state(seed)
                self._engine = Engine(
                    state,
                    g.max_steps,
                    turn_based=g.turn_based,
                    hist=tuple((_CHANCE_PLAYER, b) for b in draws),
                    moves=len(draws),
                )
                del self._draws  # the seed is the engine state's from now on
            return
        e = self._engine
        (self._own() if e.shared else e).move(action)

    def _apply_actions(self, actions: list[int]) -> None:
        e = self._engine
        assert e is not None
        if e.turn:
            raise ValueError("a turn-based caiquan game takes one action at a time")
        (self._own() if e.shared else e).move_joint(actions)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal draw {action}"
        g = self._game()
        if action == g.wait_action and not g.turn_based:
            return "wait"
        return g.caiquan_game.describe_option(int(action)).name

    def is_terminal(self) -> bool:
        e = self._engine
        return e is not None and e.is_terminal()

    def returns(self) -> list[float]:
        e = self._engine
        if e is None or (e.limit and e.truncated()):
            return [0.0] * self._game().caiquan_game.num_players
        return [float(r) for r in e.state.returns()]

    def __str__(self) -> str:
        if self._engine is None:
            return f"deal pending, draws {self._draws}"
        e = self._engine
        s = e.state
        head = f"deal {s.seed}, move {s.move_number}, to move {list(s.to_move())}"
        if e.pending:
            head += f", {len(e.pending)} choice(s) pending"
        return head + "\n" + json.dumps(s.observation(None), sort_keys=True, ensure_ascii=False)

    # ------------------------------------------------------------------ Python fast path
    # The same answers as the pyspiel.State methods they shadow (tested against them), for
    # Python callers (OpenSpiel's Python algorithms): each call answers here instead of
    # crossing into C++ and back through several trampolines (a crossing costs about a
    # microsecond, more than the work). Moves (apply_action, child, clone) still go through
    # C++, which keeps the history.

    def is_chance_node(self) -> bool:
        return self._engine is None

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == _SIMULTANEOUS_PLAYER

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As ``pyspiel.State.legal_actions`` on a Python game (no player: the current
        player's; at a simultaneous node that is the pseudo-player's, as in C++)."""
        e = self._engine
        if e is None:  # the deal: its outcomes, whoever asks
            return [a for a, _ in self._game()._outcomes]
        if player is None:
            now = e.legal_now()  # a sequential solver's question
            if now is not None:
                return now
        current = self.current_player()
        if player is None:
            player = current
        if current == _TERMINAL_PLAYER:
            return []
        if player == current or (player >= 0 and current == _SIMULTANEOUS_PLAYER):
            return self._legal_actions(player)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _check_player(self, player: int) -> None:
        e = self._engine
        n = self._game().num_players() if e is None else e.state.game.num_players
        if not 0 <= player < n:
            raise pyspiel.SpielError(f"player {player} is not one of the {n} players")

    def information_state_string(self, player: int | None = None) -> str:
        e = self._engine
        if e is not None and player is not None and 0 <= player < e.state.game.num_players:
            return e.info_state(player)  # the common case, without the checks' calls
        if player is None:
            player = self.current_player()
        self._check_player(player)
        return "" if e is None else e.info_state(player)

    def observation_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        self._check_player(player)
        e = self._engine
        return "" if e is None else e.observation_string(player)

    def player_return(self, player: int) -> float:
        self._check_player(player)
        e = self._engine
        return 0.0 if e is None else e.player_return(player)

    # ------------------------------------------------------------------ Python moves
    # ``child`` and ``clone`` without C++: pybind11's ``PyState::Clone`` calls back into
    # Python for a new initial state and deep-copies each attribute, and ``ApplyAction``
    # calls back for the current player and the move, about 9 µs a child for any Python
    # game against 1 µs for C++ goofspiel (bench/pyspiel_floor.py); a Python solver (MCCFR)
    # makes a child at every edge it walks. The history a state answers with
    # (``history``, ``full_history``, ``history_str``, ``move_number``,
    # ``is_initial_state``, ``is_initial_non_chance_state``) is kept here, next to the
    # caiquan state, whichever way the state moved; C++ keeps its own copy only of the
    # moves it applied itself (see the module docs).

    def child(self, action: int) -> CaiquanState:
        """The state after ``action``: as ``pyspiel.State.child``. At a simultaneous node
        (the simultaneous form, several movers) the action is OpenSpiel's flat joint
        action and C++ applies it, as before."""
        e = self._engine
        if e is None:  # a draw of the deal
            new = self._copy()
        elif not e.turn and len(e.state.to_move()) > 1:
            joint: CaiquanState = pyspiel.State.child(self, action)
            return joint
        else:  # _copy's work, with the engine copied at once: the child will change it
            new = _new_state(type(self))
            _init_state(new, self.get_game())
            new._engine = e.copy()
        new._apply_action(action)
        return new

    def clone(self) -> CaiquanState:
        """A copy sharing nothing it could change (as ``pyspiel.State.clone``)."""
        return self._copy()

    def _copy(self) -> CaiquanState:
        new = _new_state(type(self))
        _init_state(new, self.get_game())
        e = self._engine
        if e is None:
            new._engine = None
            new._draws = self._draws[:]
        else:
            e.shared = True  # whichever state changes it first copies it (``_own``)
            new._engine = e
        return new

    def _hist(self) -> tuple[tuple[int, int], ...]:
        e = self._engine
        return tuple((_CHANCE_PLAYER, b) for b in self._draws) if e is None else e.hist

    def history(self) -> list[int]:
        return [a for _, a in self._hist()]

    def full_history(self) -> list[PlayerAction]:
        return [PlayerAction(p, a) for p, a in self._hist()]

    def history_str(self) -> str:
        return ", ".join(str(a) for _, a in self._hist())

    def move_number(self) -> int:
        e = self._engine
        return len(self._draws) if e is None else e.moves

    def is_initial_state(self) -> bool:
        return not self._hist()

    def is_initial_non_chance_state(self) -> bool:
        return not self.is_chance_node() and all(p == _CHANCE_PLAYER for p, _ in self._hist())


class PlayerAction(NamedTuple):
    """One entry of ``CaiquanState.full_history()``: ``player`` (``-1`` for the deal's
    draws) and ``action``, the attributes of ``pyspiel.PlayerAction``."""

    player: int
    action: int


_new_state = CaiquanState.__new__
_init_state = pyspiel.State.__init__


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
        return engine.observation_string(player)


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
    "PlayerAction",
    "game_type",
    "load",
    "register",
    "register_all",
    "short_name",
]
