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

from caiquan.engine import RPS, Choice, Decision, Game
from caiquan.games.terminal_kit import Flow, Step, kv, player_name, word

from .data import CONTINENT_EN, CONTINENT_ZH, CULTURE, MARKER_EN, MARKER_ZH, MARKERS, TECH
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


def _head(game: Game, obs: Obs, lang: str) -> Flow:
    w = _words(game, lang)
    colon = "：" if lang == "zh" else ": "
    return Flow(
        [
            Text(f"{w('round')} {obs.get('round', 0)}", style="bold"),
            f"{w('start')}{colon}{player_name(game, obs.get('start'), lang)}",
            f"{w('current')}{colon}{player_name(game, obs.get('current'), lang)}",
        ],
        sep="   ",
    )


def _players(game: Game, obs: Obs, yellow: set[int], lang: str) -> Table:
    """One row a player: who, then what they hold as many items a line as the board is wide
    (counts and markers, each territory, the display), so that six players fit 100 columns."""
    w = _words(game, lang)
    me = obs.get("player")
    colon = "：" if lang == "zh" else ": "
    table = Table(show_header=False, show_edge=False, padding=(0, 1), show_lines=True)
    table.add_column(no_wrap=True)
    table.add_column()
    names = MARKER_ZH if lang == "zh" else MARKER_EN
    for p, pl in enumerate(obs.get("players", [])):
        counts = Flow(
            [
                f"{w('hand_count')} {pl['hand_count']}",
                f"{w('score')} {pl['score']}",
                f"{w('continents')} {pl['continents']}",
            ]
        )
        marks = [f"{names[k]} {pl['markers'][m]}" for k, m in enumerate(MARKERS)]
        marks[0] = f"{w('markers')}{colon}{marks[0]}"
        ters = [_territory(game, x, yellow, lang) for x in pl["territories"]] or [Text("—")]
        ters[0] = Text(f"{w('territories')}{colon}").append_text(ters[0])
        rows: list[RenderableType] = [counts, Flow(marks), Flow(ters, sep="; ")]
        if pl["display"]:  # the persons laid out in front of the player
            shown = [_person(game, c, lang) for c in pl["display"]]
            shown[0] = f"{w('display')}{colon}{shown[0]}"
            rows.append(Flow(shown, sep=", "))
        who = player_name(game, p, lang) + (" ★" if p == me else "")
        if pl.get("passed"):
            who += f"\n({w('passed')})"
        table.add_row(who, Group(*rows))
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
            Flow([_territory(game, top, None, lang)]) if top is not None else "—",
        ),
    ]
    known = obs.get("territory_known") or []
    if len(known) > 1:
        shown = Flow([_territory(game, x, None, lang) for x in known], sep="; ")
        rows.append((w("territory_known"), shown))
    war = obs.get("war")
    if war:
        ter = _territory(game, war["territory"], yellow, lang)
        attacker = player_name(game, war["attacker"], lang)
        desc = Text(f"{attacker} → {player_name(game, war['defender'], lang)}: ")
        desc.append_text(ter)
        if war.get("announced") in RPS.names:
            desc.append(f" ({w(war['announced'])})")
        rows.append((w("war"), Flow([desc])))
    return kv(rows)


def _hands(game: Game, obs: Obs, lang: str) -> list[RenderableType]:
    w = _words(game, lang)
    parts: list[RenderableType] = []
    hand = Flow([_person(game, c, lang) for c in obs["hand"]] or ["—"], sep=", ")
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


def steps(game: Game, obs: Obs, choice: Choice, lang: str) -> tuple[tuple[Step, ...], ...]:
    """A build in two steps: the territory, then the marker paid; every other option (play a
    card, expand, pass …) is one step.

    >>> from caiquan.games import load_game
    >>> game = _legends(load_game("legends"))
    >>> c = game.describe_option(game.BUILD_TECH + 3)
    >>> c.name, [[s.label for s in way] for way in steps(game, {}, c, "en")]
    ('build-nile-tech', [['build Nile Valley (Africa)', 'pay Tech']])
    """
    g = _legends(game)
    n = len(g.content.territories)
    if not g.BUILD_CULTURE <= choice.id < g.BUILD_TECH + n:
        return ()
    tech = choice.id >= g.BUILD_TECH
    tid = choice.id - (g.BUILD_TECH if tech else g.BUILD_CULTURE)
    ter = g.content.territories[tid]
    kind = TECH if tech else CULTURE
    name = ter.zh if lang == "zh" else ter.en
    cont = CONTINENT_ZH[ter.continent] if lang == "zh" else CONTINENT_EN[ter.continent]
    where = (
        f"{word(game, 'build', lang)} {name}（{cont}）"
        if lang == "zh"
        else f"{word(game, 'build', lang)} {name} ({cont})"
    )
    marker = MARKER_ZH[kind] if lang == "zh" else MARKER_EN[kind]
    return ((Step(ter.key, where), Step(MARKERS[kind], label("pay_marker", lang, marker=marker))),)


__all__ = ["explain", "panel", "steps", "unavailable"]
