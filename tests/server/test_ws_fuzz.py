"""A hypothesis fuzz of the WebSocket endpoint (the "server hardening" acceptance).

Four tables — goofspiel, promise, drama (4 seats), legends (3 seats) — with human seats only,
one spectator each, and one connection that never gets past ``hello`` (the *lurker*), receive
more than 10,000 frames chosen by hypothesis: legal decides (so games are played to their end;
a finished table is checked and replaced by a new one), bad decides, chat, pings, hellos and
junk. Every frame is followed by a ping/pong barrier on its sender (whose answers are then all
in; a client reads the broadcasts it was sent before it decides), and then checked:

* no ``internal`` error, every error code is documented, no traceback, one error at most;
* every frame is answered (its pong, its error, or the state/chat/welcome it caused);
* no connection closes (with the test's high rate limits no documented close applies);
* the table's action log grows by one for a legal decide, which must be accepted, and by
  nothing for any other frame; the version moves only with an accepted decide.

At the end of each table: the stored action log is exactly the accepted decides, every frame
each client received is its own view of the true history (``check_secrecy``), and the server
logged no ERROR. The run prints one summary line (``pytest -s`` shows it).

Reproducible: hypothesis is derandomized (its draws never depend on the server's state) and
the tables' seeds come from a fixed RNG, so a run sends the same frames to the same games
every time (11,158 frames). A failure names the frame that caused it and the frames before it.
"""

from __future__ import annotations

import json
import logging
import random
import secrets
import time
import traceback
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import caiquan
from caiquan.games import load_game
from caiquan.server import create_app, protocol
from caiquan.server.hub import Hub

from .conftest import make_settings
from .helpers import Client, Timeout, check_secrecy, create, history, join
from .registry import close_all

#: The games and their options (legends with 3 players; the others at their defaults).
GAMES: dict[str, dict[str, Any]] = {
    "legends": {"players": 3},
    "drama": {},
    "promise": {},
    "goofspiel": {},
}
STEPS = 50  # fuzzed frames per hypothesis example
EXAMPLES = 190  # hypothesis cuts some examples short: 11,158 frames (asserted ≥ 10,000)
MIN_FRAMES = 10_000
LIMIT = 4096  # the server's max_frame_bytes (the default)
SERVER_TYPES = {"welcome", "state", "event", "presence", "chat", "pong", "error"}
KNOWN_TYPES = {"hello", "decide", "chat", "ping"}
MISSING: Any = object()  # a field left out

#: Who sends what, in percent: a seated player (legal decides: about 30 % of all frames, so
#: games are played to their end), the spectator, and the connection that never gets past
#: hello (the lurker).
MIX = [
    *[("seat", k) for k, n in [("bad_decide", 7), ("valid", 32), ("chat", 8), ("ping", 4),
                               ("hello", 3), ("junk", 10)] for _ in range(n)],
    *[("spectator", k) for k, n in [("bad_decide", 4), ("chat", 4), ("ping", 3), ("hello", 2),
                                    ("junk", 7)] for _ in range(n)],
    *[("lurker", k) for k, n in [("bad_decide", 3), ("chat", 2), ("ping", 2), ("hello", 5),
                                 ("junk", 4)] for _ in range(n)],
]  # fmt: skip

# ---------------------------------------------------------------------- strategies

EMOJI = "😀👍🏽‍♀️🇨🇳🀄石头剪刀布\u200d\ufe0f"
SPACES = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2009\u2028\u2029\u202f\u3000"
CHARS = st.one_of(
    st.characters(),  # any code point but a surrogate
    st.characters(codec="ascii"),
    st.characters(categories=["Cs"]),  # lone surrogates: sent as "\ud800" escapes
    st.characters(categories=["Cc", "Cf", "Zs", "Zl", "Zp", "Mn"]),  # NUL, controls, spaces…
    st.sampled_from(EMOJI + '\ufeff\ufffd\U0010ffff"\\/'),
)
TEXT = st.text(CHARS, max_size=24)
#: Text a legal decide may carry in an extra field (no NUL, no lone surrogate).
CLEAN = st.text(st.characters(exclude_characters="\x00", exclude_categories=["Cs"]), max_size=12)
HUGE = st.sampled_from(
    [2**31, 2**53 + 1, 2**63, 2**64, 2**80, -(2**80), 10**39, 10**40, 10**41, 10**100, -1]
)
INTS = st.one_of(st.integers(), HUGE)
SCALARS = st.one_of(st.none(), st.booleans(), INTS, st.floats(), TEXT)
KEYS = st.text(CHARS, max_size=6)
# JSON values two levels deep at most: deep nesting is a junk frame of its own (and a
# recursive strategy costs hypothesis three times the time, which is the fuzz's budget)
LISTS = st.lists(st.one_of(SCALARS, st.lists(SCALARS, max_size=2)), max_size=3)
OBJECTS = st.dictionaries(KEYS, SCALARS, max_size=2)
JSON = st.one_of(SCALARS, LISTS, OBJECTS)
#: JSON values that are not of one type (strategies rather than filters: filters are slow).
NOT_INT = st.one_of(st.none(), st.booleans(), st.floats(), TEXT, LISTS, OBJECTS)
NOT_STR = st.one_of(st.none(), st.booleans(), INTS, st.floats(), LISTS, OBJECTS)
NOT_OBJECT = st.one_of(SCALARS, LISTS)
#: One step: the table, who sends what, and a number that picks the seat and the option.
STEP = st.tuples(
    st.sampled_from([(game, mix) for game in GAMES for mix in MIX]), st.integers(0, 2**16 - 1)
)
#: Extra fields a legal decide may carry (no NUL, no lone surrogate: it stays legal).
EXTRAS = st.dictionaries(
    st.sampled_from(["id", "note", "seat", "table", "x"]),
    st.one_of(st.none(), st.booleans(), st.integers(), CLEAN),
    min_size=1,
    max_size=2,
)
PROTOCOLS = st.one_of(
    st.just(MISSING),
    st.sampled_from([1, 1.0, True, 0, 2, -1, 99, "1", "v1", None, 2**80, 1.5, [1], {"v": 1}]),
    JSON,
)
#: Nesting depths: anywhere up to the frame limit, densely around the parser's recursion
#: limit, and one far past the size limit (10,000 levels).
DEPTHS = st.one_of(st.integers(1, 2040), st.integers(880, 1010), st.just(10_000))
JUNK = [
    "non_object", "truncated", "garbage", "latin1", "binary", "binary_big", "too_large",
    "size_boundary", "nested", "nested_dicts", "nested_field", "nan_inf", "unknown_type",
    "missing_type", "dup_keys", "empty", "bom", "trailing", "spaces", "escaped",
]  # fmt: skip
#: Bad decides: ``not_your_turn`` (from a seat not to move) and ``as_a_seat`` (a decide that
#: is legal for the seat to move, sent by the spectator or the lurker) have stand-ins when
#: they do not apply.
BAD_DECIDES = [
    "stale", "future", "illegal", "version_type", "option_type", "missing_version",
    "missing_option", "missing_both", "not_your_turn", "as_a_seat", "as_a_seat",
]  # fmt: skip
CHATS = [
    "text", "text", "emoji", "spaces", "empty", "long", "boundary", "nul", "surrogate",
    "wrong_type", "missing",
]  # fmt: skip
#: Hello tokens: this seat's, another seat's, another table's, made up, of another type…
TOKENS = [
    "own", "other_seat", "other_table", "text", "empty", "long", "wrong_type", "missing", "null",
]  # fmt: skip
NAN_INF = ["NaN", "Infinity", "-Infinity", "1e400", "-0.0", "1.0E0", "-1e-400"]


def pick(data: st.DataObject, items: list[Any], label: str) -> Any:
    """One of ``items``, which depend on the game's state. Hypothesis needs every draw to
    have the same bounds whatever the state (its choice tree must not depend on the outside
    world), so the draw is a fixed-range index reduced modulo the length."""
    return items[data.draw(st.integers(0, 255), label=label) % len(items)]


def utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def encode(data: st.DataObject, frame: Any) -> str:
    """JSON text as a client sends it: UTF-8 as it is, or ASCII with ``\\u`` escapes (the only
    way a lone surrogate or a control character can cross the wire)."""
    raw = json.dumps(frame, ensure_ascii=False)
    if raw.isascii():
        return raw
    if not utf8(raw) or data.draw(st.booleans(), label="ascii"):
        raw = json.dumps(frame)
    return raw


@dataclass
class Frame:
    kind: str  # valid, bad_decide, chat, ping, hello, junk
    sub: str  # the variant
    raw: str | bytes
    option: int | None = None  # a legal decide's option


@dataclass
class Run:
    """One table being fuzzed."""

    game: str
    table: str
    invite: str
    tokens: list[str]
    seats: list[Client]
    spectator: Client | None = None
    lurker: Client | None = None
    accepted: list[tuple[int, int]] = field(default_factory=list)

    @property
    def listeners(self) -> list[Client]:
        return [*self.seats, *([self.spectator] if self.spectator else [])]

    @property
    def clients(self) -> list[Client]:
        return [*self.listeners, *([self.lurker] if self.lurker else [])]


class SeededSecrets:
    """The API module's ``secrets`` with table seeds from a fixed RNG, so the fuzz plays the
    same games on every run; tokens, ids and invites stay from ``secrets``."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


# ---------------------------------------------------------------------- the fuzzer


class Fuzz:
    def __init__(self, http: TestClient, caplog: pytest.LogCaptureFixture) -> None:
        self.http = http
        self.caplog = caplog
        self.hub: Hub = http.app.state.hub  # type: ignore[attr-defined]
        self.runs: dict[str, Run] = {}
        self.trace: deque[str] = deque(maxlen=25)
        self.syncs = 0
        self.frames = 0  # fuzzed frames
        self.scripted = 0  # hellos, decides at waiting and finished tables (not fuzzed)
        self.by_game: Counter[str] = Counter()
        self.by_kind: Counter[str] = Counter()
        self.by_sub: Counter[str] = Counter()
        self.by_who: Counter[str] = Counter()
        self.codes: Counter[str] = Counter()
        self.accepted = 0
        self.chats = 0
        self.finished: Counter[str] = Counter()
        self.tables = 0
        self.checked = 0  # frames check_secrecy went through
        self.closes = 0
        self.wire = 0.0  # seconds spent sending frames and reading the answers
        #: Broadcasts each client was sent and has not read yet (it reads them before it
        #: decides, with its next frame, or when they pile up).
        self.unread: Counter[Client] = Counter()
        self.failure: str | None = None  # the first failure (see step)

    # ------------------------------------------------------------------ plumbing

    def tail(self) -> str:
        return "\nlast frames (game who kind/variant frame -> answer):\n  " + "\n  ".join(
            self.trace
        )

    def fail(self, what: str) -> None:
        raise AssertionError(what + self.tail())

    def barrier(self, c: Client) -> list[dict[str, Any]]:
        """Read everything ``c`` was sent before now; returns it (without the pong)."""
        mark = len(c.frames)
        self.syncs += 1
        tag = f"sync:{self.syncs}"
        c.ws.send_text(json.dumps({"type": "ping", "id": tag}))
        try:
            c.until(lambda f: f["type"] == "pong" and f["id"] == tag, timeout=30)
        except ConnectionError as err:
            self.closes += 1
            self.fail(f"a connection was dropped ({err}) at table {c.table}")
        except Timeout as err:
            self.fail(f"no pong from table {c.table}: {err}")
        self.unread.pop(c, None)
        return c.frames[mark:-1]

    def table(self, run: Run) -> Any:
        return self.hub.tables[run.table]

    def new_table(self, game: str) -> Run:
        options = GAMES[game]
        n = load_game(game, options).num_players
        created = create(
            self.http, game, [{"kind": "human"}] * n, options=options, listed=False,
            player_name="p0",
        )  # fmt: skip
        table, invite = created["table"], created["invite"]
        first = Client(self.http, table, created["joined"]["token"])
        assert first.hello()["type"] == "welcome"
        run = Run(game, table, invite, [created["joined"]["token"]], [first])
        self.scripted += 1
        # the table waits for its players: a decide is refused as `waiting`
        waiting = Frame("bad_decide", "waiting", '{"type":"decide","version":0,"option":0}')
        self.send(run, first, "seat", waiting, expect="waiting")
        for i in range(1, n):
            run.tokens.append(join(self.http, table, invite=invite, name=f"p{i}")["token"])
            run.seats.append(Client(self.http, table, run.tokens[-1]))
            assert run.seats[-1].hello()["type"] == "welcome"
        run.spectator = Client(self.http, table)
        assert run.spectator.hello(token=None)["seat"] is None
        run.lurker = Client(self.http, table)
        self.scripted += n
        for c in run.clients:
            self.barrier(c)
        assert any(c.state and c.state["decision"] for c in run.seats), "nobody to move"
        self.tables += 1
        return run

    def send(self, run: Run, c: Client, who: str, frame: Frame, expect: str | None = None) -> None:
        started = time.perf_counter()
        t = self.table(run)
        log0, v0 = len(t.core.log), t.state.move_number
        raw = frame.raw
        shown = repr(raw[:160]) if len(raw) <= 160 else f"{raw[:120]!r}…({len(raw)} long)"
        self.trace.append(f"{run.game} {who} {frame.kind}/{frame.sub} {shown}")
        mark = len(c.frames)
        behind = self.unread[c] > 0  # broadcasts not read yet come before the answers
        if isinstance(raw, bytes):
            c.ws.send_bytes(raw)
        else:
            c.ws.send_text(raw)
        self.barrier(c)
        self.wire += time.perf_counter() - started
        seat = run.seats.index(c) if c in run.seats else None
        replies = c.frames[mark:-1]
        if behind:  # the broadcasts it had not read: state, event, presence, others' chat
            assert frame.kind != "valid"
            replies = [
                f
                for f in replies
                if f["type"] not in ("state", "event", "presence")
                and (f["type"] != "chat" or f["seat"] == seat)
            ]
        self.trace[-1] += " -> " + ", ".join(
            f"error:{f['code']}" if f["type"] == "error" else f["type"] for f in replies
        )
        if expect is None:
            self.frames += 1
            self.by_game[run.game] += 1
            self.by_kind[frame.kind] += 1
            self.by_sub[f"{frame.kind}/{frame.sub}"] += 1
            self.by_who[who] += 1

        # 1. errors: documented codes, never `internal`, no traceback, one per frame
        errors = [f for f in replies if f["type"] == "error"]
        for e in errors:
            self.codes[e["code"]] += 1
            if e["code"] not in protocol.ERRORS or e["code"] == "internal":
                self.fail(f"error frame {e}")
            if "Traceback" in str(e.get("message")):
                self.fail(f"a traceback reached a client: {e}")
        if len(errors) > 1:
            self.fail(f"one frame, {len(errors)} errors: {errors}")
        if expect is not None and [e["code"] for e in errors] != [expect]:
            self.fail(f"expected {expect}, got {replies}")
        # 2. every frame is answered, with frames of the protocol
        if not replies:
            self.fail("a frame got no answer")
        for f in replies:
            if f["type"] not in SERVER_TYPES:
                self.fail(f"unknown frame type from the server: {f}")
        if who == "lurker" and any(f["type"] == "welcome" for f in replies):
            self.fail("the lurker joined (a test bug: it must never send a good hello)")
        # 3. the table changes by legal decides only
        log1, v1 = len(t.core.log), t.state.move_number
        grew = log1 - log0
        if frame.kind == "valid":
            if grew != 1 or errors:
                self.fail(f"a legal decide was not accepted: {errors or replies}")
            if t.core.log[-1] != (seat, frame.option):
                self.fail(f"the table logged {t.core.log[-1]}, not {(seat, frame.option)}")
            if not any(f["type"] == "state" and f["version"] == v1 for f in replies):
                self.fail("the decider did not hear back with the new state")
            assert seat is not None and frame.option is not None
            run.accepted.append((seat, frame.option))
            self.accepted += 1
        elif grew != 0:
            self.fail(f"a frame that is not a legal decide changed the table: {t.core.log[log0:]}")
        if v1 != v0 and grew != 1:
            self.fail(f"the version moved from {v0} to {v1} without a decision")
        chats = [f for f in replies if f["type"] == "chat"]
        if chats:
            self.chats += 1
            if who != "seat" or [f["seat"] for f in chats] != [seat]:
                self.fail(f"a chat line from {who} was delivered: {chats}")
        if grew or chats:  # a broadcast: the others read it later (before they decide)
            for other in run.listeners:
                if other is not c:
                    self.unread[other] += 1
                    if self.unread[other] > 100:  # far from the server's send queue (512)
                        self.barrier(other)
        if grew and t.status == "finished":
            self.finish(run)

    def finish(self, run: Run) -> None:
        # the game is over: a decide (at the last version) is refused as `finished`
        last = self.table(run).state.move_number
        over = Frame("bad_decide", "finished", f'{{"type":"decide","version":{last},"option":0}}')
        self.scripted += 1
        self.send(run, run.seats[0], "seat", over, expect="finished")
        self.end(run)
        self.finished[run.game] += 1
        self.runs[run.game] = self.new_table(run.game)

    def end(self, run: Run) -> None:
        """The checks at the end of a table (finished or not), then close its clients."""
        for c in run.clients:
            self.barrier(c)
        t = self.table(run)
        actions = self.hub.storage.actions(run.table)
        stored = [(a.player, a.option, a.source) for a in actions]
        if stored != [(s, o, "human") for s, o in run.accepted] or t.core.log != run.accepted:
            self.fail(f"the action log {stored} is not the accepted decides {run.accepted}")
        desc = self.http.get(f"/api/tables/{run.table}").json()
        assert desc["version"] == t.state.move_number, desc
        states = history(t.row.game, t.row.config, t.row.seed, actions)
        assert states[-1] == t.state
        hidden = [*run.tokens, run.invite, str(t.row.seed), str(t.row.nonce)]
        for c in run.listeners:
            self.checked += check_secrecy(c, states, hidden)
        assert run.lurker is not None
        for text in run.lurker.raw:
            assert not any(s in text for s in hidden), f"a secret leaked to the lurker: {text}"
        assert {f["type"] for f in run.lurker.frames} <= {"error", "pong"}
        record = self.http.get(f"/api/tables/{run.table}/record")
        if t.status == "finished":
            assert record.status_code == 200, record.text
            assert caiquan.replay(record.text) == t.state
        else:
            assert record.status_code == 409, record.text
        for c in run.clients:
            c.close()
            self.unread.pop(c, None)

    def logged_errors(self) -> list[logging.LogRecord]:
        return [
            r
            for r in self.caplog.records
            if r.name.startswith("caiquan.server") and r.levelno >= logging.ERROR
        ]

    # ------------------------------------------------------------------ one fuzzed frame

    def step(self, data: st.DataObject) -> None:
        try:
            self._step(data)
        except Exception as err:
            # Hypothesis replays a failing example to report it, but the server has moved on
            # since: the replay may fail elsewhere (or not at all) and hypothesis then reports
            # that instead. The first failure is kept for the test to raise.
            if self.failure is None:
                where = traceback.extract_tb(err.__traceback__)[-1]
                text = f"{type(err).__name__} at {where.name}: {where.line}: {err}"
                self.failure = text if "last frames" in text else text + self.tail()
            raise

    def _step(self, data: st.DataObject) -> None:
        # one draw for the table, the sender, the kind of frame and (by index) the seat and
        # the option: hypothesis spends its time per draw
        (game, (who, kind)), n = data.draw(STEP, label="step")
        i, j = n % 256, n // 256
        run = self.runs[game]
        if who == "seat":
            movers = [run.seats[p] for p in self.table(run).state.to_move()]
            assert movers, "a table in play has a seat to move"
            choices = movers if kind == "valid" else run.seats
            c = choices[i % len(choices)]
            if kind == "valid" and self.unread[c]:
                self.barrier(c)  # its view is now the server's (it decides on it)
        else:
            c = run.spectator if who == "spectator" else run.lurker
        assert c is not None
        if kind == "valid":
            frame = self.valid_decide(data, c, j)
        elif kind == "bad_decide":
            frame = self.bad_decide(data, run, c, who)
        elif kind == "chat":
            frame = self.chat(data)
        elif kind == "ping":
            frame = self.ping(data)
        elif kind == "hello":
            frame = self.hello(data, run, c, who)
        else:
            frame = self.junk(data, run, who)
        self.send(run, c, who, frame)

    def valid_decide(self, data: st.DataObject, c: Client, j: int) -> Frame:
        assert c.state is not None and c.state["decision"] is not None, "no decision sent"
        options = [o["id"] for o in c.state["decision"]["options"]]
        option = options[j % len(options)]
        extra = data.draw(EXTRAS, label="extra") if j >= 192 else {}
        frame = {**extra, "type": "decide", "version": c.state["version"], "option": option}
        return Frame("valid", "extra" if extra else "plain", encode(data, frame), option)

    def bad_decide(self, data: st.DataObject, run: Run, c: Client, who: str) -> Frame:
        # the current version and the options of the sender (if it is to move) or of a seat
        # to move, from the server (the sender may not have read the last state yet)
        state = self.table(run).state
        seat = run.seats.index(c) if c in run.seats else None
        mover = seat if seat in state.to_move() else None
        v = state.move_number
        legal = list(state.legal(state.to_move()[0] if mover is None else mover))
        sub = data.draw(st.sampled_from(BAD_DECIDES), label="sub")
        option: Any = pick(data, legal, "option")
        version: Any = v
        # (what is drawn must not depend on the game's state, so the stand-ins draw nothing)
        if sub == "not_your_turn" and mover is not None:
            sub, version = "stale_1", v - 1  # this seat is to move: a version behind
        elif sub == "as_a_seat" and who == "seat":
            sub, version = "future_1", v + 1  # it would be legal: a version ahead
        elif sub == "stale":
            version = v - data.draw(st.integers(1, 5), label="behind")
        elif sub == "future":
            version = v + data.draw(st.sampled_from([1, 2, 3, 2**63, 2**80, 10**100]))
        elif sub == "illegal":
            option = data.draw(st.one_of(st.integers(), HUGE), label="illegal")
            while option in legal:
                option += 1000
        elif sub == "version_type":
            version = data.draw(NOT_INT, label="version")
        elif sub == "option_type":
            option = data.draw(NOT_INT, label="option")
        frame = {"type": "decide", "version": version, "option": option}
        if sub in ("missing_version", "missing_both"):
            del frame["version"]
        if sub in ("missing_option", "missing_both"):
            del frame["option"]
        return Frame("bad_decide", sub, encode(data, frame))

    def chat(self, data: st.DataObject) -> Frame:
        sub = data.draw(st.sampled_from(CHATS), label="sub")
        text: Any = MISSING
        if sub == "text":
            text = data.draw(TEXT, label="text")
        elif sub == "emoji":
            text = data.draw(st.text(st.sampled_from(EMOJI), min_size=1, max_size=12))
        elif sub == "spaces":
            text = data.draw(st.text(st.sampled_from(SPACES), min_size=1, max_size=8))
        elif sub == "empty":
            text = ""
        elif sub == "long":
            base = data.draw(st.text(CHARS, min_size=1, max_size=6), label="base")
            text = base * (301 // len(base) + 1 + data.draw(st.integers(0, 80), label="more"))
        elif sub == "boundary":
            text = data.draw(
                st.sampled_from(["x" * 300, "x" * 301, " " + "x" * 300 + "\n", "石" * 300,
                                 "😀" * 300, "😀" * 301, "e\u0301" * 150, "e\u0301" * 151]),
            )  # fmt: skip
        elif sub in ("nul", "surrogate"):
            a, b = data.draw(TEXT, label="a"), data.draw(TEXT, label="b")
            bad = "\x00" if sub == "nul" else chr(data.draw(st.integers(0xD800, 0xDFFF)))
            text = a + bad + b
        elif sub == "wrong_type":
            text = data.draw(NOT_STR, label="text")
        frame: dict[str, Any] = {"type": "chat"}
        if text is not MISSING:
            frame["text"] = text
        return Frame("chat", sub, encode(data, frame))

    def ping(self, data: st.DataObject) -> Frame:
        sub = data.draw(st.sampled_from(["json", "text", "length", "missing"]), label="sub")
        ident: Any = MISSING
        if sub == "json":
            ident = data.draw(JSON, label="id")
        elif sub == "text":
            ident = data.draw(st.text(CHARS, max_size=60), label="id")
        elif sub == "length":  # around the 40 characters a pong echoes
            ident = "i" * data.draw(st.integers(38, 42), label="n")
        if isinstance(ident, str) and ident.startswith("sync:"):
            ident = "x" + ident  # the barrier's own ids
        frame: dict[str, Any] = {"type": "ping"}
        if ident is not MISSING:
            frame["id"] = ident
        if data.draw(st.booleans(), label="extra"):
            frame["extra"] = data.draw(JSON, label="extra_value")
        return Frame("ping", sub, encode(data, frame))

    def hello(self, data: st.DataObject, run: Run, c: Client, who: str) -> Frame:
        proto = data.draw(PROTOCOLS, label="protocol")
        sub = data.draw(st.sampled_from(TOKENS), label="token")
        accepted = proto is MISSING or (type(proto) in (int, float, bool) and proto == 1)
        if who == "lurker" and accepted and sub in ("own", "other_seat", "missing", "null"):
            sub = "text"  # the lurker must never join: a good protocol gets a bad token
        token: Any = MISSING
        if sub == "own":
            token = c.token or run.tokens[0]
        elif sub == "other_seat":
            token = pick(data, run.tokens, "seat")
        elif sub == "other_table":
            others = [r.tokens[0] for r in self.runs.values() if r.table != run.table]
            token = pick(data, others or [run.tokens[0][::-1]], "table")
        elif sub == "text":
            token = "t" + data.draw(TEXT, label="token")
        elif sub == "empty":
            token = ""
        elif sub == "long":
            token = "t" * data.draw(st.integers(199, 260), label="n")
        elif sub == "wrong_type":
            token = data.draw(NOT_STR.filter(lambda x: x is not None))
        elif sub == "null":
            token = None
        frame: dict[str, Any] = {"type": "hello"}
        if proto is not MISSING:
            frame["protocol"] = proto
        if token is not MISSING:
            frame["token"] = token
        return Frame("hello", sub, encode(data, frame))

    def junk(self, data: st.DataObject, run: Run, who: str) -> Frame:
        sub = data.draw(st.sampled_from(JUNK), label="sub")
        raw: str | bytes
        if sub == "non_object":
            raw = encode(data, data.draw(NOT_OBJECT))
        elif sub == "truncated":
            whole = encode(
                data,
                data.draw(
                    st.sampled_from(
                        [{"type": "decide", "version": 0, "option": 0},
                         {"type": "chat", "text": "我出石头 😀"},
                         {"type": "hello", "protocol": 1, "token": run.tokens[-1]},
                         {"type": "ping", "id": [1, {"a": None}]}]
                    )
                ),
            )  # fmt: skip
            raw = whole[: data.draw(st.integers(0, len(whole) - 1), label="cut")]
        elif sub == "garbage":
            raw = data.draw(st.text(st.characters(), max_size=60), label="garbage")
        elif sub == "latin1":
            raw = data.draw(st.binary(max_size=60), label="bytes").decode("latin-1")
        elif sub == "binary":
            raw = data.draw(st.binary(max_size=64), label="bytes")
        elif sub == "binary_big":
            raw = b"\x00\xff" * (data.draw(st.integers(LIMIT + 1, 20_000), label="n") // 2 + 1)
        elif sub == "too_large":
            n = data.draw(st.integers(LIMIT + 1, 60_000), label="n")
            raw = '{"type":"chat","text":"' + "x" * n + '"}'
        elif sub == "size_boundary":  # a frame of about 4 KiB, in characters of 1 to 4 bytes
            ch = data.draw(st.sampled_from(["x", "é", "石", "😀"]), label="char")
            size = LIMIT + data.draw(st.integers(-40, 40), label="delta")
            prefix, suffix = '{"type":"ping","id":"', '"}'
            n = (size - len(prefix) - len(suffix)) // len(ch.encode())
            raw = prefix + ch * n + suffix
        elif sub == "nested":
            d = data.draw(DEPTHS, label="depth")
            raw = "[" * d + "]" * d
        elif sub == "nested_dicts":
            d = data.draw(st.integers(1, 900), label="depth")
            raw = '{"a":' * d + "0" + "}" * d
        elif sub == "nested_field":
            where = data.draw(
                st.sampled_from(["type", "id", "text", "version", "option", "token", "protocol"]),
                label="field",
            )
            d = data.draw(DEPTHS, label="depth")
            nest = "[" * d + "]" * d
            if data.draw(st.booleans(), label="dicts"):
                d = min(d, 900)
                nest = '{"a":' * d + "[]" + "}" * d
            raw = {
                "type": '{"type":%s}',
                "id": '{"type":"ping","id":%s}',
                "text": '{"type":"chat","text":%s}',
                "version": '{"type":"decide","version":%s,"option":0}',
                "option": '{"type":"decide","version":0,"option":%s}',
                "token": '{"type":"hello","protocol":1,"token":%s}',
                "protocol": '{"type":"hello","protocol":%s,"token":"no"}',
            }[where] % nest
        elif sub == "nan_inf":
            lit = data.draw(st.sampled_from(NAN_INF), label="literal")
            raw = data.draw(
                st.sampled_from(
                    ['{"type":"ping","id":%s}', '{"type":"decide","version":%s,"option":%s}',
                     '{"type":"decide","version":0,"option":%s}', '{"type":"chat","text":%s}',
                     '{"type":"chat","text":"nan","n":%s}', '{"type":%s}',
                     '{"type":"hello","protocol":%s,"token":"nan"}', "%s"]
                ),
                label="template",
            ).replace("%s", lit)  # fmt: skip
        elif sub == "unknown_type":
            kind = data.draw(
                st.one_of(TEXT.filter(lambda k: k not in KNOWN_TYPES), NOT_INT, st.integers()),
                label="type",
            )
            frame = {"type": kind, **data.draw(st.dictionaries(TEXT, JSON, max_size=2))}
            frame["type"] = kind
            raw = encode(data, frame)
        elif sub == "missing_type":
            frame = data.draw(st.dictionaries(TEXT, JSON, max_size=3), label="frame")
            frame.pop("type", None)
            raw = encode(data, frame)
        elif sub == "dup_keys":
            raw = data.draw(
                st.sampled_from(
                    ['{"type":"chat","type":"ping","id":"dup"}',
                     '{"type":"decide","version":0,"option":0,"version":"0"}',
                     '{"type":"decide","version":0,"option":0,"option":null}',
                     '{"type":"hello","type":"fly"}', '{"type":"ping","id":1,"id":[]}']
                ),
                label="raw",
            )  # fmt: skip
        elif sub == "empty":
            raw = data.draw(st.sampled_from(["", " ", "\n", "\x00", "null", "{}", "[]"]))
        elif sub == "bom":
            raw = '\ufeff{"type":"ping","id":"bom"}'
        elif sub == "trailing":
            raw = '{"type":"ping","id":"t"}' + data.draw(st.sampled_from(["x", "}", " {}", "\x00"]))
        elif sub == "spaces":
            raw = ' \n\t{ "type" : "ping" , "id" : "spaces" }\r\n '
        else:  # escaped: a known type spelled with escapes
            raw = data.draw(
                st.sampled_from(
                    ['{"type":"\\u0070ing","id":"esc"}', '{"\\u0074ype":"ping"}',
                     '{"type":"ping\\u0000"}', '{"type":"ping","\\udfff":1}',
                     '{"type":"chat","text":"\\ud83d\\ude00 ok"}',
                     '{"type":"chat","text":"\\ude00"}']
                ),
                label="raw",
            )  # fmt: skip
        return Frame("junk", sub, raw)

    # ------------------------------------------------------------------ the summary

    def summary(self, seconds: float) -> str:
        kinds = ", ".join(f"{k} {n}" for k, n in self.by_kind.most_common())
        games = ", ".join(f"{g} {self.by_game[g]}" for g in GAMES)
        codes = ", ".join(f"{k} {n}" for k, n in sorted(self.codes.items()))
        done = ", ".join(f"{g} {self.finished[g]}" for g in GAMES)
        return (
            f"ws fuzz: {self.frames} frames in {seconds:.1f} s ({self.wire:.1f} s on the wire) "
            f"(+{self.scripted} scripted frames, {self.syncs} barrier pings); by game: {games}; "
            f"by kind: {kinds}; "
            f"from spectators {self.by_who['spectator']}, from connections without hello "
            f"{self.by_who['lurker']}; error frames: {codes}; decisions accepted "
            f"{self.accepted}; chat lines delivered {self.chats}; games finished: {done} "
            f"({self.tables} tables); frames secrecy-checked {self.checked}; internal errors "
            f"{self.codes['internal']}; dropped connections {self.closes}; server ERROR logs "
            f"{len(self.logged_errors())}"
        )


def test_websocket_fuzz(
    sqlite_url: str, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from caiquan.server import api

    if hasattr(api, "secrets"):
        monkeypatch.setattr(api, "secrets", SeededSecrets(20_26))
    caplog.set_level(logging.WARNING, logger="caiquan.server")
    t0 = time.perf_counter()
    # the test's rates are high (frames 10,000/s; chat too, so every chat line is stored and
    # broadcast rather than rate-limited); no hello timeout during the run
    app = create_app(
        make_settings(sqlite_url, chat_rate=10_000.0, chat_burst=10_000.0, hello_timeout=3600.0)
    )
    with TestClient(app) as http:
        fuzz = Fuzz(http, caplog)
        try:
            for game in GAMES:
                fuzz.runs[game] = fuzz.new_table(game)

            @settings(
                max_examples=EXAMPLES,
                deadline=None,
                derandomize=True,
                database=None,
                phases=[Phase.generate],  # no shrinking: the server's state carries over
                suppress_health_check=list(HealthCheck),
                report_multiple_bugs=False,
                print_blob=False,
            )
            @given(st.data())
            def fuzz_frames(data: st.DataObject) -> None:
                for _ in range(STEPS):
                    fuzz.step(data)
                logged = fuzz.logged_errors()
                assert not logged, [r.getMessage() for r in logged] + [fuzz.tail()]

            try:
                fuzz_frames()
            except BaseException as err:
                if fuzz.failure is not None:
                    raise AssertionError(fuzz.failure) from err
                raise
            for run in fuzz.runs.values():
                fuzz.end(run)
        finally:
            close_all()
            print(fuzz.summary(time.perf_counter() - t0))
            print(
                "ws fuzz variants:", ", ".join(f"{k} {n}" for k, n in sorted(fuzz.by_sub.items()))
            )
    assert not fuzz.logged_errors(), [r.getMessage() for r in fuzz.logged_errors()]
    assert fuzz.codes["internal"] == 0 and fuzz.closes == 0
    assert fuzz.frames >= MIN_FRAMES, fuzz.frames
    assert fuzz.by_who["spectator"] >= 300, fuzz.by_who
    assert all(fuzz.by_game[g] >= 1000 for g in GAMES), fuzz.by_game
    assert all(fuzz.finished[g] >= 1 for g in GAMES), fuzz.finished
