"""The bot ladder: every game, every pairing of its strength levels, one command (issue 23).

``python bench/strength.py --ladder --games N --out docs/reports/ladder.json --render
docs/bots.md`` plays, for each game of :func:`ladder_games`, a two-bot :func:`run_tournament` for
every pairing of the game's own ``easy``, ``medium`` and ``hard`` bots (``Game.strengths``;
``hard=SPEC`` replaces a searching ``hard`` by another budget, e.g. a fixed iteration count
that is reproducible and cheaper than the lobby's one second), on fresh seeds, timing every
decision; with ``bots="all"`` it pairs ``random``, ``greedy``, ``nash`` (only in games with
a two-player matrix decision, where it differs from its ``greedy`` fallback) and the
``ismcts`` spec instead. Pairings run in ``jobs`` processes; the results, with the commit,
go to JSON after each pairing (a partial run keeps what it measured), and render as the
Markdown tables that ``docs/bots.md`` shows between ``<!-- ladder:start -->`` and
``<!-- ladder:end -->``: the pairings, and per game whether the ladder holds (issue 23's
criterion: each level beats the one below with an interval above the fair share, and
``hard`` beats ``easy`` at least as often as ``medium`` does).

Rates and intervals are the tournament's: the mean per-game score (a bot's seats' shares
of the win, divided by its seats) with its 95 % interval over games
(:func:`caiquan.lab.stats.game_interval`).
"""

from __future__ import annotations

import datetime as _dt
import itertools
import json
import math
import os
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from caiquan.engine import Game, Rng
from caiquan.engine.game import STRENGTH_LEVELS
from caiquan.games import game_class, game_ids, load_game

from .tournament import run_tournament


def ladder_games(
    players: Sequence[int] | None = None,
) -> tuple[tuple[str, str, dict[str, Any]], ...]:
    """(label, game id, config) of every game on the ladder: every registered game (the
    registry's order) at its defaults — a new game joins by registering, nothing here names
    one. ``players``: instead, each game at each of these player counts it allows other than
    its default (``legends-3p``: ``{"players": 3}``); a game with one count is left out."""
    if players is None:
        return tuple((gid, gid, {}) for gid in game_ids())
    out = []
    for gid in game_ids():
        cls = game_class(gid)
        default = load_game(gid).num_players
        for n in players:
            if cls.min_players <= n <= cls.max_players and n != default:
                out.append((f"{gid}-{n}p", gid, {"players": n}))
    return tuple(out)


DEFAULT_ISMCTS = "ismcts:iterations=200"
START = "<!-- ladder:start -->"
END = "<!-- ladder:end -->"


def has_matrix_decisions(game: Game, probes: int = 3) -> bool:
    """Whether random play reaches a two-player decision of a matrix kind (a throw), where
    ``nash`` plays its own equilibrium mix instead of its ``greedy`` fallback."""
    for seed in range(probes):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            movers = s.to_move()
            if len(movers) == 2 and s.decision(movers[0]).kind in game.matrix_kinds:
                return True
            s.apply({p: rng.choice(s.legal(p)) for p in movers})
    return False


def ladder_bots(game: Game, ismcts: str = DEFAULT_ISMCTS) -> list[str]:
    bots = ["random", "greedy"]
    if has_matrix_decisions(game):
        bots.append("nash")
    return [*bots, ismcts]


def level_bots(game: Game, hard: str | None = None) -> list[tuple[str, str]]:
    """``(level, spec)`` for ``easy``, ``medium``, ``hard`` as ``game`` declares them;
    ``hard`` replaces the ``hard`` spec where that is a search (``ismcts…``) — a game whose
    ``hard`` is another bot (oshi_zumo's ``nash``) keeps it."""
    out = []
    for level in STRENGTH_LEVELS:
        spec = type(game).strength(level)
        if level == "hard" and hard and spec.split(":")[0] == "ismcts":
            spec = hard
        out.append((level, spec))
    return out


def commit() -> str:
    """The checkout's commit (``+dirty`` with uncommitted changes), or ``unknown``."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return (head + ("+dirty" if dirty else "")) if head else "unknown"


def _timing(times: list[tuple[float, float]]) -> dict[str, float | int]:
    if not times:
        return {"decisions": 0}
    wall = [w for w, _ in times]
    cpu = [c for _, c in times]
    return {
        "decisions": len(times),
        "wall_median": round(statistics.median(wall), 4),
        "wall_max": round(max(wall), 4),
        "cpu_mean": round(sum(cpu) / len(cpu), 4),
        # how many took longer than the lobby's 1 s cap on `hard` (which would cut them)
        "wall_over_1s": sum(1 for w in wall if w > 1.0),
    }


def _pairing(job: tuple[str, str, dict[str, Any], str, str, int, int]) -> dict[str, Any]:
    """One pairing's row (run in a worker process with ``jobs`` > 1)."""
    label, gid, config, a, b, games, seed = job
    game = load_game(gid, config)
    times: dict[str, list[tuple[float, float]]] = {}
    t0 = time.perf_counter()
    res = run_tournament(game, [a, b], games, seed, times=times)
    by = {st.bot: st for st in res.standings}
    return {
        "game": label,
        "config": dict(game.config),
        "players": game.num_players,
        "bots": [a, b],
        "games": games,
        "seed": seed,
        "baseline": round(1.0 / game.num_players, 4),
        "rates": {x: round(by[x].rate, 4) for x in (a, b)},
        "intervals": {x: [round(v, 4) for v in by[x].interval] for x in (a, b)},
        "seats": {x: by[x].min_seats for x in (a, b)},
        "timing": {x: _timing(times.get(x, [])) for x in (a, b)},
        "seconds": round(time.perf_counter() - t0, 1),
    }


def run_ladder(
    games: int,
    seed: int,
    *,
    ismcts: str = DEFAULT_ISMCTS,
    only: Sequence[str] | None = None,
    out: Path | None = None,
    log: Callable[[str], None] | None = None,
    bots: str = "levels",
    hard: str | None = None,
    jobs: int = 1,
    players: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Play every pairing of every game of :func:`ladder_games` (``only``: those labels), ``games``
    games each; pairing ``j`` (in order) uses seed ``seed + j``. ``bots="levels"``: the
    game's strength levels (``hard`` replacing a searching ``hard``); ``"all"``: random,
    greedy, nash where it differs, ``ismcts``. Returns (and writes to ``out`` after each
    pairing) the report; the rows keep the plan's order whatever order the jobs end in.
    ``players``: the games at these other player counts (:func:`ladder_games`); ``only``
    then takes game ids or labels."""
    if bots not in ("levels", "all"):
        raise ValueError(f"bots must be 'levels' or 'all', got {bots!r}")
    report: dict[str, Any] = {
        "commit": commit(),
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
        "games_per_pairing": games,
        "seed": seed,
        "bots": bots,
        "ismcts": ismcts,
        "hard": hard,
        "jobs": jobs,
        "levels": {},
        "rows": [],
    }
    plan: list[tuple[str, str, dict[str, Any], str, str, int, int]] = []
    for label, gid, config in ladder_games(players):
        if only and label not in only and gid not in only:
            continue
        game = load_game(gid, config)
        if bots == "levels":
            specs = level_bots(game, hard)
            report["levels"][label] = dict(specs)
            names = [spec for _, spec in specs]
        else:
            names = ladder_bots(game, ismcts)
        for a, b in itertools.combinations(names, 2):
            if a != b:  # a game may give two levels the same bot
                plan.append((label, gid, dict(config), a, b, games, seed + len(plan)))
    rows: dict[int, dict[str, Any]] = {}

    def done(j: int, row: dict[str, Any]) -> None:
        rows[j] = row
        report["rows"] = [rows[i] for i in sorted(rows)]
        report["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
        if out is not None:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(report, indent=1) + "\n")
        if log is not None:
            a = row["bots"][0]
            lo, hi = row["intervals"][a]
            log(
                f"[{len(rows)}/{len(plan)}] {row['game']}: {a} vs {row['bots'][1]}: "
                f"{row['rates'][a]:.1%} [{lo:.1%}, {hi:.1%}] ({row['seconds']} s)"
            )

    if log is not None:
        for j, (label, _, _, a, b, n, s) in enumerate(plan):
            log(f"plan {j + 1}/{len(plan)}: {label}: {a} vs {b}, {n} games, seed {s}")
    if jobs <= 1:
        for j, job in enumerate(plan):
            done(j, _pairing(job))
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(_pairing, job): j for j, job in enumerate(plan)}
            for fut in as_completed(futures):
                done(futures[fut], fut.result())
    return report


def merge(reports: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One report from several runs of the same settings (e.g. a costly game run on its own
    afterwards, or one game re-run after a change): the rows and levels of all, in order,
    a game's rows coming from the last report that has that game; commits and dates listed
    if they differ; the first run's start load and the last run's end load."""
    out = dict(reports[0])
    last = {row["game"]: i for i, r in enumerate(reports) for row in r["rows"]}
    out["rows"] = [
        row for i, r in enumerate(reports) for row in r["rows"] if last[row["game"]] == i
    ]
    out["levels"] = {k: v for r in reports for k, v in r.get("levels", {}).items()}
    for key in ("commit", "date"):
        out[key] = ", ".join(dict.fromkeys(str(r[key]) for r in reports))
    out["load_average_end"] = reports[-1].get("load_average_end", out["load_average_start"])
    # each run whose rows were kept: its own commit, date, games, seeds and load
    out["runs"] = [
        {
            "commit": r["commit"],
            "date": r["date"],
            "games_per_pairing": r["games_per_pairing"],
            "seed": r["seed"],
            "games": list(
                dict.fromkeys(row["game"] for row in r["rows"] if last[row["game"]] == i)
            ),
            "load_average_start": r["load_average_start"],
            "load_average_end": r.get("load_average_end", r["load_average_start"]),
            "jobs": r.get("jobs", 1),
            "hard": r.get("hard"),
        }
        for i, r in enumerate(reports)
        if any(last[row["game"]] == i for row in r["rows"])
    ]
    return out


def _rate(
    rows: dict[tuple[str, ...], dict[str, Any]], x: str, y: str
) -> tuple[float, float, float, float] | None:
    """``x``'s rate against ``y``, the ends of its 95 % interval and the fair share."""
    r = rows.get((y, x)) or rows.get((x, y))
    if r is None:
        return None
    lo, hi = r["intervals"][x]
    return r["rates"][x], lo, r["baseline"], hi


def _difference(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float]
) -> list[float]:
    """``a``'s rate minus ``b``'s with an approximate 95 % interval (independent runs; each
    standard error read from its interval's width)."""
    se = math.hypot((a[3] - a[1]) / 3.92, (b[3] - b[1]) / 3.92)
    d = a[0] - b[0]
    return [round(d, 4), round(d - 1.96 * se, 4), round(d + 1.96 * se, 4)]


def verdicts(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Per game of a ``levels`` report: whether its ladder holds as issue 23 asks — medium
    beats easy and hard beats medium, each with its 95 % interval above the fair share, and
    hard beats easy at least as often as medium does (point rates; with the difference and
    its approximate 95 % interval, to tell a miss from noise). None where a pairing is
    missing (a partial run) or two levels are the same bot."""
    out = []
    for label, levels in report.get("levels", {}).items():
        rows = {tuple(r["bots"]): r for r in report["rows"] if r["game"] == label}

        easy, medium, hard = levels["easy"], levels["medium"], levels["hard"]
        me, hm, he = _rate(rows, medium, easy), _rate(rows, hard, medium), _rate(rows, hard, easy)
        out.append(
            {
                "game": label,
                "medium_beats_easy": None if me is None else me[1] > me[2],
                "hard_beats_medium": None if hm is None else hm[1] > hm[2],
                "hard_vs_easy_at_least_medium": (
                    None if he is None or me is None else he[0] >= me[0]
                ),
                "hard_minus_medium_vs_easy": (
                    None if he is None or me is None else _difference(he, me)
                ),
                "rates": {"medium_vs_easy": me, "hard_vs_medium": hm, "hard_vs_easy": he},
            }
        )
    return out


def _seats_label(row: dict[str, Any]) -> str:
    """The seats in a row's label: "(4p, 2 seats each)", or "(3p, 1–2 seats each a game)"
    where a bot holds more seats in some games than in others (two bots at an odd table):
    the fewest seats it held is the row's ``seats``, the most what the other bot left it."""
    a, b = row["bots"]
    n, lo = row["players"], row["seats"][a]
    hi = n - row["seats"][b]
    return f" ({n}p, {lo} seats each)" if hi <= lo else f" ({n}p, {lo}–{hi} seats each a game)"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _secs(t: dict[str, Any]) -> str:
    if not t.get("decisions"):
        return "—"
    over = t.get("wall_over_1s")
    extra = f"; {over} over 1 s" if over else ""
    return f"{t['wall_median']:.3f} ({t['wall_max']:.3f}{extra})"


def _mark(ok: bool | None) -> str:
    return "—" if ok is None else ("yes" if ok else "**no**")


def _header(report: dict[str, Any], who: str) -> list[str]:
    """Where the figures come from: one line, or one per run of a merged report."""
    runs = report.get("runs") or [{**report, "games": None}]
    lines = []
    for run in runs:
        jobs = run.get("jobs", 1)
        only = f"{', '.join(run['games'])}: " if run.get("games") and len(runs) > 1 else ""
        lines.append(
            f"{'- ' if len(runs) > 1 else ''}{only}commit `{run['commit']}`, {run['date']}, "
            f"{run['games_per_pairing']} games per pairing, seeds {run['seed']} + pairing index "
            f"(fresh), load average {run['load_average_start'][0]:g} at the start, "
            f"{run.get('load_average_end', run['load_average_start'])[0]:g} at the end"
            f"{f', {jobs} pairings at a time' if jobs > 1 else ''}"
            + ("" if len(runs) > 1 else f"; {who}.")
        )
    if len(runs) > 1:
        lines.append(f"\n{who[0].upper()}{who[1:]}.")
    lines.append("")
    return lines


def _who(report: dict[str, Any]) -> str:
    """Which bots played: each game's levels (``hard`` replaced by ``--hard`` where a run
    gave it), or the ``ismcts`` spec of an ``all`` report."""
    levels = report.get("bots", "all") == "levels"
    hards = {run.get("hard") for run in report.get("runs") or [report]}
    return (
        "`hard` is the game's own, except in the runs that played its search at a set "
        "budget (`--hard`): the next table gives each game's `hard` as played"
        if levels and len(hards) > 1
        else f"`hard` is the game's own unless it searches, then `{report['hard']}`"
        if levels and report.get("hard")
        else "each game's own levels"
        if levels
        else f"`ismcts` is `{report['ismcts']}`"
    )


def render_markdown(report: dict[str, Any]) -> str:
    """The ladder tables: one row per pairing, then (``levels`` reports) the verdicts."""
    levels = report.get("bots", "all") == "levels"
    lines = _header(report, _who(report))
    names: dict[tuple[str, str], str] = {}
    if levels:
        lines += ["| game | easy | medium | hard |", "|---|---|---|---|"]
        for label, lv in report["levels"].items():
            lines.append(f"| {label} | `{lv['easy']}` | `{lv['medium']}` | `{lv['hard']}` |")
            for level, spec in lv.items():
                names.setdefault((label, spec), level)
        lines.append("")
    lines += [
        "| game | A vs B | games | A rate [95 %] | B rate [95 %] | fair share "
        "| s/decision A: median (max) | s/decision B: median (max) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in report["rows"]:
        a, b = r["bots"]
        cells = []
        for x in (a, b):
            lo, hi = r["intervals"][x]
            cells.append(f"{_pct(r['rates'][x])} [{_pct(lo)}, {_pct(hi)}]")
        players = _seats_label(r) if r["players"] > 2 else ""
        la, lb = (names.get((r["game"], x)) for x in (a, b))
        pair = f"{la} `{a}` vs {lb} `{b}`" if la and lb else f"`{a}` vs `{b}`"
        lines.append(
            f"| {r['game']}{players} | {pair} | {r['games']} | {cells[0]} | {cells[1]} "
            f"| {_pct(r['baseline'])} | {_secs(r['timing'][a])} | {_secs(r['timing'][b])} |"
        )
    if levels:
        lines += [
            "",
            "| game | medium beats easy (interval above fair) | hard beats medium (interval "
            "above fair) | hard beats easy at least as often as medium |",
            "|---|---|---|---|",
        ]
        for v in verdicts(report):
            he, me = v["rates"]["hard_vs_easy"], v["rates"]["medium_vs_easy"]
            third = _mark(v["hard_vs_easy_at_least_medium"])
            diff = v["hard_minus_medium_vs_easy"]
            if he is not None and me is not None and diff is not None:
                d, lo, hi = (f"{100 * x:+.1f}" for x in diff)
                third += f" ({_pct(he[0])} vs {_pct(me[0])}; difference {d} [{lo}, {hi}] points)"
            lines.append(
                f"| {v['game']} | {_mark(v['medium_beats_easy'])} "
                f"| {_mark(v['hard_beats_medium'])} | {third} |"
            )
    return "\n".join(lines) + "\n"


def write_between_markers(path: Path, text: str, start: str = START, end: str = END) -> None:
    """Replace what lies between the ``start`` and ``end`` markers in ``path`` by ``text``."""
    doc = path.read_text()
    i, k = doc.index(start), doc.index(end)
    path.write_text(doc[: i + len(start)] + "\n" + text + doc[k:])


__all__ = [
    "commit",
    "has_matrix_decisions",
    "ladder_bots",
    "ladder_games",
    "level_bots",
    "merge",
    "render_markdown",
    "run_ladder",
    "verdicts",
    "write_between_markers",
]
