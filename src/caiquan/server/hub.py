"""The live tables of one server process: validation, persistence, broadcast, bots, timers.

A :class:`LiveTable` holds a table's state rebuilt from its action log. Every change goes
through :meth:`Hub.decide` under the table's lock: validate against the current state (seat
to move, version, legality) → append to the database with a row-version check (durable
before anything is sent) → move the in-memory state → send each connection *its own* view.
With PostgreSQL, other processes hear of the change by LISTEN/NOTIFY and catch up from the
log (see :mod:`caiquan.server.notify`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from starlette.websockets import WebSocket

from caiquan.engine import State
from caiquan.engine.fair import PROTOCOL_V1 as FAIR_PROTOCOL_V1
from caiquan.engine.fair import announced_outcome
from caiquan.games import load_game
from caiquan.table import HUMAN, EventCursor, TableCore, stand_in_option

from . import protocol
from .analysis import Analyses
from .content import ContentLibrary
from .settings import Settings
from .storage import Conflict, SeatRow, Storage, TableRow
from .workers import exit_with_parent

log = logging.getLogger("caiquan.server")
T = TypeVar("T")


class Conn:
    """One WebSocket client: its seat (None: spectator), its event cursor, its send queue."""

    def __init__(self, ws: WebSocket | None, queue_size: int) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.joined = False
        #: what this client has been shown of the event log (the index never sent to it)
        self.events = EventCursor(None)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(queue_size)
        self.closed = False
        self.client = ""  # the client's address (per-client limits)
        self.last_state = ""  # the last state frame sent (identical ones are not repeated)

    def send(self, frame: dict[str, Any]) -> None:
        if self.closed:
            return
        self.send_text(protocol.dumps(frame))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            # A client that does not read is dropped; it reconnects and gets the full view.
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    async def writer(self) -> None:
        assert self.ws is not None
        while True:
            text = await self.queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(1008)
                return
            try:
                await self.ws.send_text(text)
            except UnicodeEncodeError:  # never expected (input text is checked): stay readable
                await self.ws.send_text(json.dumps(json.loads(text)))


def core_seats(seats: list[SeatRow]) -> list[str]:
    """The table core's seats: a bot seat's spec, ``human`` for every other."""
    return [(s.bot or "random") if s.kind == "bot" else HUMAN for s in seats]


@dataclass
class LiveTable:
    """A table in this process's memory: its row and seats as stored, and the table core
    (:class:`caiquan.table.TableCore`: the state, whose turn, bots, stand-ins, the turn
    timer's deadline) that the terminal plays on too."""

    row: TableRow
    seats: list[SeatRow]
    core: TableCore
    seq: int
    status: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Conn] = field(default_factory=set)
    timer: asyncio.Task[None] | None = None
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    #: Presence at other processes: proc → (seats online there, spectators, when heard).
    remote: dict[str, tuple[frozenset[int], int, float]] = field(default_factory=dict)
    #: When something last happened here (monotonic): a decision, a connection coming or
    #: going, a load. An idle table nobody watches leaves memory (:meth:`Hub.unload_idle`).
    touched: float = field(default_factory=time.monotonic)
    #: When the game ended (monotonic; None: not over).
    finished_at: float | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state(self) -> State:
        return self.core.state

    @property
    def deadline(self) -> float | None:
        """When the current decision's turn timer runs out (wall clock; None: no timer)."""
        return self.core.deadline

    def reseat(self, seats: list[SeatRow]) -> None:
        self.seats = seats
        self.core.seat(core_seats(seats))

    def public(self) -> dict[str, Any]:
        """What anyone may know about the table (never tokens or invite; the seed and the
        fairness nonce only once the game is over)."""
        return {
            "id": self.row.id,
            "game": self.row.game,
            "config": self.row.config,
            "name": self.row.name,
            "listed": self.row.listed,
            "turn_seconds": self.row.turn_seconds,
            # the seat its creator took (its name is that seat's): who invites; None: nobody
            "host": self.row.host_seat,
            "status": self.status,
            "version": self.state.move_number,
            "seats": [seat_json(s) for s in self.seats],
            # what plays a bot seat's strength where its kind would mislead (Game.strength_note)
            "strength_notes": self.state.game.strength_notes(),
            "fair": fair_json(self.row, self.seats, self.status == "finished"),
        }


def fair_json(row: TableRow, seats: list[SeatRow], finished: bool) -> dict[str, Any] | None:
    """The table's fairness commitment (docs/server.md, *Provably fair deals*): published
    from the start with the content's digest and, while the players help shuffle, which
    seats have given their value; once the game is over, the seed (as decimal text), the
    nonce and every seat's contribution. None: a table from before the protocol."""
    if row.nonce is None or row.commitment is None:
        return None
    if row.fair_protocol is None:  # caiquan.fair/1: the server's seed, committed at creation
        out: dict[str, Any] = {"protocol": FAIR_PROTOCOL_V1, "commitment": row.commitment}
        if finished:
            out.update(seed=str(row.seed), nonce=row.nonce)
        return out
    out = {
        "protocol": row.fair_protocol,
        "commitment": row.commitment,
        "content": row.content_digest,
        "shuffle": {
            # the cards are not dealt yet: seated people may still give their value
            "open": row.shuffling,
            # the seats whose value the server holds (which value stays secret till the end)
            "given": [s.seat for s in seats if s.entropy is not None],
        },
    }
    if finished:
        out.update(seed=str(row.seed), nonce=row.nonce, contributions=contributions(seats))
    return out


def contributions(seats: list[SeatRow]) -> list[dict[str, Any]]:
    """Every human seat's contribution to the deal, in seat order: ``{seat, value, by}``
    (``by``: ``player``, its client's value; ``server``, the committed stand-in)."""
    return [
        {"seat": s.seat, "value": s.entropy, "by": s.entropy_by}
        for s in seats
        if s.kind == "human" and s.entropy is not None
    ]


def fair_record_meta(row: TableRow, seats: list[SeatRow]) -> dict[str, Any] | None:
    """What a finished record's ``meta["fair"]`` keeps (its seed is the record's own)."""
    fair = fair_json(row, seats, True)
    if fair is None:
        return None
    keys = FAIR_META_V1 if row.fair_protocol is None else FAIR_META
    return {k: fair[k] for k in keys}


def seat_json(s: SeatRow) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "kind": s.kind,
        "bot": s.bot,
        "name": s.name,
        "claimed": s.claimed,
    }


def replay_actions(library: ContentLibrary, row: TableRow, actions: list[Any]) -> State:
    state = library.game(row.game, row.config).new_state(row.seed)
    for a in actions:
        state.commit(a.player, a.option)
    return state


def decide_in_worker(
    game: str,
    config: dict[str, Any],
    seed: int,
    log: list[tuple[int, int]],
    seat: int,
    spec: str,
) -> int:
    """A bot's decision in a worker process: rebuild the table from its log, then decide
    (its RNG by the one rule of :mod:`caiquan.bots.match`: from the seed, seat and move)."""
    from caiquan.bots import BotSpec, decide

    state = load_game(game, config).new_state(seed)
    for player, option in log:
        state.commit(player, option)
    return decide(BotSpec.parse(spec).build(), state, seat)


class Full(Exception):
    """This process holds as many tables in memory as it takes (``max_open_tables``)."""


class Hub:
    """All live tables of this process."""

    def __init__(
        self, storage: Storage, settings: Settings, library: ContentLibrary | None = None
    ) -> None:
        self.storage = storage
        self.settings = settings
        self.library = library or ContentLibrary()
        #: Open WebSocket connections per client address.
        self.client_conns: dict[str, int] = {}
        #: Bot decisions that missed the deadline or failed and were replaced.
        self.bot_fallbacks = 0
        self.proc = uuid.uuid4().hex[:12]
        storage.proc_id = self.proc
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.db_pool = ThreadPoolExecutor(16, thread_name_prefix="caiquan-db")
        self.bot_pool = ThreadPoolExecutor(settings.bot_threads, thread_name_prefix="caiquan-bot")
        self._search_pool: ProcessPoolExecutor | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.sessions: set[asyncio.Task[Any]] = set()  # WebSocket handlers, ended on stop
        self.listener: Any = None
        self.decisions = 0
        #: Shuffling tables (caiquan.fair/2) whose deal waits for their people's values: the
        #: task that deals them when ``shuffle_seconds`` have passed.
        self._shuffles: dict[str, asyncio.Task[None]] = {}
        #: Replays and analyses: cached, in their own pool, within budgets.
        self.analyses = Analyses(settings)

    # ------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        if self.storage.is_postgres:  # listen first: no change can slip between load and listen
            from .notify import Listener

            self.listener = Listener(self)
            await self.listener.start()
            self.spawn(self.presence_heartbeat(self.settings.presence_every))
        # Tables in play are rebuilt in the background (their bots and timers must run
        # again), so the server answers at once; waiting tables load when someone asks.
        self.spawn(self._resume())
        self.spawn(self._sweeper())
        self.spawn(self.analyses.warm())

    async def _resume(self) -> None:
        await self._deal_due()
        ids = await self.db(self.storage.playing)
        for tid in ids:
            try:
                t = await self.get(tid)
            except Exception:
                log.exception("table %s could not be rebuilt", tid)
                continue
            if t is not None:
                log.debug("resumed table %s at version %d", tid, t.state.move_number)
        if ids:
            log.info("resumed %d tables in play", len(ids))

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep for expired tables failed")

    async def sweep(self, now: float | None = None) -> list[str]:
        """Expire waiting tables idle for ``waiting_ttl`` (tell and drop their watchers), and
        let idle tables leave memory (:meth:`unload_idle`). Returns the expired tables."""
        self.unload_idle()
        now = time.time() if now is None else now
        await self._deal_due(now)
        ids = await self.db(self.storage.expire_waiting, now - self.settings.waiting_ttl)
        for tid in ids:
            t = self.tables.pop(tid, None)
            if t is None:
                continue
            t.status = "expired"
            frame = protocol.error("expired")
            for c in list(t.conns):
                c.send(frame)
                c.close()
            if t.timer is not None:
                t.timer.cancel()
        if ids:
            log.info("expired %d waiting tables", len(ids))
        return ids

    def unload_idle(self, now: float | None = None) -> list[str]:
        """Let tables leave memory (they are read again from storage when someone asks):

        * a finished game ``finished_ttl`` seconds after its end: its watchers are told
          (``closed``) and let go;
        * a waiting or finished table nobody watches (whatever loaded it);
        * a game in play that nobody watches, with no bot thinking and no turn timer running,
          after ``idle_ttl`` seconds without a move or a visitor (its players' return
          reads it again, and the game goes on where it was).

        Returns the tables unloaded."""
        now = time.monotonic() if now is None else now
        gone = []
        for t in list(self.tables.values()):
            over = t.finished_at is not None and now - t.finished_at >= self.settings.finished_ttl
            if t.status == "finished" and over and t.conns:
                frame = protocol.error("closed")
                for c in list(t.conns):
                    c.send(frame)
                    c.close()
                t.conns.clear()
            if t.conns:
                continue
            idle = (
                t.status == "playing"
                and not t.bot_tasks
                and t.timer is None
                and now - t.touched >= self.settings.idle_ttl
            )
            if (t.status in ("finished", "waiting") or idle) and self.tables.get(t.id) is t:
                del self.tables[t.id]
                gone.append(t.id)
        if gone:
            log.debug("%d tables left memory", len(gone))
        return gone

    async def stop(self) -> None:
        if self.listener is not None:
            await self.listener.stop()
        for t in self.tables.values():
            for task in [t.timer, *t.bot_tasks.values()]:
                if task is not None:
                    task.cancel()
            for c in t.conns:
                c.close()
        for task in [*self._tasks, *self.sessions, *self._shuffles.values()]:
            task.cancel()
        self.db_pool.shutdown(wait=True, cancel_futures=True)
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        if self._search_pool is not None:
            self._search_pool.shutdown(wait=False, cancel_futures=True)
        self.analyses.close()

    @property
    def search_pool(self) -> ProcessPoolExecutor:
        """Processes for search bots (ISMCTS): CPU-heavy Python must not hold this process's
        GIL, or every table's WebSocket traffic would slow down while a bot thinks."""
        if self._search_pool is None:
            import multiprocessing

            self._search_pool = ProcessPoolExecutor(
                self.settings.bot_processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=exit_with_parent,
                initargs=(os.getpid(),),
            )
        return self._search_pool

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

    # ------------------------------------------------------------------ loading

    async def get(self, table_id: str) -> LiveTable | None:
        """The table, read from storage into memory if it is not there yet (None: no such
        table, or it expired). :class:`Full` when this process holds as many tables as it
        takes (``max_open_tables``)."""
        t = self.tables.get(table_id)
        if t is not None:
            t.touched = time.monotonic()
            return t
        if len(self.tables) >= self.settings.max_open_tables:
            self.unload_idle()
            if len(self.tables) >= self.settings.max_open_tables:
                raise Full("this server holds as many tables as it takes; try again later")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                t = self.tables.get(table_id)
                if t is not None:
                    return t
                row = await self.db(self.storage.get_table, table_id)
                if row is None or row.status == "expired":
                    return None
                seats = await self.db(self.storage.get_seats, table_id)
                actions = await self.db(self.storage.actions, table_id, 0)
                # building and replaying is CPU (and reads a content file): off the loop
                state = await asyncio.to_thread(replay_actions, self.library, row, actions)
                seq = actions[-1].seq if actions else 0
                status = "finished" if state.is_terminal() else row.status
                log = [(a.player, a.option) for a in actions]
                t = LiveTable(row, seats, TableCore(state, core_seats(seats), log), seq, status)
                if status == "finished":
                    t.finished_at = time.monotonic()
                self.tables[table_id] = t
        finally:
            if not lock.locked():
                self._loading.pop(table_id, None)
        if self.storage.is_postgres:
            async with t.lock:  # a change may have landed between the reads and now
                await self._catch_up(t)
        self._after_change(t, broadcast=False)
        return t

    async def _catch_up(self, t: LiveTable, seats: bool = False) -> bool:
        """Read what other processes wrote (hold ``t.lock``). Returns True if anything moved."""
        row = await self.db(self.storage.get_table, t.id)
        actions = await self.db(self.storage.actions, t.id, t.seq)
        changed = False
        if row is not None and (row.status != t.row.status or seats):
            new_seats = await self.db(self.storage.get_seats, t.id)
            if new_seats != t.seats or row.status != t.row.status:
                changed = True
            if row.seed != t.row.seed:  # the cards were dealt (caiquan.fair/2): a new game
                t.core.reset(await asyncio.to_thread(replay_actions, self.library, row, []))
                t.seq = 0
            t.reseat(new_seats)
            t.row = row
        for a in actions:
            t.core.commit(a.player, a.option)
            t.seq = a.seq
            changed = True
        new_status = "finished" if t.state.is_terminal() else t.row.status
        if new_status != t.status:
            t.status = new_status
            if new_status == "finished":
                t.finished_at = time.monotonic()
            changed = True
        if changed:
            t.touched = time.monotonic()
        return changed

    async def refresh(self, table_id: str, seats: bool = False) -> None:
        """Another process changed a table: catch up, then tell our clients."""
        t = self.tables.get(table_id)
        if t is None:
            return
        async with t.lock:
            if await self._catch_up(t, seats=seats):
                self._after_change(t)
                if seats:
                    self.broadcast_presence(t)

    async def seats_changed(self, table_id: str) -> None:
        await self.refresh(table_id, seats=True)

    # ------------------------------------------------------------------ decisions

    async def decide(
        self, t: LiveTable, seat: int, version: int, option: Any, source: str = "human"
    ) -> dict[str, Any] | None:
        """Validate, persist, apply and broadcast one seat's decision; an error frame or None."""
        async with t.lock:
            for _attempt in range(5):
                err = self._validate(t, seat, version, option, source)
                if err is not None:
                    return err
                new = t.core.preview(seat, option)
                record = None
                if new.is_terminal():
                    fair = fair_record_meta(t.row, t.seats)
                    record = (
                        # the table's config: content by name, never this server's path
                        replace(new.record(), config=dict(t.row.config))
                        .with_meta(
                            table=t.id,
                            seats=[seat_json(s) for s in t.seats],
                            finished_at=time.time(),
                            # what the table announces, and the deal's commitment revealed
                            outcome=announced_outcome(new),
                            **({} if fair is None else {"fair": fair}),
                        )
                        .to_json()
                    )
                try:
                    seq = await self.db(
                        self.storage.append,
                        t.id,
                        t.seq,
                        seat,
                        option,
                        source,
                        finished_record=record,
                    )
                except Conflict:
                    # Another process moved first: take its actions, tell our clients (the
                    # notice that is on its way will then find nothing new), and re-check.
                    if await self._catch_up(t, seats=True):
                        self._after_change(t)
                    continue
                applied = t.core.accept(seat, option, new)  # False: a face-down choice
                t.seq = seq
                t.touched = time.monotonic()
                if record is not None:
                    t.status = "finished"
                    t.finished_at = time.monotonic()
                    t.row = _with_record(t.row, record)
                if applied:
                    self.decisions += 1
                self._after_change(t, actor=seat)
                return None
            return protocol.error("conflict")

    def _validate(
        self, t: LiveTable, seat: int, version: int, option: Any, source: str = "human"
    ) -> dict[str, Any] | None:
        if t.status == "finished" or t.core.finished:
            return protocol.error("finished")
        if t.status != "playing":
            return protocol.error("waiting")
        refused = t.core.refusal(seat, version, option, HUMAN if source == "human" else source)
        if refused is None:
            return None
        # a time-out or a bot never overrides a choice already laid face down: to the
        # client that is a stale decision
        code = "stale" if refused.code == "decided" else refused.code
        return protocol.error(code, refused.message, **refused.extra)

    # ------------------------------------------------------------------ broadcast

    def _after_change(self, t: LiveTable, broadcast: bool = True, actor: int | None = None) -> None:
        self._arm_shuffle(t)
        self._arm_timer(t)
        if broadcast:
            self.broadcast_state(t, actor)
        self._schedule_bots(t)

    def broadcast_state(self, t: LiveTable, actor: int | None = None) -> None:
        """Send each connection its new view. A connection whose view did not change gets
        nothing (so a player who changes a face-down choice tells the others nothing),
        except the deciding seat's own, which always hears back."""
        frames: dict[int | None, str] = {}
        events: dict[tuple[int | None, int], list[dict[str, Any]]] = {}
        names = self.seat_names(t)
        for c in list(t.conns):
            if c.closed:
                continue
            evs: list[dict[str, Any]] = []
            if t.status != "waiting":  # a waiting table's log (a deal) is sent at the start
                key = (c.seat, c.events.at)
                got = events.get(key)
                if got is None:
                    got = events[key] = t.state.events(c.seat, c.events.at)
                evs = got
                seen = c.events.seen
                c.events.skip(t.state, len(evs))
            if evs:
                c.send(protocol.events_frame(t.state.game, evs, seen, names))
            text = frames.get(c.seat)
            if text is None:
                text = frames[c.seat] = protocol.dumps(self.state_frame(t, c.seat))
            if text != c.last_state or evs or (actor is not None and c.seat == actor):
                c.last_state = text
                c.send_text(text)

    def seat_names(self, t: LiveTable) -> dict[str, list[str]]:
        """The seats' names per language, as the seat chips show them (events name players
        by them)."""
        return protocol.seat_names([seat_json(s) for s in t.seats])

    def state_frame(self, t: LiveTable, seat: int | None) -> dict[str, Any]:
        frame = protocol.state_frame(
            t.state, seat, table=t.id, status=t.status, deadline=t.deadline
        )
        if t.row.shuffling:  # the cards are not dealt: there is nothing to see yet
            frame["observation"] = None
        if t.status == "finished":  # the game is over: the deal is revealed
            frame["fair"] = fair_json(t.row, t.seats, True)
        return frame

    def presence(self, t: LiveTable) -> dict[str, Any]:
        online: set[int] = set()
        spectators = 0
        for c in t.conns:
            if c.closed:
                continue
            if c.seat is None:
                spectators += 1
            else:
                online.add(c.seat)
        for seats, n, _heard in t.remote.values():
            online |= seats
            spectators += n
        return {
            "type": "presence",
            "table": t.id,
            "seats": [
                {**seat_json(s), "online": s.kind == "bot" or s.seat in online} for s in t.seats
            ],
            "spectators": spectators,
        }

    def broadcast_presence(self, t: LiveTable, tell_others: bool = False) -> None:
        frame = self.presence(t)
        for c in list(t.conns):
            c.send(frame)
        if tell_others and self.storage.is_postgres:
            self.spawn(self.db(self.storage.notify, self._presence_notice(t)))

    def _presence_notice(self, t: LiveTable) -> dict[str, Any]:
        local = sorted({c.seat for c in t.conns if c.seat is not None and not c.closed})
        n = sum(1 for c in t.conns if c.seat is None and not c.closed)
        return {"t": "presence", "table": t.id, "seats": local, "spectators": n}

    def remote_presence(self, table_id: str, proc: str, seats: list[int], n: int) -> None:
        t = self.tables.get(table_id)
        if t is None:
            return
        before = t.remote.get(proc)
        t.remote[proc] = (frozenset(seats), n, time.monotonic())
        if before is None or before[:2] != t.remote[proc][:2]:
            self.broadcast_presence(t)

    async def presence_heartbeat(self, every: float) -> None:
        """Several processes: repeat our presence notices, and forget the presence of a
        process that has stopped repeating its own (it died) after three periods."""
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            items: list[list[Any]] = []
            for t in list(self.tables.values()):
                if any(not c.closed for c in t.conns):
                    notice = self._presence_notice(t)
                    items.append([t.id, notice["seats"], notice["spectators"]])
            for i in range(0, len(items), 100):  # NOTIFY payloads stay under 8000 bytes
                await self.db(self.storage.notify, {"t": "presences", "items": items[i : i + 100]})
            for t in list(self.tables.values()):
                stale = [p for p, (_s, _n, heard) in t.remote.items() if now - heard > 3 * every]
                for p in stale:
                    del t.remote[p]
                if stale:
                    self.broadcast_presence(t)

    async def join(self, t: LiveTable, conn: Conn, seat: int | None) -> None:
        """A client said hello: send it the full view, then tell everyone it is here."""
        async with t.lock:
            conn.seat = seat
            conn.joined = True
            conn.send(
                {
                    "type": "welcome",
                    "protocol": protocol.PROTOCOL,
                    "table": t.public(),
                    "seat": seat,
                }
            )
            # A waiting table's log (a deal) is sent when the game starts, when every seat
            # has the name its events will call it by.
            conn.events.reset(seat)
            evs = [] if t.status == "waiting" else conn.events.take(t.state)
            conn.send(protocol.events_frame(t.state.game, evs, 0, self.seat_names(t)))
            conn.last_state = protocol.dumps(self.state_frame(t, seat))
            conn.send_text(conn.last_state)
            t.conns.add(conn)
        chat = await self.db(self.storage.recent_chat, t.id, self.settings.chat_history)
        for m in chat:
            conn.send(chat_frame(t.id, m.seat, m.name, m.text, m.at))
        self.broadcast_presence(t, tell_others=True)

    def leave(self, t: LiveTable, conn: Conn) -> None:
        conn.close()
        t.touched = time.monotonic()
        if conn in t.conns:
            t.conns.discard(conn)
            self.broadcast_presence(t, tell_others=True)
        self.release(t)

    def release(self, t: LiveTable) -> None:
        """Forget a finished or waiting table nobody watches (reloaded from storage on
        demand), so idle tables hold no memory."""
        if t.status in ("finished", "waiting") and not t.conns and self.tables.get(t.id) is t:
            if t.timer is not None:
                t.timer.cancel()
            del self.tables[t.id]

    async def chat(self, t: LiveTable, seat: int, text: str) -> None:
        name = t.seats[seat].name or f"seat {seat}"
        m = await self.db(self.storage.add_chat, t.id, seat, name, text)
        self.deliver_chat(t.id, m.seat, m.name, m.text, m.at)

    def deliver_chat(
        self, table_id: str, seat: int | None, name: str, text: str, at: float
    ) -> None:
        t = self.tables.get(table_id)
        if t is None:
            return
        frame = chat_frame(table_id, seat, name, text, at)
        for c in list(t.conns):
            c.send(frame)

    # ------------------------------------------------------------------ the shuffle

    async def contribute(self, t: LiveTable, seat: int, value: str) -> dict[str, Any]:
        """A seated person's value for the deal (``caiquan.fair/2``): kept (the ``shuffled``
        frame, to be sent to that connection) or refused (an error frame). The deal is made
        as soon as every person's value is in."""
        got = await self.db(self.storage.contribute, t.id, seat, value)
        if got in ("other", "dealt", "no_seat"):
            why = {
                "other": "your seat has already given another value; a seat gives one",
                "dealt": "the cards are dealt: it is too late to help shuffle",
                "no_seat": "only a seated person helps shuffle",
            }[got]
            return protocol.error("shuffle_closed", why)
        async with t.lock:
            # (this catch-up may be the one that finds the cards dealt, by a deal another
            # value started: it tells everyone then; while shuffling, views do not change)
            if await self._catch_up(t, seats=True):
                self._after_change(t)
        return {"type": "shuffled", "table": t.id, "seat": seat, "value": value}

    def _arm_shuffle(self, t: LiveTable) -> None:
        """A shuffling table whose seats are all taken is dealt at once if every person has
        given their value, else when ``shuffle_seconds`` have passed (a client that sends
        none gets the server's committed stand-in)."""
        if not t.row.shuffling:
            return
        humans = [s for s in t.seats if s.kind == "human"]
        if any(s.token_hash is None for s in humans):
            return
        if all(s.entropy is not None for s in humans):
            self.spawn(self.deal(t.id, time.time() + 1.0))  # nothing to wait for
        elif t.id not in self._shuffles:
            self._shuffles[t.id] = self.spawn(self._shuffle_deadline(t.id))

    async def _shuffle_deadline(self, table_id: str) -> None:
        try:
            await asyncio.sleep(self.settings.shuffle_seconds)
            await self.deal(table_id, time.time() + 1.0)
        finally:
            if self._shuffles.get(table_id) is asyncio.current_task():
                del self._shuffles[table_id]

    async def deal(self, table_id: str, late_before: float) -> None:
        """Deal a shuffling table if it is due (:meth:`Storage.deal`), then start its game
        here: the new deal's state, its bots and timers, every watcher's view."""
        try:
            await self.db(self.storage.deal, table_id, late_before)
        except Exception:
            log.exception("the deal of table %s failed; the sweep tries again", table_id)
            return
        t = self.tables.get(table_id)
        if t is None:
            row = await self.db(self.storage.get_table, table_id)
            if row is not None and row.status == "playing":
                await self.get(table_id)  # its bots and timers run from now
            return
        async with t.lock:
            if await self._catch_up(t, seats=True):
                self._after_change(t)
                self.broadcast_presence(t)

    async def _deal_due(self, now: float | None = None) -> None:
        """Deal the shuffling tables no process is dealing (after a restart, say)."""
        now = time.time() if now is None else now
        late = now - self.settings.shuffle_seconds
        for tid in await self.db(self.storage.shuffle_due, late):
            if tid not in self._shuffles:
                await self.deal(tid, late)

    # ------------------------------------------------------------------ bots and timers

    def _schedule_bots(self, t: LiveTable) -> None:
        if t.status != "playing":
            return
        for p in t.core.waiting_bots():
            if p not in t.bot_tasks:
                t.bot_tasks[p] = self.spawn(self._run_bot(t, p))

    async def _run_bot(self, t: LiveTable, p: int) -> None:
        """One bot decision, within ``bot_deadline`` seconds of wall clock. A bot that misses
        the deadline, fails or chooses an illegal option is stood in for by the one rule of
        :func:`caiquan.table.stand_in_option` (as at a terminal table): the game moves."""
        job = t.core.bot_job(p)
        loop = asyncio.get_running_loop()
        option: int | None = None
        pool: ProcessPoolExecutor | None = None
        try:
            if job.spec.search and self.settings.bot_processes > 0:
                pool = self.search_pool
                config = self.library.resolve(t.row.game, t.row.config)
                future = loop.run_in_executor(
                    pool, decide_in_worker,
                    t.row.game, config, t.row.seed, list(job.log), p, str(job.spec),
                )  # fmt: skip
            else:  # the bot reads the job's copy while play goes on
                future = loop.run_in_executor(self.bot_pool, job.run)
            option = await asyncio.wait_for(future, self.settings.bot_deadline)
        except asyncio.CancelledError:
            t.bot_tasks.pop(p, None)
            raise
        except TimeoutError:
            log.warning(
                "bot at table %s seat %d missed the %gs deadline; the table stands in",
                t.id, p, self.settings.bot_deadline,
            )  # fmt: skip
            if pool is not None:
                self._recycle_search_pool(pool)  # stop the runaway search
        except Exception:
            log.exception("bot at table %s seat %d failed; the table stands in", t.id, p)
        t.bot_tasks.pop(p, None)
        if job.move != t.core.move or t.status != "playing":
            self._schedule_bots(t)
            return
        source = "bot"
        if option is None or t.core.refusal(p, job.move, option, "bot") is not None:
            if option is not None:
                log.warning("bot at table %s seat %d chose %r, not legal now", t.id, p, option)
            self.bot_fallbacks += 1
            option = await loop.run_in_executor(
                self.bot_pool, stand_in_option, t.state.clone(), p, "fallback"
            )
            source = "timeout"
        err = await self.decide(t, p, job.move, option, source)
        if err is not None and err["code"] not in ("finished",):
            self._schedule_bots(t)  # another process moved first: think again

    def _recycle_search_pool(self, pool: ProcessPoolExecutor) -> None:
        """End a pool whose worker overran (its searches on other tables fall back to their
        timeout option); the next search starts a fresh pool."""
        if self._search_pool is pool:
            self._search_pool = None
        procs = list(getattr(pool, "_processes", {}).values())  # no public kill in 3.11
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in procs:
            with contextlib.suppress(Exception):
                proc.kill()

    def _arm_timer(self, t: LiveTable) -> None:
        secs = t.row.turn_seconds if t.status == "playing" else 0
        if t.core.arm(secs, time.time()):
            if t.timer is not None:
                t.timer.cancel()
            t.timer = self.spawn(self._time_out(t, t.core.move, secs))
        elif t.core.deadline is None and t.timer is not None:
            t.timer.cancel()
            t.timer = None

    async def _time_out(self, t: LiveTable, move: int, secs: float) -> None:
        await asyncio.sleep(secs)
        if t.timer is asyncio.current_task():
            t.timer = None  # deciding below re-arms the timer; it must not cancel this task
        if t.status != "playing":
            return
        late = t.core.due(move)
        snapshot = t.state.clone()
        loop = asyncio.get_running_loop()
        for p in late:
            option = await loop.run_in_executor(
                self.bot_pool, stand_in_option, snapshot, p, "timeout"
            )
            if await self.decide(t, p, move, option, "timeout") is None:
                self.tell_timeout(t, p, move, snapshot, option)

    def tell_timeout(self, t: LiveTable, p: int, move: int, before: State, option: int) -> None:
        """Say that the turn timer decided for seat ``p``: its own connections learn which
        option the table played, the others only that it played (a face-down choice stays
        face down)."""
        choice = next((c for c in before.decision(p).choices if c.id == option), None)
        names = self.seat_names(t)
        own = protocol.timeout_frame(t.id, p, move, names, choice)
        others = protocol.timeout_frame(t.id, p, move, names, None)
        for c in list(t.conns):
            if not c.closed:
                c.send(own if c.seat == p else others)


#: What a finished record's ``meta["fair"]`` keeps (its seed is the record's own).
FAIR_META = ("protocol", "commitment", "nonce", "content", "contributions")
FAIR_META_V1 = ("protocol", "commitment", "nonce")


def chat_frame(table: str, seat: int | None, name: str, text: str, at: float) -> dict[str, Any]:
    return {"type": "chat", "table": table, "seat": seat, "name": name, "text": text, "at": at}


def _with_record(row: TableRow, record: str) -> TableRow:
    return replace(row, record=record, status="finished")
