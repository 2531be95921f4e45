"""Every registered game through the shared conformance harness, with no wiring per game.

For each game of the registry (``caiquan.games.game_ids()``): its defaults, then each
declared alternative of its table options one at a time — every other choice, every other
content preset, a flag flipped, the smallest and largest player count. A game added to the
registry is checked here as soon as it is registered; the per-game test files add their own
configurations and scenarios on top. Lab options (``scope="lab"``) take arguments no
declaration can guess and are left to their game's tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from caiquan.engine import Game, State
from caiquan.games import game_class, game_ids, load_game
from caiquan.testing import check_game, random_playout

SEEDS = range(2)


def alternatives(cls: type[Game]) -> list[tuple[str, dict[str, Any]]]:
    """``(label, options)``: the defaults, then one declared alternative at a time."""
    out: list[tuple[str, dict[str, Any]]] = [("default", {})]
    for o in cls.options:
        if o.scope != "table":
            continue
        values: list[Any] = []
        if o.presets is not None:
            values += [p for p in o.presets if p != o.default]
        if o.choices is not None:
            values += [c for c in o.choices if c != o.default]
        elif isinstance(o.default, bool):
            values.append(not o.default)
        elif o.name == "players":
            values += [n for n in (cls.min_players, cls.max_players) if n != o.default]
        out += [(f"{o.name}={v}", {o.name: v}) for v in values]
    return out


CASES = [
    pytest.param(gid, config, id=f"{gid}-{label}")
    for gid in game_ids()
    for label, config in alternatives(game_class(gid))
]


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_every_registered_game_conforms(game_id: str, config: dict[str, Any]) -> None:
    check_game(load_game(game_id, config), seeds=SEEDS)


def test_the_registry_is_covered() -> None:
    """Each registered game is checked at least at its defaults and one alternative."""
    covered = {p.values[0] for p in CASES}
    assert covered == set(game_ids())
    for gid in game_ids():
        assert sum(1 for p in CASES if p.values[0] == gid) >= 2, gid


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_words_its_own_ending(game_id: str) -> None:
    """The shipped games tell their end in their own words (the engine's generic "the game
    is over" with the returns as score is the fallback for a new game, not for these)."""
    cls = game_class(game_id)
    assert cls.state_class._ending is not State._ending, f"{game_id} has no _ending"
    ending = random_playout(load_game(game_id), 3).ending()
    assert ending.reason("en") != "The game is over."
    assert ending.standings, f"{game_id}: an end without a score sheet"
