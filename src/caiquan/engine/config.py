"""Game options: declared once with defaults and bounds, validated with clear messages."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .errors import ConfigError

ConfigValue = bool | int | float | str


@dataclass(frozen=True, slots=True)
class ConfigOption:
    """One configurable option of a game (a house rule, a size, a content preset).

    ``choices`` restricts the value to a set; ``minimum``/``maximum`` bound numbers.
    ``help_en``/``help_zh`` are shown by ``caiquan rules`` and the UIs.

    ``presets`` marks a content option: its named values (e.g. ``default``, ``edition54``);
    any other value is read as the path of a file *on this machine*, which only local use
    (the CLI, the lab, the terminal) may give — a server accepts names only.
    ``scope="lab"`` marks a designer's option (a handicap, a measuring aid) that web tables
    never offer or accept; ``"table"`` options are house rules anyone may choose.

    ``table_maximum`` bounds a number where a server table may not go as far as the lab
    (an option that makes games long: every decision of a table costs the server replays,
    coaching and storage). A table created over the network takes at most that, and where
    the default is larger its default there is ``table_maximum`` (:attr:`table_default`).
    """

    name: str
    default: ConfigValue
    help_en: str
    help_zh: str = ""
    choices: tuple[ConfigValue, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    presets: tuple[str, ...] | None = None
    scope: str = "table"
    table_maximum: float | None = None

    def __post_init__(self) -> None:
        if self.scope not in SCOPES:
            raise ValueError(f"option {self.name!r}: scope must be one of {SCOPES}")
        if self.table_maximum is not None and (
            not isinstance(self.default, int | float)
            or isinstance(self.default, bool)
            or (self.minimum is not None and self.table_maximum < self.minimum)
        ):
            raise ValueError(f"option {self.name!r}: a table maximum bounds a number option")
        if self.presets is not None and not isinstance(self.default, str):
            raise ValueError(f"option {self.name!r}: a content option's default is a name")

    @property
    def type(self) -> type:
        return type(self.default)

    @property
    def table_default(self) -> ConfigValue:
        """The default at a server table: :attr:`default`, lowered to ``table_maximum``."""
        bound = self.table_maximum
        if bound is not None and isinstance(self.default, int | float) and self.default > bound:
            return type(self.default)(bound)
        return self.default

    def validate(self, value: Any, *, game_id: str = "") -> ConfigValue:
        """Return ``value`` converted to this option's type, or raise :class:`ConfigError`.

        Strings are accepted for every type (as typed on a command line): ``"true"``, ``"7"``.
        """
        where = f"{game_id}: option {self.name!r}" if game_id else f"option {self.name!r}"
        converted = _CONVERTERS.get(self.type, _to_text)(value, where)
        if self.choices is not None and converted not in self.choices:
            options = ", ".join(repr(c) for c in self.choices)
            raise ConfigError(f"{where} must be one of {options}; got {value!r}")
        if isinstance(converted, int | float) and not isinstance(converted, bool):
            self._check_bounds(converted, value, where)
        return converted

    def _check_bounds(self, converted: float, value: Any, where: str) -> None:
        if self.minimum is not None and converted < self.minimum:
            raise ConfigError(f"{where} must be at least {_num(self.minimum)}, got {value!r}")
        if self.maximum is not None and converted > self.maximum:
            raise ConfigError(f"{where} must be at most {_num(self.maximum)}, got {value!r}")


def _to_bool(value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
        return value.lower() in _TRUE
    raise ConfigError(f"{where} must be true or false, got {value!r}")


def _to_int(value: Any, where: str) -> int:
    if isinstance(value, bool):
        raise ConfigError(f"{where} must be a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if (isinstance(value, str) and _is_int(value)) or (
        isinstance(value, float) and value.is_integer()
    ):
        return int(value)
    raise ConfigError(f"{where} must be a whole number, got {value!r}")


def _to_float(value: Any, where: str) -> float:
    if isinstance(value, bool):
        raise ConfigError(f"{where} must be a number, got {value!r}")
    try:
        converted = float(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{where} must be a number, got {value!r}") from None
    if not math.isfinite(converted):
        raise ConfigError(f"{where} must be a finite number, got {value!r}")
    return converted


def _to_text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{where} must be text, got {value!r}")
    return value


#: The conversion of a value to an option's type (text for any type not listed).
_CONVERTERS: dict[type, Callable[[Any, str], ConfigValue]] = {
    bool: _to_bool,
    int: _to_int,
    float: _to_float,
}


SCOPES = ("table", "lab")

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _is_int(text: str) -> bool:
    t = text.strip()
    return t.lstrip("+-").isdigit()


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def validate_config(
    options: Sequence[ConfigOption], given: Mapping[str, Any] | None, *, game_id: str = ""
) -> Mapping[str, ConfigValue]:
    """Merge ``given`` over the defaults, validating every value; unknown names are refused."""
    given = dict(given or {})
    known = {o.name: o for o in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(sorted(known))
        prefix = f"{game_id}: " if game_id else ""
        raise ConfigError(f"{prefix}unknown option {unknown[0]!r}; the options are: {names}")
    out = {
        name: opt.validate(given.get(name, opt.default), game_id=game_id)
        for name, opt in known.items()
    }
    return MappingProxyType(out)
