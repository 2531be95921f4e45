"""剧牌 (Drama Cards), the game: its options (every seed formula kept, every addition an
option), the tables the rules read (the natures of the numbers, the role classes, the
weapon tiers), its catalogue of cards, roles and natures, and how options and events read.
The state and the flow of play are :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from caiquan.engine import (
    Choice,
    ConfigError,
    ConfigOption,
    ConfigValue,
    Entry,
    Game,
    JSONValue,
    Text,
)
from caiquan.engine.describe import Scalar

from . import text
from .cards import (
    ATTACK,
    DEFENCE,
    DISCARD,
    LABELS,
    NATURES,
    NUM_CARDS,
    NUM_OPTION_IDS,
    NUM_PLAYERS,
    REARM_DECLINE,
    REARM_DRAW,
    ROLE_BASE,
    SUPPLY,
    SUPPLY_DISCARD_BASE,
    SUPPLY_PASS,
    SUPPLY_REDRAW,
    TARGET_BASE,
    WEAPON_BASE,
    card_token,
    rank,
)
from .content import DramaContent, Role, load_content
from .formulas import is_composite, is_prime, weapon_uses
from .rules import DramaState
from .text import SUITS

_LABELS = LABELS

#: The options without a card, player or role in them, by their names.
_FIXED_OPTIONS = {
    SUPPLY_REDRAW: "supply-redraw",
    SUPPLY_PASS: "supply-pass",
    REARM_DRAW: "rearm-draw",
    REARM_DECLINE: "rearm-decline",
}


def _option(name: str, default: ConfigValue, **limits: Any) -> ConfigOption:
    """An option with its help from :data:`.text.OPTION_HELP`."""
    zh, en = text.OPTION_HELP[name]
    return ConfigOption(name, default, en, zh, **limits)


def _nature_table(config: Mapping[str, object]) -> dict[int, str]:
    two = bool(config["two_is_composite"])
    swap = bool(config["swap_natures"])
    table: dict[int, str] = {}
    for v in range(1, 14):
        if v == config["supply_number"]:
            table[v] = SUPPLY
        elif v == config["discard_number"]:
            table[v] = DISCARD
        elif v == 1:
            table[v] = str(config["one_is"])
        elif is_composite(v, two_is_composite=two):
            table[v] = DEFENCE if swap else ATTACK
        else:
            table[v] = ATTACK if swap else DEFENCE
    return table


class Drama(Game):
    """剧牌 — four players; every seed formula kept, every addition an option."""

    id = "drama"
    # 2: roles chosen, 2 a composite, the play-out last round, the answered in-role discard,
    # events with every number of the formulas (records of version 1 are refused)
    version = 2
    name_zh = "剧牌"
    name_en = "Drama Cards"
    min_players = 4
    max_players = 4
    state_class = DramaState
    rules_package = "caiquan.games.drama"
    lobby_order: ClassVar[int] = 30
    hooks: ClassVar[Mapping[str, str]] = {
        "strategy": ".strategy",
        "encoder": ".encoding:DramaEncoder",
        "terminal": ".terminal",
        "web": "web.js",
        "css": "style.css",
        "guide": "guide/guide.md",
        "learn": ".learn:hints",
    }
    options = (
        _option("content", "default", presets=("default",)),
        _option("rounds", 10, minimum=1, maximum=20),
        _option("swap_natures", False),
        _option("two_is_composite", True),
        _option("roles", "choose", choices=("choose", "deal")),
        _option("supply_number", 4, minimum=1, maximum=13),
        _option("discard_number", 9, minimum=1, maximum=13),
        _option("one_is", SUPPLY, choices=NATURES),
        _option("same_role", True),
        _option("rearm_optional", True),
        _option("unarmed_defence", True),
        _option("instant_win", True),
        _option("last_round", "play_out", choices=("play_out", "all_in", "ordinary")),
        _option("discard_in_role", "answer", choices=("answer", "literal")),
        _option("tie", "return", choices=("return", "table")),
        _option("table_start", "rest", choices=("rest", "empty")),
    )

    def _prepare(self) -> None:
        c = self.config
        if c["supply_number"] == c["discard_number"]:
            raise ConfigError(
                f"drama: options 'supply_number' and 'discard_number' must differ, both are "
                f"{c['supply_number']}"
            )
        self.content: DramaContent = load_content(str(c["content"]))
        self.rounds: int = int(c["rounds"])
        # the options the rules read at every turn, as attributes (not a lookup in config)
        self.same_role: bool = bool(c["same_role"])
        self.instant_win: bool = bool(c["instant_win"])
        self.unarmed_defence: bool = bool(c["unarmed_defence"])
        self.tie: str = str(c["tie"])
        self.discard_in_role: str = str(c["discard_in_role"])
        two = bool(c["two_is_composite"])
        self.is_composite: list[bool] = [is_composite(v, two_is_composite=two) for v in range(14)]
        self.is_prime: list[bool] = [is_prime(v, two_is_composite=two) for v in range(14)]
        self.nature: dict[int, str] = _nature_table(c)
        self.role_class: list[list[bool]] = [self._class(r) for r in self.content.roles]
        self.tiers: tuple[tuple[int, int], ...] = tuple(
            (t.max_quality, t.uses) for t in self.content.tiers
        )

    def _class(self, role: Role) -> list[bool]:
        if role.klass == "composite":
            return list(self.is_composite)
        if role.klass == "prime":
            return list(self.is_prime)
        return [v in role.klass for v in range(14)]

    def uses(self, quality: int) -> int:
        return weapon_uses(quality, self.tiers)

    def catalogue(self) -> tuple[Entry, ...]:
        """What a player reads about, by the ids the observations use: the 52 cards (``card``,
        id ``"0"`` … ``"51"``: its intention number, the round it turns, whose class it is), the
        roles (``role``), the round natures (``nature``) and the weapon tiers (``weapon``)."""
        return (
            *(self._card_entry(c) for c in range(NUM_CARDS)),
            *(self._role_entry(i) for i in range(len(self.content.roles))),
            *(self._nature_entry(nat) for nat in NATURES),
            *self._weapon_entries(),
        )

    def _card_entry(self, c: int) -> Entry:
        v = rank(c)
        roles = self.content.roles
        in_role = [(r.zh, r.en) for i, r in enumerate(roles) if self.role_class[i][v]]
        body = text.card_text(v, self.nature[v], in_role, bool(self.config["same_role"]))
        fields: dict[str, Scalar] = {"label": _LABELS[c], "suit": SUITS[c // 13], "rank": v}
        return Entry("card", str(c), Text(*text.card_name(c)), Text(*body), fields)

    def _role_entry(self, i: int) -> Entry:
        role = self.content.roles[i]
        ranks = [v for v in range(1, 14) if self.role_class[i][v]]
        same_role = bool(self.config["same_role"])
        body = text.role_text(role.card, role.value, role.klass, ranks, same_role)
        fields: dict[str, Scalar] = {
            "card": role.card,
            "value": "card" if role.value is None else role.value,
            "class": text.ranks_text(ranks, "en"),
        }
        return Entry("role", role.id, Text(role.zh, role.en), Text(*body), fields)

    def _nature_entry(self, nat: str) -> Entry:
        ranks = [v for v in range(1, 14) if self.nature[v] == nat]
        body = text.nature_text(nat, ranks, self.config)
        fields: dict[str, Scalar] = {"ranks": text.ranks_text(ranks, "en")}
        return Entry("nature", nat, Text(*text.NATURE_NAMES[nat]), Text(*body), fields)

    def _weapon_entries(self) -> list[Entry]:
        out = []
        low = 1
        for tier in self.content.tiers:
            body = text.weapon_text(low, tier.max_quality, tier.uses)
            fields: dict[str, Scalar] = {
                "min_quality": low,
                "max_quality": tier.max_quality,
                "uses": tier.uses,
            }
            out.append(Entry("weapon", tier.id, Text(tier.zh, tier.en), Text(*body), fields))
            low = tier.max_quality + 1
        return out

    @property
    def num_option_ids(self) -> int:
        return NUM_OPTION_IDS

    def max_decisions(self) -> int:
        # four role choices; per round: one joint rearm decision, then per turn a target, a
        # card/supply choice and an answer
        return NUM_PLAYERS + self.rounds * (1 + 3 * NUM_PLAYERS)

    def describe_option(self, option: int) -> Choice:
        if 0 <= option < WEAPON_BASE:
            played = text.choice("card", card=_LABELS[option])
            return Choice(option, f"card-{card_token(option)}", *played)
        if option < TARGET_BASE:
            c = option - WEAPON_BASE
            name = f"card-{card_token(c)}-weapon"
            return Choice(option, name, *text.choice("card-weapon", card=_LABELS[c]))
        if option < SUPPLY_DISCARD_BASE:
            p = option - TARGET_BASE
            return Choice(option, f"target-{p}", *text.choice("target", player=p))
        if option < SUPPLY_REDRAW:
            c = option - SUPPLY_DISCARD_BASE
            name = f"supply-discard-{card_token(c)}"
            return Choice(option, name, *text.choice("supply-discard", card=_LABELS[c]))
        if ROLE_BASE <= option < NUM_OPTION_IDS:
            role = self.content.roles[option - ROLE_BASE]
            label = text.choice("role", zh=role.zh, en=role.en)
            return Choice(option, f"role-{role.id}", *label)
        if option in _FIXED_OPTIONS:
            name = _FIXED_OPTIONS[option]
            return Choice(option, name, *text.choice(name))
        return super().describe_option(option)

    def format_event(
        self,
        event: Mapping[str, JSONValue],
        lang: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        """The game's wording of an event (:mod:`.text`, one function per event kind); with
        the table's seat ``names``, the players by their names."""
        roles = {r.id: (r.zh, r.en) for r in self.content.roles}
        line = text.format_event(event, lang, roles, names)
        return super().format_event(event, lang, names) if line is None else line
