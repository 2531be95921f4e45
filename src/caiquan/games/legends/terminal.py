"""The terminal panel of 伟人的猜拳战略 (the game's ``terminal`` hook).

Drawn from one seat's observation alone (never the state): the round, every player's row
(hand size, markers, stars, continents, territories, display), the piles, the war in
progress and the viewer's hand. Labels are words of the game's glossary (``glossary.toml``,
as on the web table); card texts come from :mod:`.text`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from caiquan.engine import RPS, Decision, Game
from caiquan.games.terminal_kit import kv, player_name, word

from .data import CONTINENT_EN, CONTINENT_ZH, MARKER_EN, MARKER_ZH, MARKERS
from .rules import Legends
from .text import ability, label, person_label

Obs = Mapping[str, Any]


def _legends(game: Game) -> Legends:
    assert isinstance(game, Legends)
    return game


def _person(game: Game, c: int, lang: str) -> str:
    return person_label(_legends(game).content.persons[c], lang)


def _territory(game: Game, tid: int, yellow: set[int] | None, lang: str) -> Text:
    ter = _legends(game).content.territories[tid]
    name = ter.zh if lang == "zh" else ter.en
    cont = CONTINENT_ZH[ter.continent] if lang == "zh" else CONTINENT_EN[ter.continent]
    text = Text()
    if yellow is not None and tid in yellow:
        text.append(name, style="bold yellow")
        text.append(f" ({cont}) +{ter.yellow}★", style="yellow")
        return text
    text.append(name, style="bold")
    text.append(f" ({cont})")
    if yellow is not None:
        text.append(f" −{ter.black}★")
    text.append(f", {_cost(game, ter.expand, ter.build, lang)}", style="dim")
    return text


def _cost(game: Game, expand: int, build: int, lang: str) -> str:
    """``expand 3 Might / build 4``: what taking and building a territory cost."""
    w = _words(game, lang)
    return f"{w('expand')} {expand} {w('might')} / {w('build')} {build}"


def _words(game: Game, lang: str) -> Callable[[str], str]:
    """The glossary's word for a key, in ``lang``."""
    return lambda key: word(game, key, lang)


def _head(game: Game, obs: Obs, lang: str) -> Text:
    w = _words(game, lang)
    head = Text()
    head.append(f"{w('round')} {obs.get('round', 0)}", style="bold")
    head.append(f"   {w('start')}: {player_name(game, obs.get('start'), lang)}")
    head.append(f"   {w('current')}: {player_name(game, obs.get('current'), lang)}")
    return head


def _players(game: Game, obs: Obs, yellow: set[int], lang: str) -> Table:
    w = _words(game, lang)
    me = obs.get("player")
    table = Table(show_edge=False, padding=(0, 1), show_lines=True)
    table.add_column("", no_wrap=True)
    table.add_column(w("hand_count"), justify="right")
    table.add_column(w("markers"), no_wrap=True)
    table.add_column(w("score"), justify="right")
    table.add_column(w("continents"), justify="right")
    table.add_column(w("territories"), overflow="fold")
    table.add_column(w("display"), overflow="fold")
    names = MARKER_ZH if lang == "zh" else MARKER_EN
    for p, pl in enumerate(obs.get("players", [])):
        marks = "\n".join(f"{names[k]} {pl['markers'][m]}" for k, m in enumerate(MARKERS))
        ters = Text("\n").join(_territory(game, x, yellow, lang) for x in pl["territories"]) or "—"
        disp = "\n".join(_person(game, c, lang) for c in pl["display"]) or "—"
        who = player_name(game, p, lang) + (" ★" if p == me else "")
        if pl.get("passed"):
            who += f"\n({w('passed')})"
        table.add_row(
            who, str(pl["hand_count"]), marks, str(pl["score"]), str(pl["continents"]), ters, disp
        )
    return table


def _piles(game: Game, obs: Obs, yellow: set[int], lang: str) -> Table:
    w = _words(game, lang)
    top = obs.get("territory_top")
    rows: list[tuple[str, RenderableType | str]] = [
        (w("deck"), str(obs.get("deck", 0))),
        (w("discard"), str(len(obs.get("discard", [])))),
        (w("territory_deck"), str(obs.get("territory_deck", 0))),
        (
            w("territory_top"),
            _territory(game, top, None, lang) if top is not None else "—",
        ),
    ]
    known = obs.get("territory_known") or []
    if len(known) > 1:
        shown = ", ".join(str(_territory(game, x, None, lang)) for x in known)
        rows.append((w("territory_known"), shown))
    war = obs.get("war")
    if war:
        ter = _territory(game, war["territory"], yellow, lang)
        attacker = player_name(game, war["attacker"], lang)
        desc = f"{attacker} → {player_name(game, war['defender'], lang)}: {ter}"
        if war.get("announced") in RPS.names:
            desc += f" ({w(war['announced'])})"
        rows.append((w("war"), desc))
    return kv(rows)


def _hands(game: Game, obs: Obs, lang: str) -> list[RenderableType]:
    w = _words(game, lang)
    parts: list[RenderableType] = []
    hand = ", ".join(_person(game, c, lang) for c in obs["hand"]) or "—"
    parts.append(kv([(w("hand"), hand)]))
    kih = {q: cs for q, cs in (obs.get("known_in_hands") or {}).items() if cs}
    if kih:
        known_cards = "; ".join(
            f"{player_name(game, int(q), lang)}: " + ", ".join(_person(game, c, lang) for c in cs)
            for q, cs in kih.items()
        )
        parts.append(kv([(w("known_in_hands"), known_cards)]))
    return parts


def panel(game: Game, obs: Obs, lang: str, options: object = None) -> RenderableType:
    """One seat's view of the table (``options``: the view toggles; legends has none)."""
    yellow = set(obs.get("yellow", []))
    parts: list[RenderableType] = [
        _head(game, obs, lang),
        _players(game, obs, yellow, lang),
        _piles(game, obs, yellow, lang),
    ]
    if obs.get("player") is not None and "hand" in obs:
        parts += _hands(game, obs, lang)
    return Group(*parts)


def unavailable(game: Game, obs: Obs, decision: Decision, lang: str) -> list[tuple[str, str]]:
    """The cards in hand that cannot be played now (at the turn's action)."""
    if decision.kind != "action" or "hand" not in obs:
        return []
    legal = set(decision.ids)
    return [
        (_person(game, c, lang), label("not_playable", lang)) for c in obs["hand"] if c not in legal
    ]


def explain(game: Game, obs: Obs, option: int, lang: str) -> str:
    """A person card's full ability, or a territory's continent, costs and stars."""
    content = _legends(game).content
    persons, territories = content.persons, content.territories
    n_p, n_t = len(persons), len(territories)
    if option < 3 * n_p:
        person = persons[option % n_p]
        return f"{_person(game, option % n_p, lang)}: {ability(person, lang)}"
    if option < 3 * n_p + 7 * n_t:
        tid = (option - 3 * n_p) % n_t
        ter = territories[tid]
        text = _territory(game, tid, None, lang)
        w = _words(game, lang)
        stars = f" · {w('yellow_side')} +{ter.yellow}★, {w('black_side')} −{ter.black}★"
        return str(text) + stars
    return ""


__all__ = ["explain", "panel", "unavailable"]
