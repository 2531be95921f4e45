"""剧牌's terminal panel (the ``terminal`` hook): one seat's observation as a Rich renderable,
and why the cards a player might look for cannot be played now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from caiquan.engine import Decision, Game
from caiquan.games.terminal_kit import kv, pick, player_name

from .rules import SUPPLY_DISCARD_BASE, WEAPON_BASE, Drama
from .text import NATURE_NAMES, NOT_NOW, card_label, term

Obs = Mapping[str, Any]


def panel(game: Game, obs: Obs, lang: str, opts: object) -> RenderableType:
    """The round, the piles, every player's role, weapon and cards, and my hand."""
    assert isinstance(game, Drama)
    roles = {r.id: r for r in game.content.roles}
    me = obs.get("player")
    head = _head(obs, lang)
    parts: list[RenderableType] = [head]
    parts.append(
        kv(
            [
                (term("leader", lang), player_name(obs.get("leader"), lang)),
                (term("active", lang), player_name(obs.get("active"), lang)),
                (term("target", lang), player_name(obs.get("target"), lang)),
                (term("table_pile", lang), str(obs.get("table_pile", 0))),
                (term("round_pile", lang), str(obs.get("round_pile", 0))),
            ]
        )
    )
    table = Table(show_edge=False, padding=(0, 1))
    for col in ("", "role", "weapon", "hand_size", "cards_left", "taken"):
        table.add_column(term(col, lang) if col else "")
    for p, pl in enumerate(obs.get("players", [])):
        role = roles.get(pl["role"])
        rname = (role.zh if lang == "zh" else role.en) if role else "—"
        table.add_row(
            player_name(p, lang) + (" ★" if p == me else ""),
            f"{rname} ({pl.get('role_value')})" if role else rname,
            _weapon(pl.get("weapon"), lang),
            str(pl["hand_size"]),
            str(pl["cards_left"]),
            str(len(pl.get("taken", []))),
        )
    parts.append(table)
    if me is not None and "hand" in obs:
        hand = "  ".join(card_label(c) for c in obs["hand"]) or "—"
        parts.append(kv([(term("hand", lang), hand)]))
    winners = obs.get("winners") or []
    if winners:
        names = ", ".join(player_name(w, lang) for w in winners)
        parts.append(kv([(term("winners", lang), names)]))
    return Group(*parts)


def _head(obs: Obs, lang: str) -> Text:
    """``round 3 of 10   round card: ♠6 (6)   nature: attack   last round``."""
    nature = obs.get("nature") or ""
    head = Text()
    head.append(
        term("round_of", lang, r=obs.get("round", 0), cap=obs.get("rounds", "?")), style="bold"
    )
    rc = obs.get("round_card")
    head.append(f"   {term('round_card', lang)}: ")
    head.append(
        f"{card_label(rc) if rc is not None else '—'} ({obs.get('round_value', '')})",
        style="bold",
    )
    head.append(f"   {term('nature', lang)}: ")
    head.append(
        pick(NATURE_NAMES[nature], lang) if nature in NATURE_NAMES else nature, style="bold cyan"
    )
    if obs.get("last_round"):
        head.append(f"   {term('last_round_flag', lang)}", style="bold red")
    return head


def _weapon(w: Any, lang: str) -> str:
    if w is None:
        return term("none", lang)
    if w.get("hidden"):
        return term("hidden", lang)
    q, wc = w["cards"]
    shown = "" if w.get("public") else f" ({term('hidden', lang)})"
    uses = term("uses_left", lang, n=w["uses_left"])
    return f"{card_label(q)}+{card_label(wc)} {w['quality']}/{w['weapon']}, {uses}{shown}"


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


__all__ = ["panel", "unavailable"]
