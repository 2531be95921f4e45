"""剧牌's terminal panel (the ``terminal`` hook): one seat's observation as a Rich renderable,
and why the cards a player might look for cannot be played now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from caiquan.engine import Choice, Decision, Game
from caiquan.games.terminal_kit import Flow, Step, kv, pick, player_name, word

from .cards import SUPPLY_DISCARD_BASE, WEAPON_BASE
from .game import Drama
from .text import NOT_NOW, STEPS, card_label

Obs = Mapping[str, Any]


def panel(game: Game, obs: Obs, lang: str, opts: object) -> RenderableType:
    """The round, the piles, every player's role, weapon and cards, and my hand (every label
    a word of the game's glossary)."""
    assert isinstance(game, Drama)

    def w(key: str) -> str:
        return word(game, key, lang)

    def who(p: int | None) -> str:
        return player_name(game, p, lang)

    roles = {r.id: r for r in game.content.roles}
    me = obs.get("player")
    head = _head(game, obs, lang)
    parts: list[RenderableType] = [head]
    colon = "：" if lang == "zh" else ": "
    parts.append(
        Flow(
            [
                f"{w('leader')}{colon}{who(obs.get('leader'))}",
                f"{w('active')}{colon}{who(obs.get('active'))}",
                f"{w('target')}{colon}{who(obs.get('target'))}",
                f"{w('table_pile')}{colon}{obs.get('table_pile', 0)}",
                f"{w('round_pile')}{colon}{obs.get('round_pile', 0)}",
            ]
        )
    )
    table = Table(show_header=False, show_edge=False, show_lines=True, padding=(0, 1))
    table.add_column(no_wrap=True)  # who; then what they hold, as many items a line as fit
    table.add_column()
    for p, pl in enumerate(obs.get("players", [])):
        role = roles.get(pl["role"])
        rname = (role.zh if lang == "zh" else role.en) if role else "—"
        table.add_row(
            who(p) + (" ★" if p == me else ""),
            Flow(
                [
                    f"{w('role')}{colon}{rname} ({pl.get('role_value')})"
                    if role
                    else f"{w('role')}{colon}{rname}",
                    f"{w('weapon')}{colon}{_weapon(game, pl.get('weapon'), lang)}",
                    f"{w('hand_count')} {pl['hand_size']}",
                    f"{w('cards_left')} {pl['cards_left']}",
                    f"{w('taken')} {len(pl.get('taken', []))}",
                ]
            ),
        )
    parts.append(table)
    if me is not None and "hand" in obs:
        hand = Flow([card_label(c) for c in obs["hand"]] or ["—"], sep="  ")
        parts.append(kv([(w("hand"), hand)]))
    winners = obs.get("winners") or []
    if winners:
        names = ", ".join(who(p) for p in winners)
        parts.append(kv([(w("winners"), names)]))
    return Group(*parts)


def _head(game: Game, obs: Obs, lang: str) -> Flow:
    """``round 3/10   round card: ♠6 (6)   nature: attack   last round``."""
    nature = obs.get("nature") or ""
    rc = obs.get("round_card")
    card = Text(f"{word(game, 'round_card', lang)}: ")
    card.append(
        f"{card_label(rc) if rc is not None else '—'} ({obs.get('round_value', '')})",
        style="bold",
    )
    kind = Text(f"{word(game, 'nature', lang)}: ")
    kind.append(word(game, nature, lang) if nature else "—", style="bold cyan")
    items = [
        Text(
            f"{word(game, 'round', lang)} {obs.get('round', 0)}/{obs.get('rounds', '?')}",
            style="bold",
        ),
        card,
        kind,
    ]
    if obs.get("last_round"):
        items.append(Text(word(game, "last", lang), style="bold red"))
    return Flow(items, sep="   ")


def _weapon(game: Game, w: Any, lang: str) -> str:
    if w is None:
        return word(game, "none", lang)
    if w.get("hidden"):
        return word(game, "hidden", lang)
    q, wc = w["cards"]
    shown = "" if w.get("public") else f" ({word(game, 'hidden', lang)})"
    quality, weapon = word(game, "quality", lang), word(game, "weapon", lang)
    pair = f"{quality} {w['quality']} × {weapon} {w['weapon']}"
    uses = f"{word(game, 'uses_left', lang)} {w['uses_left']}"
    return f"{card_label(q)}+{card_label(wc)} {pair}, {uses}{shown}"


#: Why a card form is not legal, by decision kind and whether the weapon pair goes with it.
#: These are the only forms the rules ever refuse while a card of the hand is playable at all
#: (``DramaState._legal``): a defender must arm, an attacker in a defence round may not, a
#: discard takes the weapon only in role, an answer never, and a supply is paid with a card
#: that was not taken back.
_REASONS: dict[tuple[str, bool], str] = {
    ("duel", False): "defender_must_arm",
    ("duel", True): "attacker_unarmed",
    ("discard", True): "discard_not_in_role",
    ("answer", True): "answer_unarmed",
    ("supply", False): "taken_cannot_pay",
}


def unavailable(game: Game, obs: Obs, decision: Decision, lang: str) -> list[tuple[str, str]]:
    """``(choice, reason)`` for each way of playing a card of my hand that is not legal now.

    A card appears as the choice it would be (``play ♠6``, ``play ♠6 with my weapon``, ``discard
    my taken-back cards, paying ♠6``), with the rule that forbids it; forms that are legal, and
    the weapon forms of a player without a weapon pair, are not listed.
    """
    me = obs.get("player")
    hand = obs.get("hand")
    if me != decision.player or not isinstance(hand, list):
        return []
    players = obs.get("players") or []
    mine: Obs = players[me] if isinstance(me, int) and me < len(players) else {}
    legal = set(decision.ids)
    out: list[tuple[str, str]] = []
    for option, armed in _forms(decision.kind, hand, mine):
        if option in legal:
            continue
        why = _REASONS.get((decision.kind, armed), "other")
        if why == "discard_not_in_role" and not game.config["same_role"]:
            why = "discard_same_role_off"
        out.append((game.describe_option(option).label(lang), pick(NOT_NOW[why], lang)))
    return out


def _forms(kind: str, hand: list[int], mine: Obs) -> list[tuple[int, bool]]:
    """The option ids a card of ``hand`` might be played as in a decision of ``kind``."""
    if kind == "supply":
        if not mine.get("taken"):
            return []  # nothing to discard: the supply discard is no choice at all
        return [(SUPPLY_DISCARD_BASE + c, False) for c in hand]
    if kind not in ("duel", "discard", "answer"):
        return []
    armed = mine.get("weapon") is not None
    forms = [(c, False) for c in hand]
    if armed:
        forms += [(WEAPON_BASE + c, True) for c in hand]
    return forms


def steps(game: Game, obs: Obs, choice: Choice, lang: str) -> tuple[tuple[Step, ...], ...]:
    """A card of the hand in two steps: the card, then how it is played (``card-♠6`` as it
    is, ``card-♠6-weapon`` with my weapon pair). A card offered one way only is one line (the
    terminal picks a step leading to one option at once); every other option is one step.

    >>> from caiquan.games import load_game
    >>> game = load_game("drama")
    >>> [[s.label for s in way] for way in steps(game, {}, game.describe_option(5), "en")]
    [['♠6', 'play it as it is']]
    >>> armed = game.describe_option(5 + WEAPON_BASE)
    >>> [[s.key for s in way] for way in steps(game, {}, armed, "zh")]
    [['5', 'weapon']]
    """
    if not (choice.name.startswith("card-") and 0 <= choice.id < 2 * WEAPON_BASE):
        return ()
    armed = choice.id >= WEAPON_BASE
    card = choice.id - WEAPON_BASE if armed else choice.id
    how = "weapon" if armed else "plain"
    return ((Step(str(card), card_label(card)), Step(how, pick(STEPS[how], lang))),)


__all__ = ["panel", "steps", "unavailable"]
