# cython: annotation_typing=False
"""The OpenSpiel adapter's engine: the caiquan state inside an OpenSpiel state, its history
and its information-state strings — the half of :mod:`caiquan.envs.openspiel` that needs no
``pyspiel``, so that it is compiled with the fast path (``[tool.caiquan.fast]``) and its
reference twin is this file. OpenSpiel's Python solvers (MCCFR) ask these at every node.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from caiquan.engine import Game, Record, State
from caiquan.games import load_game

NO_MAX_STEPS = 0
#: ``pyspiel.PlayerId``'s values (``caiquan.envs.openspiel`` checks them against pyspiel)
CHANCE_PLAYER = -1
SIMULTANEOUS_PLAYER = -2
TERMINAL_PLAYER = -4


class Engine:
    """Holds the caiquan state inside an OpenSpiel state: cloned with ``State.clone`` and
    pickled as the game record (replayed on unpickling).

    It also keeps, per player, the JSON of the events and the choices already put into an
    information-state string, so that each call encodes only what is new (the string grows
    with the game; re-encoding it whole at every step made long games quadratic), and the
    game's ``max_steps`` (``limit``), so that the hot calls (``current_player``,
    ``is_terminal``) never go back to the pyspiel game object.

    Copies are lazy, on two levels. ``shared``: several OpenSpiel states may hold this
    engine (the one engine of a game without a deal, ``deal_draws=0``, lent to every new
    initial state; an engine deep-copied by OpenSpiel's ``Clone``, which builds a new
    initial state and then deep-copies the attributes into it), and a state copies it
    before changing it (``CaiquanState._own``). ``owns``: whether the caiquan state is this
    engine's alone; an engine's copy shares it, and clones it before changing it
    (:meth:`writable`). So a clone costs no copy at all until it moves, and a turn-based
    rollout's first choices, which only add a pending choice, clone no caiquan state.
    """

    __slots__ = (
        "_choices",
        "_events",
        "_first",
        "hist",
        "limit",
        "moves",
        "owns",
        "pending",
        "shared",
        "state",
        "tell_all",
        "turn",
    )

    def __init__(
        self,
        state: State,
        limit: int = NO_MAX_STEPS,
        shared: bool = False,
        first: dict[int, str] | None = None,
        turn_based: bool = False,
        hist: tuple[tuple[int, int], ...] = (),
        moves: int = 0,
    ) -> None:
        self.state = state
        #: OpenSpiel's history of the state, ``(player, action)`` pairs (the deal's draws
        #: first), and its move number (a joint move of the simultaneous form is one move
        #: and one pair per player): the state's own, whichever way it moved (C++
        #: ``apply_action`` or the Python ``child``; see :meth:`CaiquanState.child`)
        self.hist = hist
        self.moves = moves
        self.limit = limit
        self.shared = shared
        self.owns = True
        #: the game is in its turn-based form: a node where several players decide is
        #: rolled out in mover order, and ``pending`` holds the choices made so far (applied
        #: together once the last mover has chosen)
        self.turn = turn_based
        self.pending: tuple[int, ...] = ()
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

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        # OpenSpiel's Clone deep-copies the state's attributes: the clone gets this very
        # engine, now shared, and whichever state changes it first copies it (``_own``)
        self.shared = True
        return self

    def copy(self) -> Engine:
        """An engine that shares this one's caiquan state (``owns`` false on both) and
        keeps what was encoded."""
        self.owns = False
        new = Engine.__new__(Engine)  # __init__'s work, without its lookups: a hot path
        new.state, new.limit, new.shared, new.tell_all = (
            self.state,
            self.limit,
            False,
            self.tell_all,
        )
        new.owns, new.turn, new.pending = False, self.turn, self.pending
        new.hist, new.moves = self.hist, self.moves
        new._first = self._first
        new._events, new._choices = self._events.copy(), self._choices.copy()
        return new

    def writable(self) -> State:
        """The caiquan state, cloned first if another engine shares it."""
        if not self.owns:
            self.state = self.state.clone()
            self.owns = True
        return self.state

    # ------------------------------------------------------------------ moves and queries
    # CaiquanState's methods of the same names hand over to these (compiled)

    def current_player(self) -> int:
        movers = self.state.to_move()
        if not movers or (self.limit and self.truncated()):
            return TERMINAL_PLAYER
        if len(movers) == 1:
            return movers[0]
        if self.turn:
            return movers[len(self.pending)]
        return SIMULTANEOUS_PLAYER

    def is_terminal(self) -> bool:
        return self.state.is_terminal() or bool(self.limit and self.truncated())

    def legal_actions(self, player: int) -> list[int]:
        """``_legal_actions(player)`` of the OpenSpiel state."""
        if self.limit and self.truncated():
            return []
        s = self.state
        movers = s.to_move()
        if self.turn:
            if movers and player == movers[len(self.pending) if len(movers) > 1 else 0]:
                return list(s.legal(player))
            return []
        if player in movers:
            return list(s.legal(player))
        if len(movers) > 1:
            return [s.game.num_option_ids]  # WAIT: the player does not decide here
        return []

    def legal_now(self) -> list[int] | None:
        """The current player's legal actions in the turn-based form without ``max_steps``
        (a sequential solver's question), or ``None`` for the general answer."""
        if not self.turn or self.limit:
            return None
        movers = self.state.to_move()
        if not movers:
            return []
        return list(self.state.legal(movers[len(self.pending)] if len(movers) > 1 else movers[0]))

    def player_return(self, player: int) -> float:
        if self.limit and self.truncated():
            return 0.0
        return float(self.state.returns()[player])

    def move(self, action: int) -> None:
        """One player's action (this engine is its state's own: not shared), recorded in
        the history as C++ records it."""
        movers = self.state.to_move()
        action = int(action)
        if self.limit and self.truncated():  # C++ would have recorded the terminal player
            mover = TERMINAL_PLAYER
            self.writable().apply([action])
        elif self.turn and len(movers) > 1:
            mover = movers[len(self.pending)]
            pending = (*self.pending, action)
            if len(pending) < len(movers):
                # refused now (IllegalDecisionError), not once the last mover has chosen
                self.state._check_option(mover, action)
                self.pending = pending  # the caiquan state waits for the last mover
            else:
                self.writable().apply(list(pending))
                self.pending = ()
        else:
            # C++ asks for the current player before it applies; at a terminal state (or a
            # simultaneous node, which takes ``apply_actions``) ``apply`` raises
            mover = movers[0] if len(movers) == 1 else self.current_player()
            self.writable().apply([action])
        self.hist += ((mover, action),)
        self.moves += 1

    def move_joint(self, actions: list[int]) -> None:
        """Every player's action at a simultaneous node (one move, one pair per player)."""
        if self.turn:
            raise ValueError("a turn-based caiquan game takes one action at a time")
        s = self.writable()
        s.apply([actions[p] for p in s.to_move()])
        self.hist += tuple((p, int(a)) for p, a in enumerate(actions))
        self.moves += 1

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
                more = _events_json(new)  # the items of the JSON list, ", "-joined
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
        if self.pending:
            choices += self.pending_key(player)
        if not self.tell_all:
            return head + choices + ', "observation": ' + dumps_json(s.observation(player)) + "}"
        first = self._first.get(player)
        if first is None:
            fresh = s.move_number == 0 and not s.committed()
            start = s if fresh else s.game.new_state(s.seed)
            first = self._first[player] = dumps_json(start.observation(player))
        return head + '"first_observation": ' + first + ", " + choices + "}"

    def pending_choice(self, player: int) -> int | None:
        """The option ``player`` chose at the turn-based rollout of the current node (it
        waits for the later movers' choices), or ``None``: the player remembers it; nobody
        else sees it."""
        if self.pending:
            for p, option in zip(self.state.to_move(), self.pending):  # noqa: B905 (shorter)
                if p == player:
                    return option
        return None

    def pending_key(self, player: int) -> str:
        """``', "my_pending_choice": N'`` for the string's JSON, or ``''``."""
        mine = self.pending_choice(player) if self.pending else None
        return "" if mine is None else ', "my_pending_choice": ' + str(mine)

    def observation_string(self, player: int) -> str:
        """The observation as JSON with sorted keys; in a turn-based rollout, after the
        player has chosen, ``{"my_pending_choice": N, "observation": …}``."""
        text = dumps_json(self.state.observation(player))
        mine = self.pending_choice(player) if self.pending else None
        if mine is None:
            return text
        return '{"my_pending_choice": ' + str(mine) + ', "observation": ' + text + "}"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        record = self.state.record().to_json()
        return (replay, (record, self.limit, self.turn, self.pending, self.hist, self.moves))


def make_dumps() -> Callable[[Any], str]:
    """JSON with sorted keys, as ``json.dumps(value, sort_keys=True, ensure_ascii=False)``.

    The hot path of the information-state string encodes a few small event dicts per call,
    where ``JSONEncoder.encode`` spends more time setting up than encoding; this builds the
    C encoder it would build once (CPython's ``json.encoder.c_make_encoder``, without the
    circular-reference check: the values are plain JSON), if it is there and gives the same
    text, else falls back to ``JSONEncoder.encode``.
    """
    plain = json.JSONEncoder(sort_keys=True, ensure_ascii=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return plain.encode
    try:
        chunks = make(
            None, plain.default, json.encoder.encode_basestring, None, ": ", ", ", True, False, True
        )
    except TypeError:  # another signature
        return plain.encode
    join = "".join

    def dumps(value: Any) -> str:
        return join(chunks(value, 0))

    probe = {"b": [1, 2.5, None, True, "é\n"], "a": {"z": [], "y": {}}}
    return dumps if dumps(probe) == plain.encode(probe) else plain.encode


dumps_json = make_dumps()


#: JSON of event views by content (see :func:`_event_key`); cleared when it grows past
#: :data:`_EVENT_CACHE_SIZE` entries
_event_json: dict[tuple[Any, ...], str] = {}
_EVENT_CACHE_SIZE = 1 << 16
_KEY_SCALARS = (int, str)


def _event_key(event: dict[str, Any]) -> tuple[Any, ...] | None:
    """A key equal for two event views exactly when their JSON is equal (each value with
    its type: ``1``, ``True`` and ``1.0`` are equal in Python, not in JSON), or ``None`` for
    values it does not cover (floats, nested containers, bools in lists)."""
    key = []
    for name, value in event.items():
        kind = type(value)
        if kind is list:
            for item in value:
                if type(item) not in _KEY_SCALARS:
                    return None
            key.append((name, kind, tuple(value)))
        elif kind is int or kind is str or kind is bool or value is None:
            key.append((name, kind, value))
        else:
            return None
    return tuple(key)


def _events_json(events: list[dict[str, Any]]) -> str:
    """``dumps_json(events)[1:-1]``: the JSON items, ``", "``-joined. A search meets the same
    few events in many branches (goofspiel's "point 4 on turn 1"), and encoding one costs
    several times more than building its key."""
    parts = []
    cache = _event_json
    for event in events:
        key = _event_key(event)
        if key is None:
            parts.append(dumps_json(event))
            continue
        text = cache.get(key)
        if text is None:
            if len(cache) >= _EVENT_CACHE_SIZE:
                cache.clear()
            text = cache[key] = dumps_json(event)
        parts.append(text)
    return ", ".join(parts)


def replay(
    record_json: str,
    limit: int = NO_MAX_STEPS,
    turn_based: bool = False,
    pending: tuple[int, ...] = (),
    hist: tuple[tuple[int, int], ...] = (),
    moves: int = 0,
) -> Engine:
    record = Record.from_json(record_json)
    game = load_cached(record.game, tuple(sorted(record.config.items())))
    engine = Engine(game.replay(record), limit, turn_based=turn_based, hist=hist, moves=moves)
    engine.pending = tuple(pending)
    return engine


@lru_cache(maxsize=64)
def load_cached(game_id: str, config: tuple[tuple[str, Any], ...]) -> Game:
    # games are immutable; loading one parses its content, which OpenSpiel's
    # deserialization would otherwise repeat for every state
    return load_game(game_id, dict(config))


__all__ = [
    "CHANCE_PLAYER",
    "NO_MAX_STEPS",
    "SIMULTANEOUS_PLAYER",
    "TERMINAL_PLAYER",
    "Engine",
    "dumps_json",
    "load_cached",
    "make_dumps",
    "replay",
]
