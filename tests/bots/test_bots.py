"""Bots: spec parsing, strength against random, mixed strategies, no peeking."""

from __future__ import annotations

import collections
import math

import pytest

from caiquan.bots import ISMCTSBot, NashBot, RandomBot, make_bot
from caiquan.engine import ConfigError, PlayerView, Rng, exploitability
from caiquan.games import load_game
from caiquan.testing import check_game

from .toy import BIASED, ThrowGame


def test_make_bot_specs() -> None:
    bot = make_bot("ismcts:iterations=50,exploration=1.2")
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 50 and bot.exploration == 1.2
    assert isinstance(make_bot("random"), RandomBot)
    with pytest.raises(ConfigError, match="no bot called 'genius'"):
        make_bot("genius")
    with pytest.raises(ConfigError, match="must be key=value"):
        make_bot("ismcts:fast")
    with pytest.raises(ConfigError, match="ismcts: no parameter 'speed'"):
        make_bot("ismcts:speed=3")


def test_toy_game_conforms() -> None:
    check_game(ThrowGame(), seeds=range(3))


def _play(game, bots, seed):  # type: ignore[no-untyped-def]
    s = game.new_state(seed)
    rng = Rng(seed + 1234)
    while not s.is_terminal():
        s.apply({p: bots[p].decide(PlayerView(s, p), rng) for p in s.to_move()})
    return s.returns()


def _wilson_low(wins: float, n: int, z: float = 1.96) -> float:
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / (1 + z * z / n)


def test_ismcts_beats_random_at_goofspiel() -> None:
    game = load_game("goofspiel", num_cards=6, imp_info=True)
    score, n = 0.0, 40
    for i in range(n):
        seat = i % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = ISMCTSBot(iterations=150)
        r = _play(game, bots, i)
        score += 1.0 if r[seat] > 0 else 0.5 if r[seat] == 0 else 0.0
    assert _wilson_low(score, n) > 0.5, f"ismcts scored {score}/{n} against random"


def test_ismcts_mixes_at_a_simultaneous_throw() -> None:
    """Decoupled regret matching (``throws=search``: the throw is searched, not handed to
    the exact solver) approaches the Nash mix (1/4, 1/4, 1/2) of biased RPS."""
    game = ThrowGame()
    s = game.new_state(0)
    bot = ISMCTSBot(iterations=4000, gamma=0.1, throws="search")
    rng = Rng(3)
    counts = collections.Counter(bot.decide(PlayerView(s, 0), rng) for _ in range(40))
    assert counts[2] > counts[0] and counts[2] > counts[1]  # paper most often
    bot.decide(PlayerView(s, 0), Rng(1))
    assert bot.last_iterations == 4000


def test_ismcts_hands_two_player_throws_to_the_exact_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ThrowGame()
    s = game.new_state(0)
    monkeypatch.setattr(ThrowGame, "hooks", {"throw_payoffs": f"{ThrowGame.__module__}:payoffs"})
    bot = ISMCTSBot(iterations=500)
    rng = Rng(5)
    counts = collections.Counter(bot.decide(PlayerView(s, 0), rng) for _ in range(400))
    assert bot.last_iterations == 0  # no search: the equilibrium mix of the matrix
    assert bot._nash is not None and bot._nash.last_mix == pytest.approx((0.25, 0.25, 0.5))
    assert 150 < counts[2] < 250 and counts[0] > 50 and counts[1] > 50


def test_nash_bot_plays_the_exact_equilibrium(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ThrowGame()
    s = game.new_state(0)
    monkeypatch.setattr(ThrowGame, "hooks", {"throw_payoffs": f"{ThrowGame.__module__}:payoffs"})
    bot = NashBot()
    bot.decide(PlayerView(s, 0), Rng(1))
    assert bot.last_mix == pytest.approx((0.25, 0.25, 0.5), abs=1e-7)
    opp = NashBot()
    opp.decide(PlayerView(s, 1), Rng(1))
    assert opp.last_mix is not None
    assert exploitability(BIASED, bot.last_mix, opp.last_mix) == pytest.approx(0, abs=1e-7)


def test_nash_bot_by_rollouts_without_an_evaluator() -> None:
    game = ThrowGame()
    bot = NashBot(rollouts=1)
    bot.decide(PlayerView(game.new_state(0), 0), Rng(2))
    assert bot.last_matrix is not None
    # one-shot game: a rollout is exact, scaled to [-1, 1] by the utility range
    flat = [x for row in bot.last_matrix for x in row]
    assert flat == pytest.approx([2 * x for row in BIASED for x in row])
    assert bot.last_mix == pytest.approx((0.25, 0.25, 0.5), abs=1e-7)


def test_nash_bot_falls_back_off_throws() -> None:
    game = load_game("goofspiel", num_cards=4)
    s = game.new_state(0)
    assert NashBot().decide(PlayerView(s, 0), Rng(0)) in s.legal(0)


@pytest.mark.parametrize("spec", ["random", "ismcts:iterations=60", "nash"])
def test_bots_do_not_read_hidden_information(spec: str) -> None:
    """The same view and seed give the same decision on the true state and on a twin."""
    game = load_game("goofspiel", num_cards=7, imp_info=True)
    for seed in range(4):
        s = game.new_state(seed)
        rng = Rng(seed)
        for _ in range(3):
            s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
        for p in (0, 1):
            twin = s.determinize(p, Rng(seed + 50))
            assert twin.observation(p) == s.observation(p)
            a = make_bot(spec).decide(PlayerView(s, p), Rng(7))
            b = make_bot(spec).decide(PlayerView(twin, p), Rng(7))
            assert a == b


def test_nash_bot_uses_the_promise_power_table() -> None:
    """At a promise battle throw the mix is an exact equilibrium of the table's payoffs."""
    game = load_game("promise")
    for seed in range(30):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            movers = s.to_move()
            if len(movers) == 2 and s.decision(0).kind == "throw" and s.move_number > 3:
                from caiquan.engine import solve_zero_sum
                from caiquan.games.promise.payoffs import throw_payoffs

                bot = NashBot()
                bot.decide(PlayerView(s, 0), Rng(1))
                m = bot.last_matrix
                assert m == throw_payoffs(PlayerView(s, 0))  # exact, not rollouts
                assert bot.last_mix is not None
                # the row mix is a maximin strategy: no column reply does better than the value
                exact = solve_zero_sum(m)
                assert exploitability(m, bot.last_mix, exact.col) == pytest.approx(0, abs=1e-7)
                return
            s.apply({p: rng.choice(s.legal(p)) for p in movers})
    raise AssertionError("no battle throw reached")
