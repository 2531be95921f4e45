"""伟人的猜拳战略: the shared conformance harness over player counts and both presets."""

from __future__ import annotations

import pytest

from caiquan.engine import Rng, State
from caiquan.games import load_game
from caiquan.testing import CHECKS, check_game, random_playout

CONFIGS = [
    {"players": 3},
    {"players": 4, "content": "edition54"},
    {"players": 5},
    {"players": 6},
    {"players": 6, "content": "edition54", "start_player": 2},
    {"players": 3, "content": "edition54", "no_progress_end": False, "round_cap": 3},
    {"players": 4, "tie_limit": 1},
]


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
)
def test_conformance(config: dict[str, object], check: str) -> None:
    check_game(load_game("legends", config), seeds=range(2), checks=[check])


@pytest.mark.parametrize("players", [3, 6])
def test_determinize_depends_only_on_the_view(players: int) -> None:
    """A determinized twin determinizes to the same world (no trace of the truth)."""
    game = load_game("legends", players=players)
    for seed in range(3):
        seen = 0

        def visit(s: State, seed: int = seed) -> None:
            nonlocal seen
            seen += 1
            if seen > 40 or seen % 3:
                return
            for p in range(players):
                twin = s.determinize(p, Rng(seed * 31 + seen))
                a = s.determinize(p, Rng(seed + 1000 + seen))
                b = twin.determinize(p, Rng(seed + 1000 + seen))
                assert a.__dict__.keys() == b.__dict__.keys()
                for key in a.__dict__:
                    if key not in ("_events", "_history"):
                        assert a.__dict__[key] == b.__dict__[key], (key, p, s.move_number)

        random_playout(game, seed, visit=visit)
