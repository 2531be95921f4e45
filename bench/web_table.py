"""Direct play at the web table, measured (issue 21): clicks per decision and the time from
the click to its result on screen, per game, playing whole games by board clicks only in
Debian's Chromium against a real ``caiquan serve`` on loopback.

    python bench/web_table.py                      # 3 games each, the table below
    python bench/web_table.py --games 5 --out docs/reports/web-table.json

"Clicks" counts every board click of a decision, the confirm included. The latency is from
the click that sends the move (confirm, or naming one of several moves) to the first frame
drawn with its result (a new state, or the player's face-down choice shown), read from the
page (``window.caiquanLatency``); animations are off (the reveal's countdown is deliberate
and excluded). "Turn" decisions are one player's; "simultaneous" ones are face-down choices.
Needs the test extras (playwright) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAMES: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "promise": ("promise", {}, ["human", "easy"]),
    "drama": ("drama", {}, ["human", "easy", "easy", "easy"]),
    "legends-3": ("legends", {"players": 3}, ["human", "easy", "easy"]),
    "legends-4": ("legends", {"players": 4}, ["human", "easy", "easy", "easy"]),
    "goofspiel": ("goofspiel", {}, ["human", "easy"]),
}


def pct(xs: list[float], q: float) -> float:
    """The q-quantile (nearest rank) of xs; nan when empty."""
    if not xs:
        return math.nan
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


def measure(games: int, seed: int, only: list[str] | None) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright
    from tests.web.conftest import CHROMIUM, WebServer
    from tests.web.helpers import create_table, new_page, play_by_board

    rows: dict[str, Any] = {}
    server = WebServer(Path(tempfile.mkdtemp(prefix="caiquan-web-bench-")))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM)
            for label, (game, options, seats) in GAMES.items():
                if only and label not in only:
                    continue
                clicks: list[int] = []
                turn: list[float] = []
                simultaneous: list[float] = []
                for g in range(games):
                    page = new_page(browser)
                    create_table(page, server.base, game, options=options, seats=seats)
                    moves = play_by_board(page, seed=seed + g, limit=300)
                    clicks += [len(m) for m in moves]
                    for x in page.evaluate("window.caiquanLatency || []"):
                        (simultaneous if x["simultaneous"] else turn).append(float(x["ms"]))
                    page.context.close()
                    print(
                        f"  {label} game {g + 1}/{games}: {len(moves)} decisions", file=sys.stderr
                    )
                rows[label] = {
                    "games": games,
                    "decisions": len(clicks),
                    "clicks_median": statistics.median(clicks) if clicks else None,
                    "clicks_mean": round(statistics.fmean(clicks), 2) if clicks else None,
                    "turn_n": len(turn),
                    "turn_ms_median": round(statistics.median(turn), 1) if turn else None,
                    "turn_ms_p95": round(pct(turn, 0.95), 1) if turn else None,
                    "simultaneous_n": len(simultaneous),
                    "simultaneous_ms_median": round(statistics.median(simultaneous), 1)
                    if simultaneous
                    else None,
                    "simultaneous_ms_p95": round(pct(simultaneous, 0.95), 1)
                    if simultaneous
                    else None,
                }
            browser.close()
    finally:
        server.stop()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3, help="whole games per game (default 3)")
    ap.add_argument("--seed", type=int, default=2100, help="first seed of the clicks")
    ap.add_argument("--only", nargs="*", choices=list(GAMES), help="some of the games")
    ap.add_argument("--out", type=Path, help="also write the figures as JSON here")
    a = ap.parse_args()
    if a.games < 1 or a.games > 50:
        ap.error("--games must be 1–50")
    t0 = time.monotonic()
    rows = measure(a.games, a.seed, a.only)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else []
    print(f"commit {commit} · {platform.node()} · load {' '.join(load)}")
    print(
        f"{'game':<11} {'decisions':>9} {'clicks median':>13} {'mean':>5}"
        f" {'turn p95 ms':>11} {'(n)':>5} {'simult. p95 ms':>14} {'(n)':>5}"
    )
    for label, r in rows.items():
        print(
            f"{label:<11} {r['decisions']:>9} {r['clicks_median']!s:>13} {r['clicks_mean']!s:>5}"
            f" {r['turn_ms_p95']!s:>11} {r['turn_n']:>5}"
            f" {r['simultaneous_ms_p95']!s:>14} {r['simultaneous_n']:>5}"
        )
    print(f"({time.monotonic() - t0:.0f} s)")
    if a.out:
        a.out.write_text(
            json.dumps({"commit": commit, "load": load, "games": rows}, indent=2) + "\n"
        )


if __name__ == "__main__":
    main()
