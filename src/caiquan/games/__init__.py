"""The games caiquan ships, and the registry where games are found by id.

Built-in games are listed explicitly below (id → ``module:Class``) and imported on first
use; other packages may add theirs with :func:`register`.

>>> "goofspiel" in game_ids()
True
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from caiquan.engine import Game, Record, RecordError, State, UnknownGameError

_BUILTIN: dict[str, str] = {
    "drama": "caiquan.games.drama:Drama",
    "goofspiel": "caiquan.games.goofspiel:Goofspiel",
    "legends": "caiquan.games.legends:Legends",
    "oshi_zumo": "caiquan.games.oshi_zumo:OshiZumo",
    "promise": "caiquan.games.promise:Promise",
}
_REGISTERED: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Add a game class under its ``id`` (usable as a class decorator)."""
    gid = game_class.id
    if not gid or not gid.replace("_", "").isalnum() or gid != gid.lower():
        raise ValueError(f"a game id is lower-case letters, digits and '_', got {gid!r}")
    existing = _REGISTERED.get(gid)
    if existing is not None and existing is not game_class:
        raise ValueError(f"another game is already registered as {gid!r}")
    _REGISTERED[gid] = game_class
    return game_class


def game_ids() -> list[str]:
    """Every known game id (built-in and registered)."""
    return sorted(set(_BUILTIN) | set(_REGISTERED))


def game_class(game_id: str) -> type[Game]:
    """The class of a game, by id."""
    if game_id in _REGISTERED:
        return _REGISTERED[game_id]
    target = _BUILTIN.get(game_id)
    if target is None:
        known = ", ".join(game_ids())
        raise UnknownGameError(f"no game called {game_id!r}; the games are: {known}")
    module_name, _, attr = target.partition(":")
    cls: type[Game] = getattr(import_module(module_name), attr)
    _REGISTERED[game_id] = cls
    return cls


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


__all__ = ["game_class", "game_ids", "load_game", "register", "replay"]
