"""Drama, per round nature: how forced the decisions are, and how often another bot picks
a different option than greedy at the same decision (greedy plays every seat).

    PYTHONPATH=src python docs/reports/drama_natures.py 150 ismcts:iterations=30 4

Arguments: games, the other bot, compare every k-th decision with more than one option.
Writes one line per (nature, decision kind) on stdout; docs/reports/drama_natures.txt holds
the committed run.
"""

from __future__ import annotations

import sys
from collections import defaultdict

from caiquan import load_game
from caiquan.bots import make_bot
from caiquan.engine import PlayerView, Rng


def main(games: int, other_spec: str, every: int) -> None:
    game = load_game("drama", {})
    greedy, other = make_bot("greedy"), make_bot(other_spec)
    # (nature, kind) -> decisions, forced, legal options summed, compared, differing
    stats: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    k = 0
    for i in range(games):
        s = game.new_state(1000 + i)
        rng, other_rng = Rng(i), Rng(10**6 + i)
        while not s.is_terminal():
            joint = {}
            for p in s.to_move():
                view = PlayerView(s, p)
                legal = s.legal(p)
                choice = greedy.decide(view, rng)
                cell = stats[(str(s.nature), s.decision(p).kind)]  # type: ignore[attr-defined]
                cell[0] += 1
                cell[1] += len(legal) == 1
                cell[2] += len(legal)
                if len(legal) > 1:
                    k += 1
                    if k % every == 0:
                        cell[3] += 1
                        cell[4] += other.decide(view, other_rng) != choice
                joint[p] = choice
            s.apply(joint)
    print(f"{games} games, greedy in every seat; compared with {other_spec}")
    print("nature   kind     decisions  forced  mean options  compared  differs")
    for (nature, kind), (n, forced, options, cmp, diff) in sorted(stats.items()):
        rate = f"{diff / cmp:6.1%}" if cmp else "     —"
        print(f"{nature:8} {kind:8} {n:9} {forced / n:7.1%} {options / n:13.1f} {cmp:9}  {rate}")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], int(sys.argv[3]))
