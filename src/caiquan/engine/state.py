"""The game state: decision points, apply, observation, clone, determinize, record.

A game subclasses :class:`State` and fills in a few hooks (the ``_``-prefixed methods below
the line marked *hooks*). The engine's part — validating decisions, keeping the record and the
event log, face-down commits, cloning and determinizing — is written once, here.

Contract for game authors:

* ``_setup()`` deals and runs the state forward to its first decision;
  ``_apply(joint)`` applies one joint decision and runs forward to the next one.
  Both set ``self._movers`` (who decides now; empty means the game is over).
* ``_legal(player)`` lists the legal option ids (sorted, stable ids in
  ``range(game.num_option_ids)``), ``_kind(player)`` names the decision.
* ``_observe(player)`` returns a JSON-ready dict: the **only** exit for hidden information.
  ``player`` is ``None`` for a spectator.
* ``_resample(player, rng)`` re-deals, on a clone, everything ``player`` cannot see,
  consistently with what they saw. The result must depend only on what ``player`` sees and
  on ``rng``: put hidden cards in a canonical order (e.g. sort) before shuffling them.
* ``_ranks()`` (and optionally ``_returns()``) score a terminal state.
* All randomness comes from ``self.rng``; no global randomness.
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, SupportsIndex

from .describe import Ending, Standing, Text, number, same
from .errors import GameOverError, IllegalDecisionError
from .rng import Rng
from .types import (
    Choice,
    Decision,
    Event,
    EventEntry,
    JSONValue,
    Outcome,
    Player,
    event_view,
    event_visible_to,
    results_from_ranks,
    win_loss_returns,
)

if TYPE_CHECKING:
    from .game import Game
    from .record import Record

JointDecision = tuple[tuple[Player, int], ...]
"""One joint decision as stored in a record: ``((player, option_id), ...)`` by player.
(Empty in a determinized copy, whose true decisions are unknown.)"""

DecisionInput = int | Sequence[int] | Mapping[Player, int]

# Attributes the engine manages itself; everything else on a state belongs to the game.
_ENGINE_FIELDS = frozenset(
    {
        "game",
        "rng",
        "seed",
        "_history",
        "_events",
        "_pending",
        "_movers",
        "_determinized",
        "_quiet",
        "_legal_memo",
        "_redact_memo",
    }
)


class State:
    """One position of a game. Mutable: :meth:`apply` moves it forward in place."""

    # The engine's own fields are slots (compiled: typed fields of an extension type,
    # ``state.pxd``); a game's fields live in the instance dict.
    __slots__ = (
        "__dict__",
        "__weakref__",
        "_determinized",
        "_events",
        "_history",
        "_legal_memo",
        "_movers",
        "_pending",
        "_quiet",
        "_redact_memo",
        "game",
        "rng",
        "seed",
    )

    game: Game
    rng: Rng
    seed: int
    _movers: tuple[Player, ...]

    #: Game attributes that are never mutated (shared, not copied, by clone).
    _shared_fields: ClassVar[frozenset[str]] = frozenset()
    #: Game attributes that are flat lists, dicts or sets of immutable values: clone copies
    #: them shallowly (much faster than the default deep copy).
    _flat_fields: ClassVar[frozenset[str]] = frozenset()
    #: Game attributes that are lists of flat lists (e.g. each player's hand): clone copies
    #: the outer list and each inner one, and nothing deeper.
    _nested_fields: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self._history: list[JointDecision] = []
        self._events: list[EventEntry] = []
        self._pending: dict[Player, int] = {}
        self._movers = ()
        self._determinized = False
        # a search world that records no events (``determinize(..., log=False)``)
        self._quiet = False
        # legal options by player for the current decision (cleared by every apply)
        self._legal_memo: dict[Player, tuple[int, ...]] = {}
        # each player's redacted view of past events, shared by the clones of this state's
        # line of play (see ``determinize``); never part of the state's value
        self._redact_memo: dict[Player, _Redactions] = {}
        self._setup()

    # ------------------------------------------------------------------ public API

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def move_number(self) -> int:
        """How many joint decisions have been applied (a version number for the state)."""
        return len(self._history)

    def to_move(self) -> tuple[Player, ...]:
        """The players who must decide now (several at once for a simultaneous reveal)."""
        return self._movers

    def is_terminal(self) -> bool:
        return not self._movers

    def is_simultaneous(self) -> bool:
        return len(self._movers) > 1

    def legal(self, player: Player) -> tuple[int, ...]:
        """Legal option ids for ``player`` now (empty if they are not deciding)."""
        memo = self._legal_memo
        legal = memo.get(player)
        if legal is None:
            if player not in self._movers:
                return ()
            legal = memo[player] = tuple(self._legal(player))
        return legal

    def kind(self, player: Player) -> str:
        """The kind of decision ``player`` faces now (``"throw"`` for an RPS throw), or
        ``""`` if they are not deciding. Cheaper than :meth:`decision` (no names)."""
        return self._kind(player) if player in self._movers else ""

    def decision(self, player: Player) -> Decision:
        """The decision ``player`` faces now, with readable names for every option."""
        self._check_player(player)
        if player not in self._movers:
            if not self._movers:
                raise GameOverError("the game is over; nobody decides any more")
            raise IllegalDecisionError(
                f"player {player} has nothing to decide now; deciding: {_players(self._movers)}"
            )
        legal = self._legal(player)
        prompt_zh, prompt_en = self._prompt(player)
        return Decision(
            player=player,
            kind=self._kind(player),
            choices=tuple(self._describe(player, o) for o in legal),
            simultaneous=len(self._movers) > 1,
            prompt_zh=prompt_zh,
            prompt_en=prompt_en,
        )

    def decisions(self) -> tuple[Decision, ...]:
        return tuple(self.decision(p) for p in self._movers)

    def apply(self, choice: DecisionInput) -> None:
        """Apply one option per deciding player.

        ``choice`` is an option id when one player decides, or a mapping
        ``{player: option_id}`` (or a sequence in :meth:`to_move` order) for a joint
        decision. A wrong, missing or illegal choice raises :class:`IllegalDecisionError`
        and leaves the state unchanged.
        """
        movers = self._movers
        memo = self._legal_memo
        # fast paths (search and simulation): options given as a list, each an int among
        # the legal ones; anything else goes through ``_normalize``, which explains errors
        if type(choice) is list and len(choice) == len(movers) and movers:
            if len(movers) == 1:
                p = movers[0]
                o = choice[0]
                legal = memo.get(p)
                if legal is None:
                    legal = tuple(self._legal(p))
                joint = {p: o} if type(o) is int and o in legal else self._normalize(choice)
            else:
                # lengths are equal (checked above); zip's strict= keyword costs ~0.25 µs
                joint = self._fast_joint(zip(movers, choice), choice)  # noqa: B905
        elif type(choice) is dict and len(choice) == len(movers) and movers:
            # in to_move() order, as _normalize returns it
            joint = self._fast_joint([(p, choice.get(p)) for p in movers], choice)
        else:
            joint = self._normalize(choice)
        if self._pending:
            self._pending.clear()
        if memo:
            memo.clear()
        self._history.append(tuple(joint.items()))
        self._apply(joint)

    def _fast_joint(
        self, pairs: Iterable[tuple[Player, object]], choice: DecisionInput
    ) -> dict[Player, int]:
        """``apply``'s one-pass check of ``(player, option)`` pairs against the memoised
        legal options; anything wrong goes to ``_normalize``, which raises the explanation."""
        memo = self._legal_memo
        joint: dict[Player, int] = {}
        for p, o in pairs:
            legal = memo.get(p)
            if legal is None:
                legal = memo[p] = tuple(self._legal(p))
            if type(o) is not int or o not in legal:
                return self._normalize(choice)
            joint[p] = o
        return joint

    def commit(self, player: Player, option: int) -> bool:
        """Lay one player's choice face down; reveal and apply when every mover has committed.

        For tables where players decide at different moments (a server, hot-seat). A player
        may change a face-down choice until the last one arrives. Returns ``True`` when the
        joint decision was applied.
        """
        if not self._movers:
            raise GameOverError("the game is over; no more decisions are taken")
        self._check_option(player, option)
        self._pending[player] = option
        if len(self._pending) == len(self._movers):
            self.apply(dict(self._pending))
            return True
        return False

    def committed(self) -> tuple[Player, ...]:
        """Players whose face-down choice is waiting for the others (public knowledge)."""
        return tuple(sorted(self._pending))

    def withdraw(self, player: Player) -> None:
        """Take back a face-down choice before the reveal."""
        self._pending.pop(player, None)

    def observation(self, player: Player | None) -> dict[str, JSONValue]:
        """What ``player`` may know, as a JSON-ready dict (``None``: a spectator).

        This is the only way hidden information leaves the engine.
        """
        if player is not None:
            self._check_player(player)
        obs: dict[str, JSONValue] = {
            "game": self.game.id,
            "player": player,
            "move": len(self._history),
            "to_move": list(self._movers),
            "committed": sorted(self._pending),
            "terminal": not self._movers,
        }
        if player is not None and player in self._pending:
            obs["my_commit"] = self._pending[player]
        obs.update(self._observe(player))
        return obs

    def events(self, player: Player | None, since: int = 0) -> list[dict[str, JSONValue]]:
        """The event log as ``player`` may see it (``None``: a spectator), from ``since`` on."""
        out = []
        for ev in self._events[since:]:
            v = event_view(ev, player)
            if v is not None:
                out.append(v)
        return out

    def event_count(self) -> int:
        return len(self._events)

    def returns(self) -> tuple[float, ...]:
        """Each player's utility; zeros until the game is over."""
        if self._movers:
            return (0.0,) * self.num_players
        return self._returns()

    def outcome(self) -> Outcome:
        """Ranks, win/draw/loss and returns of a finished game."""
        if self._movers:
            raise IllegalDecisionError("the game is not over yet; outcome() needs a final state")
        ranks = self._ranks()
        return Outcome(ranks, results_from_ranks(ranks), self._returns(), self._end_reason())

    def ending(self) -> Ending:
        """The finished game told to people: why it ended, in words with the numbers that
        decided it, and each player's standing (life, cards left, stars …). Public: every
        player and spectator may read it. Front ends show it on their end screens."""
        if self._movers:
            raise IllegalDecisionError("the game is not over yet; ending() needs a final state")
        return self._ending()

    def timeout_option(self, player: Player) -> int | None:
        """What ``player`` does when their turn timer runs out, if the game says (e.g. pass).

        ``None`` means the game has no default; a table then chooses for the player (the
        server plays the equilibrium mix at a throw and a random legal option elsewhere).
        """
        if player not in self._movers:
            return None
        option = self._timeout_option(player)
        return option if option is not None and option in self._legal(player) else None

    def player_labels(self) -> dict[str, list[str]]:
        """Categorical facts per player for statistics, e.g. ``{"character": ["剑客", …]}``.

        The lab reports win rates by each label's values (by character, role, …).
        """
        return self._player_labels()

    def metrics(self) -> dict[str, float]:
        """Numeric facts about the game so far for statistics, e.g. ``{"rounds": 12}``."""
        return self._metrics()

    def clone(self) -> Self:
        """An independent copy (same RNG position, same history).

        Game attributes are deep-copied, except values of immutable types (a tuple must then
        hold only immutable values), ``_shared_fields`` (shared), ``_flat_fields``
        (shallow-copied) and ``_nested_fields`` (two levels copied).
        """
        cls = type(self)
        new = self._engine_copy()
        d = vars(new)  # the game's fields (the engine's are slots)
        d.update(vars(self))
        plan = _CLONE_PLANS.get(cls)
        fresh = plan is None or not _plan_fits(plan, d)
        if fresh:
            plan = _CLONE_PLANS[cls] = _clone_plan(cls, d)
        assert plan is not None
        try:
            for key in plan[2]:  # flat fields: a shallow copy
                value = d[key]
                if type(value) is list:
                    d[key] = list(value)  # a C call compiled (no method lookup)
                elif value is not None:
                    d[key] = value.copy()
            for key in plan[4]:  # lists of flat lists
                d[key] = [inner.copy() for inner in d[key]]
            memo: dict[int, Any] | None = None
            for key in plan[3]:  # the others: deep, unless immutable
                value = d[key]
                t = type(value)
                # the common immutable types by identity first (pointer compares, compiled)
                if t is int or t is str or value is None or t is tuple or t is bool:
                    continue
                if t not in _IMMUTABLE:
                    if memo is None:
                        memo = {id(self.game): self.game}
                    d[key] = copy.deepcopy(value, memo)
        except KeyError:
            if fresh:  # not a stale plan: a value's own copy failed
                raise
            # a game field of the plan is missing, so another attribute took its place: plan
            # again (from this very dict, so the retry finds every key)
            del _CLONE_PLANS[cls]
            return self.clone()
        slots = game_slots(cls)  # memoised per class
        if slots:
            self._copy_slots(new, slots)
        return new

    def _copy_slots(self, new: State, slots: tuple[str, ...]) -> None:
        """Copy the game's slot fields (a game whose state declares ``__slots__``, compiled
        as typed fields) by the same rules as its dict fields."""
        cls = type(self)
        memo: dict[int, Any] | None = None
        for key in slots:
            try:
                value = getattr(self, key)
            except AttributeError:
                continue  # never set (a slot not filled yet)
            if key in cls._flat_fields:
                value = list(value) if type(value) is list else value.copy()
            elif key in cls._nested_fields:
                value = [inner.copy() for inner in value]
            elif key not in cls._shared_fields and type(value) not in _IMMUTABLE:
                if memo is None:
                    memo = {id(self.game): self.game}
                value = copy.deepcopy(value, memo)
            setattr(new, key, value)

    def _engine_copy(self) -> Self:
        """A new state of this class with a copy of the engine's fields (slots) and no game
        field yet: the start of :meth:`clone` (a game's own clone fills in its fields)."""
        new = type(self).__new__(type(self))
        self._engine_fill(new)
        return new

    def _engine_fill(self, new: State) -> None:
        """Copy the engine's fields into ``new``, a bare state (``cls.__new__(cls)``): what
        :meth:`_engine_copy` does after making one (a game's clone that knows its class
        makes it faster, compiled)."""
        new.game = self.game
        new.seed = self.seed
        new.rng = self.rng.copy()
        new._history = self._history[:]  # a direct slice compiled (list() is generic)
        new._events = self._events.copy()
        new._pending = self._pending.copy()
        new._movers = self._movers
        new._determinized = self._determinized
        new._quiet = self._quiet
        new._legal_memo = self._legal_memo.copy()
        new._redact_memo = self._redact_memo  # shared by the clones (see determinize)

    def determinize(self, player: Player, rng: Rng, *, log: bool = True) -> Self:
        """A copy in which everything ``player`` cannot see is resampled from ``rng``.

        The copy looks exactly the same to ``player`` (same observation, same legal
        options, same event log) but other players' hidden cards, face-down choices and the
        order of hidden decks are re-dealt consistently with what ``player`` saw, and the
        copy's own RNG is reseeded, so future chance is unknown too. The copy keeps no
        trace of the truth: its event log holds only what ``player`` saw, and its history
        only the number of past decisions. Search bots play on determinized copies, never
        on the true state.

        The result depends only on what ``player`` can see and on ``rng``: determinizing a
        determinized twin with the same ``rng`` state gives an equal state (the harness
        checks this), so a bot that searches through ``determinize`` cannot read hidden
        information, not even by accident.

        ``log=False`` gives a world for search that has no event log and records none (its
        ``events`` are empty, now and after any move; so are its clones'): everything else
        is the same as with ``log=True``, move for move (the harness checks this), and
        building events is a good part of a step's cost.
        """
        self._check_player(player)
        new = self.clone()
        new._legal_memo = {}
        new._resample(player, rng)
        for q in sorted(new._pending):
            if q != player:
                new._pending[q] = rng.choice(new._legal(q))
        new.rng = rng.spawn()
        if log:
            new._events = self._redacted_events(player)
        else:
            new._events = _NO_LOG
            new._quiet = True
        new._redact_memo = {}
        new._history = [()] * len(self._history)
        new._determinized = True
        return new

    def _redacted_events(self, player: Player) -> list[EventEntry]:
        """The event log as ``player`` saw it, every event made public (for determinize).

        Events never change once logged, and clones share the earlier ones, so each
        player's redactions are memoised with the log they were made from (a clone that went
        another way keeps the common beginning and redoes the rest). The log is compared as
        a list (C-level, each event first by identity; two equal events redact alike), so a
        determinize late in a long game costs a few copies, not a pass over every event."""
        memo = self._redact_memo.get(player)
        if memo is None:
            memo = self._redact_memo[player] = _Redactions()
        events, known = self._events, memo.events
        n = len(events)
        k = min(n, len(known))
        if events[:k] != known[:k]:  # another branch: keep the common beginning
            i = 0
            while events[i] == known[i]:
                i += 1
            k = i
        elif n <= len(known):
            return memo.out[: memo.upto[n]]
        del known[k:], memo.upto[k + 1 :], memo.out[memo.upto[k] :]
        out = memo.out
        for ev in events[k:]:
            known.append(ev)
            if event_visible_to(ev, player):
                out.append(_redacted(ev, player))
            memo.upto.append(len(out))
        return out.copy()

    def record(self) -> Record:
        """The game record: id, rules version, config, seed and every joint decision."""
        from .record import Record

        if self._determinized:
            raise IllegalDecisionError(
                "a determinized copy has no true record; take the record of the real state"
            )
        return Record(
            game=self.game.id,
            version=self.game.version,
            config=dict(self.game.config),
            seed=self.seed,
            decisions=tuple(self._history),
        )

    def history(self) -> tuple[JointDecision, ...]:
        return tuple(self._history)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        if self.game != other.game:
            return False
        for k in _ENGINE_FIELDS:
            if k not in _MEMO_FIELDS and getattr(self, k) != getattr(other, k):
                return False
        for k in game_slots(type(self)):
            if getattr(self, k, _UNSET) != getattr(other, k, _UNSET):
                return False
        mine, theirs = vars(self), vars(other)
        return mine.keys() == theirs.keys() and all(mine[k] == theirs[k] for k in mine)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        status = "over" if not self._movers else f"to move {_players(self._movers)}"
        return f"<{type(self).__name__} {self.game.id} move {len(self._history)}, {status}>"

    # ------------------------------------------------------------------ helpers for games

    def _log(
        self,
        kind: str,
        public: Mapping[str, JSONValue] | None = None,
        secret: Mapping[str, JSONValue] | None = None,
        to: Sequence[Player] | frozenset[Player] = (),
        *,
        private: Mapping[Player, Mapping[str, JSONValue]] | None = None,
    ) -> None:
        """Append an event: ``public`` for everyone; ``secret`` for each player in ``to``;
        ``private[p]`` for player ``p`` alone (e.g. each player's own hidden card; the mapping
        is kept, not copied: pass a fresh one). A search world (``determinize(..., log=False)``)
        drops it (its log is :data:`_NO_LOG`); a game skips building the event there with
        ``if not self._quiet: self._log(...)``."""
        events = self._events
        if secret is None:
            # a plain tuple (EventEntry), not the named tuple: the hot path of every game
            events.append((len(events), kind, public, private or _NO_PRIVATE))
            return
        merged: dict[Player, Mapping[str, JSONValue]] = dict(private or {})
        for p in to:
            merged[p] = {**secret, **merged.get(p, {})}
        events.append((len(events), kind, public, merged))

    def _log_each(
        self,
        kind: str,
        public: Mapping[str, JSONValue],
        private: Mapping[Player, Mapping[str, JSONValue]],
    ) -> None:
        """``_log(kind, public, private=private)`` with positional arguments, for a game that
        logs a private part at every step (a keyword call costs more in compiled code)."""
        events = self._events
        events.append((len(events), kind, public, private or _NO_PRIVATE))

    def _log_public(self, kind: str, public: Mapping[str, JSONValue]) -> None:
        """``_log(kind, public)``: an event everyone sees, with positional arguments (a
        direct call from compiled game code, like :meth:`_log_each`)."""
        events = self._events
        events.append((len(events), kind, public, _NO_PRIVATE))

    # ------------------------------------------------------------------ validation

    def _check_player(self, player: Player) -> None:
        if (
            not isinstance(player, int)
            or isinstance(player, bool)
            or not (0 <= player < self.game.num_players)
        ):
            raise IllegalDecisionError(
                f"no player {player!r} in a {self.game.num_players}-player game "
                f"(players are 0 … {self.game.num_players - 1})"
            )

    def _check_option(self, player: Player, option: object) -> None:
        if type(option) is int and option in self.legal(player):
            return  # the common case, fast
        self._check_player(player)
        if player not in self._movers:
            raise IllegalDecisionError(
                f"player {player} is not to decide now; deciding: {_players(self._movers)}"
            )
        if not isinstance(option, int) or isinstance(option, bool):
            raise IllegalDecisionError(
                f"player {player}'s option must be an option id (int), got {option!r}"
            )
        legal = self._legal(player)
        if option not in legal:
            shown = ", ".join(f"{o} ({self._describe(player, o).en})" for o in legal[:12])
            more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
            raise IllegalDecisionError(
                f"player {player} cannot choose option {option} now; legal: {shown}{more}"
            )

    def _normalize(self, choice: DecisionInput) -> dict[Player, int]:
        """Validate a decision; return it as ``{player: option}`` in ``to_move()`` order."""
        movers = self._movers
        if not movers:
            raise GameOverError("the game is over; no more decisions are taken")
        joint = self._joint_of(choice, movers)
        check = self._check_option
        for p, o in joint.items():
            check(p, o)
        return joint

    def _joint_of(self, choice: DecisionInput, movers: tuple[Player, ...]) -> dict[Player, int]:
        """``choice`` as ``{player: option}`` in ``movers`` order, options not yet checked."""
        kind = type(choice)
        if kind is list or kind is tuple:
            assert isinstance(choice, list | tuple)
            if len(choice) != len(movers):
                raise IllegalDecisionError(
                    f"expected {len(movers)} options (for players {_players(movers)}), "
                    f"got {len(choice)}"
                )
            return dict(zip(movers, choice, strict=True))
        if kind is dict or isinstance(choice, Mapping):
            assert isinstance(choice, Mapping)
            return self._joint_of_mapping(choice, movers)
        if kind is int:
            assert isinstance(choice, int)
            if len(movers) != 1:
                raise IllegalDecisionError(
                    f"players {_players(movers)} decide at once; pass one option per player "
                    f"as {{player: option}}"
                )
            return {movers[0]: choice}
        if isinstance(choice, Sequence) and not isinstance(choice, str | bytes):
            return self._joint_of(list(choice), movers)
        raise IllegalDecisionError(
            f"a decision is an option id or {{player: option}}, not {choice!r}"
        )

    def _joint_of_mapping(
        self, given: Mapping[Player, int], movers: tuple[Player, ...]
    ) -> dict[Player, int]:
        if len(given) != len(movers) or any(p not in given for p in movers):
            for p in given:
                if p not in movers:
                    self._check_player(p)
                    raise IllegalDecisionError(
                        f"player {p} is not to decide now; deciding: {_players(movers)}"
                    )
            missing = next(p for p in movers if p not in given)
            raise IllegalDecisionError(
                f"missing a decision for player {missing}; every deciding player "
                f"({_players(movers)}) must choose"
            )
        return {p: given[p] for p in movers}

    # ------------------------------------------------------------------ hooks

    @abstractmethod
    def _setup(self) -> None:
        """Deal and run forward to the first decision; set ``self._movers``."""
        raise _missing(self, "_setup")

    @abstractmethod
    def _legal(self, player: Player) -> Sequence[int]:
        """Legal option ids of a deciding player, ascending."""
        raise _missing(self, "_legal")

    @abstractmethod
    def _apply(self, joint: dict[Player, int]) -> None:
        """Apply a validated joint decision and run forward; update ``self._movers``."""
        raise _missing(self, "_apply")

    @abstractmethod
    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        """The game-specific part of a player's (or a spectator's) view."""
        raise _missing(self, "_observe")

    @abstractmethod
    def _ranks(self) -> tuple[int, ...]:
        """Final places (1 = best; equal places share a rank)."""
        raise _missing(self, "_ranks")

    def _kind(self, player: Player) -> str:
        """The kind of decision ``player`` faces (``"throw"`` for an RPS throw)."""
        return "choice"

    def _prompt(self, player: Player) -> tuple[str, str]:
        """A short question for ``player`` in Chinese and English."""
        return ("", "")

    def _describe(self, player: Player, option: int) -> Choice:
        """Readable names of one option (default: the game's fixed names for the id)."""
        return self.game.describe_option(option)

    def _returns(self) -> tuple[float, ...]:
        return win_loss_returns(self._ranks())

    def _end_reason(self) -> str:
        return ""

    def _ending(self) -> Ending:
        """Default: "the game is over" and each player's return as the score."""
        score = Standing(Text("得分", "score"), tuple(same(number(r)) for r in self._returns()))
        return Ending(Text("游戏结束。", "The game is over."), (score,))

    def _timeout_option(self, player: Player) -> int | None:
        return None

    def _player_labels(self) -> dict[str, list[str]]:
        return {}

    def _metrics(self) -> dict[str, float]:
        return {}

    def _resample(self, player: Player, rng: Rng) -> None:
        """Re-deal what ``player`` cannot see (default: the game has no hidden state)."""


class _Redactions:
    """One player's memoised redactions (:meth:`State._redacted_events`): the log they were
    made from, the redacted events, and how many of those the first ``i`` events gave."""

    __slots__ = ("events", "out", "upto")

    def __init__(self) -> None:
        self.events: list[EventEntry] = []
        self.out: list[EventEntry] = []
        self.upto: list[int] = [0]


def _redacted(event: EventEntry, player: Player) -> EventEntry:
    """The event as ``player`` saw it, made public (a determinized copy keeps no secrets)."""
    view = event_view(event, player) or {}
    public = {k: v for k, v in view.items() if k != "kind"}
    return (event[0], event[1], public, _NO_PRIVATE)


def _missing(state: State, hook: str) -> NotImplementedError:
    # State is no ABC (the compiled State is an extension type, which cannot derive from
    # one): a game that leaves out a required hook hears which when it is called
    return NotImplementedError(f"{type(state).__name__} must define {hook}() (a State hook)")


_MEMO_FIELDS = frozenset({"_legal_memo", "_redact_memo"})


def state_fields(state: State) -> dict[str, Any]:
    """Every field of ``state``: the engine's (slots), the game's slots (a state class
    that declares ``__slots__``) and the game's other fields (its instance dict)."""
    out = {k: getattr(state, k) for k in sorted(_ENGINE_FIELDS)}
    for k in game_slots(type(state)):
        value = getattr(state, k, _UNSET)
        if value is not _UNSET:
            out[k] = value
    out.update(vars(state))
    return out


def game_slots(cls: type[State]) -> tuple[str, ...]:
    """The slot fields a game's state class declares (``__slots__`` of the classes between
    it and :class:`State`; compiled, a game's ``.pxd`` types them), in declaration order."""
    slots = _GAME_SLOTS.get(cls)
    if slots is None:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            if klass is State or klass is object or not issubclass(klass, State):
                continue
            declared = klass.__dict__.get("__slots__", ())
            for name in (declared,) if isinstance(declared, str) else declared:
                if name not in ("__dict__", "__weakref__") and name not in names:
                    names.append(name)
        slots = _GAME_SLOTS[cls] = tuple(names)
    return slots


_GAME_SLOTS: dict[type, tuple[str, ...]] = {}
_UNSET: Any = object()


# per state class: (the number of attributes, the attributes a clone only checks, the flat
# fields, the fields to deep-copy, the nested fields)
_ClonePlan = tuple[int, tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
_CLONE_PLANS: dict[type, _ClonePlan] = {}


def _clone_plan(cls: type[State], d: dict[str, Any]) -> _ClonePlan:
    """The plan of a state's ``__dict__``: its size, the keys ``clone`` reads without
    copying, and its flat, deep-copied and nested game fields."""
    shared, flat, nested = cls._shared_fields, cls._flat_fields, cls._nested_fields
    game_keys = [k for k in d if k not in _ENGINE_FIELDS and k not in shared]
    flats = tuple(k for k in game_keys if k in flat)
    deeps = tuple(k for k in game_keys if k not in flat and k not in nested)
    nests = tuple(k for k in game_keys if k in nested)
    copied = {*flats, *deeps, *nests}
    return (len(d), tuple(k for k in d if k not in copied), flats, deeps, nests)


def _plan_fits(plan: _ClonePlan, d: dict[str, Any]) -> bool:
    """Whether ``d`` has exactly the plan's keys. A set comparison of ~40 keys was 3 % of a
    search's time; this checks the size and the keys ``clone`` does not read, and ``clone``
    reads every other key (a missing one raises ``KeyError`` there, and it plans again)."""
    if len(d) != plan[0]:
        return False
    return all(key in d for key in plan[1])  # Cython inlines all() over a generator


class _NoLog(list[EventEntry]):
    """The event log of a search world: it stays empty (appends are dropped) and is shared,
    not copied, by clones. ``_log`` appends without asking whether the world is quiet, so
    the logged path costs nothing more."""

    __slots__ = ()

    def append(self, event: EventEntry, /) -> None:
        pass

    def extend(self, events: Iterable[EventEntry], /) -> None:
        pass  # shared by every search world: nothing may grow it

    def insert(self, index: SupportsIndex, event: EventEntry, /) -> None:
        pass

    def __iadd__(self, events: Iterable[EventEntry], /) -> Self:  # type: ignore[override, misc]
        return self

    def copy(self) -> _NoLog:
        return self


_NO_LOG = _NoLog()

_NO_PRIVATE: Mapping[Player, Mapping[str, JSONValue]] = Event._field_defaults["private"]

_IMMUTABLE = frozenset({int, float, str, bool, bytes, tuple, frozenset, type(None)})


def _players(players: Sequence[Player]) -> str:
    return ", ".join(str(p) for p in players) if players else "nobody"
