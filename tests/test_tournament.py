"""Tournaments: lineups, scores, ratings, CLI output."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from caiquan.engine import ConfigError
from caiquan.games import load_game
from caiquan.lab import lineups, run_tournament, wilson_interval


def test_lineups_balance_seats() -> None:
    assert lineups(3, 2) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    for lineup in [lineups(2, 4), lineups(3, 3)]:
        seat_counts = [
            [sum(1 for lu in lineup if lu[s] == b) for s in range(len(lineup[0]))]
            for b in range(max(max(lu) for lu in lineup) + 1)
        ]
        assert all(len(set(row)) == 1 for row in seat_counts)  # each bot equally often per seat
    with pytest.raises(ConfigError):
        lineups(0, 2)


def test_tournament_scores_and_ratings() -> None:
    game = load_game("goofspiel", num_cards=5, imp_info=True)
    res = run_tournament(game, ["random", "ismcts:iterations=150"], games=40, seed=3)
    by = {s.bot: s for s in res.standings}
    assert by["random"].games == by["ismcts:iterations=150"].games == 40
    total = by["random"].score + by["ismcts:iterations=150"].score
    assert total == pytest.approx(40)  # every game's point is shared out
    assert res.standings[0].bot == "ismcts:iterations=150"  # rated above random
    assert sum(res.seat_scores) == pytest.approx(1.0)
    again = run_tournament(game, ["random", "ismcts:iterations=150"], games=40, seed=3)
    assert again.to_json() == res.to_json()  # reproducible from the seed


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and hi - lo == pytest.approx(0.192, abs=0.002)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_tournament_cli_json() -> None:
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "caiquan",
            "tournament",
            "goofspiel",
            "-o",
            "num_cards=4",
            "--bots",
            "random,ismcts:iterations=20,gamma=0.2",
            "--games",
            "4",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert {s["bot"] for s in data["standings"]} == {"random", "ismcts:iterations=20,gamma=0.2"}
    bad = subprocess.run(
        [sys.executable, "-m", "caiquan", "tournament", "goofspiel", "--bots", "random,alpha"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 1 and "no bot called 'alpha'" in bad.stderr


def test_ratings_move_with_fewer_bots_than_seats() -> None:
    """Four seats, two bots: each bot plays two seats and is rated by its best one."""
    game = load_game("legends", players=4)
    res = run_tournament(game, ["random", "greedy"], games=8, seed=1)
    by = {s.bot: s for s in res.standings}
    assert by["random"].games == by["greedy"].games == 8  # games, the unit of the rate
    assert by["random"].seat_games == by["greedy"].seat_games == 16
    assert by["greedy"].min_seats == 2
    assert by["greedy"].rating_mu > 25 > by["random"].rating_mu
