"""剧牌 (drama): conformance over every combination of the boolean options and round piles."""

from __future__ import annotations

import hashlib
import itertools
import json

import pytest

from caiquan.engine import Rng
from caiquan.games import load_game
from caiquan.games.drama import Drama
from caiquan.testing import CHECKS, check_game, random_playout

BOOLEANS = sorted(o.name for o in Drama.options if isinstance(o.default, bool))
ROUND_PILES = (1, 2, 4, 10, 20)

CONFIGS: list[dict[str, object]] = [
    {},
    {"rounds": 1},
    {"rounds": 3, "tie": "table", "table_start": "empty"},
    {"rounds": 20, "rearm_optional": False, "instant_win": False},
    {"one_is": "discard", "supply_number": 6, "discard_number": 1, "two_is_composite": True},
    {"one_is": "attack", "swap_natures": True, "same_role": False, "rounds": 15},
    {"one_is": "defence", "unarmed_defence": False, "last_round_all_in": False},
]


def _cid(config: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in config.items()) or "default"


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("config", CONFIGS, ids=_cid)
def test_conformance(config: dict[str, object], check: str) -> None:
    check_game(load_game("drama", config), seeds=range(3), checks=[check])


COMBOS = list(itertools.product((False, True), repeat=len(BOOLEANS)))


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: "".join("1" if b else "0" for b in c))
def test_every_boolean_combination(combo: tuple[bool, ...]) -> None:
    index = COMBOS.index(combo)
    config: dict[str, object] = dict(zip(BOOLEANS, combo, strict=True))
    for k in (index, index + 2):  # two round pile sizes per combination, each size ~50 times
        config["rounds"] = ROUND_PILES[k % len(ROUND_PILES)]
        check_game(load_game("drama", config), seeds=(k,))


def test_the_boolean_options_are_the_ones_the_issue_names() -> None:
    assert BOOLEANS == [
        "instant_win",
        "last_round_all_in",
        "rearm_optional",
        "same_role",
        "swap_natures",
        "two_is_composite",
        "unarmed_defence",
    ]


def test_games_end_within_the_round_pile() -> None:
    game = load_game("drama", rounds=4)
    for seed in range(30):
        s = random_playout(game, seed)
        assert s.round_no <= 4
        assert s.outcome().reason in ("empty", "last_empty", "last_round")


GOLDEN = [
    (0, {}, 44, (1, 2, 3, 4), "empty", "2c72f07690c97b5e"),
    (1, {}, 69, (1, 3, 2, 4), "last_empty", "4cb026de94848b6a"),
    (2, {}, 23, (1, 2, 3, 4), "empty", "8371f5930dfa86bb"),
    (
        5,
        {"rounds": 4, "tie": "table", "swap_natures": True},
        22,
        (1, 3, 2, 4),
        "last_empty",
        "8f62a9119247de05",
    ),
]


@pytest.mark.parametrize(("seed", "config", "moves", "ranks", "reason", "digest"), GOLDEN)
def test_golden_playthroughs(
    seed: int,
    config: dict[str, object],
    moves: int,
    ranks: tuple[int, ...],
    reason: str,
    digest: str,
) -> None:
    """Fixed games (seeded random decisions): a silent rule change shows up here.

    If a rule change is intended, raise ``Drama.version`` and update the digests.
    """
    s = load_game("drama", config).new_state(seed)
    rng = Rng(seed + 99)
    while not s.is_terminal():
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    text = json.dumps(s.events(None), ensure_ascii=False, sort_keys=True)
    assert (s.move_number, s.outcome().ranks, s.outcome().reason) == (moves, ranks, reason)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest
