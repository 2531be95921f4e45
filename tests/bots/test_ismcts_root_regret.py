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


def _after(opponent: str, turns: int, imp_info: bool = False) -> PlayerView:
    """Seat 0's view after ``turns`` turns of the default goofspiel (13 cards; open bids
    unless ``imp_info``) against ``opponent`` (seat 0 bids at random)."""
    s = load_game("goofspiel", imp_info=imp_info).new_state(seed=5)
    rng, other = Rng(1), make_bot(opponent)
    for _ in range(turns):
        s.apply({0: rng.choice(s.legal(0)), 1: other.decide(PlayerView(s, 1), rng)})
    return PlayerView(s, 0)


def test_mix_below_mixes_where_few_options_are_left_and_nothing_is_seen() -> None:
    """``mix_below=k`` (goofspiel's MIX_BELOW): with ``root=auto`` a simultaneous root where
    I have at most k options is searched as ``root=regret`` while the bot has seen nothing
    of how the others play (the first turn; hidden bids); once ``adapt`` has their past
    moves it best-replies to the model fitted to them, matching player or random; with more
    options, or with ``root=ucb``, it is the modelled best reply."""
    view = _first_bid()  # 5 cards in hand, nothing seen yet
    for k, mixes in ((5, True), (4, False), (0, False)):
        search = _Search(ISMCTSBot(iterations=20, mix_below=k).config, view, Rng(1))
        assert search.root_regret is mixes and search.mixed is mixes, k
    forced = _Search(ISMCTSBot(iterations=20, mix_below=5, root="ucb").config, view, Rng(1))
    assert not forced.root_regret
    config = ISMCTSBot(iterations=20, mix_below=7).config  # 7 cards left after 6 turns
    for opponent in ("greedy", "random"):
        seen = _Search(config, _after(opponent, 6), Rng(1))
        assert seen.seen == 6 and not seen.root_regret, opponent
        hidden = _Search(config, _after(opponent, 6, imp_info=True), Rng(1))
        assert hidden.seen == 0 and hidden.root_regret, opponent
    # the 13-card opening is the best reply, not a mix
    opening = PlayerView(load_game("goofspiel").new_state(seed=4), 0)
    assert not _Search(ISMCTSBot(iterations=20).config, opening, Rng(1)).root_regret
    assert make_bot("ismcts:mix_below=3").mix_below == 3 and make_bot("ismcts").mix_below is None
