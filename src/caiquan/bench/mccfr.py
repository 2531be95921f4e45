"""MCCFR through the OpenSpiel adapter against OpenSpiel's own C++ goofspiel.

The same Python solver (OpenSpiel's ``outcome_sampling_mccfr`` or
``external_sampling_mccfr``) runs the same number of iterations on two turn-based games:
OpenSpiel's C++ ``goofspiel(num_cards=4, points_order=descending, imp_info=True)`` through
``pyspiel.convert_to_turn_based``, and the adapter's ``caiquan_goofspiel`` with the same
options (``deal_draws=0``) in its own turn-based form (``turn_based=True``, which rolls the
simultaneous bids out as that transform does and answers the solver's queries in Python).
The solver's own Python is the same work in both; what differs is the game under it, so the
ratio of the two times is the adapter's overhead as a researcher meets it. With
``wrapped=True`` a third game is timed too: the adapter's simultaneous form under
``convert_to_turn_based`` (the road before the turn-based form). The runs are interleaved
(C++, caiquan, C++, caiquan, …) and each time is the median over ``rounds``, as in
:mod:`caiquan.bench.peers`.

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
    """OpenSpiel's C++ goofspiel (turn-based by the C++ transform) and the adapter's
    goofspiel in its turn-based form."""
    import pyspiel

    from caiquan.envs import openspiel as cos
    from caiquan.games import game_class

    config = game_class("goofspiel").hook("bench").nash_conv_config(cards)
    cpp = pyspiel.convert_to_turn_based(
        pyspiel.load_game(f"goofspiel(num_cards={cards},points_order=descending,imp_info=True)")
    )
    ours = cos.load("goofspiel", deal_draws=0, turn_based=True, **config)
    return cpp, ours


def _wrapped(cards: int = CARDS) -> Any:
    """The adapter's simultaneous goofspiel under ``pyspiel.convert_to_turn_based``."""
    from .exploitability import turn_based

    return turn_based(cards)[0]


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
    rounds: int = 3,
    scale: float = 1.0,
    kinds: tuple[str, ...] = tuple(SOLVERS),
    wrapped: bool = False,
) -> dict[str, dict[str, float]]:
    """Per solver: the C++ and the adapter's median seconds over ``rounds`` interleaved runs
    (``scale`` × the iterations of :data:`SOLVERS`), their ratio, and the information
    states each tabulated; with ``wrapped``, also the adapter's simultaneous form under
    ``convert_to_turn_based`` (``wrapped_s``, ``wrapped_ratio``)."""
    cpp, ours = _games()
    games = [("cpp", cpp), ("caiquan", ours)] + ([("wrapped", _wrapped())] if wrapped else [])
    out: dict[str, dict[str, float]] = {}
    for kind in kinds:
        iterations = max(1, round(SOLVERS[kind] * scale))
        for _, game in games:
            run_solver(kind, game, 2)  # warm up (imports, caches)
        times: dict[str, list[float]] = {name: [] for name, _ in games}
        states: dict[str, int] = {}
        for _ in range(rounds):
            for name, game in games:
                t, n = run_solver(kind, game, iterations)
                times[name].append(t)
                states[name] = n
        c, q = statistics.median(times["cpp"]), statistics.median(times["caiquan"])
        row = out[f"mccfr-{kind}"] = {
            "iterations": iterations,
            "cpp_s": round(c, 4),
            "caiquan_s": round(q, 4),
            "ratio": q / c,
            "cpp_infostates": states["cpp"],
            "caiquan_infostates": states["caiquan"],
        }
        if wrapped:
            w = statistics.median(times["wrapped"])
            row.update(wrapped_s=round(w, 4), wrapped_ratio=w / c)
            row["wrapped_infostates"] = states["wrapped"]
    return out


__all__ = ["CARDS", "SOLVERS", "mccfr_ratios", "run_solver"]
