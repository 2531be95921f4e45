"""The HTTP API: games, tables, seats, records (OpenAPI at ``/docs`` and ``/openapi.json``)."""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Request, Response
from pydantic import AfterValidator, BaseModel, Field

from caiquan.engine import STRENGTH_LEVELS, CaiquanError, Game
from caiquan.engine.fair import PROTOCOL as FAIR_PROTOCOL
from caiquan.engine.fair import commit, deal_seed
from caiquan.games import game_class, game_ids

from .content import content_options, network_options
from .hub import Hub, LiveTable, fair_json, seat_json
from .protocol import clean
from .security import check_secret, client_key, new_token, token_hash
from .settings import Settings
from .storage import SeatRow, TableRow

router = APIRouter(prefix="/api")


def _text(value: str) -> str:
    if not clean(value):
        raise ValueError("must be valid Unicode text (no lone surrogates) without NUL")
    return value


#: Text from a visitor: valid Unicode, no NUL (length bounds are per field).
Text = Annotated[str, AfterValidator(_text)]
OptionValue = Annotated[str, Field(max_length=100), AfterValidator(_text)] | int | float | bool


def _options(value: dict[str, Any]) -> dict[str, Any]:
    for k, v in value.items():
        if len(k) > 40 or not clean(k):
            raise ValueError("option names are short plain text")
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(f"option {k!r} must be a finite number")
    return value


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: Text | None = Field(
        default=None,
        max_length=100,
        description="Bot spec for a bot seat, e.g. 'random', 'nash', 'ismcts:seconds=0.5'. "
        "Or use strength.",
    )
    strength: Literal["easy", "medium", "hard"] | None = Field(
        default=None,
        description="The game's own bot for each level (GET /api/games: each game's "
        "'strengths', measured so that easy < medium < hard in that game); unless a game "
        "says otherwise easy = random, medium = greedy (rules of thumb), hard = "
        "ismcts:iterations=200,seconds=1 (search, 200 playouts per move, at most 1 s). "
        "A bot seat with neither bot nor strength is medium.",
    )
    name: Text = Field(default="", max_length=40)


class CreateTable(BaseModel):
    game: Text = Field(max_length=64, json_schema_extra={"enum": list[Any](game_ids())})
    options: Annotated[dict[str, OptionValue], AfterValidator(_options)] = Field(
        default_factory=dict,
        max_length=32,
        description="Game options by name (see GET /api/games: only the options listed "
        "there; a content option takes one of its names, never a path).",
    )
    seats: list[SeatSpec] | None = Field(
        default=None,
        max_length=16,
        description="One entry per player; default: every seat human.",
    )
    name: Text = Field(default="", max_length=100)
    listed: bool = Field(default=True, description="Show in GET /api/tables (anyone may join).")
    turn_seconds: float = Field(
        default=0, ge=0, le=86_400, allow_inf_nan=False, description="Turn timer; 0 = off."
    )
    join: bool = Field(default=True, description="Claim the first human seat for the creator.")
    player_name: Text = Field(default="", max_length=40)


class JoinTable(BaseModel):
    invite: Text | None = Field(
        default=None, max_length=100, description="Needed unless the table is listed."
    )
    seat: int | None = Field(default=None, ge=0, le=63, description="A seat; default: first free.")
    name: Text = Field(default="", max_length=40)


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


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _settings(request: Request) -> Settings:
    s: Settings = request.app.state.settings
    return s


def _limit(request: Request) -> None:
    if not request.app.state.http_limiter.take(client_key(request.client)):
        raise HTTPException(429, "too many requests; slow down")


def check_bot(text: str, settings: Settings) -> str:
    """A visitor's bot spec, parsed once and bounded by this server's limits; the canonical
    spec to store. Bad specs are a 422 that names the parameter and its bounds."""
    from caiquan.bots.spec import BotSpec, BotSpecError

    try:
        spec = BotSpec.parse(text)
    except BotSpecError as err:
        raise HTTPException(422, str(err)) from None
    given = spec.given
    seconds, iterations = given.get("seconds"), given.get("iterations")
    if isinstance(seconds, float | int) and seconds > settings.max_bot_seconds:
        raise HTTPException(
            422,
            f"{spec.name}: parameter 'seconds' must be more than 0 and at most "
            f"{settings.max_bot_seconds:g} on this server, got {seconds:g}",
        )
    if isinstance(iterations, int) and iterations > settings.max_bot_iterations:
        raise HTTPException(
            422,
            f"{spec.name}: parameter 'iterations' must be from 1 to "
            f"{settings.max_bot_iterations} on this server, got {iterations}",
        )
    if spec.search and seconds is None and iterations is None:
        spec = spec.with_params(seconds=min(1.0, settings.max_bot_seconds))
    return str(spec)


@router.get("/games", summary="The games and the options a table may set")
def list_games(request: Request) -> list[dict[str, Any]]:
    library = _hub(request).library
    ordered = sorted(game_ids(), key=lambda gid: (game_class(gid).lobby_order, gid))
    return [library.public_info(gid) for gid in ordered]


class TableOptions(BaseModel):
    options: Annotated[dict[str, OptionValue], AfterValidator(_options)] = Field(
        default_factory=dict,
        max_length=32,
        description="Game options by name, as POST /api/tables takes them.",
    )


@router.post(
    "/games/{game_id}/strengths",
    summary="The bot at each strength for a table with these options, and what plays it",
)
async def game_strengths(
    game_id: Annotated[str, Path(max_length=64)], body: TableOptions, request: Request
) -> dict[str, Any]:
    """``strengths`` (level → bot spec) and ``strength_notes`` (level → ``{"zh", "en"}``,
    where the bot's kind would mislead: e.g. a search that hands every decision of these
    options to a solved table) of the game with ``options``; the lobby asks as a player
    sets them. Bad options are a 422 that names what is wrong."""
    _limit(request)
    if game_id not in game_ids():
        raise HTTPException(404, f"no game {game_id[:64]!r}; games: {', '.join(game_ids())}")
    hub = _hub(request)
    try:
        options = network_options(game_id, body.options, hub.library)
        game = await asyncio.to_thread(hub.library.game, game_id, options)
    except CaiquanError as err:
        raise HTTPException(422, str(err)) from None
    return {
        "players": game.num_players,
        "strengths": {level: game.strength(level) for level in STRENGTH_LEVELS},
        "strength_notes": game.strength_notes(),
    }


async def _admit_creator(hub: Hub, settings: Settings, body: CreateTable, request: Request) -> str:
    """Whether this server and this address may open one more table: the creator's key."""
    if len(hub.tables) >= settings.max_open_tables:
        raise HTTPException(503, "this server has as many open tables as it takes; try later")
    if body.game not in game_ids():
        raise HTTPException(422, f"no game {body.game[:64]!r}; games: {', '.join(game_ids())}")
    creator = token_hash(client_key(request.client))
    since = time.time() - settings.waiting_ttl
    mine = await hub.db(hub.storage.open_tables_of, creator, since)
    if mine >= settings.max_client_tables:
        raise HTTPException(
            429,
            f"your address already has {mine} open tables (waiting for players, or in play); "
            "finish one first — idle waiting tables expire",
        )
    return creator


async def _table_game(hub: Hub, body: CreateTable) -> tuple[Game, dict[str, Any]]:
    """The game a visitor asked for, built off the event loop from table options only, and
    the configuration the table keeps (content by *name*; the server resolves names to its
    files when it plays)."""
    try:
        options = network_options(body.game, body.options, hub.library)
        # building a game reads its content: off the event loop
        game = await asyncio.to_thread(hub.library.game, body.game, options)
    except CaiquanError as err:
        raise HTTPException(422, str(err)) from None
    config = dict(game.config)
    for opt in content_options(type(game)):
        config[opt.name] = options.get(opt.name, opt.default)
    return game, config


def _seat_rows(body: CreateTable, game: Game, settings: Settings) -> list[SeatRow]:
    """The seats asked for (all human by default), bots by checked spec."""
    specs = body.seats or [SeatSpec() for _ in range(game.num_players)]
    if len(specs) != game.num_players:
        raise HTTPException(
            422, f"{game.id} with these options has {game.num_players} seats, got {len(specs)}"
        )
    seats = []
    for i, s in enumerate(specs):
        if s.kind == "bot":
            spec = check_bot(s.bot or game.strength(s.strength or "medium"), settings)
            seats.append(SeatRow(i, "bot", spec, s.name or f"bot {i}", None))
        else:
            seats.append(SeatRow(i, "human", None, s.name, None))
    return seats


@router.post("/tables", status_code=201, summary="Create a table")
async def create_table(body: CreateTable, request: Request) -> Created:
    _limit(request)
    hub, settings = _hub(request), _settings(request)
    creator = await _admit_creator(hub, settings, body, request)
    game, config = await _table_game(hub, body)
    if body.turn_seconds > settings.max_turn_seconds:
        raise HTTPException(422, f"turn_seconds must be ≤ {settings.max_turn_seconds:g}")
    seats = _seat_rows(body, game, settings)
    humans = sum(1 for s in seats if s.kind == "human")
    # the creator takes the first human seat (unless join is off): the table's host
    host = next((s.seat for s in seats if s.kind == "human"), None) if body.join else None
    table_id = secrets.token_urlsafe(9)
    invite = new_token(12)
    # The server's secret, and the commitment to it (with the game, its options and its
    # content's digest) that everyone sees before anyone plays. The deal's seed comes from
    # the secret and every seated person's value (docs/server.md, *Provably fair deals*):
    # a table of bots only is dealt now, from the secret alone.
    nonce = secrets.token_hex(32)
    try:
        content = await asyncio.to_thread(game.content_digest)
        commitment = commit(game.id, game.version, config, content, nonce)
    except CaiquanError as err:  # a configuration the canonical encoding cannot hold
        raise HTTPException(422, str(err)) from None
    seed = 0 if humans else deal_seed(nonce, [])  # 0: not dealt yet
    row = TableRow(
        id=table_id,
        game=game.id,
        rules_version=game.version,
        config=config,
        seed=seed,
        name=body.name,
        listed=body.listed,
        invite_hash=token_hash(invite),
        turn_seconds=body.turn_seconds,
        status="waiting" if humans else "playing",
        seq=0,
        record=None,
        created_at=0.0,
        creator=creator,
        host_seat=host,
        nonce=nonce,
        commitment=commitment,
        fair_protocol=FAIR_PROTOCOL,
        content_digest=content,
    )
    await hub.db(hub.storage.create_table, row, seats)
    joined = None
    if host is not None:
        joined = await _claim(hub, table_id, host, body.player_name)
    t = await hub.get(table_id)  # a game that starts now: its bots and timer run from now
    assert t is not None
    hub.release(t)  # a waiting table is read again when its players connect
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
    # the game starts (its bots and timer run from now), or its cards are shuffled
    await hub.get(table_id)
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
                "host": row.host_seat,
                "seats": [seat_json(s) for s in seats],
                "free_seats": sum(1 for s in seats if not s.claimed),
                "fair": fair_json(row, seats, False),
            }
        )
    return out


async def _table(request: Request, table_id: str) -> LiveTable:
    if len(table_id) > 32 or not clean(table_id):
        raise HTTPException(404, "no such table")
    hub = _hub(request)
    t = await hub.get(table_id)
    if t is None:
        row = await hub.db(hub.storage.get_table, table_id)
        if row is not None and row.status == "expired":
            raise HTTPException(410, "this table expired: nobody took its free seats in time")
        raise HTTPException(404, "no such table")
    return t


@router.get("/tables/{table_id}", summary="A table's public description")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    t = await _table(request, table_id)
    _hub(request).release(t)
    return t.public()


@router.get("/tables/{table_id}/description", summary="The table's game as it is configured")
async def table_description(table_id: str, request: Request) -> dict[str, Any]:
    """What ``/api/games/{id}/description`` says, for this table's options and content
    (card texts that name a configured number say this table's number)."""
    t = await _table(request, table_id)
    game = t.state.game
    _hub(request).release(t)
    return await asyncio.to_thread(game.description)


@router.post("/tables/{table_id}/join", summary="Take a seat (with the invite unless listed)")
async def join_table(table_id: str, body: JoinTable, request: Request) -> Joined:
    _limit(request)
    t = await _table(request, table_id)
    if not t.row.listed and (
        body.invite is None or not check_secret(body.invite, t.row.invite_hash)
    ):
        raise HTTPException(403, "this table needs its invitation code")
    if body.seat is not None and body.seat >= len(t.seats):
        raise HTTPException(
            422, f"this table has seats 0 to {len(t.seats) - 1}; there is no seat {body.seat}"
        )
    if t.status != "waiting":
        raise HTTPException(409, "every seat of this table is taken")
    return await _claim(_hub(request), table_id, body.seat, body.name)


@router.get(
    "/tables/{table_id}/record",
    summary="The game record of a finished game (caiquan.record/1 JSON)",
    responses={409: {"description": "the game is not finished (its record would leak secrets)"}},
)
async def get_record(table_id: str, request: Request) -> Response:
    _, record = await finished_row(_hub(request), table_id)
    return Response(record, media_type="application/json")


async def finished_row(hub: Hub, table_id: str) -> tuple[TableRow, str]:
    """A finished table's row and its record: 404 for no such table, 409 while it plays
    (its record would leak secrets). What the record, replay and coach routes share."""
    ok = len(table_id) <= 32 and clean(table_id)
    row = await hub.db(hub.storage.get_table, table_id) if ok else None
    if row is None:
        raise HTTPException(404, "no such table")
    if row.status != "finished" or row.record is None:
        raise HTTPException(409, "the game is not finished; its record is secret until then")
    return row, row.record
