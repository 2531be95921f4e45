"""CPU instructions per random-playout step, counted by valgrind (load-independent).

    PYTHONPATH=src python bench/instructions.py [--steps 3000] [--peers] [GAME ...]

Wall-clock figures on a shared 2-core machine move by ±15 % with the load; the number of
instructions executed does not. This runs the same loop as ``caiquan bench`` (random
choices from :class:`random.Random`) under ``valgrind --tool=callgrind`` twice — with 0 and
with ``--steps`` steps — and prints the difference per step, so start-up and imports cancel
out. With ``--peers`` it counts OpenSpiel's goofspiel (C++) and python_tic_tac_toe too.
Needs valgrind (``apt install valgrind``); slow (≈ 50× slower than normal).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

LOOP = """
import random, sys
from caiquan.engine import Rng
from caiquan.games import load_game
setups = {
    "goofspiel": ("goofspiel", {"num_cards": 13, "points_order": "descending", "imp_info": True}),
    "promise": ("promise", {}), "drama": ("drama", {}), "legends": ("legends", {"players": 4}),
}
gid, cfg = setups[sys.argv[1]]
game = load_game(gid, cfg)
n = int(sys.argv[2]); chooser = random.Random(1); seeds = Rng(1); steps = 0
while steps < n:
    s = game.new_state(seeds.next_u64())
    while not s.is_terminal():
        s.apply([chooser.choice(s.legal(p)) for p in s.to_move()]); steps += 1
"""

PEER_LOOP = """
import random, sys, pyspiel
import open_spiel.python.games
spec = {"openspiel-goofspiel": "goofspiel(num_cards=13,points_order=descending,imp_info=True)",
        "openspiel-tic-tac-toe": "python_tic_tac_toe"}[sys.argv[1]]
g = pyspiel.load_game(spec)
n = int(sys.argv[2]); r = random.Random(1); steps = 0
while steps < n:
    s = g.new_initial_state()
    while not s.is_terminal():
        if s.is_simultaneous_node():
            s.apply_actions([r.choice(s.legal_actions(p)) for p in range(g.num_players())])
        else:
            s.apply_action(r.choice(s.legal_actions()))
        steps += 1
"""


def count(code: str, name: str, steps: int) -> int:
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
            name,
            str(steps),
        ],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ,
    )
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no instruction count:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def per_step(code: str, name: str, steps: int) -> float:
    return (count(code, name, steps) - count(code, name, 0)) / steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=["goofspiel", "promise", "drama", "legends"])
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--peers", action="store_true")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    for g in args.games:
        print(f"{g:24s} {per_step(LOOP, g, args.steps):10,.0f} instructions/step", flush=True)
    if args.peers:
        for g in ("openspiel-goofspiel", "openspiel-tic-tac-toe"):
            n = per_step(PEER_LOOP, g, args.steps)
            print(f"{g:24s} {n:10,.0f} instructions/step", flush=True)


if __name__ == "__main__":
    main()
