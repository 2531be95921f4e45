"""The game configurations every adapter test runs: each game and each player count."""

from __future__ import annotations

from typing import Any

from caiquan.games import game_ids

# (game id, options, label); legends at every player count it takes
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("promise", {}),
    ("drama", {}),
    ("legends", {"players": 3}),
    ("legends", {"players": 4}),
    ("legends", {"players": 5}),
    ("legends", {"players": 6}),
    ("goofspiel", {"num_cards": 5}),
    ("goofspiel", {"players": 3, "num_cards": 4, "imp_info": True}),
]

# CONFIGS, and every other registered game at its default options
EVERY_GAME: list[tuple[str, dict[str, Any]]] = CONFIGS + [
    (g, {}) for g in game_ids() if g not in {gid for gid, _ in CONFIGS}
]


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    gid, opts = config
    return gid + "".join(f"-{k}={v}" for k, v in sorted(opts.items()))
