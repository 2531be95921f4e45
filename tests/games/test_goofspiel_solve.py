"""Goofspiel's equilibrium tables (issue 23): the CFR+ solver over information states, the
shipped tables, and the hard bot playing from them."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest

from caiquan.bots import make_bot
from caiquan.bots.heuristics import heuristic_for
from caiquan.engine import PlayerView, Rng
from caiquan.games import load_game
from caiquan.games.goofspiel import solve as S
from caiquan.games.goofspiel.strategy import expert, expert_mix

STATES = {2: 1, 3: 8, 4: 81, 5: 1062, 6: 17241}  # one seat's (OpenSpiel: both seats, ×2)


def _uniform(tree: S._Tree) -> tuple[np.ndarray, np.ndarray]:
    out = []
    for p in (0, 1):
        legal = tree.legal[p].astype(float)
        out.append(legal / np.maximum(legal.sum(axis=1, keepdims=True), 1))
    return out[0], out[1]


def test_nash_conv_of_uniform_play_is_openspiels_figure() -> None:
    """The solver's own best responses give uniform play in 4-card goofspiel (descending,
    hidden bids) NashConv 17/12, OpenSpiel's figure on its native game
    (tests/test_bench_exploitability.py checks it there); and 1.55 at 5 cards."""
    for n, want in ((4, 17 / 12), (5, 1.55)):
        solver = S._Solver(S._Tree(n, n, "descending"))
        assert solver.nash_conv(_uniform(solver.tree)) == pytest.approx(want, abs=1e-4)


def test_the_matching_rule_is_fully_exploitable_and_the_solution_is_not() -> None:
    solver = S._Solver(S._Tree(4, 4, "descending"), S.matching_model, 0.0, "descending")
    assert solver.model_reach is not None
    model = solver.model_strategy(0, S.matching_model, "descending")
    assert solver.nash_conv((model, solver.model_strategy(1, S.matching_model, "descending"))) == (
        pytest.approx(2.0)
    )
    for _ in range(300):
        solver.step()
    assert solver.nash_conv((solver.policy(0), solver.policy(1))) < 0.01


def test_information_states_are_own_bids_and_outcomes() -> None:
    tree = S._Tree(3, 3, "descending")
    keys = set(tree.sides[0].keys)
    assert ((), "") in keys
    assert ((0,), "W") not in keys  # a bid of 1 never wins
    assert ((2,), "L") not in keys  # a bid of 3 never loses
    assert ((2,), "W") in keys and ((1,), "T") in keys
    assert {len(b) for b, _ in keys} == {0, 1, 2}  # the third card plays itself
    assert set(tree.sides[1].keys) == keys  # a symmetric game


def test_a_restricted_nash_response_trades_exploitability_for_gain() -> None:
    """Weight 0 is an equilibrium (level with the matching rule at 5 cards, nearly); weight
    0.2 gains clearly against it and stays far less exploitable than uniform play (1.55)."""
    eq = S.solve(5, iterations=300, model=S.matching_model, weight=0.0)
    rnr = S.solve(5, iterations=300, model=S.matching_model, weight=0.2)
    assert eq.nash_conv < 0.01 and rnr.nash_conv < 0.15
    assert eq.against_model is not None and rnr.against_model is not None
    assert eq.against_model[0] < 0.1 < 0.3 < rnr.against_model[0]
    assert rnr.against_model[2] < 0.01  # it hardly ever loses to it


@pytest.mark.parametrize("order", S.ORDERS)
@pytest.mark.parametrize("n", list(S.SHIPPED_CARDS))
def test_shipped_tables_are_distributions_over_the_cards_left(order: str, n: int) -> None:
    sol = S.shipped(n, order)
    assert sol is not None
    assert (sol.num_cards, sol.num_turns, sol.order) == (n, n, order)
    assert len(sol.table) == STATES[n]
    assert sol.nash_conv < 0.1
    assert sol.model_weight == S.MODEL_WEIGHT
    for (bids, outs), row in sol.table.items():
        assert len(bids) == len(outs) < n - 1 or n == 1
        assert len(row) == n and sum(row) == pytest.approx(1, abs=1e-3)
        assert all(row[b] == 0 for b in bids)


def test_a_shipped_table_is_what_the_command_writes(tmp_path: Path) -> None:
    assert S.main(["--cards", "4", "--orders", "descending", "--out", str(tmp_path)]) == 0
    name = S.table_name(4, "descending")
    shipped = Path(S.__file__).with_name(S.TABLE_DIR) / name
    assert (tmp_path / name).read_bytes() == shipped.read_bytes()
    data = json.loads(gzip.decompress(shipped.read_bytes()))
    assert data["config"]["imp_info"] is True and data["model_weight"] == S.MODEL_WEIGHT


def test_no_table_outside_the_solved_games() -> None:
    assert S.shipped(7, "descending") is None and S.shipped(5, "random") is None
    for config in (
        {"num_cards": 5, "points_order": "descending"},  # open bids
        {"num_cards": 5, "points_order": "random", "imp_info": True},
        {"num_cards": 7, "points_order": "descending", "imp_info": True},
        {"num_cards": 5, "points_order": "descending", "imp_info": True, "num_turns": 4},
        {"num_cards": 5, "points_order": "descending", "imp_info": True, "players": 3},
        {
            "num_cards": 5,
            "points_order": "descending",
            "imp_info": True,
            "returns_type": "point_difference",
        },
    ):
        s = load_game("goofspiel", config).new_state(0)
        assert expert_mix(s, 0) is None and expert(s, 0, Rng(0)) is None, config


def test_hard_plays_the_table_in_hidden_bid_goofspiel() -> None:
    """Two players, hidden bids, descending, 5 cards: ``hard`` answers from the table
    without searching, its ``mix`` is the table's row at the player's own information state
    (the same in every world consistent with it), and its answers follow that row."""
    game = load_game("goofspiel", num_cards=5, points_order="descending", imp_info=True)
    hard = make_bot(game.strength("hard"))
    sol = S.shipped(5, "descending")
    assert sol is not None
    s = game.new_state(3)
    s.apply({0: 4, 1: 2})  # seat 0 wins the 5 with its 5; seat 1 lost with its 3
    for seat, key in ((0, ((4,), "W")), (1, ((2,), "L"))):
        view = PlayerView(s, seat)
        row = sol.table[key]
        want = {a: row[a] for a in view.legal()}
        for i in range(3):
            assert hard.mix(view, Rng(i)) == want
        counts: dict[int, int] = {}
        for i in range(400):
            a = hard.decide(view, Rng(100 + i))
            counts[a] = counts.get(a, 0) + 1
        assert hard.last_iterations == 0
        for a, q in want.items():
            assert abs(counts.get(a, 0) / 400 - q) < 0.08, (seat, counts, want)
    h = heuristic_for("goofspiel")
    assert h is not None and h.expert_mix is expert_mix


def test_defer_off_searches_instead() -> None:
    game = load_game("goofspiel", num_cards=4, points_order="descending", imp_info=True)
    bot = make_bot("ismcts:iterations=30,defer=0")
    bot.decide(PlayerView(game.new_state(0), 0), Rng(0))
    assert bot.last_iterations == 30


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--cards", "x"], "--cards: a range"),
        (["--cards", "9"], "--cards: 1 to 7"),
        (["--orders", "random"], "--orders:"),
        (["--weight", "2"], "--weight:"),
        (["--iterations", "0"], "--iterations:"),
    ],
)
def test_the_command_refuses_bad_options_in_one_line(
    args: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        S.main([*args, "--out", str(tmp_path)])
    assert e.value.code == 2
    assert says in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("turns", [3, 4, 5])
def test_the_model_is_the_matching_rule_as_greedy_plays_it(turns: int) -> None:
    """The solver's model strategy bids what ``greedy`` bids at every information state it
    reaches, in full and shortened games (the points to come are the deck's)."""
    from caiquan.bots import make_bot

    game = load_game(
        "goofspiel", num_cards=5, num_turns=turns, points_order="descending", imp_info=True
    )
    solver = S._Solver(S._Tree(5, turns, "descending"), S.matching_model, 0.0, "descending")
    model = solver.model_strategy(0, S.matching_model, "descending")
    side = solver.tree.sides[0]
    greedy, rng = make_bot("greedy"), Rng(0)
    checked = 0
    for seed in range(30):
        s = game.new_state(seed)
        while not s.is_terminal() and len(s.legal(0)) > 1:
            key = (
                tuple(b[0] for b in s.bids),
                "".join("T" if w < 0 else "W" if w == 0 else "L" for w in s.win_seq),
            )
            want = greedy.decide(PlayerView(s, 0), rng)
            assert model[side.index[key], want] == 1.0, (turns, key, want)
            checked += 1
            s.apply({0: want, 1: rng.choice(s.legal(1))})
    assert checked >= 60
