"""The HTTP API: games, tables, seats, records (OpenAPI at ``/docs`` and ``/openapi.json``)."""

from __future__ import annotations

import secrets
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field

from caiquan.engine import CaiquanError
from caiquan.games import game_ids, load_game

from .hub import Hub, LiveTable, seat_json
from .security import check_secret, new_token, token_hash
from .settings import Settings
from .storage import SeatRow, TableRow

router = APIRouter(prefix="/api")


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(
        default=None,
        max_length=100,
        description="Bot spec for a bot seat, e.g. 'random', 'nash', 'ismcts:seconds=0.5'. "
        "Or use strength.",
    )
    strength: Literal["easy", "medium", "hard"] | None = Field(
        default=None, description="easy = random, medium = nash, hard = ismcts:seconds=1"
    )
    name: str = Field(default="", max_length=40)


class CreateTable(BaseModel):
    game: str = Field(max_length=64, examples=["goofspiel"])
    options: dict[str, str | int | float | bool] = Field(
        default_factory=dict, description="Game options (see GET /api/games)."
    )
    seats: list[SeatSpec] | None = Field(
        default=None,
        max_length=16,
        description="One entry per player; default: every seat human.",
    )
    name: str = Field(default="", max_length=100)
    listed: bool = Field(default=True, description="Show in GET /api/tables (anyone may join).")
    turn_seconds: float = Field(default=0, ge=0, description="Turn timer; 0 = off.")
    join: bool = Field(default=True, description="Claim the first human seat for the creator.")
    player_name: str = Field(default="", max_length=40)


class JoinTable(BaseModel):
    invite: str | None = Field(
        default=None, max_length=100, description="Needed unless the table is listed."
    )
    seat: int | None = Field(default=None, ge=0, description="A seat; default: first free.")
    name: str = Field(default="", max_length=40)


class Joined(BaseModel):
    table: str
    seat: int
    token: str = Field(description="The seat's secret; send it in the WebSocket hello frame.")
    status: str


class Created(BaseModel):
    table: str
    invite: str = Field(description="Share /?table={table}&invite=… to invite friends.")
    invite_path: str
    websocket_path: str
    joined: Joined | None


STRENGTHS = {"easy": "random", "medium": "nash", "hard": "ismcts:seconds=1"}


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _settings(request: Request) -> Settings:
    s: Settings = request.app.state.settings
    return s


def _limit(request: Request) -> None:
    key = request.client.host if request.client else "?"
    if not request.app.state.http_limiter.take(key):
        raise HTTPException(429, "too many requests; slow down")


def _check_bot(spec: str, settings: Settings) -> str:
    from caiquan.bots import make_bot

    name, _, params = spec.partition(":")
    for item in filter(None, params.split(",")):
        key, _, value = item.partition("=")
        try:
            v = float(value)
        except ValueError:
            continue
        if key.strip() == "seconds" and not 0 < v <= settings.max_bot_seconds:
            raise HTTPException(422, f"bot seconds must be in (0, {settings.max_bot_seconds}]")
        if key.strip() == "iterations" and not 0 < v <= settings.max_bot_iterations:
            raise HTTPException(
                422, f"bot iterations must be in (0, {settings.max_bot_iterations}]"
            )
    if name.strip() == "ismcts" and "seconds" not in params and "iterations" not in params:
        spec = f"{spec}{',' if params else ':'}seconds=1"
    try:
        make_bot(spec)
    except CaiquanError as err:
        raise HTTPException(422, str(err)) from None
    return spec


@router.get("/games", summary="The games and their options")
def list_games() -> list[dict[str, Any]]:
    return [load_game(gid).info() for gid in game_ids()]


@router.post("/tables", status_code=201, summary="Create a table")
async def create_table(body: CreateTable, request: Request) -> Created:
    _limit(request)
    hub, settings = _hub(request), _settings(request)
    if len(hub.tables) >= settings.max_open_tables:
        raise HTTPException(503, "this server has as many open tables as it takes; try later")
    if body.game not in game_ids():
        raise HTTPException(422, f"no game {body.game!r}; games: {', '.join(game_ids())}")
    try:
        game = load_game(body.game, dict(body.options))
    except CaiquanError as err:
        raise HTTPException(422, str(err)) from None
    if body.turn_seconds > settings.max_turn_seconds:
        raise HTTPException(422, f"turn_seconds must be ≤ {settings.max_turn_seconds:g}")
    specs = body.seats or [SeatSpec() for _ in range(game.num_players)]
    if len(specs) != game.num_players:
        raise HTTPException(
            422, f"{game.id} with these options has {game.num_players} seats, got {len(specs)}"
        )
    seats = []
    for i, s in enumerate(specs):
        if s.kind == "bot":
            spec = s.bot or STRENGTHS[s.strength or "medium"]
            spec = _check_bot(spec, settings)
            seats.append(SeatRow(i, "bot", spec, s.name or f"bot {i}", None))
        else:
            seats.append(SeatRow(i, "human", None, s.name, None))
    humans = sum(1 for s in seats if s.kind == "human")
    table_id = secrets.token_urlsafe(9)
    invite = new_token(12)
    row = TableRow(
        id=table_id,
        game=game.id,
        rules_version=game.version,
        config=dict(game.config),
        seed=secrets.randbits(63),
        name=body.name,
        listed=body.listed,
        invite_hash=token_hash(invite),
        turn_seconds=body.turn_seconds,
        status="waiting" if humans else "playing",
        seq=0,
        record=None,
        created_at=0.0,
    )
    await hub.db(hub.storage.create_table, row, seats)
    joined = None
    if body.join and humans:
        joined = await _claim(hub, table_id, None, body.player_name)
    t = await hub.get(table_id)
    assert t is not None
    return Created(
        table=table_id,
        invite=invite,
        invite_path=f"/?table={table_id}&invite={invite}",
        websocket_path=f"/ws/tables/{table_id}",
        joined=joined,
    )


async def _claim(hub: Hub, table_id: str, seat: int | None, name: str) -> Joined:
    token = new_token()
    got = await hub.db(hub.storage.claim_seat, table_id, seat, name, token_hash(token))
    if got is None:
        raise HTTPException(409, "that seat is taken" if seat is not None else "no free seat")
    await hub.seats_changed(table_id)
    return Joined(table=table_id, seat=got[0], token=token, status=got[1])


@router.get("/tables", summary="Open tables (listed, not finished)")
async def list_tables(request: Request) -> list[dict[str, Any]]:
    hub = _hub(request)
    out = []
    for row, seats in await hub.db(hub.storage.list_open, 100):
        out.append(
            {
                "id": row.id,
                "game": row.game,
                "config": row.config,
                "name": row.name,
                "status": row.status,
                "turn_seconds": row.turn_seconds,
                "seats": [seat_json(s) for s in seats],
                "free_seats": sum(1 for s in seats if not s.claimed),
            }
        )
    return out


async def _table(request: Request, table_id: str) -> LiveTable:
    if len(table_id) > 32:
        raise HTTPException(404, "no such table")
    t = await _hub(request).get(table_id)
    if t is None:
        raise HTTPException(404, "no such table")
    return t


@router.get("/tables/{table_id}", summary="A table's public description")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    t = await _table(request, table_id)
    _hub(request).release(t)
    return t.public()


@router.post("/tables/{table_id}/join", summary="Take a seat (with the invite unless listed)")
async def join_table(table_id: str, body: JoinTable, request: Request) -> Joined:
    _limit(request)
    t = await _table(request, table_id)
    if not t.row.listed and (
        body.invite is None or not check_secret(body.invite, t.row.invite_hash)
    ):
        raise HTTPException(403, "this table needs its invitation code")
    return await _claim(_hub(request), table_id, body.seat, body.name)


@router.get(
    "/tables/{table_id}/record",
    summary="The game record of a finished game (caiquan.record/1 JSON)",
    responses={409: {"description": "the game is not finished (its record would leak secrets)"}},
)
async def get_record(table_id: str, request: Request) -> Response:
    hub = _hub(request)
    row = await hub.db(hub.storage.get_table, table_id) if len(table_id) <= 32 else None
    if row is None:
        raise HTTPException(404, "no such table")
    if row.status != "finished" or row.record is None:
        raise HTTPException(409, "the game is not finished; its record is secret until then")
    return Response(row.record, media_type="application/json")
