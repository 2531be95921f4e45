"""The ``nash`` bot in the shipped games: exact equilibrium throws, a best-response check."""

from __future__ import annotations

import pytest

from caiquan.bots import GreedyBot, NashBot, RandomBot, make_bot
from caiquan.engine import PlayerView, Rng, State, solve_zero_sum
from caiquan.games import load_game
from caiquan.games.legends.strategy import war_payoffs
from caiquan.games.promise.payoffs import throw_payoffs


def _throw_states(game_id: str, want: int, seeds: range) -> list[State]:
    """Simultaneous throws met in games between greedy players."""
    game = load_game(game_id)
    found: list[State] = []
    for seed in seeds:
        s = game.new_state(seed)
        rng = Rng(seed)
        bots = [GreedyBot() for _ in range(game.num_players)]
        while not s.is_terminal() and len(found) < want:
            movers = s.to_move()
            if len(movers) == 2 and s.decision(movers[0]).kind == "throw" and s.move_number > 3:
                found.append(s.clone())
            s.apply({p: bots[p].decide(PlayerView(s, p), rng) for p in movers})
        if len(found) >= want:
            break
    return found


def _best_response_gain(matrix: list[list[float]], mix: tuple[float, ...]) -> float:
    """How much the best column reply to ``mix`` gains over the game's value (0 when the mix
    is an equilibrium strategy: nothing exploits it)."""
    value = solve_zero_sum(matrix).value
    worst = min(
        sum(mix[i] * matrix[i][j] for i in range(len(matrix))) for j in range(len(matrix[0]))
    )
    return value - worst


def test_promise_nash_throws_are_unexploitable() -> None:
    states = _throw_states("promise", 12, range(40))
    assert len(states) == 12
    nonuniform = 0
    for s in states:
        for p in s.to_move():
            bot = NashBot()
            choice = bot.decide(PlayerView(s, p), Rng(p))
            m = bot.last_matrix
            assert m == throw_payoffs(PlayerView(s, p))  # exact payoffs, not rollouts
            assert bot.last_mix is not None
            assert _best_response_gain(m, bot.last_mix) == pytest.approx(0, abs=1e-7)
            assert bot.last_mix[s.legal(p).index(choice)] > 0  # played from the mix
            nonuniform += any(abs(x - 1 / len(bot.last_mix)) > 0.01 for x in bot.last_mix)
    assert nonuniform > 0  # the table does bend the mixes away from plain RPS


def test_legends_nash_values_war_outcomes() -> None:
    states = _throw_states("legends", 3, range(20))
    assert states
    for s in states:
        for p in s.to_move():
            bot = NashBot()
            bot.decide(PlayerView(s, p), Rng(3))
            m = bot.last_matrix
            assert m == war_payoffs(PlayerView(s, p))
            assert m is not None and bot.last_mix is not None
            assert _best_response_gain(m, bot.last_mix) == pytest.approx(0, abs=1e-7)
            flat = [x for row in m for x in row]
            assert max(flat) > 0 or min(flat) < 0  # outcomes are valued, not all equal


def test_nash_fallback_spec() -> None:
    assert isinstance(make_bot("nash").fallback, GreedyBot)
    assert isinstance(make_bot("nash:fallback=random").fallback, RandomBot)
