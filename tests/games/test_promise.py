"""猜拳战争●四年之约: conformance over every configuration option."""

from __future__ import annotations

import pytest

from caiquan.games import load_game
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
    check_game(load_game("promise", config), seeds=range(6), checks=[check])
