"""剧牌 (drama): conformance over every combination of the boolean options and round piles."""

from __future__ import annotations

import hashlib
import itertools
import json

import pytest

from caiquan.engine import Record, RecordVersionError, Rng
from caiquan.games import load_game, replay
from caiquan.games.drama import Drama
from caiquan.testing import CHECKS, check_game, random_playout

BOOLEANS = sorted(o.name for o in Drama.options if isinstance(o.default, bool))
ROUND_PILES = (1, 2, 4, 10, 20)
LAST_ROUNDS = ("play_out", "all_in", "ordinary")
ROLES = ("choose", "deal")
DISCARDS = ("answer", "literal")

CONFIGS: list[dict[str, object]] = [
    {},
    {"rounds": 1},
    {"rounds": 3, "tie": "table", "table_start": "empty"},
    {"rounds": 20, "rearm_optional": False, "instant_win": False},
    {"one_is": "discard", "supply_number": 6, "discard_number": 1, "two_is_composite": True},
    {"one_is": "attack", "swap_natures": True, "same_role": False, "rounds": 15},
    {"one_is": "defence", "unarmed_defence": False, "last_round": "ordinary"},
    {"last_round": "all_in", "roles": "deal", "discard_in_role": "literal"},
    {"rounds": 4, "two_is_composite": False, "roles": "deal", "last_round": "all_in"},
    {"rounds": 5, "discard_number": 2, "supply_number": 9},
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
    for k in (index, index + 2):  # two round pile sizes per combination, each size ~25 times
        config["rounds"] = ROUND_PILES[k % len(ROUND_PILES)]
        # the choice options cycle so that every value meets many boolean combinations
        config["last_round"] = LAST_ROUNDS[k % 3]
        config["roles"] = ROLES[(k // 3) % 2]
        config["discard_in_role"] = DISCARDS[(k // 2) % 2]
        check_game(load_game("drama", config), seeds=(k,))


def test_the_boolean_options_are_the_ones_the_issue_names() -> None:
    assert BOOLEANS == [
        "instant_win",
        "rearm_optional",
        "same_role",
        "swap_natures",
        "two_is_composite",
        "unarmed_defence",
    ]


def test_the_choice_options() -> None:
    by_name = {o.name: o for o in Drama.options}
    assert by_name["last_round"].choices == LAST_ROUNDS and by_name["last_round"].default == (
        "play_out"
    )
    assert by_name["roles"].choices == ROLES and by_name["roles"].default == "choose"
    assert by_name["discard_in_role"].choices == DISCARDS
    assert by_name["two_is_composite"].default is True  # 2代表的积数


def test_version_1_records_are_refused() -> None:
    """Rules version 2 changed the defaults and the last round: old records do not replay."""
    s = random_playout(load_game("drama"), 3)
    record = s.record()
    old = Record(record.game, 1, record.config, record.seed, record.decisions, record.meta)
    assert old.version == 1
    with pytest.raises(RecordVersionError, match="drama rules version 1"):
        replay(old)
    assert replay(record).events(None) == s.events(None)


def test_games_end_within_the_round_pile() -> None:
    for mode, reasons in (
        ("play_out", {"empty", "play_out"}),
        ("all_in", {"empty", "last_empty", "last_round"}),
    ):
        game = load_game("drama", rounds=4, last_round=mode)
        for seed in range(30):
            s = random_playout(game, seed)
            assert s.round_no <= 4
            assert s.outcome().reason in reasons


GOLDEN = [
    (0, {}, 48, (1, 4, 3, 2), "empty", "f819e533d5638093"),
    (1, {}, 21, (1, 3, 4, 2), "empty", "e66560461bd85259"),
    (2, {}, 65, (1, 4, 2, 3), "play_out", "992216182d30d757"),
    (
        5,
        {"rounds": 4, "tie": "table", "swap_natures": True},
        22,
        (2, 3, 4, 1),
        "empty",
        "bb3a0aae4748c0c7",
    ),
    (7, {"rounds": 3}, 20, (4, 2, 3, 1), "play_out", "a6638e1bccee24c8"),
    (
        8,
        {
            "last_round": "all_in",
            "roles": "deal",
            "two_is_composite": False,
            "discard_in_role": "literal",
        },
        39,
        (3, 4, 2, 1),
        "empty",
        "dc8dea2367c708ab",
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
