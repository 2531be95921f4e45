"""ISMCTS sanity positions: the search finds a win the heuristic player misses, from either
seat (a wrong sign or seat in the backups fails these), and answers reproducibly."""

from __future__ import annotations

from typing import Any

import pytest

from caiquan.bots import GreedyBot, ISMCTSBot, make_bot
from caiquan.engine import PlayerView, Rng
from caiquan.games import load_game


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("spec", ["mix_below=0", "paired=1,mix_below=0"])
def test_finds_the_sacrifice_that_beats_the_matching_player(seat: int, spec: str) -> None:
    """Goofspiel, 5 cards, points 5, 4, 3, 2, 1 in that order. The matching player bids
    the card equal to the point: bidding 5 on the 5 ties every turn (a draw), while any
    lower bid gives the 5 away and then wins 4 + 3 + 2 + 1 = 10 by bidding one higher each
    turn. The search models the others by the game's heuristic player, so it must find it.
    (``mix_below=0``: by default, with five cards and nothing seen of the opponent yet, the
    first bid is a mix — the next test.)"""
    game = load_game("goofspiel", num_cards=5, points_order="descending")
    s = game.new_state(0)
    spec = "ismcts:iterations=300," + spec
    for i in range(5):
        bot = make_bot(spec)
        assert bot.decide(PlayerView(s, seat), Rng(i)) != 4  # card index 4 = the 5
    # and it converts: a whole game against the matching player is a win
    bots = [make_bot(spec), GreedyBot()]
    if seat:
        bots.reverse()
    rng = Rng(3)
    while not s.is_terminal():
        s.apply({p: bots[p].decide(PlayerView(s, p), rng) for p in s.to_move()})
    assert s.returns()[seat] > 0, s.points


@pytest.mark.parametrize("seat", [0, 1])
def test_the_default_mixes_first_then_beats_the_matching_player(seat: int) -> None:
    """The same 5-card game with the default search (goofspiel's MIX_BELOW 5): the first
    bid, with nothing seen of the opponent, is drawn from a mix (several bids over seeds);
    from the second turn the opponent's matching bids are seen, the search best-replies to
    them, and it still wins the game against the matching player from either seat."""
    game = load_game("goofspiel", num_cards=5, points_order="descending")
    first = {
        make_bot("ismcts:iterations=300").decide(PlayerView(game.new_state(0), seat), Rng(i))
        for i in range(8)
    }
    assert len(first) >= 2, first
    wins = 0
    for i in range(4):
        s = game.new_state(0)
        bots = [make_bot("ismcts:iterations=300"), GreedyBot()]
        if seat:
            bots.reverse()
        rng = Rng(10 + i)
        while not s.is_terminal():
            s.apply({p: bots[p].decide(PlayerView(s, p), rng) for p in s.to_move()})
        wins += s.returns()[seat] > 0
    assert wins >= 3, wins


def test_avoids_the_blunder_at_the_last_choice() -> None:
    """Goofspiel, 3 cards, points 1, 2, 3 in that order. Both bid 3 on the 1 (a tie); now
    the 2 is up and both hold {1, 2}. The matching player bids 1 on it: taking the 2 with
    my 2 hands them the 3 (2 : 3, a loss), while bidding 1 ties both turns (a draw)."""
    game = load_game("goofspiel", num_cards=3, points_order="ascending")
    s = game.new_state(0)
    s.apply({0: 2, 1: 2})  # both bid 3 on the point 1: tie, nobody scores
    assert GreedyBot().decide(PlayerView(s, 1), Rng(0)) == 0
    for seat in (0, 1):
        bot = ISMCTSBot(iterations=200)
        assert bot.decide(PlayerView(s, seat), Rng(seat)) == 0


@pytest.mark.parametrize("game_id", ["promise", "legends", "drama", "goofspiel"])
def test_default_search_is_reproducible(game_id: str) -> None:
    game = load_game(game_id)
    s = game.new_state(2)
    rng = Rng(2)
    greedy = GreedyBot()
    for _ in range(6):
        s.apply({p: greedy.decide(PlayerView(s, p), rng) for p in s.to_move()})
    p = next((q for q in s.to_move() if len(s.legal(q)) > 1), s.to_move()[0])
    a = make_bot("ismcts:iterations=20").decide(PlayerView(s, p), Rng(4))
    b = make_bot("ismcts:iterations=20").decide(PlayerView(s, p), Rng(4))
    assert a == b and a in s.legal(p)


def test_goofspiel_worlds_are_weighted_by_the_matching_rule() -> None:
    """Hidden bids: a sampled world where the opponent bid as the matching player would is
    more plausible than one where it did not; the true world here is the matching one."""
    from caiquan.games.goofspiel.strategy import plausibility

    game = load_game("goofspiel", num_cards=5, points_order="descending", imp_info=True)
    s = game.new_state(0)
    s.apply({0: 0, 1: 4})  # I bid 1 on the 5; the matching player bids 5
    s.apply({0: 4, 1: 3})  # I bid 5 on the 4; it bids 4
    truth = plausibility(s, 0)
    rng = Rng(1)
    others = [plausibility(s.determinize(0, rng), 0) for _ in range(30)]
    assert truth == max(others) and min(others) < truth


@pytest.mark.parametrize("seat", [0, 1])
def test_wins_hidden_bid_goofspiel_against_the_matching_player(seat: int) -> None:
    """6 cards, descending, hidden bids: ``hard`` plays goofspiel's solved table (a
    restricted Nash response to the matching rule: against it 49 % wins, 4 % losses, the rest
    ties, by the solver's exact figure). It mixes, so it can lose a game; over 100 games
    from either seat it wins far more than it loses (the search it replaced scored 44 %
    against the matching player in this game, an equilibrium about 50 %)."""
    game = load_game("goofspiel", num_cards=6, points_order="descending", imp_info=True)
    won = lost = 0
    for g in range(100):
        s = game.new_state(g)
        bots = [make_bot("ismcts:iterations=200"), GreedyBot()]
        if seat:
            bots.reverse()
        rng = Rng(1000 + g)
        while not s.is_terminal():
            s.apply({p: bots[p].decide(PlayerView(s, p), rng) for p in s.to_move()})
        won += s.returns()[seat] > 0
        lost += s.returns()[seat] < 0
    assert won >= 30 and lost <= 12, (won, lost)


def _noise_after(
    opponent: str, turns: int, config: dict[str, object] | None = None, adapt: int = 1
) -> float:
    """The search's fitted noise for seat 0 after ``turns`` open-bid goofspiel turns against
    ``opponent`` (seat 0 itself bids at random)."""
    from caiquan.bots import make_bot
    from caiquan.bots.ismcts import ISMCTSBot, _Search
    from caiquan.engine import PlayerView, Rng
    from caiquan.games import load_game

    game = load_game("goofspiel", config or {})
    s = game.new_state(5)
    rng, other = Rng(1), make_bot(opponent)
    for _ in range(turns):
        s.apply({0: rng.choice(s.legal(0)), 1: other.decide(PlayerView(s, 1), rng)})
    bot = ISMCTSBot(iterations=10, adapt=adapt)
    return _Search(bot.config, PlayerView(s, 0), Rng(2)).noise


def test_adapt_fits_the_modelled_players_noise_to_their_past_moves() -> None:
    """Against a player who follows the matching rule the modelled noise falls below the prior
    (0.1); against one who bids at random it rises towards 1; with nothing seen yet, or with
    hidden bids, or with ``adapt=0``, it is the prior."""
    assert _noise_after("greedy", 6) < 0.1 < 0.4 < _noise_after("random", 6)
    assert _noise_after("random", 10) > _noise_after("random", 3)
    assert _noise_after("random", 0) == 0.1
    assert _noise_after("random", 6, {"imp_info": True}) == 0.1
    assert _noise_after("random", 6, adapt=0) == 0.1


def _search_after(opponent: str, turns: int, **params: object) -> Any:
    """The search seat 0 would run after ``turns`` open-bid goofspiel turns against
    ``opponent`` (seat 0 itself bids at random), with these ``ismcts`` parameters."""
    from caiquan.bots.ismcts import _Search

    game = load_game("goofspiel")
    s = game.new_state(5)
    rng, other = Rng(1), make_bot(opponent)
    for _ in range(turns):
        s.apply({0: rng.choice(s.legal(0)), 1: other.decide(PlayerView(s, 1), rng)})
    bot = ISMCTSBot(iterations=10, **params)  # type: ignore[arg-type]
    return _Search(bot.config, PlayerView(s, 0), Rng(2))


def test_wary_raises_the_trust_bar_as_the_opponent_looks_random() -> None:
    """Goofspiel's WARY 2: the search must beat the matching bid by TRUST / (1 - noise)^2
    standard errors, noise as fitted — close to TRUST 2 against a matching player, several
    times it against one bidding at random; ``wary=0`` keeps TRUST as it is."""
    from caiquan.bots.heuristics import heuristic_for

    assert heuristic_for("goofspiel").wary == 2.0
    assert heuristic_for("promise").wary is None  # no other game sets it
    for opponent in ("greedy", "random"):
        search = _search_after(opponent, 6)
        assert search.trust == pytest.approx(2.0 / (1 - search.noise) ** 2)
        assert _search_after(opponent, 6, wary=0).trust == 2.0
        assert _search_after(opponent, 6, wary=1).trust == pytest.approx(2.0 / (1 - search.noise))
    assert _search_after("greedy", 6).trust < 2.5 < 6 < _search_after("random", 6).trust
    assert _search_after("random", 6, trust=0).trust == 0  # no bar to raise
    assert make_bot("ismcts:wary=3").wary == 3.0 and make_bot("ismcts").wary is None


def test_a_games_heuristic_sets_the_searchs_defaults_and_a_spec_overrides_them() -> None:
    """Goofspiel's heuristic declares DEPTH 3 and TRUST 2, promise's TRUST 2 (measured:
    docs/bots.md); a game without them keeps the engine's defaults (trust off, noise 0.1,
    rollouts to the end); a parameter in the spec wins over the game's."""
    from caiquan.bots.heuristics import heuristic_for
    from caiquan.bots.ismcts import ISMCTSConfig

    goof, oshi = heuristic_for("goofspiel"), heuristic_for("oshi_zumo")
    default = ISMCTSConfig()
    assert default.trust_for(goof) == 2.0 and default.rollout_cap(goof) == 3
    assert default.noise_prior(goof) == 0.1
    assert default.trust_for(oshi) == 0.0 and default.noise_prior(oshi) == 0.1
    assert default.trust_for(heuristic_for("promise")) == 2.0
    assert default.trust_for(None) == 0.0 and default.noise_prior(None) == 0.1
    mine = ISMCTSConfig(trust=0.0, noise=0.4, depth=0)
    assert mine.trust_for(goof) == 0.0 and mine.noise_prior(goof) == 0.4
    assert mine.rollout_cap(goof) == mine.max_rollout
    assert make_bot("ismcts:trust=1").trust == 1.0 and make_bot("ismcts").trust is None


def test_trust_keeps_the_matching_bid_where_the_search_is_not_sure() -> None:
    """Goofspiel's default search (TRUST 2) keeps the heuristic's own bid unless its choice
    is clearly better: over opening positions of the default game it agrees with the
    matching bid more often than the same search with trust off."""
    game = load_game("goofspiel")
    agree = {"": 0, "trust=0": 0}
    for seed in range(12):
        s = game.new_state(seed)
        want = GreedyBot().decide(PlayerView(s, 0), Rng(seed))
        for extra in agree:
            spec = "ismcts:iterations=60" + ("," + extra if extra else "")
            agree[extra] += make_bot(spec).decide(PlayerView(s, 0), Rng(seed)) == want
    assert agree[""] > agree["trust=0"] + 3, agree


def _at_character_pick(seed: int) -> tuple[object, int]:
    """A promise state where a player picks a character (random play up to it)."""
    game = load_game("promise")
    s = game.new_state(seed)
    rng = Rng(seed)
    while True:
        for p in s.to_move():
            if s.decision(p).kind == "character":
                return s, p
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})


def test_promise_character_pick_is_left_to_the_matchup_matrix() -> None:
    """Promise's heuristic lists the character pick in DEFER: the search plays the
    heuristic's pick (the matchup matrix's equilibrium) without searching; ``defer=0``
    searches it."""
    from caiquan.bots.heuristics import heuristic_for

    assert heuristic_for("promise").defer == ("character",)
    for seed in range(4):
        s, p = _at_character_pick(seed)
        view = PlayerView(s, p)  # type: ignore[arg-type]
        bot = ISMCTSBot(iterations=40)
        assert bot.decide(view, Rng(seed)) == GreedyBot().decide(view, Rng(seed))
        assert bot.last_iterations == 0
        searched = ISMCTSBot(iterations=40, defer=0)
        searched.decide(view, Rng(seed))
        assert searched.last_iterations == 40


def test_goofspiel_heuristic_spreads_its_bids_by_seat_with_three_or_more_players() -> None:
    """Two players: every seat bids the matching card. Three or more: seats bid 0, −1, +1,
    +2, −2, … from it, so players who follow the rule do not tie each other every turn — and
    the ``followed`` hook counts a seat's own spread bid as following the rule. A move past
    the top card turns below it: on the top point the +1 seat does not tie the matching one."""
    from caiquan.bots.heuristics import heuristic_for

    h = heuristic_for("goofspiel")
    two = load_game("goofspiel").new_state(3)
    assert len({h.policy(two, p, Rng(0)) for p in range(2)}) == 1
    four = load_game("goofspiel", players=4).new_state(3)
    bids = [h.policy(four, p, Rng(0)) for p in range(4)]
    assert len(set(bids)) == 4 and bids[1] == bids[0] - 1 and bids[2] == bids[0] + 1
    assert bids[3] == bids[0] + 2
    four.apply(dict(enumerate(bids)))
    assert h.followed is not None and [ok for ok, _ in h.followed(four, 0)] == [True] * 3
    top = load_game("goofspiel", players=4, points_order="descending").new_state(0)
    bids = [h.policy(top, p, Rng(0)) for p in range(4)]  # the 13 first: card 12 matches it
    assert bids == [12, 11, 11, 10]


def test_goofspiel_search_leaves_bids_to_the_reader_with_three_or_more_open_players() -> None:
    """Goofspiel's heuristic has an ``expert`` (the bid reader): with three or more players
    and open bids the search plays its bid without searching; two players, hidden bids, or
    ``defer=0`` are searched — and where the expert has no answer the search draws exactly
    what it drew before the hook existed (it reads a copy of the RNG)."""
    from caiquan.bots.heuristics import heuristic_for
    from caiquan.games.goofspiel.strategy import read_bid

    h = heuristic_for("goofspiel")
    assert h is not None and h.expert is not None
    three = load_game("goofspiel", players=3).new_state(5)
    rng = Rng(1)
    for _ in range(4):
        for p in range(3):
            view = PlayerView(three, p)
            bot = ISMCTSBot(iterations=30)
            choice = bot.decide(view, Rng(p))
            assert bot.last_iterations == 0
            assert choice == read_bid(view.determinize(Rng(9)), p)  # public facts only
            searched = ISMCTSBot(iterations=30, defer=0)
            searched.decide(view, Rng(p))
            assert searched.last_iterations == 30
        three.apply({p: rng.choice(three.legal(p)) for p in range(3)})
    for config in ({"players": 2}, {"players": 3, "imp_info": True}):
        s = load_game("goofspiel", **config).new_state(5)
        view = PlayerView(s, 0)
        assert h.expert(view.determinize(Rng(0)), 0, Rng(0)) is None
        bot = ISMCTSBot(iterations=30)
        first = bot.decide(view, Rng(4))
        assert bot.last_iterations == 30
        assert first == ISMCTSBot(iterations=30, defer=0).decide(view, Rng(4))


def test_goofspiel_reader_reads_matching_players_and_beats_them() -> None:
    """Three players; seats 1 and 2 follow the matching rule (the ``greedy`` player). After
    four turns the reader in seat 0 weighs each as predictable (the rule, or a reader whose
    reply is the same card, ≥ 0.9 together; random play below 0.1), and over whole games it
    wins every one: a one-turn best reply to predicted bids outbids them cheaply or concedes
    with its lowest card."""
    from caiquan.bots.heuristics import heuristic_for
    from caiquan.games.goofspiel.strategy import _reading, read_bid

    h = heuristic_for("goofspiel")
    assert h is not None
    game = load_game("goofspiel", players=3)
    for seed in range(12):
        s = game.new_state(seed)
        while not s.is_terminal():
            if len(s.bids) == 4:
                r = _reading(game, tuple(s.point_seq), tuple(s.bids))
                assert all(r.kinds[0][q][0] < 0.1 for q in (1, 2)), r.kinds[0]
            s.apply({0: read_bid(s, 0), 1: h.policy(s, 1, Rng(0)), 2: h.policy(s, 2, Rng(0))})
        assert s.returns()[0] > 0, (seed, s.points)


def test_goofspiel_readers_in_two_seats_do_not_copy_each_other() -> None:
    """Two readers at a three-player table: the higher seat expects the lower one's
    level-1 bid, so once each has seen the other bid (from the second turn on) they bid the
    same card far less often than at every turn (two copies of one rule would)."""
    from caiquan.games.goofspiel.strategy import read_bid

    game = load_game("goofspiel", players=3)
    same = turns = 0
    for seed in range(20):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            a, b = read_bid(s, 0), read_bid(s, 1)
            if s.bids:
                same += a == b
                turns += 1
            s.apply({0: a, 1: b, 2: rng.choice(s.legal(2))})
    assert same / turns < 0.15, (same, turns)


def test_goofspiel_readers_in_three_seats_chain_their_replies() -> None:
    """Three readers at a six-player table (three random bidders): each seat answers what
    the seats below it bid in the chain (``_Reading.chained``) and reads a seat as a reader
    when it bids its place in the chain, so two of the three rarely bid the same card
    (measured on these 20 games: 18 of 220 turns; 116 when the reading still expected the
    level-1 bid, 176 before the chain)."""
    from caiquan.games.goofspiel.strategy import read_bid

    game = load_game("goofspiel", players=6)
    same = turns = 0
    for seed in range(20):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            bids = [read_bid(s, q) for q in range(3)]
            if s.bids:
                same += len(set(bids)) < 3
                turns += 1
            s.apply({**dict(enumerate(bids)), **{q: rng.choice(s.legal(q)) for q in range(3, 6)}})
    assert same / turns < 0.2, (same, turns)


def test_mix_is_the_distribution_decide_draws_from() -> None:
    """``ISMCTSBot.mix`` (what the exploitability tables average): where the search mixes
    (the 5-card first bid, goofspiel's MIX_BELOW), a distribution over legal bids that sums
    to 1 (several bids in most searches; purifying may leave one), and ``decide`` with the
    same seed answers a bid it gives weight; where the answer is pure (an open-bid turn after
    the opponent's bids are seen), the answer itself."""
    game = load_game("goofspiel", num_cards=5, points_order="descending")
    view = PlayerView(game.new_state(0), 0)
    mixed = 0
    for i in range(6):
        mix = make_bot("ismcts:iterations=300").mix(view, Rng(i))
        assert set(mix) <= set(view.legal()) and abs(sum(mix.values()) - 1) < 1e-9
        assert min(mix.values()) > 0
        assert make_bot("ismcts:iterations=300").decide(view, Rng(i)) in mix
        mixed += len(mix) >= 2
    assert mixed >= 4, mixed
    s = game.new_state(0)
    s.apply({0: 4, 1: 4})  # both bid their 5 on the 5: seen, so the search is pure now
    view = PlayerView(s, 1)
    for i in range(3):
        answer = make_bot("ismcts:iterations=300").decide(view, Rng(i))
        assert make_bot("ismcts:iterations=300").mix(view, Rng(i)) == {answer: 1.0}
