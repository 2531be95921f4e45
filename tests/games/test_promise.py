"""猜拳战争●四年之约: conformance over every configuration option, and golden playthroughs."""

from __future__ import annotations

import hashlib

import pytest

from caiquan.games import load_game
from caiquan.games.promise import PromiseState
from caiquan.testing import CHECKS, check_game

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


# Golden playthroughs: a fixed deal (hearts and check deck set by hand) and a fixed policy
# (the k-th decision takes legal[(7k + 3) mod n]) must give exactly these games. They use
# no randomness of the engine (no check-deck reshuffle happens; it is asserted), so they pin
# the rules alone. A change here is a rule or content change: update the values on purpose
# (and raise Promise.version once records of the old rules exist).
GOLDEN_HEARTS = [4, 5, 1, 7, 3, 2, 6, 10, 8, 9]
GOLDEN_CHECKS = [9, 2, 12, 5, 7, 1, 13, 4, 11, 3, 8, 10, 6]
GOLDEN = [  # rules version 3; the settlement line words the power's parts (issue 20)
    ("sword,spear", {}, 16, "life", "ed80ad62583cf0c2"),
    ("fist,taoist", {}, 12, "life", "a0e89e58d8f37009"),
    ("guard,assassin", {}, 12, "life", "4300a196d54ae03e"),
    ("taoist,sword", {"weapons": "round"}, 13, "life", "884ece3cd23df522"),
    ("assassin,assassin", {"character_pick": "open"}, 12, "life", "8e517b3b67116aef"),
]


def golden_game(chars: str, config: dict[str, object]) -> tuple[PromiseState, list[str]]:
    game = load_game("promise", {"characters": chars, **config})
    s = game.new_state(0)
    assert isinstance(s, PromiseState)
    s.hearts = list(GOLDEN_HEARTS)
    s.check_deck = list(GOLDEN_CHECKS)
    k = 0
    while not s.is_terminal():
        joint = {}
        for p in s.to_move():
            legal = s.legal(p)
            joint[p] = legal[(7 * k + 3) % len(legal)]
            k += 1
        s.apply(joint)
    # the logged deal is the engine's; the hearts were then replaced by hand
    lines = [game.format_event(e, "en") for e in s.events(None) if e["kind"] != "deal"]
    return s, lines


@pytest.mark.parametrize(("chars", "config", "moves", "reason", "digest"), GOLDEN)
def test_golden_playthrough(
    chars: str, config: dict[str, object], moves: int, reason: str, digest: str
) -> None:
    s, lines = golden_game(chars, config)
    assert not any("reshuffled" in line for line in lines)
    text = "\n".join(lines)
    got = (s.move_number, s.outcome().reason, hashlib.sha256(text.encode()).hexdigest()[:16])
    assert got == (moves, reason, digest), text
