"""Bot specs: one typed, canonical description of a bot, parsed once.

A spec string is ``name`` or ``name:key=value,key=value`` (``ismcts:seconds=0.5``). Each bot
class declares the parameters it takes as ``PARAMS`` (a tuple of :class:`Param`, next to its
``__init__``) and whether it is a CPU-heavy search as ``SEARCH``; :meth:`BotSpec.parse`
checks a spec string against those declarations strictly — whole decimal numbers for whole
parameters, finite decimal numbers for real ones, every value within its bounds — and
raises :class:`BotSpecError` (a :class:`~caiquan.engine.ConfigError`) naming the parameter,
its type and bounds. ``str(spec)`` is the canonical spelling (keys in declaration order,
values spelled one way), so two spellings of one bot give equal specs and equal strings.

>>> spec = BotSpec.parse(" ismcts : seconds = 0.50 , worlds=8 ")
>>> str(spec), spec.search, spec.value("seconds"), spec.value("belief")
('ismcts:seconds=0.5,worlds=8', True, 0.5, 64)
>>> BotSpec.parse("ismcts:worlds=20000")
Traceback (most recent call last):
...
caiquan.bots.spec.BotSpecError: ismcts: parameter 'worlds' must be a whole number from 0 to 256, got '20000'
>>> split_specs("random,ismcts:iterations=200,gamma=0.1,nash")
['random', 'ismcts:iterations=200,gamma=0.1', 'nash']
"""  # noqa: E501

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from caiquan.engine import ConfigError

if TYPE_CHECKING:
    from .base import Bot

Value = bool | int | float | str
"""A parameter's value: whole (int), real (float), flag (bool) or a word (str)."""

Kind = Literal["int", "float", "bool", "choice"]

_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_TRUE = ("1", "true")
_FALSE = ("0", "false")


class BotSpecError(ConfigError):
    """A bot spec is malformed, names an unknown bot or parameter, or has a bad value.

    ``bot`` is the bot's name as written (``""`` if there is none); ``param`` the parameter
    the error is about, or ``None`` when it is not about one parameter.
    """

    def __init__(self, message: str, *, bot: str = "", param: str | None = None) -> None:
        super().__init__(message)
        self.bot = bot
        self.param = param

    def __reduce__(self) -> tuple[Any, ...]:  # keep bot and param across processes
        return (_rebuild_error, (str(self), self.bot, self.param))


def _rebuild_error(message: str, bot: str, param: str | None) -> BotSpecError:
    return BotSpecError(message, bot=bot, param=param)


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut short if long (messages stay one short line)."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def _number(x: float) -> str:
    """The shortest spelling of a finite number that reads back to it (``1`` for 1.0)."""
    if x == int(x) and abs(x) < 1e16:
        return str(int(x))
    return repr(x)


@dataclass(frozen=True)
class Param:
    """One parameter a bot takes in its spec.

    ``kind`` is ``"int"`` (a whole number), ``"float"`` (a finite real number), ``"bool"``
    (a flag: ``1``/``0`` or ``true``/``false``) or ``"choice"`` (one of ``choices``).
    ``minimum``/``maximum`` bound numbers (``exclusive_minimum``: the value must be greater
    than ``minimum``, e.g. a time budget); ``words`` are extra words a number parameter also
    accepts (ISMCTS's ``depth=auto``). ``default`` is what the bot uses when the spec does
    not give the parameter (``None``: unset, the bot decides — ISMCTS's budget).
    """

    name: str
    kind: Kind
    default: Value | None
    help: str
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: bool = False
    choices: tuple[str, ...] = ()
    words: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ("int", "float", "bool", "choice"):
            raise ValueError(f"parameter {self.name!r}: unknown kind {self.kind!r}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"parameter {self.name!r}: choices go with kind 'choice' only")
        if self.words and self.kind not in ("int", "float"):
            raise ValueError(f"parameter {self.name!r}: words go with number kinds only")
        if self.default is not None:
            self.convert(self.default)  # a declaration's default must be a valid value

    # ------------------------------------------------------------------ describing

    def describe(self) -> str:
        """What the parameter accepts, in words: ``a whole number from 1 to 64``."""
        if self.kind == "bool":
            return "1 or 0 (true or false)"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        text = "a whole number" if self.kind == "int" else "a number"
        lo, hi = self.minimum, self.maximum
        if lo is not None and hi is not None and not self.exclusive_minimum:
            text += f" from {_number(lo)} to {_number(hi)}"
        else:
            bounds = []
            if lo is not None:
                word = "greater than" if self.exclusive_minimum else "at least"
                bounds.append(f"{word} {_number(lo)}")
            if hi is not None:
                bounds.append(f"at most {_number(hi)}")
            if bounds:
                text += " " + " and ".join(bounds)
        if self.words:
            text = " or ".join(repr(w) for w in self.words) + " or " + text
        return text

    def type_name(self) -> str:
        """A short type for tables: ``int``, ``float``, ``flag``, ``auto|int``, ``a|b|c``."""
        if self.kind == "choice":
            return "|".join(self.choices)
        base = "flag" if self.kind == "bool" else self.kind
        return "|".join((*self.words, base))

    def bounds(self) -> str:
        """The bounds for tables: ``1 … 64``, ``> 0 … 600``, or ``""``."""
        if self.kind not in ("int", "float") or (self.minimum is None and self.maximum is None):
            return ""
        lo = "" if self.minimum is None else _number(self.minimum)
        if self.exclusive_minimum:
            lo = "> " + lo
        hi = "" if self.maximum is None else _number(self.maximum)
        return f"{lo} … {hi}".strip()

    def format(self, value: Value | None) -> str:
        """The canonical spelling of a value (``-`` for an unset default)."""
        if value is None:
            return "-"
        if isinstance(value, str):
            return value
        if self.kind == "bool":
            return "1" if value else "0"
        if self.kind == "float":
            return _number(float(value))
        return str(int(value))

    # ------------------------------------------------------------------ checking

    def _error(self, bot: str, got: object) -> BotSpecError:
        shown = got if isinstance(got, str) else repr(got)
        return BotSpecError(
            f"{bot}: parameter {self.name!r} must be {self.describe()}, got {_shown(shown)}",
            bot=bot,
            param=self.name,
        )

    def parse(self, text: str, bot: str = "") -> Value:
        """The value spelled ``text`` (stripped), or :class:`BotSpecError`."""
        text = raw = text.strip()
        value: Value
        if text in self.words:
            return text
        if self.kind == "bool":
            if text.lower() in _TRUE:
                return True
            if text.lower() in _FALSE:
                return False
            raise self._error(bot, raw)
        if self.kind == "choice":
            if text in self.choices:
                return text
            raise self._error(bot, raw)
        if self.kind == "int":
            if not _INT.fullmatch(text):
                raise self._error(bot, raw)
            try:
                value = int(text)
            except ValueError:  # more digits than Python converts
                raise self._error(bot, raw) from None
        else:
            if not _FLOAT.fullmatch(text):
                raise self._error(bot, raw)
            value = float(text) + 0.0  # -0.0 → 0.0: one spelling per value
            if not math.isfinite(value):
                raise self._error(bot, raw)
        return self._bounded(value, bot, raw)

    def convert(self, value: object, bot: str = "") -> Value:
        """A Python value (or a spelling, as :meth:`parse`) checked and converted."""
        if isinstance(value, str):
            return self.parse(value, bot)
        if self.kind == "bool":
            if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
                return bool(value)
            raise self._error(bot, value)
        if self.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            return self._bounded(value, bot, value)
        if (
            self.kind == "float"
            and isinstance(value, int | float)
            and not isinstance(value, bool)
            and math.isfinite(value)
        ):
            return self._bounded(float(value) + 0.0, bot, value)
        raise self._error(bot, value)

    def _bounded(self, value: float, bot: str, got: object) -> Value:
        lo, hi = self.minimum, self.maximum
        if lo is not None and (value <= lo if self.exclusive_minimum else value < lo):
            raise self._error(bot, got)
        if hi is not None and value > hi:
            raise self._error(bot, got)
        return value


def _registry() -> Mapping[str, Callable[..., Bot]]:
    from . import BOTS  # the registry imports the bot classes, which import this module

    return BOTS


def bot_names() -> list[str]:
    """The names of the registered bots, sorted."""
    return sorted(_registry())


def bot_params(name: str) -> tuple[Param, ...]:
    """The parameters bot ``name`` declares (``PARAMS``; none if it declares none)."""
    factory = _registry().get(name)
    if factory is None:
        raise BotSpecError(
            f"no bot called {name!r}; the bots are: {', '.join(bot_names())}", bot=name
        )
    params: tuple[Param, ...] = getattr(factory, "PARAMS", ())
    return params


def _param(name: str, key: str, params: tuple[Param, ...]) -> Param:
    for p in params:
        if p.name == key:
            return p
    if not params:
        raise BotSpecError(f"{name}: takes no parameters, got {_shown(key)}", bot=name, param=key)
    names = ", ".join(p.name for p in params)
    raise BotSpecError(
        f"{name}: no parameter {_shown(key)}; its parameters are: {names}", bot=name, param=key
    )


@dataclass(frozen=True)
class BotSpec:
    """A bot and the parameters given for it, checked and converted (hashable).

    ``params`` holds the given parameters only, as ``(name, value)`` pairs in the bot's
    declaration order; :meth:`value` adds the defaults. Build one with :meth:`parse` (a
    spec string) or :meth:`of` (Python values); both check everything.
    """

    name: str
    params: tuple[tuple[str, Value], ...] = ()

    def __post_init__(self) -> None:
        declared = bot_params(self.name)
        given: dict[str, Value] = {}
        for key, value in self.params:
            p = _param(self.name, key, declared)
            if key in given:
                raise BotSpecError(
                    f"{self.name}: parameter {key!r} is given twice", bot=self.name, param=key
                )
            given[key] = p.convert(value, self.name)
        ordered = tuple((p.name, given[p.name]) for p in declared if p.name in given)
        object.__setattr__(self, "params", ordered)

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """The spec spelled ``text``: ``name`` or ``name:key=value,key=value``.

        Whitespace around the whole text, the name, keys and values is ignored, and so are
        empty items (``ismcts:,seconds=1``); anything else that is not what the bot
        declares raises :class:`BotSpecError`.
        """
        name, colon, rest = text.strip().partition(":")
        name = name.strip()
        if not name:
            raise BotSpecError(f"a bot spec starts with the bot's name, got {_shown(text)}")
        if name not in _registry():
            hint = ""
            if "=" in name or "," in name:
                hint = " (a spec is NAME or NAME:key=value,key=value)"
            raise BotSpecError(
                f"no bot called {_shown(name)}; the bots are: {', '.join(bot_names())}{hint}",
                bot=name,
            )
        declared = bot_params(name)
        items: list[tuple[str, Value]] = []
        seen: set[str] = set()
        for item in rest.split(",") if colon else ():
            if not item.strip():
                continue
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq or not key:
                raise BotSpecError(
                    f"{name}: a bot parameter must be key=value, got {_shown(item.strip())}",
                    bot=name,
                )
            p = _param(name, key, declared)
            if key in seen:
                raise BotSpecError(f"{name}: parameter {key!r} is given twice", bot=name, param=key)
            seen.add(key)
            items.append((key, p.parse(value, name)))
        return cls(name, tuple(items))

    @classmethod
    def of(cls, name: str, **params: object) -> BotSpec:
        """A spec from Python values: ``BotSpec.of("ismcts", seconds=0.5, prune=False)``."""
        declared = bot_params(name)
        return cls(
            name, tuple((k, _param(name, k, declared).convert(v, name)) for k, v in params.items())
        )

    def __str__(self) -> str:
        if not self.params:
            return self.name
        declared = {p.name: p for p in self.params_info()}
        return f"{self.name}:" + ",".join(f"{k}={declared[k].format(v)}" for k, v in self.params)

    # ------------------------------------------------------------------ reading

    def params_info(self) -> tuple[Param, ...]:
        """The parameters the bot declares (for help texts)."""
        return bot_params(self.name)

    @property
    def given(self) -> dict[str, Value]:
        """The parameters the spec gives, by name."""
        return dict(self.params)

    def value(self, name: str) -> Value | None:
        """The effective value of parameter ``name``: the given one, else its default
        (``None`` for an unset default, e.g. ISMCTS's ``iterations`` when only a time
        budget applies). ``KeyError`` if the bot declares no such parameter."""
        for key, value in self.params:
            if key == name:
                return value
        for p in self.params_info():
            if p.name == name:
                return p.default
        raise KeyError(f"bot {self.name!r} has no parameter {name!r}")

    @property
    def search(self) -> bool:
        """True for a CPU-heavy search bot (its class sets ``SEARCH = True``)."""
        return bool(getattr(_registry()[self.name], "SEARCH", False))

    # ------------------------------------------------------------------ changing, building

    def with_params(self, **params: object) -> BotSpec:
        """This spec with some parameters set (replacing given ones), all checked:
        ``spec.with_params(seconds=1.0)``."""
        declared = bot_params(self.name)
        merged = dict(self.params)
        for k, v in params.items():
            merged[k] = _param(self.name, k, declared).convert(v, self.name)
        return BotSpec(self.name, tuple(merged.items()))

    def without(self, *names: str) -> BotSpec:
        """This spec without the given parameters (back to their defaults)."""
        return BotSpec(self.name, tuple((k, v) for k, v in self.params if k not in names))

    def build(self) -> Bot:
        """A new bot of this spec."""
        try:
            return _registry()[self.name](**dict(self.params))
        except TypeError as err:  # a registered factory that disagrees with its PARAMS
            raise BotSpecError(
                f"bad parameters for bot {self.name!r}: {err}", bot=self.name
            ) from None


def as_spec(spec: str | BotSpec) -> BotSpec:
    """``spec`` itself, or the spec a string spells."""
    return spec if isinstance(spec, BotSpec) else BotSpec.parse(spec)


def canonical(spec: str | BotSpec) -> str:
    """The canonical spelling of a spec (checking it).

    >>> canonical("ismcts: iterations = 0200, prune=true")
    'ismcts:iterations=200,prune=1'
    """
    return str(as_spec(spec))


def split_specs(text: str) -> list[str]:
    """Split a list of specs given as one string; each spec stays a string (not parsed).

    Specs are separated by commas, and so are a spec's parameters: an item ``key=value``
    without a colon continues the spec before it if that one has parameters (``ismcts:…``).
    A semicolon always separates specs (``ismcts:iterations=200,gamma=0.1;random``). Words
    that are not bots (the seat word ``human``) pass through for the caller to handle.

    >>> split_specs("human, ismcts:iterations=50, gamma=0.1")
    ['human', 'ismcts:iterations=50,gamma=0.1']
    >>> split_specs("ismcts:iterations=200,gamma=0.1;random")
    ['ismcts:iterations=200,gamma=0.1', 'random']
    """
    specs: list[str] = []
    for group in text.split(";"):
        start = len(specs)
        for part in (p.strip() for p in group.split(",")):
            if not part:
                continue
            if "=" in part and ":" not in part and len(specs) > start and ":" in specs[-1]:
                specs[-1] += "," + part
            else:
                specs.append(part)
    return specs


def params_markdown() -> str:
    """The parameters of every registered bot as a Markdown table (docs/bots.md)."""
    rows = [
        "| bot | parameter | type | default | bounds | what it does |",
        "|---|---|---|---|---|---|",
    ]
    for name in bot_names():
        params = bot_params(name)
        if not params:
            rows.append(f"| `{name}` | — | | | | takes no parameters |")
        for p in params:
            kind = p.type_name().replace("|", "\\|")
            default = "—" if p.default is None else f"`{p.format(p.default)}`"
            rows.append(f"| `{name}` | `{p.name}` | {kind} | {default} | {p.bounds()} | {p.help} |")
    return "\n".join(rows) + "\n"


__all__ = [
    "BotSpec",
    "BotSpecError",
    "Param",
    "Value",
    "as_spec",
    "bot_names",
    "bot_params",
    "canonical",
    "params_markdown",
    "split_specs",
]
