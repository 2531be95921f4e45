"""Bot benchmark: search speed and decision latency on this machine.

    PYTHONPATH=src python bench/bots.py [--seconds 1.0] [--states 6] [--game ID] [--json]
                                        [--spec ismcts:iterations=200 ...]

For every shipped game it takes mid-game states from a game between ``greedy`` players and
reports, per bot spec: the median and worst wall time of one decision (the default-strength
``ismcts`` — what ``make_bot("ismcts")`` builds, a 1 s budget — must answer within 1 s plus
one iteration), and for ISMCTS the iterations per second (default rollouts: the game's
greedy player and depth cap; and uniformly random rollouts to the end, for comparison).
Wall-clock figures: compare only runs made on the same machine under the same load.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from caiquan.bots import ISMCTSBot, make_bot
from caiquan.engine import PlayerView, Rng, State
from caiquan.games import load_game

GAMES = ("promise", "legends", "drama", "goofspiel")


def sample_states(game_id: str, count: int, seed: int = 1) -> list[tuple[State, int]]:
    """``count`` (state, player) pairs with a real choice, spread over greedy games."""
    game = load_game(game_id)
    picked: list[tuple[State, int]] = []
    greedy = make_bot("greedy")
    g = seed
    while len(picked) < count:
        s = game.new_state(g)
        rng = Rng(g)
        step = 0
        while not s.is_terminal() and len(picked) < count:
            movers = s.to_move()
            choosers = [p for p in movers if len(s.legal(p)) > 1]
            if choosers and step % 7 == 3:
                picked.append((s.clone(), choosers[0]))
            s.apply({p: greedy.decide(PlayerView(s, p), rng) for p in movers})
            step += 1
        g += 1
    return picked


def time_bot(spec: str, states: list[tuple[State, int]]) -> dict[str, float]:
    times, rates = [], []
    for i, (s, p) in enumerate(states):
        bot = make_bot(spec)
        t = time.perf_counter()
        bot.decide(PlayerView(s, p), Rng(i))
        dt = time.perf_counter() - t
        times.append(dt)
        if isinstance(bot, ISMCTSBot) and dt > 0:
            rates.append(bot.last_iterations / dt)
    out = {
        "median_s": round(statistics.median(times), 4),
        "max_s": round(max(times), 4),
    }
    if rates:
        out["iterations_per_s"] = round(statistics.median(rates), 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="ISMCTS budget per decision")
    ap.add_argument("--states", type=int, default=6, help="decisions timed per game")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ap.add_argument("--spec", action="append", help="time only this bot spec (repeatable)")
    args = ap.parse_args()
    specs = [
        "greedy",
        "nash",
        f"ismcts:seconds={args.seconds}",
        f"ismcts:seconds={args.seconds},rollout=random,depth=0",
    ]
    if args.seconds == 1.0:
        specs[2] = "ismcts"  # exactly the default-strength bot
    if args.spec:
        specs = args.spec
    report: dict[str, dict[str, dict[str, float]]] = {}
    for game_id in args.game or GAMES:
        states = sample_states(game_id, args.states)
        report[game_id] = {spec: time_bot(spec, states) for spec in specs}
        if not args.json:
            for spec, r in report[game_id].items():
                its = f"{r['iterations_per_s']:>9,.0f} it/s" if "iterations_per_s" in r else ""
                print(
                    f"{game_id:10} {spec:45} median {r['median_s']:7.3f} s"
                    f"  max {r['max_s']:7.3f} s  {its}",
                    flush=True,
                )
    if args.json:
        print(json.dumps({"seconds": args.seconds, "games": report}))


if __name__ == "__main__":
    main()
