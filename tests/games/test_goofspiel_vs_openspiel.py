"""Cross-check: caiquan's goofspiel against OpenSpiel's C++ goofspiel, move for move.

1,000 random action sequences over a spread of configurations; at every step both engines
must offer the same legal actions and agree on the points; at the end the returns and the
number of (simultaneous) steps must be identical. For ``points_order=random`` OpenSpiel's
chance node is fed the point card caiquan dealt from its own seeded RNG.
"""

from __future__ import annotations

import pytest

from caiquan.engine import Rng
from caiquan.games import load_game

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is a test extra: pip install -e '.[test]'"
)

CONFIGS = [
    {"num_cards": 13, "points_order": "descending", "imp_info": True},
    {"num_cards": 13, "points_order": "random"},
    {"num_cards": 8, "points_order": "ascending", "returns_type": "point_difference"},
    {"num_cards": 6, "points_order": "random", "imp_info": True, "players": 3},
    {"num_cards": 5, "points_order": "descending", "players": 4, "returns_type": "total_points"},
    {"num_cards": 10, "points_order": "random", "num_turns": 4},
    {"num_cards": 2, "points_order": "ascending"},
    {"num_cards": 1, "points_order": "descending"},
]
GAMES = 1000


def _openspiel_game(cfg: dict[str, object]):  # type: ignore[no-untyped-def]
    params = {"players": 2, "num_turns": -1, "imp_info": False, "returns_type": "win_loss", **cfg}
    return pyspiel.load_game("goofspiel", params)


def _play_both(cfg: dict[str, object], seed: int) -> tuple[int, int]:
    ours = load_game("goofspiel", cfg).new_state(seed)
    theirs = _openspiel_game(cfg).new_initial_state()
    rng = Rng(seed * 7919 + 1)
    steps_theirs = 0
    while True:
        if theirs.is_chance_node():
            card = ours.observation(None)["point_card"] - 1
            assert card in [a for a, _ in theirs.chance_outcomes()]
            theirs.apply_action(card)
            continue
        assert ours.is_terminal() == theirs.is_terminal(), f"terminal differs at {steps_theirs}"
        if ours.is_terminal():
            break
        players = ours.to_move()
        for p in players:
            assert list(ours.legal(p)) == list(theirs.legal_actions(p))
        joint = [rng.choice(ours.legal(p)) for p in players]
        ours.apply(joint)
        theirs.apply_actions(joint)
        steps_theirs += 1
        if not theirs.is_chance_node() and not theirs.is_terminal():
            assert ours.observation(None)["points"] == _points(theirs, len(players))
    assert ours.returns() == pytest.approx(tuple(theirs.returns()), abs=1e-12)
    return ours.move_number, steps_theirs


def _points(state, n: int) -> list[int]:  # type: ignore[no-untyped-def]
    line = next(x for x in str(state).splitlines() if x.startswith("Points:"))
    return [int(v) for v in line.split()[1 : 1 + n]]


def test_same_returns_and_steps_as_openspiel() -> None:
    checked = 0
    for i in range(GAMES):
        cfg = CONFIGS[i % len(CONFIGS)]
        ours_steps, their_steps = _play_both(cfg, seed=i)
        assert ours_steps == their_steps, f"config {cfg} seed {i}: steps differ"
        checked += 1
    assert checked == GAMES
