"""The lab's speed and memory: games/s with 1 and 2 jobs, and peak memory of a big run.

    python bench/lab.py                       # speed: promise, random bots, 1 and 2 jobs
    python bench/lab.py --memory 100000       # peak RSS of 100,000 promise games, 2 jobs
    python bench/lab.py --game legends --bots greedy --games 200 --paths
        # games/s of the compiled fast path against its pure twin (CAIQUAN_PURE=1), one job,
        # interleaved rounds in fresh processes, medians

Peak memory is the largest sum of the resident set sizes of this process and all its
children (the process pool), sampled every 50 ms from /proc, so it counts what the run
really holds at once (Linux only).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import threading
import time
from pathlib import Path

from caiquan.lab.simulate import make_spec, run, summarise_file


def _rss_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of one process so far."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK
    except (OSError, IndexError, ValueError):
        return 0.0


def _tree(pid: int) -> list[int]:
    out = [pid]
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            for child in f.read().split():
                out += _tree(int(child))
    except OSError:
        pass
    return out


class PeakMemory:
    """Samples the RSS of this process tree in a thread (``peak_mib``), and the CPU time of
    each process in it (``cpu_s``: the last value seen per process, summed; the forkserver's
    workers are not our children, so ``getrusage`` would miss them)."""

    def __init__(self, every: float = 0.05) -> None:
        self.peak = 0
        self.cpu: dict[int, float] = {}
        self._base = _cpu_s(os.getpid())
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, args=(every,), daemon=True)

    def _loop(self, every: float) -> None:
        me = os.getpid()
        while not self._stop.is_set():
            tree = _tree(me)
            self.peak = max(self.peak, sum(_rss_kib(p) for p in tree))
            for p in tree:
                self.cpu[p] = max(self.cpu.get(p, 0.0), _cpu_s(p))
            time.sleep(every)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def cpu_s(self) -> float:
        me = os.getpid()
        return sum(v for p, v in self.cpu.items() if p != me) + _cpu_s(me) - self._base

    @property
    def peak_mib(self) -> float:
        return self.peak / 1024


def measure(game: str, bots: list[str], games: int, jobs: int, seed: int = 0) -> dict[str, float]:
    spec = make_spec(game, {}, bots, games, seed)
    with tempfile.TemporaryDirectory() as d, PeakMemory() as mem:
        path = Path(d) / "results.parquet"
        t = time.perf_counter()
        run(spec, path, jobs=jobs)
        seconds = time.perf_counter() - t
        summary = summarise_file(path)
        size = path.stat().st_size
    return {
        "game": game,  # type: ignore[dict-item]
        "games": summary["games"],
        "jobs": jobs,
        "seconds": round(seconds, 2),
        "games_per_s": round(games / seconds, 1),
        "cpu_s": round(mem.cpu_s, 2),
        "games_per_cpu_s": round(games / mem.cpu_s, 1) if mem.cpu_s else 0.0,
        "peak_rss_mib": round(mem.peak_mib, 1),
        "file_mib": round(size / 2**20, 2),
    }


def compare_paths(game: str, bots: str, games: int, rounds: int) -> dict[str, object]:
    """One job's games/s on the compiled path and on the pure twin: ``rounds`` interleaved
    runs, each in a fresh process (the path is chosen at import), medians and their ratio."""
    import statistics
    import subprocess
    import sys

    rates: dict[str, list[float]] = {"compiled": [], "pure": []}
    paths: dict[str, str] = {}
    for _ in range(rounds):
        for name in rates:
            env = dict(os.environ)
            env.pop("CAIQUAN_PURE", None)
            if name == "pure":
                env["CAIQUAN_PURE"] = "1"
            code = (
                "import json, sys; sys.path.insert(0, 'bench'); import lab; "
                "from caiquan._fastpath import summary; "
                f"m = lab.measure({game!r}, {bots.split(';')!r}, {games}, 1); "
                "m['path'] = summary(); print(json.dumps(m))"
            )
            out = subprocess.run(
                [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
            ).stdout
            m = json.loads(out.strip().splitlines()[-1])
            rates[name].append(round(m["games"] / m["seconds"], 3))  # unrounded games/s
            paths[name] = m["path"]
    med = {k: statistics.median(v) for k, v in rates.items()}
    return {
        "game": game,
        "bots": bots,
        "games": games,
        "rounds": rates,
        "median": med,
        "ratio": round(med["compiled"] / med["pure"], 3),
        "paths": paths,
        "load": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="promise")
    ap.add_argument("--bots", default="random")
    ap.add_argument("--games", type=int, default=4000, help="games per speed run")
    ap.add_argument("--memory", type=int, default=0, help="games of the memory run (2 jobs)")
    ap.add_argument("--paths", action="store_true", help="compiled vs pure, 1 job (medians)")
    ap.add_argument("--rounds", type=int, default=3, help="--paths: interleaved rounds")
    args = ap.parse_args()
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    if args.paths:
        print(json.dumps(compare_paths(args.game, args.bots, args.games, args.rounds)))
        return
    bots = args.bots.split(";")
    if args.memory:
        print(json.dumps(measure(args.game, bots, args.memory, 2)))
        return
    one = measure(args.game, bots, args.games, 1)
    two = measure(args.game, bots, args.games, 2)
    print(json.dumps(one))
    print(json.dumps(two))
    print(f"speed-up with 2 jobs: {two['games_per_s'] / one['games_per_s']:.2f}×")
    print(
        "CPU per game, 2 jobs vs 1 (1.00 = no parallel overhead): "
        f"{one['games_per_cpu_s'] / two['games_per_cpu_s']:.2f}; load average now: "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
