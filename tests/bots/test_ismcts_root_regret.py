"""``root=regret``: at a simultaneous root every mover is searched by regret matching and the
bot's answer is drawn from its average strategy (a mixed strategy), while deeper the others
still follow the model. Reproducible with a seed; ``root=ucb`` is the modelled best reply."""

from __future__ import annotations

import pytest

from caiquan.bots import make_bot
from caiquan.bots.ismcts import ISMCTSBot, _Search
from caiquan.engine import PlayerView, Rng
from caiquan.games import load_game


def _first_bid() -> PlayerView:
    game = load_game("goofspiel", num_cards=5, points_order="descending")
    return PlayerView(game.new_state(seed=4), 0)


def test_the_root_searches_every_mover_and_mixes() -> None:
    view = _first_bid()
    regret = _Search(ISMCTSBot(iterations=300, root="regret").config, view, Rng(1))
    regret.run()
    ucb = _Search(ISMCTSBot(iterations=300, root="ucb").config, view, Rng(1))
    ucb.run()
    # root=regret: the opponent has regrets and an average strategy at the root
    assert regret.root_regret and regret.mixed and set(regret.root.stats) == {0, 1}
    assert sum(regret.root.of(1).cum.values()) > 0
    assert regret.pool == []  # the model's root replies are not used there
    # root=ucb: only my own options are searched; the opponent is modelled
    assert not ucb.root_regret and not ucb.mixed and set(ucb.root.stats) == {0}
    # the answer is a draw from the average strategy: over seeds it plays several bids
    bot = make_bot("ismcts:iterations=200,root=regret")
    picks = {bot.decide(view, Rng(s)) for s in range(12)}
    assert len(picks) >= 2


@pytest.mark.parametrize("game_id", ["goofspiel", "promise", "drama"])
def test_root_regret_is_reproducible_with_a_seed(game_id: str) -> None:
    game = load_game(game_id)
    state = game.new_state(seed=11)
    rng = Rng(3)
    while not state.is_terminal():  # a simultaneous decision with choices for both
        movers = state.to_move()
        both = len(movers) > 1 and all(len(state.legal(p)) > 1 for p in movers)
        if both and state.decision(movers[0]).kind not in game.matrix_kinds:
            break
        state.apply({p: rng.choice(state.legal(p)) for p in movers})
    assert not state.is_terminal()
    view = PlayerView(state, state.to_move()[0])
    spec = "ismcts:iterations=40,root=regret"
    first = [make_bot(spec).decide(view, Rng(s)) for s in range(4)]
    again = [make_bot(spec).decide(view, Rng(s)) for s in range(4)]
    assert first == again


def test_a_sequential_or_searched_root_is_unchanged() -> None:
    """root only matters where the others are modelled at a simultaneous root: with
    opponents=search the search is the same with either setting."""
    view = _first_bid()
    a = make_bot("ismcts:iterations=60,opponents=search,root=regret").decide(view, Rng(5))
    b = make_bot("ismcts:iterations=60,opponents=search,root=ucb").decide(view, Rng(5))
    assert a == b
