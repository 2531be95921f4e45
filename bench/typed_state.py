"""What typed state fields would buy: a prototype measured before the road is taken.

    python bench/typed_state.py [--games 3000] [--rounds 3]

Compiles ``bench/prototypes/typed_goofspiel.pyx`` (goofspiel's random-playout path with the
state as a Cython extension type whose fields are typed; needs ``pip install cython``) in a
temporary folder, checks that it plays the same games as the shipped goofspiel (same bids,
points and events for the same choices), then times, interleaved, in this process: the
shipped goofspiel (compiled fast path), the prototype with its event log and without
(``_quiet``), and OpenSpiel's C++ goofspiel when ``pyspiel`` is installed — the random loop
of ``caiquan bench --peers`` (13 cards, descending points, hidden bids) — and the cost of a
clone half-way through a game. Prints microseconds a step and a clone (best of the rounds)
and each one's ratio to OpenSpiel's (issue 24's targets: steps/s ≥ 1×, clone ≤ 1×).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CONFIG = {"num_cards": 13, "points_order": "descending", "imp_info": True}


def _compile(work: Path) -> Any:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    pyx = HERE / "prototypes" / "typed_goofspiel.pyx"
    ext = Extension("typed_goofspiel", [str(pyx)], extra_compile_args=["-O1", "-g0"])
    exts = cythonize([ext], build_dir=str(work / "c"), quiet=True)
    dist = Distribution({"ext_modules": exts, "script_name": "typed_state.py"})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(work)
    cmd.build_temp = str(work / "o")
    cmd.ensure_finalized()
    cmd.run()
    path = work / cmd.get_ext_filename("typed_goofspiel")
    spec = importlib.util.spec_from_file_location("typed_goofspiel", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _same_games(proto: Any, games: int = 50) -> None:
    """The prototype plays what the shipped goofspiel plays (else the timing means nothing)."""
    from caiquan.games import load_game

    game = load_game("goofspiel", CONFIG)
    pgame = proto.Game(13)
    for seed in range(games):
        r1, r2 = random.Random(seed), random.Random(seed)
        s, p = game.new_state(seed), proto.State(pgame)
        while not s.is_terminal():
            assert p.to_move() == s.to_move() and p.legal(0) == s.legal(0)
            s.apply([r1.choice(s.legal(q)) for q in s.to_move()])
            p.apply([r2.choice(p.legal(q)) for q in p.to_move()])
        assert p.is_terminal()
        assert (p.points, p.win_seq, p.bids) == (s.points, s.win_seq, s.bids), seed
        ours = [(e[1], e[2], dict(e[3])) for e in s._events]
        theirs = [(e[1], e[2], dict(e[3])) for e in p._events]
        assert ours == theirs, seed


def _loop(new: Callable[[int], Any], games: int) -> float:
    """Microseconds a step of ``caiquan bench --peers``' random loop."""
    r = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for i in range(games):
        s = new(i)
        while not s.is_terminal():
            s.apply([r.choice(s.legal(p)) for p in s.to_move()])
            steps += 1
    return (time.perf_counter() - start) / steps * 1e6


def _openspiel_loop(game: Any, games: int) -> float:
    r = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_actions([r.choice(s.legal_actions(p)) for p in range(2)])
            steps += 1
    return (time.perf_counter() - start) / steps * 1e6


def _clone_us(state: Any) -> float:
    return min(timeit.repeat(state.clone, number=20_000, repeat=5)) / 20_000 * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3000, help="games a round, per engine")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (best is kept)")
    a = ap.parse_args(argv)
    from caiquan._fastpath import summary
    from caiquan.games import load_game

    with tempfile.TemporaryDirectory() as tmp:
        proto = _compile(Path(tmp))
    _same_games(proto)
    game, pgame = load_game("goofspiel", CONFIG), proto.Game(13)

    def quiet(_: int) -> Any:
        s = proto.State(pgame)
        s._quiet = True
        return s

    loops: dict[str, Callable[[], float]] = {
        "shipped goofspiel": lambda: _loop(game.new_state, a.games),
        "typed prototype, events logged": lambda: _loop(lambda _: proto.State(pgame), a.games),
        "typed prototype, no events": lambda: _loop(quiet, a.games),
    }
    mids: dict[str, Any] = {
        "shipped goofspiel": game.new_state(1),
        "typed prototype": proto.State(pgame),
    }
    try:
        import pyspiel

        spiel = pyspiel.load_game("goofspiel(num_cards=13,points_order=descending,imp_info=True)")
        loops["OpenSpiel C++"] = lambda: _openspiel_loop(spiel, a.games)
        mids["OpenSpiel C++"] = spiel.new_initial_state()
    except ImportError:
        pass
    best: dict[str, float] = {}
    for _ in range(a.rounds):
        for name, run in loops.items():
            best[name] = min(best.get(name, float("inf")), run())
    r = random.Random(2)
    for _ in range(4):  # a third of the way through the game, as bench --peers
        for name, s in mids.items():
            if name == "OpenSpiel C++":
                s.apply_actions([r.choice(s.legal_actions(p)) for p in range(2)])
            else:
                s.apply([r.choice(s.legal(p)) for p in s.to_move()])
    clones = {name: _clone_us(s) for name, s in mids.items()}
    print(f"fast path: {summary()}")
    base = best.get("OpenSpiel C++")
    for name, us in best.items():
        ratio = f"  steps/s ÷ OpenSpiel C++ {base / us:.2f}" if base else ""
        print(f"{name:32s} {us:6.2f} µs a step{ratio}")
    cbase = clones.get("OpenSpiel C++")
    for name, us in clones.items():
        ratio = f"  ÷ OpenSpiel C++ {us / cbase:.2f}" if cbase else ""
        print(f"clone, {name:25s} {us:6.2f} µs{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
