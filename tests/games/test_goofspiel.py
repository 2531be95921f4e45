"""Goofspiel: conformance over several configurations, and rules scenarios."""

from __future__ import annotations

import pytest

from caiquan.engine import ConfigError, Rng
from caiquan.games import load_game
from caiquan.testing import CHECKS, check_game

CONFIGS = [
    {"num_cards": 4},
    {"num_cards": 6, "imp_info": True},
    {"num_cards": 5, "players": 3, "imp_info": True},
    {"num_cards": 6, "points_order": "descending", "num_turns": 3},
    {"num_cards": 5, "points_order": "ascending", "returns_type": "point_difference"},
    {"num_cards": 5, "players": 4, "returns_type": "total_points"},
    {"num_cards": 1},
    {"num_cards": 13, "imp_info": True, "points_order": "descending"},
]


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
)
def test_conformance(config: dict[str, object], check: str) -> None:
    check_game(load_game("goofspiel", config), seeds=range(8), checks=[check])


def test_highest_bid_wins_the_point_card() -> None:
    s = load_game("goofspiel", num_cards=3, points_order="descending").new_state(0)
    assert s.observation(None)["point_card"] == 3
    s.apply({0: 2, 1: 0})  # bids 3 and 1 on the 3
    assert s.observation(None)["points"] == [3, 0]


def test_tie_discards_the_point_card_and_last_card_is_automatic() -> None:
    s = load_game("goofspiel", num_cards=3, points_order="descending").new_state(0)
    s.apply({0: 2, 1: 2})  # tie on the 3: discarded
    assert s.observation(None)["points"] == [0, 0]
    s.apply({0: 0, 1: 1})  # 1 vs 2 on the 2: player 1; then 2 vs 1 on the 1 automatically
    assert s.is_terminal()
    assert s.observation(None)["points"] == [1, 2]
    assert s.returns() == (-1.0, 1.0)
    assert s.outcome().results == ("loss", "win")


def test_imperfect_information_hides_bids() -> None:
    s = load_game("goofspiel", num_cards=4, imp_info=True).new_state(3)
    s.apply({0: 3, 1: 1})
    view = s.observation(1)
    assert "bids" not in view and "hands" not in view
    assert view["hand"] == [1, 3, 4] and view["my_bids"] == [2]
    assert view["win_sequence"] == [0]
    assert all("bid" not in e for e in s.events(None))


def test_determinize_resamples_opponent_bids_consistently() -> None:
    game = load_game("goofspiel", num_cards=8, imp_info=True, points_order="descending")
    s = game.new_state(1)
    rng = Rng(5)
    for _ in range(4):
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    seen = {tuple(s.determinize(0, Rng(i)).bids) for i in range(40)}
    assert len(seen) > 1, "the opponent's bids were never resampled"
    for i in range(40):
        d = s.determinize(0, Rng(i))
        for t, (mine, theirs) in enumerate(d.bids):
            w = s.win_seq[t]
            assert (mine > theirs) if w == 0 else (mine < theirs) if w == 1 else mine == theirs


def test_bad_options_are_refused_with_clear_messages() -> None:
    with pytest.raises(ConfigError, match="num_cards"):
        load_game("goofspiel", num_cards=0)
    with pytest.raises(ConfigError, match="unknown option 'cards'"):
        load_game("goofspiel", cards=5)
    with pytest.raises(ConfigError, match="num_turns"):
        load_game("goofspiel", num_cards=4, num_turns=6)
    with pytest.raises(ConfigError, match="one of"):
        load_game("goofspiel", points_order="sideways")


def test_catalogue_words_the_point_and_bid_cards() -> None:
    cat = {e.id: e for e in load_game("goofspiel", num_cards=5, imp_info=True).catalogue()}
    assert sorted(cat) == ["bid", "point"] and {e.kind for e in cat.values()} == {"card"}
    assert cat["point"].name.en == "point card" and cat["bid"].name.zh == "出价牌"
    assert "1…5" in cat["point"].text.en and "tied" in cat["point"].text.en
    assert "hidden" in cat["bid"].text.en and "不公开" in cat["bid"].text.zh
    assert "revealed together" in load_game("goofspiel").catalogue()[1].text.en
