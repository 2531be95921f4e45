"""Before and after: the same fixed work timed on two commits, both compiled, on this machine.

    python bench/ab.py --before 7d92191                 # every workload, 3 rounds
    python bench/ab.py --before HEAD~3 --work ismcts,promise-nash --rounds 5

Wall-clock rates on a shared machine move by a third from run to run (docs/performance.md),
so this times a fixed amount of work (an ISMCTS search of a fixed number of iterations, a
fixed set of lab games) in CPU seconds of a fresh process, alternating the two commits
round by round, and reports the fastest and the median round of each. The ``--before``
commit is checked out into a temporary git worktree and its fast path compiled in place
with the project's own build hook (``hatch_build.py``), so both sides run compiled code;
the after side is this checkout as it is (compile it first: ``pip install -e .``). Needs
the build's tools in this environment: ``pip install cython hatchling``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
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
    "random": "random playouts: 200 games of each of promise, drama, legends-4, goofspiel-13",
}


def _ismcts() -> Callable[[], None]:
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
        bot = ISMCTSBot(iterations=1500, seconds=1e6)
        bot.decide(PlayerView(s, s.to_move()[0]), Rng(5))
        assert bot.last_iterations == 1500, bot.last_iterations

    return run


def _lab(game_id: str, config: dict[str, object], bot: str, games: int) -> Callable[[], None]:
    from caiquan.lab.simulate import make_spec, play_chunk, seeds

    spec = make_spec(game_id, config, [bot], games, seed=1)
    chunk = seeds(1, games)
    return lambda: play_chunk(spec, 0, chunk) and None


def _random() -> Callable[[], None]:
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
            for seed in range(200):
                s = game.new_state(seed)
                rng = Rng(seed)
                while not s.is_terminal():
                    s.apply([rng.choice(s.legal(p)) for p in s.to_move()])

    return run


def _work(name: str) -> Callable[[], None]:
    if name == "ismcts":
        return _ismcts()
    if name == "promise-nash":
        return _lab("promise", {}, "nash", 20)
    if name == "legends-greedy":
        return _lab("legends", {"players": 4}, "greedy", 30)
    if name == "drama-greedy":
        return _lab("drama", {}, "greedy", 50)
    return _random()


def _child(name: str) -> None:
    """In a fresh process: build the work, run it once to warm up, then time it."""
    import caiquan._fastpath as fastpath

    run = _work(name)
    run()
    start = time.process_time()
    run()
    print(json.dumps({"cpu_s": time.process_time() - start, "path": fastpath.summary()}))


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
    from Cython import __version__ as cython_version

    manifest = {"compiler": f"Cython {cython_version}", "modules": {}, "reason": ""}
    for name in built:
        source = src / Path(*name.split(".")).with_suffix(".py")
        manifest["modules"][name] = hashlib.sha256(source.read_bytes()).hexdigest()
    text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
    (src / "caiquan" / hb.MANIFEST).write_text(text, encoding="utf-8")
    del sys.modules["hatch_build"]


def _time(src: Path, name: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop("CAIQUAN_PURE", None)
    out = subprocess.run(
        [sys.executable, __file__, "--child", name],
        env=env,
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode:
        raise SystemExit(f"{name} failed on {src}:\n{out.stderr.strip()[-2000:]}")
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", help="the commit to compare with (any git revision)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    ap.add_argument(
        "--work",
        default=",".join(WORKLOADS),
        help="comma-separated workloads: " + ", ".join(WORKLOADS),
    )
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--build", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        _child(a.child)
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
    if a.rounds < 1:
        ap.error("--rounds must be at least 1")
    try:
        import Cython  # noqa: F401
        import hatchling  # noqa: F401
    except ImportError:
        ap.error("the before side is compiled here: pip install cython hatchling")
    rev = subprocess.run(
        ["git", "rev-parse", "--short", a.before], cwd=ROOT, capture_output=True, text=True
    )
    if rev.returncode:
        ap.error(f"no such commit: {a.before}")
    before_rev = rev.stdout.strip()
    after_rev = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="caiquan-ab-") as tmp:
        tree = Path(tmp) / "before"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(tree), before_rev],
            cwd=ROOT,
            check=True,
        )
        try:
            print(f"compiling {before_rev} (about a minute) …", file=sys.stderr)
            built = subprocess.run(
                [sys.executable, __file__, "--build", str(tree)],
                capture_output=True,
                text=True,
                check=False,
            )
            if built.returncode:
                raise SystemExit(f"the compile of {before_rev} failed:\n{built.stderr[-2000:]}")
            sides = {"before": tree / "src", "after": ROOT / "src"}
            times: dict[str, dict[str, list[float]]] = {
                n: {"before": [], "after": []} for n in names
            }
            for r in range(a.rounds):
                for name in names:
                    for side, src in sides.items():
                        got = _time(src, name)
                        if not str(got["path"]).startswith("compiled"):
                            raise SystemExit(f"{side} ran {got['path']}: compile it first")
                        times[name][side].append(float(str(got["cpu_s"])))
                print(f"round {r + 1}/{a.rounds} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)
    load = os.getloadavg()[0]
    out = {
        "before": before_rev,
        "after": after_rev,
        "rounds": a.rounds,
        "load_average_end": round(load, 2),
        "work": {
            n: {
                "what": WORKLOADS[n],
                **{
                    f"{side}_cpu_s": {
                        "min": round(min(t), 3),
                        "median": round(statistics.median(t), 3),
                        "all": [round(x, 3) for x in t],
                    }
                    for side, t in times[n].items()
                },
                "speedup_min": round(min(times[n]["before"]) / min(times[n]["after"]), 3),
                "speedup_median": round(
                    statistics.median(times[n]["before"]) / statistics.median(times[n]["after"]), 3
                ),
            }
            for n in names
        },
    }
    if a.json:
        print(json.dumps(out))
        return
    print(f"before {before_rev}, after {after_rev}: CPU seconds of fixed work, {a.rounds} rounds")
    for n, w in out["work"].items():  # type: ignore[attr-defined]
        b, f = w["before_cpu_s"], w["after_cpu_s"]
        print(
            f"{n:15} before {b['min']:.3f} s (median {b['median']:.3f})  "
            f"after {f['min']:.3f} s (median {f['median']:.3f})  "
            f"speed-up {w['speedup_min']:.2f}× (medians {w['speedup_median']:.2f}×)"
        )
    print(f"load average at the end: {load:.2f}")


if __name__ == "__main__":
    main()
