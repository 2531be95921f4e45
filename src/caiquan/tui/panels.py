"""Drawing a seat's view: one panel per game, rendered from the observation dict alone.

A panel is a pure function of ``(game, observation, lang, options)`` that returns a Rich
renderable; it never sees the state. :func:`unavailable` lists choices a player might look
for that are not legal now, with the reason, so the UI can explain instead of refusing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from caiquan.engine import Decision, Game

from .i18n import NATURES, pick, t

Obs = Mapping[str, Any]


@dataclass(frozen=True)
class ViewOptions:
    """Toggles of the view, for the games whose panels offer them (their ``TOGGLES``): e.g.
    promise's power-table parts (``details``) and equilibrium hint (``hint``)."""

    details: bool = False
    hint: bool = False


def render(game: Game, obs: Obs | None, lang: str, opts: ViewOptions) -> RenderableType:
    """The game panel for one seat's observation (``None``: nothing to show yet)."""
    if obs is None:
        return Text("")
    hook = game.hook("terminal")
    fn = getattr(hook, "panel", None) or generic_panel
    result: RenderableType = fn(game, obs, lang, opts)
    return result


def explain(game: Game, obs: Obs, option: int, lang: str) -> str:
    """What a choice means in more words (card text, character), or ``""``."""
    fn = getattr(game.hook("terminal"), "explain", None)
    return str(fn(game, obs, option, lang)) if fn else ""


def unavailable(game: Game, obs: Obs, decision: Decision, lang: str) -> list[tuple[str, str]]:
    """``(label, reason)`` for choices that look possible but are not legal now."""
    fn = getattr(game.hook("terminal"), "unavailable", None)
    return list(fn(game, obs, decision, lang)) if fn else []


def toggles(game: Game | type[Game]) -> tuple[str, ...]:
    """The view toggles a game's terminal panel offers (``"hint"``, ``"details"``)."""
    return tuple(getattr(game.hook("terminal"), "TOGGLES", ()))


def _kv(rows: list[tuple[str, RenderableType | str]]) -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for k, v in rows:
        table.add_row(k, v)
    return table


def _name(p: int | None, lang: str) -> str:
    return "—" if p is None else t("player", lang, n=p)


# ---------------------------------------------------------------------- generic


def generic_panel(game: Game, obs: Obs, lang: str, opts: ViewOptions) -> RenderableType:
    """Any game: the observation's fields, one per line (lists and dicts compacted)."""
    skip = {"game", "player", "move", "to_move", "committed", "terminal", "my_commit"}
    rows: list[tuple[str, RenderableType | str]] = []
    for key, value in obs.items():
        if key in skip:
            continue
        rows.append((key, _compact(value)))
    return _kv(rows)


def _compact(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_compact(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(_compact(v) for v in value) + "]"
    return str(value)


# ---------------------------------------------------------------------- drama


def _card(c: int) -> str:
    from caiquan.games.drama.rules import card_label

    return card_label(c)


def drama_panel(game: Game, obs: Obs, lang: str, opts: ViewOptions) -> RenderableType:
    roles = {r.id: r for r in game.content.roles}  # type: ignore[attr-defined]
    me = obs.get("player")
    nature = obs.get("nature") or ""
    head = Text()
    head.append(
        t("round_of", lang, r=obs.get("round", 0), cap=obs.get("rounds", "?")), style="bold"
    )
    rc = obs.get("round_card")
    head.append(f"   {t('round_card', lang)}: ")
    head.append(
        f"{_card(rc) if rc is not None else '—'} ({obs.get('round_value', '')})", style="bold"
    )
    head.append(f"   {t('nature', lang)}: ")
    head.append(pick(NATURES[nature], lang) if nature in NATURES else nature, style="bold cyan")
    if obs.get("last_round"):
        head.append(f"   {t('last_round_flag', lang)}", style="bold red")
    parts: list[RenderableType] = [head]
    parts.append(
        _kv(
            [
                (t("leader", lang), _name(obs.get("leader"), lang)),
                (t("active", lang), _name(obs.get("active"), lang)),
                (t("target", lang), _name(obs.get("target"), lang)),
                (t("table_pile", lang), str(obs.get("table_pile", 0))),
                (t("round_pile", lang), str(obs.get("round_pile", 0))),
            ]
        )
    )
    table = Table(show_edge=False, padding=(0, 1))
    for col in (
        "",
        t("role", lang),
        t("weapon", lang),
        t("hand_size", lang),
        t("cards_left", lang),
        t("taken", lang),
    ):
        table.add_column(col)
    for p, pl in enumerate(obs.get("players", [])):
        role = roles.get(pl["role"])
        rname = (role.zh if lang == "zh" else role.en) if role else "—"
        table.add_row(
            _name(p, lang) + (" ★" if p == me else ""),
            f"{rname} ({pl.get('role_value')})" if role else rname,
            _drama_weapon(pl.get("weapon"), lang),
            str(pl["hand_size"]),
            str(pl["cards_left"]),
            str(len(pl.get("taken", []))),
        )
    parts.append(table)
    if me is not None and "hand" in obs:
        hand = "  ".join(_card(c) for c in obs["hand"]) or "—"
        parts.append(_kv([(t("hand", lang), hand)]))
    winners = obs.get("winners") or []
    if winners:
        parts.append(_kv([(t("winners", lang), ", ".join(_name(w, lang) for w in winners))]))
    return Group(*parts)


def _drama_weapon(w: Any, lang: str) -> str:
    if w is None:
        return t("none", lang)
    if w.get("hidden"):
        return t("hidden", lang)
    q, wc = w["cards"]
    shown = "" if w.get("public") else f" ({t('hidden', lang)})"
    uses = t("uses_left", lang, n=w["uses_left"])
    return f"{_card(q)}+{_card(wc)} {w['quality']}/{w['weapon']}, {uses}{shown}"


def drama_unavailable(game: Game, obs: Obs, decision: Decision, lang: str) -> list[tuple[str, str]]:
    if decision.kind not in ("duel", "discard", "answer") or "hand" not in obs:
        return []
    legal = set(decision.ids)
    return [(_card(c), t("not_now", lang)) for c in obs["hand"] if c not in legal]


# transitional (issue 19): each game's terminal panel moves into its package; the game's
# ``terminal`` hook names one of these until then.
DRAMA = SimpleNamespace(panel=drama_panel, unavailable=drama_unavailable)
