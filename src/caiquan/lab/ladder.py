"""The bot ladder: every game, every pairing of the shipped bots, one command (issue 23).

``python bench/strength.py --ladder --games N --out docs/reports/ladder.json --render
docs/bots.md`` plays, for each game of :func:`ladder_games`, a two-bot :func:`run_tournament` for
every pairing of ``random``, ``greedy``, ``nash`` (only in games with a two-player matrix
decision, where it differs from its ``greedy`` fallback) and ``ismcts`` (the spec given,
by default a fixed iteration budget), on fresh seeds, timing every decision; writes the
results with the commit to JSON after each pairing (a partial run keeps what it measured),
and renders the Markdown table that ``docs/bots.md`` shows between
``<!-- ladder:start -->`` and ``<!-- ladder:end -->``.

Rates and intervals are the tournament's: the mean per-game score (a bot's seats' shares
of the win, divided by its seats) with its 95 % interval over games
(:func:`caiquan.lab.stats.game_interval`).
"""

from __future__ import annotations

import datetime as _dt
import itertools
import json
import os
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from caiquan.engine import Game, Rng
from caiquan.games import game_ids, load_game

from .tournament import run_tournament


def ladder_games() -> tuple[tuple[str, str, dict[str, Any]], ...]:
    """(label, game id, config) of every game on the ladder: every registered game (the
    registry's order) at its defaults — a new game joins by registering, nothing here names
    one."""
    return tuple((gid, gid, {}) for gid in game_ids())


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
    }


def run_ladder(
    games: int,
    seed: int,
    *,
    ismcts: str = DEFAULT_ISMCTS,
    only: Sequence[str] | None = None,
    out: Path | None = None,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play every pairing of every game of :func:`ladder_games` (``only``: those labels), ``games``
    games each; pairing ``j`` (in order) uses seed ``seed + j``. Returns (and writes to
    ``out`` after each pairing) the report."""
    report: dict[str, Any] = {
        "commit": commit(),
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
        "games_per_pairing": games,
        "seed": seed,
        "ismcts": ismcts,
        "rows": [],
    }
    plan = []
    for label, gid, config in ladder_games():
        if only and label not in only:
            continue
        game = load_game(gid, config)
        for a, b in itertools.combinations(ladder_bots(game, ismcts), 2):
            plan.append((label, game, a, b))
    for j, (label, game, a, b) in enumerate(plan):
        if log is not None:
            log(f"[{j + 1}/{len(plan)}] {label}: {a} vs {b}, {games} games, seed {seed + j}")
        times: dict[str, list[tuple[float, float]]] = {}
        t0 = time.perf_counter()
        res = run_tournament(game, [a, b], games, seed + j, times=times)
        by = {st.bot: st for st in res.standings}
        row: dict[str, Any] = {
            "game": label,
            "config": dict(game.config),
            "players": game.num_players,
            "bots": [a, b],
            "games": games,
            "seed": seed + j,
            "baseline": round(1.0 / game.num_players, 4),
            "rates": {x: round(by[x].rate, 4) for x in (a, b)},
            "intervals": {x: [round(v, 4) for v in by[x].interval] for x in (a, b)},
            "seats": {x: by[x].min_seats for x in (a, b)},
            "timing": {x: _timing(times.get(x, [])) for x in (a, b)},
            "seconds": round(time.perf_counter() - t0, 1),
        }
        report["rows"].append(row)
        report["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
        if out is not None:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(report, indent=1) + "\n")
        if log is not None:
            lo, hi = row["intervals"][a]
            log(f"    {a}: {row['rates'][a]:.1%} [{lo:.1%}, {hi:.1%}] ({row['seconds']} s)")
    return report


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _secs(t: dict[str, Any]) -> str:
    if not t.get("decisions"):
        return "—"
    return f"{t['wall_median']:.3f} ({t['wall_max']:.3f})"


def render_markdown(report: dict[str, Any]) -> str:
    """The ladder table: one row per pairing."""
    lines = [
        f"Commit `{report['commit']}`, {report['date']}, {report['games_per_pairing']} games per "
        f"pairing, seeds {report['seed']} + pairing index (fresh), load average "
        f"{report['load_average_start'][0]:g} at the start, "
        f"{report.get('load_average_end', report['load_average_start'])[0]:g} at the end; "
        f"`ismcts` is `{report['ismcts']}`.",
        "",
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
        players = f" ({r['players']}p, {r['seats'][a]} seats each)" if r["players"] > 2 else ""
        lines.append(
            f"| {r['game']}{players} | `{a}` vs `{b}` | {r['games']} | {cells[0]} | {cells[1]} "
            f"| {_pct(r['baseline'])} | {_secs(r['timing'][a])} | {_secs(r['timing'][b])} |"
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
    "render_markdown",
    "run_ladder",
    "write_between_markers",
]
