"""The games caiquan ships, and the registry where games are found by id
(:mod:`caiquan.games.registry`).

A game is found through the ``caiquan.games`` entry-point group, so a separately installed
distribution adds one (docs/engine.md, "A game in its own distribution"); caiquan's own games
are declared there too, and in a built-in table for a source tree that is not installed.
Classes are imported on first use; :func:`register` adds a class defined at run time.

>>> "goofspiel" in game_ids()
True
"""

from __future__ import annotations

from typing import Any

from caiquan.engine import Game, GameLoadError, Record, RecordError, State, UnknownGameError

from .registry import BUILTIN, GROUP, game_class, game_ids, refresh, register


def load_game(game_id: str, config: dict[str, Any] | None = None, /, **options: Any) -> Game:
    """A game by id with options (unknown or invalid options raise ``ConfigError``).

    >>> load_game("goofspiel", num_cards=5).config["num_cards"]
    5
    """
    return game_class(game_id)({**(config or {}), **options})


def replay(record: Record | str | bytes) -> State:
    """Replay a record (a :class:`Record` or its JSON) to the state it ends in."""
    if not isinstance(record, Record):
        record = Record.from_json(record)
    try:
        cls = game_class(record.game)
    except UnknownGameError as err:
        raise RecordError(str(err)) from None
    return cls.from_record(record).replay(record)


__all__ = [
    "BUILTIN",
    "GROUP",
    "GameLoadError",
    "game_class",
    "game_ids",
    "load_game",
    "refresh",
    "register",
    "replay",
]
