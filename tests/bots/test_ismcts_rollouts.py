"""ISMCTS rollout options: greedy rollouts, a depth cap with the heuristic evaluation."""

from __future__ import annotations

import pytest

from caiquan.bots import ISMCTSBot, heuristic_for, make_bot
from caiquan.engine import ConfigError, PlayerView, Rng
from caiquan.games import load_game


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=25,rollout=random",
    "ismcts:iterations=25,rollout=greedy,epsilon=0.2",
    "ismcts:iterations=25,depth=6",
    "ismcts:iterations=25,trust=1",
    "ismcts:iterations=25,worlds=4",
    "ismcts:iterations=25,paired=1",
    "ismcts:iterations=25,opponents=search,throws=search",
])  # fmt: skip
def test_rollout_options_are_reproducible(spec: str) -> None:
    game = load_game("legends")
    s = game.new_state(4)
    rng = Rng(4)
    for _ in range(12):
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    p = s.to_move()[0]
    a = make_bot(spec).decide(PlayerView(s, p), Rng(9))
    b = make_bot(spec).decide(PlayerView(s, p), Rng(9))
    assert a == b and a in s.legal(p)


def test_defaults_and_bad_options() -> None:
    bot = make_bot("ismcts")
    assert isinstance(bot, ISMCTSBot)
    assert bot.seconds == 1.0 and bot.iterations is None and bot.rollout == "auto"
    assert bot.opponents == "auto" and bot.throws == "nash"
    assert heuristic_for("legends").model is False  # type: ignore[union-attr]
    assert heuristic_for("drama").model is True  # type: ignore[union-attr]
    with pytest.raises(ConfigError, match="'rollout' must be one of"):
        make_bot("ismcts:rollout=clever")
    with pytest.raises(ConfigError, match="'opponents' must be one of"):
        make_bot("ismcts:opponents=telepathy")
    with pytest.raises(ConfigError, match="'throws' must be one of"):
        make_bot("ismcts:throws=always_rock")


def test_depth_cap_uses_the_evaluation() -> None:
    """With depth=1 every rollout stops after one decision and is scored by the game's
    heuristic evaluation; the search still runs its iterations and answers legally."""
    game = load_game("goofspiel", num_cards=5)
    s = game.new_state(0)
    bot = ISMCTSBot(iterations=200, depth=1)
    assert bot.decide(PlayerView(s, 0), Rng(1)) in s.legal(0)
    assert bot.last_iterations == 200
