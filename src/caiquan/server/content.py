"""What a visitor may configure: game options by name, content by name, never a path.

Over the network a content option (``ConfigOption.presets``) takes a *name*: one of the
game's built-in presets or a file the operator put in the server's content directory
(``caiquan serve --content-dir DIR``, files ``DIR/<game>/<name>.toml``, loaded and
validated once at start). Lab options (``scope="lab"``) are refused. Tables store the
name; :meth:`ContentLibrary.resolve` turns it into the file's path only inside the server
when the game is built, so records and table descriptions never show a server path.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from caiquan.engine import CaiquanError, ConfigError, ConfigOption, Game
from caiquan.games import game_class, game_ids, load_game

#: A content name: what a visitor may send, and what a file in the content directory is called.
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
#: Option values arriving over the network: at most this many characters.
MAX_VALUE_CHARS = 100


#: Games kept built (:meth:`ContentLibrary.game`).
GAMES_KEPT = 64


def content_options(cls: type[Game]) -> list[ConfigOption]:
    return [o for o in cls.options if o.presets is not None]


@dataclass
class ContentLibrary:
    """Content files an operator offers by name, per game: ``{game: {name: path}}``."""

    files: dict[str, dict[str, Path]] = field(default_factory=dict)
    directory: Path | None = None
    #: Games built lately, by game and config (building one reads and checks its content:
    #: promise's takes about 13 ms): every table of a configuration shares one.
    _games: OrderedDict[tuple[str, str], Game] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def load(cls, directory: str | Path | None) -> ContentLibrary:
        """Read and validate ``DIR/<game>/<name>.toml``; any problem is a ConfigError that
        names the file (the server refuses to start rather than offer a broken table)."""
        if not directory:
            return cls()
        root = Path(directory)
        if not root.is_dir():
            raise ConfigError(f"--content-dir {root}: not a directory")
        files: dict[str, dict[str, Path]] = {}
        for sub in sorted(root.iterdir()):
            if not sub.is_dir():
                continue
            if sub.name not in game_ids():
                raise ConfigError(
                    f"--content-dir: {sub} is not named after a game ({', '.join(game_ids())})"
                )
            opts = content_options(game_class(sub.name))
            if len(opts) != 1:
                raise ConfigError(f"--content-dir: {sub.name} has no content option")
            opt = opts[0]
            for path in sorted(sub.glob("*.toml")):
                name = path.stem
                where = f"--content-dir: {path}"
                if not NAME.fullmatch(name):
                    raise ConfigError(
                        f"{where}: a content name is 1–40 lower-case letters, digits, '-' or "
                        "'_', starting with a letter or digit"
                    )
                if opt.presets is not None and name in opt.presets:
                    raise ConfigError(f"{where}: {name!r} is a built-in preset's name")
                if not path.is_file():
                    raise ConfigError(f"{where}: not a regular file")
                try:
                    load_game(sub.name, {opt.name: str(path.resolve())})
                except CaiquanError as err:
                    text = str(err)  # a content error names the file itself
                    prefix = "--content-dir" if str(path.resolve()) in text else where
                    raise ConfigError(f"{prefix}: {text}") from None
                files.setdefault(sub.name, {})[name] = path.resolve()
        return cls(files, root)

    def names(self, game_id: str) -> list[str]:
        return sorted(self.files.get(game_id, {}))

    def choices(self, option: ConfigOption, game_id: str) -> list[str]:
        """Every name a visitor may give for a content option."""
        return [*(option.presets or ()), *self.names(game_id)]

    def resolve(self, game_id: str, config: Mapping[str, Any]) -> dict[str, Any]:
        """A table's stored config with content names replaced by this server's paths."""
        out = dict(config)
        for opt in content_options(game_class(game_id)):
            value = out.get(opt.name)
            if isinstance(value, str) and value in self.files.get(game_id, {}):
                out[opt.name] = str(self.files[game_id][value])
        return out

    def game(self, game_id: str, config: Mapping[str, Any]) -> Game:
        """The game a table plays (its stored config, names resolved); built once for the
        last :data:`GAMES_KEPT` configurations and shared (a game is immutable)."""
        key = (game_id, json.dumps(dict(config), sort_keys=True, default=str))
        with self._lock:
            game = self._games.get(key)
            if game is not None:
                self._games.move_to_end(key)
                return game
        game = load_game(game_id, self.resolve(game_id, config))
        with self._lock:
            self._games[key] = game
            while len(self._games) > GAMES_KEPT:
                self._games.popitem(last=False)
        return game

    def public_info(self, game_id: str) -> dict[str, Any]:
        """``Game.info()`` as a web visitor sees it: table options only; a content option's
        choices are its names (built-in presets, then this server's files)."""
        info = load_game(game_id).info()
        options = []
        declared = info["options"]
        assert isinstance(declared, list)
        for o in declared:
            assert isinstance(o, dict)
            if o.get("scope") != "table":
                continue
            if o.get("presets") is not None:
                o = {**o, "choices": [*o["presets"], *self.names(game_id)]}
            declared_opt = option_of(game_id, str(o["name"]))
            if declared_opt.table_maximum is not None:
                o = {**o, "default": declared_opt.table_default, "max": declared_opt.table_maximum}
            options.append(o)
        return {**info, "options": options}


def network_options(
    game_id: str, given: Mapping[str, Any], library: ContentLibrary
) -> dict[str, Any]:
    """Check options sent by a visitor; a :class:`ConfigError` names what is wrong.

    Only table options, by name; a content option's value must be one of its names; every
    other value is checked by the game itself when it is built.
    """
    cls = game_class(game_id)
    known = {o.name: o for o in cls.options}
    table = sorted(n for n, o in known.items() if o.scope == "table")
    out: dict[str, Any] = {}
    for name, value in given.items():
        opt = known.get(name)
        if opt is None:
            raise ConfigError(
                f"{game_id}: unknown option {name[:40]!r}; the options are: {', '.join(table)}"
            )
        _check_network_value(game_id, opt, value, library)
        out[name] = value
    for opt in cls.options:  # a default beyond a table's bound is lowered to the bound
        if opt.scope == "table" and opt.name not in out and opt.table_default != opt.default:
            out[opt.name] = opt.table_default
    return out


def _check_network_value(
    game_id: str, opt: ConfigOption, value: Any, library: ContentLibrary
) -> None:
    """One option a visitor sent: a table option, a sane value within the table's bound, a
    content option by one of its names; a :class:`ConfigError` otherwise."""
    name = opt.name
    if opt.scope != "table":
        raise ConfigError(
            f"{game_id}: option {name!r} is a designer's option (caiquan simulate / "
            "balance); web tables do not offer it"
        )
    if isinstance(value, float) and not math.isfinite(value):
        raise ConfigError(f"{game_id}: option {name!r} must be a finite number")
    if isinstance(value, str) and len(value) > MAX_VALUE_CHARS:
        raise ConfigError(f"{game_id}: option {name!r} is limited to {MAX_VALUE_CHARS} characters")
    if opt.table_maximum is not None:
        number = opt.validate(value, game_id=game_id)  # "300" is 300
        assert isinstance(number, int | float)
        if number > opt.table_maximum:
            raise ConfigError(
                f"{game_id}: option {name!r} is at most {opt.table_maximum:g} at a server "
                f"table (longer games are for the lab: caiquan simulate), got {number:g}"
            )
    if opt.presets is not None:
        names = library.choices(opt, game_id)
        if not isinstance(value, str) or value not in names:
            raise ConfigError(
                f"{game_id}: option {name!r} takes a name: {', '.join(names)} "
                "(content files are a server setting, not a path a visitor sends)"
            )


def option_of(game_id: str, name: str) -> ConfigOption:
    """The option ``name`` as the game declares it."""
    return next(o for o in game_class(game_id).options if o.name == name)
