"""Promise's character draft as played (issue 25): the matchup matrix, the draft it implies,
and games drafted by the seed's rule (the opening throw's winner picks first, the loser
second; ``--pick priority``, the default: face down, a clash leaves the character with the
first picker and the other draws one of the rest; ``blind``: face down, a clash sends both
back; ``open``: face down, the same character allowed; ``draft``: openly), played by the same
bots on both seats.

    python docs/reports/promise_draft.py    # 100 games per ordered pair, 600 drafted
    python docs/reports/promise_draft.py --pair-games 0 --draft-games 2000 \\
        --seed 252000 -j 2 --out docs/reports/promise-draft.json

Prints the matrix (row character's win rate against the column character, draws half, both
seat orders), each character's worst matchup and its counters (the characters that beat it
≥ 50 %), then the drafted games: the first picker's win rate with its 95 % Wilson interval,
each character's pick frequency (first, second, either) and the pairings drafted.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from caiquan.bots import play_match, strength_spec
from caiquan.games import game_class, load_game
from caiquan.lab.stats import wilson_interval


def _score(results: tuple[str, ...], seat: int) -> float:
    return {"win": 1.0, "draw": 0.5, "loss": 0.0}[results[seat]]


def pair_games(args: tuple[str, str, int, int, str, str]) -> float:
    """X's score against Y over n games, X in seat A for even seeds and B for odd ones."""
    x, y, n, seed0, bots, content = args
    total = 0.0
    for i in range(n):
        a, b = (x, y) if i % 2 == 0 else (y, x)
        game = load_game("promise", {"characters": f"{a},{b}", "content": content})
        state = play_match(game, [bots, bots], seed0 + i)
        total += _score(state.outcome().results, 0 if i % 2 == 0 else 1)
    return total


def mirror_draws(args: tuple[str, int, int, str, str]) -> int:
    """Draws in ``n`` mirror matches of character ``x`` (``character_pick = "open"``)."""
    x, n, seed0, bots, content = args
    game = load_game(
        "promise", {"characters": f"{x},{x}", "content": content, "character_pick": "open"}
    )
    return sum(
        play_match(game, [bots, bots], seed0 + i).outcome().results[0] == "draw" for i in range(n)
    )


def drafted(args: tuple[int, int, str, str, str | None]) -> list[dict[str, Any]]:
    """Games drafted by the seed's rule: who picked first, the two characters, the result."""
    seed0, n, bots, content, pick = args
    out = []
    game = load_game("promise", {"content": content, **({"character_pick": pick} if pick else {})})
    names = [c.id for c in game.content.characters]
    for i in range(n):
        state = play_match(game, [bots, bots], seed0 + i)
        picks = [e for e in state.events(None, 0) if e["kind"] == "pick"]
        first = picks[0]["player"]
        chars = [names[c] for c in state.chars]
        out.append({
            "seed": seed0 + i, "first": first, "first_char": chars[first],
            "second_char": chars[1 - first], "first_score": _score(state.outcome().results, first),
            "draw": state.outcome().results[0] == "draw",
            "clashes": sum(e["kind"] == "clash" for e in state.events(None, 0)),
            "two_left": any(
                e["kind"] == "clash" and e.get("again") is False for e in state.events(None, 0)
            ),
        })  # fmt: skip
    return out


def write_table(
    m: dict[str, dict[str, float]], names: list[str], games: int, bots: str, seed: int
) -> None:
    """The bots' draft table (caiquan/games/promise/draft.toml), with the content's hash."""
    import hashlib

    import caiquan.games.promise as pkg

    folder = Path(pkg.__file__).parent
    sha = hashlib.sha256((folder / "content" / "default.toml").read_bytes()).hexdigest()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    lines = [
        "# promise's matchup matrix, measured on the shipped content: each row character's score",
        "# (wins + half the draws) against each column character, both seat orders. The bots",
        "# draft by it (draft.py). Rewritten by:",
        f"#   python docs/reports/promise_draft.py --pair-games {games} --bots {bots}"
        f" --seed {seed} --draft-games 0 --write-table",
        f"# (commit {commit}); a change of content/default.toml makes it stale (a test says so).",
        f'bots = "{bots}"',
        f"games_per_pair = {games}",
        f'content_sha256 = "{sha}"',
        "characters = [" + ", ".join(f'"{c}"' for c in names) + "]",
        "",
        "[score]",
    ]
    for x in names:
        lines.append(
            f"{x} = [" + ", ".join(f"{(m[x][y] if y != x else 0.5):.4f}" for y in names) + "]"
        )
    (folder / "draft.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {folder / 'draft.toml'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pair-games", type=int, default=100, help="games per ordered pair (0: skip)")
    ap.add_argument("--draft-games", type=int, default=600, help="drafted games (0: skip)")
    ap.add_argument(
        "--mirror-games", type=int, default=0,
        help="mirror matches per character (open pick; 0: skip): how often they end drawn",
    )  # fmt: skip
    ap.add_argument(
        "--bots", default="nash", help="the bot (or easy / medium / hard) on both seats [nash]"
    )
    ap.add_argument("--content", default="default", help="promise's content preset or file")
    ap.add_argument("--seed", type=int, default=25_000, help="first seed")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, help="also write the figures as JSON")
    ap.add_argument(
        "--write-table", action="store_true",
        help="write the measured matrix to the game's draft.toml (the bots' draft table)",
    )  # fmt: skip
    ap.add_argument(
        "--pick",
        choices=("priority", "blind", "open", "draft"),
        help="character_pick for the drafted games (default: the game's default)",
    )
    a = ap.parse_args()
    word = a.bots
    a.bots = strength_spec(game_class("promise"), a.bots)  # easy / medium / hard: its bot
    shown = a.bots if word == a.bots else f"{word}: {a.bots}"
    t0 = time.monotonic()
    game = load_game("promise", {"content": a.content})
    names = [c.id for c in game.content.characters]
    result: dict[str, Any] = {
        "bots": a.bots, "content": a.content, "seed": a.seed,
        "character_pick": a.pick or load_game("promise").config["character_pick"],
    }  # fmt: skip
    with ProcessPoolExecutor(a.jobs) as pool:
        if a.pair_games:
            pairs = [(x, y) for i, x in enumerate(names) for y in names[i + 1 :]]
            jobs = [
                (x, y, a.pair_games, a.seed + 1000 * k, a.bots, a.content)
                for k, (x, y) in enumerate(pairs)
            ]
            scores = list(pool.map(pair_games, jobs))
            m: dict[str, dict[str, float]] = {x: {} for x in names}
            for (x, y), s in zip(pairs, scores, strict=True):
                m[x][y] = s / a.pair_games
                m[y][x] = 1 - s / a.pair_games
            result["matrix"] = m
            result["pair_games"] = a.pair_games
            print(
                f"matrix: row's score vs column ({a.pair_games} games per pair,"
                f" both seat orders, {a.bots})"
            )
            print(f"{'':>9}" + "".join(f"{y:>9}" for y in names) + f"{'field':>9}{'worst':>9}")
            for x in names:
                row = [m[x][y] for y in names if y != x]
                cells = "".join(f"{m[x][y]:>9.3f}" if y != x else f"{'—':>9}" for y in names)
                print(f"{x:>9}{cells}{sum(row) / len(row):>9.3f}{min(row):>9.3f}")
            if a.write_table:
                write_table(m, names, a.pair_games, a.bots, a.seed)
            print("counters (beat it ≥ 50 %):")
            for x in names:
                c = [y for y in names if y != x and m[y][x] >= 0.5]
                print(f"  {x}: {', '.join(f'{y} {m[y][x]:.2f}' for y in c) or 'none'}")
        if a.mirror_games:
            jobs3 = [
                (x, a.mirror_games, a.seed + 700_000 + 1000 * k, a.bots, a.content)
                for k, x in enumerate(names)
            ]
            draws = list(pool.map(mirror_draws, jobs3))
            result["mirror"] = {
                "games": a.mirror_games,
                "draws": dict(zip(names, draws, strict=True)),
            }
            print(f"mirror matches ({a.mirror_games} each, character_pick open): draws")
            for x, d in zip(names, draws, strict=True):
                lo, hi = wilson_interval(d, a.mirror_games)
                print(f"  {x:>9}: {d / a.mirror_games:.3f} [{lo:.3f}, {hi:.3f}]")
        if a.draft_games:
            chunk = max(1, a.draft_games // (4 * a.jobs))
            jobs2 = [
                (a.seed + 500_000 + s, min(chunk, a.draft_games - s), a.bots, a.content, a.pick)
                for s in range(0, a.draft_games, chunk)
            ]
            games = [g for part in pool.map(drafted, jobs2) for g in part]
            n = len(games)
            fs = sum(g["first_score"] for g in games)
            lo, hi = wilson_interval(fs, n)
            firsts = Counter(g["first_char"] for g in games)
            seconds = Counter(g["second_char"] for g in games)
            either = Counter(c for g in games for c in {g["first_char"], g["second_char"]})
            pairings = Counter(f"{g['first_char']}→{g['second_char']}" for g in games)
            result["draft"] = {
                "games": n, "first_pick_rate": fs / n, "interval": [lo, hi],
                "draws": sum(g["draw"] for g in games) / n,
                "clashes": sum(g["clashes"] for g in games) / n,
                "two_left": sum(g["two_left"] for g in games) / n,
                "first": dict(firsts), "second": dict(seconds),
                "either": {c: either[c] / n for c in names}, "pairings": dict(pairings),
            }  # fmt: skip
            print(
                f"drafted games: {n} ({shown} on both seats,"
                f" character_pick {result['character_pick']})"
            )
            print(f"  first picker's score {fs / n:.3f} [{lo:.3f}, {hi:.3f}]")
            dl, dh = wilson_interval(sum(g["draw"] for g in games), n)
            print(f"  draws {result['draft']['draws']:.3f} [{dl:.3f}, {dh:.3f}]")
            print(f"  clashes per game {result['draft']['clashes']:.2f}")
            tl = [g for g in games if g["two_left"]]
            if tl:
                tls = sum(g["first_score"] for g in tl) / len(tl)
                print(
                    f"  a clash with two characters left (a throw decides who keeps it):"
                    f" {len(tl)} games, first picker's score there {tls:.3f}"
                )
            print("  picks (first / second / drafted in % of games):")
            for c in names:
                print(f"    {c:>9}: {firsts[c]:>5} {seconds[c]:>5}  {100 * either[c] / n:5.1f} %")
            print("  pairings:", ", ".join(f"{k} {v}" for k, v in pairings.most_common(12)))
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    result["commit"] = commit
    print(f"commit {commit} · {time.monotonic() - t0:.0f} s")
    if a.out:
        a.out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main()
