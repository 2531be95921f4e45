"""A game: what it is (id, version, players, options, content) and a factory of states."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from .config import ConfigOption, ConfigValue, validate_config
from .describe import (
    HOOKS,
    Chance,
    Dynamics,
    Entry,
    Glossary,
    Information,
    OptionTerm,
    Target,
    Text,
    load_glossary,
    load_targets,
    resolve_hook,
)
from .errors import ConfigError, RecordError, RecordVersionError
from .record import Record
from .state import State
from .types import Choice, JSONValue

MAX_SEED = (1 << 64) - 1

#: The bot strengths a player chooses from (the lobby's seat list, ``caiquan play --seats``),
#: weakest first.
STRENGTH_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")

#: The ladder a game plays unless it declares its own (:attr:`Game.strengths`): level → bot
#: spec (``caiquan.bots``). docs/bots.md gives the measurements behind each game's ladder.
#: ``hard`` searches a fixed 200 playouts a move (the budget the ladder measures, so the
#: figures describe the bot a player meets, and a seed replays the same moves on any
#: machine), capped at one second where a slow or busy machine would take longer.
DEFAULT_STRENGTHS: Mapping[str, str] = MappingProxyType(
    {"easy": "random", "medium": "greedy", "hard": "ismcts:iterations=200,seconds=1"}
)


class Game(ABC):
    """A game with a fixed configuration. Immutable after construction; makes states.

    Subclasses declare, as class attributes, what the game is: ``id`` (stable, lower case),
    ``version`` (raise it whenever a rule change would make an old record replay
    differently), names, player range, ``options`` and ``state_class``.

    >>> from caiquan.games import load_game
    >>> game = load_game("goofspiel", num_cards=4, points_order="descending")
    >>> game.id, game.num_players, game.config["points_order"]
    ('goofspiel', 2, 'descending')
    """

    id: ClassVar[str]
    version: ClassVar[int]
    name_zh: ClassVar[str]
    name_en: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[ConfigOption, ...]] = ()
    state_class: ClassVar[type[State]]
    #: The package that holds ``rules.md`` (for :meth:`rules`) and ``balance.toml``, and that
    #: relative hook references start from (default: the package of the class's module).
    rules_package: ClassVar[str] = ""
    #: The game's type (see :mod:`caiquan.engine.describe`).
    dynamics: ClassVar[Dynamics] = "simultaneous"
    chance: ClassVar[Chance] = "seeded"
    information: ClassVar[Information] = "imperfect"
    #: Where the lobby lists the game (lower first; then by id): the platform's own games
    #: before reference games such as goofspiel.
    lobby_order: ClassVar[int] = 100
    #: Decision kinds that are one-shot matrix games when two players make them together
    #: (RPS throws): ``nash`` solves them exactly, ``ismcts`` hands them to ``nash``.
    matrix_kinds: ClassVar[frozenset[str]] = frozenset({"throw"})
    #: Hooks for the outer layers: name → ``"module:attr"`` (see :mod:`caiquan.engine.describe`).
    hooks: ClassVar[Mapping[str, str]] = {}
    #: The bot that plays each strength (:data:`STRENGTH_LEVELS`) in this game: level → bot
    #: spec, chosen from measurements so that easy < medium < hard holds in this game
    #: (docs/bots.md, "The strength ladder"). The server's ``strength``, the terminal's and
    #: the command line's seat words ``easy``/``medium``/``hard`` read it.
    strengths: ClassVar[Mapping[str, str]] = DEFAULT_STRENGTHS
    #: The events a player is shown carry everything their observation ever reveals: a
    #: player's observation follows from their first one, their own decisions and the
    #: events they saw. Adapters may then leave the current observation out of a
    #: perfect-recall key (the OpenSpiel adapter's information-state string), which makes
    #: it several times cheaper. Declare it only when it holds: the conformance harness
    #: (``check_events_tell_all``) replays the same decisions in other worlds consistent with
    #: a player's view and fails if equal events ever come with different observations.
    events_tell_all: ClassVar[bool] = False

    def __init__(self, config: Mapping[str, Any] | None = None, /, **options: Any) -> None:
        merged = {**(config or {}), **options}
        self.config: Mapping[str, ConfigValue] = validate_config(
            self.options, merged, game_id=self.id
        )
        players = self.config.get("players", self.min_players)
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.id}: {players!r} players; this game takes "
                f"{self.min_players}–{self.max_players}"
            )
        self.num_players: int = players
        self._prepare()

    # ------------------------------------------------------------------ hooks

    def _prepare(self) -> None:
        """Load content and precompute tables (may raise ContentError)."""

    @property
    @abstractmethod
    def num_option_ids(self) -> int:
        """Size of the option-id space: every option id is in ``range(num_option_ids)``."""

    @abstractmethod
    def max_decisions(self) -> int:
        """An upper bound on the number of joint decisions in one game."""

    def content_files(self) -> list[tuple[str, bytes]]:
        """The content files this game was built from: ``(option name, the file's bytes)``
        for each content option (a preset is ``content/<name>.toml`` in the game's package,
        any other value a path); empty for a game without content. A game whose loader reads
        more (a file completed from the preset) says so by overriding this."""
        out = []
        for opt in self.options:
            if opt.presets is None:
                continue
            value = str(self.config.get(opt.name, opt.default)) or str(opt.default)
            if value in opt.presets:
                ref = resources.files(self.package()).joinpath("content", f"{value}.toml")
                data = ref.read_bytes()
            else:
                try:
                    data = Path(value).read_bytes()
                except OSError as err:
                    raise ConfigError(f"{self.id}: cannot read {value}: {err.strerror}") from None
            out.append((opt.name, data))
        return out

    def content_digest(self) -> str:
        """SHA-256 (lower-case hex) naming this game's content: over the canonical JSON of
        ``[[option, SHA-256 of its file's bytes], …]`` (:meth:`content_files`) — what a fair
        table's commitment covers besides the options (caiquan.engine.fair).

        >>> from caiquan.games import load_game
        >>> len(load_game("goofspiel").content_digest())
        64
        """
        parts = [[name, hashlib.sha256(data).hexdigest()] for name, data in self.content_files()]
        text = json.dumps(parts, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def describe_option(self, option: int) -> Choice:
        """Fixed readable names for an option id (states may refine them)."""
        return Choice(option, f"option-{option}", f"选项 {option}", f"option {option}")

    def utility_range(self) -> tuple[float, float]:
        return (-1.0, 1.0)

    def utility_sum(self) -> float | None:
        """What every game's returns sum to (``0.0``: zero-sum), or ``None`` (general-sum)."""
        return 0.0

    @classmethod
    def reference_configs(cls) -> list[dict[str, Any]]:
        """The configurations benchmarks measure by default: the ``bench`` hook's
        ``WORKLOADS`` (e.g. a reference implementation's setting), else each player count the
        game takes, at default options."""
        bench = cls.hook("bench")
        workloads = getattr(bench, "WORKLOADS", None)
        if workloads is not None:
            return [dict(w) for w in workloads]
        if not any(o.name == "players" for o in cls.options):
            return [{}]
        return [{"players": n} for n in range(cls.min_players, cls.max_players + 1)]

    def catalogue(self) -> tuple[Entry, ...]:
        """The public cards, characters, skills … with their names and texts (zh/en)."""
        return ()

    def cards_played(self, state: State) -> list[list[str]]:
        """The distinct catalogue ids each player played in a finished game (for the lab's
        per-card statistics); no card statistics by default."""
        return [[] for _ in range(state.num_players)]

    def balance_targets(self) -> tuple[Target, ...]:
        """The design targets the balance report checks (the package's ``balance.toml``)."""
        return load_targets(self.package())

    @classmethod
    def glossary(cls) -> Glossary:
        """Every word a player meets at this game's table: the engine's shared words, then the
        game's ``glossary.toml`` (see :mod:`caiquan.engine.describe`); an option the file
        does not explain is explained by its help."""
        return _glossary(cls)

    @classmethod
    def package(cls) -> str:
        """The game's package (where its data, text and hooks live)."""
        return cls.rules_package or cls.__module__.rpartition(".")[0]

    @classmethod
    def hook(cls, name: str) -> Any:
        """The object a hook names (``None`` if the game declares none).

        ``web``, ``css`` and ``guide`` are files of the package and return their text; every
        other hook is imported.
        """
        if name not in HOOKS:
            raise KeyError(f"no hook {name!r}; the hooks are {', '.join(HOOKS)}")
        ref = cls.hooks.get(name)
        if ref is None:
            return None
        if name in ("web", "css", "guide"):
            return resources.files(cls.package()).joinpath(ref).read_text("utf-8")
        return resolve_hook(cls.package(), ref)

    def format_event(
        self,
        event: Mapping[str, JSONValue],
        lang: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        """One line of text for an event (as returned by ``State.events``).

        ``names``: the table's display name of each seat (what its seat chips say), to name
        the players by; without them a game names players its own way (``player 2``, ``A``).
        A name is plain text: a game puts it into the line as it is. The generic line here
        names no player and ignores them.
        """
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("seq", "kind"))
        return f"{event['kind']}: {fields}" if fields else str(event["kind"])

    @classmethod
    def strength(cls, level: str) -> str:
        """The bot spec that plays strength ``level`` (``easy``, ``medium``, ``hard``) here.

        >>> from caiquan.games import game_class
        >>> game_class("goofspiel").strength("easy")
        'random'
        """
        if level not in STRENGTH_LEVELS:
            raise ConfigError(
                f"no strength {level[:40]!r}; the strengths are {', '.join(STRENGTH_LEVELS)}"
            )
        return cls.strengths.get(level, DEFAULT_STRENGTHS[level])

    def strength_note(self, level: str) -> Text | None:
        """What plays strength ``level`` in this configuration, in words, where the kind of
        its bot would mislead a player: e.g. a search (``ismcts``) that hands every
        decision of this configuration to a solved table. ``None`` (the default): the
        bot's kind says it. The lobby and a table's seat chips show it
        (:meth:`strength_notes`); a game whose heuristic has an ``expert`` hook declares
        where that hook plays instead of the search."""
        return None

    def strength_notes(self) -> dict[str, JSONValue]:
        """:meth:`strength_note` of every level that has one: level → ``{"zh", "en"}``."""
        notes: dict[str, JSONValue] = {}
        for level in STRENGTH_LEVELS:
            note = self.strength_note(level)
            if note is not None:
                notes[level] = note.as_json()
        return notes

    # ------------------------------------------------------------------ public API

    def new_state(self, seed: int | None = None) -> State:
        """A new game dealt from ``seed`` (a fresh random seed if ``None``)."""
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ConfigError(f"a seed is a whole number from 0 to 2**64−1, got {seed!r}")
        return self.state_class(self, seed)

    def replay(self, record: Record, *, upto: int | None = None) -> State:
        """Rebuild the state a record describes (optionally only its first ``upto`` decisions).

        The record must be of this game, this rules version and this configuration.
        """
        if record.game != self.id:
            raise RecordError(f"this is a record of {record.game!r}, not of {self.id!r}")
        if record.version != self.version:
            made = record.meta.get("caiquan", "another release")
            raise RecordVersionError(
                f"this record was made with {self.id} rules version {record.version}, but this "
                f"caiquan plays version {self.version}; replay it with caiquan {made}"
            )
        cfg = validate_config(self.options, record.config, game_id=self.id)
        if dict(cfg) != dict(self.config):
            raise RecordError(
                f"the record's configuration differs from this game's; load the game with "
                f"the record's options: {dict(cfg)}"
            )
        state = self.new_state(record.seed)
        decisions = record.decisions if upto is None else record.decisions[:upto]
        for i, joint in enumerate(decisions):
            try:
                state.apply(dict(joint))
            except Exception as err:
                raise RecordError(f"decision {i} does not replay: {err}") from err
        return state

    @classmethod
    def from_record(cls, record: Record) -> Game:
        """The game (with the record's configuration) that a record was played with."""
        try:
            return cls(record.config)
        except ConfigError as err:
            raise RecordError(f"the record's configuration is not valid: {err}") from err

    def rules(self, lang: str = "en") -> str:
        """The rules page (Markdown), in Chinese (``zh``) or English (``en``)."""
        if not self.rules_package:
            return f"{self.name_zh} / {self.name_en}: no rules page."
        text = resources.files(self.rules_package).joinpath("rules.md").read_text("utf-8")
        return select_language(text, lang)

    @classmethod
    def guide(cls, lang: str = "en") -> str | None:
        """The player's page (Markdown): how to play in one screen, in Chinese (``zh``) or
        English (``en``); ``None`` if the game has none (its ``guide`` hook)."""
        text = cls.hook("guide")
        return None if text is None else select_language(text, lang)

    @classmethod
    def guide_picture(cls, name: str) -> bytes | None:
        """A picture of the player's page: a PNG file beside the guide (``None`` if there
        is none by that name). ``name`` is a plain file name, never a path."""
        ref = cls.hooks.get("guide")
        if ref is None or not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,60}\.png", name):
            return None
        folder = ref.rpartition("/")[0]
        root = resources.files(cls.package())
        path = root.joinpath(folder, name) if folder else root.joinpath(name)
        return path.read_bytes() if path.is_file() else None

    def learn_hints(self, state: State, player: int) -> list[dict[str, str]]:
        """Learn mode's hints for ``player``'s decision now (the ``learn`` hook), from that
        player's own observation: what the decision is, what each kind of choice does and
        any key the game adds (``[]`` without the hook or without a decision)."""
        hints = self.hook("learn")
        if hints is None or player not in state.to_move():
            return []
        return list(hints(self, state.decision(player), state.observation(player)))

    def option_previews(self, state: State, player: int) -> dict[str, dict[str, JSONValue]]:
        """What each of ``player``'s options now would change (the ``preview`` hook), by
        option name, worked out from that player's own observation (``{}`` without the hook,
        without a decision, or at a decision the game previews nothing for)."""
        preview = self.hook("preview")
        if preview is None or player not in state.to_move():
            return {}
        return dict(preview(self, state.decision(player), state.observation(player)))

    def info(self) -> dict[str, JSONValue]:
        """A JSON-ready description of the game, its options and current configuration."""
        return {
            "id": self.id,
            "version": self.version,
            "name": {"zh": self.name_zh, "en": self.name_en},
            "players": {"min": self.min_players, "max": self.max_players, "this": self.num_players},
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "help": {"zh": o.help_zh, "en": o.help_en},
                    "choices": list(o.choices) if o.choices else None,
                    "min": o.minimum,
                    "max": o.maximum,
                    "presets": list(o.presets) if o.presets is not None else None,
                    "scope": o.scope,
                    **_option_labels(self.glossary(), o.name),
                }
                for o in self.options
            ],
            "config": dict(self.config),
            "num_option_ids": self.num_option_ids,
            "max_decisions": self.max_decisions(),
            "hooks": sorted(self.hooks),
            "strengths": {level: self.strength(level) for level in STRENGTH_LEVELS},
            "strength_notes": self.strength_notes(),
        }

    def description(self) -> dict[str, JSONValue]:
        """Everything the game declares, JSON-ready: :meth:`info` plus its type, catalogue,
        balance targets and which hooks it provides."""
        out = self.info()
        out.update(
            {
                "dynamics": self.dynamics,
                "chance": self.chance,
                "information": self.information,
                "utility_sum": self.utility_sum(),
                "matrix_kinds": sorted(self.matrix_kinds),
                "catalogue": [e.as_json() for e in self.catalogue()],
                "balance_targets": [t.as_json() for t in self.balance_targets()],
                "glossary": self.glossary().as_json(),
            }
        )
        return out

    def __copy__(self) -> Game:
        return self  # a game is immutable: copies share it

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return type(self) is type(other) and dict(self.config) == dict(other.config)

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted(self.config.items()))))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.config.items())
        return f"{type(self).__name__}({opts})"


_GLOSSARIES: dict[type[Game], Glossary] = {}


def _glossary(cls: type[Game]) -> Glossary:
    got = _GLOSSARIES.get(cls)
    if got is None:
        got = load_glossary("caiquan.engine").merged(load_glossary(cls.package()))
        options = dict(got.options)
        for o in cls.options:
            term = options.get(o.name)
            if term is not None and term.about is None:
                options[o.name] = OptionTerm(
                    term.name, Text(o.help_zh or o.help_en, o.help_en), term.values
                )
        got = _GLOSSARIES[cls] = Glossary(got.words, options)
    return got


def _option_labels(glossary: Glossary, name: str) -> dict[str, JSONValue]:
    """An option's name and its values' names in the lobby (``{}`` if the glossary lacks it)."""
    term = glossary.options.get(name)
    if term is None:
        return {}
    return {
        "label": term.name.as_json(),
        "labels": {k: v.as_json() for k, v in term.values.items()},
    }


def select_language(text: str, lang: str) -> str:
    """Keep one language of a bilingual Markdown page.

    Sections are marked by lines ``<!-- lang: zh -->`` / ``<!-- lang: en -->``; text before
    the first marker (or after ``<!-- lang: all -->``) is kept for both.
    """
    if lang not in ("zh", "en"):
        raise ConfigError(f"language must be 'zh' or 'en', got {lang!r}")
    out: list[str] = []
    current = "all"
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("<!-- lang:") and stripped.endswith("-->"):
            current = stripped[len("<!-- lang:") : -3].strip()
            continue
        if current in ("all", lang):
            out.append(line)
    return "\n".join(out).strip() + "\n"


def seat_name(names: Sequence[str] | None, player: object) -> str | None:
    """The display name of seat ``player`` in ``names`` (``Game.format_event``'s argument),
    or ``None`` when there is none to use (no names, not a seat number, an empty name): the
    game then names the player its own way.

    >>> seat_name(["小明", "bot 1"], 1), seat_name(None, 1), seat_name(["", "b"], 0)
    ('bot 1', None, None)
    """
    if names is None or not isinstance(player, int) or isinstance(player, bool):
        return None
    if 0 <= player < len(names) and names[player]:
        return names[player]
    return None
