"""Before and after: the same fixed work timed on two commits, both compiled, on this machine.

    python bench/ab.py --before 7d92191                 # the default workloads, 3 rounds
    python bench/ab.py --before HEAD~3 --work ismcts,promise-nash --rounds 5
    python bench/ab.py --before 5c30936 --work mccfr-external --instructions
    python bench/ab.py --before HEAD~1 --instructions --rounds 3   # counts with their spread

Wall-clock rates on a shared machine move by a third from run to run (docs/performance.md),
so this times a fixed amount of work (an ISMCTS search of a fixed number of iterations, a
fixed set of lab games, warmed up on other games than the timed ones so that no memo replays
them) in CPU seconds of a fresh process, alternating the two commits
round by round, and reports the fastest and the median round of each. The ``--before``
commit is checked out into a temporary git worktree and its fast path compiled in place
with the project's own build hook (``hatch_build.py``), so both sides run compiled code (a
commit from before the compiled path runs as the Python it was);
the after side is this checkout as it is (compile it first: ``pip install -e .``). Needs
the build's tools in this environment: ``pip install cython hatchling``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: name → (what it is, the function that builds the work)
WORKLOADS = {
    "ismcts": "promise: one ISMCTS search of 1,500 iterations (the bench --peers position)",
    "promise-nash": "the lab: 20 promise games, nash in both seats",
    "legends-greedy": "the lab: 30 legends games (4 players), greedy",
    "drama-greedy": "the lab: 50 drama games, greedy",
    "promise-hard": "the lab: 2 promise games, ismcts:iterations=200 in both seats (hard's "
    "search at its fixed budget, without its 1-second cap, so both commits do the same work)",
    "random": "random playouts: 200 games of each of promise, drama, legends-4, goofspiel-13",
    "mccfr-external": "the OpenSpiel adapter: 100 iterations of OpenSpiel's external-sampling "
    "MCCFR on its turn-based 4-card goofspiel (needs open_spiel; not in the default set)",
}
#: what runs without --work (the workloads every commit since issue 24's start can run)
DEFAULT_WORK = (
    "ismcts",
    "promise-nash",
    "legends-greedy",
    "drama-greedy",
    "promise-hard",
    "random",
)


def _ismcts(iterations: int) -> Callable[[], None]:
    from caiquan.bots import ISMCTSBot
    from caiquan.engine import PlayerView, Rng
    from caiquan.games import load_game

    game = load_game("promise")
    s = game.new_state(3)
    rng = Rng(2)
    probe = ISMCTSBot(seconds=1).config

    def searched() -> bool:
        view = PlayerView(s, s.to_move()[0])
        return len(view.legal()) > 1 and not probe.throws_by_nash(view)

    while not s.is_terminal() and (s.move_number < 6 or not searched()):
        s.apply([rng.choice(s.legal(p)) for p in s.to_move()])

    def run() -> None:
        bot = ISMCTSBot(iterations=iterations, seconds=1e6)
        bot.decide(PlayerView(s, s.to_move()[0]), Rng(5))
        assert bot.last_iterations == iterations, bot.last_iterations

    return run


def _lab(game_id: str, config: dict[str, object], bot: str, games: int) -> Callable[[], None]:
    from caiquan.lab.simulate import make_spec, play_chunk, seeds

    spec = make_spec(game_id, config, [bot], games, seed=1)
    runs = iter(range(1, 1 << 30))

    def run() -> None:
        # each run plays new games (master seed 1, 2, …): the warm-up's games are not the
        # timed ones, so a bot's memo cannot replay what it saw (the same on both commits)
        play_chunk(spec, 0, seeds(next(runs), games))

    return run


def _mccfr(iterations: int) -> Callable[[], None]:
    from caiquan.bench.mccfr import _games, run_solver

    _, ours = _games()
    seed = iter(range(1, 1 << 30))

    def run() -> None:
        run_solver("external", ours, iterations, seed=next(seed))  # new samples each run

    return run


def _random(games_each: int) -> Callable[[], None]:
    from caiquan.engine import Rng
    from caiquan.games import load_game

    games = [
        load_game("promise"),
        load_game("drama"),
        load_game("legends", {"players": 4}),
        load_game("goofspiel", {"num_cards": 13, "points_order": "descending", "imp_info": True}),
    ]

    def run() -> None:
        for game in games:
            for seed in range(games_each):
                s = game.new_state(seed)
                rng = Rng(seed)
                while not s.is_terminal():
                    s.apply([rng.choice(s.legal(p)) for p in s.to_move()])

    return run


def _work(name: str, scale: float) -> Callable[[], None]:
    """The fixed work of a workload; ``scale`` < 1 for the instruction counts (valgrind
    runs about 50 times slower)."""

    def n(full: int) -> int:
        return max(1, round(full * scale))

    if name == "ismcts":
        return _ismcts(n(1500))
    if name == "promise-nash":
        return _lab("promise", {}, "nash", n(20))
    if name == "legends-greedy":
        return _lab("legends", {"players": 4}, "greedy", n(30))
    if name == "drama-greedy":
        return _lab("drama", {}, "greedy", n(50))
    if name == "promise-hard":
        return _lab("promise", {}, "ismcts:iterations=200", n(2))
    if name == "mccfr-external":
        return _mccfr(n(100))
    return _random(n(200))


def _child(name: str, runs: int, scale: float) -> None:
    """In a fresh process: build the work, run it once to warm up, then ``runs - 1`` times
    timed (for an instruction count, the parent counts 1 run and 2 and takes the
    difference)."""
    try:
        from caiquan._fastpath import summary
    except ImportError:  # a commit from before the compiled path

        def summary() -> str:
            return "pure Python (a commit without the compiled path)"

    run = _work(name, scale)
    run()
    start = time.process_time()
    for _ in range(runs - 1):
        run()
    print(json.dumps({"cpu_s": time.process_time() - start, "path": summary()}))


def _build(tree: Path) -> None:
    """Compile ``tree``'s fast path in place, as an editable install would."""
    sys.path.insert(0, str(tree))
    try:
        import hatch_build as hb  # the tree's own build hook
    finally:
        sys.path.pop(0)
    src, files = hb._sources(tree)
    with tempfile.TemporaryDirectory() as work:
        built = hb._compile(src, files, src, Path(work))
    from importlib.metadata import version

    # the digest the tree's runtime checks: caiquan._fastpath's, which the hook loads from
    # its file; before that the hook's own copy (.py and .pxd, since the typed state); before
    # that the .py alone
    if hasattr(hb, "_fastpath"):
        digest = hb._fastpath(tree).source_digest
    else:
        digest = getattr(hb, "source_digest", None)
    modules: dict[str, str] = {}
    for name in built:
        source = src / Path(*name.split(".")).with_suffix(".py")
        if digest is None:
            modules[name] = hashlib.sha256(source.read_bytes()).hexdigest()
        else:
            modules[name] = digest(source)
    manifest = {"compiler": f"Cython {version('cython')}", "modules": modules, "reason": ""}
    text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
    (src / "caiquan" / hb.MANIFEST).write_text(text, encoding="utf-8")
    del sys.modules["hatch_build"]


def _child_cmd(name: str, runs: int, scale: float) -> list[str]:
    return [sys.executable, __file__, "--child", name, "--runs", str(runs), "--scale", str(scale)]


def _env(src: Path) -> dict[str, str]:
    # a fixed hash seed: string hashes (dict and set layouts) are the same in every process,
    # so an instruction count does not move from run to run
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    env.pop("CAIQUAN_PURE", None)
    return env


def _result(out: subprocess.CompletedProcess[str], name: str, src: Path) -> dict[str, object]:
    if out.returncode:
        raise SystemExit(f"{name} failed on {src}:\n{out.stderr.strip()[-2000:]}")
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    path = str(result["path"])
    if not path.startswith("compiled") and "without the compiled path" not in path:
        raise SystemExit(f"{src} ran {result['path']}: compile it first (pip install -e .)")
    return result


def _time(src: Path, name: str) -> float:
    """CPU seconds of one run of the fixed work, in a fresh process."""
    out = subprocess.run(
        _child_cmd(name, 2, 1.0),
        env=_env(src),
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=False,
    )
    return float(str(_result(out, name, src)["cpu_s"]))


def _instructions(src: Path, name: str, scale: float) -> int:
    """Instructions of one run of the (scaled) work, counted by valgrind: a process that
    runs it twice minus one that runs it once, so start-up and warm-up cancel out."""
    counts = []
    for runs in (1, 2):
        out = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                *_child_cmd(name, runs, scale),
            ],
            env=_env(src),
            cwd=tempfile.gettempdir(),
            capture_output=True,
            text=True,
            check=False,
        )
        _result(out, name, src)
        found = re.search(r"Collected : (\d+)", out.stderr)
        if found is None:
            raise SystemExit(f"valgrind gave no instruction count:\n{out.stderr[-2000:]}")
        counts.append(int(found.group(1)))
    return counts[1] - counts[0]


def _rev(rev: str) -> str | None:
    out = subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True, text=True
    )
    return out.stdout.strip() if out.returncode == 0 else None


def _checkout(rev: str, tree: Path) -> Path:
    """``rev`` in a git worktree at ``tree``, its fast path compiled in place; its ``src``."""
    subprocess.run(
        ["git", "worktree", "add", "--detach", "-q", str(tree), rev], cwd=ROOT, check=True
    )
    if not (tree / "hatch_build.py").exists():
        print(f"{rev} has no compiled path: it runs as Python", file=sys.stderr)
        return tree / "src"
    print(f"compiling {rev} (about a minute) …", file=sys.stderr)
    built = subprocess.run(
        [sys.executable, __file__, "--build", str(tree)],
        capture_output=True,
        text=True,
        check=False,
    )
    if built.returncode:
        raise SystemExit(f"the compile of {rev} failed:\n{built.stderr[-2000:]}")
    return tree / "src"


def _summary(times: list[float]) -> dict[str, object]:
    return {
        "min": round(min(times), 3),
        "median": round(statistics.median(times), 3),
        "all": [round(x, 3) for x in times],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", help="the commit to compare with (any git revision)")
    ap.add_argument("--after", help="a commit for the after side (default: this checkout as it is)")
    ap.add_argument(
        "--rounds",
        type=int,
        help="alternating rounds (default 3; 1 under --instructions, whose counts still move "
        "by about 1 %% from process to process: give 3 or 5 to see the spread)",
    )
    ap.add_argument(
        "--work",
        default=",".join(DEFAULT_WORK),
        help="comma-separated workloads: " + ", ".join(WORKLOADS),
    )
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions with valgrind instead of timing (load-independent; the "
        "work scaled by --scale, one round unless --rounds)",
    )
    ap.add_argument(
        "--scale", type=float, default=0.2, help="the work's size under --instructions (0.2)"
    )
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--runs", type=int, default=2, help=argparse.SUPPRESS)
    ap.add_argument("--build", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        _child(a.child, a.runs, a.scale)
        return
    if a.build:
        _build(Path(a.build))
        return
    if not a.before:
        ap.error("name the commit to compare with: --before REV")
    names = [w.strip() for w in a.work.split(",") if w.strip()]
    unknown = [w for w in names if w not in WORKLOADS]
    if unknown or not names:
        ap.error(f"unknown workload {', '.join(unknown)}; choose from {', '.join(WORKLOADS)}")
    if a.rounds is None:
        a.rounds = 1 if a.instructions else 3
    if a.rounds < 1:
        ap.error("--rounds must be at least 1")
    if not 0 < a.scale <= 1:
        ap.error("--scale must be in (0, 1]")
    if a.instructions and shutil.which("valgrind") is None:
        ap.error("--instructions needs valgrind (apt install valgrind)")
    try:
        import Cython  # noqa: F401
        import hatchling  # noqa: F401
    except ImportError:
        ap.error("the commits are compiled here: pip install cython hatchling")
    before_rev = _rev(a.before)
    if before_rev is None:
        ap.error(f"no such commit: {a.before}")
    if a.after is not None:
        after_rev = _rev(a.after)
        if after_rev is None:
            ap.error(f"no such commit: {a.after}")
    else:
        after_rev = subprocess.run(
            ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
    results: dict[str, dict[str, list[float]]] = {n: {"before": [], "after": []} for n in names}
    with tempfile.TemporaryDirectory(prefix="caiquan-ab-") as tmp:
        trees: list[Path] = []
        try:
            sides = {"before": _checkout(before_rev, Path(tmp) / "before")}
            trees.append(Path(tmp) / "before")
            if a.after is not None:
                sides["after"] = _checkout(str(after_rev), Path(tmp) / "after")
                trees.append(Path(tmp) / "after")
            else:
                sides["after"] = ROOT / "src"
            rounds = a.rounds
            for r in range(rounds):
                for name in names:
                    for side, src in sides.items():
                        got = (
                            float(_instructions(src, name, a.scale))
                            if a.instructions
                            else _time(src, name)
                        )
                        results[name][side].append(got)
                    if a.instructions:
                        print(f"{name} counted", file=sys.stderr)
                print(f"round {r + 1}/{rounds} done", file=sys.stderr)
        finally:
            for tree in trees:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)
    load = os.getloadavg()[0]
    unit = "instructions" if a.instructions else "cpu_s"
    out: dict[str, object] = {
        "before": before_rev,
        "after": after_rev,
        "measure": unit,
        "rounds": a.rounds,
        "scale": a.scale if a.instructions else 1.0,
        "load_average_end": round(load, 2),
    }
    work: dict[str, dict[str, object]] = {}
    for n in names:
        b, f = results[n]["before"], results[n]["after"]
        work[n] = {
            "what": WORKLOADS[n],
            f"before_{unit}": _summary(b),
            f"after_{unit}": _summary(f),
            "speedup_min": round(min(b) / min(f), 3),
            "speedup_median": round(statistics.median(b) / statistics.median(f), 3),
        }
    out["work"] = work
    if a.json:
        print(json.dumps(out))
        return
    if a.instructions:
        print(
            f"before {before_rev}, after {after_rev}: instructions of the work × {a.scale}, "
            f"{a.rounds} round{'s' if a.rounds > 1 else ''} (medians; the range in brackets)"
        )
        for n, w in work.items():
            b, f = results[n]["before"], results[n]["after"]
            spread = f"  [{min(b) / max(f):.3f}–{max(b) / min(f):.3f}]" if a.rounds > 1 else ""
            print(
                f"{n:15} before {statistics.median(b):15,.0f}  after {statistics.median(f):15,.0f}"
                f"  ({w['speedup_median']:.3f}× fewer){spread}"
            )
        return
    print(f"before {before_rev}, after {after_rev}: CPU seconds of fixed work, {a.rounds} rounds")
    for n, w in work.items():
        bs, fs = w["before_cpu_s"], w["after_cpu_s"]
        assert isinstance(bs, dict) and isinstance(fs, dict)
        print(
            f"{n:15} before {bs['min']:.3f} s (median {bs['median']:.3f})  "
            f"after {fs['min']:.3f} s (median {fs['median']:.3f})  "
            f"speed-up {w['speedup_min']:.2f}× (medians {w['speedup_median']:.2f}×)"
        )
    print(f"load average at the end: {load:.2f}")


if __name__ == "__main__":
    main()
