"""Helpers for the browser client: rules pages, event texts, card lists, replay views."""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Path, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field

from caiquan.games import game_class, game_ids, load_game

from . import protocol, workers
from .analysis import Busy
from .hub import Hub, seat_json
from .security import client_key, find_seat

#: Why a replay or analysis route answers 429.
_BUSY = "too many such requests from this address, or over its share of the analysis time"

router = APIRouter(prefix="/api")

#: A game id in a path (the schema lists the games known when the server starts).
GameId = Annotated[str, Path(max_length=64, json_schema_extra={"enum": game_ids()})]


def _game_id(game_id: str) -> str:
    if game_id not in game_ids():
        raise HTTPException(404, f"no game {game_id!r}")
    return game_id


@router.get("/games/{game_id}/rules", summary="A game's rules page (Markdown)")
def rules(game_id: GameId, lang: Literal["zh", "en"] = "en") -> PlainTextResponse:
    text = load_game(_game_id(game_id)).rules(lang)
    return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")


@router.get(
    "/games/{game_id}/guide",
    summary="A game's player's page: how to play in one screen (Markdown)",
    responses={404: {"description": "no such game, or the game has no player's page"}},
)
def guide(game_id: GameId, lang: Literal["zh", "en"] = "en") -> PlainTextResponse:
    text = game_class(_game_id(game_id)).guide(lang)
    if text is None:
        raise HTTPException(404, f"{game_id} has no player's page")
    return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")


@router.get(
    "/games/{game_id}/guide/{name}",
    summary="A picture of a game's player's page (PNG)",
    responses={404: {"description": "no such game or picture"}},
)
def guide_picture(
    game_id: GameId, name: Annotated[str, Path(max_length=64, pattern=r"^[a-z0-9_-]+\.png$")]
) -> Response:
    data = game_class(_game_id(game_id)).guide_picture(name)
    if data is None:
        raise HTTPException(404, f"{game_id} has no picture {name!r}")
    return Response(data, media_type="image/png", headers={"cache-control": "max-age=3600"})


class Events(BaseModel):
    events: list[dict[str, Any]] = Field(max_length=500)
    names: list[Annotated[str, Field(max_length=40)]] | None = Field(
        default=None,
        max_length=16,
        description="The seats' display names, to name the players by (else the game's "
        "own 'player 2' / 'A').",
    )


@router.post(
    "/games/{game_id}/format",
    summary="Texts of events (as the game words them)",
    response_model=list[dict[str, str] | None],
    responses={
        422: {"description": "text that is not valid Unicode, or NUL"},
        429: {"description": _BUSY},
    },
)
async def format_events(game_id: GameId, body: Events, request: Request) -> Response:
    """The game's own zh/en wording of events the client already holds (its own view):
    one ``{"zh", "en"}`` per event, ``null`` for an event the game cannot word."""
    _game_id(game_id)
    _rate(request)
    if not protocol.clean(body.events) or not protocol.clean(body.names):
        raise HTTPException(
            422, "events and names must be valid Unicode text (no lone surrogates) without NUL"
        )
    return await _answer(request, None, workers.format_job, game_id, body.events, body.names)


@router.get("/games/{game_id}/description", summary="What a game declares about itself")
def description(game_id: GameId) -> dict[str, Any]:
    """Type, options, public catalogue (every card's name and text in zh/en), balance targets
    and the hooks the game provides (at its default configuration)."""
    return load_game(_game_id(game_id)).description()


@router.get(
    "/games/{game_id}/style.css",
    summary="The stylesheet of the game's own browser panel, if it has one",
    responses={404: {"description": "the game has no stylesheet of its own"}},
)
def style_css(game_id: GameId) -> PlainTextResponse:
    source = game_class(_game_id(game_id)).hook("css")
    if source is None:
        raise HTTPException(404, f"{game_id} has no stylesheet of its own")
    return PlainTextResponse(source, media_type="text/css; charset=utf-8")


@router.get(
    "/games/{game_id}/panel.js",
    summary="The game's own browser panel (a JavaScript module), if it has one",
    responses={404: {"description": "the game has no panel of its own: use the generic one"}},
)
def panel_js(game_id: GameId) -> PlainTextResponse:
    source = game_class(_game_id(game_id)).hook("web")
    if source is None:
        raise HTTPException(404, f"{game_id} has no browser panel of its own")
    return PlainTextResponse(source, media_type="text/javascript; charset=utf-8")


class Replay(BaseModel):
    """A finished game, after each decision, as one seat (or a spectator) saw it."""

    table: dict[str, Any] = Field(
        description="The table's public description: id, game, name and seats (as GET "
        "/api/tables/{id} has them)."
    )
    seat: int | None = Field(description="Whose view this is (null: a spectator's).")
    views: list[dict[str, Any]] = Field(
        description="One per decision, the first before any: ``version`` (decisions made), "
        "``observation`` (``state.observation(seat)``), ``from`` (how many events this seat "
        "had seen before) and ``events`` (the events since the previous view, each with its "
        "zh/en ``text`` as the live table words it)."
    )
    outcome: dict[str, Any] | None = Field(
        description="How the game ended (as the live table's last state frame says it)."
    )


#: A seat's secret, as the table gave it on joining (a header: never in a URL or a log).
SeatToken = Annotated[
    str | None,
    Header(
        alias="X-Seat-Token",
        max_length=200,
        description="A seat's token: the replay is that seat's (its own hand, its hidden "
        "choices). Without it: the spectator's replay.",
    ),
]


@router.get(
    "/tables/{table_id}/replay",
    summary="A finished game as a seat or a spectator saw it, after each decision",
    response_model=Replay,
    responses={
        429: {"description": _BUSY},
        403: {"description": "the X-Seat-Token holds no seat at this table"},
        404: {"description": "no such table"},
        409: {"description": "the game is not finished"},
    },
)
async def replay(table_id: str, request: Request, token: SeatToken = None) -> Response:
    """For the replay viewer: after each decision, the observation and the new events (with
    their texts) of one seat — the one whose token comes in the ``X-Seat-Token`` header — or
    of a spectator. A seat sees only what it saw at the table: its own hand and choices,
    the others' only where the table revealed them. Only for finished games (the record is
    public then)."""
    from .api import finished_row

    _rate(request)
    hub: Hub = request.app.state.hub
    row, record = await finished_row(hub, table_id)
    seats = await hub.db(hub.storage.get_seats, table_id)
    seat = None
    if token is not None:
        seat = find_seat(token, [(s.seat, s.token_hash) for s in seats])
        if seat is None:
            raise HTTPException(403, "this token holds no seat at this table")
    public = [seat_json(s) for s in seats]
    names = protocol.seat_names(public)
    table = {"id": row.id, "game": row.game, "name": row.name, "seats": public}
    config = hub.library.resolve(row.game, row.config)
    # replaying the game is CPU (and reads a content file): once per viewer, in the pool
    return await _answer(
        request,
        (row.id, "replay", seat),
        workers.replay_job,
        row.game,
        config,
        record,
        seat,
        names,
        table,
    )


def _rate(request: Request) -> None:
    """Replay and analysis routes, per client address, before any database read: a kept
    answer is cheap to serve but not free, and a flood of them slows every table."""
    if not request.app.state.analysis_limiter.take(client_key(request.client)):
        rate = float(request.app.state.settings.analysis_rate)
        wait = max(1, math.ceil(1 / rate)) if rate > 0 else 3600
        raise HTTPException(
            429,
            "too many replay and analysis requests from your address; slow down",
            headers={"Retry-After": str(wait)},
        )


async def _answer(request: Request, key: Any, fn: Any, *args: Any) -> Response:
    """``fn(*args)``'s JSON from the server's analyses (:mod:`caiquan.server.analysis`):
    cached per ``key``, computed in its own pool within this client's budget; over a limit,
    ``429`` (or ``503``) with ``Retry-After``."""
    hub: Hub = request.app.state.hub
    try:
        body = await hub.analyses.answer(key, client_key(request.client), fn, *args)
    except Busy as busy:
        raise HTTPException(
            busy.status, busy.message, headers={"Retry-After": str(busy.retry_after)}
        ) from None
    return Response(body, media_type="application/json")


@router.get(
    "/tables/{table_id}/coach",
    summary="The throw coach's analysis of a finished game",
    response_model=dict[str, Any],
    responses={
        429: {"description": _BUSY},
        404: {"description": "no such table"},
        409: {"description": "the game is not finished"},
    },
)
async def coach(table_id: str, request: Request) -> Response:
    """For the end screen and replays: per player, their throws and simultaneous choices
    against the equilibrium mix at each (how often each option, how far from the mix), their
    habits (repeat after a win, switch after a loss, with counts) and what a habit-reading
    opponent would have won against them, with the key lines in zh and en
    (:func:`caiquan.coach.analyse`). Only for finished games: it reads every seat's choices,
    which are secret until the end."""
    from .api import finished_row

    _rate(request)
    hub: Hub = request.app.state.hub
    row, record = await finished_row(hub, table_id)
    config = hub.library.resolve(row.game, row.config)
    # replaying and solving each throw is CPU (and reads a content file): once, in the pool
    return await _answer(request, (row.id, "coach"), workers.coach_job, row.game, config, record)


@router.get(
    "/tables/{table_id}/coach/live",
    summary="The live throw coach: one seat's figures so far, from what that seat has seen",
    response_model=dict[str, Any],
    responses={
        429: {"description": _BUSY},
        403: {"description": "no X-Seat-Token, or it holds no seat at this table"},
        404: {"description": "no such table"},
    },
)
async def live_coach(table_id: str, request: Request, token: SeatToken = None) -> Response:
    """For learn mode while a game is played: the throw coach's figures of the seat whose
    token comes in the ``X-Seat-Token`` header — its throws so far against the equilibrium
    mix, its habits, what a habit reader would have won — as the end-of-game coach words them,
    with ``players`` holding that one seat. Worked out only from what that seat has seen
    (:func:`caiquan.coach.analyse_seat`: its own view at each exchange, the opponent's throw
    only once revealed, no sample drawn from the secret seed); choices laid face down and not
    yet revealed are not in it. The client asks after each of its throws is revealed."""
    _rate(request)
    hub: Hub = request.app.state.hub
    if len(table_id) > 32 or not protocol.clean(table_id):
        raise HTTPException(404, "no such table")
    # who asks is checked first, from the seats alone: a request without a seat's token
    # loads no table and keeps none in memory
    t = hub.tables.get(table_id)
    seats = t.seats if t is not None else await hub.db(hub.storage.get_seats, table_id)
    if not seats and t is None:
        raise HTTPException(404, "no such table")
    seat = None if token is None else find_seat(token, [(s.seat, s.token_hash) for s in seats])
    if seat is None:
        raise HTTPException(403, "the live coach is a seat's own: its X-Seat-Token is needed")
    t = await hub.get(table_id)
    if t is None:
        raise HTTPException(404, "no such table")
    try:
        record = t.state.record()  # the decisions revealed so far (never a face-down choice)
        config = hub.library.resolve(t.row.game, t.row.config)
        version = t.state.move_number
    finally:
        hub.release(t)
    # replaying and solving each throw is CPU: once per version and seat, in the pool, going
    # on from where the seat's coach was
    return await _answer(
        request,
        (table_id, "live", version, seat),
        workers.live_coach_job,
        table_id,
        record.game,
        config,
        record.seed,
        record.decisions,
        seat,
    )
