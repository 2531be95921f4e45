"""Drawing a seat's view: one panel per game, rendered from the observation dict alone.

A panel is a pure function of ``(game, observation, lang, options)`` that returns a Rich
renderable; it never sees the state. :func:`unavailable` lists choices a player might look
for that are not legal now, with the reason, so the UI can explain instead of refusing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from caiquan.engine import Decision, Game, solve_zero_sum

from .i18n import PHASES, SKILL_STATES, THROWS, pick, t

Obs = Mapping[str, Any]


@dataclass(frozen=True)
class ViewOptions:
    """Toggles of the view: the power table's parts and the equilibrium hint (promise)."""

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


# ---------------------------------------------------------------------- promise

_BLADES = ("slash", "pierce", "strike")
_VERDICT_STYLE = {
    "A": "bold white on dark_green",
    "B": "bold white on dark_red",
    "draw": "black on yellow",
}


def promise_panel(game: Game, obs: Obs, lang: str, opts: ViewOptions) -> RenderableType:
    parts: list[RenderableType] = []
    rnd = obs.get("round", 0)
    phase = obs.get("phase", "")
    head = Text()
    head.append(t("round_of", lang, r=rnd, cap=obs.get("round_cap", "?")), style="bold")
    head.append(f"   {t('phase', lang)}: {pick(PHASES[phase], lang) if phase in PHASES else phase}")
    head.append(f"   {t('check_deck', lang)}: {obs.get('check_deck', 0)}")
    parts.append(head)
    parts.append(_promise_hearts(obs, lang))
    players = obs.get("players")
    if players:
        parts.append(_promise_players(players, lang))
        parts.append(_promise_battle(obs, lang))
        table = obs.get("power_table")
        if table:
            parts.append(_promise_power(table, obs.get("player"), lang, opts, obs.get("battle")))
    else:
        chars = {c.id: c for c in game.content.characters}  # type: ignore[attr-defined]
        rows: list[tuple[str, RenderableType | str]] = []
        for p, cid in enumerate(obs.get("characters", [])):
            if cid:
                c = chars[cid]
                rows.append((f"{'AB'[p]}", c.name if lang == "zh" else c.name_en))
        pool = obs.get("pool")
        if pool:
            rows.append((t("pool", lang), ", ".join(_char_name(chars[c], lang) for c in pool)))
        if obs.get("first_picker") is not None:
            rows.append(("", t("first_pick", lang, who="AB"[obs["first_picker"]])))
        if rows:
            parts.append(_kv(rows))
    last = obs.get("last_round")
    if last:
        w = last.get("winner")
        throws = " / ".join(pick(THROWS[x], lang) for x in last["throws"])
        who = "—" if w is None else "AB"[w]
        parts.append(Text(f"{t('last_round', lang)}: {throws} → {who} ({last.get('damage', 0)})"))
    return Group(*parts)


def _char_name(c: Any, lang: str) -> str:
    return f"{c.name}（{c.school}）" if lang == "zh" else f"{c.name_en} ({c.school_en})"


def _promise_hearts(obs: Obs, lang: str) -> RenderableType:
    hearts = obs.get("hearts") or [[], []]
    tokens = obs.get("tokens") or [None, None]
    grid = Table(title=t("hearts", lang), show_header=False, box=None, padding=(0, 1))
    for _ in range(5):
        grid.add_column(justify="center", min_width=7)
    for row in (1, 0):  # B's row on top, A's row nearest the bottom
        cells = []
        for col in range(5):
            cell = row * 5 + col
            text = Text(f"♥{hearts[row][col]}", style="red")
            for p, mark, style in ((0, "▲", "bold green"), (1, "▼", "bold magenta")):
                tk = tokens[p]
                if tk:
                    n = sum(1 for x in tk if x == cell)
                    if n:
                        text.append(" " + mark * n, style=style)
            cells.append(text)
        grid.add_row(*cells)
    return grid


def _promise_players(players: list[Any], lang: str) -> RenderableType:
    table = Table(show_edge=False, padding=(0, 1))
    table.add_column("")
    for p in players:
        c = p["character"]
        table.add_column(f"{p['seat']}: {c['name'] if lang == 'zh' else c['name_en']}")

    def row(label: str, fn: Callable[[Any], str]) -> None:
        table.add_row(label, *(fn(p) for p in players))

    def attrs(p: Any) -> str:
        a = p["character"]["attributes"]
        return " ".join(f"{pick(THROWS[k], lang)}{a[k]}" for k in _BLADES)

    def weapon(p: Any, card: str | None) -> str:
        if not card:
            return "—"
        for w in p["character"]["weapons"]:
            if w["card"] == card:
                return f"{card}「{w['name']}」" if lang == "zh" else f"{card} ({w['name_en']})"
        return card

    row(t("life", lang), lambda p: f"{p['life']}/{p['max_life']}")
    row(t("qi", lang), lambda p: f"{p['qi']}/{p['max_qi']}")
    row(t("character", lang), attrs)
    row(t("equipped", lang), lambda p: weapon(p, p.get("equipped")))
    row(t("weapons", lang), lambda p: ", ".join(weapon(p, w) for w in p["hand_weapons"]) or "—")
    row(t("skills", lang), lambda p: " ".join(str(v) for v in p["hand_skills"]) or "—")
    row(t("discarded", lang), lambda p: " ".join(str(v) for v in p["discard_skills"]) or "—")
    row(t("eligible", lang), lambda p: " ".join(str(v) for v in p["eligible"]) or "—")
    row(t("steps", lang), lambda p: str(p["step_range"]))
    if any(v is not None for p in players for v in (p.get("face_down") or {}).values()):
        row(t("face_down", lang), lambda p: _face_down(p, lang))
    return table


def _face_down(p: Any, lang: str) -> str:
    """This round's face-down cards as a real table shows them: *that* a card lies there
    (and, for the viewer's own skill card, which)."""
    fd = p.get("face_down") or {}
    bits = []
    for step in ("skill", "weapon"):
        laid = fd.get(step)
        if laid is None:
            continue
        bits.append(t(f"fd_{step}", lang) + " " + ("▮" if laid else t("fd_none", lang)))
    if p.get("laid_skill"):
        bits.append(t("fd_yours", lang, n=p["laid_skill"]))
    return ", ".join(bits) or "—"


def _promise_battle(obs: Obs, lang: str) -> RenderableType:
    b = obs.get("battle") or {}
    rows: list[tuple[str, RenderableType | str]] = []
    for p, seat in enumerate("AB"):
        bits = []
        skill = (b.get("skills") or [None, None])[p]
        if skill:
            state = (b.get("skill_state") or [None, None])[p]
            how = pick(SKILL_STATES[state], lang) if state in SKILL_STATES else state
            bits.append(f"{t('skill_card', lang, n=skill)}: {how}")
        forb = (b.get("forbidden") or [[], []])[p]
        if forb:
            bits.append(f"{t('forbidden', lang)}: {', '.join(pick(THROWS[x], lang) for x in forb)}")
        if p in (b.get("throws_first") or []):
            bits.append(t("throws_first", lang))
        if bits:
            rows.append((seat, "; ".join(bits)))
    if b.get("open_throw"):
        rows.append((t("open_throw", lang), pick(THROWS[b["open_throw"]], lang)))
    if not rows:
        return Text("")
    return _kv([(t("battle", lang), ""), *rows])


def _promise_power(
    table: Obs, viewer: int | None, lang: str, opts: ViewOptions, battle: Obs | None = None
) -> RenderableType:
    grid = Table(padding=(0, 1), show_lines=opts.details)
    grid.add_column("A \\ B")
    for b in _BLADES:
        grid.add_column(pick(THROWS[b], lang), justify="center", min_width=6)
    for i, a in enumerate(_BLADES):
        cells: list[RenderableType] = []
        for cell in table["cells"][i]:
            style = _VERDICT_STYLE.get(cell["verdict"], "")
            total = f"{cell['total']:+d}"
            if opts.details:
                sums = (
                    f"{cell['attributes']:+d}{cell['win_value']:+d}"
                    f"{cell['weapons']:+d}{cell['skills']:+d}"
                )
                cells.append(Text(f"{total}\n{sums}", style=style, justify="center"))
            else:
                cells.append(Text(f" {total} ", style=style, justify="center"))
        grid.add_row(pick(THROWS[a], lang), *cells)
    ta, tb = table["thresholds"]
    notes = [t("legend_cells", lang), t("thresholds", lang, a=ta, b=tb)]
    if opts.details:
        notes.append(t("parts", lang))
    parts: list[RenderableType] = [
        Text(t("power_table", lang), style="bold"),
        grid,
        Text("  ·  ".join(notes), style="dim"),
    ]
    if opts.hint:
        hint = promise_hint(table, 0 if viewer is None else viewer, lang, battle)
        parts.append(Text(hint, style="cyan"))
    return Group(*parts)


def promise_hint(table: Obs, player: int, lang: str, battle: Obs | None = None) -> str:
    """The equilibrium mix of the power table for ``player`` (an exact LP solve).

    Throws forbidden this round are left out, and a throw the opponent made openly is the
    only column left (the hint is then a best reply).

    >>> from caiquan.games.promise.table import compute_table
    >>> table = compute_table((3, 3, 3), (3, 3, 3), 5, (), (), (), (5, 5), (False, False))
    >>> promise_hint(table.to_json(), 0, "en")
    'Equilibrium mix (A): slash 33%  pierce 33%  strike 33%; value +0.00'
    >>> promise_hint(table.to_json(), 0, "en", {"forbidden": [["slash"], []]})
    'Equilibrium mix (A): slash 0%  pierce 67%  strike 33%; value -0.33'
    >>> promise_hint(table.to_json(), 1, "zh", {"open_throw": "slash", "throws_first": [0]})
    '均衡混合策略（B）：斩击 0%  贯彻 0%  打击 100%；价值 +1.00'
    """
    from caiquan.games.promise.table import PowerTable

    matrix = PowerTable.from_json(table).matrix(player)
    battle = battle or {}
    forbidden = battle.get("forbidden") or [[], []]
    rows = [i for i, b in enumerate(_BLADES) if b not in forbidden[player]] or [0, 1, 2]
    cols = [j for j, b in enumerate(_BLADES) if b not in forbidden[1 - player]] or [0, 1, 2]
    open_throw = battle.get("open_throw")
    if open_throw in _BLADES and player not in (battle.get("throws_first") or []):
        cols = [_BLADES.index(open_throw)]
    sol = solve_zero_sum([[matrix[i][j] for j in cols] for i in rows])
    full = [0.0, 0.0, 0.0]
    for i, x in zip(rows, sol.row, strict=True):
        full[i] = x
    mix = "  ".join(f"{pick(THROWS[b], lang)} {x:.0%}" for b, x in zip(_BLADES, full, strict=True))
    return t("hint", lang, who="AB"[player], mix=mix, v=sol.value + 0.0)


def promise_unavailable(
    game: Game, obs: Obs, decision: Decision, lang: str
) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    me = obs.get("player")
    if me is None or decision.kind != "throw" or obs.get("phase") != "throw":
        return out
    forb = (obs.get("battle") or {}).get("forbidden") or [[], []]
    for name in forb[me]:
        out.append((pick(THROWS[name], lang), t("forbidden_throw", lang)))
    return out


def promise_explain(game: Game, obs: Obs, option: int, lang: str) -> str:
    from caiquan.games.promise.rules import CHAR_BASE, SKILL_BASE, WEAPON_BASE

    zh = lang == "zh"
    if option >= CHAR_BASE:
        c = game.content.characters[option - CHAR_BASE]  # type: ignore[attr-defined]
        attrs = " ".join(
            f"{pick(THROWS[b], lang)} {v}" for b, v in zip(_BLADES, c.attack, strict=True)
        )
        life = f"{t('life', lang)} {c.vitality}  {t('qi', lang)} {c.qi}"
        return f"{attrs}  {life}\n{c.info if zh else c.info_en}"
    me = obs.get("player")
    players = obs.get("players")
    if SKILL_BASE < option < CHAR_BASE and option != WEAPON_BASE and players and me is not None:
        card = players[me]["character"]
        if option < WEAPON_BASE:
            skill = option - SKILL_BASE
            sk = card["skills"][skill - 1]
            name = sk["name"] if zh else sk["name_en"]
            cost = f"{t('qi', lang)} {sk['cost']}"
            return f"{skill} {name} ({cost}): {sk['text'] if zh else sk['text_en']}"
        w = card["weapons"][option - WEAPON_BASE - 1]
        name = w["name"] if zh else w["name_en"]
        return f"{w['card']} {name}: {w['text'] if zh else w['text_en']}"
    return ""


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


# transitional (issue 19): each game's terminal panel moves into its package; the game's
# ``terminal`` hook names one of these until then.
PROMISE = SimpleNamespace(
    panel=promise_panel,
    explain=promise_explain,
    unavailable=promise_unavailable,
    TOGGLES=("hint", "details"),
)
LEGENDS = SimpleNamespace(
    panel=legends_panel, explain=legends_explain, unavailable=legends_unavailable
)
