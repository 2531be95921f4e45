"""Simulate many games between bots, in parallel, and summarise them.

Games are split into chunks played by a process pool (``workers``); each game's seed is
drawn from one master seed, so a simulation is reproducible whatever the number of workers.
The summary gives win rates by seat and by every label the game reports (character, role, …)
with 95 % Wilson intervals, draws, how games ended, and the distribution of each metric.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from caiquan.bots import make_bot
from caiquan.engine import ConfigError, PlayerView, Rng
from caiquan.games import load_game

from .stats import wilson_interval


@dataclass(frozen=True)
class Game1:
    """One simulated game, reduced to what statistics need (picklable)."""

    seed: int
    bots: tuple[str, ...]
    ranks: tuple[int, ...]
    results: tuple[str, ...]
    reason: str
    decisions: int
    labels: dict[str, list[str]]
    metrics: dict[str, float]
    record: dict[str, Any] | None = None


def _seeds(master: int, n: int) -> list[int]:
    rng = Rng(master)
    return [rng.next_u64() >> 1 for _ in range(n)]


def _play_chunk(
    game_id: str,
    config: dict[str, Any],
    specs: Sequence[str],
    seeds: Sequence[int],
    keep_records: bool,
) -> list[Game1]:
    game = load_game(game_id, config)
    out = []
    for seed in seeds:
        bots = [make_bot(specs[p % len(specs)]) for p in range(game.num_players)]
        state = game.new_state(seed)
        rng = Rng(seed ^ 0xB075_EED5)
        while not state.is_terminal():
            state.apply({p: bots[p].decide(PlayerView(state, p), rng) for p in state.to_move()})
        o = state.outcome()
        out.append(
            Game1(
                seed=seed,
                bots=tuple(specs[p % len(specs)] for p in range(game.num_players)),
                ranks=o.ranks,
                results=o.results,
                reason=o.reason,
                decisions=state.move_number,
                labels=state.player_labels(),
                metrics={"decisions": float(state.move_number), **state.metrics()},
                record=state.record().to_dict() if keep_records else None,
            )
        )
    return out


def simulate(
    game_id: str,
    config: dict[str, Any],
    bot_specs: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    chunk: int = 50,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[Game1]:
    """Play ``games`` games; seat ``p`` is played by ``bot_specs[p % len(bot_specs)]``."""
    if games <= 0:
        raise ConfigError("the number of games must be at least 1")
    if workers < 1:
        raise ConfigError("workers must be at least 1")
    load_game(game_id, config)  # validate before starting workers
    for spec in bot_specs:
        make_bot(spec)
    seeds = _seeds(seed, games)
    chunks = [seeds[i : i + chunk] for i in range(0, games, chunk)]
    results: list[list[Game1]] = [[] for _ in chunks]
    done = 0
    if workers == 1:
        for i, c in enumerate(chunks):
            results[i] = _play_chunk(game_id, config, bot_specs, c, keep_records)
            done += len(c)
            if progress:
                progress(done)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(_play_chunk, game_id, config, list(bot_specs), c, keep_records): i
                for i, c in enumerate(chunks)
            }
            for fut in as_completed(futures):
                i = futures[fut]
                results[i] = fut.result()
                done += len(chunks[i])
                if progress:
                    progress(done)
    return [g for part in results for g in part]


def _rate(score: float, n: int) -> dict[str, Any]:
    lo, hi = wilson_interval(score, n)
    return {
        "games": n,
        "score": round(score, 3),
        "rate": round(score / n, 4) if n else 0.0,
        "interval": [round(lo, 4), round(hi, 4)],
    }


def summarise(sims: Sequence[Game1]) -> dict[str, Any]:
    """Win rates (sole win = 1, a win shared by k = 1/k) by seat, bot and label; draws;
    end reasons; metric distributions."""
    n = len(sims)
    if n == 0:
        raise ConfigError("nothing to summarise")
    seats = len(sims[0].ranks)
    seat_score = [0.0] * seats
    by_bot: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    by_label: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    draws = 0
    reasons: Counter[str] = Counter()
    metric_values: dict[str, list[float]] = defaultdict(list)
    for g in sims:
        firsts = sum(1 for r in g.ranks if r == 1)
        if firsts == seats:
            draws += 1
        reasons[g.reason or "end"] += 1
        for p in range(seats):
            share = 1.0 / firsts if g.ranks[p] == 1 else 0.0
            seat_score[p] += share
            by_bot[g.bots[p]][0] += share
            by_bot[g.bots[p]][1] += 1
            for label, values in g.labels.items():
                cell = by_label[label][values[p]]
                cell[0] += share
                cell[1] += 1
        for k, v in g.metrics.items():
            metric_values[k].append(v)
    metrics = {
        k: {
            "median": statistics.median(v),
            "mean": round(statistics.fmean(v), 3),
            "min": min(v),
            "max": max(v),
        }
        for k, v in metric_values.items()
    }
    return {
        "games": n,
        "seats": [_rate(seat_score[p], n) for p in range(seats)],
        "bots": {b: _rate(s, int(c)) for b, (s, c) in by_bot.items()},
        "labels": {
            label: {value: _rate(s, int(c)) for value, (s, c) in sorted(cells.items())}
            for label, cells in by_label.items()
        },
        "draw_rate": round(draws / n, 4),
        "end_reasons": {k: round(v / n, 4) for k, v in reasons.most_common()},
        "metrics": metrics,
    }


def write_records(sims: Sequence[Game1], path: Path) -> None:
    """Write every kept record as one JSON line."""
    with path.open("w", encoding="utf-8") as f:
        for g in sims:
            if g.record is not None:
                f.write(json.dumps(g.record, ensure_ascii=False) + "\n")


def iter_records(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)
