"""The table core: one game at one table, whichever front end shows it.

A :class:`TableCore` knows who sits where (a person or a bot), whose turn it is, which bot
must think now, what the table plays for a seat that did not decide (a bot that failed or
missed its deadline, a person whose turn timer ran out: :func:`stand_in_option`, one rule
for every front end), what each viewer has been shown of the event log
(:class:`EventCursor`) and when the game is over. It is synchronous and does no I/O: it
never sleeps, spawns, reads a clock or writes a file. The terminal (:mod:`caiquan.tui`) adds
threads, screens and saving; the server (:mod:`caiquan.server`) adds storage, WebSockets,
broadcast and timers, both on top of this one core.

>>> from caiquan.games import load_game
>>> core = TableCore(load_game("goofspiel", num_cards=3).new_state(7), ["human", "random"])
>>> core.waiting_humans(), core.waiting_bots()
([0], [1])
>>> job = core.bot_job(1)
>>> core.bot_result(job, job.run())
True
>>> core.waiting_bots()
[]
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from caiquan.bots import Bot, BotSpec, decide
from caiquan.engine import PlayerView, Rng, State

HUMAN = "human"

__all__ = [
    "HUMAN",
    "BotJob",
    "EventCursor",
    "Refusal",
    "TableCore",
    "default_option",
    "derived_seed",
    "stand_in_option",
]


def derived_seed(*parts: object) -> int:
    """A 64-bit seed from the parts' text (SHA-256): the same parts, the same seed.

    >>> derived_seed(1, "timeout", 0, 5) == derived_seed(1, "timeout", 0, 5)
    True
    """
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def default_option(state: State, player: int, rng: Rng) -> int:
    """What a seat plays when it does not decide in time (documented in docs/server.md).

    What the game says (``State.timeout_option``, e.g. pass); else an option named ``pass``
    (or ``…-pass``) if there is one; for a two-player matrix decision (a throw) the Nash mix;
    otherwise a uniformly random legal option.
    """
    from caiquan.bots import NashBot, RandomBot

    declared = state.timeout_option(player)
    if declared is not None:
        return declared
    d = state.decision(player)
    for c in d.choices:
        if c.name == "pass" or c.name.endswith("-pass"):
            return c.id
    view = PlayerView(state, player)
    if d.kind in state.game.matrix_kinds and len(state.to_move()) == 2:
        return NashBot().decide(view, rng)
    return RandomBot().decide(view, rng)


#: Why a table plays for a seat: its bot failed or missed its deadline, or a person's turn
#: timer ran out. Each draws from its own seed (:func:`stand_in_option`).
STAND_IN_REASONS = ("fallback", "timeout")


def stand_in_option(state: State, player: int, reason: str) -> int:
    """The one rule for what a table plays for ``player`` who did not decide now: a bot
    that raised or missed its deadline (``reason="fallback"``), a person whose turn timer ran
    out (``"timeout"``). It is :func:`default_option` drawn from
    ``derived_seed(seed, reason, player, move)``, on the decision as it began (choices other
    seats laid face down are taken back on a copy), so the same seed, seat and move always
    give the same option, in the terminal and on the server, whichever seat moved first.

    >>> from caiquan.games import load_game
    >>> s = load_game("goofspiel", num_cards=4).new_state(3)
    >>> stand_in_option(s, 0, "fallback") == stand_in_option(s.clone(), 0, "fallback")
    True
    """
    if reason not in STAND_IN_REASONS:
        raise ValueError(f"a stand-in is for one of {STAND_IN_REASONS}, got {reason!r}")
    if state.committed():
        state = state.clone()
        for q in state.committed():
            state.withdraw(q)
    rng = Rng(derived_seed(state.seed, reason, player, state.move_number))
    return default_option(state, player, rng)


@dataclass(frozen=True)
class Refusal:
    """A decision the table does not take: ``code`` (``finished``, ``stale``,
    ``not_your_turn``, ``illegal``, ``decided``), a message, and what the client may use
    (``version``, ``legal``)."""

    code: str
    message: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class BotJob:
    """What a worker needs to let one bot seat decide: its own copy of the state (a bot
    thinking in a thread never reads the live one), the move it decides for, its spec, and
    the decisions so far (what a worker process replays)."""

    player: int
    move: int
    state: State
    spec: BotSpec
    bot: Bot
    log: tuple[tuple[int, int], ...]

    def run(self) -> int:
        """The bot's choice (by :func:`caiquan.bots.decide`: its RNG from the deal seed, its
        seat and the move, so it plays as the same bot would in ``caiquan demo``)."""
        return decide(self.bot, self.state, self.player)


@dataclass
class EventCursor:
    """What one viewer (a seat, or ``None`` for a spectator) has been shown of the event
    log: ``at``, the table's event index already delivered, and ``seen``, how many events
    this viewer has received (its own count)."""

    viewer: int | None
    at: int = 0
    seen: int = 0

    def take(self, state: State) -> list[dict[str, Any]]:
        """The events this viewer has not been shown yet (and mark them shown)."""
        evs = state.events(self.viewer, self.at)
        self.skip(state, len(evs))
        return evs

    def skip(self, state: State, shown: int) -> None:
        """Mark the log shown up to now, ``shown`` events of it delivered by the caller."""
        self.at = state.event_count()
        self.seen += shown

    def reset(self, viewer: int | None) -> None:
        """A new viewer (or a new game): nothing shown yet."""
        self.viewer, self.at, self.seen = viewer, 0, 0


class TableCore:
    """One game's state with its seats: ``human`` or a bot spec each."""

    def __init__(
        self, state: State, seats: Sequence[str], log: Sequence[tuple[int, int]] = ()
    ) -> None:
        self.state = state
        #: every choice laid down at this table, in order, face-down ones included: what a
        #: worker process replays to rebuild the state (a caller that rebuilt ``state`` from
        #: its own log passes that log)
        self.log: list[tuple[int, int]] = list(log)
        #: choices laid face down for the current decision (not in the record until the
        #: decision completes)
        self.face_down: dict[int, int] = {}
        self._face_down_move = -1
        #: the turn timer: when the current decision's time runs out (the caller's clock)
        self.deadline: float | None = None
        self.deadline_move = -1
        self.seats: list[str] = []
        self.bots: dict[int, Bot] = {}
        self.specs: dict[int, BotSpec] = {}
        self.seat(seats)

    def seat(self, seats: Sequence[str]) -> None:
        """Who sits where (``human`` or a bot spec per seat, checked, kept canonical)."""
        n = self.state.game.num_players
        if len(seats) != n:
            raise ValueError(f"{len(seats)} seats for a {n}-player game")
        specs = {p: BotSpec.parse(s) for p, s in enumerate(seats) if s.strip() != HUMAN}
        canon = [str(specs[p]) if p in specs else HUMAN for p in range(n)]
        for p in list(self.bots):
            if p not in specs or str(self.specs[p]) != canon[p]:
                del self.bots[p], self.specs[p]
        for p, spec in specs.items():
            if p not in self.bots:
                self.specs[p], self.bots[p] = spec, spec.build()
        self.seats = canon

    def reset(self, state: State) -> None:
        """A new game at the same seats (the server's deal): no decision taken yet."""
        self.state = state
        self.log = []
        self.face_down = {}
        self._face_down_move = -1

    # ------------------------------------------------------------------ whose turn

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def move(self) -> int:
        """The table's version: the number of decisions completed."""
        return self.state.move_number

    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    def waiting(self) -> list[int]:
        """Seats that must decide now and have not laid a choice down yet."""
        done = set(self.state.committed())
        return [p for p in self.state.to_move() if p not in done]

    def waiting_humans(self) -> list[int]:
        return [p for p in self.waiting() if self.seats[p] == HUMAN]

    def waiting_bots(self) -> list[int]:
        return [p for p in self.waiting() if p in self.bots]

    # ------------------------------------------------------------------ deciding

    def refusal(self, seat: int, version: int, option: Any, source: str = HUMAN) -> Refusal | None:
        """Why the table would not take ``option`` from ``seat`` deciding on ``version`` (None:
        it would). ``source`` other than ``human`` (a bot, a stand-in) never overrides a
        choice already laid face down."""
        state = self.state
        if state.is_terminal():
            return Refusal("finished")
        if version != state.move_number:
            return Refusal(
                "stale",
                f"you decided on version {version}; the game is at version {state.move_number}",
                {"version": state.move_number},
            )
        if seat not in state.to_move():
            return Refusal("not_your_turn", "", {"version": state.move_number})
        legal = state.legal(seat)
        if type(option) is not int or option not in legal:
            return Refusal(
                "illegal",
                f"option {option!r} is not legal now; legal: {list(legal)}",
                {"legal": list(legal)},
            )
        if source != HUMAN and seat in state.committed():
            return Refusal("decided", "that seat has already decided")
        return None

    def preview(self, seat: int, option: int) -> State:
        """The state after ``seat`` lays ``option`` down, on a copy (the server stores the
        decision before the table takes it: :meth:`accept`)."""
        new = self.state.clone()
        new.commit(seat, option)
        return new

    def accept(self, seat: int, option: int, new: State) -> bool:
        """Take the decision :meth:`preview` made ``new`` from; True when it completed the
        joint decision (False: a choice laid face down)."""
        applied = new.move_number != self.state.move_number
        self._note(seat, option, applied)
        self.state = new
        return applied

    def commit(self, seat: int, option: int) -> bool:
        """Lay ``seat``'s choice down in place; True when it completed the joint decision.
        Raises :class:`caiquan.engine.IllegalDecisionError` for a bad choice."""
        applied = self.state.commit(seat, option)
        self._note(seat, option, applied)
        return applied

    def _note(self, seat: int, option: int, applied: bool) -> None:
        move = self.state.move_number
        if self._face_down_move != move:
            self.face_down = {}
            self._face_down_move = move
        self.log.append((seat, option))
        if applied:
            self.face_down = {}
        else:
            self.face_down[seat] = option

    def face_down_now(self) -> dict[int, int]:
        """Choices laid face down for the current decision (they are not in the record)."""
        if self._face_down_move != self.state.move_number:
            return {}
        done = set(self.state.committed())
        return {p: o for p, o in self.face_down.items() if p in done}

    # ------------------------------------------------------------------ bots

    def bot_job(self, player: int) -> BotJob:
        """What a worker needs to let ``player``'s bot decide now."""
        return BotJob(
            player,
            self.state.move_number,
            self.state.clone(),
            self.specs[player],
            self.bots[player],
            tuple(self.log),
        )

    def bot_result(self, job: BotJob, option: int) -> bool:
        """Lay down a bot's choice if the table has not moved on and the choice is legal;
        True if it was taken. A bot that chose an illegal option is stood in for
        (:meth:`stand_in`), as one that raised is."""
        if job.move != self.state.move_number or job.player not in self.waiting_bots():
            return False
        if self.refusal(job.player, job.move, option, "bot") is not None:
            return self.stand_in(job.player, "fallback") is not None
        self.commit(job.player, option)
        return True

    def stand_in_for(self, player: int, reason: str) -> int:
        """What the table plays for ``player`` now (:func:`stand_in_option`)."""
        return stand_in_option(self.state, player, reason)

    def stand_in(self, player: int, reason: str) -> int | None:
        """Play the stand-in option for ``player`` if they still must decide now (a bot that
        failed: ``fallback``; a person out of time: ``timeout``); the option, or None."""
        if player not in self.waiting():
            return None
        option = self.stand_in_for(player, reason)
        self.commit(player, option)
        return option

    # ------------------------------------------------------------------ timers

    def arm(self, turn_seconds: float, now: float) -> bool:
        """Set the turn timer for the current decision (``turn_seconds`` ≤ 0: none; a
        finished game: none); True when a new deadline was set (the caller starts its
        timer), False when the decision keeps the deadline it has or has none.
        ``now`` is the caller's clock: the core never reads one."""
        if turn_seconds <= 0 or self.finished:
            self.deadline, self.deadline_move = None, -1
            return False
        if self.deadline is not None and self.deadline_move == self.state.move_number:
            return False
        self.deadline = now + turn_seconds
        self.deadline_move = self.state.move_number
        return True

    def due(self, move: int) -> list[int]:
        """The people a turn timer set at ``move`` stands in for when it runs out (none if
        the table has moved on). Bots have their own deadline: a bot that misses it is
        stood in for as one that failed."""
        if move != self.state.move_number or self.finished:
            return []
        return self.waiting_humans()

    def record_meta(self) -> dict[str, Any]:
        """What a saved game needs beyond its record to resume as the identical state."""
        pending = self.face_down_now()
        return {"face_down": {str(p): o for p, o in sorted(pending.items())}} if pending else {}
