"""Heuristic players: the small matrix solver, strength against random, every game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from caiquan.bots import GreedyBot, RandomBot, heuristic_for, make_bot
from caiquan.bots.heuristics import maximin
from caiquan.engine import PlayerView, Rng, solve_zero_sum
from caiquan.games import load_game
from caiquan.lab import wilson_interval

GAMES = ["promise", "legends", "drama", "goofspiel"]


def test_maximin_agrees_with_the_lp_solver() -> None:
    rng = Rng(11)
    for _ in range(60):
        m, n = 1 + rng.below(3), 1 + rng.below(3)
        a = [[float(rng.below(7)) - 3 for _ in range(n)] for _ in range(m)]  # degenerate often
        mix, value = maximin(a)
        exact = solve_zero_sum(a)
        assert value == pytest.approx(exact.value, abs=1e-9)
        assert sum(mix) == pytest.approx(1.0)
        # the mix guarantees the value against every column (it is a maximin strategy)
        assert min(sum(mix[i] * a[i][j] for i in range(m)) for j in range(n)) == pytest.approx(
            exact.value, abs=1e-9
        )


def test_maximin_remembers_answers_without_sharing_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memo gives the solver's own answer, a fresh list each time, and empties when full."""
    from caiquan.engine import strategy

    monkeypatch.setattr(strategy, "_MAXIMIN", {})
    monkeypatch.setattr(strategy, "_MAXIMIN_LIMIT", 3)
    a = [[0.25, 0.75, 0.5], [0.75, 0.25, 0.5], [0.5, 0.5, 0.4]]
    first, v1 = maximin(a)
    exact = solve_zero_sum(a)
    assert (tuple(first), v1) == (exact.row, exact.value)
    first[0] = 99.0  # the caller's list is its own
    again, v2 = maximin([list(r) for r in a])
    assert (tuple(again), v2) == (exact.row, exact.value) and again is not first
    assert len(strategy._MAXIMIN) == 1
    for k in range(4):  # more matrices than the limit: the memo empties and stays bounded
        m = [[float(k), 1.0], [1.0, float(-k)]]
        assert maximin(m)[1] == solve_zero_sum(m).value
        assert len(strategy._MAXIMIN) <= 3


def test_every_shipped_game_has_a_heuristic() -> None:
    for gid in GAMES:
        h = heuristic_for(gid)
        assert h is not None
        state = load_game(gid).new_state(0)
        values = h.evaluate(state)
        assert len(values) == state.num_players and all(0 <= v <= 1 for v in values)
    assert heuristic_for("no-such-game") is None
    assert isinstance(make_bot("greedy"), GreedyBot)


def _score(game_id: str, n: int, seed: int) -> tuple[float, int]:
    """The greedy bot's score (1 per sole win, 1/k shared) against random players,
    rotating through the seats."""
    game = load_game(game_id)
    seats = game.num_players
    score = 0.0
    for i in range(n):
        me = i % seats
        bots = [RandomBot() if p != me else GreedyBot() for p in range(seats)]
        s = game.new_state(seed + i)
        rng = Rng(seed + 7 * i)
        while not s.is_terminal():
            s.apply({p: bots[p].decide(PlayerView(s, p), rng) for p in s.to_move()})
        ranks = s.outcome().ranks
        firsts = sum(1 for r in ranks if r == 1)
        score += 1.0 / firsts if ranks[me] == 1 else 0.0
    return score, n


@pytest.mark.parametrize(("game_id", "games"), [
    ("promise", 16), ("legends", 40), ("drama", 160), ("goofspiel", 20),
])  # fmt: skip
def test_greedy_beats_random(game_id: str, games: int) -> None:
    """Deterministic given the seeds: the 95 % interval of the win rate excludes 1/N."""
    score, n = _score(game_id, games, seed=500)
    lo, _ = wilson_interval(score, n)
    seats = load_game(game_id).num_players
    assert lo > 1 / seats, f"greedy scored {score}/{n} in {game_id}"


def _greedy_game(game_id: str, seed: int) -> Iterator[tuple[Any, int, int]]:
    """Yield (state before, player, decision) through a game between greedy players."""
    game = load_game(game_id)
    s = game.new_state(seed)
    rng = Rng(seed)
    bot = GreedyBot()
    while not s.is_terminal():
        joint = {p: bot.decide(PlayerView(s, p), rng) for p in s.to_move()}
        for p, o in joint.items():
            yield s, p, o
        s.apply(joint)


def test_promise_greedy_never_wastes_a_skill_card() -> None:
    from caiquan.games.promise.rules import SKILL_BASE, eligible_values

    played = 0
    for seed in range(3):
        for s, p, o in _greedy_game("promise", seed):
            if s.decision(p).kind != "skill":
                continue
            skill = o - SKILL_BASE
            if skill:
                played += 1
                h1, h2 = (s.hearts[c] for c in s.tokens[p])
                character = s.game.content.characters[s.chars[p]]
                cost = character.skills[skill - 1].cost
                assert skill in eligible_values(h1, h2)
                assert cost <= s.qi[p]
    assert played > 5


def test_legends_greedy_builds_when_it_can() -> None:
    builds = 0
    for s, p, o in _greedy_game("legends", 1):
        if s.decision(p).kind != "action":
            continue
        g = s.game
        legal = s.legal(p)
        if any(g.BUILD_CULTURE <= x < g.EXPAND for x in legal):
            assert g.BUILD_CULTURE <= o < g.EXPAND
            builds += 1
    assert builds > 0


def test_drama_greedy_sheds_cards() -> None:
    """A duel card of the greedy player is never lower than the median card it holds, in
    an attack round where a higher total wins."""
    from caiquan.games.drama.cards import WEAPON_BASE, rank

    checked = 0
    for s, p, o in _greedy_game("drama", 2):
        if s.decision(p).kind != "duel" or s.nature != "attack" or s.last:
            continue
        hand = sorted(rank(c) for c in s.hands[p])
        assert rank(o % WEAPON_BASE) >= hand[(len(hand) - 1) // 2]
        checked += 1
    assert checked > 0
