"""Random-playout benchmarks: decisions per second, games per second, clone cost.

Run as ``caiquan bench`` (table) or ``caiquan bench --json``. Figures are wall-clock on this
machine; compare runs made in the same process or on the same machine only. The random
player's choices come from :class:`random.Random`; clone and observation costs are measured
on a state half-way through a random game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

from caiquan.engine import Game, Rng, State
from caiquan.games import game_class, game_ids, load_game


@dataclass(frozen=True)
class BenchResult:
    game: str
    config: dict[str, Any]
    games: int
    decisions: int
    seconds: float
    decisions_per_s: float
    games_per_s: float
    clone_us: float
    observation_us: float


def default_setups() -> list[tuple[str, dict[str, Any]]]:
    """Every registered game in each of its reference configurations (``Game.reference_configs``:
    each player count, or what the game names, e.g. goofspiel's OpenSpiel setting)."""
    return [(gid, cfg) for gid in game_ids() for cfg in game_class(gid).reference_configs()]


def _playouts(game: Game, seconds: float, seed: int) -> tuple[int, int, float]:
    # the random player's choices come from random.Random, as in ``bench --peers``
    chooser = random.Random(seed)
    seeds = Rng(seed)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        s = game.new_state(seeds.next_u64())
        while not s.is_terminal():
            s.apply([chooser.choice(s.legal(p)) for p in s.to_move()])
            decisions += 1
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    return games, decisions, now - start


def mid_game(game: Game, seed: int = 7) -> State:
    """A state half-way through a random game (the same game for the same seed)."""
    s = game.new_state(seed)
    r = random.Random(seed)
    while not s.is_terminal():
        s.apply([r.choice(s.legal(p)) for p in s.to_move()])
    half = s.move_number // 2
    s = game.new_state(seed)
    r = random.Random(seed)
    while s.move_number < half:
        s.apply([r.choice(s.legal(p)) for p in s.to_move()])
    return s


def _per_call_us(fn: Callable[[], object], min_seconds: float = 0.2) -> float:
    n = 0
    start = time.perf_counter()
    while True:
        for _ in range(100):
            fn()
        n += 100
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return elapsed / n * 1e6


def run(
    setups: Iterable[tuple[str, dict[str, Any]]] | None = None,
    *,
    seconds: float = 2.0,
    seed: int = 0,
    progress: Callable[[str, int, int], None] | None = None,
) -> list[BenchResult]:
    """Measure each setup for ``seconds``; ``progress`` is told each setup as it starts (its
    name, how many came before, how many in all) and once at the end (all done), as by
    :func:`caiquan.bench.peers.run_peers`."""
    todo = list(setups if setups is not None else default_setups())
    results = []
    for done, (gid, cfg) in enumerate(todo):
        if progress is not None:
            options = " ".join(f"{k}={v}" for k, v in cfg.items())
            progress(f"{gid} {options}".strip(), done, len(todo))
        game = load_game(gid, cfg)
        games, decisions, elapsed = _playouts(game, seconds, seed)
        mid = mid_game(game)
        movers = mid.to_move()
        viewer = movers[0] if movers else 0
        results.append(
            BenchResult(
                game=gid,
                config=dict(game.config),
                games=games,
                decisions=decisions,
                seconds=round(elapsed, 3),
                decisions_per_s=round(decisions / elapsed, 1),
                games_per_s=round(games / elapsed, 2),
                clone_us=round(_per_call_us(mid.clone), 2),
                observation_us=round(_per_call_us(partial(mid.observation, viewer)), 2),
            )
        )
    if progress is not None:
        progress("done", len(todo), len(todo))
    return results


def as_json(results: list[BenchResult]) -> list[dict[str, Any]]:
    return [asdict(r) for r in results]
