"""Small, explicit error types. Each message says what went wrong and what to do.

Every error a user or designer can cause derives from :class:`CaiquanError`, so a front end
can catch that one class and show the message without a traceback.
"""

from __future__ import annotations


class CaiquanError(Exception):
    """Base class of every error caiquan raises on purpose."""


class ConfigError(CaiquanError, ValueError):
    """A game option is unknown, of the wrong type, or out of range."""


class UnknownGameError(CaiquanError, LookupError):
    """No game is registered under the requested id."""


class GameLoadError(UnknownGameError):
    """A game is declared (a ``caiquan.games`` entry point, a built-in) but cannot be loaded:
    its module fails to import, it names no :class:`~caiquan.engine.Game` subclass, or the
    class's ``id`` differs from the name it is declared under. The message names the entry
    point and the distribution that declares it."""


class IllegalDecisionError(CaiquanError, ValueError):
    """A decision was refused: wrong player, missing player, illegal option, or game over.

    The state is left exactly as it was before the call.
    """


class GameOverError(IllegalDecisionError):
    """A decision was offered to a state that is already terminal."""


class RecordError(CaiquanError, ValueError):
    """A game record is malformed or does not replay."""


class RecordVersionError(RecordError):
    """A record was made under another version of a game's rules."""


class ContentError(CaiquanError, ValueError):
    """Game content (TOML data) failed validation.

    ``file``, ``item`` and ``field`` name the place; the message is one line.
    """

    def __init__(self, message: str, *, file: str = "", item: str = "", field: str = "") -> None:
        self.file = file
        self.item = item
        self.field = field
        where = ": ".join(part for part in (file, item, field) if part)
        super().__init__(f"{where}: {message}" if where else message)
