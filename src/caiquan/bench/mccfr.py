"""MCCFR through the OpenSpiel adapter against OpenSpiel's own C++ goofspiel.

The same Python solver (OpenSpiel's ``outcome_sampling_mccfr`` or
``external_sampling_mccfr``) runs the same number of iterations on two turn-based games:
OpenSpiel's C++ ``goofspiel(num_cards=4, points_order=descending, imp_info=True)`` and the
adapter's ``caiquan_goofspiel`` with the same options (``deal_draws=0``), both through
``pyspiel.convert_to_turn_based``. The solver's own Python is the same work in both; what
differs is the game under it, so the ratio of the two times is the adapter's overhead as a
researcher meets it. The runs are interleaved (C++, caiquan, C++, caiquan, …) and each time
is the median over ``rounds``, as in :mod:`caiquan.bench.peers`.

Needs the ``peers`` (or ``rl``) extra: ``open_spiel``.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

#: The two solvers and the iterations a round runs of each (about 0.7 s of C++ work each,
#: measured on this 2-core machine).
SOLVERS = {"outcome": 2000, "external": 300}
CARDS = 4


def _games(cards: int = CARDS) -> tuple[Any, Any]:
    import pyspiel

    from .exploitability import turn_based

    cpp = pyspiel.convert_to_turn_based(
        pyspiel.load_game(f"goofspiel(num_cards={cards},points_order=descending,imp_info=True)")
    )
    ours, _ = turn_based(cards)
    return cpp, ours


def _solver(kind: str, game: Any) -> Any:
    if kind == "outcome":
        from open_spiel.python.algorithms import outcome_sampling_mccfr

        return outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    if kind == "external":
        from open_spiel.python.algorithms import external_sampling_mccfr

        return external_sampling_mccfr.ExternalSamplingSolver(game)
    raise ValueError(f"unknown MCCFR solver {kind!r}; choose from {sorted(SOLVERS)}")


def run_solver(kind: str, game: Any, iterations: int, seed: int = 1) -> tuple[float, int]:
    """Seconds for ``iterations`` of a fresh solver (numpy's global RNG seeded, as the
    OpenSpiel solvers draw from it), and how many information states it tabulated."""
    import numpy as np

    np.random.seed(seed)
    solver = _solver(kind, game)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    return time.perf_counter() - start, len(solver._infostates)


def mccfr_ratios(
    rounds: int = 3, scale: float = 1.0, kinds: tuple[str, ...] = tuple(SOLVERS)
) -> dict[str, dict[str, float]]:
    """Per solver: the C++ and the adapter's median seconds over ``rounds`` interleaved runs
    (``scale`` × the iterations of :data:`SOLVERS`), their ratio, and the information
    states each tabulated."""
    cpp, ours = _games()
    out: dict[str, dict[str, float]] = {}
    for kind in kinds:
        iterations = max(1, round(SOLVERS[kind] * scale))
        run_solver(kind, cpp, 2)  # warm up (imports, caches)
        run_solver(kind, ours, 2)
        times: dict[str, list[float]] = {"cpp": [], "caiquan": []}
        states: dict[str, int] = {}
        for _ in range(rounds):
            for name, game in (("cpp", cpp), ("caiquan", ours)):
                t, n = run_solver(kind, game, iterations)
                times[name].append(t)
                states[name] = n
        c, q = statistics.median(times["cpp"]), statistics.median(times["caiquan"])
        out[f"mccfr-{kind}"] = {
            "iterations": iterations,
            "cpp_s": round(c, 4),
            "caiquan_s": round(q, 4),
            "ratio": q / c,
            "cpp_infostates": states["cpp"],
            "caiquan_infostates": states["caiquan"],
        }
    return out


__all__ = ["CARDS", "SOLVERS", "mccfr_ratios", "run_solver"]
