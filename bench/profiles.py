"""Where a random playout spends its time: cProfile of ``caiquan bench``'s loop for one game.

    PYTHONPATH=src python bench/profiles.py promise [--seconds 3] [--top 15]

Prints steps/s under the profiler (slower than without it; compare runs of this script
only) and the functions with the most time of their own. To compare two versions, run it in
both checkouts (e.g. a ``git worktree`` of the older commit). ``docs/performance.md`` keeps
the profiles taken before and after the speed-ups of issue 12.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time
from typing import Any

from caiquan.engine import Rng
from caiquan.games import load_game

SETUPS: dict[str, tuple[str, dict[str, Any]]] = {
    "goofspiel": ("goofspiel", {"num_cards": 13, "points_order": "descending", "imp_info": True}),
    "promise": ("promise", {}),
    "drama": ("drama", {}),
    "legends": ("legends", {"players": 4}),
}


def playouts(game_id: str, seconds: float) -> int:
    gid, cfg = SETUPS[game_id]
    game = load_game(gid, cfg)
    chooser, seeds = random.Random(1), Rng(1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_state(seeds.next_u64())
        while not s.is_terminal():
            s.apply([chooser.choice(s.legal(p)) for p in s.to_move()])
            steps += 1
    return steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(SETUPS))
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    prof = cProfile.Profile()
    prof.enable()
    steps = playouts(args.game, args.seconds)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(args.top)
    print(f"{args.game}: {steps / args.seconds:,.0f} steps/s under the profiler")
    for line in out.getvalue().splitlines():
        if line.strip() and not line.startswith(("   Ordered", "   List reduced")):
            print(line.replace(str(__import__("pathlib").Path.cwd()) + "/", ""))


if __name__ == "__main__":
    main()
