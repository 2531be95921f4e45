"""Where games are found by id: the ``caiquan.games`` entry-point group, the built-in table,
and :func:`register`.

A game is a :class:`~caiquan.engine.Game` subclass under a stable id. A distribution adds
one by declaring an entry point in the ``caiquan.games`` group, named after the game's id::

    [project.entry-points."caiquan.games"]
    my_game = "my_package:MyGame"

caiquan declares its own games the same way (pyproject.toml); the built-in table
(:data:`BUILTIN`) holds the same declarations so that a source tree that is not installed
(``PYTHONPATH=src``) still finds them. Classes are imported on first use.

A plug-in that cannot be loaded — its module fails to import, the name is not a ``Game``
subclass, or its ``id`` differs from the entry point's name — raises
:class:`~caiquan.engine.GameLoadError` naming the entry point and its distribution when it is
asked for by id, and is left out of :func:`game_ids` with one logged warning, so that one
broken plug-in never hides the other games.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from importlib import import_module, metadata

from caiquan.engine import Game, GameLoadError, UnknownGameError

#: The entry-point group a game is declared in.
GROUP = "caiquan.games"

#: caiquan's own games: id → ``module:Class`` (the same as its ``caiquan.games`` entry
#: points in pyproject.toml; a test keeps the two equal).
BUILTIN: dict[str, str] = {
    "drama": "caiquan.games.drama:Drama",
    "goofspiel": "caiquan.games.goofspiel:Goofspiel",
    "legends": "caiquan.games.legends:Legends",
    "oshi_zumo": "caiquan.games.oshi_zumo:OshiZumo",
    "promise": "caiquan.games.promise:Promise",
}

log = logging.getLogger(__name__)

_REGISTERED: dict[str, type[Game]] = {}
_WARNED: set[str] = set()


@dataclass(frozen=True)
class Declaration:
    """Where a game id is declared: its ``module:Class`` and who declares it."""

    id: str
    target: str
    #: the distribution that declares it (``caiquan`` for the built-in table)
    distribution: str

    def where(self) -> str:
        return (
            f"the entry point {self.id!r} = {self.target!r} "
            f"of the distribution {self.distribution!r}"
        )


def _check_id(gid: str) -> None:
    if not gid or not gid.replace("_", "").isalnum() or gid != gid.lower() or not gid.isascii():
        raise ValueError(f"a game id is lower-case letters, digits and '_', got {gid!r}")


def _entry_points() -> list[metadata.EntryPoint]:
    return list(metadata.entry_points(group=GROUP))


@cache
def declarations() -> dict[str, Declaration]:
    """Every declared game id (entry points, then the built-in table for the ids no
    installed distribution declares), cached: :func:`refresh` reads them again."""
    found: dict[str, Declaration] = {}
    for ep in _entry_points():
        dist = ep.dist.name if ep.dist is not None else "an unnamed distribution"
        d = Declaration(ep.name, ep.value, dist)
        other = found.get(ep.name)
        if other is not None and other.target != d.target:
            _warn_once(
                f"dup:{ep.name}",
                f"two distributions declare the game {ep.name!r}: {other.where()} and "
                f"{d.where()}; using the first",
            )
            continue
        found.setdefault(ep.name, d)
    for gid, target in BUILTIN.items():
        known = found.get(gid)
        if known is not None and known.target != target:
            _warn_once(
                f"builtin:{gid}",
                f"{known.where()} takes the id of a built-in game; the built-in game is kept",
            )
        if known is None or known.target != target:
            found[gid] = Declaration(gid, target, "caiquan")
    return found


def refresh() -> None:
    """Read the installed distributions' entry points again (after installing a plug-in in
    a running process; tests)."""
    declarations.cache_clear()
    _WARNED.clear()


def _warn_once(key: str, message: str) -> None:
    if key not in _WARNED:
        _WARNED.add(key)
        log.warning("%s", message)


def _load(d: Declaration) -> type[Game]:
    module_name, _, attr = d.target.partition(":")
    try:
        obj: object = import_module(module_name)
        for part in attr.split(".") if attr else ():
            obj = getattr(obj, part)
    except Exception as err:  # any failure of a plug-in's import is reported, not raised raw
        raise GameLoadError(
            f"the game {d.id!r} cannot be loaded: {d.where()} fails to import: "
            f"{type(err).__name__}: {err}"
        ) from err
    if not (isinstance(obj, type) and issubclass(obj, Game)):
        raise GameLoadError(
            f"the game {d.id!r} cannot be loaded: {d.where()} names {obj!r}, "
            "not a subclass of caiquan.engine.Game"
        )
    gid = getattr(obj, "id", None)
    if gid != d.id:
        raise GameLoadError(
            f"the game {d.id!r} cannot be loaded: {d.where()} names a class whose id is "
            f"{gid!r}; the entry point's name must be the game's id"
        )
    return obj


def register(game_class: type[Game]) -> type[Game]:
    """Add a game class under its ``id`` (usable as a class decorator), e.g. a game defined
    in a test or a notebook; a distribution declares an entry point instead."""
    gid = game_class.id
    _check_id(gid)
    existing = _REGISTERED.get(gid)
    if existing is not None and existing is not game_class:
        raise ValueError(f"another game is already registered as {gid!r}")
    _REGISTERED[gid] = game_class
    return game_class


def game_ids() -> list[str]:
    """Every game that can be played, sorted: registered, built-in and declared by an
    installed distribution. A plug-in that cannot be loaded is left out (with a warning in
    the log, once); :func:`game_class` on its id raises the reason."""
    ids = set(_REGISTERED)
    for gid in declarations():
        if gid in ids or gid in BUILTIN:
            ids.add(gid)  # caiquan's own games are imported on first use
            continue
        try:
            game_class(gid)
        except GameLoadError as err:
            _warn_once(f"load:{gid}", f"{err} (left out of the list of games)")
            continue
        ids.add(gid)
    return sorted(ids)


def game_class(game_id: str) -> type[Game]:
    """The class of a game, by id (:class:`~caiquan.engine.UnknownGameError` if there is
    none, :class:`~caiquan.engine.GameLoadError` if its declaration cannot be loaded)."""
    cls = _REGISTERED.get(game_id)
    if cls is not None:
        return cls
    d = declarations().get(game_id)
    if d is None:
        known = ", ".join(game_ids())
        raise UnknownGameError(f"no game called {game_id[:64]!r}; the games are: {known}")
    cls = _load(d)
    _REGISTERED[game_id] = cls
    return cls


__all__ = [
    "BUILTIN",
    "GROUP",
    "Declaration",
    "declarations",
    "game_class",
    "game_ids",
    "refresh",
    "register",
]
