"""Helpers for the browser client: rules pages, event texts, card lists, replay views."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field

from caiquan.engine import Record
from caiquan.games import game_class, game_ids, load_game

from .content import ContentLibrary

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


def _views(library: ContentLibrary, record_json: bytes) -> list[dict[str, Any]]:
    record = Record.from_json(record_json)
    state = library.game(record.game, dict(record.config)).new_state(record.seed)

    def view() -> dict[str, Any]:
        return {
            "version": state.move_number,
            "events": len(state.events(None, 0)),
            "observation": state.observation(None),
        }

    out = [view()]
    for joint in record.decisions:
        state.apply(dict(joint))
        out.append(view())
    return out


@router.get(
    "/tables/{table_id}/replay",
    summary="A finished game as a spectator saw it, after each decision",
    responses={409: {"description": "the game is not finished"}},
)
async def replay_views(table_id: str, request: Request) -> list[dict[str, Any]]:
    """For the replay viewer: the spectator's observation after each decision and how many
    spectator events had happened by then. Only for finished games (the record is public
    then); hidden choices show only where the table revealed them."""
    from .api import get_record

    response = await get_record(table_id, request)
    library: ContentLibrary = request.app.state.hub.library
    return await asyncio.to_thread(_views, library, bytes(response.body))
