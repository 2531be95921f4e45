"""Simulate many games between bots, in parallel, streamed to a Parquet file; summarise it.

Reproducible: game ``i`` is dealt with ``caiquan.bots.game_seed(master seed, i)`` and its bots
draw by the one rule of :mod:`caiquan.bots.match` (so ``caiquan demo GAME --seed S
--game-index i`` shows game ``i``); games are played in chunks (:func:`auto_chunk`: a size
fixed by the number of games) whose results are written in chunk order, so the results file
and its summary are byte-identical whatever the number of jobs or the backend (local
processes, or Ray).

Streaming and resume: each finished chunk is written at once to ``OUT.parts/NNNNNN.parquet``
(a temporary name, then an atomic rename); when all chunks are there they are joined into
``OUT`` one row group at a time and the parts are removed. A run that is interrupted and
started again with the same arguments skips the chunks already on disk (each part carries the
run's description in its metadata: game, resolved config, content digest, bots, master seed,
chunk size and analysis flag; parts of another run are discarded). Memory stays bounded: the
driver holds at most a few chunks in flight, and the summary reads the file batch by batch.

The summary gives win rates by seat, bot and every label the game reports (character, role,
…) with 95 % Wilson intervals — a sole win counts 1, a win shared by ``k`` players ``1/k`` —
plus draws, how games ended, and each metric's distribution.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from caiquan import __version__
from caiquan.bots import BotSpec, canonical, game_seed, seat_specs
from caiquan.engine import ConfigError
from caiquan.games import load_game

from .stats import wilson_interval

if TYPE_CHECKING:
    import pyarrow as pa

CHUNK = 200
"""Most games per chunk (a row group of the results file and a unit of work and of resume)."""


def auto_chunk(games: int) -> int:
    """Chunk size for a run: small runs get at least 64 chunks, so slow bots keep every
    worker busy and the progress bar moving; it depends on the number of games only, never
    on the jobs, so the results stay byte-identical.

    >>> auto_chunk(100), auto_chunk(6400), auto_chunk(100_000)
    (2, 100, 200)
    """
    return max(1, min(CHUNK, -(-games // 64)))


META_KEY = b"caiquan.lab"

Progress = Callable[[int, int], None]
"""Called with (games done, games in total) as chunks finish."""


@dataclass(frozen=True)
class RunSpec:
    """What a simulation plays; everything that determines its results."""

    game: str
    config: dict[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    analyse: bool = False
    chunk: int = CHUNK
    content_sha256: str = field(default="", compare=False)
    #: the game's rules version and caiquan's: a results file made by other rules or another
    #: release is not resumed (its games would differ)
    rules_version: int = 0
    caiquan: str = ""

    def seat_bots(self, seats: int) -> list[str]:
        """The spec of each seat: the run's bots, cycled (:func:`caiquan.bots.seat_specs`)."""
        return [str(s) for s in seat_specs(self.bots, seats)]

    def describe(self) -> dict[str, Any]:
        """The run's identity (without the number of games, so a run can be extended)."""
        d = asdict(self)
        d.pop("games")
        d["bots"] = list(self.bots)
        return d


def make_spec(
    game_id: str,
    config: dict[str, Any],
    bots: Sequence[str | BotSpec],
    games: int,
    seed: int = 0,
    *,
    analyse: bool = False,
    chunk: int | None = None,
) -> RunSpec:
    """Validate a run (game, options, bots) and resolve its config; fail before any work.

    The bots are kept as canonical spec strings (``ismcts: seconds=0.50`` is
    ``ismcts:seconds=0.5``), so two spellings of one bot make the same run."""
    if games <= 0:
        raise ConfigError("the number of games must be at least 1")
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ConfigError(
            "the lab writes its results with pyarrow, a dependency of caiquan that is "
            "missing here: pip install -e . (or pip install pyarrow)"
        ) from None
    if chunk is None:
        chunk = auto_chunk(games)
    if chunk <= 0:
        raise ConfigError("the chunk size must be at least 1")
    if not bots:
        raise ConfigError("name at least one bot")
    game = load_game(game_id, config)
    specs = tuple(canonical(b) for b in bots)
    resolved = {k: v for k, v in sorted(game.config.items())}
    # a content file of one's own is named by its bytes; a preset of the game by its name
    digest = ""
    content = str(resolved.get("content", ""))
    presets = {p for o in type(game).options if o.name == "content" for p in o.presets or ()}
    if content not in ("", "default") and content not in presets:
        digest = hashlib.sha256(Path(content).read_bytes()).hexdigest()
    from caiquan import __version__

    return RunSpec(
        game.id, resolved, specs, games, seed, analyse, chunk, digest, game.version, __version__
    )


def seeds(master: int, n: int) -> list[int]:
    """The first ``n`` game seeds of a master seed (a prefix of any longer run's): game ``i``
    is dealt with :func:`caiquan.bots.game_seed` ``(master, i)``."""
    return [game_seed(master, i) for i in range(n)]


# ---------------------------------------------------------------------- rows → Arrow


def schema() -> pa.Schema:
    import pyarrow as pa

    return pa.schema(
        [
            ("game", pa.int64()),
            ("seed", pa.int64()),
            ("bots", pa.list_(pa.string())),
            ("ranks", pa.list_(pa.int16())),
            ("results", pa.list_(pa.string())),
            ("returns", pa.list_(pa.float64())),
            ("reason", pa.string()),
            ("decisions", pa.int32()),
            ("first", pa.int16()),
            ("moves", pa.int32()),
            ("forced", pa.int32()),
            ("labels", pa.map_(pa.string(), pa.list_(pa.string()))),
            ("metrics", pa.map_(pa.string(), pa.float64())),
            ("cards", pa.list_(pa.list_(pa.string()))),
            ("kinds", pa.map_(pa.string(), pa.list_(pa.int32()))),
        ]
    )


def play_chunk(spec: RunSpec, start: int, chunk_seeds: Sequence[int]) -> pa.Table:
    """Play games ``start, start+1, …`` with the given seeds; their rows as an Arrow table."""
    import pyarrow as pa

    from .rows import payoff_fn, play_row

    game = load_game(spec.game, spec.config)
    parsed = seat_specs(spec.bots, game.num_players)
    specs = [str(s) for s in parsed]
    payoffs = payoff_fn(game.id) if spec.analyse else None
    rows = []
    for k, seed in enumerate(chunk_seeds):
        bots = [p.build() for p in parsed]
        rows.append(
            play_row(game, specs, bots, start + k, seed, analyse=spec.analyse, payoffs=payoffs)
        )
    return pa.Table.from_pylist(rows, schema=schema())


def _play_chunk_task(spec: RunSpec, start: int, chunk_seeds: list[int]) -> pa.Table:
    return play_chunk(spec, start, chunk_seeds)


# ---------------------------------------------------------------------- files


def _parts_dir(out: Path) -> Path:
    return out.with_name(out.name + ".parts")


def _meta(spec: RunSpec) -> dict[bytes, bytes]:
    return {META_KEY: json.dumps(spec.describe(), sort_keys=True).encode()}


def read_meta(path: Path) -> dict[str, Any]:
    """The run description stored in a results file (or part)."""
    import pyarrow.parquet as pq

    md = pq.read_schema(path).metadata or {}
    raw = md.get(META_KEY)
    if raw is None:
        raise ConfigError(f"{path} is not a caiquan results file")
    data: dict[str, Any] = json.loads(raw)
    return data


def _write_table(table: pa.Table, path: Path, spec: RunSpec) -> None:
    import pyarrow.parquet as pq

    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table.replace_schema_metadata(_meta(spec)), tmp, compression="zstd")
    os.replace(tmp, path)


def _existing_parts(parts: Path, spec: RunSpec, sizes: Sequence[int]) -> set[int]:
    """Chunks already on disk for this run (same description, complete); others are removed."""
    done: set[int] = set()
    if not parts.is_dir():
        return done
    want = spec.describe()
    for p in sorted(parts.glob("*.parquet")):
        try:
            i = int(p.stem)
            ok = i < len(sizes) and read_meta(p) == want and _num_rows(p) == sizes[i]
        except Exception:  # a truncated or foreign file: play that chunk again
            ok = False
        if ok:
            done.add(i)
        else:
            p.unlink()
    for tmp in parts.glob("*.tmp"):
        tmp.unlink()
    return done


def _join(parts: Path, out: Path, spec: RunSpec, n_chunks: int) -> None:
    import pyarrow.parquet as pq

    tmp = out.with_name(out.name + ".tmp")
    with pq.ParquetWriter(tmp, schema().with_metadata(_meta(spec)), compression="zstd") as writer:
        for i in range(n_chunks):
            writer.write_table(pq.read_table(parts / f"{i:06d}.parquet", schema=schema()))
    os.replace(tmp, out)
    shutil.rmtree(parts)


def run(
    spec: RunSpec,
    out: Path,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> Path:
    """Play ``spec`` into the results file ``out`` (resuming an interrupted run)."""
    if jobs < 1:
        raise ConfigError("--jobs must be at least 1")
    if backend not in ("local", "ray"):
        raise ConfigError(f"backend must be 'local' or 'ray', got {backend!r}")
    all_seeds = seeds(spec.seed, spec.games)
    starts = list(range(0, spec.games, spec.chunk))
    n_chunks = len(starts)
    if out.exists():
        try:
            same = read_meta(out) == spec.describe() and _num_rows(out) == spec.games
        except Exception:
            same = False
        if same:  # already complete
            if progress:
                progress(spec.games, spec.games)
            return out
    parts = _parts_dir(out)
    sizes = [len(all_seeds[start : start + spec.chunk]) for start in starts]
    done_chunks = _existing_parts(parts, spec, sizes)
    parts.mkdir(parents=True, exist_ok=True)
    todo = [i for i in range(n_chunks) if i not in done_chunks]
    done = sum(sizes[i] for i in done_chunks)
    if progress:
        progress(done, spec.games)

    def finished(i: int, table: pa.Table) -> None:
        nonlocal done
        _write_table(table, parts / f"{i:06d}.parquet", spec)
        done += table.num_rows
        if progress:
            progress(done, spec.games)

    work = [(i, starts[i], all_seeds[starts[i] : starts[i] + spec.chunk]) for i in todo]
    if backend == "ray":
        _run_ray(spec, work, jobs, address, finished)
    elif jobs == 1:
        for i, start, s in work:
            finished(i, play_chunk(spec, start, s))
    else:
        _run_pool(spec, work, jobs, finished)
    _join(parts, out, spec, n_chunks)
    return out


Work = list[tuple[int, int, list[int]]]


def _run_pool(spec: RunSpec, work: Work, jobs: int, finished: Callable[[int, Any], None]) -> None:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    # "spawn" would re-import everything per worker; fork is safe here (no threads yet) and
    # fast. Fall back to the platform default elsewhere.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
    window = 2 * jobs
    queue = iter(work)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        running: dict[Future[Any], int] = {}

        def submit() -> None:
            item = next(queue, None)
            if item is not None:
                i, start, s = item
                running[pool.submit(_play_chunk_task, spec, start, s)] = i

        try:
            for _ in range(window):
                submit()
            while running:
                ready, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in ready:
                    i = running.pop(fut)
                    finished(i, fut.result())
                    submit()
        except BaseException:  # interrupted: drop what has not started; parts on disk stay
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _run_ray(
    spec: RunSpec,
    work: Work,
    jobs: int,
    address: str | None,
    finished: Callable[[int, Any], None],
) -> None:
    try:
        import ray
    except ImportError:
        raise ConfigError("the Ray backend needs Ray: pip install 'caiquan[ray]'") from None
    started = False
    if not ray.is_initialized():
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        task = ray.remote(_play_chunk_task)
        cpus = ray.cluster_resources().get("CPU", jobs)  # type: ignore[no-untyped-call]
        window = 2 * max(jobs, int(cpus))
        queue = iter(work)
        running: dict[Any, int] = {}

        def submit() -> None:
            item = next(queue, None)
            if item is not None:
                i, start, s = item
                running[task.remote(spec, start, s)] = i

        for _ in range(window):
            submit()
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                i = running.pop(ref)
                finished(i, ray.get(ref))
                submit()
    finally:
        if started:
            ray.shutdown()


def _num_rows(path: Path) -> int:
    import pyarrow.parquet as pq

    return int(pq.ParquetFile(path).metadata.num_rows)


# ---------------------------------------------------------------------- reading


def iter_rows(path: Path, columns: Sequence[str] | None = None) -> Iterator[dict[str, Any]]:
    """The rows of a results file, in game order, one batch in memory at a time.

    Map columns (labels, metrics, kinds) come back as dicts.
    """
    import pyarrow.parquet as pq

    f = pq.ParquetFile(path)
    maps = ("labels", "metrics", "kinds")
    for batch in f.iter_batches(batch_size=1000, columns=list(columns) if columns else None):
        for row in batch.to_pylist():
            for m in maps:
                if m in row and row[m] is not None:
                    row[m] = dict(row[m])
            yield row


def simulate(
    game_id: str,
    config: dict[str, Any],
    bot_specs: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    chunk: int | None = None,
    analyse: bool = False,
) -> list[dict[str, Any]]:
    """Play in memory and return the rows (small runs, tests); see :func:`run` for files."""
    spec = make_spec(game_id, config, bot_specs, games, seed, analyse=analyse, chunk=chunk)
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = run(spec, Path(d) / "results.parquet", jobs=jobs)
        return list(iter_rows(path))


# ---------------------------------------------------------------------- summary


def rate(score: float, n: int) -> dict[str, Any]:
    """A win rate cell: games, score, rate and its 95 % Wilson interval."""
    lo, hi = wilson_interval(score, n)
    return {
        "games": n,
        "score": round(score, 3),
        "rate": round(score / n, 4) if n else 0.0,
        "interval": [round(lo, 4), round(hi, 4)],
    }


def shares(ranks: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k for k tied winners."""
    firsts = sum(1 for r in ranks if r == 1)
    return [1.0 / firsts if r == 1 else 0.0 for r in ranks]


def summarise(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Win rates by seat, bot and label; draws; end reasons; metric distributions."""
    n = 0
    seat_score: list[float] = []
    by_bot: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    by_label: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    draws = 0
    reasons: Counter[str] = Counter()
    metric_values: dict[str, list[float]] = defaultdict(list)
    moves = forced = 0
    for g in rows:
        n += 1
        ranks = g["ranks"]
        if not seat_score:
            seat_score = [0.0] * len(ranks)
        if all(r == 1 for r in ranks):
            draws += 1
        reasons[g["reason"]] += 1
        share = shares(ranks)
        for p, s in enumerate(share):
            seat_score[p] += s
            cell = by_bot[g["bots"][p]]
            cell[0] += s
            cell[1] += 1
            for label, values in g["labels"].items():
                lc = by_label[label][values[p]]
                lc[0] += s
                lc[1] += 1
        for k, v in g["metrics"].items():
            metric_values[k].append(v)
        moves += g["moves"]
        forced += g["forced"]
    if n == 0:
        raise ConfigError("nothing to summarise")
    metrics = {
        k: {
            "median": statistics.median(v),
            "mean": round(statistics.fmean(v), 3),
            "min": min(v),
            "max": max(v),
        }
        for k, v in sorted(metric_values.items())
    }
    return {
        "games": n,
        "seats": [rate(s, n) for s in seat_score],
        "bots": {b: rate(s, int(c)) for b, (s, c) in sorted(by_bot.items())},
        "labels": {
            label: {value: rate(s, int(c)) for value, (s, c) in sorted(cells.items())}
            for label, cells in sorted(by_label.items())
        },
        "draw_rate": round(draws / n, 4),
        "end_reasons": {k: round(v / n, 4) for k, v in sorted(reasons.items())},
        "metrics": metrics,
        "forced_decisions": round(forced / moves, 4) if moves else 0.0,
    }


def summarise_file(path: Path) -> dict[str, Any]:
    """:func:`summarise` of a results file, with its run description."""
    meta = read_meta(path)
    summary = summarise(
        iter_rows(path, ["ranks", "bots", "reason", "labels", "metrics", "moves", "forced"])
    )
    return {
        "game": meta["game"],
        "config": meta["config"],
        "bot_specs": meta["bots"],
        "seed": meta["seed"],
        **summary,
        "caiquan": __version__,
    }


def dumps(summary: dict[str, Any]) -> str:
    """The canonical JSON text of a summary (byte-identical for identical runs)."""
    return json.dumps(summary, ensure_ascii=False, sort_keys=True)
