"""Two stateless helpers for the browser client: a game's rules page and event texts."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from caiquan.games import game_ids, load_game

router = APIRouter(prefix="/api")


def _game_id(game_id: str) -> str:
    if game_id not in game_ids():
        raise HTTPException(404, f"no game {game_id!r}")
    return game_id


@router.get("/games/{game_id}/rules", summary="A game's rules page (Markdown)")
def rules(game_id: str, lang: Literal["zh", "en"] = "en") -> PlainTextResponse:
    text = load_game(_game_id(game_id)).rules(lang)
    return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")


class Events(BaseModel):
    events: list[dict[str, Any]] = Field(max_length=500)


@router.post("/games/{game_id}/format", summary="Texts of events (as the game words them)")
def format_events(game_id: str, body: Events) -> list[dict[str, str] | None]:
    """The game's own zh/en wording of events the client already holds (its own view)."""
    game = load_game(_game_id(game_id))
    out: list[dict[str, str] | None] = []
    for event in body.events:
        try:
            out.append({lang: game.format_event(event, lang) for lang in ("zh", "en")})
        except Exception:  # a malformed event: the client keeps its generic line
            out.append(None)
    return out


@router.get("/games/{game_id}/cards", summary="A game's public card list (names, costs)")
def cards(game_id: str) -> dict[str, list[dict[str, str | int | float]]]:
    """Public content for drawing cards by name: each list of the game's ``content`` whose
    items are records (``persons``, ``territories`` …), with their plain scalar fields."""
    content = getattr(load_game(_game_id(game_id)), "content", None)
    out: dict[str, list[dict[str, str | int | float]]] = {}
    for attr in ("persons", "territories", "characters", "roles"):
        items = getattr(content, attr, None)
        if not isinstance(items, (list, tuple)):
            continue
        rows = []
        for item in items:
            fields = getattr(item, "_asdict", None) or getattr(item, "__dict__", None)
            data = fields() if callable(fields) else (fields or {})
            if not data and hasattr(item, "__dataclass_fields__"):
                data = {k: getattr(item, k) for k in item.__dataclass_fields__}
            rows.append(
                {
                    k: v
                    for k, v in data.items()
                    if isinstance(v, (str, int, float)) and not isinstance(v, bool)
                }
            )
        out[attr] = rows
    return out
