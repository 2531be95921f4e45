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

from .i18n import NATURES, PHASES, SKILL_STATES, THROWS, pick, t

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
PROMISE = SimpleNamespace(
    panel=promise_panel,
    explain=promise_explain,
    unavailable=promise_unavailable,
    TOGGLES=("hint", "details"),
)
DRAMA = SimpleNamespace(panel=drama_panel, unavailable=drama_unavailable)
