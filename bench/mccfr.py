"""MCCFR through the OpenSpiel adapter against OpenSpiel's C++ goofspiel (issue 24).

    PYTHONPATH=src python bench/mccfr.py                 # both solvers, 3 interleaved rounds
    PYTHONPATH=src python bench/mccfr.py --scale 0.5 --json

The same OpenSpiel Python solver runs the same iterations on OpenSpiel's C++ goofspiel
(through ``pyspiel.convert_to_turn_based``) and on ``caiquan_goofspiel`` in its turn-based
form (``turn_based=True``), 4 cards, descending points, imperfect information; the ratio of
the median times is the adapter's cost as a researcher meets it (target: at most 2).
``--wrapped`` also times the adapter's simultaneous form under ``convert_to_turn_based``.
The code is ``caiquan.bench.mccfr``; ``caiquan bench --peers`` runs it too. Needs the
``peers`` extra.
"""

from __future__ import annotations

import argparse
import json

from caiquan.bench.mccfr import SOLVERS, mccfr_ratios


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median)")
    ap.add_argument("--scale", type=float, default=1.0, help="× the iterations of a round")
    ap.add_argument("--solver", choices=sorted(SOLVERS), action="append", help="only these")
    ap.add_argument(
        "--wrapped",
        action="store_true",
        help="also time the simultaneous form under pyspiel.convert_to_turn_based",
    )
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    a = ap.parse_args()
    if a.rounds < 1 or a.scale <= 0:
        ap.error("--rounds must be at least 1 and --scale positive")
    out = mccfr_ratios(a.rounds, a.scale, tuple(a.solver or SOLVERS), wrapped=a.wrapped)
    if a.json:
        print(json.dumps(out))
        return
    for name, m in out.items():
        print(
            f"{name}: {m['iterations']} iterations, C++ {m['cpp_s']:.3f} s, "
            f"caiquan {m['caiquan_s']:.3f} s, ratio {m['ratio']:.2f} (target <= 2), "
            f"information states {m['caiquan_infostates']} / {m['cpp_infostates']}"
            + (
                f"; simultaneous form under convert_to_turn_based {m['wrapped_s']:.3f} s, "
                f"ratio {m['wrapped_ratio']:.2f}"
                if "wrapped_s" in m
                else ""
            )
        )


if __name__ == "__main__":
    main()
