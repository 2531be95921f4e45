"""Wager's rules, from the sentences of its rules page, and the shared conformance harness."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "caiquan_wager", reason="install the example: pip install -e examples/caiquan-wager"
)

from caiquan_wager.content import THROWS
from caiquan_wager.rules import Wager, WagerState, beats

from caiquan.engine import ConfigError, ContentError, IllegalDecisionError, PlayerView, Rng
from caiquan.games import load_game
from caiquan.testing import check_game

ROCK, PAPER, SCISSORS = range(3)


def option(t: int, stake: int, max_stake: int = 2) -> int:
    return t * (max_stake + 1) + stake


def state_with(hands: tuple[list[int], list[int]], **config: Any) -> WagerState:
    """A dealt game whose hands are set to ``hands`` (the rest of the deck set aside)."""
    game = load_game("wager", config)
    s = game.new_state(1)
    assert isinstance(s, WagerState)
    deck = game.content.deck()  # type: ignore[attr-defined]
    for t in hands[0] + hands[1]:
        deck.remove(t)
    s.hands = [sorted(hands[0]), sorted(hands[1])]
    s.aside = deck
    assert not s._legal_memo  # set up before anyone asked for the legal options
    return s


def test_paper_beats_rock_scissors_beat_paper_rock_beats_scissors() -> None:
    assert beats(PAPER, ROCK) and beats(SCISSORS, PAPER) and beats(ROCK, SCISSORS)
    assert not any(beats(t, t) for t in range(3))
    assert not beats(ROCK, PAPER) and THROWS == ("rock", "paper", "scissors")


def test_the_deal_five_each_two_aside_six_chips() -> None:
    s = load_game("wager").new_state(7)
    assert isinstance(s, WagerState)
    assert [len(h) for h in s.hands] == [5, 5] and len(s.aside) == 2
    assert sorted(s.hands[0] + s.hands[1] + s.aside) == [0] * 4 + [1] * 4 + [2] * 4
    assert s.chips == [6, 6] and s.scores == [0, 0] and s.to_move() == (0, 1)


def test_the_winner_scores_one_plus_the_pot_and_stakes_are_never_given_back() -> None:
    s = state_with(([PAPER, ROCK], [ROCK, ROCK]))
    s.apply({0: option(PAPER, 2), 1: option(ROCK, 1)})
    assert s.scores == [1 + 3, 0] and s.chips == [4, 5] and s.pot == 0
    # a tie: nobody scores, and the pot (both stakes) is lost
    s.apply({0: option(ROCK, 1), 1: option(ROCK, 2)})
    assert s.scores == [4, 0] and s.chips == [3, 3] and s.pot == 0
    assert s.is_terminal()


def test_with_carry_pot_a_tied_pot_stays_for_the_next_round() -> None:
    s = state_with(([ROCK, SCISSORS], [ROCK, PAPER]), carry_pot=True)
    s.apply({0: option(ROCK, 2), 1: option(ROCK, 1)})
    assert s.pot == 3 and s.scores == [0, 0]
    s.apply({0: option(SCISSORS, 0), 1: option(PAPER, 1)})
    assert s.scores == [1 + 3 + 1, 0] and s.pot == 0


def test_a_stake_is_zero_to_two_and_no_more_than_the_chips_left() -> None:
    s = state_with(([ROCK, ROCK, PAPER], [SCISSORS] * 3))
    assert s.legal(0) == tuple(option(t, k) for t in (ROCK, PAPER) for k in range(3))
    s = state_with(([ROCK, ROCK, PAPER], [SCISSORS] * 3))
    s.chips[0] = 1
    assert s.legal(0) == (option(ROCK, 0), option(ROCK, 1), option(PAPER, 0), option(PAPER, 1))
    with pytest.raises(IllegalDecisionError):
        s.apply({0: option(ROCK, 2), 1: option(SCISSORS, 0)})
    with pytest.raises(IllegalDecisionError):  # a card not in the hand
        s.apply({0: option(SCISSORS, 0), 1: option(SCISSORS, 0)})


def test_equal_scores_are_broken_by_the_chips_left_then_a_draw() -> None:
    s = state_with(([ROCK], [ROCK]))
    s.apply({0: option(ROCK, 0), 1: option(ROCK, 1)})
    assert s.outcome().ranks == (1, 2) and s.outcome().reason == "hands_played"
    assert "more chips" in s.ending().reason("en")
    s = state_with(([ROCK], [ROCK]))
    s.apply({0: option(ROCK, 1), 1: option(ROCK, 1)})
    assert s.outcome().ranks == (1, 1) and s.outcome().returns == (0.0, 0.0)


def test_a_player_sees_their_own_hand_never_the_other() -> None:
    s = state_with(([ROCK, PAPER], [SCISSORS, SCISSORS]))
    mine, theirs, spectator = s.observation(0), s.observation(1), s.observation(None)
    assert mine["hand"] == ["rock", "paper"] and theirs["hand"] == ["scissors", "scissors"]
    assert "hand" not in spectator and "unseen" not in spectator
    # the unseen cards: the deck less my hand (the other hand and the cards set aside)
    assert mine["unseen"] == {"rock": 3, "paper": 3, "scissors": 4}
    world = PlayerView(s, 0).determinize(Rng(5))
    assert isinstance(world, WagerState)
    assert world.hands[0] == s.hands[0] and len(world.hands[1]) == 2


def test_content_errors_name_the_file_the_card_and_the_field(tmp_path: Path) -> None:
    good = (
        Path(__import__("caiquan_wager").__file__).parent / "content" / "standard.toml"
    ).read_text()
    bad = tmp_path / "deck.toml"
    bad.write_text(good.replace('throw = "paper"', 'throw = "lizard"'))
    with pytest.raises(ContentError) as err:
        load_game("wager", content=str(bad))
    assert str(bad) in str(err.value) and "card 'paper'" in str(err.value)
    assert err.value.field == "throw" and "lizard" in str(err.value)
    bad.write_text(good.replace("hand = 5", "hand = 7"))
    with pytest.raises(ContentError, match="fewer than two hands of 7"):
        load_game("wager", content=str(bad))
    with pytest.raises(ContentError, match="cannot read the file"):
        load_game("wager", content=str(tmp_path / "missing.toml"))
    with pytest.raises(ConfigError, match="carry_pot"):
        load_game("wager", carry_pot=3)


def test_a_content_file_of_ones_own_plays() -> None:
    game = load_game("wager", content="quick")
    assert isinstance(game, Wager) and game.content.hand == 3 and game.max_decisions() == 3
    assert len(game.content_files()) == 1 and len(game.content_digest()) == 64


@pytest.mark.parametrize("config", [{}, {"content": "quick"}, {"carry_pot": True}])
def test_the_conformance_harness_passes(config: dict[str, Any]) -> None:
    check_game(load_game("wager", config), seeds=range(6))
