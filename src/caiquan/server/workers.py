"""What the server's pool processes run: replays, the coach, the live coach, event texts.

Module-level functions of plain arguments (a game id, a resolved config, a record's JSON),
so that a ``spawn`` process pool can run them (:mod:`caiquan.server.analysis`); each returns
a JSON-ready value. They read no database and no settings.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from caiquan.engine import Record
from caiquan.games import load_game

from . import protocol

#: Live coaches kept in this process: (table, seat) → the seat's coach so far.
_LIVE: OrderedDict[tuple[str, int], Any] = OrderedDict()
_LIVE_KEEP = 64
_LIVE_LOCK = threading.Lock()


def exit_with_parent(parent: int) -> None:
    """In a pool process: exit when the server process is gone (even after a SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="caiquan-parent-watch").start()


def warm_job() -> int:
    """Import what the other jobs need (a pool process's first job: the server starts its
    pool at start, so no visitor waits for a process to spawn and import the games)."""
    from caiquan.games import game_ids

    return len(game_ids())


def replay_job(
    game_id: str,
    config: dict[str, Any],
    record_json: str,
    seat: int | None,
    names: protocol.Names,
    table: dict[str, Any],
) -> dict[str, Any]:
    """A finished game after each decision, as ``seat`` (None: a spectator) saw it: the
    ``GET /api/tables/{id}/replay`` answer (docs/server.md, *Replays*)."""
    record = Record.from_json(record_json)
    state = load_game(game_id, config).new_state(record.seed)
    game = state.game
    cursor = seen = 0

    def view() -> dict[str, Any]:
        nonlocal cursor, seen
        events = state.events(seat, cursor)  # (the cursor counts every seat's events)
        cursor = state.event_count()
        out = {
            "version": state.move_number,
            "observation": state.observation(seat),
            "from": seen,
            "events": [protocol.with_text(game, e, names) for e in events],
        }
        seen += len(events)
        return out

    views = [view()]
    for joint in record.decisions:
        state.apply(dict(joint))
        views.append(view())
    return {"table": table, "seat": seat, "views": views, "outcome": protocol.outcome_json(state)}


def coach_job(game_id: str, config: dict[str, Any], record_json: str) -> dict[str, Any]:
    """The throw coach's analysis of a finished game (:func:`caiquan.coach.analyse`)."""
    from caiquan.coach import analyse

    return analyse(Record.from_json(record_json), load_game(game_id, config))


def live_coach_job(
    table: str,
    game_id: str,
    config: dict[str, Any],
    seed: int,
    decisions: Sequence[Any],
    seat: int,
) -> dict[str, Any]:
    """One seat's live coach (:func:`caiquan.coach.analyse_seat`), going on from the coach
    this process kept for the table and seat, if it has one for the same game."""
    from caiquan.coach import SeatCoach

    key = (table, seat)
    with _LIVE_LOCK:
        coach = _LIVE.pop(key, None)
    if coach is None or coach.seed != seed or not coach.continues(decisions):
        coach = SeatCoach(load_game(game_id, config), seed, seat)
    result: dict[str, Any] = coach.advance(decisions).result()
    with _LIVE_LOCK:
        _LIVE[key] = coach
        while len(_LIVE) > _LIVE_KEEP:
            _LIVE.popitem(last=False)
    return result


def format_job(
    game_id: str, events: list[dict[str, Any]], names: list[str] | None
) -> list[dict[str, str] | None]:
    """The game's own zh/en wording of events (a malformed event: None)."""
    game = load_game(game_id)
    out: list[dict[str, str] | None] = []
    for event in events:
        try:
            out.append({lang: game.format_event(event, lang, names) for lang in ("zh", "en")})
        except Exception:  # a malformed event: the client keeps its generic line
            out.append(None)
    return out
