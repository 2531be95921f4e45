"""Test clients for the server: an in-process WebSocket player and the secrecy checker."""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

import anyio
from starlette.testclient import TestClient, WebSocketTestSession

from caiquan.engine import State
from caiquan.games import load_game
from caiquan.server import protocol

from .registry import OPEN


class Timeout(AssertionError):
    pass


async def _receive(rx: Any, seconds: float) -> Any:
    with anyio.fail_after(seconds):
        return await rx.receive()


class Client:
    """One WebSocket connection driven from the test thread; keeps every frame it got."""

    def __init__(self, http: TestClient, table: str, token: str | None = None) -> None:
        self.http = http
        self.table = table
        self.token = token
        self.cm = http.websocket_connect(f"/ws/tables/{table}")
        self.ws: WebSocketTestSession = self.cm.__enter__()
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        #: The value this client gave the deal (caiquan.fair/2), if it gave one.
        self.shuffled: str | None = None
        self._ping = 0
        OPEN.append(self)

    def close(self) -> None:
        if self in OPEN:
            OPEN.remove(self)
            self.cm.__exit__(None, None, None)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, frame: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(frame))

    def recv(self, timeout: float = 15.0) -> dict[str, Any]:
        try:
            msg = self.ws.portal.call(_receive, self.ws._send_rx, timeout)
        except TimeoutError:
            raise Timeout(f"no frame within {timeout} s") from None
        if msg["type"] == "websocket.close":
            raise ConnectionError(f"closed: {msg.get('code')}")
        text = msg["text"]
        self.raw.append(text)
        frame = json.loads(text)
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        elif frame["type"] == "event":
            assert frame["from"] == len(self.events), "events must arrive without gaps"
            self.events.extend(frame["events"])
        elif frame["type"] == "error":
            self.errors.append(frame)
        return frame

    def until(self, pred: Any, timeout: float = 15.0) -> dict[str, Any]:
        while True:
            f = self.recv(timeout)
            if pred(f):
                return f

    def hello(self, token: str | bool | None = True, shuffle: bool = True) -> dict[str, Any]:
        """Say hello; as the browser does, a seated client of a table whose players help
        shuffle then gives its random value (``shuffle=False``: it gives none)."""
        frame: dict[str, Any] = {"type": "hello", "protocol": protocol.PROTOCOL}
        tok = self.token if token is True else token
        if tok:
            frame["token"] = tok
        self.send(frame)
        welcome = self.until(lambda f: f["type"] in ("welcome", "error"))
        if welcome["type"] == "welcome":
            self.until(lambda f: f["type"] == "state")
            fair = welcome["table"]["fair"] or {}
            open_ = (fair.get("shuffle") or {}).get("open")
            seat, given = welcome["seat"], set((fair.get("shuffle") or {}).get("given", ()))
            wants = shuffle and open_ and seat is not None and seat not in given
            if wants and self.give(secrets.token_hex(16))["type"] == "shuffled":
                given.add(seat)
            humans = [s for s in welcome["table"]["seats"] if s["kind"] == "human"]
            if open_ and all(s["claimed"] and s["seat"] in given for s in humans):
                self.dealt()  # this value was the last one: the cards are being dealt
        return welcome

    @property
    def shuffling(self) -> bool:
        """The last state frame is of a table whose cards are not dealt yet."""
        return self.state is not None and self.state["observation"] is None

    def dealt(self, timeout: float = 15.0) -> dict[str, Any]:
        """Read until the cards are dealt (the first state frame of the game)."""
        if self.state is not None and not self.shuffling:
            return self.state
        return self.until(lambda f: f["type"] == "state" and f["observation"] is not None, timeout)

    def give(self, value: str) -> dict[str, Any]:
        """Give the deal this seat's value (the ``shuffle`` frame); the answer frame."""
        self.send({"type": "shuffle", "value": value})
        got = self.until(lambda f: f["type"] in ("shuffled", "error"))
        if got["type"] == "shuffled":
            self.shuffled = value
        return got

    def sync(self) -> None:
        """Read everything the server sent before now (a ping/pong barrier)."""
        self._ping += 1
        n = self._ping
        self.send({"type": "ping", "id": n})
        self.until(lambda f: f["type"] == "pong" and f["id"] == n)

    def expect_error(self, frame: dict[str, Any] | str, code: str) -> dict[str, Any]:
        if isinstance(frame, str):
            self.ws.send_text(frame)
        else:
            self.send(frame)
        got = self.until(lambda f: f["type"] == "error")
        assert got["code"] == code, got
        assert "Traceback" not in got["message"]
        return got

    @property
    def must_decide(self) -> bool:
        s = self.state
        return bool(
            s is not None
            and s["decision"] is not None
            and s["observation"].get("my_commit") is None
            and s["status"] == "playing"
        )

    def decide_randomly(self, rng: random.Random) -> int:
        if self.shuffling:
            self.dealt()
        assert self.state is not None and self.state["decision"] is not None
        option = rng.choice(self.state["decision"]["options"])["id"]
        self.send({"type": "decide", "version": self.state["version"], "option": option})
        return option

    @property
    def finished(self) -> bool:
        return self.state is not None and self.state["status"] == "finished"


def hello_all(*clients: Client) -> None:
    """Every client says hello (and gives its value to the deal), then each reads until the
    cards are dealt: the game has begun for all of them."""
    for c in clients:
        c.hello()
    for c in clients:
        c.dealt()


def create(http: TestClient, game: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    r = http.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def join(http: TestClient, table: str, **body: Any) -> dict[str, Any]:
    r = http.post(f"/api/tables/{table}/join", json=body)
    assert r.status_code == 200, r.text
    joined: dict[str, Any] = r.json()
    return joined


def play_out(players: list[Client], rng: random.Random, limit: int = 5000) -> None:
    """Humans pick random options until the game is over (bots play server-side)."""
    for _ in range(limit):
        for c in players:
            c.sync()
        if all(c.finished for c in players):
            return
        moved = False
        for c in players:
            if c.must_decide:
                c.decide_randomly(rng)
                moved = True
        if not moved:
            players[0].recv()  # wait for a bot (or another process) to move
    raise AssertionError("the game did not finish")


# ---------------------------------------------------------------------- secrecy


def history(game: str, config: dict[str, Any], seed: int, actions: list[Any]) -> list[State]:
    """Every state the table went through: after 0, 1, … actions (commits)."""
    state = load_game(game, config).new_state(seed)
    states = [state.clone()]
    for a in actions:
        state.commit(a.player, a.option)
        states.append(state.clone())
    return states


STATE_KEYS = {
    "type", "table", "seat", "version", "status", "observation", "decision", "deadline", "outcome",
}  # fmt: skip


#: What a table's ``fair`` member holds before its game is over (docs/server.md), and what
#: it reveals at the end.
FAIR_KEYS = {"protocol", "commitment", "content", "shuffle"}
FAIR_REVEALED = {"seed", "nonce", "contributions"}


def check_secrecy(client: Client, states: list[State], secrets: list[str]) -> int:
    """Every frame ``client`` got is made of its own view only.

    * each ``state`` frame equals the view of its seat at some state of the true history, in
      order (observation, decision with its options, version, outcome) and has no other keys;
    * the events it received are exactly ``events(seat)`` of the final state, in order;
    * chat, presence, welcome, pong and error frames have only their public keys;
    * no frame contains a token, the invite code or the seed — the seed and the fairness
      nonce only in the ``fair`` member of a finished table's frames (revealed at the end).
    Returns the number of frames checked.
    """
    seat = None
    names = None
    k = 0
    assert len(client.raw) == len(client.frames)
    for text, f in zip(client.raw, client.frames, strict=True):
        # the deal (seed and nonce) is revealed when the game is over, in the fair member of
        # a finished table's frames only; before, that member holds the commitment alone
        holder = f.get("table") if f["type"] == "welcome" else f
        fair = holder.get("fair") if isinstance(holder, dict) else None
        over = isinstance(holder, dict) and holder.get("status") == "finished"
        if fair is not None:
            assert set(fair) == ({*FAIR_KEYS, *FAIR_REVEALED} if over else FAIR_KEYS), fair
        if over and fair is not None:
            assert isinstance(holder, dict)
            hidden = {**holder, "fair": {k: fair[k] for k in FAIR_KEYS}}
            text = json.dumps(hidden if holder is f else {**f, "table": hidden})
        for s in secrets:
            assert s not in text, f"a secret leaked into a frame: {text[:200]}"
    for f in client.frames:
        t = f["type"]
        if t == "welcome":
            seat = f["seat"]
            assert set(f) == {"type", "protocol", "table", "seat"}
            assert set(f["table"]) == {
                "id", "game", "config", "name", "listed", "turn_seconds", "status", "version",
                "seats", "host", "fair", "strength_notes",
            }  # fmt: skip
            for s in f["table"]["seats"]:
                assert set(s) == {"seat", "kind", "bot", "name", "claimed"}
            names = protocol.seat_names(f["table"]["seats"])
        elif t == "state":
            keys = STATE_KEYS | ({"fair"} if f["status"] == "finished" else set())
            assert set(f) == keys, set(f) ^ keys
            assert f["seat"] == seat
            if f["observation"] is None:  # the cards are not dealt yet: nothing to see
                assert f["status"] == "waiting" and f["decision"] is None and k == 0, f
                continue
            f = {k: v for k, v in f.items() if k != "fair"}
            while k < len(states) and not _matches(f, states[k], seat):
                k += 1
            assert k < len(states), f"a state frame matches no view of seat {seat}: {f}"
        elif t == "event":
            assert set(f) == {"type", "from", "events"}
        elif t == "presence":
            assert set(f) == {"type", "table", "seats", "spectators"}
            names = protocol.seat_names(f["seats"])  # seats taken since the welcome
        elif t == "chat":
            assert set(f) == {"type", "table", "seat", "name", "text", "at"}
        elif t == "pong":
            assert set(f) == {"type", "id"}
        elif t == "shuffled":  # this seat's own value, back to the client that gave it
            assert set(f) == {"type", "table", "seat", "value"} and f["seat"] == seat
            assert f["value"] == client.shuffled
        elif t == "timeout":  # what the table played only for the seat it played for
            assert set(f) <= {"type", "table", "seat", "version", "text", "option"}
            assert "option" not in f or f["seat"] == seat
        elif t == "error":
            assert set(f) <= {"type", "code", "message", "version", "legal"}
            if "legal" in f:  # the seat's own legal options only
                assert seat is not None
        else:
            raise AssertionError(f"unexpected frame type {t}")
    final = states[-1]
    bare = [{k: v for k, v in e.items() if k != "text"} for e in client.events]
    assert bare == json.loads(json.dumps(final.events(seat))), "event log differs"
    for e, raw in zip(client.events, final.events(seat), strict=True):  # worded by the game
        # with the seats' names, as the seat chips show them (names change only while the
        # table waits for players, before any event)
        assert names is not None
        want = {lang: final.game.format_event(raw, lang, names[lang]) for lang in ("zh", "en")}
        assert e["text"] == want, (e["text"], want, names)
    return len(client.frames)


def _matches(frame: dict[str, Any], state: State, seat: int | None) -> bool:
    expected = json.loads(
        json.dumps(
            protocol.state_frame(
                state,
                seat,
                table=frame["table"],
                status=frame["status"],
                deadline=frame["deadline"],
            )
        )
    )
    return bool(frame == expected)
