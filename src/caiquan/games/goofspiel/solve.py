"""Equilibria of two-player goofspiel with hidden bids and a fixed point order (issue 23).

With two players, hidden bids (``imp_info``) and the point cards in a fixed order
(``descending`` or ``ascending``), a player's information state is their own bids and each
turn's outcome seen from their side (won, lost, tied): the point cards are known in advance
and the points follow from the outcomes. Small games (up to six or seven cards) have few such
states (34,482 for both players with six cards), so an equilibrium can be computed exactly by
counterfactual regret minimisation over them.

The solver runs CFR+ (regret matching+, alternating updates, linearly weighted average) on the
information states directly: a player's counterfactual value at a state is summed over the
opponent's states it is consistent with, and at the last turn over the pairs of final states
(the points, hence the result, depend only on the outcomes). Every step is a NumPy array
operation over the states of one depth, so an iteration at six cards takes milliseconds.
NashConv (what best responses gain against the profile; 0 at an equilibrium) is computed the
same way and reported with the solution.

The game is symmetric, so the table a bot plays is one strategy for both seats: the two
players' average strategies mixed as realization plans (a convex combination of ε-optimal
strategies is ε-optimal), keyed by the viewer's own bids and outcomes.

Returns are win/loss (the bots play to win): +1 for more points, −1 for fewer, 0 for equal.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

# the shipped tables' format, read by the heuristic too (re-exported: the solver's API)
from .tables import (  # noqa: F401
    ORDERS,
    SHIPPED_CARDS,
    TABLE_DIR,
    Key,
    Solution,
    shipped,
    table_name,
    write_table,
)

WON, LOST, TIED = "W", "L", "T"
_MIRROR = {WON: LOST, LOST: WON, TIED: TIED}

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def point_values(num_cards: int, num_turns: int, order: str) -> list[int]:
    """The point card's value at each turn for a fixed order."""
    if order == "descending":
        return [num_cards - t for t in range(num_turns)]
    if order == "ascending":
        return [t + 1 for t in range(num_turns)]
    raise ValueError(f"goofspiel: a fixed point order is descending or ascending, not {order!r}")


@dataclass
class _Side:
    """One player's information states: index, parent, last bid, depth."""

    index: dict[Key, int] = field(default_factory=dict)
    keys: list[Key] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)

    def state(self, key: Key, parent: int, action: int, depth: int) -> int:
        i = self.index.get(key)
        if i is None:
            i = len(self.keys)
            self.index[key] = i
            self.keys.append(key)
            self.parent.append(parent)
            self.action.append(action)
            self.depth.append(depth)
        return i


class _Tree:
    """Both players' information states and the pairs of final states with their result."""

    def __init__(self, num_cards: int, num_turns: int, order: str) -> None:
        n = num_cards
        if not 1 <= num_turns <= n:
            raise ValueError(f"goofspiel: num_turns must be 1 … {n}, not {num_turns}")
        self.n = n
        forced = num_turns == n  # the last card is played automatically
        self.forced = forced
        self.decisions = n - 1 if forced else num_turns
        values = point_values(n, num_turns, order)
        sides = (_Side(), _Side())
        leaf0: list[int] = []
        leaf1: list[int] = []
        result: list[int] = []
        d_max = self.decisions

        def walk(
            d: int, i0: int, i1: int, k0: Key, k1: Key, hand0: int, hand1: int, diff: int
        ) -> None:
            if d == d_max:
                if forced:
                    a, b = hand0.bit_length() - 1, hand1.bit_length() - 1
                    diff += values[d] if a > b else -values[d] if a < b else 0
                leaf0.append(i0)
                leaf1.append(i1)
                result.append((diff > 0) - (diff < 0))
                return
            v = values[d]
            for a in range(n):
                if not hand0 >> a & 1:
                    continue
                for b in range(n):
                    if not hand1 >> b & 1:
                        continue
                    o = WON if a > b else LOST if a < b else TIED
                    c0: Key = (k0[0] + (a,), k0[1] + o)
                    c1: Key = (k1[0] + (b,), k1[1] + _MIRROR[o])
                    j0 = sides[0].state(c0, i0, a, d + 1)
                    j1 = sides[1].state(c1, i1, b, d + 1)
                    gain = v if a > b else -v if a < b else 0
                    walk(d + 1, j0, j1, c0, c1, hand0 & ~(1 << a), hand1 & ~(1 << b), diff + gain)

        root: Key = ((), "")
        r0 = sides[0].state(root, -1, -1, 0)
        r1 = sides[1].state(root, -1, -1, 0)
        full = (1 << n) - 1
        walk(0, r0, r1, root, root, full, full, 0)
        self.sides = sides
        self.leaf = (np.array(leaf0, dtype=np.int64), np.array(leaf1, dtype=np.int64))
        self.result = np.array(result, dtype=np.float64)
        self.size = (len(sides[0].keys), len(sides[1].keys))
        self.parent = tuple(np.array(s.parent, dtype=np.int64) for s in sides)
        self.action = tuple(np.array(s.action, dtype=np.int64) for s in sides)
        depth = tuple(np.array(s.depth, dtype=np.int64) for s in sides)
        self.at_depth = tuple(
            [np.flatnonzero(dp == d) for d in range(self.decisions + 1)] for dp in depth
        )
        legal = []
        for s in sides:
            m = np.ones((len(s.keys), n), dtype=bool)
            for i, (bids, _) in enumerate(s.keys):
                m[i, list(bids)] = False
            legal.append(m)
        self.legal = tuple(legal)


def _strategy(regret: FloatArray, legal: npt.NDArray[np.bool_]) -> FloatArray:
    total = regret.sum(axis=1, keepdims=True)
    uniform = legal / np.maximum(legal.sum(axis=1, keepdims=True), 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, regret / np.where(total > 0, total, 1.0), uniform)


#: A model opponent: (hand as ascending card indices, the point's rank among the points still
#: to come, how many are to come) → the card it bids (goofspiel's matching rule).
Model = Callable[[list[int], int, int], int]


class _Solver:
    def __init__(
        self, tree: _Tree, model: Model | None = None, weight: float = 0.0, order: str = ""
    ) -> None:
        self.tree = tree
        n = tree.n
        self.regret = [np.zeros((m, n)) for m in tree.size]
        self.average = [np.zeros((m, n)) for m in tree.size]
        self.iterations = 0
        # restricted Nash response: player 1 is the model with probability ``weight``
        self.weight = weight if model is not None else 0.0
        self.model_reach: FloatArray | None = None
        if model is not None:
            self.model_reach = self.reach(1, self.model_strategy(1, model, order))

    def model_strategy(self, p: int, model: Model, order: str) -> FloatArray:
        """The model's (pure) strategy at player p's states."""
        t = self.tree
        sigma = np.zeros((t.size[p], t.n))
        # the points to come are the whole deck's (a shortened game still deals every card)
        values = point_values(t.n, t.n, order)
        for d in range(t.decisions):
            to_come = sorted(values[d:])
            pos = to_come.index(values[d])
            for i in t.at_depth[p][d]:
                hand = [c for c in range(t.n) if t.legal[p][i, c]]
                sigma[i, model(hand, pos, len(to_come))] = 1.0
        return sigma

    def against_model(self, sigma: FloatArray) -> FloatArray | None:
        """Player 0's expected result playing ``sigma`` against the model, with its
        probabilities of winning and losing (None without a model)."""
        if self.model_reach is None:
            return None
        t = self.tree
        r0 = self.reach(0, sigma)
        joint = r0[t.leaf[0]] * self.model_reach[t.leaf[1]]
        return np.array(
            [
                float((joint * t.result).sum()),
                float(joint[t.result > 0].sum()),
                float(joint[t.result < 0].sum()),
            ]
        )

    def reach(self, p: int, sigma: FloatArray) -> FloatArray:
        """Own reach probability of each of player p's states under ``sigma``."""
        t = self.tree
        r = np.zeros(t.size[p])
        r[t.at_depth[p][0]] = 1.0
        for d in range(1, t.decisions + 1):
            idx = t.at_depth[p][d]
            par = t.parent[p][idx]
            r[idx] = r[par] * sigma[par, t.action[p][idx]]
        return r

    def values(
        self, p: int, sigma: FloatArray, other_reach: FloatArray, best: bool = False
    ) -> tuple[FloatArray, FloatArray]:
        """Counterfactual values of player p's states (and of their actions) against the
        other's reach; ``best``: a best response's values (max over actions)."""
        t = self.tree
        n = t.n
        sign = 1.0 if p == 0 else -1.0
        mine, theirs = t.leaf[p], t.leaf[1 - p]
        cfv = np.bincount(
            mine, weights=other_reach[theirs] * t.result * sign, minlength=t.size[p]
        ).astype(np.float64)
        q = np.zeros((t.size[p], n))
        for d in range(t.decisions - 1, -1, -1):
            kids = t.at_depth[p][d + 1]
            flat = t.parent[p][kids] * n + t.action[p][kids]
            q.reshape(-1)[:] += np.bincount(flat, weights=cfv[kids], minlength=t.size[p] * n)
            idx = t.at_depth[p][d]
            if best:
                cfv[idx] = np.where(t.legal[p][idx], q[idx], -np.inf).max(axis=1)
            else:
                cfv[idx] = (sigma[idx] * q[idx]).sum(axis=1)
        return cfv, q

    def step(self) -> None:
        t = self.tree
        self.iterations += 1
        w = float(self.iterations)
        for p in (0, 1):
            sig = [_strategy(self.regret[k], t.legal[k]) for k in (0, 1)]
            other = self.reach(1 - p, sig[1 - p])
            if p == 0 and self.model_reach is not None and self.weight > 0:
                other = (1.0 - self.weight) * other + self.weight * self.model_reach
            cfv, q = self.values(p, sig[p], other)
            own = self.reach(p, sig[p])
            self.average[p] += w * own[:, None] * sig[p]
            gain = (q - cfv[:, None]) * t.legal[p]
            self.regret[p] = np.maximum(self.regret[p] + gain, 0.0)

    def policy(self, p: int) -> FloatArray:
        return _strategy(self.average[p], self.tree.legal[p])

    def nash_conv(self, sigma: tuple[FloatArray, FloatArray]) -> float:
        """What the two best responses gain against the profile (zero-sum: their sum)."""
        root = [int(self.tree.at_depth[p][0][0]) for p in (0, 1)]
        total = 0.0
        for p in (0, 1):
            other = self.reach(1 - p, sigma[1 - p])
            cfv, _ = self.values(p, sigma[p], other, best=True)
            total += float(cfv[root[p]])
        return total

    def symmetric(self) -> dict[Key, FloatArray]:
        """One strategy for both seats: the realization plans of the two average strategies
        mixed, keyed by the viewer's own bids and outcomes, normalised per state."""
        t = self.tree
        plan: dict[Key, FloatArray] = {}
        # a restricted Nash response is player 0's strategy (player 1 is the free opponent)
        for p in (0,) if self.weight > 0 else (0, 1):
            sigma = self.policy(p)
            x = self.reach(p, sigma)[:, None] * sigma
            x = x / max(float(x[t.at_depth[p][0]].sum()), 1e-300)
            side = t.sides[p]
            for d in range(t.decisions):
                for i in t.at_depth[p][d]:
                    key = side.keys[int(i)]
                    plan[key] = plan[key] + x[i] if key in plan else x[i].copy()
        out: dict[Key, FloatArray] = {}
        for key, x in plan.items():
            bids = key[0]
            s = float(x.sum())
            if s > 0:
                out[key] = x / s
            else:  # reached by neither average strategy: any legal mix will do
                legal = np.array([c not in bids for c in range(t.n)], dtype=np.float64)
                out[key] = legal / legal.sum()
        return out

    def table_profile(self, table: dict[Key, FloatArray]) -> tuple[FloatArray, FloatArray]:
        """The profile in which both seats play ``table``."""
        t = self.tree
        prof = []
        for p in (0, 1):
            sigma = np.zeros((t.size[p], t.n))
            for i, key in enumerate(t.sides[p].keys):
                if key in table:
                    sigma[i] = table[key]
            prof.append(sigma)
        return prof[0], prof[1]


def solve(
    num_cards: int,
    num_turns: int | None = None,
    order: str = "descending",
    iterations: int = 1000,
    digits: int = 4,
    model: Model | None = None,
    weight: float = 0.0,
) -> Solution:
    """CFR+ for ``iterations``, then the
    symmetric table with probabilities rounded to ``digits`` decimals (smaller ones dropped);
    ``nash_conv`` is measured on the rounded table as both seats play it.

    With a ``model`` and a ``weight`` > 0, a restricted Nash response: player 0's strategy
    against an opponent who plays the model with probability ``weight`` and is free (best
    responding) otherwise. It gains against the model at a bounded cost in exploitability
    (``weight`` 0: an equilibrium; 1: the best reply to the model)."""
    turns = num_cards if num_turns is None else num_turns
    tree = _Tree(num_cards, turns, order)
    solver = _Solver(tree, model, weight, order)
    for _ in range(iterations):
        solver.step()
    table = {}
    for key, x in solver.symmetric().items():
        r = np.round(x, digits)
        s = float(r.sum())
        if s <= 0:
            r = x
            s = float(x.sum())
        table[key] = tuple(float(v) for v in np.round(r / s, digits + 2))
    exact = {k: np.array(v) for k, v in table.items()}
    profile = solver.table_profile(exact)
    conv = solver.nash_conv(profile)
    vs = solver.against_model(profile[0])
    against = None if vs is None else (float(vs[0]), float(vs[1]), float(vs[2]))
    return Solution(num_cards, turns, order, solver.iterations, conv, table, solver.weight, against)


def matching_model(hand: list[int], pos: int, to_come: int) -> int:
    """Goofspiel's matching rule (``greedy``) at two players, as a :data:`Model`."""
    from .strategy import _matching

    return _matching(hand, pos, to_come, 1, 2)


ITERATIONS = 1000
#: The shipped tables are restricted Nash responses to the matching rule with this weight:
#: at 5 and 6 cards (descending) NashConv stays below 0.1 (uniform play: 1.55, 1.62) while
#: the expected result against ``greedy`` is +0.35 and +0.45 (an equilibrium: +0.03, +0.00;
#: at 4 cards every weight below 0.5 is an equilibrium that ties ``greedy``).
MODEL_WEIGHT = 0.2


def main(argv: list[str] | None = None) -> int:
    """Write the shipped tables (``python -m caiquan.games.goofspiel.solve``)."""
    parser = argparse.ArgumentParser(
        prog="python -m caiquan.games.goofspiel.solve",
        description="Solve two-player hidden-bid goofspiel with a fixed point order by CFR+ "
        "and write the equilibrium tables goofspiel's hard bot plays from.",
    )
    parser.add_argument("--cards", default="2-6", help="card counts, e.g. 2-6 or 4,6")
    parser.add_argument("--orders", default=",".join(ORDERS), help="point orders")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="CFR+ iterations")
    parser.add_argument(
        "--weight",
        type=float,
        default=MODEL_WEIGHT,
        help="restricted Nash response: the weight of the matching rule (greedy) as the "
        "opponent (0: an equilibrium)",
    )
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).with_name(TABLE_DIR), help="directory"
    )
    args = parser.parse_args(argv)
    try:
        if "-" in args.cards:
            lo, hi = (int(x) for x in args.cards.split("-"))
            cards = list(range(lo, hi + 1))
        else:
            cards = [int(x) for x in args.cards.split(",")]
    except ValueError:
        parser.error(f"--cards: a range such as 2-6 or a list such as 4,6, not {args.cards!r}")
    if not cards or not all(1 <= n <= 7 for n in cards):
        parser.error("--cards: 1 to 7 (6 is the largest shipped; 7 builds 25 million final pairs)")
    orders = args.orders.split(",")
    bad = [o for o in orders if o not in ORDERS]
    if bad:
        parser.error(f"--orders: {', '.join(ORDERS)} (a random order has no table), not {bad[0]!r}")
    if not 0 <= args.weight <= 1:
        parser.error("--weight: between 0 and 1")
    if args.iterations < 1:
        parser.error("--iterations: at least 1")
    args.out.mkdir(parents=True, exist_ok=True)
    for order in orders:
        for n in cards:
            t0 = time.perf_counter()
            sol = solve(
                n,
                order=order,
                iterations=args.iterations,
                model=matching_model,
                weight=args.weight,
            )
            path = args.out / table_name(n, order)
            write_table(sol, path)
            vs = sol.against_model or (0.0, 0.0, 0.0)
            print(
                f"{path}: {len(sol.table)} information states, {sol.iterations} iterations, "
                f"NashConv {sol.nash_conv:.4f}, against greedy {vs[0]:+.3f} "
                f"(wins {vs[1]:.3f}, losses {vs[2]:.3f}), {time.perf_counter() - t0:.1f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
