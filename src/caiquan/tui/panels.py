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

from .i18n import NATURES, THROWS, pick, t

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


# ---------------------------------------------------------------------- legends


def _person(game: Game, c: int, lang: str) -> str:
    from caiquan.games.legends.content import KIND_EN, KIND_ZH

    p = game.content.persons[c]  # type: ignore[attr-defined]
    kind = KIND_ZH[p.kind] if lang == "zh" else KIND_EN[p.kind]
    return f"{p.zh}（{kind}）" if lang == "zh" else f"{p.en} ({kind})"


def _territory(game: Game, tid: int, yellow: set[int] | None, lang: str) -> Text:
    from caiquan.games.legends.content import CONTINENT_EN, CONTINENT_ZH

    ter = game.content.territories[tid]  # type: ignore[attr-defined]
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
    text.append(f", {t('cost', lang, e=ter.expand, b=ter.build)}", style="dim")
    return text


def legends_panel(game: Game, obs: Obs, lang: str, opts: ViewOptions) -> RenderableType:
    from caiquan.games.legends.content import MARKER_EN, MARKER_ZH, MARKERS

    yellow = set(obs.get("yellow", []))
    me = obs.get("player")
    head = Text()
    head.append(t("round", lang, r=obs.get("round", 0)), style="bold")
    head.append(f"   {t('start_player', lang)}: {_name(obs.get('start'), lang)}")
    head.append(f"   {t('current', lang)}: {_name(obs.get('current'), lang)}")
    parts: list[RenderableType] = [head]
    table = Table(show_edge=False, padding=(0, 1), show_lines=True)
    table.add_column("", no_wrap=True)
    table.add_column(t("hand_count", lang), justify="right")
    table.add_column(t("markers", lang), no_wrap=True)
    table.add_column(t("score", lang), justify="right")
    table.add_column(t("continents", lang), justify="right")
    table.add_column(t("territories", lang), overflow="fold")
    table.add_column(t("display", lang), overflow="fold")
    names = MARKER_ZH if lang == "zh" else MARKER_EN
    for p, pl in enumerate(obs.get("players", [])):
        marks = "\n".join(f"{names[k]} {pl['markers'][m]}" for k, m in enumerate(MARKERS))
        ters = Text("\n").join(_territory(game, x, yellow, lang) for x in pl["territories"]) or "—"
        disp = "\n".join(_person(game, c, lang) for c in pl["display"]) or "—"
        who = _name(p, lang) + (" ★" if p == me else "")
        if pl.get("passed"):
            who += f"\n({t('passed', lang)})"
        table.add_row(
            who, str(pl["hand_count"]), marks, str(pl["score"]), str(pl["continents"]), ters, disp
        )
    parts.append(table)
    top = obs.get("territory_top")
    rows: list[tuple[str, RenderableType | str]] = [
        (t("deck", lang), str(obs.get("deck", 0))),
        (t("discard_pile", lang), str(len(obs.get("discard", [])))),
        (t("territory_deck", lang), str(obs.get("territory_deck", 0))),
        (t("territory_top", lang), _territory(game, top, None, lang) if top is not None else "—"),
    ]
    known = obs.get("territory_known") or []
    if len(known) > 1:
        rows.append(
            (t("known_top", lang), ", ".join(str(_territory(game, x, None, lang)) for x in known))
        )
    war = obs.get("war")
    if war:
        ter = _territory(game, war["territory"], yellow, lang)
        desc = f"{_name(war['attacker'], lang)} → {_name(war['defender'], lang)}: {ter}"
        if war.get("announced"):
            desc += f" ({pick(THROWS[war['announced']], lang)})"
        rows.append((t("war", lang), desc))
    parts.append(_kv(rows))
    if me is not None and "hand" in obs:
        hand = ", ".join(_person(game, c, lang) for c in obs["hand"]) or "—"
        parts.append(_kv([(t("hand", lang), hand)]))
        kih = {q: cs for q, cs in (obs.get("known_in_hands") or {}).items() if cs}
        if kih:
            known_cards = "; ".join(
                f"{_name(int(q), lang)}: " + ", ".join(_person(game, c, lang) for c in cs)
                for q, cs in kih.items()
            )
            parts.append(_kv([(t("known_hands", lang), known_cards)]))
    return Group(*parts)


def legends_unavailable(
    game: Game, obs: Obs, decision: Decision, lang: str
) -> list[tuple[str, str]]:
    if decision.kind != "action" or "hand" not in obs:
        return []
    legal = set(decision.ids)
    return [
        (_person(game, c, lang), t("not_playable", lang)) for c in obs["hand"] if c not in legal
    ]


def legends_explain(game: Game, obs: Obs, option: int, lang: str) -> str:
    from caiquan.games.legends.cardlist import ability

    persons = game.content.persons  # type: ignore[attr-defined]
    territories = game.content.territories  # type: ignore[attr-defined]
    n_p, n_t = len(persons), len(territories)
    if option < 3 * n_p:
        person = persons[option % n_p]
        return f"{_person(game, option % n_p, lang)}: {ability(person, lang)}"
    if option < 3 * n_p + 7 * n_t:
        tid = (option - 3 * n_p) % n_t
        ter = territories[tid]
        text = _territory(game, tid, None, lang)
        stars = f" · {t('yellow_side', lang)} +{ter.yellow}★, {t('black_side', lang)} −{ter.black}★"
        return str(text) + stars
    return ""


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
LEGENDS = SimpleNamespace(
    panel=legends_panel, explain=legends_explain, unavailable=legends_unavailable
)
DRAMA = SimpleNamespace(panel=drama_panel, unavailable=drama_unavailable)
