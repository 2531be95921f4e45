"""A long tournament as chunks of ``caiquan tournament``, summed with a Wilson interval.

    PYTHONPATH=src python bench/chunks.py GAME --bots A,B --chunks 10 --games 4 \\
        [--seed 1] [-o key=value] [--out FILE.jsonl]
    python bench/chunks.py --sum FILE.jsonl

Runs ``caiquan tournament GAME --bots A,B --games K --seed S --json`` for the seeds
``S, S+1, …`` one after another (so partial results survive a busy machine), appends each
chunk's JSON line to ``--out`` and prints the running sum per bot: the mean per-game score
and its 95 % interval over games (``caiquan.lab.stats.game_interval``, as the tournament).
The ladder of docs/bots.md comes from ``bench/strength.py --ladder``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from caiquan.lab.stats import game_interval


def summarise(lines: list[dict[str, object]]) -> str:
    totals: dict[str, list[float]] = {}
    games = 0
    for chunk in lines:
        games += int(chunk["games"])  # type: ignore[call-overload]
        for st in chunk["standings"]:  # type: ignore[attr-defined]
            t = totals.setdefault(st["bot"], [0.0, 0.0, 0.0])
            t[0] += st["game_score"]
            t[1] += st["games"]
            t[2] = st["min_seats"] if not t[2] else min(t[2], st["min_seats"])
    out = [f"{len(lines)} chunks, {games} games"]
    for bot, (score, n, k) in totals.items():
        lo, hi = game_interval(score, int(n), int(k))
        out.append(f"  {bot}: {score / n:.1%} [{lo:.1%}, {hi:.1%}] ({score:g} / {n:g} games)")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?")
    ap.add_argument("--bots")
    ap.add_argument("--chunks", type=int, default=10)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", action="append", default=[])
    ap.add_argument("--out")
    ap.add_argument("--sum", help="only sum the chunks in this file")
    args = ap.parse_args()
    if args.sum:
        rows = [json.loads(x) for x in Path(args.sum).read_text().splitlines() if x.strip()]
        print(summarise(rows))
        return
    rows = []
    for i in range(args.chunks):
        cmd = [sys.executable, "-m", "caiquan", "tournament", args.game, "--bots", args.bots]
        cmd += ["--games", str(args.games), "--seed", str(args.seed + i), "--json"]
        for item in args.o:
            cmd += ["-o", item]
        line = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip()
        rows.append(json.loads(line))
        if args.out:
            with open(args.out, "a") as f:
                f.write(line + "\n")
        print(f"seed {args.seed + i}: " + summarise(rows), flush=True)


if __name__ == "__main__":
    main()
