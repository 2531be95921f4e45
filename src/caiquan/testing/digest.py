"""A behaviour digest: what every game does, reduced to one hash per setup.

For each game in each reference configuration (``caiquan.bench.default_setups``), random
games from fixed seeds — every record, every player's observation, legal options and event
log at every step, the outcome — plus games between bots (a short ``ismcts`` search,
``nash`` and ``greedy``: the heuristics, the exact throw mixes, the search and its sampled
worlds), hashed with SHA-256.

Two runs agree only if the engine, the games and the bots behave identically: the compiled
fast path and its pure twin (``CAIQUAN_PURE=1``) must give equal digests
(``tests/test_fast_path.py``), and so must a refactoring that claims to change nothing.

    python -m caiquan.testing.digest [--games 3] [--bot-games 1]   # JSON on stdout
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from caiquan._fastpath import summary
from caiquan.bots import play_match
from caiquan.engine import Game
from caiquan.games import load_game

#: The bots of the digest's bot games: a short search in the first seat, ``nash`` (exact
#: throw mixes, ``greedy`` elsewhere) in the second, ``greedy`` in the others.
SEARCH = "ismcts:iterations=12"


def _label(gid: str, config: dict[str, Any]) -> str:
    return gid + "".join(f",{k}={v}" for k, v in sorted(config.items()))


def _random_games(game: Game, games: int, seed: int, h: Any) -> None:
    chooser = random.Random(seed)
    for g in range(games):
        s = game.new_state(seed * 1000 + g)
        while True:
            for p in range(game.num_players):
                h.update(json.dumps(s.observation(p), sort_keys=True).encode())
                h.update(repr(s.legal(p)).encode())
            if s.is_terminal():
                break
            s.apply([chooser.choice(s.legal(p)) for p in s.to_move()])
        for p in range(game.num_players):
            h.update(json.dumps(s.events(p), sort_keys=True).encode())
        h.update(repr(s.outcome()).encode())
        h.update(s.record().to_json().encode())


def _bot_games(game: Game, games: int, seed: int, h: Any) -> None:
    seats = [SEARCH, "nash"] + ["greedy"] * (game.num_players - 2)
    for g in range(games):
        final = play_match(game, seats, seed * 1000 + g)
        h.update(final.record().to_json().encode())
        h.update(repr(final.outcome()).encode())


def digest(games: int = 3, bot_games: int = 1, seed: int = 11) -> dict[str, Any]:
    """``{"path": summary, "setups": {label: sha256}}`` over every reference setup."""
    from caiquan.bench import default_setups

    out: dict[str, str] = {}
    for gid, config in default_setups():
        game = load_game(gid, config)
        h = hashlib.sha256()
        _random_games(game, games, seed, h)
        _bot_games(game, bot_games, seed, h)
        out[_label(gid, config)] = h.hexdigest()
    return {"path": summary(), "setups": out}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="The behaviour digest of every game (JSON).")
    ap.add_argument("--games", type=int, default=3, help="random games per setup")
    ap.add_argument("--bot-games", type=int, default=1, help="bot games per setup")
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args(argv)
    if a.games < 0 or a.bot_games < 0:
        ap.error("--games and --bot-games must be 0 or more")
    sys.stdout.write(json.dumps(digest(a.games, a.bot_games, a.seed)) + "\n")


if __name__ == "__main__":
    main()
