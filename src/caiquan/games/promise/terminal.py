"""The terminal panel of 猜拳战争●四年之约 (the game's ``terminal`` hook).

Drawn from one seat's observation alone (see :mod:`caiquan.games.terminal_kit`): the heart
grid with both players' tokens, the two characters, this round's battle and the power table,
with the equilibrium hint and the table's parts as view toggles (:data:`TOGGLES`). Labels
are words of the game's glossary (``glossary.toml``, as on the web table).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from caiquan.engine import Choice, Decision, Game, solve_zero_sum
from caiquan.games.terminal_kit import Step, kv, pick, title, word

from .content import Character, Content
from .rules import CHAR_BASE, SKILL_BASE, WEAPON_BASE, Promise, stance_cell_words
from .table import PowerTable
from .text import t

Obs = Mapping[str, Any]

#: The view toggles this panel offers (the terminal's ``h`` and ``d`` keys).
TOGGLES = ("hint", "details")


class Options(Protocol):
    """The view toggles the terminal passes: the table's parts, the equilibrium hint."""

    @property
    def details(self) -> bool: ...

    @property
    def hint(self) -> bool: ...


def _content(game: Game) -> Content:
    assert isinstance(game, Promise)
    return game.content


_BLADES = ("slash", "pierce", "strike")
_VERDICT_STYLE = {
    "A": "bold white on dark_green",
    "B": "bold white on dark_red",
    "draw": "black on yellow",
}


def _words(game: Game, lang: str) -> Callable[[str], str]:
    """The glossary's word for a key, in ``lang``."""
    return lambda key: word(game, key, lang)


def panel(game: Game, obs: Obs, lang: str, opts: Options) -> RenderableType:
    w = _words(game, lang)
    parts: list[RenderableType] = []
    rnd = obs.get("round", 0)
    phase = obs.get("phase", "")
    head = Text()
    head.append(f"{title(game, 'round', lang)} {rnd}/{obs.get('round_cap', '?')}", style="bold")
    head.append(f"   {w('phase')}: {w(phase) if phase else '—'}")
    head.append(f"   {w('check_deck')}: {obs.get('check_deck', 0)}")
    parts.append(head)
    parts.append(_hearts(game, obs, lang))
    players = obs.get("players")
    if players:
        parts.append(_players(game, players, lang))
        parts.append(_battle(game, obs, lang))
        table = obs.get("power_table")
        if table:
            parts.append(_power(game, table, obs.get("player"), lang, opts, obs.get("battle")))
    else:
        chars = {c.id: c for c in _content(game).characters}
        rows: list[tuple[str, RenderableType | str]] = []
        for p, cid in enumerate(obs.get("characters", [])):
            if cid:
                c = chars[cid]
                rows.append((f"{'AB'[p]}", c.name if lang == "zh" else c.name_en))
        pool = obs.get("pool")
        if pool:
            rows.append((w("pool"), ", ".join(_char_name(chars[c], lang) for c in pool)))
        struck = obs.get("struck")
        if struck and obs.get("phase") == "pick":
            rows.append((w("struck"), ", ".join(_char_name(chars[c], lang) for c in struck)))
        if obs.get("first_picker") is not None:
            rows.append((w("first_picker"), "AB"[obs["first_picker"]]))
        if rows:
            parts.append(kv(rows))
    last = obs.get("last_round")
    if last:
        winner = last.get("winner")
        throws = " / ".join(w(x) for x in last["throws"])
        who = "—" if winner is None else "AB"[winner]
        parts.append(Text(f"{w('last_round')}: {throws} → {who} ({last.get('damage', 0)})"))
    return Group(*parts)


def _char_name(c: Character, lang: str) -> str:
    return f"{c.name}（{c.school}）" if lang == "zh" else f"{c.name_en} ({c.school_en})"


def _hearts(game: Game, obs: Obs, lang: str) -> RenderableType:
    hearts = obs.get("hearts") or [[], []]
    tokens = obs.get("tokens") or [None, None]
    marks = "A ▲ / B ▼"
    caption = (
        f"{title(game, 'hearts', lang)}（{word(game, 'tokens', lang)}：{marks}）"
        if lang == "zh"
        else f"{title(game, 'hearts', lang)} ({word(game, 'tokens', lang)}: {marks})"
    )
    grid = Table(title=caption, show_header=False, box=None, padding=(0, 1))
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


def _players(game: Game, players: list[Any], lang: str) -> RenderableType:
    w = _words(game, lang)
    table = Table(show_edge=False, padding=(0, 1))
    table.add_column("")
    for p in players:
        c = p["character"]
        table.add_column(f"{p['seat']}: {c['name'] if lang == 'zh' else c['name_en']}")

    def row(label: str, fn: Callable[[Any], str]) -> None:
        table.add_row(label, *(fn(p) for p in players))

    def attrs(p: Any) -> str:
        a = p["character"]["attributes"]
        return " ".join(f"{w(k)}{a[k]}" for k in _BLADES)

    def weapon(p: Any, card: str | None) -> str:
        if not card:
            return "—"
        for w in p["character"]["weapons"]:
            if w["card"] == card:
                return f"{card}「{w['name']}」" if lang == "zh" else f"{card} ({w['name_en']})"
        return card

    row(w("life"), lambda p: f"{p['life']}/{p['max_life']}")
    row(w("qi"), lambda p: f"{p['qi']}/{p['max_qi']}")
    row(w("attributes"), attrs)
    row(w("equipped"), lambda p: weapon(p, p.get("equipped")))
    row(w("weapons_hand"), lambda p: ", ".join(weapon(p, c) for c in p["hand_weapons"]) or "—")
    row(w("skills"), lambda p: " ".join(str(v) for v in p["hand_skills"]) or "—")
    row(w("discarded"), lambda p: " ".join(str(v) for v in p["discard_skills"]) or "—")
    row(w("eligible"), lambda p: " ".join(str(v) for v in p["eligible"]) or "—")
    row(w("steps"), lambda p: str(p["step_range"]))
    if any(v is not None for p in players for v in (p.get("face_down") or {}).values()):
        row(w("face_down"), lambda p: _face_down(game, p, lang))
    return table


def _face_down(game: Game, p: Any, lang: str) -> str:
    """This round's face-down cards as a real table shows them: *that* a card lies there
    (and, for the viewer's own skill card, which)."""
    w = _words(game, lang)
    fd = p.get("face_down") or {}
    bits = []
    for step in ("skill", "weapon"):
        laid = fd.get(step)
        if laid is None:
            continue
        bits.append(w(f"{step}_card") + " " + ("▮" if laid else w("none")))
    if p.get("laid_skill"):
        bits.append(f"{w('yours')}{'：' if lang == 'zh' else ': '}{p['laid_skill']}")
    return ", ".join(bits) or "—"


def _battle(game: Game, obs: Obs, lang: str) -> RenderableType:
    w = _words(game, lang)
    b = obs.get("battle") or {}
    rows: list[tuple[str, RenderableType | str]] = []
    for p, seat in enumerate("AB"):
        bits = []
        skill = (b.get("skills") or [None, None])[p]
        if skill:
            state = (b.get("skill_state") or [None, None])[p]
            how = w(state) if state else "—"
            bits.append(f"{w('skill_card')} {skill}: {how}")
        forb = (b.get("forbidden") or [[], []])[p]
        if forb:
            bits.append(f"{w('forbidden')}: {', '.join(w(x) for x in forb)}")
        if p in (b.get("throws_first") or []):
            bits.append(w("throws_first"))
        if bits:
            rows.append((seat, "; ".join(bits)))
    if b.get("open_throw"):
        rows.append((w("open_throw"), w(b["open_throw"])))
    if not rows:
        return Text("")
    return kv([(title(game, "battle", lang), ""), *rows])


def _power(
    game: Game,
    table: Obs,
    viewer: int | None,
    lang: str,
    opts: Options,
    battle: Obs | None = None,
) -> RenderableType:
    w = _words(game, lang)
    grid = Table(padding=(0, 1), show_lines=opts.details)
    grid.add_column("A \\ B")
    for b in _BLADES:
        grid.add_column(w(b), justify="center", min_width=6)
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
        grid.add_row(w(a), *cells)
    ta, tb = table["thresholds"]
    wins = w("wins")
    legend = Text()
    for colour, label in (("green", f"A {wins}"), ("yellow", w("draw")), ("red", f"B {wins}")):
        legend.append("■", style=colour)
        legend.append(f" {label}  ")
    colon = "：" if lang == "zh" else ": "
    legend.append(f"·  {w('thresholds')}{colon}A ≥ {ta}, B ≤ −{tb}", style="dim")
    parts: list[RenderableType] = [
        Text(title(game, "power_table", lang), style="bold"),
        grid,
        legend,
    ]
    if opts.details:  # what each cell's second line adds up
        cell = "+".join(w(k) for k in ("attributes", "win_value", "weapons", "skills"))
        parts.append(Text(f"{w('power')} = {cell}", style="dim"))
    if opts.hint:
        hint = equilibrium_hint(table, 0 if viewer is None else viewer, lang, battle)
        parts.append(Text(hint, style="cyan"))
    return Group(*parts)


def equilibrium_hint(table: Obs, player: int, lang: str, battle: Obs | None = None) -> str:
    """The equilibrium mix of the power table for ``player`` (an exact LP solve).

    Throws forbidden this round are left out, and a throw the opponent made openly is the
    only column left (the hint is then a best reply).

    >>> from caiquan.games.promise.table import compute_table
    >>> table = compute_table((3, 3, 3), (3, 3, 3), 5, (), (), (), (5, 5), (False, False))
    >>> equilibrium_hint(table.to_json(), 0, "en")
    'Equilibrium mix (A): slash 33%  pierce 33%  strike 33%; value +0.00'
    >>> equilibrium_hint(table.to_json(), 0, "en", {"forbidden": [["slash"], []]})
    'Equilibrium mix (A): slash 0%  pierce 67%  strike 33%; value -0.33'
    >>> equilibrium_hint(table.to_json(), 1, "zh", {"open_throw": "slash", "throws_first": [0]})
    '均衡混合策略（B）：斩击 0%  贯彻 0%  打击 100%；价值 +1.00'
    """
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
    w = Promise.glossary().words
    mix = "  ".join(f"{w[b].name(lang)} {x:.0%}" for b, x in zip(_BLADES, full, strict=True))
    name = w["equilibrium_mix"].name(lang)
    name = name[:1].upper() + name[1:]
    who, value = "AB"[player], f"{w['value'].name(lang)} {sol.value + 0.0:+.2f}"
    if lang == "zh":
        return f"{name}（{who}）：{mix}；{value}"
    return f"{name} ({who}): {mix}; {value}"


def unavailable(game: Game, obs: Obs, decision: Decision, lang: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    me = obs.get("player")
    if me is None or decision.kind != "throw" or obs.get("phase") != "throw":
        return out
    forb = (obs.get("battle") or {}).get("forbidden") or [[], []]
    for name in forb[me]:
        out.append((word(game, name, lang), t("forbidden_throw", lang)))
    return out


def preview(game: Game, entry: Mapping[str, Any], lang: str) -> str:
    """What a skill or weapon card would do to the power table, in a line or two (from the
    option's preview, :mod:`.preview`): the cells it changes, was → now and whose win.

    >>> cell = {"total": 7, "verdict": "A", "changed": True, "was": 4}
    >>> same = {"total": 0, "verdict": "draw", "changed": False, "was": 0}
    >>> entry = {"cells": [[cell, same, same]] + [[same] * 3] * 2, "changed": 1, "active": True}
    >>> from caiquan.games import load_game
    >>> preview(load_game("promise"), entry, "en").split(" (the")[0]
    'the power table changes 1 of its 9 cells: slash/slash 4→7 (A)'
    """

    def changes(e: Mapping[str, Any]) -> str:
        if not e.get("changed"):
            return t("preview_none", lang)
        parts = []
        for i, row in enumerate(e.get("cells") or []):
            for j, c in enumerate(row):
                if c.get("changed"):
                    who = word(game, "draw", lang) if c["verdict"] == "draw" else c["verdict"]
                    parts.append(
                        f"{word(game, _BLADES[i], lang)}/{word(game, _BLADES[j], lang)} "
                        f"{c['was']}→{c['total']} ({who})"
                    )
        sep = "，" if lang == "zh" else ", "
        return f"{t('preview_changed', lang, n=e['changed'])}{sep.join(parts)}"

    if entry.get("active") is False:
        return t("preview_inactive", lang)
    text = changes(entry)
    check = entry.get("check")
    if isinstance(check, Mapping):
        n = check.get("n")
        text = (
            f"{t('preview_check', lang, n=n)}: {text}; "
            f"{t('preview_fail', lang)}: {changes(check.get('otherwise') or {})}"
        )
    return f"{text}{'' if lang == 'zh' else ' '}{t('preview_hidden', lang)}"


def steps(game: Game, obs: Obs, choice: Choice, lang: str) -> tuple[tuple[Step, ...], ...]:
    """A stance option (``stance-A-B``) in two steps: one heart, then the other (either may
    come first: the tokens are a pair); every other option is one step.

    >>> from caiquan.games import load_game
    >>> game = load_game("promise")
    >>> obs = {"player": 0, "hearts": [[10, 1, 2, 5, 9], [3, 4, 6, 7, 8]]}
    >>> c = Choice(7, "stance-0-1", "", "")
    >>> for way in steps(game, obs, c, "en"):
    ...     print(" → ".join(s.label for s in way))
    ♥10 (your row, column 1) → ♥1 (your row, column 2)
    ♥1 (your row, column 2) → ♥10 (your row, column 1)
    >>> steps(game, obs, Choice(6, "stance-0-0", "", ""), "zh")[0][1].label
    '♥10（你这一排第 1 列）：两枚标记都放这里'
    """
    name = choice.name.split("-")
    if len(name) != 3 or name[0] != "stance" or not (name[1].isdigit() and name[2].isdigit()):
        return ()
    i, j = int(name[1]), int(name[2])
    rows = obs.get("hearts")
    hearts = [*rows[0], *rows[1]] if rows and all(rows) else None
    me = obs.get("player")

    def cell(c: int) -> Step:
        return Step(str(c), pick(stance_cell_words(c, hearts, me), lang))

    if i == j:
        both = cell(i)
        colon = "：" if lang == "zh" else ": "
        return ((both, Step(both.key, f"{both.label}{colon}{t('stance_both', lang)}")),)
    return ((cell(i), cell(j)), (cell(j), cell(i)))


def explain(game: Game, obs: Obs, option: int, lang: str) -> str:
    zh = lang == "zh"
    if option >= CHAR_BASE:
        c = _content(game).characters[option - CHAR_BASE]
        attrs = " ".join(
            f"{word(game, b, lang)} {v}" for b, v in zip(_BLADES, c.attack, strict=True)
        )
        life = f"{word(game, 'life', lang)} {c.vitality}  {word(game, 'qi', lang)} {c.qi}"
        return f"{attrs}  {life}\n{c.info if zh else c.info_en}"
    me = obs.get("player")
    players = obs.get("players")
    if SKILL_BASE < option < CHAR_BASE and option != WEAPON_BASE and players and me is not None:
        card = players[me]["character"]
        if option < WEAPON_BASE:
            skill = option - SKILL_BASE
            sk = card["skills"][skill - 1]
            name = sk["name"] if zh else sk["name_en"]
            cost = f"{word(game, 'qi', lang)} {sk['cost']}"
            return f"{skill} {name} ({cost}): {sk['text'] if zh else sk['text_en']}"
        w = card["weapons"][option - WEAPON_BASE - 1]
        name = w["name"] if zh else w["name_en"]
        return f"{w['card']} {name}: {w['text'] if zh else w['text_en']}"
    return ""
