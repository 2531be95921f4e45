"""Wager's terminal panel (the ``terminal`` hook): one seat's observation as a Rich
renderable — the round, the scores, chips and pot, my hand, the cards I have not seen and the
rounds so far — and what a choice means in words (``explain``). Every label is a word of the
game's glossary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from caiquan.engine import Game
from caiquan.games.terminal_kit import Flow, kv, player_name, word

from .rules import Wager

Obs = Mapping[str, Any]


def _card(game: Wager, cid: str, lang: str) -> str:
    names = {c.id: c.name for c in game.content.cards}
    return names[cid](lang) if cid in names else str(cid)


def _current(obs: Obs) -> int:
    """The round being played (the observation counts the rounds played; at the end, the
    last one)."""
    played = int(obs.get("round", 0))
    return played if obs.get("terminal") else min(played + 1, int(obs.get("rounds", 1)))


def panel(game: Game, obs: Obs, lang: str, opts: object) -> RenderableType:
    assert isinstance(game, Wager)

    def w(key: str) -> str:
        return word(game, key, lang)

    colon = "：" if lang == "zh" else ": "
    me = obs.get("player")
    head = Flow(
        [
            Text(f"{w('round')} {_current(obs)}/{obs.get('rounds', '?')}", style="bold"),
            f"{w('pot')}{colon}{obs.get('pot', 0)}",
            f"{w('max_stake')}{colon}{obs.get('max_stake', 0)}",
        ],
        sep="   ",
    )
    seats = Table(show_header=True, show_edge=False, padding=(0, 1))
    seats.add_column("")
    for key in ("scores", "chips", "hand_sizes"):
        seats.add_column(w(key), justify="right")
    for p in range(2):
        seats.add_row(
            player_name(game, p, lang) + (" ★" if p == me else ""),
            str(obs["scores"][p]),
            str(obs["chips"][p]),
            str(obs["hand_sizes"][p]),
        )
    parts: list[RenderableType] = [head, seats]
    rows: list[tuple[str, RenderableType | str]] = []
    if "hand" in obs:
        hand = [_card(game, c, lang) for c in obs["hand"]]
        rows.append((w("hand"), Flow(hand or ["—"], sep="  ")))
    if isinstance(obs.get("unseen"), Mapping):
        unseen = [f"{_card(game, c, lang)} {n}" for c, n in obs["unseen"].items()]
        rows.append((w("unseen"), Flow(unseen, sep=" · ")))
    if rows:
        parts.append(kv(rows))
    reveals = obs.get("reveals") or []
    if reveals:
        log = Table(show_header=True, show_edge=False, padding=(0, 1), title=w("reveals"))
        log.add_column(w("round"), justify="right")
        for p in range(2):
            log.add_column(player_name(game, p, lang))
        for i, r in enumerate(reveals, 1):
            cells = []
            for p in range(2):
                mark = " ✓" if r["winner"] == p else ""
                stake = f"{w('stake')} {r['stakes'][p]}"
                cells.append(f"{_card(game, r['cards'][p], lang)} ({stake}){mark}")
            log.add_row(str(i), *cells)
        parts.append(log)
    return Group(*parts)


def explain(game: Game, obs: Obs, option: int, lang: str) -> str:
    """The card's text and what the stake puts at risk."""
    assert isinstance(game, Wager)
    t, s = divmod(option, game.content.max_stake + 1)
    card = game.content.cards[t]
    risk = (
        f"押 {s} 枚筹码：无论输赢都进奖池。"
        if lang == "zh"
        else f"Stakes {s} chips: they go to the pot, won or lost."
    )
    return f"{card.name(lang)}{'：' if lang == 'zh' else ': '}{card.text(lang)} {risk}"
