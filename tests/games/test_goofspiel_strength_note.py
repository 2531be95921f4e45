"""The hard seat's note (``Game.strength_note``): where goofspiel says a solved table or the
bid reader plays instead of the search, the search never runs; where it says nothing, the
search does."""

from __future__ import annotations

import pytest

from caiquan.bots import make_bot
from caiquan.engine import PlayerView, Rng
from caiquan.games import load_game

NOTED = [
    {"num_cards": 4, "points_order": "descending", "imp_info": True},
    {"num_cards": 6, "points_order": "ascending", "imp_info": True},
    {"players": 3, "num_cards": 6},
    {"players": 4, "num_cards": 5, "points_order": "descending"},
]
SEARCHED = [
    {},  # the default: 13 cards, a random point order, open bids
    {"num_cards": 6, "points_order": "random", "imp_info": True},
    {"num_cards": 8, "points_order": "descending", "imp_info": True},
    {"players": 3, "num_cards": 6, "imp_info": True},
]


def _hard_searches(config: dict[str, object], seed: int) -> list[int]:
    """The iterations the hard bot searched at each of its decisions with a choice."""
    game = load_game("goofspiel", config)
    bot = make_bot(game.strength("hard"))
    s = game.new_state(seed)
    rng = Rng(seed)
    searched = []
    while not s.is_terminal():
        joint = []
        for p in s.to_move():
            if p == 0 and len(s.legal(p)) > 1:
                joint.append(bot.decide(PlayerView(s, p), rng))
                searched.append(bot.last_iterations)
            else:
                joint.append(rng.choice(s.legal(p)))
        s.apply(joint)
    return searched


@pytest.mark.parametrize("config", NOTED)
def test_a_noted_hard_seat_never_searches(config: dict[str, object]) -> None:
    game = load_game("goofspiel", config)
    note = game.strength_note("hard")
    assert note is not None and "search" in note.en and "搜索" in note.zh
    assert game.info()["strength_notes"] == {"hard": note.as_json()}
    for seed in range(3):
        searched = _hard_searches(config, seed)
        assert searched and set(searched) == {0}, (seed, searched)


@pytest.mark.parametrize("config", SEARCHED)
def test_an_unnoted_hard_seat_searches(config: dict[str, object]) -> None:
    game = load_game("goofspiel", config)
    assert game.strength_note("hard") is None
    assert game.info()["strength_notes"] == {}
    assert any(_hard_searches(config, 1)[:3])  # its first decisions


def test_other_levels_and_games_have_no_note() -> None:
    game = load_game("goofspiel", NOTED[0])
    assert game.strength_note("easy") is game.strength_note("medium") is None
    for gid in ("promise", "drama", "legends", "oshi_zumo"):
        assert load_game(gid).strength_notes() == {}
