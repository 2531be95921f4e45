"""The exact zero-sum matrix-game solver."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caiquan.engine import RPS, expected_payoff, exploitability, solve_zero_sum
from caiquan.engine.matrix import solve_lp, solve_small

TOL = 1e-7


def test_rps_is_uniform_with_value_zero() -> None:
    sol = solve_zero_sum(RPS.matrix())
    assert sol.value == pytest.approx(0.0, abs=TOL)
    assert sol.row == pytest.approx((1 / 3, 1 / 3, 1 / 3), abs=TOL)
    assert sol.col == pytest.approx((1 / 3, 1 / 3, 1 / 3), abs=TOL)


def test_biased_rps() -> None:
    # Rock beats scissors by 2 (a classic exercise): rows/cols rock, scissors, paper.
    a = [[0, 2, -1], [-2, 0, 1], [1, -1, 0]]
    sol = solve_zero_sum(a)
    # Equilibrium: rock 1/4, scissors 1/4, paper 1/2 for both; value 0 (symmetric game).
    assert sol.value == pytest.approx(0.0, abs=TOL)
    assert sol.row == pytest.approx((0.25, 0.25, 0.5), abs=TOL)
    assert sol.col == pytest.approx((0.25, 0.25, 0.5), abs=TOL)


def test_strictly_dominant_row_and_saddle_point() -> None:
    sol = solve_zero_sum([[3, 2], [1, 0]])  # row 0 dominates; column 1 dominates for col
    assert sol.row == pytest.approx((1.0, 0.0), abs=TOL)
    assert sol.col == pytest.approx((0.0, 1.0), abs=TOL)
    assert sol.value == pytest.approx(2.0, abs=TOL)


def test_matching_pennies_with_offset() -> None:
    sol = solve_zero_sum([[2, -1], [-1, 1]])
    # p·2 − (1−p) = −p + (1−p) → p = 2/5; value = 1/5
    assert sol.row == pytest.approx((0.4, 0.6), abs=TOL)
    assert sol.value == pytest.approx(0.2, abs=TOL)


def test_non_square_and_degenerate() -> None:
    sol = solve_zero_sum([[1, 1, 1], [1, 1, 1]])  # every strategy optimal
    assert sol.value == pytest.approx(1.0, abs=TOL)
    assert exploitability([[1, 1, 1], [1, 1, 1]], sol.row, sol.col) == pytest.approx(0, abs=TOL)
    sol = solve_zero_sum([[5], [-5], [0]])
    assert sol.row == pytest.approx((1, 0, 0), abs=TOL) and sol.value == pytest.approx(5)


def test_bad_matrices() -> None:
    with pytest.raises(ValueError, match="at least one row"):
        solve_zero_sum([])
    with pytest.raises(ValueError, match="same length"):
        solve_zero_sum([[1, 2], [3]])
    with pytest.raises(ValueError, match="finite"):
        solve_zero_sum([[float("nan")]])


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=1, max_value=4).flatmap(
        lambda m: st.integers(min_value=1, max_value=4).flatmap(
            lambda n: st.lists(
                st.lists(st.integers(min_value=-10, max_value=10), min_size=n, max_size=n),
                min_size=m,
                max_size=m,
            )
        )
    )
)
def test_solution_is_an_equilibrium(a: list[list[int]]) -> None:
    """Exploitability is 0 and the value matches the strategies, for any small matrix
    (integer payoffs give many degenerate games, where support enumeration fails)."""
    sol = solve_zero_sum(a)
    assert abs(sum(sol.row) - 1) < TOL and abs(sum(sol.col) - 1) < TOL
    assert min(sol.row) >= 0 and min(sol.col) >= 0
    assert exploitability(a, sol.row, sol.col) == pytest.approx(0.0, abs=1e-6)
    assert expected_payoff(a, sol.row, sol.col) == pytest.approx(sol.value, abs=1e-6)


@settings(max_examples=400, deadline=None)
@given(
    st.integers(min_value=1, max_value=3).flatmap(
        lambda m: st.integers(min_value=1, max_value=3).flatmap(
            lambda n: st.lists(
                st.lists(
                    st.one_of(
                        st.integers(min_value=-6, max_value=6),
                        st.floats(min_value=-5, max_value=5, allow_nan=False),
                    ),
                    min_size=n,
                    max_size=n,
                ),
                min_size=m,
                max_size=m,
            )
        )
    )
)
def test_fast_kernel_agrees_with_the_lp(a: list[list[float]]) -> None:
    """The exact 3×3 kernel method (the fast path) and the LP (the plain path) agree."""
    fast = solve_small(a)
    plain = solve_lp(a)
    assert fast is not None, "the kernel method found no certified solution"
    assert fast.value == pytest.approx(plain.value, abs=1e-6)
    assert exploitability(a, fast.row, fast.col) == pytest.approx(0.0, abs=1e-7)


def test_fast_kernel_known_games() -> None:
    sol = solve_small([[0, 2, -1], [-2, 0, 1], [1, -1, 0]])
    assert sol is not None and sol.row == pytest.approx((0.25, 0.25, 0.5))
    saddle = solve_small([[3, 2], [1, 0]])
    assert saddle is not None and saddle.row == (1.0, 0.0) and saddle.value == 2.0
    assert solve_small([[1, 2, 3, 4]] * 4) is None  # larger than 3×3: the LP's job
