"""Head-to-head strength: bot A against bot B, with a running interval; the ladder; exploitability.

    PYTHONPATH=src python bench/strength.py GAME A B [--games N] [--seed S] [-o key=value]
    PYTHONPATH=src python bench/strength.py --ladder --games N --seed S [--hard SPEC] [-j J] \
        [--pairings levels|all] [--ismcts SPEC] [--only GAME,…] [--out docs/reports/ladder.json] \
        [--render docs/bots.md]
    PYTHONPATH=src python bench/strength.py --render docs/bots.md --from docs/reports/ladder.json
    PYTHONPATH=src python bench/strength.py --exploitability [--cards 4,5,6] [--samples K] \
        [--tables T] [--json] [--out FILE] [--render docs/bots.md]

``--ladder``: every game, every pairing of its easy / medium / hard bots (``--hard SPEC``
plays a searching hard at another budget; ``--pairings all``: random / greedy / nash where it
plays throws / ``--ismcts``), ``N`` games each on seeds ``S + pairing index``, ``J``
pairings at a time, rates and 95 % intervals by game, seconds per decision, whether each
game's ladder holds, the commit (:mod:`caiquan.lab.ladder`); ``--render`` writes the
Markdown tables into docs/bots.md between its ladder markers. ``--exploitability``: NashConv
of each bot's tabulated policy in goofspiel (4–6 cards) through the OpenSpiel adapter and the
exploitability of each bot's throw mix on promise's throw tables
(:mod:`caiquan.bench.exploitability`). Progress goes to stderr; ``--json`` prints the report.

Plays ``N`` games; seats follow ``caiquan.lab.tournament.lineups`` (every bot equally often
in every seat; with fewer bots than seats each bot holds several seats), the same scoring
as ``caiquan tournament`` (1 for a sole win, 1/k for a win shared by k; a bot's per-game
score is its seats' shares over its seats), and prints a line per game with the running rate
of A, its 95 % interval over games and A's mean and worst seconds per decision. A quicker
loop than the tournament command while tuning.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from caiquan.bots import Bot, game_seed, make_bot
from caiquan.engine import PlayerView, Rng
from caiquan.games import load_game
from caiquan.lab import play_game
from caiquan.lab.stats import game_interval
from caiquan.lab.tournament import lineups


class Timed:
    """A bot wrapper that records the wall time of each of its decisions."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def decide(self, view: PlayerView, rng: Rng) -> int:
        t = time.perf_counter()
        try:
            return self.bot.decide(view, rng)
        finally:
            if len(view.legal()) > 1:
                self.times.append(time.perf_counter() - t)


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def ladder(args: argparse.Namespace) -> None:
    from caiquan.lab import ladder as lad

    if args.from_json:  # render (merged) reports, play nothing
        report = lad.merge([json.loads(Path(f).read_text()) for f in args.from_json.split(",")])
    else:
        only = args.only.split(",") if args.only else None
        out = Path(args.out) if args.out else None
        report = lad.run_ladder(
            args.games,
            args.seed,
            ismcts=args.ismcts,
            only=only,
            out=out,
            log=_log,
            bots=args.pairings,
            hard=args.hard,
            jobs=args.jobs,
            players=args.players,
        )
    table = lad.render_markdown(report)
    if args.render:
        lad.write_between_markers(Path(args.render), table)
        _log(f"wrote the ladder table into {args.render}")
    print(json.dumps(report) if args.json else table, end="\n" if args.json else "")


def exploitability(args: argparse.Namespace) -> None:
    from caiquan.bench import exploitability as ex

    if args.from_json:  # render (merged) reports, play nothing
        report = ex.merge([json.loads(Path(f).read_text()) for f in args.from_json.split(",")])
    else:
        cards = [] if args.cards == "none" else [int(x) for x in (args.cards or "4,5,6").split(",")]
        report = ex.run_exploitability(
            cards,
            samples=args.samples,
            tables=args.tables,
            throw_samples=args.throw_samples,
            ismcts=args.ismcts,
            ismcts_max_cards=args.ismcts_max_cards,
            bots=args.bots,
            log=_log,
            out=Path(args.out) if args.out else None,
        )
    table = ex.render_markdown(report)
    if args.render:
        from caiquan.lab import ladder as lad

        lad.write_between_markers(Path(args.render), table, ex.START, ex.END)
        _log(f"wrote the exploitability tables into {args.render}")
    print(json.dumps(report) if args.json else table, end="\n" if args.json else "")


def _counts(text: str) -> list[int]:
    """``--players``: comma-separated player counts (an argparse error otherwise)."""
    try:
        counts = [int(n) for n in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"player counts, e.g. 3,5,6; got {text!r}") from None
    if any(n < 1 for n in counts):
        raise argparse.ArgumentTypeError(f"player counts are at least 1; got {text!r}")
    return counts


def _bot_kinds(text: str) -> tuple[str, ...]:
    """``--bots``: a comma-separated subset of random, greedy, nash, ismcts."""
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    known = ("random", "greedy", "nash", "ismcts")
    bad = [k for k in kinds if k not in known]
    if bad or not kinds:
        raise argparse.ArgumentTypeError(f"bots from {', '.join(known)}; got {text!r}")
    return kinds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?")
    ap.add_argument("a", nargs="?")
    ap.add_argument("b", nargs="?")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", action="append", default=[], help="game option key=value")
    ap.add_argument("--ladder", action="store_true", help="every game, every pairing")
    ap.add_argument("--exploitability", action="store_true", help="NashConv tables")
    ap.add_argument("--ismcts", default=None, help="the ismcts spec of --ladder/--exploitability")
    ap.add_argument("--only", help="--ladder: only these games (comma-separated labels)")
    ap.add_argument(
        "--pairings",
        choices=("levels", "all"),
        default="levels",
        help="--ladder: each game's easy/medium/hard (levels) or random/greedy/nash/--ismcts",
    )
    ap.add_argument(
        "--hard", help="--ladder: this spec plays a searching hard (e.g. ismcts:iterations=200)"
    )
    ap.add_argument("-j", "--jobs", type=int, default=1, help="--ladder: pairings at a time")
    ap.add_argument(
        "--players",
        type=_counts,
        help="--ladder: play each game at these other player counts instead of its default "
        "(comma-separated, e.g. 3,5,6; labels such as legends-3p)",
    )
    ap.add_argument("--out", help="write the JSON report here (after each step)")
    ap.add_argument("--render", help="write the Markdown table into this file's markers")
    ap.add_argument(
        "--from",
        dest="from_json",
        help="render this JSON report (--exploitability: comma-separated, merged), play nothing",
    )
    ap.add_argument("--json", action="store_true", help="print the JSON report")
    ap.add_argument("--cards", help="--exploitability: goofspiel sizes (default 4,5,6; none)")
    ap.add_argument("--samples", type=int, default=8, help="decisions sampled per info state")
    ap.add_argument("--tables", type=int, default=200, help="promise throw tables sampled")
    ap.add_argument("--throw-samples", type=int, default=400, help="decisions per throw table")
    ap.add_argument(
        "--ismcts-max-cards", type=int, default=5, help="largest goofspiel tabulated for ismcts"
    )
    ap.add_argument(
        "--bots",
        type=_bot_kinds,
        help="--exploitability: only these goofspiel bots (comma-separated: "
        "random,greedy,nash,ismcts; default all)",
    )
    args = ap.parse_args()
    if args.ladder or (args.from_json and not args.exploitability):
        if args.ismcts is None:
            from caiquan.lab.ladder import DEFAULT_ISMCTS

            args.ismcts = DEFAULT_ISMCTS
        ladder(args)
        return
    if args.exploitability:
        if args.ismcts is None:
            from caiquan.bench.exploitability import DEFAULT_ISMCTS as EX_ISMCTS

            args.ismcts = EX_ISMCTS
        exploitability(args)
        return
    if not (args.game and args.a and args.b):
        ap.error("give GAME A B, --ladder or --exploitability")
    config: dict[str, object] = {}
    for item in args.o:
        k, _, v = item.partition("=")
        config[k] = {"true": True, "false": False}.get(v, int(v) if v.lstrip("-").isdigit() else v)
    game = load_game(args.game, config)
    plan = lineups(2, game.num_players)
    score, seats = 0.0, 0
    times: list[float] = []
    for i in range(args.games):
        lineup = plan[i % len(plan)]
        bots: list[Bot] = [
            Timed(make_bot(args.a), times) if b == 0 else make_bot(args.b) for b in lineup
        ]
        out = play_game(game, bots, game_seed(args.seed, i)).outcome  # as the tournament
        firsts = sum(1 for r in out.ranks if r == 1)
        mine = [1.0 / firsts if out.ranks[s] == 1 else 0.0 for s, b in enumerate(lineup) if b == 0]
        seats = len(mine) if not seats else min(seats, len(mine))
        games = i + 1
        score += sum(mine) / len(mine)  # the per-game score, as the tournament
        lo, hi = game_interval(score, games, seats)
        mean = sum(times) / max(1, len(times))
        print(
            f"{i + 1:4d} {args.a}: {score / games:6.1%} [{lo:6.1%}, {hi:6.1%}] "
            f"n={games} games s/decision mean {mean:.3f} max {max(times, default=0):.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
