"""猜拳战争●四年之约: conformance over every configuration option, and golden playthroughs."""

from __future__ import annotations

import hashlib
import json

import pytest

from caiquan.games import load_game
from caiquan.testing import CHECKS, check_game, random_playout

CONFIGS = [
    {},
    {"character_pick": "open"},
    {"weapons": "round"},
    {"recycle": False},
    {"cap_result": "draw"},
    {"characters": "sword,taoist"},
    {"characters": "guard,guard", "character_pick": "open"},
]


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "default"
)
def test_conformance(config: dict[str, object], check: str) -> None:
    check_game(load_game("promise", config), seeds=range(10), checks=[check])


# Golden playthroughs: random decisions from fixed seeds must replay to exactly these games.
# A change here is a rule or content change: update the values on purpose (and raise
# Promise.version once records of the old rules exist).
GOLDEN = [
    ({}, 0, 59, 18, [0, 5], "life", ["sword", "taoist"], "d26eabce248cb2df"),
    ({}, 1, 34, 10, [4, 0], "life", ["taoist", "assassin"], "8d08ab3207a0169c"),
    ({}, 2, 65, 20, [5, 3], "cap", ["spear", "guard"], "aa7963bd7c96a30a"),
    ({"character_pick": "open", "weapons": "round"}, 0, 64, 20, [0, 4], "life",
     ["sword", "sword"], "8efd71ab0d594256"),
    ({"character_pick": "open", "weapons": "round"}, 1, 25, 7, [5, 0], "life",
     ["fist", "assassin"], "2f7ef7d3990131c6"),
    ({"character_pick": "open", "weapons": "round"}, 2, 64, 20, [5, 5], "cap",
     ["spear", "guard"], "91b83aca47600d8d"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("config", "seed", "moves", "rounds", "life", "reason", "chars", "digest"), GOLDEN
)
def test_golden_playthrough(
    config: dict[str, object],
    seed: int,
    moves: int,
    rounds: int,
    life: list[int],
    reason: str,
    chars: list[str],
    digest: str,
) -> None:
    game = load_game("promise", config)
    s = random_playout(game, seed)
    events = json.dumps(s.events(None), ensure_ascii=False, sort_keys=True)
    got = (
        s.move_number,
        s.observation(None)["round"],
        [p["life"] for p in s.observation(None)["players"]],
        s.outcome().reason,
        s.observation(None)["characters"],
        hashlib.sha256(events.encode()).hexdigest()[:16],
    )
    assert got == (moves, rounds, life, reason, chars, digest)
