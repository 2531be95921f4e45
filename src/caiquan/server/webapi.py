"""Helpers for the browser client: rules pages, event texts, card lists, replay views."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Path, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field

from caiquan.engine import Record
from caiquan.games import game_class, game_ids, load_game

from . import protocol
from .content import ContentLibrary
from .hub import Hub, seat_json
from .protocol import Names
from .security import find_seat

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


@router.post("/games/{game_id}/format", summary="Texts of events (as the game words them)")
def format_events(game_id: GameId, body: Events) -> list[dict[str, str] | None]:
    """The game's own zh/en wording of events the client already holds (its own view)."""
    game = load_game(_game_id(game_id))
    out: list[dict[str, str] | None] = []
    for event in body.events:
        try:
            out.append({lang: game.format_event(event, lang, body.names) for lang in ("zh", "en")})
        except Exception:  # a malformed event: the client keeps its generic line
            out.append(None)
    return out


@router.get("/games/{game_id}/description", summary="What a game declares about itself")
def description(game_id: GameId) -> dict[str, Any]:
    """Type, options, public catalogue (every card's name and text in zh/en), balance targets
    and the hooks the game provides (at its default configuration)."""
    return load_game(_game_id(game_id)).description()


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


def _replay(
    library: ContentLibrary, record_json: str, seat: int | None, names: Names
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    record = Record.from_json(record_json)
    state = library.game(record.game, dict(record.config)).new_state(record.seed)
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
    return views, protocol.outcome_json(state)


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
    responses={
        403: {"description": "the X-Seat-Token holds no seat at this table"},
        404: {"description": "no such table"},
        409: {"description": "the game is not finished"},
    },
)
async def replay(table_id: str, request: Request, token: SeatToken = None) -> Replay:
    """For the replay viewer: after each decision, the observation and the new events (with
    their texts) of one seat — the one whose token comes in the ``X-Seat-Token`` header — or
    of a spectator. A seat sees only what it saw at the table: its own hand and choices,
    the others' only where the table revealed them. Only for finished games (the record is
    public then)."""
    from .api import finished_row

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
    # replaying the game is CPU (and reads a content file): off the event loop
    views, outcome = await asyncio.to_thread(_replay, hub.library, record, seat, names)
    table = {"id": row.id, "game": row.game, "name": row.name, "seats": public}
    return Replay(table=table, seat=seat, views=views, outcome=outcome)


def _coach(library: ContentLibrary, record_json: str) -> dict[str, Any]:
    from caiquan.coach import analyse

    record = Record.from_json(record_json)
    return analyse(record, library.game(record.game, dict(record.config)))


@router.get(
    "/tables/{table_id}/coach",
    summary="The throw coach's analysis of a finished game",
    responses={
        404: {"description": "no such table"},
        409: {"description": "the game is not finished"},
    },
)
async def coach(table_id: str, request: Request) -> dict[str, Any]:
    """For the end screen and replays: per player, their throws and simultaneous choices
    against the equilibrium mix at each (how often each option, how far from the mix), their
    habits (repeat after a win, switch after a loss, with counts) and what a habit-reading
    opponent would have won against them, with the key lines in zh and en
    (:func:`caiquan.coach.analyse`). Only for finished games: it reads every seat's choices,
    which are secret until the end."""
    from .api import finished_row

    hub: Hub = request.app.state.hub
    _, record = await finished_row(hub, table_id)
    # replaying and solving each throw is CPU (and reads a content file): off the event loop
    return await asyncio.to_thread(_coach, hub.library, record)


def _live_coach(library: ContentLibrary, record: Record, seat: int) -> dict[str, Any]:
    from caiquan.coach import analyse_seat

    return analyse_seat(record, library.game(record.game, dict(record.config)), seat)


@router.get(
    "/tables/{table_id}/coach/live",
    summary="The live throw coach: one seat's figures so far, from what that seat has seen",
    responses={
        403: {"description": "no X-Seat-Token, or it holds no seat at this table"},
        404: {"description": "no such table"},
    },
)
async def live_coach(table_id: str, request: Request, token: SeatToken = None) -> dict[str, Any]:
    """For learn mode while a game is played: the throw coach's figures of the seat whose
    token comes in the ``X-Seat-Token`` header — its throws so far against the equilibrium
    mix, its habits, what a habit reader would have won — as the end-of-game coach words them,
    with ``players`` holding that one seat. Worked out only from what that seat has seen
    (:func:`caiquan.coach.analyse_seat`: its own view at each exchange, the opponent's throw
    only once revealed, no sample drawn from the secret seed); choices laid face down and not
    yet revealed are not in it. The client asks after each of its throws is revealed."""
    from .protocol import clean

    hub: Hub = request.app.state.hub
    t = await hub.get(table_id) if len(table_id) <= 32 and clean(table_id) else None
    if t is None:
        raise HTTPException(404, "no such table")
    seat = None if token is None else find_seat(token, [(s.seat, s.token_hash) for s in t.seats])
    if seat is None:
        raise HTTPException(403, "the live coach is a seat's own: its X-Seat-Token is needed")
    record = t.state.record()  # the decisions revealed so far (never a face-down choice)
    # replaying and solving each throw is CPU (and reads a content file): off the event loop
    return await asyncio.to_thread(_live_coach, hub.library, record, seat)
