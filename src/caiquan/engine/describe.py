"""What a game declares about itself, so that no outer layer keeps a table keyed by game id.

A game package is complete on its own. Besides its rules (a :class:`~caiquan.engine.Game`
and its :class:`~caiquan.engine.State`), it declares, on its ``Game`` class:

* its **type**: ``dynamics`` (simultaneous decisions or not), ``chance`` (``"seeded"``: the
  deal and every later random event come from the state's seeded RNG; ``"deterministic"``:
  none), ``information`` (``"perfect"`` or ``"imperfect"``) and, per configuration,
  :meth:`~caiquan.engine.Game.utility_sum` (``0.0`` for zero-sum returns, another number for
  constant-sum, ``None`` for general-sum);
* which decision kinds are **matrix games** when two players make them together
  (``matrix_kinds``, default ``{"throw"}``): ``nash`` solves them, ``ismcts`` defers to it;
* its **public catalogue**: every card, character, skill, weapon, role … a player may read
  about, with its name and full text in Chinese and English (:class:`Entry`);
* what counts as **a card played** (:meth:`~caiquan.engine.Game.cards_played`), for the lab;
* its **balance targets** as data: ``balance.toml`` beside its ``rules.md`` (:class:`Target`);
* its **glossary** as data: ``glossary.toml`` beside its ``rules.md`` (:class:`Glossary`):
  every word a player meets at the table (observation keys the panels show, phases,
  decision kinds, end reasons, option names and values) in Chinese and English with a
  one-line explanation, on top of the engine's shared words (``engine/glossary.toml``);
* **hooks** for the outer layers, as ``"module:attr"`` references resolved only when used
  (:attr:`~caiquan.engine.Game.hooks`; a module name starting with ``.`` is relative to the
  game's package). Every hook is optional; each outer layer has a generic fallback:

  =================  ============================================  =========================
  hook               what it names                                 without it
  =================  ============================================  =========================
  ``strategy``       a module with ``policy``, ``rollout``,        ``greedy`` plays at
                     ``evaluate`` (and optionally ``prune``,       random; ``ismcts`` rolls
                     ``DEPTH``, ``plausibility``, ``MODEL``)       out at random
  ``throw_payoffs``  ``f(view) -> matrix | None``: exact payoffs   ``nash`` values throws by
                     of a two-player simultaneous decision         rollouts; the lab counts
                                                                   no dominated throws
  ``encoder``        ``Encoder`` subclass (``cls(game)``)          the tensor adapters
                                                                   refuse it, saying why
  ``terminal``       a module with ``panel(game, obs, lang,        the terminal's generic
                     options)`` and optionally ``explain``,        panel (the observation
                     ``unavailable``, ``TOGGLES``                  as a tree)
  ``web``            a JavaScript module in the package whose      the browser's generic
                     default export draws the game's panel         panel
                     (and optionally ``watched``: a CSS selector
                     of the texts that flash when they change)
  ``css``            a stylesheet in the package for that panel    the shared stylesheet
                     (the browser loads it with the panel)         alone
  ``matchups``       ``f(game, values) -> dict``: the game's own   the matchup matrix has
                     analysis of every pairing of the values of    win rates only
                     a ``matchup_rate`` target's label (JSON:
                     ``title``, ``note`` as ``{zh, en}``;
                     ``pairs[a][b]``: ``value`` (a number, for
                     ``a`` in seat 0), ``detail`` ``{zh, en}``)
  ``preview``        ``f(game, decision, observation) -> dict``:   the options carry no
                     per option name, what choosing it would       preview
                     change (JSON), from the deciding seat's own
                     observation; the server sends it with the
                     option as ``preview``
  ``bench``          a module of benchmark workloads:              each player count at
                     ``WORKLOADS`` (the configurations             default options; in no
                     ``caiquan bench`` measures, in                exploitability table
                     ``Game.reference_configs``) and, for the
                     exploitability benchmark,
                     ``nash_conv_config(size)`` (a chance-free
                     configuration for OpenSpiel's exact
                     NashConv) or ``throw_matrix`` (``f(world,
                     player)``: the matrix ``greedy`` samples
                     its throw from; with ``throw_payoffs``)
  =================  ============================================  =========================

:meth:`~caiquan.engine.Game.description` gathers all of it as one JSON-ready value
(the server's ``GET /api/games/{id}/description``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module, resources
from typing import Any, Literal

from .errors import ContentError
from .types import JSONValue

Dynamics = Literal["simultaneous", "sequential"]
Chance = Literal["seeded", "deterministic"]
Information = Literal["perfect", "imperfect"]

#: The hooks a game may declare (see the module docstring).
HOOKS: tuple[str, ...] = (
    "strategy",
    "throw_payoffs",
    "encoder",
    "terminal",
    "web",
    "css",
    "matchups",
    "guide",
    "learn",
    "preview",
    "bench",
)

Scalar = str | int | float | bool


@dataclass(frozen=True)
class Text:
    """A text in Chinese and English.

    >>> Text("石头", "rock")("zh")
    '石头'
    """

    zh: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en

    def as_json(self) -> dict[str, JSONValue]:
        return {"zh": self.zh, "en": self.en}


def number(value: float) -> str:
    """A score as people read it: a whole number plainly, anything else to two places.

    >>> number(3.0), number(-0.3333333), number(0.5)
    ('3', '-0.33', '0.5')
    """
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0")


@dataclass(frozen=True)
class Standing:
    """One line of a finished game's score sheet: what it counts and each player's value.

    ``values[p]`` is player ``p``'s, as text (a number, a name) in Chinese and English.
    """

    label: Text
    values: tuple[Text, ...]

    def as_json(self) -> dict[str, JSONValue]:
        return {"label": self.label.as_json(), "values": [v.as_json() for v in self.values]}


@dataclass(frozen=True)
class Ending:
    """A finished game told to people (:meth:`~caiquan.engine.State.ending`).

    ``reason`` says in words why the game ended and how the places follow from it (the
    numbers that decided it); ``standings`` are the score sheet, one :class:`Standing` per
    thing counted. Only public information: every player may read it.
    """

    reason: Text
    standings: tuple[Standing, ...] = ()

    def as_json(self) -> dict[str, JSONValue]:
        return {
            "reason": self.reason.as_json(),
            "standings": [s.as_json() for s in self.standings],
        }


def same(text: object) -> Text:
    """A text that reads the same in both languages (a number, a seat letter)."""
    return Text(str(text), str(text))


@dataclass(frozen=True)
class Entry:
    """One item of a game's public catalogue: a card, character, skill, weapon, role …

    ``kind`` groups entries (``"character"``, ``"skill"`` …); ``id`` is the id the game's
    observations and events use for it (as a string); ``name`` and ``text`` are what a player
    reads (``text``: everything it does); ``fields`` are its public attributes.
    """

    kind: str
    id: str
    name: Text
    text: Text
    fields: Mapping[str, Scalar] = field(default_factory=dict)

    def as_json(self) -> dict[str, JSONValue]:
        return {
            "kind": self.kind,
            "id": self.id,
            "name": self.name.as_json(),
            "text": self.text.as_json(),
            "fields": dict(self.fields),
        }


#: The kinds of balance target the lab knows, and the parameters each takes. A target's texts
#: may name ``{players}`` (the number of seats); ``dealt_lift`` texts may name ``{card}``.
TARGET_KINDS: dict[str, tuple[str, ...]] = {
    # every value of a row label (e.g. each character) wins within [min, max]; when the report
    # has a matchup matrix of the same label, its ``matchup_rate`` target speaks instead
    "label_rate": ("label", "min", "max"),
    # seat 0 minus seat 1 within ±max (two-player games)
    "seat_gap": ("max",),
    # every seat wins within [min, max]
    "seat_rate": ("min", "max"),
    # every seat within ±max of 1/N
    "seat_fair": ("max",),
    # a metric's median within [min, max]
    "metric_median": ("metric", "min", "max"),
    # the share of drawn games below max
    "draw_rate": ("max",),
    # the share of games ending for one of the reasons (comma-separated) at least min
    "end_reason": ("reasons", "min"),
    # one value of a label wins clearly more often than another (intervals apart)
    "label_order": ("label", "better", "worse"),
    # no card lifts its player's win rate by more than max (adjusted for cards played)
    "card_lift": ("max",),
    # a card dealt at random lifts its player's win rate by at most max: the label's values
    # are ``"<label> <card>"`` for the seat dealt the card and ``rest`` for the others
    "dealt_lift": ("label", "rest", "max"),
    # every value of a label wins within [min, max] against the field: the lab's matchup
    # matrix plays every pairing of the label's values (its catalogue entries of that kind),
    # both seat orders, with ``option`` set to ``"a,b"`` (a in seat 0) to fix the pairing
    "matchup_rate": ("label", "option", "min", "max"),
    # the first player to decide alone (e.g. promise's first picker) wins within [min, max]
    "first_player": ("min", "max"),
    # every value of a label is played in at least min of the games (its seats over the
    # games: e.g. each promise character drafted in at least 8 % of games) — the values are
    # the game's catalogue entries of that kind, so one never played counts as 0 %
    "label_share": ("label", "min"),
}


@dataclass(frozen=True)
class Target:
    """A design target the balance report checks, e.g. ``seat_gap`` with ``max = 0.03``."""

    kind: str
    text: Text
    params: Mapping[str, Scalar]

    def as_json(self) -> dict[str, JSONValue]:
        return {"kind": self.kind, "text": self.text.as_json(), "params": dict(self.params)}


def load_targets(package: str) -> tuple[Target, ...]:
    """The balance targets in ``package``'s ``balance.toml`` (none if it has no such file).

    The file is a list of ``[[target]]`` tables with ``kind``, ``zh``, ``en`` and the kind's
    parameters (:data:`TARGET_KINDS`); errors name the file, the target and the field.
    """
    if not package:
        return ()
    path = resources.files(package).joinpath("balance.toml")
    if not path.is_file():
        return ()
    where = f"{package.replace('.', '/')}/balance.toml"
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ContentError(f"{where}: {err}") from None
    return tuple(
        _target(raw, f"{where}, target {i + 1}") for i, raw in enumerate(data.get("target", []))
    )


def _target(raw: Mapping[str, Any], name: str) -> Target:
    """One ``[[target]]`` table, checked (``name`` says where it is, for errors)."""
    kind = raw.get("kind")
    if kind not in TARGET_KINDS:
        raise ContentError(f"{name}: kind {kind!r} is not one of {sorted(TARGET_KINDS)}")
    for key in ("zh", "en"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise ContentError(f"{name} ({kind}): field {key!r} must be a non-empty text")
    wanted = TARGET_KINDS[kind]
    params = {k: v for k, v in raw.items() if k not in ("kind", "zh", "en")}
    missing = [k for k in wanted if k not in params]
    extra = [k for k in params if k not in wanted]
    if missing or extra:
        raise ContentError(
            f"{name} ({kind}): takes {', '.join(wanted)}"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; unknown {', '.join(extra)}" if extra else "")
        )
    for k, v in params.items():
        if not isinstance(v, (str, int, float)) or isinstance(v, bool):
            raise ContentError(f"{name} ({kind}): field {k!r} must be a text or a number")
    return Target(kind, Text(raw["zh"], raw["en"]), params)


@dataclass(frozen=True)
class Term:
    """One word of a glossary: its name as a player reads it and a one-line explanation."""

    name: Text
    about: Text

    def as_json(self) -> dict[str, JSONValue]:
        return {"name": self.name.as_json(), "about": self.about.as_json()}


@dataclass(frozen=True)
class OptionTerm:
    """An option's name in the lobby, what it does (default: its help) and its values' names."""

    name: Text
    about: Text | None = None
    values: Mapping[str, Text] = field(default_factory=dict)

    def as_json(self) -> dict[str, JSONValue]:
        return {
            "name": self.name.as_json(),
            "about": self.about.as_json() if self.about else None,
            "values": {k: v.as_json() for k, v in self.values.items()},
        }


@dataclass(frozen=True)
class Glossary:
    """Every word a player meets at a game's table (:func:`load_glossary`).

    ``words[key]``: an observation key a panel shows, a phase, a decision kind, an end
    reason, a word a panel uses; ``options[name]``: an option of the lobby and its values.
    UIs look words up here and never show a raw key; a game's tests check it is complete.
    """

    words: Mapping[str, Term] = field(default_factory=dict)
    options: Mapping[str, OptionTerm] = field(default_factory=dict)

    def word(self, key: str, lang: str) -> str:
        """``key``'s name in ``lang``; a key missing from the glossary raises ``KeyError``."""
        return self.words[key].name(lang)

    def merged(self, other: Glossary) -> Glossary:
        """This glossary with ``other``'s terms added (``other`` wins where both have one)."""
        return Glossary({**self.words, **other.words}, {**self.options, **other.options})

    def as_json(self) -> dict[str, JSONValue]:
        return {
            "words": {k: v.as_json() for k, v in self.words.items()},
            "options": {k: v.as_json() for k, v in self.options.items()},
        }


def load_glossary(package: str, filename: str = "glossary.toml") -> Glossary:
    """The glossary in ``package``'s ``glossary.toml`` (empty if it has none).

    The file has a table ``[word.KEY]`` per word (``zh``, ``en``, ``about_zh``, ``about_en``)
    and a table ``[option.NAME]`` per option (``zh``, ``en``; optionally ``about_zh`` and
    ``about_en``, else the option's help explains it; ``values`` maps each choice or preset
    to ``{zh, en}``). Errors name the file and the term.
    """
    if not package:
        return Glossary()
    path = resources.files(package).joinpath(filename)
    if not path.is_file():
        return Glossary()
    where = f"{package.replace('.', '/')}/{filename}"
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ContentError(f"{where}: {err}") from None
    unknown = set(data) - {"word", "option"}
    if unknown:
        raise ContentError(f"{where}: unknown tables {sorted(unknown)} (word, option)")

    def text(raw: Any, name: str, prefix: str = "") -> Text:
        zh = raw.get(f"{prefix}zh") if isinstance(raw, Mapping) else None
        en = raw.get(f"{prefix}en") if isinstance(raw, Mapping) else None
        if not (isinstance(zh, str) and zh.strip() and isinstance(en, str) and en.strip()):
            raise ContentError(f"{where}, {name}: needs non-empty {prefix}zh and {prefix}en")
        return Text(zh, en)

    words = {
        key: Term(text(raw, f"word {key}"), text(raw, f"word {key}", "about_"))
        for key, raw in data.get("word", {}).items()
    }
    options = {}
    for key, raw in data.get("option", {}).items():
        about = text(raw, f"option {key}", "about_") if "about_zh" in raw else None
        values = {v: text(t, f"option {key} value {v}") for v, t in raw.get("values", {}).items()}
        options[key] = OptionTerm(text(raw, f"option {key}"), about, values)
    return Glossary(words, options)


def resolve_hook(package: str, reference: str) -> Any:
    """The object a hook reference names: ``"module:attr"`` or ``"module"`` (a module).

    ``module`` may be relative to ``package`` (``".strategy"``). References come from game
    packages (code), never from the network.
    """
    module, _, attr = reference.partition(":")
    mod = import_module(module, package or None)
    return getattr(mod, attr) if attr else mod


__all__ = [
    "HOOKS",
    "TARGET_KINDS",
    "Chance",
    "Dynamics",
    "Entry",
    "Glossary",
    "Information",
    "OptionTerm",
    "Target",
    "Term",
    "Text",
    "load_glossary",
    "load_targets",
    "resolve_hook",
]
