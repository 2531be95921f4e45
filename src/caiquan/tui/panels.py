"""Drawing a seat's view: one panel per game, rendered from the observation dict alone.

A panel is a pure function of ``(game, observation, lang, options)`` that returns a Rich
renderable; it never sees the state. :func:`unavailable` lists choices a player might look
for that are not legal now, with the reason, so the UI can explain instead of refusing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from caiquan.engine import Decision, Game, State

log = logging.getLogger(__name__)

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


def previews(game: Game, state: State, player: int, lang: str) -> dict[int, str]:
    """What each of ``player``'s options would change, in words, by option id: the game's
    previews (``Game.option_previews``, from the player's own observation) worded by its
    terminal hook's ``preview``; ``{}`` if either is missing or the previews fail."""
    fn = getattr(game.hook("terminal"), "preview", None)
    if fn is None:
        return {}
    try:
        by_name = game.option_previews(state, player)
        decision = state.decision(player)
        return {
            c.id: str(fn(game, by_name[c.name], lang))
            for c in decision.choices
            if c.name in by_name
        }
    except Exception:  # a preview is a help: the table plays on without it
        log.exception("%s: option previews failed", game.id)
        return {}


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


# ---------------------------------------------------------------------- generic


def generic_panel(game: Game, obs: Obs, lang: str, opts: ViewOptions) -> RenderableType:
    """Any game: the observation's fields, one per line (lists and dicts compacted), each
    named by the game's glossary (a word missing from it shows spaced out, never as a key),
    and so are the values that are words of it (``phase: bidding``)."""
    skip = {"game", "player", "move", "to_move", "committed", "terminal", "my_commit"}
    words = game.glossary().words

    def word(key: str) -> str:
        term = words.get(key)
        return term.name(lang) if term else key.replace("_", " ")

    rows: list[tuple[str, RenderableType | str]] = []
    for key, value in obs.items():
        if key in skip:
            continue
        rows.append((word(key), _compact(value, word)))
    return _kv(rows)


def _compact(value: Any, word: Any = str) -> str:
    """A value in one line; a text that is a word of the glossary (a phase, a decision kind,
    an end reason) is shown by its name, like the keys."""
    if isinstance(value, dict):
        return ", ".join(f"{word(str(k))}: {_compact(v, word)}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(_compact(v, word) for v in value) + "]"
    if isinstance(value, bool):
        return "✓" if value else "—"
    if isinstance(value, str):
        named = word(value)
        return value if named == value.replace("_", " ") else str(named)
    return str(value)
