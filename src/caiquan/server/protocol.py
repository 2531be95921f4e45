"""The WebSocket protocol: JSON text frames, one object each, with a ``type`` field.

Version :data:`PROTOCOL` (documented in ``docs/server.md``). Every frame the server builds for
a recipient is made here from that recipient's *view* only — ``state.observation(seat)``,
``state.events(seat)``, ``state.decision(seat)`` — never from the state itself, so what a
client may learn is decided by the engine's observation code alone.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from caiquan.engine import Choice, Decision, Game, State

log = logging.getLogger(__name__)

PROTOCOL = 1

#: Error codes a client can receive (``{"type": "error", "code": …, "message": …}``).
ERRORS = {
    "bad_json": "the frame is not a JSON object",
    "too_large": "the frame is larger than the limit",
    "rate_limited": "too many frames; slow down",
    "bad_frame": "the frame is missing a field or has a wrong type",
    "unknown_type": "no such frame type",
    "protocol": "unsupported protocol version",
    "hello_first": "send a hello frame first",
    "bad_token": "this token holds no seat at this table",
    "spectator": "spectators cannot do this",
    "table_full": "too many connections to this table",
    "waiting": "the table is waiting for players; the game has not started",
    "finished": "the game is over",
    "stale": "the game moved on since the version you saw",
    "not_your_turn": "your seat has nothing to decide now",
    "illegal": "that option is not legal now",
    "conflict": "another server process changed the table; try again",
    "chat_too_long": "the chat message is too long",
    "chat_empty": "the chat message is empty",
    "bad_text": "text must be valid Unicode (no lone surrogates) without NUL characters",
    "too_many_connections": "too many connections from your address; close some first",
    "expired": "this table expired: nobody took its free seats in time",
    "closed": "the game is over and its table has closed; its replay and record stay",
    "busy": "this server holds as many tables as it takes; try again later",
    "shuffle_closed": "nothing to shuffle: the cards are dealt, or this seat gave its value",
    "internal": "something went wrong on the server",
}


def clean(value: Any) -> bool:
    """Whether every string in a parsed JSON value (keys too) is sendable text: encodable as
    UTF-8 (no lone surrogate, which ``\\ud800`` in JSON gives) and without NUL."""
    stack = [value]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if "\x00" in x or not _encodable(x):
                return False
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return True


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def error(code: str, message: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message or ERRORS[code], **extra}


def decision_json(d: Decision) -> dict[str, Any]:
    return {
        "kind": d.kind,
        "simultaneous": d.simultaneous,
        "prompt": {"zh": d.prompt_zh, "en": d.prompt_en},
        "options": [_option_json(c) for c in d.choices],
    }


def _option_json(c: Choice) -> dict[str, Any]:
    out: dict[str, Any] = {"id": c.id, "name": c.name, "zh": c.zh, "en": c.en}
    if c.note_zh or c.note_en:  # optional: only options with something to say carry it
        out["note"] = {"zh": c.note_zh, "en": c.note_en}
    return out


def state_frame(
    state: State,
    seat: int | None,
    *,
    table: str,
    status: str,
    deadline: float | None,
) -> dict[str, Any]:
    """The ``state`` frame for one recipient (``seat`` None: a spectator)."""
    decision = None
    if seat is not None and seat in state.to_move() and status == "playing":
        decision = decision_json(state.decision(seat))
        learn = learn_json(state, seat)
        if learn:
            decision["learn"] = learn
        previews = previews_json(state, seat)
        for option in decision["options"]:
            if option["name"] in previews:
                option["preview"] = previews[option["name"]]
    return {
        "type": "state",
        "table": table,
        "seat": seat,
        "version": state.move_number,
        "status": status,
        "observation": state.observation(seat),
        "decision": decision,
        "deadline": deadline,
        "outcome": outcome_json(state),
    }


def outcome_json(state: State) -> dict[str, Any] | None:
    """How a finished game ended (ranks, results, returns, the game's reason and its score
    sheet in words); None while it runs."""
    if not state.is_terminal():
        return None
    o = state.outcome()
    return {
        "ranks": list(o.ranks),
        "results": list(o.results),
        "returns": list(o.returns),
        "reason": o.reason,
        "ending": ending_json(state),
    }


def learn_json(state: State, seat: int) -> list[dict[str, str]]:
    """Learn mode's hints for ``seat``'s decision (``Game.learn_hints``: the game's own words,
    zh/en, from that seat's observation); none when the game has none or its hints fail."""
    try:
        return state.game.learn_hints(state, seat)
    except Exception:
        log.exception("%s: learn hints failed; the decision goes without", state.game.id)
        return []


def previews_json(state: State, seat: int) -> dict[str, Any]:
    """What each of ``seat``'s options would change (``Game.option_previews``: from that
    seat's observation), by option name; none when the game has none or they fail."""
    try:
        return state.game.option_previews(state, seat)
    except Exception:
        log.exception("%s: option previews failed; the options go without", state.game.id)
        return {}


def ending_json(state: State) -> dict[str, Any]:
    """The finished game in words (``State.ending``: the reason and the score sheet, zh/en);
    a game whose wording fails gets the engine's generic ending rather than no end screen."""
    try:
        return state.ending().as_json()
    except Exception:
        log.exception("%s: State.ending failed; the generic ending is shown", state.game.id)
        return State._ending(state).as_json()


#: What a seat without a name is called, as the table's seat chips call it ("Seat 2").
SEAT_WORD = {"zh": "座位", "en": "Seat"}

#: The table's display name of each seat, per language (``seat_names``).
Names = Mapping[str, Sequence[str]]


def seat_names(seats: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Each seat's display name in each language, as the seat chips show it: the name the
    seat was given (a bot named by default: ``bot 2`` / ``机器人 2``), else ``Seat 2`` /
    ``座位 2``. Names are the players' own text: a client shows them as text, never as
    markup."""
    return {lang: [_seat_name(s, lang) for s in seats] for lang in SEAT_WORD}


#: What a bot the server named by default ("bot 2") is called in each language.
BOT_WORD = {"zh": "机器人", "en": "bot"}


def _seat_name(seat: Mapping[str, Any], lang: str) -> str:
    n = seat["seat"]
    name = str(seat.get("name") or "")
    if seat.get("kind") == "bot" and name in ("", f"bot {n}"):
        return f"{BOT_WORD[lang]} {n}"  # the default name, in the page's language
    return name or f"{SEAT_WORD[lang]} {n}"


def events_frame(
    game: Game, events: list[dict[str, Any]], first: int, names: Names | None = None
) -> dict[str, Any]:
    """New events as this recipient sees them; ``first`` counts the events they saw before.

    Each event carries its text in both languages (``"text": {"zh", "en"}``), worded once by
    the game itself (``Game.format_event``), so a client never shows a raw event; ``names``
    (``seat_names``): the players are named as the table's seat chips name them.
    """
    return {
        "type": "event",
        "from": first,
        "events": [with_text(game, e, names) for e in events],
    }


def with_text(game: Game, event: dict[str, Any], names: Names | None = None) -> dict[str, Any]:
    """The event with its zh/en text (a game that cannot word it gets its generic line)."""
    texts = {}
    for lang in ("zh", "en"):
        try:
            texts[lang] = game.format_event(event, lang, names[lang] if names else None)
        except Exception:  # a wording bug must not cost the player the event
            texts[lang] = Game.format_event(game, event, lang)
    return {**event, "text": texts}


#: The turn timer's notice: ``{who}`` the seat's name, ``{option}`` what the table played.
TIMEOUT_TEXT = {
    "zh": ("时间到：系统替 {who} 选了 {option}", "时间到：系统替 {who} 做了选择"),
    "en": (
        "time ran out: the table played {option} for {who}",
        "time ran out: the table played for {who}",
    ),
}


def timeout_frame(
    table: str, seat: int, version: int, names: Names, option: Choice | None
) -> dict[str, Any]:
    """The ``timeout`` frame: the turn timer ran out and the table decided for ``seat`` at
    ``version``. ``option`` (only in the frames for that seat's own connections: another
    player may not learn a face-down choice) is what it played."""
    text = {}
    for lang, (played, decided) in TIMEOUT_TEXT.items():
        who = names[lang][seat]
        if option is None:
            text[lang] = decided.format(who=who)
        else:
            label = option.zh if lang == "zh" else option.en
            text[lang] = played.format(who=who, option=label or option.name)
    frame: dict[str, Any] = {
        "type": "timeout",
        "table": table,
        "seat": seat,
        "version": version,
        "text": text,
    }
    if option is not None:
        frame["option"] = _option_json(option)
    return frame
